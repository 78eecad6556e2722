//! Issue 19.1 and 19.2: the backup of a real event restores, a second
//! import of the same tournament says so (and keeps both only under a new
//! name), and one tournament whose stored log does not fold no longer
//! stops the server: the others are served, the broken one is shown to the
//! director as needing repair, and its stored events can still be saved.

use crate::common::*;
use crate::on_both;
use jongg_store::{Store, TournamentId};
use jongg_tournament::{Actor, Event, Recorded, RoundNo};
use serde_json::{Value, json};

fn names(app: &App) -> Vec<String> {
    expect(app.public().get("/api/tournaments"), 200)["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Exported over HTTP, imported into a fresh server, exported again: the
/// same file; a second import of it is refused naming the tournament, and
/// `?name=` keeps both.
fn a_second_import_of_the_same_tournament_says_so_and_keeps_both_only_under_a_new_name(
    app: &mut App,
) {
    let id = tournament(app, "mahjong-mania-2026", 8, 2);
    play_round(app, id, 1, json!({ "kind": "by_number" }), |t, _, _| {
        let k = 10 * t as i32;
        [3 * k, -k, -k, -k]
    });
    let file = expect(app.director().get(&format!("{}/export", t(id))), 200);
    let other = App::start(app.backend());
    let made = expect(other.director().post("/api/tournaments/import", &file), 201);
    let copy = made["id"].as_i64().unwrap();
    let again = expect(other.director().get(&format!("{}/export", t(copy))), 200);
    assert_eq!(
        again.to_string(),
        file.to_string(),
        "export → import → export"
    );
    assert_eq!(
        expect(other.public().get(&format!("{}/standings", t(copy))), 200),
        expect(app.public().get(&format!("{}/standings", t(id))), 200)
    );
    // The same file again: refused in words, nothing added.
    refused(
        other.director().post("/api/tournaments/import", &file),
        409,
        "already here",
    );
    assert_eq!(names(&other).len(), 1);
    // Both kept, the copy under its new name.
    let kept = expect(
        other
            .director()
            .post("/api/tournaments/import?name=Mania%20(copy)", &file),
        201,
    );
    assert_ne!(kept["id"], made["id"]);
    assert_eq!(names(&other).len(), 2);
    assert!(names(&other).contains(&"Mania (copy)".to_string()));
}

/// A tournament whose stored log gains an event that does not fold.
fn break_one(app: &App, id: i64) {
    let url = app.db.as_ref().unwrap().url.clone();
    app.rt.block_on(async {
        let store = Store::connect(&url).await.unwrap();
        let log = store.load(TournamentId(id)).await.unwrap();
        let seq = log.len() as u64 + 1;
        let bad = Recorded {
            seq,
            at: log.last().unwrap().at + 1,
            actor: Actor::Director,
            event: Event::RoundStarted {
                round: RoundNo(9),
                at: 0,
            },
        };
        store.append(TournamentId(id), &[bad]).await.unwrap();
        store.close().await;
    });
}

fn one_broken_tournament_does_not_stop_the_server(app: &mut App) {
    let healthy = tournament(app, "standard", 8, 2);
    play_round(
        app,
        healthy,
        1,
        json!({ "kind": "by_number" }),
        |_, _, _| [30, -10, -10, -10],
    );
    let broken = tournament(app, "standard", 4, 1);
    let stored = expect(app.director().get(&format!("{}/export", t(broken))), 200)["events"]
        .as_array()
        .unwrap()
        .len();
    break_one(app, broken);
    // Before the fix the server did not start at all.
    app.restart();
    expect(app.public().get(&format!("{}/standings", t(healthy))), 200);
    expect(app.director().get(&format!("/director/t/{healthy}")), 200);
    let r = app
        .director()
        .get(&format!("{}/standings", t(broken)))
        .unwrap();
    assert_eq!(r.status, 409, "{}", r.text());
    let why = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        why.contains(&format!("tournament {broken} needs repair")),
        "{why}"
    );
    assert!(why.contains(&format!("event {}", stored + 1)), "{why}");
    // The director's page names it, and its stored events can be saved,
    // the bad one included, as they are.
    let home = app.director().get("/director").unwrap().text();
    assert!(home.contains("Needs repair"), "{home}");
    assert!(home.contains(&format!("Tournament {broken}:")), "{home}");
    let saved: Value = expect(app.director().get(&format!("{}/export", t(broken))), 200);
    let events = saved["events"].as_array().unwrap();
    assert_eq!(events.len(), stored + 1);
    assert_eq!(events[stored]["event"]["kind"], "round_started");
    // Writes to the healthy one still work.
    expect(
        app.director().post(
            &format!("{}/players", t(healthy)),
            &json!({ "number": 99, "name": "Late Arrival" }),
        ),
        201,
    );
}

on_both!(
    a_second_import_of_the_same_tournament_says_so_and_keeps_both_only_under_a_new_name,
    one_broken_tournament_does_not_stop_the_server,
);
