//! Finding 19.8: the personal sign-off code as an oracle. A right code was
//! answered 409 or 403 and a wrong one 422 where nothing could be signed,
//! and twenty wrong guesses made the real player wait five minutes. Now the
//! link and the sheet are checked first and the code last, and wrong codes
//! are counted per source, not per player.

use crate::common::*;
use jongg_server::client::{Client, Response};
use jongg_store::Backend;
use serde_json::json;

const RULES: &str = r#"base = "standard"
[sign_off]
personal_code = { required = true, source = "club rule 9" }
"#;

/// A tournament under rules asking for personal codes, round 1 under way
/// (players 1-4 at table 1), the table's link, and each player's code.
fn club(app: &App) -> (i64, String, Vec<String>) {
    let mut d = app.director();
    let id = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "Club day", "rounds": 1,
                     "rules": { "kind": "file", "label": "club.toml", "toml": RULES } }),
        ),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    for n in 1..=4 {
        expect(
            d.post(
                &format!("{}/players", t(id)),
                &json!({ "number": n, "name": format!("P{n}") }),
            ),
            201,
        );
    }
    let badges = d.get(&format!("/director/t/{id}/badges")).unwrap().text();
    let mut codes = vec![String::new(); 4];
    for url in badges.split("data-url=\"").skip(1) {
        let key = url[..url.find('"').unwrap()]
            .split("/me?key=")
            .nth(1)
            .unwrap();
        let page = app.public().get(&format!("/me?key={key}")).unwrap().text();
        let code = page.split("<strong id=\"code\">").nth(1).unwrap();
        let code = code[..code.find('<').unwrap()].to_string();
        // The badge's own heading names its player's number.
        let n: usize = url
            .split("<span class=\"hint\">#")
            .nth(1)
            .unwrap()
            .split('<')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        codes[n - 1] = code;
    }
    assert!(codes.iter().all(|c| c.len() == 6), "{codes:?}");
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    (id, link["token"].as_str().unwrap().to_string(), codes)
}

/// A code that is not `code`.
fn wrong(code: &str) -> String {
    if code == "000000" { "111111" } else { "000000" }.to_string()
}

fn sign(k: &mut Client, id: i64, seat: &str, code: &str, device: Option<&str>) -> Response {
    let body = json!({ "seat": seat, "code": code }).to_string();
    let cookie = device.map(|d| format!("jongg_signer={d}"));
    let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("Cookie", c.as_str())).collect();
    k.request_with(
        "POST",
        &format!("{}/rounds/1/tables/1/sign", t(id)),
        &headers,
        Some(body.as_bytes()),
    )
    .unwrap()
}

fn enter_games(k: &mut Client, id: i64) {
    for g in 1..=4 {
        expect(
            k.put(
                &format!("{}/rounds/1/tables/1/games/{g}", t(id)),
                &json!({ "entry": { "kind": "points",
                    "points": { "east": 30, "south": -10, "west": -10, "north": -10 },
                    "mah_jongg": "east" } }),
            ),
            200,
        );
    }
}

#[test]
fn a_right_and_a_wrong_code_get_the_same_answer_where_nothing_may_be_signed() {
    let app = App::start(Backend::Sqlite);
    let (id, key, codes) = club(&app);
    let mut k = app.with_token(&key);
    let phone = "ab".repeat(32);
    let same = |k: &mut Client, seat: &str, code: &str| {
        let right = sign(k, id, seat, code, Some(&phone));
        let wrong = sign(k, id, seat, &wrong(code), Some(&phone));
        assert_eq!(
            (right.status, right.text()),
            (wrong.status, wrong.text()),
            "a right and a wrong code are answered alike while nothing may be signed"
        );
        right.status
    };
    // The sheet has no games yet: nothing can be signed, whatever the code.
    assert_eq!(same(&mut k, "east", &codes[0]), 409);
    // Many wrong codes there count no guess: the real one signs later.
    for _ in 0..30 {
        let r = sign(&mut k, id, "east", &wrong(&codes[0]), Some(&phone));
        assert_eq!(r.status, 409, "{}", r.text());
    }
    enter_games(&mut k, id);
    let r = sign(&mut k, id, "east", &codes[0], Some(&phone));
    assert_eq!(r.status, 200, "{}", r.text());
    // East has signed: again, right or wrong, the same answer.
    assert_eq!(same(&mut k, "east", &codes[0]), 409);
    // Once the director accepts the sheet, the same again.
    for (i, seat) in ["south", "west", "north"].into_iter().enumerate() {
        let r = sign(&mut k, id, seat, &codes[i + 1], Some(&phone));
        assert_eq!(r.status, 200, "{}", r.text());
    }
    expect(
        app.director()
            .post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        200,
    );
    let status = same(&mut k, "east", &codes[0]);
    assert!(matches!(status, 403 | 409), "{status}");
}

#[test]
fn a_guesser_cannot_make_the_real_player_wait() {
    let app = App::start(Backend::Sqlite);
    let (id, key, codes) = club(&app);
    let mut k = app.with_token(&key);
    enter_games(&mut k, id);
    // Someone at the table guesses South's code from their own phone.
    let guesser = "ef".repeat(32);
    let statuses: Vec<u16> = (0..25)
        .map(|_| sign(&mut k, id, "south", &wrong(&codes[1]), Some(&guesser)).status)
        .collect();
    assert_eq!(statuses[..20], [422; 20], "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    // South signs with their own code on the table's phone at once.
    let r = sign(&mut k, id, "south", &codes[1], Some(&"12".repeat(32)));
    assert_eq!(r.status, 200, "{}", r.text());
    // The guesser's phone still waits, even with the right code of another.
    let r = sign(&mut k, id, "west", &codes[2], Some(&guesser));
    assert_eq!(r.status, 429, "{}", r.text());
}
