//! Finding 2: points that wrap around. A scorekeeper entered
//! `-2147483648` for East; `abs()` wrapped in a release build, the sheet
//! was taken and the player led the standings with 2,147,483,643 points.
//! (The domain's property tests with extreme values, run in release too,
//! are crates/tournament/tests/security_points_overflow.rs.)

use crate::common::*;
use jongg_store::Backend;
use serde_json::json;

fn game(app: &App, id: i64) -> String {
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    format!("{}/rounds/1/tables/1/games/1", t(id))
}

#[test]
fn a_scorekeeper_cannot_enter_points_beyond_any_game_score() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    let path = game(&app, id);
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/1/link", t(id))),
        200,
    );
    let mut k = app.with_token(link["token"].as_str().unwrap());
    for (east, south) in [
        (i64::from(i32::MIN), 5),
        (i64::from(i32::MAX), -5),
        (i64::from(i32::MIN) + 1, 0),
        (10_001, 0),
        (0, -10_001),
    ] {
        let entry = json!({ "kind": "points", "mah_jongg": "east",
            "points": { "east": east, "south": south, "west": 0, "north": 0 } });
        refused(
            k.put(&path, &json!({ "entry": entry })),
            422,
            "beyond any game score (at most 10000 either way)",
        );
    }
    // Beyond an i32 altogether: refused as a bad value, naming the field.
    let entry = json!({ "kind": "points",
        "points": { "east": 4_294_967_296i64, "south": 0, "west": 0, "north": 0 } });
    refused(
        k.put(&path, &json!({ "entry": entry })),
        422,
        "the points of East are 4294967296: expected a whole number from -2147483648 to 2147483647",
    );
    // The largest game score the bounds allow is taken.
    let entry = json!({ "kind": "points", "mah_jongg": "east",
        "points": { "east": 10_000, "south": -10_000, "west": 0, "north": 0 } });
    expect(k.put(&path, &json!({ "entry": entry })), 200);
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    assert_eq!(sheet["sheet"]["games"][0]["points"]["east"], 10_000);
}

#[test]
fn amendments_and_sit_out_points_have_the_same_bounds() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = tournament(&app, "standard", 5, 2);
    // Sit-out points are a setting: bounded like a game.
    for points in [i64::from(i32::MIN), i64::from(i32::MAX), 10_001] {
        refused(
            d.patch(
                &t(id),
                &json!({ "odd_players": { "kind": "sit_out", "points": points } }),
            ),
            422,
            "for sitting out: at most 10000 either way",
        );
    }
    expect(
        d.patch(
            &t(id),
            &json!({ "odd_players": { "kind": "sit_out", "points": 10 } }),
        ),
        200,
    );
    play_round(&app, id, 1, json!({ "kind": "by_number" }), |_, _, _| {
        [0, 0, 0, 0]
    });
    let entry = json!({ "kind": "points",
        "points": { "east": i32::MIN, "south": 0, "west": 0, "north": 0 } });
    refused(
        d.post(
            &format!("{}/rounds/1/tables/1/games/1/amend", t(id)),
            &json!({ "entry": entry, "reason": "typing slip" }),
        ),
        422,
        "beyond any game score",
    );
    // The standings are as before: nobody leads with billions.
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let top = s["rows"][0]["points"].as_i64().unwrap();
    assert_eq!(top, 10, "the sit-out's 10 points lead: {s}");
}
