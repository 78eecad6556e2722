//! Issue 20, "the texts, rule by rule", where the pages say it: who signs
//! at a table of three (standard 4, st-louis-senior-olympics 5b, R12, R14),
//! the dead-hand X and the player numbers (st-louis-senior-olympics 6e, 6j,
//! 5c), East's box after each game (mississippi-2025), the reminders to every
//! table (standard 1, 25), and beth-emeth's four players at every table.

mod common;

use common::*;
use jongg_store::Backend;
use serde_json::{Value, json};

fn page(app: &App, director: bool, path: &str) -> String {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    let r = c.get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

fn link(app: &App, id: i64, table: u32) -> String {
    let l = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    l["token"].as_str().unwrap().to_string()
}

/// Enters games 1-4 of table 1, round 1, with `entry(game)`.
fn enter_all(app: &App, id: i64, key: &str, entry: impl Fn(u32) -> Value) {
    let mut k = app.with_token(key);
    for g in 1..=4 {
        expect(
            k.put(
                &format!("{}/rounds/1/tables/1/games/{g}", t(id)),
                &json!({ "entry": entry(g) }),
            ),
            200,
        );
    }
}

fn zero() -> Value {
    json!({ "kind": "points", "points": { "east": 0, "south": 0, "west": 0, "north": 0 }, "mah_jongg": null })
}

/// standard 4 (R12, R14): at a table of three without North, East checks
/// West and South; South checks nobody and need not sign. The score page,
/// the printed sheet and the acceptance agree.
#[test]
fn standard_4_a_table_of_three_says_and_requires_the_same_signatures() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 3, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let key = link(&app, id, 1);
    enter_all(&app, id, &key, |_| zero());
    let html = page(&app, false, &format!("/score?key={key}"));
    assert!(
        html.contains("I checked the scores of West and South"),
        "East signs for West and South: {html}"
    );
    assert!(
        html.contains("South has nobody&#39;s scores to check at this table and need not sign: East checks South&#39;s scores"),
        "{html}"
    );
    assert!(
        !html.contains("data-seat=\"south\">South"),
        "no sign button for South"
    );
    // st-louis-senior-olympics 5c: each name with its player number.
    assert!(html.contains("P1 (#1)"), "{html}");
    // standard 1, 25: the reminders.
    assert!(html.contains("Display the NMJL card"), "{html}");
    assert!(html.contains("(standard 25)"), "{html}");
    let sheets = page(
        &app,
        true,
        &format!("/director/t/{id}/print/round/1/sheets"),
    );
    assert!(
        sheets.contains("East verifies the scores of West and South"),
        "{sheets}"
    );
    assert!(sheets.contains("South has nobody"), "{sheets}");
    let cards = page(&app, true, &format!("/director/t/{id}/print/round/1/cards"));
    assert!(
        cards.contains("Display the NMJL card during play"),
        "{cards}"
    );
    assert!(cards.contains("(standard 25)"), "{cards}");
    // East and West sign: the sheet is complete and accepted.
    let mut k = app.with_token(&key);
    let sign = format!("{}/rounds/1/tables/1/sign", t(id));
    expect(k.post(&sign, &json!({ "seat": "east" })), 200);
    expect(k.post(&sign, &json!({ "seat": "west" })), 200);
    expect(
        app.director()
            .post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        200,
    );
}

/// st-louis-senior-olympics 6e, 6j: "Use 'X' ... to designate a DEAD HAND",
/// also for a hand dead by a wrong dead call (R5).
#[test]
fn st_louis_6e_6j_a_wrong_dead_call_shows_x_on_the_page_and_the_print() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "st-louis-senior-olympics", 4, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let key = link(&app, id, 1);
    enter_all(&app, id, &key, |g| {
        if g == 1 {
            json!({ "kind": "record", "record": { "result": "wall",
                "penalties": [{ "seat": "north", "kind": "false_dead_call" }] } })
        } else {
            zero()
        }
    });
    let html = page(&app, false, &format!("/score?key={key}"));
    let row = html
        .split("id=\"game-1\"")
        .nth(1)
        .and_then(|r| r.split("</tr>").next())
        .unwrap_or_default();
    assert!(row.contains(">X<"), "North's dead hand: {row}");
    let sheets = page(
        &app,
        true,
        &format!("/director/t/{id}/print/round/1/sheets"),
    );
    assert!(sheets.contains(">X<"), "{sheets}");
}

/// mississippi-2025 "Tournament Scoring": East "signs the score sheet after
/// each game": the printed sheet has East's box on each game's line.
#[test]
fn mississippi_the_printed_sheet_has_easts_box_after_each_game() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "mississippi-2025", 4, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let sheets = page(
        &app,
        true,
        &format!("/director/t/{id}/print/round/1/sheets"),
    );
    assert!(sheets.contains(">East signs<"), "{sheets}");
    assert!(
        sheets.contains("East signs each game&#39;s line right after the game (mississippi-2025"),
        "{sheets}"
    );
    let std = tournament(&app, "standard", 4, 1);
    seat_and_start(&app, std, 1, json!({ "kind": "by_number" }));
    let sheets = page(
        &app,
        true,
        &format!("/director/t/{std}/print/round/1/sheets"),
    );
    assert!(
        !sheets.contains(">East signs<"),
        "standard: nobody signs each game"
    );
}

/// beth-emeth 1: "Four players at each table": sit-outs by default; tables
/// of three chosen anyway are warned about.
#[test]
fn beth_emeth_1_tables_of_three_chosen_anyway_are_warned_about() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "beth-emeth", 5, 1);
    let s = expect(app.director().get(&t(id)), 200);
    assert_eq!(s["settings"]["odd_players"]["kind"], "sit_out", "{s}");
    let w = expect(app.director().get(&format!("{}/warnings", t(id))), 200);
    assert_eq!(w["odd_players"], Value::Null);
    expect(
        app.director().patch(
            &t(id),
            &json!({ "odd_players": { "kind": "three_player_tables" } }),
        ),
        200,
    );
    let w = expect(app.director().get(&format!("{}/warnings", t(id))), 200);
    assert_eq!(w["odd_players"]["source"], "beth-emeth 1", "{w}");
    let html = page(&app, true, &format!("/director/t/{id}/settings"));
    assert!(html.contains("id=\"odd-warning\""), "{html}");
}

/// standard 2B: a disqualified player is "likely be dis-invited from
/// participation in future tournaments": the players page lists this
/// event's, and a later event's players page warns of a pasted name.
#[test]
fn standard_2b_the_players_page_lists_the_disqualified_and_checks_a_pasted_list() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    expect(
        app.director().post(
            &format!("{}/players/3/disqualify", t(id)),
            &json!({ "scores": "kept", "reason": "a second complaint" }),
        ),
        200,
    );
    let html = page(&app, true, &format!("/director/t/{id}/players"));
    assert!(html.contains("<li>P3 (#3)</li>"), "{html}");
    let later = tournament(&app, "standard", 4, 1);
    let html = page(
        &app,
        true,
        &format!("/director/t/{later}/players?not_invited=P3%20(%233)%0Asomeone"),
    );
    assert!(html.contains("id=\"not-invited-found\""), "{html}");
    assert!(html.contains("P3 (#3) is on the list"), "{html}");
    let html = page(
        &app,
        true,
        &format!("/director/t/{later}/players?not_invited=Nobody"),
    );
    assert!(html.contains("id=\"not-invited-none\""), "{html}");
}
