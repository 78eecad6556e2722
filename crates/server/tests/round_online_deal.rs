//! Who deals at an online round's tables (issue 32.2, 32.3), black box over
//! HTTP on port 0: each game of a round is dealt by the seat its sheet
//! names (R12: East deals game 1 and the deal passes to the right; standard
//! 3, beth-emeth 3-4, st-louis 1a), and a table of three rolls again for
//! East before game 4 (standard 3A, 5C): the server rolls when nobody
//! recorded a roll, and deals from the director's roll when one did. A
//! person plays one seat through their own page; bots play the others.

mod common;

#[path = "play/client.rs"]
#[allow(dead_code)]
mod client;

use client::SeatClient;
use common::*;
use serde_json::{Value, json};

/// A standard tournament of `players` players seated by number, one round
/// of four games (R15) under way.
fn round_of(app: &App, players: u32) -> i64 {
    let id = tournament(app, "standard", players, 1);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    id
}

/// Who dealt a finished live table's game: its log's `began` (read as
/// the director: the round is not closed).
fn dealer_in_log(app: &App, table: &str) -> String {
    let log = page_text(app, &format!("/play/{table}/log.jsonl"), true);
    let began: Value = log
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v["event"] == "began")
        .unwrap_or_else(|| panic!("no `began` in {log}"));
    began["table"]["dealer"]
        .as_str()
        .unwrap_or_else(|| panic!("{began}"))
        .to_string()
}

/// Player `p`, at `seat` of table `table_no`, plays each of the table's four games from their
/// own page; answers each game's live table and what its page said.
fn play_four_games(app: &App, id: i64, table_no: u32, p: u32, seat: &str) -> Vec<(String, String)> {
    let key = badge_key(app, id, p);
    let mut played = Vec::new();
    for game in 1..=4u64 {
        // The game opens at a table of its own once the last one is on
        // the sheet (and, before game 4 at a table of three, East rolled).
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let (table, token) = loop {
            let me = page_text(app, &format!("/me?key={key}"), false);
            if me.contains("Your table is online") {
                let (table, token) = play_link(&me, seat);
                if played.iter().all(|(t, _)| *t != table) {
                    break (table, token);
                }
            }
            assert!(
                std::time::Instant::now() < until,
                "game {game} never opened: {me}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        let page = page_text(app, &format!("/play/{table}"), false);
        app.rt.block_on(async {
            let mut c = SeatClient::connect(app.addr, &table, &token)
                .await
                .with_bot(true, game);
            c.play_until(SeatClient::ended).await;
        });
        // The next game opens once this one is on the sheet.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let s = expect(
                app.public()
                    .get(&format!("{}/rounds/1/tables/{}", t(id), table_no)),
                200,
            );
            let sheet = if s.get("sheet").is_some() {
                &s["sheet"]
            } else {
                &s
            };
            if !sheet["games"][game as usize - 1].is_null() {
                break;
            }
            assert!(
                std::time::Instant::now() < until,
                "game {game} never reached the sheet: {s}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        played.push((table, page));
    }
    played
}

/// R12, standard 3: at an online table of four, game 2 is dealt by South,
/// game 3 by West, game 4 by North, as the sheet says; the table's page
/// names the game and its dealer.
#[test]
fn r12_the_deal_passes_to_the_right_at_an_online_table_of_four() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let id = round_of(&app, 4);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1], "bots": [ { "table": 1, "seat": "east" },
                { "table": 1, "seat": "south" }, { "table": 1, "seat": "west" } ] }),
        ),
        200,
    );
    let played = play_four_games(&app, id, 1, 4, "north");
    let dealers: Vec<String> = played.iter().map(|(t, _)| dealer_in_log(&app, t)).collect();
    assert_eq!(dealers, ["east", "south", "west", "north"]);
    for (game, ((_, page), dealer)) in played
        .iter()
        .zip(["East", "South", "West", "North"])
        .enumerate()
    {
        let line = format!("Round 1, table 1, game {}: {dealer} deals", game + 1);
        assert!(page.contains(&line), "{line}: {page}");
    }
}

/// standard 3A, 5C: a table of three whose players recorded no roll for
/// East gets the server's roll before game 4: the sheet and the audit
/// record it as the system's, game 4 is dealt by the seat rolled, and the
/// table's page shows the throws. Games 1-3 pass the deal to the right.
#[test]
fn standard_3a_the_server_rolls_for_east_before_game_4_at_an_online_table_of_three() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    // 7 players: table 2 seats players 5-7, North empty.
    let id = round_of(&app, 7);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [2], "bots": [ { "table": 2, "seat": "east" },
                { "table": 2, "seat": "south" } ] }),
        ),
        200,
    );
    let played = play_four_games(&app, id, 2, 7, "west");
    let dealers: Vec<String> = played.iter().map(|(t, _)| dealer_in_log(&app, t)).collect();
    assert_eq!(dealers[..3], ["east", "south", "west"]);
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/2", t(id))),
        200,
    );
    let sheet = if sheet.get("sheet").is_some() {
        &sheet["sheet"]
    } else {
        &sheet
    };
    let rolled = sheet["east_after_reroll"]
        .as_str()
        .unwrap_or_else(|| panic!("the roll is on the sheet: {sheet}"));
    assert_ne!(rolled, "north", "the empty seat does not roll");
    assert_eq!(dealers[3], rolled, "game 4 is dealt by the seat rolled");
    let page = &played[3].1;
    assert!(page.contains("who won the roll for East ("), "{page}");
    assert!(page.contains("standard 3A"), "{page}");
    let audit = page_text(&app, &format!("/director/t/{id}/audit"), true);
    assert!(audit.contains("rolled again for East"), "{audit}");
}

/// A roll the director recorded is the one the table deals from (it was
/// ignored while the sheet named the rolled seat).
#[test]
fn standard_3a_an_online_table_of_three_deals_game_4_from_the_directors_roll() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    // 3 players: one table of three, North empty.
    let id = round_of(&app, 3);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/tables/1/east", t(id)),
            &json!({ "east": "south" }),
        ),
        200,
    );
    expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1], "bots": [ { "table": 1, "seat": "east" },
                { "table": 1, "seat": "south" } ] }),
        ),
        200,
    );
    let played = play_four_games(&app, id, 1, 3, "west");
    let dealers: Vec<String> = played.iter().map(|(t, _)| dealer_in_log(&app, t)).collect();
    assert_eq!(dealers, ["east", "south", "west", "south"]);
    replays_are_the_tables_until_the_round_closes(&app, id, &played[0].0, 3, "west");
    assert!(
        !played[3].1.contains("won the roll"),
        "nobody rolled at the table: {}",
        played[3].1
    );
}

/// Issue 32.7: until the round is closed a tournament game's replay and
/// log are its table's (a seat's token) and the director's; its coach is
/// the director's only; once the round is closed, anyone replays it.
fn replays_are_the_tables_until_the_round_closes(
    app: &App,
    id: i64,
    table: &str,
    p: u32,
    seat: &str,
) {
    let status = |path: &str, director: bool| {
        let mut c = if director {
            app.director()
        } else {
            app.public()
        };
        c.get(path).unwrap().status
    };
    let replay = format!("/play/{table}/replay");
    assert_eq!(
        status(&replay, false),
        403,
        "the public, before the round closes"
    );
    assert_eq!(status(&format!("/play/{table}/log.jsonl"), false), 403);
    assert_eq!(status(&replay, true), 200, "the director");
    assert_eq!(
        status(&format!("{replay}?seat=east"), true),
        200,
        "the director's coach"
    );
    // The seat's token, as its page links the replay.
    let key = badge_key(app, id, p);
    let token = jongg_store::secret::seat_token(&key, table);
    assert_eq!(
        status(&format!("{replay}?token={token}"), false),
        200,
        "the table"
    );
    assert_eq!(
        status(&format!("{replay}?seat={seat}&token={token}"), false),
        403,
        "no coach for a tournament's players"
    );
    assert_eq!(
        status(&format!("{replay}?token={}", "0".repeat(64)), false),
        403
    );
    let mut d = app.director();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    )
    .to_string()
    .contains("\"state\":\"draft\"")
    {
        assert!(
            std::time::Instant::now() < until,
            "the table never signed its sheet"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    expect(
        d.post(&format!("{}/rounds/1/accept-signed", t(id)), &json!({})),
        200,
    );
    expect(
        d.post(&format!("{}/rounds/1/close", t(id)), &json!({})),
        200,
    );
    assert_eq!(
        status(&replay, false),
        200,
        "anyone, once the round is closed"
    );
    assert_eq!(
        status(&format!("{replay}?seat={seat}"), false),
        403,
        "still no coach"
    );
}
