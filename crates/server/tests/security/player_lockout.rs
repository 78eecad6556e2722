//! Issue 34.6: a player's public name was enough to lock them out (five
//! wrong guesses, then a minute doubling to an hour, with no known-device
//! exemption), and five failed player sign-ins from one address (a hall's
//! shared address) locked the director's login from a new device there.

use crate::common::*;
use jongg_server::client::{Client, Response};
use jongg_store::Backend;
use serde_json::json;

fn behind_proxy() -> App {
    App::start_with(Backend::Sqlite, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
}

fn post(
    c: &mut Client,
    path: &str,
    from: &str,
    cookie: Option<&str>,
    body: serde_json::Value,
) -> Response {
    let body = body.to_string();
    let mut headers = vec![("X-Forwarded-For", from)];
    if let Some(c) = cookie {
        headers.push(("Cookie", c));
    }
    c.request_with("POST", path, &headers, Some(body.as_bytes()))
        .unwrap()
}

fn set_cookie(r: &Response, name: &str) -> Option<String> {
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.strip_prefix(&format!("{name}="))?.split(';').next())
        .map(str::to_string)
}

const PW: &str = "ann's long password";

#[test]
fn a_guesser_does_not_lock_a_player_out_of_a_known_device() {
    let app = behind_proxy();
    let mut phone = app.public();
    let r = post(
        &mut phone,
        "/play/signup",
        "10.0.0.1",
        None,
        json!({ "name": "Ann", "password": PW }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let device = set_cookie(&r, "jongg_player_device").expect("the device is remembered");
    // Someone guessing Ann's password, from the hall's address.
    let mut guesser = app.public();
    let mut last = 0;
    for i in 0..8 {
        let r = post(
            &mut guesser,
            "/play/signin",
            "10.0.0.9",
            None,
            json!({ "name": "ann", "password": format!("guess number {i}") }),
        );
        last = r.status;
    }
    assert_eq!(last, 429, "the guesser waits");
    // The account is limited from a new device...
    let r = post(
        &mut app.public(),
        "/play/signin",
        "10.0.0.2",
        None,
        json!({ "name": "ann", "password": PW }),
    );
    assert_eq!(r.status, 429, "{}", r.text());
    let wait: u64 = r
        .header("retry-after")
        .expect("429 says when")
        .parse()
        .unwrap();
    assert!(wait >= 60, "{wait}");
    // ...but Ann's own phone signs in, even from the guesser's address.
    let cookie = format!("jongg_player_device={device}");
    let r = post(
        &mut phone,
        "/play/signin",
        "10.0.0.9",
        Some(&cookie),
        json!({ "name": "ann", "password": PW }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(set_cookie(&r, "jongg_player").is_some());
    // A known device is limited on its own: wrong guesses with its cookie wait too.
    for i in 0..5 {
        let r = post(
            &mut phone,
            "/play/signin",
            "10.0.0.9",
            Some(&cookie),
            json!({ "name": "ann", "password": format!("typo {i}") }),
        );
        assert_eq!(r.status, 401, "{}", r.text());
    }
    let r = post(
        &mut phone,
        "/play/signin",
        "10.0.0.9",
        Some(&cookie),
        json!({ "name": "ann", "password": PW }),
    );
    assert_eq!(r.status, 429, "{}", r.text());
}

#[test]
fn failed_player_sign_ins_do_not_lock_the_directors_login_at_the_same_address() {
    let app = behind_proxy();
    let hall = "10.0.0.50";
    let mut players = app.public();
    for i in 0..8 {
        post(
            &mut players,
            "/play/signin",
            hall,
            None,
            json!({ "name": format!("player{i}"), "password": "not the password" }),
        );
    }
    let r = post(
        &mut players,
        "/play/signin",
        hall,
        None,
        json!({ "name": "someone", "password": "not the password" }),
    );
    assert_eq!(
        r.status,
        429,
        "the address is limited for sign-ins: {}",
        r.text()
    );
    // The director, on a new device at the same address.
    let r = post(
        &mut app.public(),
        "/api/login",
        hall,
        None,
        json!({ "password": PASSWORD }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
}
