//! Finding 19.6: formula injection in floor.csv. A call's reason (typed by
//! anyone holding a table's link) and a ruling's note reached the floor's
//! CSV as typed, so `=HYPERLINK(...)` ran when the director opened it in a
//! spreadsheet. Every CSV is written by one writer now, which puts a `'`
//! before a text a spreadsheet would run; a negative number stays a number.

use crate::common::*;
use jongg_store::Backend;
use serde_json::json;

const FORMULA: &str = r#"=HYPERLINK("http://x","y")"#;

/// The fields of a CSV, row by row.
fn fields(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// No field of `text` is one a spreadsheet would run as a formula.
fn no_formula(name: &str, text: &str) {
    for row in fields(text) {
        for f in row {
            let runs = f.starts_with(['=', '+', '@', '\t', '\r'])
                || (f.starts_with('-') && f.parse::<f64>().is_err());
            assert!(!runs, "{name}: `{f}` would run as a formula:\n{text}");
        }
    }
}

fn has_field(text: &str, want: &str) -> bool {
    fields(text).iter().flatten().any(|f| f == want)
}

/// A tournament of four with round 1 under way; player 1's name and club
/// are formulas.
fn hostile_names(app: &App) -> i64 {
    let id = tournament(app, "standard", 0, 1);
    let mut d = app.director();
    for n in 1..=4 {
        let (name, club) = if n == 1 {
            (FORMULA.to_string(), "@SUM(A1)".to_string())
        } else {
            (format!("P{n}"), "-club".to_string())
        };
        expect(
            d.post(
                &format!("{}/players", t(id)),
                &json!({ "number": n, "name": name, "club": club }),
            ),
            201,
        );
    }
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    id
}

#[test]
fn a_formula_in_a_calls_reason_or_a_rulings_note_reaches_floor_csv_as_text() {
    let app = App::start(Backend::Sqlite);
    let id = hostile_names(&app);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/tables/1/call", t(id)),
            &json!({ "reason": FORMULA }),
        ),
        200,
    );
    expect(d.post(&format!("{}/calls/1/take", t(id)), &json!({})), 200);
    expect(
        d.post(
            &format!("{}/calls/1/close", t(id)),
            &json!({ "note": format!("+{FORMULA}") }),
        ),
        200,
    );
    expect(
        d.post(
            &format!("{}/players/2/warn", t(id)),
            &json!({ "reason": format!("@{FORMULA}") }),
        ),
        200,
    );
    let csv = d.get(&format!("{}/floor.csv", t(id))).unwrap().text();
    no_formula("floor.csv", &csv);
    assert!(has_field(&csv, &format!("'{FORMULA}")), "{csv}");
    assert!(has_field(&csv, &format!("'+{FORMULA}")), "{csv}");
    // A warning's reason follows the complaint's number: never first.
    assert!(
        csv.contains(&format!("complaint 1: @{}", FORMULA.replace('"', "\"\""))),
        "{csv}"
    );
}

#[test]
fn a_formula_in_a_name_or_club_reaches_every_csv_as_text_and_minus_15_stays_a_number() {
    let app = App::start(Backend::Sqlite);
    let id = hostile_names(&app);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/players/1/penalty", t(id)),
            &json!({ "points": -15, "reason": "slow play" }),
        ),
        200,
    );
    let standings = d.get(&format!("/t/{id}/standings.csv")).unwrap().text();
    no_formula("standings.csv", &standings);
    assert!(has_field(&standings, &format!("'{FORMULA}")), "{standings}");
    assert!(has_field(&standings, "'@SUM(A1)"), "{standings}");
    assert!(has_field(&standings, "'-club"), "{standings}");
    // The penalty, a number, is written as one.
    assert!(has_field(&standings, "-15"), "{standings}");
    let games = d.get(&format!("/t/{id}/games.csv")).unwrap().text();
    no_formula("games.csv", &games);
    let audit = d
        .get(&format!("/director/t/{id}/audit.csv"))
        .unwrap()
        .text();
    no_formula("audit.csv", &audit);
    let floor = d.get(&format!("{}/floor.csv", t(id))).unwrap().text();
    no_formula("floor.csv", &floor);
    assert!(
        has_field(&floor, "-15") || floor.contains(": -15"),
        "{floor}"
    );
}
