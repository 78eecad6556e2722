//! Finding 19.7: the floor officials' logins. Anyone could lock an official
//! out with five wrong guesses; an official of no tables warned a player of
//! another table; a password reset left the officials' sessions working;
//! and the route refused an official calling the director, which
//! docs/floor.md said they may.

use crate::common::*;
use jongg_server::client::{Client, Response};
use jongg_store::{Backend, Store};
use serde_json::json;

const MONITOR_PASSWORD: &str = "monitor password";

/// A server behind a "proxy" on loopback (so each client may give its own
/// address), with a tournament whose round 1 is under way (8 players by
/// number: table 1 holds players 1-4, table 2 players 5-8) and official 1,
/// `monitor`, watching `tables`.
fn floor(tables: &[u32]) -> (App, i64) {
    let app = App::start_with(Backend::Sqlite, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    });
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    expect(
        app.director().post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Monitor", "tables": tables,
                     "username": "monitor", "password": MONITOR_PASSWORD }),
        ),
        200,
    );
    (app, id)
}

fn login(c: &mut Client, from: &str, password: &str, device: Option<&str>) -> Response {
    let body = json!({ "username": "monitor", "password": password }).to_string();
    let cookie = device.map(|d| format!("jongg_device={d}"));
    let mut headers = vec![("X-Forwarded-For", from)];
    if let Some(c) = &cookie {
        headers.push(("Cookie", c.as_str()));
    }
    c.request_with("POST", "/api/login", &headers, Some(body.as_bytes()))
        .unwrap()
}

fn device_cookie(r: &Response) -> Option<String> {
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.strip_prefix("jongg_device=")?.split(';').next())
        .map(str::to_string)
}

fn official_token(app: &App) -> String {
    let mut c = app.public();
    let r = login(&mut c, "198.51.100.20", MONITOR_PASSWORD, None);
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["token"].as_str().unwrap().to_string()
}

#[test]
fn an_attacker_does_not_lock_an_official_out_of_a_known_device() {
    let (app, _) = floor(&[1]);
    let mut c = app.public();
    // The official logs in on their phone: it is remembered.
    let r = login(&mut c, "198.51.100.20", MONITOR_PASSWORD, None);
    assert_eq!(r.status, 200, "{}", r.text());
    let device = device_cookie(&r).expect("an official's login remembers the device");
    // Someone guesses their password five times, from anywhere.
    for i in 0..5 {
        let r = login(&mut c, "203.0.113.9", &format!("guess {i}"), None);
        assert_eq!(r.status, 401, "{}", r.text());
    }
    // The account now waits, from a new device ...
    let r = login(&mut c, "198.51.100.21", MONITOR_PASSWORD, None);
    assert_eq!(r.status, 429, "{}", r.text());
    // ... but the official's own phone logs in, from the same hall.
    let r = login(&mut c, "198.51.100.21", MONITOR_PASSWORD, Some(&device));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["role"], "official");
    assert_eq!(device_cookie(&r), None, "a known device keeps its cookie");
    // The director's device is not an official's: it counts for nothing here.
    let r = login(
        &mut c,
        "198.51.100.22",
        "wrong again",
        Some(&"cd".repeat(32)),
    );
    assert_eq!(r.status, 429, "{}", r.text());
}

#[test]
fn an_official_of_other_tables_may_not_warn_a_player() {
    let (app, id) = floor(&[1]);
    let mut o = app.with_token(&official_token(&app));
    let warn = |o: &mut Client, n: u32| {
        o.post(
            &format!("{}/players/{n}/warn", t(id)),
            &json!({ "reason": "loud table talk" }),
        )
        .unwrap()
    };
    // Player 5 sits at table 2, not one of the official's.
    let r = warn(&mut o, 5);
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(r.text().contains("table 2"), "{}", r.text());
    let sanctions = expect(app.director().get(&format!("{}/floor", t(id))), 200);
    assert!(
        !sanctions.to_string().contains("loud table talk"),
        "{sanctions}"
    );
    // Their own table's player: yes.
    let r = warn(&mut o, 3);
    assert_eq!(r.status, 200, "{}", r.text());
    // An official of no tables warns nobody.
    expect(
        app.director().post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Monitor", "tables": [] }),
        ),
        200,
    );
    let r = warn(&mut o, 3);
    assert_eq!(r.status, 403, "{}", r.text());
}

#[test]
fn a_password_reset_ends_the_officials_sessions() {
    let (app, _) = floor(&[1]);
    let token = official_token(&app);
    assert_eq!(
        expect(app.with_token(&token).get("/api/me"), 200)["role"],
        "official"
    );
    let url = app.db.as_ref().unwrap().url.clone();
    let reset = app.rt.block_on(async {
        let store = Store::connect(&url).await.unwrap();
        let reset = store.reset_director().await.unwrap();
        store.close().await;
        reset
    });
    assert_eq!(reset.official_sessions, 1);
    let r = app.with_token(&token).get("/api/me").unwrap();
    assert_eq!(r.status, 401, "the official's session ended: {}", r.text());
    // Their login stays: they log in again with their own password.
    official_token(&app);
}

#[test]
fn a_floor_official_may_call_the_director_for_their_table() {
    let (app, id) = floor(&[1]);
    let mut o = app.with_token(&official_token(&app));
    let call = |o: &mut Client, table: u32| {
        o.post(
            &format!("{}/rounds/1/tables/{table}/call", t(id)),
            &json!({ "reason": "a dispute at the wall" }),
        )
        .unwrap()
    };
    let r = call(&mut o, 1);
    assert_eq!(r.status, 200, "{}", r.text());
    let calls = expect(o.get(&format!("{}/calls", t(id))), 200);
    assert!(
        calls.to_string().contains("a dispute at the wall"),
        "{calls}"
    );
    // Not for a table that is not theirs.
    let r = call(&mut o, 2);
    assert_eq!(r.status, 403, "{}", r.text());
}
