//! Issue 34.1: password hashes had no bound. Each argon2 hash holds 19 MiB
//! for its length; 100 sign-ups and sign-ins sent at once held 1.9 GB. Now
//! at most `at_once` run, `waiting` more wait their turn, and the rest are
//! answered 503 with `Retry-After` before any hashing.

use crate::common::*;
use jongg_server::HashLimits;
use jongg_store::Backend;
use serde_json::{Value, json};
use std::sync::{Arc, Barrier};

/// One hash at a time and two waiting, behind a "proxy" so that each
/// request comes from an address of its own (no sign-up or sign-in limit).
fn narrow() -> App {
    App::start_with(Backend::Sqlite, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        c.hashing = HashLimits {
            at_once: 1,
            waiting: 2,
        };
    })
}

/// Sends `bodies` to `path` all at once, each from its own address; the
/// status and `Retry-After` of each answer.
fn all_at_once(app: &App, path: &'static str, bodies: Vec<Value>) -> Vec<(u16, Option<String>)> {
    let barrier = Arc::new(Barrier::new(bodies.len()));
    let addr = app.addr;
    std::thread::scope(|s| {
        let handles: Vec<_> = bodies
            .into_iter()
            .enumerate()
            .map(|(i, body)| {
                let barrier = barrier.clone();
                s.spawn(move || {
                    let mut c = jongg_server::client::Client::new(addr);
                    c.get("/api/me").unwrap();
                    let from = format!("10.1.{}.{}", i / 250, i % 250 + 1);
                    let body = body.to_string();
                    barrier.wait();
                    let r = c
                        .request_with(
                            "POST",
                            path,
                            &[("X-Forwarded-For", &from)],
                            Some(body.as_bytes()),
                        )
                        .unwrap();
                    (r.status, r.header("retry-after").map(str::to_string))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Every answer is a success or a 503 with a `Retry-After` of at least a
/// second; some are 503s; never more than one hash ran at once.
fn bounded(app: &App, answers: &[(u16, Option<String>)], ok: u16) {
    let mut busy = 0;
    for (status, retry) in answers {
        match status {
            503 => {
                busy += 1;
                let secs: u64 = retry.as_deref().expect("a 503 says when").parse().unwrap();
                assert!(secs >= 1, "{answers:?}");
            }
            s => assert_eq!(*s, ok, "{answers:?}"),
        }
    }
    assert!(busy > 0, "40 hashes at once and none refused: {answers:?}");
    assert!(busy < answers.len(), "{answers:?}");
    assert_eq!(app.running().hashing_peak(), 1, "hashes run at once");
}

#[test]
fn sign_ups_beyond_the_hashing_bound_wait_or_get_503_with_retry_after() {
    let app = narrow();
    let bodies = (0..40)
        .map(|i| json!({ "name": format!("player{i}"), "password": "a long password" }))
        .collect();
    let answers = all_at_once(&app, "/play/signup", bodies);
    bounded(&app, &answers, 200);
}

#[test]
fn sign_ins_beyond_the_hashing_bound_wait_or_get_503_with_retry_after() {
    let app = narrow();
    let r = app
        .public()
        .post(
            "/play/signup",
            &json!({ "name": "ann", "password": "a long password" }),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    // Names of no account (each its own, so no account's limit is reached):
    // each checks the dummy hash, as long as a real one, and is a 401.
    let bodies = (0..40)
        .map(|i| json!({ "name": format!("nobody{i}"), "password": "a long password" }))
        .collect();
    let answers = all_at_once(&app, "/play/signin", bodies);
    bounded(&app, &answers, 401);
    // Once the burst is over, a sign-in is served again.
    let r = app
        .public()
        .post(
            "/play/signin",
            &json!({ "name": "ann", "password": "a long password" }),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
}
