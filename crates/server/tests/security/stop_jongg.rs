//! "Stop jongg" (issue 21.1): only the director stops the server, from a
//! page of this server (a form post with its `Origin`) or as JSON with the
//! session; anyone else is refused and the server goes on. The stop is
//! asked once more on a page that works without a script.

use crate::common::{App, expect, seat_and_start, tournament};
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::json;
use std::time::Duration;

/// A form post to `/api/stop` as the director, from `origin`.
fn form_stop(app: &App, origin: &str) -> Response {
    app.director()
        .request_with(
            "POST",
            "/api/stop",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin),
            ],
            Some(b"then=%2Fdirector%2Fstopped"),
        )
        .unwrap()
}

fn stopping(app: &App) -> bool {
    let said = expect(app.public().get("/api/server"), 200);
    assert_eq!(said["name"], "jongg");
    said["stopping"].as_bool().unwrap()
}

#[test]
fn only_the_directors_stop_from_this_server_stops_it() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(
        app.director()
            .get(&format!("/api/tournaments/{id}/rounds/1/tables/1/link")),
        200,
    );
    let table = link["token"].as_str().unwrap().to_string();

    assert_eq!(
        app.public().post("/api/stop", &json!({})).unwrap().status,
        401
    );
    assert_eq!(
        app.with_token(&table)
            .post("/api/stop", &json!({}))
            .unwrap()
            .status,
        403
    );
    // Another site's page posting the director's form: refused.
    assert_eq!(form_stop(&app, "http://evil.example").status, 403);
    // A body with something else in it is not a stop.
    let r = app
        .director()
        .post("/api/stop", &json!({ "now": true }))
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(!stopping(&app), "nothing refused stops the server");
    let page = app.director().get("/director/stopped").unwrap().text();
    assert!(page.contains("jongg is running"), "{page}");

    // The question, a page whose form needs no script.
    let question = app.director().get("/director/stop").unwrap();
    assert_eq!(question.status, 200);
    let text = question.text();
    assert!(
        text.contains(r#"<form method="post" action="/api/stop""#),
        "{text}"
    );
    assert!(text.contains("Yes, stop jongg") && text.contains("No, keep it running"));
    let home = app.director().get("/director").unwrap().text();
    assert!(
        home.contains(r#"href="/director/stop""#),
        "the director's page offers it"
    );

    // The director's form, from this server: to the page that says so.
    let r = form_stop(&app, &format!("http://{}", app.addr));
    assert_eq!(r.status, 303, "{}", r.text());
    let to = r.header("location").unwrap();
    assert_eq!(to, "/director/stopped");
    assert!(stopping(&app));
    let page = app.director().get(to).unwrap().text();
    assert!(
        page.contains("jongg has stopped") && page.contains("Double-click jongg"),
        "{page}"
    );
    // The server's owner (`jongg`, `jongg serve`) is told, and ends it.
    let told = app.rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(5), app.running().stop_requested()).await
    });
    assert!(
        told.is_ok(),
        "the stop reaches the program that runs the server"
    );
}
