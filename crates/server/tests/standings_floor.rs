//! What the standings and a player's pages say of the floor's sanctions
//! (issue 32.8), black box on port 0: a disqualified player is ranked after
//! everyone still playing, on the standings and the player's page; the
//! director's page of the player says "disqualified", not "withdrawn"; a
//! penalty outside the games is said beside the points it is part of.

mod common;

use common::*;
use serde_json::json;

/// standard 2B, 27 (R1: the texts give a disqualified player no place): the
/// player with the most points, disqualified with their scores kept, is
/// ranked after every player still in; standard 2C: a penalty is said
/// beside the points.
#[test]
fn a_disqualified_player_ranks_after_everyone_and_a_penalty_is_said_beside_the_points() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    // East wins every game of each table: players 1 and 5 lead.
    play_round(&app, id, 1, json!({ "kind": "by_number" }), |_, _, _| {
        [75, -25, -25, -25]
    });
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/players/1/disqualify", t(id)),
            &json!({ "scores": "kept", "reason": "argued with the director" }),
        ),
        200,
    );
    expect(
        d.post(
            &format!("{}/players/2/penalty", t(id)),
            &json!({ "points": -10, "reason": "disturbing the room" }),
        ),
        200,
    );
    let standings = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    let rows = standings["rows"].as_array().unwrap();
    let last = rows.last().unwrap();
    assert_eq!(last["player"], 1, "{standings}");
    assert_eq!(last["rank"], 8, "{standings}");
    assert_eq!(
        last["points"], 300,
        "their scores are kept, not their place"
    );
    assert_eq!(rows[0]["player"], 5, "{standings}");
    let mine = page_text(&app, &format!("/t/{id}/players/1"), false);
    assert!(mine.contains("<strong id=\"rank\">8</strong>"), "{mine}");
    assert!(mine.contains("disqualified (scores kept)"), "{mine}");
    let director = page_text(&app, &format!("/director/t/{id}/players/1"), true);
    assert!(
        director.contains("disqualified (scores kept)"),
        "{director}"
    );
    assert!(!director.contains("withdrawn after round"), "{director}");
    let two = page_text(&app, &format!("/t/{id}/players/2"), false);
    assert!(
        two.contains("<strong id=\"points\">-110</strong> points <span id=\"penalties\">(penalties -10 points included, standard 2C)</span>"),
        "{two}"
    );
    // The public standings page lists the disqualified player last.
    let public = page_text(&app, &format!("/t/{id}"), false);
    let at = |needle: &str| {
        public
            .find(needle)
            .unwrap_or_else(|| panic!("{needle}: {public}"))
    };
    assert!(at(">P1<") > at(">P8<"), "P1 after every player still in");
}
