//! Finding 5, the smaller ones: a NUL in a login name gave a 500 on
//! PostgreSQL; an expired session still worked for up to a minute (a token
//! cache); eight spaces were a password and a 1.9 MB one was hashed;
//! unknown fields and duplicate keys were taken silently; 2026-02-30 was a
//! date.

use crate::common::*;
use crate::on_both;
use jongg_store::{Backend, Store};
use serde_json::json;
use std::time::Duration;

on_both!(
    a_nul_character_is_refused_as_a_4xx,
    an_expired_or_ended_session_fails_at_once,
);

fn a_nul_character_is_refused_as_a_4xx(app: &mut App) {
    let mut p = app.public();
    // The attack: a NUL in the login name (a 500 on PostgreSQL before).
    refused(
        p.post(
            "/api/login",
            &json!({ "username": "dir\u{0}ector", "password": "whatever it is" }),
        ),
        422,
        "`username` contains a NUL character",
    );
    // In any text of any body, at any depth, and in a key.
    let mut d = app.director();
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T\u{0}", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        422,
        "`name` contains a NUL",
    );
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": { "kind": "preset", "name": "stan\u{0}dard" } }),
        ),
        422,
        "`rules.name` contains a NUL",
    );
    let id = tournament(app, "standard", 0, 1);
    refused(
        d.post(
            &format!("/director/t/{id}/players.csv"),
            &json!({ "csv": "1,Ann\u{0}\n" }),
        ),
        422,
        "`csv` contains a NUL",
    );
    refused(
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": 1, "name": "Ann", "a\u{0}": 1 }),
        ),
        422,
        "contains a NUL",
    );
    // The database never saw one: the server is fine and nothing was stored.
    let r = expect(app.public().get(&format!("{}/players", t(id))), 200);
    assert_eq!(r["players"].as_array().unwrap().len(), 0);
    expect(p.post("/api/login", &json!({ "password": PASSWORD })), 200);
}

fn an_expired_or_ended_session_fails_at_once(app: &mut App) {
    let url = app.db.as_ref().unwrap().url.clone();
    let store = app.rt.block_on(Store::connect(&url)).unwrap();
    // A session of 1.5 s, used once (the old cache believed it for 60 s).
    let short = app
        .rt
        .block_on(store.new_session("director", 1500))
        .unwrap();
    let mut s = app.with_token(&short);
    assert_eq!(expect(s.get("/api/me"), 200)["role"], "director");
    std::thread::sleep(Duration::from_millis(1700));
    refused(s.get("/api/me"), 401, "not valid");
    refused(
        s.post(
            "/api/tournaments",
            &json!({ "name": "Late", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        401,
        "not valid",
    );
    // A session ended elsewhere (another server on the same database, or
    // by hand) fails on its next request too.
    let long = app
        .rt
        .block_on(store.new_session("director", 3_600_000))
        .unwrap();
    let mut l = app.with_token(&long);
    assert_eq!(expect(l.get("/api/me"), 200)["role"], "director");
    app.rt.block_on(store.end_session(&long)).unwrap();
    refused(l.get("/api/me"), 401, "not valid");
    app.rt.block_on(store.close());
}

#[test]
fn a_password_has_10_to_128_characters_and_is_not_blank() {
    let app = App::start_bare(Backend::Sqlite);
    let token = app.setup_token().unwrap();
    let mut p = app.public();
    let setup = |p: &mut jongg_server::client::Client, pw: &str| {
        p.post("/api/setup", &json!({ "token": token, "password": pw }))
    };
    refused(setup(&mut p, "        "), 422, "the password is blank");
    refused(setup(&mut p, &" ".repeat(40)), 422, "the password is blank");
    refused(setup(&mut p, "nine char"), 422, "at least 10 characters");
    refused(
        setup(&mut p, &"x".repeat(129)),
        422,
        "at most 128 characters",
    );
    // A 1.9 MB password is not read, let alone hashed.
    let r = setup(&mut p, &"x".repeat(1_900_000)).unwrap();
    assert_eq!(r.status, 413, "{}", r.text());
    expect(setup(&mut p, "ten chars!"), 201);
    let r = p
        .post("/api/login", &json!({ "password": "y".repeat(1_900_000) }))
        .unwrap();
    assert_eq!(r.status, 413);
    refused(
        p.post("/api/login", &json!({ "password": "y".repeat(1025) })),
        422,
        "1 to 1024 characters",
    );
    refused(
        p.post("/api/login", &json!({ "password": "" })),
        422,
        "1 to 1024 characters",
    );
    expect(
        p.post("/api/login", &json!({ "password": "ten chars!" })),
        200,
    );
}

#[test]
fn unknown_fields_and_duplicate_keys_are_refused_by_name() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let rules = json!({ "kind": "preset", "name": "standard" });
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": rules, "colour": "red" }),
        ),
        422,
        "unknown field `colour`",
    );
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": { "kind": "preset", "name": "standard", "year": 2026 } }),
        ),
        422,
        // Named by its whole path (issue 12).
        "unknown field `rules.year`",
    );
    refused(
        d.post(
            "/api/login",
            &json!({ "password": PASSWORD, "remember": true }),
        ),
        422,
        "unknown field `remember`",
    );
    let id = tournament(&app, "standard", 4, 1);
    refused(
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": 5, "nmae": "Typo" }),
        ),
        422,
        "unknown field `nmae`",
    );
    refused(
        d.post(
            &format!("{}/commands", t(id)),
            &json!({ "kind": "mark_late", "number": 4, "why": "bus" }),
        ),
        422,
        "unknown field `why`",
    );
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let game = format!("{}/rounds/1/tables/1/games/1", t(id));
    refused(
        d.put(
            &game,
            &json!({ "entry": { "kind": "points", "mah_jongg": "east", "bonus": 5,
                "points": { "east": 25, "south": -25, "west": 0, "north": 0 } } }),
        ),
        422,
        "unknown field `entry.bonus`",
    );
    // Duplicate keys (JSON text: serde_json would keep the last silently).
    let dup = |body: &str, path: &str| {
        let r = app
            .director()
            .request("POST", path, Some(body.as_bytes()))
            .unwrap();
        assert_eq!(r.status, 400, "{}", r.text());
        r.json()["error"].as_str().unwrap().to_string()
    };
    let players = format!("{}/players", t(id));
    let e = dup(r#"{"number": 9, "name": "A", "name": "B"}"#, &players);
    assert!(e.contains("gives `name` twice"), "{e}");
    let r = app
        .director()
        .request(
            "PUT",
            &game,
            Some(br#"{"entry": {"kind": "points", "points": {"east": 25, "east": 30, "south": 0, "west": 0, "north": 0}}}"#),
        )
        .unwrap();
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.text().contains("`entry.points.east` twice"),
        "{}",
        r.text()
    );
    // A kind by number (serde would take 0 as the first kind, "preset").
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": { "kind": 0, "name": "standard" } }),
        ),
        422,
        "`rules.kind` must be a name",
    );
    let list = expect(app.public().get(&players), 200);
    assert_eq!(list["players"].as_array().unwrap().len(), 4);
}

#[test]
fn an_impossible_date_is_refused() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let rules = json!({ "kind": "preset", "name": "standard" });
    for bad in [
        "2026-02-30",
        "2025-02-29",
        "2026-04-31",
        "2026-13-01",
        "2026-00-00",
    ] {
        refused(
            d.post(
                "/api/tournaments",
                &json!({ "name": "T", "rules": rules, "dates": [bad] }),
            ),
            422,
            &format!("`{bad}` is not a day of the calendar"),
        );
    }
    let r = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": rules, "dates": ["2028-02-29"] }),
        ),
        201,
    );
    let id = r["id"].as_i64().unwrap();
    refused(
        d.patch(&t(id), &json!({ "dates": ["2026-02-29"] })),
        422,
        "not a day of the calendar",
    );
}
