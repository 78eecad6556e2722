//! The personal sign-off code (issue 14, point 6), on SQLite and
//! PostgreSQL: under rules that ask for one (`[sign_off] personal_code`), a
//! seat signs with the code its player reads on their own page (the QR
//! code on their badge); a wrong or missing code signs nothing, guesses
//! are limited, and the audit records "personal code" instead of a device.

mod common;

use common::*;
use serde_json::{Value, json};

on_both!(a_seat_signs_with_the_players_own_code_read_on_their_badges_page,);

const RULES: &str = r#"base = "standard"
[sign_off]
personal_code = { required = true, source = "club rule 9" }
"#;

fn sign(
    k: &mut jongg_server::client::Client,
    id: i64,
    seat: &str,
    code: Option<&str>,
) -> jongg_server::client::Response {
    let mut body = json!({ "seat": seat });
    if let Some(c) = code {
        body["code"] = json!(c);
    }
    k.post(&format!("{}/rounds/1/tables/1/sign", t(id)), &body)
        .unwrap()
}

fn a_seat_signs_with_the_players_own_code_read_on_their_badges_page(app: &mut App) {
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
    // The badges: one a player, each a QR code of the player's own page.
    let r = d.get(&format!("/director/t/{id}/badges")).unwrap();
    assert_eq!(r.status, 200);
    let badges = r.text();
    assert_eq!(badges.matches("class=\"badge\"").count(), 4, "{badges}");
    assert!(badges.contains("P3 <span class=\"hint\">#3</span>"));
    assert!(
        get_html_ok(app, "/director/t/{id}/players", id)
            .contains(&format!("href=\"/director/t/{id}/badges\""))
    );
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
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
    // The score page asks each seat for its player's code.
    let score = app
        .public()
        .get(&format!("/score?key={}", link["token"].as_str().unwrap()))
        .unwrap()
        .text();
    assert!(score.contains("id=\"code-east\""), "{score}");
    // Without the code, or with a wrong one, nothing is signed.
    let r = sign(&mut k, id, "east", None);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("personal code (club rule 9)"),
        "{}",
        r.text()
    );
    // The player's own page (the key is the one on the badge).
    // P1 (East) reads their code on their own page: the badge's address.
    let url = badges
        .split("data-url=\"")
        .nth(1)
        .map(|s| s[..s.find('"').unwrap()].to_string())
        .unwrap();
    let key = url.split("/me?key=").nth(1).unwrap();
    let code = me_code(app, key, "P1");
    assert_eq!(code.len(), 6);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let r = sign(&mut k, id, "east", Some(wrong));
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("that is not P1 (#1)'s personal code"),
        "{}",
        r.text()
    );
    // The /commands route cannot pretend a code was checked.
    let r = k
        .post(
            &format!("{}/commands", t(id)),
            &json!({ "kind": "sign_sheet", "round": 1, "table": 1, "seat": "east" }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("personal code (club rule 9)"),
        "{}",
        r.text()
    );
    let r = sign(&mut k, id, "east", Some(&format!(" {code} ")));
    assert_eq!(r.status, 200, "{}", r.text());
    let audit = expect(d.get(&format!("{}/audit", t(id))), 200);
    let signed: Vec<&Value> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["action"] == "signed")
        .collect();
    assert_eq!(signed.len(), 1, "{audit}");
    assert_eq!(signed[0]["device"], "personal code", "{audit}");
    // The audit page says how the seat signed (issue 14.6).
    let page = get_html_ok(app, &format!("/director/t/{id}/audit"), id);
    assert!(
        page.contains("personal code</td><td class=\"num\">1</td>"),
        "{page}"
    );
    // Guesses are limited per source (a device at the table's link; those
    // without a device cookie together): after many wrong codes, a wait.
    let mut last = 0;
    for _ in 0..25 {
        last = sign(&mut k, id, "south", Some(wrong)).status;
    }
    assert_eq!(last, 429);
    // An unknown key is a plain page, not a code.
    let r = app
        .public()
        .get(&format!("/me?key={}", "ab".repeat(32)))
        .unwrap();
    assert_eq!(r.status, 404);
    assert!(r.text().contains("not known here"));
}

fn get_html_ok(app: &App, path: &str, id: i64) -> String {
    let r = app
        .director()
        .get(&path.replace("{id}", &id.to_string()))
        .unwrap();
    assert_eq!(r.status, 200);
    r.text()
}

/// The code on a player's own page, opened with the badge's key.
fn me_code(app: &App, key: &str, name: &str) -> String {
    let r = app.public().get(&format!("/me?key={key}")).unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains(name), "{html}");
    assert!(html.contains("type this code on the table"), "{html}");
    let code = html.split("<strong id=\"code\">").nth(1).unwrap();
    code[..code.find('<').unwrap()].to_string()
}
