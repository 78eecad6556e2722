//! A real server on a free loopback port over a fresh database (SQLite file
//! or PostgreSQL database), driven over HTTP like any client would.
#![allow(dead_code)]

use jongg_server::client::{Client, Response};
use jongg_server::{Config, Running};
use jongg_store::Backend;
use jongg_store::testing::TestDb;
use serde_json::{Value, json};
use std::net::SocketAddr;

pub const PASSWORD: &str = "correct horse battery";

pub struct App {
    pub rt: tokio::runtime::Runtime,
    running: Option<Running>,
    pub addr: SocketAddr,
    pub db: Option<TestDb>,
    pub director_token: String,
}

/// Generates one `sqlite` and one `postgres` test per case `fn case(&App)`.
#[macro_export]
macro_rules! on_both {
    ($($case:ident),* $(,)?) => { $(
        mod $case {
            #[test]
            fn sqlite() {
                let mut app = $crate::common::App::start(jongg_store::Backend::Sqlite);
                super::$case(&mut app);
            }
            #[test]
            fn postgres() {
                let mut app = $crate::common::App::start(jongg_store::Backend::Postgres);
                super::$case(&mut app);
            }
        }
    )* };
}

impl App {
    /// A server with a director whose password is set and who is logged in.
    pub fn start(backend: Backend) -> App {
        let mut app = App::start_bare(backend);
        let token = app.setup_and_login();
        app.director_token = token;
        app
    }

    /// A server as on first start: no director yet.
    pub fn start_bare(backend: Backend) -> App {
        App::start_bare_with(backend, |_| {})
    }

    /// Like [`App::start`], with the server's config changed by `configure`
    /// (a public https address, a trusted proxy, ...).
    pub fn start_with(backend: Backend, configure: impl FnOnce(&mut Config)) -> App {
        let mut app = App::start_bare_with(backend, configure);
        app.director_token = app.setup_and_login();
        app
    }

    pub fn start_bare_with(backend: Backend, configure: impl FnOnce(&mut Config)) -> App {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let db = rt.block_on(TestDb::new(backend));
        let mut config = Config::new(&db.url, "127.0.0.1:0".parse().unwrap());
        configure(&mut config);
        let running = rt.block_on(jongg_server::start(config)).unwrap();
        App {
            addr: running.addr,
            running: Some(running),
            rt,
            db: Some(db),
            director_token: String::new(),
        }
    }

    /// The running server (a test of what its owner is told).
    pub fn running(&self) -> &Running {
        self.running.as_ref().expect("the server runs")
    }

    pub fn setup_token(&self) -> Option<String> {
        self.running.as_ref().and_then(|r| r.setup_token.clone())
    }

    pub fn setup_and_login(&self) -> String {
        let token = self
            .setup_token()
            .expect("a fresh server prints a setup link");
        let r = self
            .public()
            .post(
                "/api/setup",
                &json!({ "token": token, "password": PASSWORD }),
            )
            .unwrap();
        assert_eq!(r.status, 201, "{}", r.text());
        let r = self
            .public()
            .post("/api/login", &json!({ "password": PASSWORD }))
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["token"].as_str().unwrap().to_string()
    }

    /// Stops the server and starts another on the same database.
    pub fn restart(&mut self) {
        self.restart_with(|_| {});
    }

    /// Stops the server, runs `between` on its database's URL while it is
    /// down, and starts it again on the same database.
    pub fn restart_with(&mut self, between: impl FnOnce(&str)) {
        let running = self.running.take().unwrap();
        self.rt.block_on(running.stop()).unwrap();
        between(&self.db.as_ref().unwrap().url);
        let url = self.db.as_ref().unwrap().url.clone();
        let running = self
            .rt
            .block_on(jongg_server::start(Config::new(
                &url,
                "127.0.0.1:0".parse().unwrap(),
            )))
            .unwrap();
        self.addr = running.addr;
        self.running = Some(running);
    }

    /// The database this server runs on.
    pub fn backend(&self) -> Backend {
        match &self.db {
            Some(db) if db.url.starts_with("postgres") => Backend::Postgres,
            _ => Backend::Sqlite,
        }
    }

    pub fn public(&self) -> Client {
        Client::new(self.addr)
    }

    pub fn director(&self) -> Client {
        Client::with_token(self.addr, &self.director_token)
    }

    pub fn with_token(&self, token: &str) -> Client {
        Client::with_token(self.addr, token)
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = self.rt.block_on(r.stop());
        }
        // Drop the database after the server let go of it.
        self.db.take();
    }
}

/// Asserts a status, showing the body if it differs; returns the JSON body.
#[track_caller]
pub fn expect(r: std::io::Result<Response>, status: u16) -> Value {
    let r = r.expect("the request failed");
    assert_eq!(r.status, status, "body: {}", r.text());
    r.json()
}

/// Asserts a 4xx whose message contains `needle`.
#[track_caller]
pub fn refused(r: std::io::Result<Response>, status: u16, needle: &str) {
    let body = expect(r, status);
    let msg = body["error"].as_str().unwrap_or_default();
    assert!(
        msg.contains(needle),
        "error {msg:?} does not contain {needle:?}"
    );
}

pub fn t(id: i64) -> String {
    format!("/api/tournaments/{id}")
}

/// Creates a tournament under `preset` with players 1..=n named P1..Pn.
pub fn tournament(app: &App, preset: &str, players: u32, rounds: u32) -> i64 {
    let mut d = app.director();
    let body = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": format!("Test {preset}"), "rules": { "kind": "preset", "name": preset }, "rounds": rounds }),
        ),
        201,
    );
    let id = body["id"].as_i64().unwrap();
    for n in 1..=players {
        expect(
            d.post(
                &format!("{}/players", t(id)),
                &json!({ "number": n, "name": format!("P{n}") }),
            ),
            201,
        );
    }
    id
}

/// A page's text, read as the director or as the public; asserts 200.
pub fn page_text(app: &App, path: &str, director: bool) -> String {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    let r = c.get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

/// The key of player `p`'s own page (`/me?key=`), read off the badges.
pub fn badge_key(app: &App, id: i64, p: u32) -> String {
    let html = page_text(app, &format!("/director/t/{id}/badges"), true);
    let at = html
        .find(&format!("aria-labelledby=\"badge-{p}\""))
        .and_then(|i| html[i..].find("/me?key=").map(|j| i + j + 8))
        .expect("a badge's key");
    html[at..at + 64].to_string()
}

/// The table and the token of the Play link of a player's page, whose
/// seat is `seat`.
pub fn play_link(html: &str, seat: &str) -> (String, String) {
    let html = html.replace("&#38;", "&");
    let at = html.find("href=\"/play/").expect("a Play link") + 12;
    let link = &html[at..at + html[at..].find('"').unwrap()];
    let (table, rest) = link
        .split_once(&format!("?seat={seat}&token="))
        .expect(link);
    (table.to_string(), rest.to_string())
}

/// The seating of a round: per table, the player in each seat (None: empty).
pub fn seating(app: &App, id: i64, round: u32) -> Vec<(u64, [Option<u64>; 4])> {
    let body = expect(app.public().get(&format!("{}/rounds/{round}", t(id))), 200);
    body["seating"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tb| {
            let s = &tb["seats"];
            let p = |k: &str| s[k].as_u64();
            (
                tb["table"].as_u64().unwrap(),
                [p("east"), p("south"), p("west"), p("north")],
            )
        })
        .collect()
}

pub const SEATS: [&str; 4] = ["east", "south", "west", "north"];

/// Plays one round with `points(table, game, seats) -> [i32; 4]`: enters
/// every game as the table's scorekeeper, signs every seat, accepts as the
/// director, closes the round.
/// Seats round `round` by `method` and starts it, as the director.
pub fn seat_and_start(app: &App, id: i64, round: u32, method: Value) {
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/{round}/seat", t(id)),
            &json!({ "method": method }),
        ),
        200,
    );
    expect(
        d.post(&format!("{}/rounds/{round}/start", t(id)), &json!({})),
        200,
    );
}

pub fn play_round(
    app: &App,
    id: i64,
    round: u32,
    method: Value,
    points: impl Fn(u64, u32, &[Option<u64>; 4]) -> [i32; 4],
) {
    seat_and_start(app, id, round, method);
    let mut d = app.director();
    let settings = expect(d.get(&t(id)), 200)["settings"].clone();
    let games = settings["games_per_round"].as_u64().unwrap() as u32;
    // East signs each game's line there (mississippi-2025 "Tournament Scoring").
    let east_signs_each_game = settings["rules"]["name"] == "mississippi-2025";
    for (table, seats) in seating(app, id, round) {
        let link = expect(
            d.get(&format!("{}/rounds/{round}/tables/{table}/link", t(id))),
            200,
        );
        let mut k = app.with_token(link["token"].as_str().unwrap());
        for g in 1..=games {
            let p = points(table, g, &seats);
            let mj = (0..4)
                .filter(|&i| seats[i].is_some())
                .max_by_key(|&i| p[i])
                .map(|i| SEATS[i]);
            let entry = json!({ "kind": "points",
                "points": { "east": p[0], "south": p[1], "west": p[2], "north": p[3] },
                "mah_jongg": mj });
            expect(
                k.put(
                    &format!("{}/rounds/{round}/tables/{table}/games/{g}", t(id)),
                    &json!({ "entry": entry }),
                ),
                200,
            );
            if east_signs_each_game {
                expect(
                    k.post(
                        &format!("{}/rounds/{round}/tables/{table}/sign", t(id)),
                        &json!({ "seat": "east", "game": g }),
                    ),
                    200,
                );
            }
        }
        for (i, s) in seats.iter().enumerate() {
            if s.is_some() {
                expect(
                    k.post(
                        &format!("{}/rounds/{round}/tables/{table}/sign", t(id)),
                        &json!({ "seat": SEATS[i] }),
                    ),
                    200,
                );
            }
        }
        expect(
            d.post(
                &format!("{}/rounds/{round}/tables/{table}/accept", t(id)),
                &json!({}),
            ),
            200,
        );
    }
    expect(
        d.post(&format!("{}/rounds/{round}/close", t(id)), &json!({})),
        200,
    );
}

/// Points by player number from the standings.
pub fn totals(app: &App, id: i64) -> std::collections::BTreeMap<u64, i64> {
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["player"].as_u64().unwrap(), r["points"].as_i64().unwrap()))
        .collect()
}

/// A browser's form post (`Origin` of this server) as the director, as a
/// page sends it without its script.
pub fn form(app: &App, path: &str, body: &str) -> Response {
    let origin = format!("http://{}", app.addr);
    app.director()
        .request_with(
            "POST",
            path,
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(body.as_bytes()),
        )
        .unwrap()
}
