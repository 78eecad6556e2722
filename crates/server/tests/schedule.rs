//! A computed seating for the rounds left, through the server (issue 14.8),
//! on SQLite and PostgreSQL.

mod common;

use common::*;
use serde_json::json;
use std::collections::BTreeMap;

on_both!(sixteen_players_five_rounds_meet_nobody_twice_with_the_computed_seating_r13);

/// R13: `standard`'s movement brings 16 players together again over 5
/// rounds; the dashboard offers a computed seating with fewer repeats, the
/// director adopts it after round 1, and rounds 2 to 5 seated with it give
/// no repeat meeting at all. The itineraries print every round.
fn sixteen_players_five_rounds_meet_nobody_twice_with_the_computed_seating_r13(app: &mut App) {
    let id = tournament(app, "standard", 16, 5);
    let points = |table: u64, _g: u32, _s: &[Option<u64>; 4]| {
        let k = 10 * table as i32;
        [3 * k, -k, -k, -k]
    };
    play_round(app, id, 1, json!({ "kind": "by_number" }), points);
    let mut d = app.director();
    let offer = expect(d.get(&format!("{}/schedule", t(id))), 200);
    assert_eq!(offer["offer"]["repeats"], 0, "{offer}");
    let fewer = offer["fewer"].as_u64().unwrap();
    assert!(fewer > 0, "{offer}");
    assert!(offer["adopted"].is_null());
    let dash = d.get(&format!("/director/t/{id}")).unwrap().text();
    assert!(
        dash.contains(&format!("{fewer} fewer repeat meetings")),
        "{dash}"
    );
    refused(
        app.public()
            .post(&format!("{}/schedule", t(id)), &json!({})),
        401,
        "",
    );
    expect(d.post(&format!("{}/schedule", t(id)), &json!({})), 200);
    let dash = d.get(&format!("/director/t/{id}")).unwrap().text();
    assert!(
        dash.contains(r#"<option value="scheduled" selected>"#),
        "{dash}"
    );
    for r in 2..=5 {
        play_round(app, id, r, json!({ "kind": "scheduled" }), points);
    }
    let mut met: BTreeMap<(u64, u64), u32> = BTreeMap::new();
    for r in 1..=5 {
        for (_, seats) in seating(app, id, r) {
            let ps: Vec<u64> = seats.iter().flatten().copied().collect();
            for (i, a) in ps.iter().enumerate() {
                for b in &ps[i + 1..] {
                    *met.entry((*a.min(b), *a.max(b))).or_default() += 1;
                }
            }
        }
    }
    assert_eq!(met.len(), 16 * 15 / 2, "every pair meets exactly once");
    assert!(met.values().all(|&n| n == 1), "{met:?}");
    let it = d
        .get(&format!("/director/t/{id}/print/itineraries"))
        .unwrap()
        .text();
    assert!(it.contains("Round 5"), "{it}");
}
