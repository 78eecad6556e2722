//! No silent overwrite (issue 13, point 5) and a table of three's roll for
//! East (issue 14, point 7; R12, standard 3A), over HTTP on SQLite and
//! PostgreSQL: two phones on one sheet, a signed sheet edited, East recorded.

mod common;

use common::*;
use serde_json::{Value, json};

on_both!(
    two_phones_on_one_sheet_the_second_is_refused_with_what_the_first_saved,
    editing_a_signed_sheet_asks_before_clearing_the_signatures_r14,
    a_table_of_three_records_east_after_the_roll_before_game_4_r12,
);

fn points(east: i32) -> Value {
    json!({ "kind": "points",
        "points": { "east": east, "south": -east, "west": 0, "north": 0 }, "mah_jongg": "east" })
}

fn sheet(app: &App, id: i64, table: u32) -> Value {
    expect(
        app.public()
            .get(&format!("{}/rounds/1/tables/{table}", t(id))),
        200,
    )["sheet"]
        .clone()
}

fn key(app: &App, id: i64, table: u32) -> String {
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    link["token"].as_str().unwrap().to_string()
}

fn two_phones_on_one_sheet_the_second_is_refused_with_what_the_first_saved(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let token = key(app, id, 1);
    let (mut a, mut b) = (app.with_token(&token), app.with_token(&token));
    let game1 = format!("{}/rounds/1/tables/1/games/1", t(id));
    // Both phones open the sheet.
    let seen = sheet(app, id, 1)["version"].as_u64().unwrap();
    // Phone A saves game 1.
    expect(
        a.put(&game1, &json!({ "entry": points(25), "version": seen })),
        200,
    );
    // Phone B saves its own game 1 from the same version: refused, with
    // what A saved.
    let r = expect(
        b.put(&game1, &json!({ "entry": points(40), "version": seen })),
        409,
    );
    assert_eq!(r["conflict"], "stale", "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("Someone else saved this sheet while you were editing"),
        "{r}"
    );
    assert_eq!(r["sheet"]["games"][0]["points"]["east"], 25, "{r}");
    let now = sheet(app, id, 1);
    assert_eq!(now["games"][0]["points"]["east"], 25, "A's game stands");
    assert_eq!(r["sheet"]["version"], now["version"]);
    // B, having seen A's game, saves on the new version.
    expect(
        b.put(
            &game1,
            &json!({ "entry": points(40), "version": now["version"] }),
        ),
        200,
    );
    assert_eq!(sheet(app, id, 1)["games"][0]["points"]["east"], 40);
    // Another table's save does not make this sheet stale.
    let v = sheet(app, id, 1)["version"].clone();
    let mut other = app.with_token(&key(app, id, 2));
    expect(
        other.put(
            &format!("{}/rounds/1/tables/2/games/1", t(id)),
            &json!({ "entry": points(10) }),
        ),
        200,
    );
    expect(
        a.put(
            &format!("{}/rounds/1/tables/1/games/2", t(id)),
            &json!({ "entry": points(10), "version": v }),
        ),
        200,
    );
}

fn editing_a_signed_sheet_asks_before_clearing_the_signatures_r14(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let mut k = app.with_token(&key(app, id, 1));
    for g in 1..=4 {
        expect(
            k.put(
                &format!("{}/rounds/1/tables/1/games/{g}", t(id)),
                &json!({ "entry": points(10 * g) }),
            ),
            200,
        );
    }
    let sign = format!("{}/rounds/1/tables/1/sign", t(id));
    let v = sheet(app, id, 1)["version"].clone();
    expect(
        k.post(&sign, &json!({ "seat": "south", "version": v })),
        200,
    );
    // A signature on a version the player did not see is refused.
    let r = expect(k.post(&sign, &json!({ "seat": "west", "version": v })), 409);
    assert_eq!(r["conflict"], "stale", "{r}");
    let game2 = format!("{}/rounds/1/tables/1/games/2", t(id));
    let v = sheet(app, id, 1)["version"].clone();
    // Changing game 2 of the signed sheet: refused until the editor says
    // they know the signatures go.
    let r = expect(
        k.put(&game2, &json!({ "entry": points(5), "version": v })),
        409,
    );
    assert_eq!(r["conflict"], "signatures", "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("clears every signature"),
        "{r}"
    );
    assert_eq!(r["sheet"]["signed"]["south"], true, "{r}");
    assert_eq!(
        sheet(app, id, 1)["games"][1]["points"]["east"],
        20,
        "nothing saved"
    );
    expect(
        k.put(
            &game2,
            &json!({ "entry": points(5), "version": v, "clear_signatures": true }),
        ),
        200,
    );
    let now = sheet(app, id, 1);
    assert_eq!(now["games"][1]["points"]["east"], 5);
    assert_eq!(now["signed"]["south"], false, "the signature is cleared");
}

fn a_table_of_three_records_east_after_the_roll_before_game_4_r12(app: &mut App) {
    // Seven players: table 1 of four, table 2 of three (North empty).
    let id = tournament(app, "standard", 7, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let mut k = app.with_token(&key(app, id, 2));
    let east = format!("{}/rounds/1/tables/2/east", t(id));
    refused(
        k.post(&east, &json!({ "east": "north" })),
        422,
        "empty seat",
    );
    let v = sheet(app, id, 2)["version"].clone();
    expect(k.post(&east, &json!({ "east": "west", "version": v })), 200);
    assert_eq!(sheet(app, id, 2)["east_after_reroll"], "west");
    // Game 4's record gets the new East as its dealer.
    expect(
        k.put(
            &format!("{}/rounds/1/tables/2/games/4", t(id)),
            &json!({ "entry": { "kind": "record", "record": { "result": "wall" } } }),
        ),
        200,
    );
    assert_eq!(
        sheet(app, id, 2)["games"][3]["entry"]["record"]["dealer"],
        "west"
    );
    refused(
        k.post(&east, &json!({ "east": "south" })),
        409,
        "game 4 is already",
    );
    // A table of four records its roll for East before game 1 (standard 3):
    // the winner deals game 1, and the deal passes to the right.
    let mut four = app.with_token(&key(app, id, 1));
    let east1 = format!("{}/rounds/1/tables/1/east", t(id));
    expect(four.post(&east1, &json!({ "east": "south" })), 200);
    assert_eq!(sheet(app, id, 1)["east_after_reroll"], "south");
    expect(
        four.put(
            &format!("{}/rounds/1/tables/1/games/2", t(id)),
            &json!({ "entry": { "kind": "record", "record": { "result": "wall" } } }),
        ),
        200,
    );
    assert_eq!(
        sheet(app, id, 1)["games"][1]["entry"]["record"]["dealer"],
        "west"
    );
    refused(
        four.post(&east1, &json!({ "east": "north" })),
        409,
        "(standard 3)",
    );
}

fn director_page(app: &App, path: &str) -> String {
    let r = app.director().get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

/// The score page says which table it is in large letters, shows a table
/// of three what changes there (R12, standard 3A) and who won the roll,
/// asks each player to sign once every game is entered, and warns that a
/// change clears the signatures.
#[test]
fn the_score_page_tells_the_table_what_it_needs_r12() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let id = tournament(&app, "standard", 7, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let three = director_page(&app, &format!("/director/t/{id}/r/1/table/2"));
    assert!(three.contains(r#"<span class="table-no">Table 2</span>"#));
    assert!(
        three.contains("No Charleston at a table of three."),
        "{three}"
    );
    assert!(three.contains("Before game 4 the three players roll the dice again for East."));
    assert!(three.contains("Before game 4, who won the roll for East?"));
    assert!(three.contains(r#"data-version="#));
    let four = director_page(&app, &format!("/director/t/{id}/r/1/table/1"));
    assert!(
        !four.contains("table of three"),
        "a table of four is not told"
    );
    let mut k = app.with_token(&key(&app, id, 2));
    expect(
        k.post(
            &format!("{}/rounds/1/tables/2/east", t(id)),
            &json!({ "east": "south" }),
        ),
        200,
    );
    for g in 1..=4 {
        expect(
            k.put(
                &format!("{}/rounds/1/tables/2/games/{g}", t(id)),
                &json!({ "entry": { "kind": "record", "record": { "result": "wall" } } }),
            ),
            200,
        );
    }
    let html = director_page(&app, &format!("/director/t/{id}/r/1/table/2"));
    assert!(
        html.contains("East after the roll: <strong>South: P6</strong>, who deals game 4."),
        "{html}"
    );
    assert!(
        !html.contains("who won the roll for East?"),
        "recorded once game 4 is in"
    );
    assert!(html.contains("All games entered: now each player signs"));
    assert!(html.contains("Correct a game"));
    expect(
        k.post(
            &format!("{}/rounds/1/tables/2/sign", t(id)),
            &json!({ "seat": "west" }),
        ),
        200,
    );
    let html = director_page(&app, &format!("/director/t/{id}/r/1/table/2"));
    assert!(
        html.contains("saving a change clears every signature"),
        "{html}"
    );
    assert!(html.contains(r#"data-signed="West""#));
}
