//! A round played online (issue 23.7), black box over HTTP on port 0: a
//! round of two tables, one online with bots playing at once (bot delay 0)
//! and one on paper; the online sheet fills itself and is signed by the
//! table; the director accepts both; the standings count the paper table's
//! players and give the bots' points to no one. And a round whose clock
//! calls time (R7) before its online table could deal.

mod common;

#[path = "play/client.rs"]
#[allow(dead_code)]
mod client;

use client::SeatClient;
use common::*;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const MIN: i64 = 60_000;

fn now() -> i64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(d.as_millis()).unwrap()
}

/// A tournament of 8 players, one round of `games` games, seated by number
/// and started at `start`.
fn round_of_two_tables(app: &App, games: u32, start: i64) -> i64 {
    let mut d = app.director();
    let body = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "Online", "rules": { "kind": "preset", "name": "standard" },
                "rounds": 1, "games_per_round": games }),
        ),
        201,
    );
    let id = body["id"].as_i64().unwrap();
    for n in 1..=8 {
        expect(
            d.post(
                &format!("{}/players", t(id)),
                &json!({ "number": n, "name": format!("P{n}") }),
            ),
            201,
        );
    }
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    expect(
        d.post(
            &format!("{}/rounds/1/start", t(id)),
            &json!({ "at": start }),
        ),
        200,
    );
    id
}

/// The sheet once `done` says so (the live table plays on its own).
fn sheet_when(app: &App, id: i64, table: u32, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(240);
    loop {
        let s = expect(
            app.public()
                .get(&format!("{}/rounds/1/tables/{table}", t(id))),
            200,
        );
        if done(&s) {
            return s;
        }
        assert!(Instant::now() < until, "the sheet did not fill: {s}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn sheet_of(v: &Value) -> &Value {
    if v.get("sheet").is_some() {
        &v["sheet"]
    } else {
        v
    }
}

#[test]
fn an_online_table_and_a_paper_table_make_one_round_and_the_online_sheet_fills_itself() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let id = round_of_two_tables(&app, 2, now());
    let mut d = app.director();
    // Table 1 online; players 1 and 2 absent (bots); 3 and 4 to come.
    let opened = expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1], "bots": [
                { "table": 1, "seat": "east" }, { "table": 1, "seat": "south" } ] }),
        ),
        200,
    );
    let first = opened["tables"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(opened["tables"][0]["table"], 1);
    assert_eq!(opened["tables"][0]["game"], 1);
    assert_eq!(opened["tables"].as_array().unwrap().len(), 1, "{opened}");
    // Player 3 does not come: a bot fills West; game 1, not dealt yet,
    // opens again with it.
    let filled = expect(
        d.post(
            &format!("{}/rounds/1/tables/1/bots", t(id)),
            &json!({ "seats": ["west"] }),
        ),
        200,
    );
    let live = filled["tables"][0]["id"].as_str().unwrap().to_string();
    assert_ne!(live, first);
    assert_eq!(filled["tables"][0]["game"], 1);
    // Player 4 reaches the seat from their own page; player 1's seat is a bot's.
    let key = |p: u32| badge_key(&app, id, p);
    let me = page_text(&app, &format!("/me?key={}", key(4)), false);
    assert!(me.contains("Your table is online"), "{me}");
    let (table_id, token) = play_link(&me, "north");
    assert_eq!(table_id, live);
    let me = page_text(&app, &format!("/me?key={}", key(1)), false);
    assert!(!me.contains("Your table is online"), "{me}");
    let me = page_text(&app, &format!("/me?key={}", key(5)), false);
    assert!(!me.contains("Your table is online"), "a hall table: {me}");
    // The scorekeeper's link of an online table does not write its sheet.
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    let zero =
        json!({ "kind": "points", "points": { "east": 0, "south": 0, "west": 0, "north": 0 } });
    refused(
        k.put(
            &format!("{}/rounds/1/tables/1/games/1", t(id)),
            &json!({ "entry": zero }),
        ),
        403,
        "played online",
    );
    // Player 4 plays game 1 from their page, then game 2 from it again.
    let addr = app.addr;
    app.rt.block_on(async {
        let mut north = SeatClient::connect(addr, &table_id, &token)
            .await
            .with_bot(true, 4);
        north.play_until(SeatClient::ended).await;
    });
    let me = sheet_when(&app, id, 1, |s| !sheet_of(s)["games"][0].is_null());
    assert!(sheet_of(&me)["games"][1].is_null());
    let me = page_text(&app, &format!("/me?key={}", key(4)), false);
    let (second, token) = play_link(&me, "north");
    assert_ne!(second, table_id, "game 2 at a table of its own");
    app.rt.block_on(async {
        let mut north = SeatClient::connect(addr, &second, &token)
            .await
            .with_bot(true, 5);
        north.play_until(SeatClient::ended).await;
    });
    // Table 2 on paper, as the hall does it.
    let link = expect(d.get(&format!("{}/rounds/1/tables/2/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    for g in 1..=2 {
        let entry = json!({ "kind": "points",
            "points": { "east": 30, "south": -10, "west": -10, "north": -10 }, "mah_jongg": "east" });
        expect(
            k.put(
                &format!("{}/rounds/1/tables/2/games/{g}", t(id)),
                &json!({ "entry": entry }),
            ),
            200,
        );
    }
    for s in SEATS {
        expect(
            k.post(
                &format!("{}/rounds/1/tables/2/sign", t(id)),
                &json!({ "seat": s }),
            ),
            200,
        );
    }
    let online = sheet_when(&app, id, 1, |s| sheet_of(s)["state"] == "signed");
    let sheet = sheet_of(&online);
    assert_eq!(sheet["online"], true, "{sheet}");
    for s in SEATS {
        assert_eq!(sheet["bots"][s], s != "north", "{sheet}");
        assert_eq!(sheet["signed"][s], true, "signed by the table: {sheet}");
    }
    for g in sheet["games"].as_array().unwrap() {
        assert_eq!(g["entry"]["kind"], "record", "a played game's record: {g}");
    }
    // The director accepts both as usual.
    let done = expect(
        d.post(&format!("{}/rounds/1/accept-signed", t(id)), &json!({})),
        200,
    );
    assert_eq!(done["events"].as_array().unwrap().len(), 2, "{done}");
    let standings = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let row = |p: u64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == p)
            .unwrap()
            .clone()
    };
    assert_eq!(row(5)["points"], 60);
    assert_eq!(row(6)["points"], -20);
    for p in 1..=3 {
        assert_eq!(row(p)["points"], 0, "a bot's points count for no one");
        assert_eq!(row(p)["games"], 0);
    }
    let north: i64 = sheet["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["points"]["north"].as_i64().unwrap())
        .sum();
    assert_eq!(row(4)["points"], north, "player 4 played both games");
    assert_eq!(row(4)["games"], 2);
    let record = expect(app.public().get(&format!("{}/players/1", t(id))), 200);
    assert!(
        record["record"]["games"]
            .as_array()
            .is_some_and(|g| g.len() == 2 && g.iter().all(|g| g["bot"] == true)),
        "{record}"
    );
    expect(
        d.post(&format!("{}/rounds/1/close", t(id)), &json!({})),
        200,
    );
}

/// R7: the round's clock calls time while the online table still waits for
/// its player: its game ends as time called, as does every game not begun
/// (0 for every player), and the table signs the sheet.
#[test]
fn r7_time_called_ends_an_online_tables_games_at_zero() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    // standard: 60-minute rounds (R15); started 59 minutes 57 seconds ago.
    let id = round_of_two_tables(&app, 3, now() - 60 * MIN + 3_000);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1] }),
        ),
        200,
    );
    let online = sheet_when(&app, id, 1, |s| sheet_of(s)["state"] == "signed");
    let sheet = sheet_of(&online);
    for g in sheet["games"].as_array().unwrap() {
        assert_eq!(g["entry"]["record"]["result"], "timeout", "{g}");
        assert_eq!(
            g["points"],
            json!({ "east": 0, "south": 0, "west": 0, "north": 0 })
        );
    }
    let clock = expect(app.public().get(&format!("{}/rounds/1/clock", t(id))), 200);
    assert_eq!(clock["clock"]["state"], "time_called");
    // The hall's table is not touched.
    let paper = expect(
        app.public().get(&format!("{}/rounds/1/tables/2", t(id))),
        200,
    );
    assert_eq!(sheet_of(&paper)["state"], "draft");
}

/// Issue 23.7 from the round page, without script: the director opens the
/// round's tables online with the page's form, the tiles say "online", and
/// a seat's absent player is given a bot with the tile's form; a table
/// with a game entered stays in the hall and the offer counts it out.
#[test]
fn the_round_page_opens_a_round_online_and_seats_a_bot_without_script() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| {
        c.play_bot_delay_ms = 10_000
    });
    let id = round_of_two_tables(&app, 2, now());
    let page = page_text(&app, &format!("/director/t/{id}"), true);
    assert!(page.contains("Open 2 tables online"), "{page}");
    // Table 2 has a game on paper: it stays in the hall.
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/1/tables/2/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    let entry = json!({ "kind": "points",
        "points": { "east": 30, "south": -10, "west": -10, "north": -10 }, "mah_jongg": "east" });
    expect(
        k.put(
            &format!("{}/rounds/1/tables/2/games/1", t(id)),
            &json!({ "entry": entry }),
        ),
        200,
    );
    let page = page_text(&app, &format!("/director/t/{id}"), true);
    assert!(page.contains("Open 1 table online"), "{page}");
    assert!(!page.contains("tile-online"), "no table is online yet");
    let then = format!("/director/t/{id}?round=1");
    let r = form(
        &app,
        &format!("/api/tournaments/{id}/rounds/1/online"),
        &format!("then={}", urlencode(&then)),
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let page = page_text(&app, &then, true);
    assert!(
        !page.contains("Play this round online"),
        "nothing left to open: {page}"
    );
    assert_eq!(page.matches("class=\"tile-online\"").count(), 1, "{page}");
    assert!(page.contains("A bot plays this seat"), "{page}");
    // A bot for West at table 1, from the tile's form.
    let r = form(
        &app,
        &format!("/api/tournaments/{id}/rounds/1/tables/1/bots"),
        &format!("seats=west&then={}", urlencode(&then)),
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    let sheet = sheet_of(&sheet);
    assert_eq!(sheet["online"], true, "{sheet}");
    assert_eq!(sheet["bots"]["west"], true, "{sheet}");
    assert_eq!(sheet["bots"]["east"], false, "{sheet}");
    let page = page_text(&app, &then, true);
    assert!(
        page.contains("Bots play West (their points count for no one)"),
        "{page}"
    );
    // West is no longer offered.
    assert!(!page.contains("<option value=\"west\">"), "{page}");
    assert!(page.contains("<option value=\"east\">"), "{page}");
}

fn urlencode(s: &str) -> String {
    serde_urlencoded::to_string([("", s)]).unwrap()[1..].to_string()
}

/// Data safety (issue 23.7): a game's end and its record on the sheet are
/// two commits. If the server stops between them, the game must reach its
/// sheet after the restart, not be dealt and played again. Here the
/// server is stopped with game 1 waiting for its players; while it is down
/// the table is resumed from the store with bots at every seat and played
/// to its end (its end stored, the sheet untouched); after the restart the
/// sheet holds game 1's record and game 2 is the one under way.
#[test]
fn a_game_whose_end_was_stored_but_not_entered_reaches_its_sheet_after_a_restart() {
    use jongg_card::Card;
    use jongg_game::CardJudge;
    use jongg_game::bot::{Bot, GreedyBot};
    use jongg_play::{BotFor, Players};
    use jongg_store::{LiveTableId, Store};
    use jongg_tiles::{BySeat, Seat};
    use std::sync::{Arc, LazyLock};
    static CARD: LazyLock<Card> = LazyLock::new(Card::practice);

    let mut app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let id = round_of_two_tables(&app, 2, now());
    let mut d = app.director();
    let opened = expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1] }),
        ),
        200,
    );
    let first = opened["tables"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(opened["tables"][0]["game"], 1);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    app.restart_with(|url| {
        rt.block_on(async {
            let store = Store::connect(url).await.unwrap();
            let table = LiveTableId::parse(&first).unwrap();
            let players = Players {
                judge: Arc::new(CardJudge::new(&CARD)),
                bots: Arc::new(|s: Seat, _: BotFor| -> Box<dyn Bot + Send> {
                    Box::new(GreedyBot::new(&CARD, s.index() as u64))
                }),
            };
            // No person's token: bots play every seat, at once.
            let handle = jongg_play::owner::resume(
                first.clone(),
                BySeat::default(),
                store.live_table_log(&table),
                players,
            )
            .await
            .unwrap();
            handle.start().await.unwrap();
            let until = Instant::now() + Duration::from_secs(120);
            while !store.live_table(&table).await.unwrap().unwrap().finished {
                assert!(Instant::now() < until, "the game did not end");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            handle.stop().await;
            store.close().await;
        });
    });
    let until = Instant::now() + Duration::from_secs(30);
    let sheet = loop {
        let s = expect(
            app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
            200,
        );
        if !sheet_of(&s)["games"][0].is_null() {
            break s;
        }
        assert!(
            Instant::now() < until,
            "game 1 never reached its sheet after the restart: {s}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(sheet_of(&sheet)["games"][1].is_null(), "{sheet}");
    // Game 2 is the table's game now, at a live table of its own: the
    // only open table, and not game 1's.
    let live = expect(app.public().get("/api/play/tables"), 200);
    let open = live["tables"].as_array().unwrap();
    assert_eq!(open.len(), 1, "{live}");
    assert_ne!(open[0]["id"], first.as_str(), "{live}");
    assert_eq!(
        open[0]["kind"], "round",
        "a tournament's table says so: {live}"
    );
}
