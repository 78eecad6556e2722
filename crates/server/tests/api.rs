//! Black-box API tests: a real server on loopback, a fresh database per test,
//! every case on SQLite and on PostgreSQL.

mod common;

use common::*;
use jongg_server::client::Client;
use jongg_store::Backend;
use serde_json::{Value, json};
use std::collections::BTreeMap;

on_both!(
    sixteen_players_standard,
    sixteen_players_beth_emeth,
    sixteen_players_mahjong_mania_2026,
    sixteen_players_mississippi_2025,
    sixteen_players_st_louis_senior_olympics,
    thirteen_players_sit_at_three_player_tables,
    a_withdrawal_after_round_two_keeps_the_scores_so_far,
    a_scorekeeper_link_writes_only_its_own_table,
    an_accepted_sheet_is_changed_only_by_the_director,
    everything_said_saved_is_there_after_a_restart,
    export_then_import_round_trips_exactly,
    a_write_that_lost_a_race_is_refused_and_the_state_reloaded,
    bad_requests_get_4xx_naming_what_is_wrong,
    setup_and_login,
    a_live_page_is_told_of_each_commit,
);

// ----- 16 players, 4 rounds, under each preset -----
//
// Round 1 is seated by number (table 1: players 1-4 as East, South, West,
// North; table 2: 5-8; ...), rounds 2-4 by the preset's movement (R13):
// every player keeps their seat letter and moves by that seat's offset,
// tables wrapping modulo 4. In every game at table t, East makes Mah Jongg
// for +30t and South, West and North pay -10t each (zero sum).
//
// So a player's total is 4 games x (30 or -10) x the sum of the tables they
// sat at. Over 4 rounds from start table s, a seat moving by d visits:
//   d = 0:        s, s, s, s            sum 4s
//   d = +-1 or 3: every table once      sum 10
//   d = +-2:      s, s+2, s, s+2        sum 8 (s = 1, 3) or 12 (s = 2, 4)
// East players are 1, 5, 9, 13 (tables 1-4), South 2, 6, 10, 14, West 3, 7,
// 11, 15, North 4, 8, 12, 16. Movements (E, S, W, N), from the presets:
//   standard (1, -2, 2, -1); beth-emeth (0, -2, 2, -1);
//   mahjong-mania-2026 and st-louis-senior-olympics (0, -1, 2, 1);
//   mississippi-2025 (0, 2, 1, 3).

fn game_points(table: u64, _game: u32, seats: &[Option<u64>; 4]) -> [i32; 4] {
    let k = 10 * table as i32;
    let others = seats[1..].iter().filter(|s| s.is_some()).count() as i32;
    let p = |i: usize, v: i32| if seats[i].is_some() { v } else { 0 };
    [p(0, others * k), p(1, -k), p(2, -k), p(3, -k)]
}

fn sixteen(app: &App, preset: &str, expected: [i64; 16]) -> i64 {
    let id = tournament(app, preset, 16, 4);
    play_round(app, id, 1, json!({ "kind": "by_number" }), game_points);
    for round in 2..=4 {
        play_round(app, id, round, json!({ "kind": "movement" }), game_points);
    }
    let got = totals(app, id);
    let want: BTreeMap<u64, i64> = (1..=16).zip(expected).collect();
    assert_eq!(got, want, "standings under {preset}");
    // Ranks follow points; equal players share a rank (1, 2, 2, 4).
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let rows = s["rows"].as_array().unwrap();
    for w in rows.windows(2) {
        let (a, b) = (
            w[0]["points"].as_i64().unwrap(),
            w[1]["points"].as_i64().unwrap(),
        );
        assert!(a >= b, "standings out of order");
    }
    let summary = expect(app.public().get(&t(id)), 200);
    assert!(
        summary["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["state"] == "closed")
    );
    id
}

fn sixteen_players_standard(app: &mut App) {
    let id = sixteen(
        app,
        "standard",
        [
            1200, -320, -320, -400, 1200, -480, -480, -400, 1200, -320, -320, -400, 1200, -480,
            -480, -400,
        ],
    );
    // Ties share a rank: the four East players are all first, on every key.
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let first: Vec<u64> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["rank"] == 1)
        .map(|r| r["player"].as_u64().unwrap())
        .collect();
    assert_eq!(first.len(), 4, "{s}");
    // Player 2 (South, moving -2) sat at tables 1, 3, 1, 3.
    let row = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == 2)
        .unwrap();
    assert_eq!(row["rounds"], json!([-40, -120, -40, -120]));
    assert_eq!(row["rank"], 5);
}

fn sixteen_players_beth_emeth(app: &mut App) {
    let id = sixteen(
        app,
        "beth-emeth",
        [
            480, -320, -320, -400, 960, -480, -480, -400, 1440, -320, -320, -400, 1920, -480, -480,
            -400,
        ],
    );
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let order: Vec<u64> = s["rows"].as_array().unwrap()[..4]
        .iter()
        .map(|r| r["player"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [13, 9, 5, 1]);
}

fn sixteen_players_mahjong_mania_2026(app: &mut App) {
    sixteen(
        app,
        "mahjong-mania-2026",
        [
            480, -400, -320, -400, 960, -400, -480, -400, 1440, -400, -320, -400, 1920, -400, -480,
            -400,
        ],
    );
}

fn sixteen_players_mississippi_2025(app: &mut App) {
    sixteen(
        app,
        "mississippi-2025",
        [
            480, -320, -400, -400, 960, -480, -400, -400, 1440, -320, -400, -400, 1920, -480, -400,
            -400,
        ],
    );
}

fn sixteen_players_st_louis_senior_olympics(app: &mut App) {
    sixteen(
        app,
        "st-louis-senior-olympics",
        [
            480, -400, -320, -400, 960, -400, -480, -400, 1440, -400, -320, -400, 1920, -400, -480,
            -400,
        ],
    );
}

// ----- 13 players: one table of four and three of three (R12) -----

fn thirteen_players_sit_at_three_player_tables(app: &mut App) {
    let id = tournament(app, "standard", 13, 2);
    let mut want: BTreeMap<u64, i64> = (1..=13).map(|n| (n, 0)).collect();
    for round in 1..=2 {
        let method = if round == 1 {
            json!({ "kind": "by_number" })
        } else {
            json!({ "kind": "movement" })
        };
        play_round(app, id, round, method, game_points);
        let tables = seating(app, id, round);
        assert_eq!(tables.len(), 4, "13 players make 4 tables");
        let sizes: Vec<usize> = tables
            .iter()
            .map(|(_, s)| s.iter().flatten().count())
            .collect();
        assert_eq!(sizes.iter().filter(|&&n| n == 3).count(), 3, "{sizes:?}");
        let mut seated: Vec<u64> = tables
            .iter()
            .flat_map(|(_, s)| s.iter().flatten().copied())
            .collect();
        seated.sort_unstable();
        assert_eq!(
            seated,
            (1..=13).collect::<Vec<_>>(),
            "everyone plays every round"
        );
        // East keeps the sheet (R14): no table is without East.
        assert!(tables.iter().all(|(_, s)| s[0].is_some()));
        for (table, seats) in &tables {
            let p = game_points(*table, 1, seats);
            for (i, player) in seats.iter().enumerate() {
                if let Some(n) = player {
                    *want.get_mut(n).unwrap() += 4 * i64::from(p[i]);
                }
            }
        }
    }
    assert_eq!(totals(app, id), want);
}

// ----- a withdrawal after round 2 -----

fn a_withdrawal_after_round_two_keeps_the_scores_so_far(app: &mut App) {
    let id = tournament(app, "standard", 16, 4);
    play_round(app, id, 1, json!({ "kind": "by_number" }), game_points);
    play_round(app, id, 2, json!({ "kind": "movement" }), game_points);
    let mut d = app.director();
    expect(
        d.post(&format!("{}/players/6/withdraw", t(id)), &json!({})),
        200,
    );
    for round in 3..=4 {
        play_round(app, id, round, json!({ "kind": "movement" }), game_points);
        let tables = seating(app, id, round);
        let seated: Vec<u64> = tables
            .iter()
            .flat_map(|(_, s)| s.iter().flatten().copied())
            .collect();
        assert_eq!(seated.len(), 15);
        assert!(!seated.contains(&6), "a withdrawn player is not seated");
    }
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let row = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == 6)
        .unwrap()
        .clone();
    // Player 6 (South, -2) sat at table 2 then table 4: -80 and -160.
    assert_eq!(row["points"], -240, "{row}");
    assert_eq!(row["status"]["kind"], "withdrawn");
    assert_eq!(row["games"], 8);
    let total: i64 = totals(app, id).values().sum();
    assert_eq!(total, 0, "every game is zero-sum");
    // A withdrawn player cannot withdraw again, and a number never registered is named.
    refused(
        d.post(&format!("{}/players/6/withdraw", t(id)), &json!({})),
        409,
        "",
    );
    refused(
        d.post(&format!("{}/players/99/withdraw", t(id)), &json!({})),
        404,
        "#99",
    );
}

// ----- a scorekeeper link is refused on another table -----

fn a_scorekeeper_link_writes_only_its_own_table(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    let other = tournament(app, "standard", 8, 2);
    let mut d = app.director();
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let token = link["token"].as_str().unwrap();
    assert!(
        link["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/score?key={token}"))
    );
    let mut k = app.with_token(token);
    let me = expect(k.get("/api/me"), 200);
    assert_eq!(
        me,
        json!({ "role": "scorekeeper", "tournament": id, "round": 1, "table": 1 })
    );
    let entry = json!({ "entry": { "kind": "points", "points": { "east": 75, "south": -25, "west": -25, "north": -25 }, "mah_jongg": "east" } });
    expect(
        k.put(&format!("{}/rounds/1/tables/1/games/1", t(id)), &entry),
        200,
    );
    refused(
        k.put(&format!("{}/rounds/1/tables/2/games/1", t(id)), &entry),
        403,
        "table 2",
    );
    refused(
        k.post(
            &format!("{}/rounds/1/tables/2/sign", t(id)),
            &json!({ "seat": "east" }),
        ),
        403,
        "table 2",
    );
    refused(
        k.put(&format!("{}/rounds/1/tables/1/games/1", t(other)), &entry),
        403,
        &format!("tournament {id}"),
    );
    // Nothing but its own sheet: not accept, not seat, not register.
    refused(
        k.post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        403,
        "",
    );
    refused(
        k.post(
            &format!("{}/players", t(id)),
            &json!({ "number": 9, "name": "X" }),
        ),
        403,
        "",
    );
    refused(
        k.get(&format!("{}/rounds/1/tables/1/link", t(id))),
        403,
        "director",
    );
    refused(k.get(&format!("{}/export", t(id))), 403, "director");
    // Table 2's sheet is untouched.
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/2", t(id))),
        200,
    );
    assert!(
        sheet["sheet"]["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_null)
    );
    // The QR code is an SVG of the link.
    let qr = d
        .get(&format!("{}/rounds/1/tables/1/qr.svg", t(id)))
        .unwrap();
    assert_eq!(qr.status, 200);
    assert_eq!(qr.header("content-type"), Some("image/svg+xml"));
    assert!(qr.text().contains("<svg"));
    // The scorekeeper's own view.
    let view = expect(k.get("/api/scorekeeper"), 200);
    assert_eq!(view["table"], 1);
    assert_eq!(view["sheet"]["games"][0]["points"]["east"], 75);
    // The public cannot write at all.
    refused(
        app.public()
            .put(&format!("{}/rounds/1/tables/1/games/2", t(id)), &entry),
        401,
        "login",
    );
}

// ----- an accepted sheet -----

fn an_accepted_sheet_is_changed_only_by_the_director(app: &mut App) {
    let id = tournament(app, "standard", 4, 1);
    play_round_open(app, id);
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    let entry = json!({ "entry": { "kind": "points", "points": { "east": 0, "south": 0, "west": 0, "north": 0 }, "mah_jongg": null } });
    refused(
        k.put(&format!("{}/rounds/1/tables/1/games/2", t(id)), &entry),
        403,
        "accepted",
    );
    refused(
        app.public()
            .put(&format!("{}/rounds/1/tables/1/games/2", t(id)), &entry),
        401,
        "",
    );
    refused(
        k.post(
            &format!("{}/rounds/1/tables/1/games/2/amend", t(id)),
            &json!({ "entry": entry["entry"], "reason": "x" }),
        ),
        403,
        "",
    );
    // The director amends, saying why; without a reason it is refused.
    refused(
        d.post(
            &format!("{}/rounds/1/tables/1/games/2/amend", t(id)),
            &json!({ "entry": entry["entry"], "reason": " " }),
        ),
        422,
        "reason",
    );
    expect(
        d.post(
            &format!("{}/rounds/1/tables/1/games/2/amend", t(id)),
            &json!({ "entry": entry["entry"], "reason": "wall game, misread" }),
        ),
        200,
    );
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    assert_eq!(sheet["sheet"]["state"], "accepted");
    assert_eq!(sheet["sheet"]["games"][1]["points"]["east"], 0);
    let audit = expect(d.get(&format!("{}/audit", t(id))), 200);
    let last = audit["entries"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"], "amended");
    assert_eq!(last["reason"], "wall game, misread");
    assert_eq!(last["actor"]["kind"], "director");
    // The audit log is the director's.
    refused(
        app.public().get(&format!("{}/audit", t(id))),
        401,
        "director",
    );
}

/// Seats 4 players, enters 4 games of +30/-10 each, signs and accepts (round left open).
fn play_round_open(app: &App, id: i64) {
    let mut d = app.director();
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    for g in 1..=4 {
        let entry = json!({ "entry": { "kind": "points", "points": { "east": 30, "south": -10, "west": -10, "north": -10 }, "mah_jongg": "east" } });
        expect(
            k.put(&format!("{}/rounds/1/tables/1/games/{g}", t(id)), &entry),
            200,
        );
    }
    for s in SEATS {
        expect(
            k.post(
                &format!("{}/rounds/1/tables/1/sign", t(id)),
                &json!({ "seat": s }),
            ),
            200,
        );
    }
    expect(
        d.post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        200,
    );
}

// ----- durability and backups -----

fn everything_said_saved_is_there_after_a_restart(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    play_round(app, id, 1, json!({ "kind": "by_number" }), game_points);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/2/seat", t(id)),
            &json!({ "method": { "kind": "movement" } }),
        ),
        200,
    );
    expect(
        d.post(&format!("{}/rounds/2/start", t(id)), &json!({})),
        200,
    );
    let link = expect(d.get(&format!("{}/rounds/2/tables/1/link", t(id))), 200);
    let token = link["token"].as_str().unwrap().to_string();
    let mut k = app.with_token(&token);
    for g in 1..=3 {
        let entry = json!({ "entry": { "kind": "points", "points": { "east": 3 * g, "south": -g, "west": -g, "north": -g }, "mah_jongg": "east" } });
        expect(
            k.put(&format!("{}/rounds/2/tables/1/games/{g}", t(id)), &entry),
            200,
        );
    }
    let sheet = expect(
        app.public().get(&format!("{}/rounds/2/tables/1", t(id))),
        200,
    );
    let file = expect(d.get(&format!("{}/export", t(id))), 200);
    let standings = expect(app.public().get(&format!("{}/standings", t(id))), 200);

    app.restart();

    assert_eq!(
        expect(
            app.public().get(&format!("{}/rounds/2/tables/1", t(id))),
            200
        ),
        sheet
    );
    assert_eq!(
        expect(app.director().get(&format!("{}/export", t(id))), 200),
        file
    );
    assert_eq!(
        expect(app.public().get(&format!("{}/standings", t(id))), 200),
        standings
    );
    // The session and the table link live in the database too.
    let mut k = app.with_token(&token);
    let entry = json!({ "entry": { "kind": "points", "points": { "east": 12, "south": -4, "west": -4, "north": -4 }, "mah_jongg": "east" } });
    expect(
        k.put(&format!("{}/rounds/2/tables/1/games/4", t(id)), &entry),
        200,
    );
    // A restarted server with a director prints no setup link.
    assert!(app.setup_token().is_none());
}

fn export_then_import_round_trips_exactly(app: &mut App) {
    let id = tournament(app, "beth-emeth", 8, 2);
    play_round(app, id, 1, json!({ "kind": "by_number" }), game_points);
    let mut d = app.director();
    let file = expect(d.get(&format!("{}/export", t(id))), 200);
    assert_eq!(file["format"], "jongg-tournament");
    assert_eq!(file["written_by"], jongg_tournament::PROGRAM);
    // Restored on another server (this one has it already: issue 19.1).
    let other = App::start(app.backend());
    let mut o = other.director();
    let r = o.post("/api/tournaments/import", &file).unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let copy = r.json()["id"].as_i64().unwrap();
    let again = expect(o.get(&format!("{}/export", t(copy))), 200);
    assert_eq!(again, file, "the file round-trips exactly");
    assert_eq!(totals(&other, copy), totals(app, id));
    // Here, only as a copy under a new name.
    refused(
        d.post("/api/tournaments/import", &file),
        409,
        "already here",
    );
    let r = d
        .post("/api/tournaments/import?name=Beth%20Emeth%20copy", &file)
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let copy = r.json()["id"].as_i64().unwrap();
    assert_ne!(copy, id);
    assert_eq!(totals(app, copy), totals(app, id));
    // A damaged file is refused, naming what is wrong, and nothing is stored.
    let mut bad = file.clone();
    bad["events"][1]["seq"] = json!(7);
    refused(d.post("/api/tournaments/import", &bad), 422, "seq");
    refused(
        d.post(
            "/api/tournaments/import",
            &json!({ "format": "x", "version": 1, "events": [] }),
        ),
        422,
        "format",
    );
    // A file of a newer jongg is named as such, whatever new it holds.
    let mut newer = file.clone();
    newer["version"] = json!(jongg_tournament::VERSION + 1);
    newer["written_by"] = json!("jongg 9.0.0");
    newer["events"][0]["event"]["kind"] = json!("a_kind_of_event_from_later");
    let said = format!(
        "This file was written by jongg 9.0.0, a newer version (file format {}; this is {}, which reads up to {}). Update jongg to import it.",
        jongg_tournament::VERSION + 1,
        jongg_tournament::PROGRAM,
        jongg_tournament::VERSION
    );
    refused(d.post("/api/tournaments/import", &newer), 422, &said);
    let list = expect(app.public().get("/api/tournaments"), 200);
    assert_eq!(list["tournaments"].as_array().unwrap().len(), 2);
}

/// Two servers on one database (a director who started a second by
/// mistake): the one that writes second finds its event number taken. It
/// answers 409, saves nothing, reloads from the database and takes the
/// next command normally.
fn a_write_that_lost_a_race_is_refused_and_the_state_reloaded(app: &mut App) {
    let id = tournament(app, "standard", 4, 1);
    let url = app.db.as_ref().unwrap().url.clone();
    let other = app
        .rt
        .block_on(jongg_server::start(jongg_server::Config::new(
            &url,
            "127.0.0.1:0".parse().unwrap(),
        )))
        .unwrap();
    let mut there = Client::with_token(other.addr, &app.director_token);
    let player = |n: u32| json!({ "number": n, "name": format!("P{n}") });
    expect(there.post(&format!("{}/players", t(id)), &player(5)), 201);
    let mut d = app.director();
    refused(
        d.post(&format!("{}/players", t(id)), &player(6)),
        409,
        "changed elsewhere",
    );
    // Reloaded: player 5 is known here now, and the retry goes through.
    expect(d.post(&format!("{}/players", t(id)), &player(6)), 201);
    app.rt.block_on(other.stop()).unwrap();
    app.restart();
    let players = expect(app.public().get(&format!("{}/players", t(id))), 200);
    let numbers: Vec<u64> = players["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
}

// ----- bad requests -----

fn bad_requests_get_4xx_naming_what_is_wrong(app: &mut App) {
    let mut d = app.director();
    let mut p = app.public();
    refused(
        p.post(
            "/api/tournaments",
            &json!({ "name": "x", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        401,
        "director",
    );
    refused(
        d.post_raw("/api/tournaments", b"{not json"),
        400,
        "not valid JSON",
    );
    refused(
        d.post_raw("/api/tournaments", b"[1, 2]"),
        400,
        "JSON object",
    );
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "rules": { "kind": "preset", "name": "standard" } }),
        ),
        422,
        "name",
    );
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "x", "rules": { "kind": "preset", "name": "nope" } }),
        ),
        404,
        "nope",
    );
    refused(d.get("/api/tournaments/77"), 404, "tournament 77");
    refused(d.get("/api/tournaments/abc"), 400, "abc");
    refused(d.get("/api/tournaments/1/rounds/300"), 400, "300");
    refused(d.get("/api/nothing/here"), 404, "no such route");
    let id = tournament(app, "standard", 4, 1);
    refused(
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": 1, "name": "Again" }),
        ),
        409,
        "#1",
    );
    refused(
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": "one", "name": "X" }),
        ),
        422,
        "number",
    );
    refused(d.get(&format!("{}/rounds/1", t(id))), 404, "round 1");
    refused(
        d.post(&format!("{}/rounds/1/start", t(id)), &json!({})),
        404,
        "round 1",
    );
    refused(
        d.put(
            &format!("{}/rounds/1/tables/1/games/1", t(id)),
            &json!({ "entry": { "kind": "points" } }),
        ),
        422,
        "points",
    );
    refused(
        d.post(&format!("{}/commands", t(id)), &json!({ "round": 1 })),
        422,
        "kind",
    );
    refused(
        d.post(&format!("{}/commands", t(id)), &json!({ "kind": "fly" })),
        422,
        "fly",
    );
    refused(app.with_token("abc").get("/api/me"), 401, "malformed");
    refused(
        app.with_token(&"0".repeat(64)).get("/api/me"),
        401,
        "not valid",
    );
    // The generic command route runs any command.
    expect(
        d.post(
            &format!("{}/commands", t(id)),
            &json!({ "kind": "mark_late", "number": 4 }),
        ),
        200,
    );
}

fn setup_and_login(app: &mut App) {
    let mut p = app.public();
    // The director exists already (App::start): a second setup is refused.
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": "x", "password": "long enough" }),
        ),
        409,
        "already set",
    );
    expect(p.get("/setup?token=abc"), 200);
    // Logging out ends the session.
    let token = {
        let r = expect(p.post("/api/login", &json!({ "password": PASSWORD })), 200);
        r["token"].as_str().unwrap().to_string()
    };
    let mut s = app.with_token(&token);
    assert_eq!(expect(s.get("/api/me"), 200)["role"], "director");
    let r = s.post("/api/logout", &json!({})).unwrap();
    assert_eq!(r.status, 204);
    refused(s.get("/api/me"), 401, "not valid");
    // Five failures a minute, then 429 even with the right password.
    for _ in 0..5 {
        refused(
            p.post("/api/login", &json!({ "password": "wrong password" })),
            401,
            "wrong username or password",
        );
    }
    let r = p
        .post("/api/login", &json!({ "password": PASSWORD }))
        .unwrap();
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.header("retry-after").is_some());
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("too many failed logins")
    );
}

#[test]
fn first_start_prints_a_one_time_setup_link() {
    let app = App::start_bare(Backend::Sqlite);
    let token = app.setup_token().unwrap();
    let mut p = app.public();
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "short" }),
        ),
        422,
        "too short",
    );
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": "0".repeat(64), "password": "long enough" }),
        ),
        403,
        "not valid",
    );
    expect(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "long enough" }),
        ),
        201,
    );
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "long enough" }),
        ),
        409,
        "already set",
    );
    expect(
        p.post("/api/login", &json!({ "password": "long enough" })),
        200,
    );
}

#[test]
fn openapi_lists_every_route_and_every_listed_route_is_served() {
    let app = App::start(Backend::Sqlite);
    let doc = expect(app.public().get("/openapi.json"), 200);
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    let mut listed = 0;
    for (path, ops) in paths {
        for (method, _) in ops.as_object().unwrap() {
            listed += 1;
            let concrete = path
                .replace("{id}", "1")
                .replace("{r}", "1")
                .replace("{t}", "1")
                .replace("{g}", "1")
                .replace("{n}", "1");
            let r = app
                .director()
                .request(&method.to_ascii_uppercase(), &concrete, Some(b"{}"))
                .unwrap();
            assert_ne!(r.status, 405, "{method} {path} is listed but not served");
            let err = r.json()["error"].as_str().unwrap_or_default().to_string();
            assert!(
                !err.contains("no such route"),
                "{method} {path} is listed but not served"
            );
        }
    }
    // And the router serves nothing the document does not list: both are
    // the route table.
    let table: std::collections::BTreeSet<(String, String)> = jongg_server::routes::all()
        .iter()
        .map(|r| (r.method.to_ascii_lowercase(), r.doc_path()))
        .collect();
    let documented: std::collections::BTreeSet<(String, String)> = paths
        .iter()
        .flat_map(|(p, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .map(move |m| (m.clone(), p.clone()))
        })
        .collect();
    assert_eq!(table, documented);
    assert_eq!(listed, jongg_server::routes::all().len());
    // Every reference resolves, and every route that writes says its body.
    let text = doc.to_string();
    for r in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = r.split('"').next().unwrap();
        assert!(
            doc["components"]["schemas"][name].is_object(),
            "{name} is referred to but not in the document"
        );
    }
    for (path, ops) in paths {
        for (method, op) in ops.as_object().unwrap() {
            if matches!(method.as_str(), "post" | "put" | "patch") && path != "/api/logout" {
                assert!(
                    op["requestBody"]["content"]["application/json"]["schema"].is_object(),
                    "{method} {path} has no body in the document"
                );
            }
        }
    }
}

// ----- live pages (GET .../changes, server-sent events) -----

/// The `id:` line of a server-sent event.
fn event_id(r: &jongg_server::client::Response) -> u64 {
    assert_eq!(r.header("content-type"), Some("text/event-stream"));
    r.text()
        .lines()
        .find_map(|l| l.strip_prefix("id:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no id in {:?}", r.text()))
}

fn a_live_page_is_told_of_each_commit(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    let changes = format!("{}/changes", t(id));
    // Without Last-Event-ID: the last committed seq, at once.
    let now = event_id(&app.public().request("GET", &changes, None).unwrap());
    assert!(now > 0);
    // With it: the answer waits for the next commit, and names it.
    let addr = app.addr;
    let path = changes.clone();
    let seen = now.to_string();
    let waiting = std::thread::spawn(move || {
        let mut c = jongg_server::client::Client::new(addr);
        let r = c
            .request_with("GET", &path, &[("Last-Event-ID", &seen)], None)
            .unwrap();
        (event_id(&r), std::time::Instant::now())
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!waiting.is_finished(), "answered before anything changed");
    let written = std::time::Instant::now();
    expect(
        app.director().post(
            &format!("{}/players", t(id)),
            &json!({ "number": 9, "name": "P9" }),
        ),
        201,
    );
    let (told, when) = waiting.join().unwrap();
    assert!(told > now, "told {told}, had {now}");
    assert!(when.duration_since(written) < std::time::Duration::from_secs(1));
    // A page that is behind is answered at once.
    let r = app
        .public()
        .request_with("GET", &changes, &[("Last-Event-ID", "1")], None)
        .unwrap();
    assert_eq!(event_id(&r), told);
}
