//! The floor over the API (issue 14, points 1 and 6), on SQLite and on
//! PostgreSQL: the event's card and hands checked on it; sign-off as each
//! rules text says, with the device of each signature in the audit.

mod common;

use common::*;
use serde_json::{Value, json};

on_both!(
    a_hand_entered_by_its_tiles_is_checked_on_the_practice_card,
    st_louis_chooses_its_card_year_between_the_two_readings,
    mahjong_mania_needs_easts_signature_and_the_audit_shows_the_device_r14,
);

/// A hand of the practice card's first line (`2026a 2026b FFFF 22c`, 30,
/// concealed): the year in Bams and Craks, four Flowers, a pair of 2 Dots.
const ON_CARD: &str = "2Bx2 WD 6B 2Cx2 WD 6C Fx4 2Dx2";
const OFF_CARD: &str = "1Bx3 2Bx3 3Bx3 4Bx3 9C 7D";

fn link(app: &App, id: i64) -> jongg_server::client::Client {
    let mut d = app.director();
    let l = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    app.with_token(l["token"].as_str().unwrap())
}

fn a_hand_entered_by_its_tiles_is_checked_on_the_practice_card(app: &mut App) {
    let id = tournament(app, "standard", 4, 1);
    let mut d = app.director();
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    assert_eq!(c["file"], Value::Null);
    assert_eq!(c["year"]["source"], "standard 1, 13");
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let mut k = link(app, id);
    let mahjong = json!({ "result": "mahjong", "winner": "south", "self_picked": true });
    let hand = |tiles: &str| json!({ "concealed": tiles });
    let game1 = format!("{}/rounds/1/tables/1/games/1", t(id));
    // Without a card, tiles cannot be checked.
    refused(
        k.put(
            &game1,
            &json!({ "entry": { "kind": "hand", "record": mahjong, "hand": hand(ON_CARD) } }),
        ),
        422,
        "no card is loaded",
    );
    // Only the director loads the card.
    refused(
        k.post(
            &format!("{}/card", t(id)),
            &json!({ "card": { "kind": "practice" } }),
        ),
        403,
        "",
    );
    expect(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "card": { "kind": "practice" } }),
        ),
        200,
    );
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    assert_eq!(c["file"]["label"], "jongg's practice card");
    // The check the score page makes is the sheet's own.
    let check = expect(
        app.public().post(
            &format!("{game1}/check-hand"),
            &json!({ "record": mahjong, "hand": hand(ON_CARD) }),
        ),
        200,
    );
    assert_eq!(check["line"]["value"], 30);
    assert_eq!(check["record"]["value"], 30);
    assert_eq!(check["record"]["jokerless"], true);
    assert!(check["points"]["south"].as_i64().unwrap() > 0, "{check}");
    let name = check["line"]["name"].as_str().unwrap().to_string();
    refused(
        app.public().post(
            &format!("{game1}/check-hand"),
            &json!({ "record": mahjong, "hand": hand(OFF_CARD) }),
        ),
        422,
        "not a hand on the card",
    );
    // Entered by its tiles: the sheet has the value and names the line.
    expect(
        k.put(
            &game1,
            &json!({ "entry": { "kind": "hand", "record": mahjong, "hand": hand(ON_CARD) } }),
        ),
        200,
    );
    let sheet = expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    let g = &sheet["sheet"]["games"][0];
    assert_eq!(g["entry"]["record"]["value"], 30, "{g}");
    assert!(g["lines"][0].as_str().unwrap().contains(&name), "{g}");
    // Refused: tiles off the card, and a value the card does not have.
    refused(
        k.put(
            &game1,
            &json!({ "entry": { "kind": "hand", "record": mahjong, "hand": hand(OFF_CARD) } }),
        ),
        422,
        "not a hand on the card",
    );
    let mut typed = mahjong.clone();
    typed["value"] = json!(27);
    refused(
        k.put(
            &game1,
            &json!({ "entry": { "kind": "record", "record": typed } }),
        ),
        422,
        "no hand on the event's card is worth 27",
    );
    // A card file that is not a card is refused by line.
    refused(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "card": { "kind": "file", "label": "mine", "text": "[x]\nnot a hand : 25 X\n" } }),
        ),
        422,
        "line 2",
    );
}

fn st_louis_chooses_its_card_year_between_the_two_readings(app: &mut App) {
    let id = tournament(app, "st-louis-senior-olympics", 4, 1);
    let mut d = app.director();
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    assert_eq!(c["year"], Value::Null, "two readings: the director chooses");
    assert_eq!(c["readings"].as_array().unwrap().len(), 2);
    refused(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "year": 2024, "card": { "kind": "none" } }),
        ),
        422,
        "the 2022 card or the 2019 card",
    );
    // Nothing to change is said, not taken as a change.
    refused(
        d.post(&format!("{}/card", t(id)), &json!({})),
        422,
        "nothing to change",
    );
    expect(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "year": 2019, "card": { "kind": "none" } }),
        ),
        200,
    );
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    assert_eq!(c["year"]["year"], 2019);
    assert_eq!(c["year"]["source"], "st-louis-senior-olympics 6a");
}

fn mahjong_mania_needs_easts_signature_and_the_audit_shows_the_device_r14(app: &mut App) {
    let id = tournament(app, "mahjong-mania-2026", 4, 1);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let mut k = link(app, id);
    let mut d = app.director();
    for g in 1..=4 {
        expect(
            k.put(
                &format!("{}/rounds/1/tables/1/games/{g}", t(id)),
                &json!({ "entry": { "kind": "points",
                    "points": { "east": 0, "south": 0, "west": 0, "north": 0 }, "mah_jongg": null } }),
            ),
            200,
        );
    }
    // One phone signs for South, West and North (its cookie marks it).
    let sign = format!("{}/rounds/1/tables/1/sign", t(id));
    let first = k
        .request_with("POST", &sign, &[], Some(br#"{"seat": "south"}"#))
        .unwrap();
    assert_eq!(first.status, 200, "{}", first.text());
    let cookie = first
        .header("set-cookie")
        .expect("a device cookie")
        .to_string();
    let cookie = cookie.split(';').next().unwrap().to_string();
    for seat in ["west", "north"] {
        let body = format!(r#"{{"seat": "{seat}"}}"#);
        let r = k
            .request_with("POST", &sign, &[("Cookie", &cookie)], Some(body.as_bytes()))
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
    }
    // "All players must sign ... West verifies and signs for East"
    // (mahjong-mania-2026 "Tournament Format"): not without East (R14).
    refused(
        d.post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        409,
        "not signed",
    );
    // mahjong-mania-2026 has no signature per game.
    refused(
        k.post(&sign, &json!({ "seat": "east", "game": 1 })),
        422,
        "nobody signs after each game",
    );
    expect(k.post(&sign, &json!({ "seat": "east" })), 200);
    expect(
        d.post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        200,
    );
    let audit = expect(d.get(&format!("{}/audit", t(id))), 200);
    let rows = audit["entries"].as_array().unwrap();
    let device_of = |seat: &str| -> String {
        rows.iter()
            .find(|e| e["action"] == "signed" && e["seat"] == seat)
            .and_then(|e| e["device"].as_str())
            .unwrap_or_default()
            .to_string()
    };
    assert!(device_of("south").starts_with("device "), "{audit}");
    assert_eq!(device_of("south"), device_of("north"), "one phone, seen");
    assert_ne!(device_of("south"), device_of("east"), "another device");
}
