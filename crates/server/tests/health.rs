//! Health and readiness for a reverse proxy (issue 21, point 3): `/healthz`
//! answers while the process runs, `/readyz` while the database answers too
//! (503 once it is gone), neither asks for a login, and a probe every few
//! seconds does not fill the log at `info`.

mod common;

use common::*;
use jongg_server::logging::{LogFormat, layer};
use jongg_store::Backend;
use std::io::Write;
use std::sync::{Arc, Mutex};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

on_both!(both_answer_ok_without_a_login);

fn both_answer_ok_without_a_login(app: &mut App) {
    for path in ["/healthz", "/readyz"] {
        let body = expect(app.public().get(path), 200);
        assert_eq!(body, serde_json::json!({ "status": "ok" }), "{path}");
    }
}

#[test]
fn readyz_fails_with_503_once_the_database_is_gone_while_healthz_still_answers() {
    let mut app = App::start(Backend::Postgres);
    expect(app.public().get("/readyz"), 200);
    // Dropping the test database (WITH FORCE) ends the server's connections
    // and leaves nothing to connect to.
    drop(app.db.take());
    refused(
        app.public().get("/readyz"),
        503,
        "the database does not answer",
    );
    expect(app.public().get("/healthz"), 200);
}

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

#[test]
fn a_probe_is_not_logged_at_info_while_other_requests_are() {
    let captured = Captured::default();
    let writer = captured.clone();
    tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new("info"))
        .with(layer(LogFormat::Text, move || writer.clone()))
        .try_init()
        .expect("the only log of this test process");
    let app = App::start(Backend::Sqlite);
    expect(app.public().get("/healthz"), 200);
    expect(app.public().get("/readyz"), 200);
    expect(app.public().get("/api/tournaments"), 200);
    let log = String::from_utf8_lossy(&captured.0.lock().unwrap()).into_owned();
    // Other tests of this file may run in this process (`cargo test`): only
    // the `info` lines of a successful probe count.
    let info = |path: &str| {
        log.lines()
            .filter(|l| l.contains(" INFO "))
            .any(|l| l.contains(&format!("path={path} ")) || l.contains(&format!("path={path}}}")))
    };
    assert!(info("/api/tournaments"), "{log}");
    assert!(!info("/healthz"), "{log}");
    assert!(!info("/readyz"), "{log}");
}
