//! The log never holds a secret (issue 12, point 6): a whole session of the
//! API and the pages, as a director, scorekeepers and the public would use
//! them, is run with every level logged (`trace`), in text and in JSON; then
//! the log is searched for every password, session, device cookie, setup
//! token and table key the session used. None may be there, while the lines
//! that say what happened (method, path, status, milliseconds, who) are.

use crate::common::{App, PASSWORD, expect, seat_and_start, t, tournament};
use jongg_server::logging::{LogFormat, layer};
use jongg_store::Backend;
use serde_json::{Value, json};
use std::io::Write;
use std::sync::{Arc, Mutex};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Log lines written into memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// The values of the `Set-Cookie` headers of an answer, by cookie name.
fn cookie(r: &jongg_server::client::Response, name: &str) -> Option<String> {
    r.headers
        .iter()
        .filter(|(h, _)| h == "set-cookie")
        .find_map(|(_, v)| {
            let (k, rest) = v.split_once('=')?;
            (k == name).then(|| rest.split(';').next().unwrap_or("").to_string())
        })
}

#[test]
fn the_log_of_a_whole_session_holds_no_key_session_or_password() {
    let (text, json_lines) = (Captured::default(), Captured::default());
    let (t2, j2) = (text.clone(), json_lines.clone());
    tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new("trace"))
        .with(layer(LogFormat::Text, move || t2.clone()))
        .with(layer(LogFormat::Json, move || j2.clone()))
        .try_init()
        .expect("the only log of this test process");

    let mut secrets: Vec<(String, String)> = vec![("the password".into(), PASSWORD.into())];
    let mut app = App::start_bare(Backend::Sqlite);
    let setup = app.setup_token().unwrap();
    secrets.push(("the setup token".into(), setup.clone()));
    let mut p = app.public();
    expect(p.get(&format!("/setup?token={setup}")), 200);
    expect(
        p.post(
            "/api/setup",
            &json!({ "token": setup, "password": PASSWORD }),
        ),
        201,
    );
    let wrong = "a wrong password 7d3e";
    secrets.push(("a wrong password".into(), wrong.into()));
    expect(p.post("/api/login", &json!({ "password": wrong })), 401);
    let login = p
        .post("/api/login", &json!({ "password": PASSWORD }))
        .unwrap();
    assert_eq!(login.status, 200, "{}", login.text());
    let session = login.json()["token"].as_str().unwrap().to_string();
    let device = cookie(&login, "jongg_device").expect("a device cookie");
    assert_eq!(cookie(&login, "jongg_session").as_deref(), Some(&*session));
    secrets.push(("the director's session".into(), session.clone()));
    secrets.push(("the device cookie".into(), device.clone()));

    // The director, by bearer token and by cookie.
    app.director_token = session.clone();
    let mut d = app.director();
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let by_cookie = [(
        "Cookie",
        format!("jongg_session={session}; jongg_device={device}"),
    )];
    let by_cookie: Vec<(&str, &str)> = by_cookie.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for page in [
        "/director".to_string(),
        format!("/director/t/{id}"),
        format!("/director/t/{id}/print/round/1/cards"),
    ] {
        let r = app
            .public()
            .request_with("GET", &page, &by_cookie, None)
            .unwrap();
        assert_eq!(r.status, 200, "{page}");
    }
    let links = expect(d.get(&format!("{}/rounds/1/links", t(id))), 200);
    let keys: Vec<String> = links["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["token"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(keys.len(), 2);
    for (i, k) in keys.iter().enumerate() {
        secrets.push((format!("table {}'s key", i + 1), k.clone()));
    }

    // The scorekeepers: by bearer token, by `?key=`, on the pages.
    let entry = |east: i32| {
        json!({ "entry": { "kind": "points",
            "points": { "east": east, "south": -10, "west": -10, "north": -10 }, "mah_jongg": "east" } })
    };
    for (i, key) in keys.iter().enumerate() {
        let table = i + 1;
        let base = format!("{}/rounds/1/tables/{table}", t(id));
        expect(app.public().get(&format!("/score?key={key}")), 200);
        expect(
            app.public().get(&format!("/api/scorekeeper?key={key}")),
            200,
        );
        let mut k = app.with_token(key);
        for g in 1..=3 {
            expect(k.put(&format!("{base}/games/{g}"), &entry(30)), 200);
        }
        let mut by_query = app.public();
        expect(
            by_query.put(&format!("{base}/games/4?key={key}"), &entry(30)),
            200,
        );
        for seat in ["east", "south", "west", "north"] {
            expect(
                k.post(&format!("{base}/sign"), &json!({ "seat": seat })),
                200,
            );
        }
        // Refused, and logged as refused: another table's sheet.
        let other = if table == 1 { 2 } else { 1 };
        let r = k
            .put(
                &format!("{}/rounds/1/tables/{other}/games/1", t(id)),
                &entry(30),
            )
            .unwrap();
        assert_eq!(r.status, 403);
        // A key pasted into a path by mistake is not shown either.
        let _ = app.public().get(&format!("/t/{key}/standings"));
        expect(d.post(&format!("{base}/accept"), &json!({})), 200);
    }
    let file = expect(d.get(&format!("{}/export", t(id))), 200);
    expect(d.post("/api/tournaments/import?name=Copy", &file), 201);
    expect(app.public().get(&format!("/t/{id}/standings.csv")), 200);

    // Logged out: the old session is refused, and still never shown.
    let r = d.post("/api/logout", &json!({})).unwrap();
    assert_eq!(r.status, 204);
    expect(d.get("/api/me"), 401);
    drop(app);

    let (text, json_lines) = (text.text(), json_lines.text());
    for (what, secret) in &secrets {
        for (format, log) in [("text", &text), ("JSON", &json_lines)] {
            assert!(
                !log.contains(secret.as_str()),
                "{what} is in the {format} log:\n{}",
                log.lines()
                    .filter(|l| l.contains(secret.as_str()))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }

    // What the lines do say: one a request, with method, path, status,
    // milliseconds and who asked.
    let game = format!("{}/rounds/1/tables/1/games/1", t(id));
    let line = text
        .lines()
        .find(|l| l.contains(&format!("method=PUT path={game} ")))
        .unwrap_or_else(|| panic!("no line for PUT {game}:\n{text}"));
    assert!(
        line.contains("caller=\"table 1 of round 1 of tournament"),
        "{line}"
    );
    assert!(
        line.contains("status=200") && line.contains("ms="),
        "{line}"
    );
    assert!(text.contains("path=/score?key=[redacted]"), "{text}");
    assert!(text.contains("path=/setup?token=[redacted]"), "{text}");
    assert!(text.contains("path=/t/[redacted]/standings"), "{text}");
    assert!(text.contains("login failed: wrong username or password"));
    assert!(
        text.contains("grouped commit"),
        "the commits at debug level"
    );
    let requests: Vec<Value> = json_lines
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["span"]["name"] == "request" && v["status"].is_number())
        .collect();
    assert!(requests.len() > 40, "{} request lines", requests.len());
    let refused = requests
        .iter()
        .find(|v| v["status"] == 403 && v["span"]["method"] == "PUT")
        .expect("the refused write has its line");
    assert!(refused["ms"].is_number(), "{refused}");
    assert!(
        json_lines
            .lines()
            .all(|l| serde_json::from_str::<Value>(l).is_ok()),
        "every JSON line is JSON"
    );
}
