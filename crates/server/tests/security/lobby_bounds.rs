//! Issue 34.4 and 34.5: the lobby's rooms never expired and every view
//! read all of them (5,000 waiting rooms took a view from 1.9 ms to
//! 151 ms), and one room that did not read back answered 500 for the whole
//! lobby. Now a waiting room expires after a while without a join, an
//! account and an address have a bounded number waiting, the lobby reads a
//! page from the database, and a room that does not read back is set aside
//! (the director's home lists it) while the others are served.

use crate::common::*;
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::json;
use std::time::Duration;

fn behind_proxy(configure: impl FnOnce(&mut jongg_server::TableLimits)) -> App {
    App::start_with(Backend::Sqlite, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        c.play_tables_free = 1_000;
        c.play_sign_ups_free = 1_000;
        configure(&mut c.tables);
    })
}

fn post(
    app: &App,
    path: &str,
    from: &str,
    cookie: Option<&str>,
    body: serde_json::Value,
) -> Response {
    let body = body.to_string();
    let origin = format!("http://{}", app.addr);
    let mut headers = vec![
        ("X-Forwarded-For", from),
        ("Origin", origin.as_str()),
        ("Content-Type", "application/json"),
    ];
    let cookie = cookie.map(|c| format!("jongg_player={c}"));
    if let Some(c) = &cookie {
        headers.push(("Cookie", c));
    }
    app.public()
        .request_with("POST", path, &headers, Some(body.as_bytes()))
        .unwrap()
}

/// Signs `name` up; their session's cookie.
fn sign_up(app: &App, name: &str) -> String {
    let r = post(
        app,
        "/play/signup",
        "10.0.0.200",
        None,
        json!({ "name": name, "password": "a long enough password" }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.strip_prefix("jongg_player=")?.split(';').next())
        .map(str::to_string)
        .expect("a session cookie")
}

/// Opens a room of two open seats as `cookie`'s player, from `from`.
fn open_room(app: &App, cookie: &str, from: &str) -> Response {
    post(
        app,
        "/play/rooms",
        from,
        Some(cookie),
        json!({
            "rules": "standard",
            "seats": {"east": "person", "south": "person", "west": "medium", "north": "medium"},
        }),
    )
}

fn room_id(r: &Response) -> String {
    assert_eq!(r.status, 201, "{}", r.text());
    let v: serde_json::Value = serde_json::from_str(&r.text()).unwrap();
    v["id"].as_str().unwrap().to_string()
}

fn lobby(app: &App) -> Response {
    app.public()
        .request_with("GET", "/play", &[("Accept", "text/html")], None)
        .unwrap()
}

#[test]
fn waiting_rooms_are_bounded_per_account_and_per_address() {
    let app = behind_proxy(|_| {});
    let ann = sign_up(&app, "Ann");
    for i in 0..3 {
        room_id(&open_room(&app, &ann, &format!("10.0.1.{i}")));
    }
    let r = open_room(&app, &ann, "10.0.1.9");
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(
        r.text()
            .contains("you have 3 tables waiting for players, the most"),
        "{}",
        r.text()
    );
    // 20 from one address, by seven players, then the address waits.
    let mut opened = 0;
    for p in 0..7 {
        let cookie = sign_up(&app, &format!("Player {p}"));
        for _ in 0..3 {
            let r = open_room(&app, &cookie, "10.0.2.1");
            if opened < 20 {
                room_id(&r);
                opened += 1;
            } else {
                assert_eq!(r.status, 429, "{}", r.text());
                assert!(
                    r.text().contains("20 tables opened from this address"),
                    "{}",
                    r.text()
                );
            }
        }
    }
    // Another address is not held by that one.
    let ben = sign_up(&app, "Ben");
    room_id(&open_room(&app, &ben, "10.0.3.1"));
}

#[test]
fn a_waiting_room_nobody_joins_expires() {
    let app = behind_proxy(|t| t.room_idle = Duration::from_millis(50));
    let ann = sign_up(&app, "Ann");
    let first = room_id(&open_room(&app, &ann, "10.0.1.1"));
    assert!(
        lobby(&app)
            .text()
            .contains(&format!("/play/rooms/{first}\""))
    );
    // Past its idle time (sleeping longer only makes it older), the next
    // opening sweeps it away.
    std::thread::sleep(Duration::from_millis(120));
    let second = room_id(&open_room(&app, &ann, "10.0.1.1"));
    let page = lobby(&app).text();
    assert!(!page.contains(&format!("/play/rooms/{first}\"")), "{page}");
    assert!(page.contains(&format!("/play/rooms/{second}\"")), "{page}");
    assert!(page.contains("Waiting for players (1)"), "{page}");
}

#[test]
fn an_unreadable_room_is_set_aside_and_the_lobby_serves_the_rest() {
    let app = behind_proxy(|_| {});
    let ann = sign_up(&app, "Ann");
    let ben = sign_up(&app, "Ben");
    let good = room_id(&open_room(&app, &ann, "10.0.1.1"));
    let bad = room_id(&open_room(&app, &ben, "10.0.1.2"));
    let odd = room_id(&open_room(&app, &ben, "10.0.1.3"));
    // Not JSON (the store cannot read it), and JSON that is no room's
    // setup (the server cannot), written while the server runs.
    let url = app.db.as_ref().unwrap().url.clone();
    for (id, setup) in [(&bad, "{not json"), (&odd, "{\"table\": 7}")] {
        let sql = "UPDATE lobby_rooms SET setup = $1 WHERE id = $2";
        let changed = app
            .rt
            .block_on(jongg_store::testing::execute(&url, sql, &[setup, id]))
            .unwrap();
        assert_eq!(changed, 1);
    }
    let r = lobby(&app);
    assert_eq!(r.status, 200, "{}", r.text());
    let page = r.text();
    assert!(page.contains(&format!("/play/rooms/{good}\"")), "{page}");
    assert!(!page.contains(&bad) && !page.contains(&odd), "{page}");
    let home = app
        .director()
        .request_with("GET", "/director", &[("Accept", "text/html")], None)
        .unwrap()
        .text();
    assert!(home.contains("Lobby rooms set aside"), "{home}");
    assert!(
        home.contains(&format!("Room {bad}: its setup is not JSON")),
        "{home}"
    );
    assert!(home.contains(&format!("Room {odd}: its setup")), "{home}");
    // Started again, the director's home lists them before any lobby view.
    let mut app = app;
    app.restart();
    let home = app
        .director()
        .request_with("GET", "/director", &[("Accept", "text/html")], None)
        .unwrap()
        .text();
    assert!(
        home.contains(&format!("Room {bad}: its setup is not JSON")),
        "{home}"
    );
    assert!(home.contains(&format!("Room {odd}: its setup")), "{home}");
}
