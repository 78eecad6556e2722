//! Table cards for the whole event and "where do I sit?" (issue 13, point
//! 3), over HTTP on SQLite and PostgreSQL.

mod common;

use common::*;
use serde_json::json;

on_both!(
    a_table_card_opens_the_table_s_sheet_of_the_round_under_way,
    a_typed_code_opens_the_table_and_guesses_are_limited,
    where_do_i_sit_shows_this_round_and_the_next,
);

/// The tents page as the director sees it: (table, url, code) per card.
fn cards(app: &App, id: i64) -> (String, Vec<(u32, String, String)>) {
    let r = app
        .director()
        .get(&format!("/director/t/{id}/tents"))
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    let mut out = Vec::new();
    for part in html.split("aria-labelledby=\"tent-").skip(1) {
        let table: u32 = part[..part.find('"').unwrap()].parse().unwrap();
        let attr = |name: &str| {
            let at = part.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            part[at..at + part[at..].find('"').unwrap()].replace("&amp;", "&")
        };
        out.push((table, attr("data-url"), attr("data-code")));
    }
    (html, out)
}

fn path_of(url: &str) -> String {
    url[url.find("/table").unwrap()..].to_string()
}

/// Follows one redirect to the score page; returns its HTML.
fn follow(app: &App, path: &str) -> String {
    let r = app.public().get(path).unwrap();
    assert_eq!(r.status, 303, "{path}: {}", r.text());
    let to = r.header("location").unwrap().to_string();
    assert!(to.starts_with("/score?key="), "{to}");
    let page = app.public().get(&to).unwrap();
    assert_eq!(page.status, 200, "{}", page.text());
    page.text()
}

fn a_table_card_opens_the_table_s_sheet_of_the_round_under_way(app: &mut App) {
    let id = tournament(app, "standard", 7, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let (html, found) = cards(app, id);
    assert_eq!(found.len(), 2, "{html}");
    let (table, url, code) = &found[1];
    assert_eq!(*table, 2);
    assert_eq!(code.len(), 6);
    let key = &url[url.find("key=").unwrap() + 4..];
    assert_eq!(key.len(), 64, "the key is long and secret");
    // A table of three's card says what changes there (R12, standard 3A).
    assert!(
        html.contains("No Charleston at a table of three."),
        "{html}"
    );
    let page = follow(app, &path_of(url));
    assert!(page.contains(r#"<span class="table-no">Table 2</span>"#));
    assert!(page.contains(r#"<span class="table-round">Round 1</span>"#));
    // The same card, printed again, is the same card.
    assert_eq!(cards(app, id).1, found);
    // Round 1 closes, round 2 starts: the same card opens round 2.
    let mut d = app.director();
    for (t, _, _) in &found {
        let link = expect(
            d.get(&format!("{}/rounds/1/tables/{t}/link", self::t(id))),
            200,
        );
        let mut k = app.with_token(link["token"].as_str().unwrap());
        for g in 1..=4 {
            expect(
                k.put(
                    &format!("{}/rounds/1/tables/{t}/games/{g}", self::t(id)),
                    &json!({ "entry": { "kind": "record", "record": { "result": "wall" } } }),
                ),
                200,
            );
        }
        for s in SEATS {
            let _ = k.post(
                &format!("{}/rounds/1/tables/{t}/sign", self::t(id)),
                &json!({ "seat": s }),
            );
        }
        expect(
            d.post(
                &format!("{}/rounds/1/tables/{t}/accept", self::t(id)),
                &json!({}),
            ),
            200,
        );
    }
    expect(
        d.post(&format!("{}/rounds/1/close", self::t(id)), &json!({})),
        200,
    );
    seat_and_start(app, id, 2, json!({ "kind": "movement" }));
    let page = follow(app, &path_of(url));
    assert!(
        page.contains(r#"<span class="table-round">Round 2</span>"#),
        "{page}"
    );
    // An unknown key is a plain page, not a sheet.
    let r = app
        .public()
        .get(&format!("/table?key={}", "0".repeat(64)))
        .unwrap();
    assert_eq!(r.status, 404);
    assert!(r.text().contains("Type the code printed on the card"));
}

fn a_typed_code_opens_the_table_and_guesses_are_limited(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let (_, found) = cards(app, id);
    let (_, _, code) = &found[0];
    // Typed in lower case with a space: the same code.
    let typed = format!("{}%20{}", code[..3].to_lowercase(), &code[3..]);
    let page = follow(app, &format!("/code?code={typed}"));
    assert!(page.contains(r#"<span class="table-no">Table 1</span>"#));
    let form = app.public().get("/code").unwrap();
    assert_eq!(form.status, 200);
    assert!(
        form.text()
            .contains(r#"<form method="get" action="/code">"#)
    );
    let r = app.public().get("/code?code=12").unwrap();
    assert_eq!(r.status, 422);
    assert!(r.text().contains("6 letters and digits"));
    // Wrong codes: 20 are answered, then the address must wait.
    let wrong = if code == "222222" { "333333" } else { "222222" };
    let mut statuses = Vec::new();
    for _ in 0..20 {
        statuses.push(
            app.public()
                .get(&format!("/code?code={wrong}"))
                .unwrap()
                .status,
        );
    }
    assert!(statuses[..18].iter().all(|&s| s == 404), "{statuses:?}");
    let r = app.public().get(&format!("/code?code={code}")).unwrap();
    assert_eq!(
        r.status, 429,
        "even a right code waits once the address guessed too often"
    );
    assert!(r.text().contains("Too many codes"));
}

fn where_do_i_sit_shows_this_round_and_the_next(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    let get = |q: &str| {
        let r = app.public().get(&format!("/t/{id}/seat{q}")).unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        r.text()
    };
    let form = get("");
    assert!(form.contains(&format!(r#"<form method="get" action="/t/{id}/seat">"#)));
    // By number: player 6 is South at table 2 with P5, P7, P8.
    let html = get("?who=6");
    assert!(html.contains("Table 2, South"), "{html}");
    assert!(html.contains("East: P5") && html.contains("West: P7") && html.contains("North: P8"));
    assert!(html.contains("The next round is not seated yet."));
    // Round 2 seated (not started): shown as the next round.
    expect(
        app.director().post(
            &format!("{}/rounds/2/seat", t(id)),
            &json!({ "method": { "kind": "movement" } }),
        ),
        200,
    );
    let html = get("?who=P6");
    assert!(
        html.contains("Round 1 (this round)") && html.contains("Round 2 (next round)"),
        "{html}"
    );
    // A name several players share: pick one.
    let html = get("?who=p");
    assert!(html.contains("Which one are you?"));
    let html = get("?who=nobody");
    assert!(html.contains("No player has the number or name"));
}
