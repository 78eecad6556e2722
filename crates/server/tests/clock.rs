//! The round clock over HTTP (issue 14.5), on a test clock: every change and
//! reading names its moment (`at`), so nothing sleeps. On SQLite and
//! PostgreSQL.

mod common;

use common::*;
use serde_json::{Value, json};

on_both!(
    the_director_pauses_extends_and_restarts_the_clock_with_a_reason,
    only_the_director_changes_the_clock_and_mistakes_are_named,
);

fn now() -> i64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(d.as_millis()).unwrap()
}

fn page(app: &App, director: bool, path: &str) -> String {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    let r = c.get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

/// The pages read the clock from the server: a round started 55 minutes
/// ago (standard 23's hour, R15) is in its warning on the dashboard, the
/// projector, the standings and the score page; the director's controls
/// cite the timing rule. Once time is called (R7), the score page offers
/// its open game as "time was called".
#[test]
fn every_page_shows_the_clock_and_the_score_page_offers_time_called_r7() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    let minutes = 60;
    let start = now() - (minutes - 5) * MIN;
    expect(
        d.post(
            &format!("{}/rounds/1/start", t(id)),
            &json!({ "at": start }),
        ),
        200,
    );
    let dash = page(&app, true, &format!("/director/t/{id}"));
    assert!(
        dash.contains(r#"data-clock data-state="warning""#),
        "{dash}"
    );
    assert!(dash.contains("/rounds/1/clock"), "the clock controls");
    assert!(dash.contains("standard 23"), "the timing rule is cited");
    for path in [format!("/t/{id}"), format!("/t/{id}/projector")] {
        let html = page(&app, false, &path);
        assert!(html.contains(r#"data-state="warning""#), "{path}: {html}");
        assert!(html.contains("/assets/clock.js"), "{path}");
    }
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let url = link["url"].as_str().unwrap();
    let score = url[url.find("/score").unwrap()..].to_string();
    let html = page(&app, false, &score);
    assert!(html.contains(r#"data-state="warning""#), "{html}");
    assert!(html.contains("standard 23"), "the rule one tap away");
    // The offer is there for the script to show at time called, hidden now.
    assert!(
        html.contains(r#"data-show-at="time_called" hidden"#),
        "{html}"
    );
    // A round whose time ran out: start another tournament an hour and a half ago.
    let id2 = tournament(&app, "mississippi-2025", 4, 1);
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id2)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    expect(
        d.post(
            &format!("{}/rounds/1/start", t(id2)),
            &json!({ "at": now() - 90 * MIN }),
        ),
        200,
    );
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id2))), 200);
    let url = link["url"].as_str().unwrap();
    let html = page(&app, false, &url[url.find("/score").unwrap()..]);
    assert!(html.contains(r#"data-state="time_called""#), "{html}");
    assert!(
        html.contains(r#"data-show-at="time_called">"#),
        "shown: {html}"
    );
    assert!(html.contains(r#"data-time-called="1""#), "{html}");
    assert!(html.contains("(R7)"));
    // mississippi-2025: East keeps the games on time, and the text says so.
    assert!(
        html.contains("East makes sure each game finishes on time"),
        "{html}"
    );
}

const T0: i64 = 1_900_000_000_000;
const MIN: i64 = 60_000;

/// Seats and starts round 1 of a 4-player `standard` tournament at `T0`.
fn started(app: &App) -> i64 {
    let id = tournament(app, "standard", 4, 1);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    expect(
        d.post(&format!("{}/rounds/1/start", t(id)), &json!({ "at": T0 })),
        200,
    );
    id
}

fn clock_at(app: &App, id: i64, min: i64) -> Value {
    let at = T0 + min * MIN;
    expect(
        app.public()
            .get(&format!("{}/rounds/1/clock?at={at}", t(id))),
        200,
    )
}

fn adjust(app: &App, id: i64, min: i64, action: Value) {
    expect(
        app.director().post(
            &format!("{}/rounds/1/clock", t(id)),
            &json!({ "action": action, "reason": "fire alarm", "at": T0 + min * MIN }),
        ),
        200,
    );
}

/// The preset's timing rule (standard 23) and warning come with the clock;
/// R15's round minutes are its length.
fn the_director_pauses_extends_and_restarts_the_clock_with_a_reason(app: &mut App) {
    let id = started(app);
    let c = clock_at(app, id, 0);
    let minutes = c["clock"]["length_ms"].as_i64().unwrap() / MIN;
    assert_eq!(c["clock"]["state"], "running");
    assert!(
        c["rule"]["source"]
            .as_str()
            .unwrap()
            .contains("standard 23")
    );
    assert_eq!(c["warning"]["minutes"], 10);
    assert_eq!(clock_at(app, id, minutes - 10)["clock"]["state"], "warning");
    adjust(app, id, 20, json!({ "kind": "pause" }));
    let p = clock_at(app, id, 30);
    assert_eq!(p["clock"]["state"], "paused");
    assert_eq!(p["clock"]["left_ms"], (minutes - 20) * MIN);
    adjust(app, id, 30, json!({ "kind": "resume" }));
    adjust(app, id, 31, json!({ "kind": "extend", "minutes": 5 }));
    let r = clock_at(app, id, 40);
    assert_eq!(r["clock"]["left_ms"], (minutes - 30 + 5) * MIN);
    assert_eq!(r["clock"]["ends_at"], T0 + (minutes + 15) * MIN);
    let called = clock_at(app, id, minutes + 15);
    assert_eq!(called["clock"]["state"], "time_called");
    assert_eq!(called["clock"]["left_ms"], 0);
    adjust(app, id, minutes + 20, json!({ "kind": "restart" }));
    assert_eq!(
        clock_at(app, id, minutes + 20)["clock"]["left_ms"],
        minutes * MIN
    );
    // Kept in the log with the reason, and there after a restart of the server.
    app.restart();
    let c = clock_at(app, id, minutes + 21);
    let changes = c["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 4);
    assert!(changes.iter().all(|c| c["reason"] == "fire alarm"));
    assert_eq!(changes[2]["action"]["kind"], "extend");
    assert_eq!(c["clock"]["state"], "running");
    let audit = page(app, true, &format!("/director/t/{id}/audit"));
    assert!(
        audit.contains("The round clocks") && audit.contains("5 minutes added"),
        "{audit}"
    );
    assert!(audit.contains("fire alarm"));
    let log = expect(app.director().get(&format!("{}/export", t(id))), 200);
    assert!(log.to_string().contains("clock_adjusted"));
}

fn only_the_director_changes_the_clock_and_mistakes_are_named(app: &mut App) {
    let id = started(app);
    let url = format!("{}/rounds/1/clock", t(id));
    let pause = json!({ "action": { "kind": "pause" }, "reason": "ruling", "at": T0 + MIN });
    refused(app.public().post(&url, &pause), 401, "");
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/1/link", t(id))),
        200,
    );
    let mut k = app.with_token(link["token"].as_str().unwrap());
    refused(k.post(&url, &pause), 403, "");
    let mut d = app.director();
    refused(
        d.post(
            &url,
            &json!({ "action": { "kind": "resume" }, "reason": "x", "at": T0 + MIN }),
        ),
        409,
        "not paused",
    );
    refused(
        d.post(
            &url,
            &json!({ "action": { "kind": "pause" }, "reason": " ", "at": T0 + MIN }),
        ),
        422,
        "say why",
    );
    refused(
        d.post(
            &url,
            &json!({ "action": { "kind": "extend" }, "reason": "x" }),
        ),
        422,
        "the minutes are missing",
    );
    refused(
        d.post(
            &url,
            &json!({ "action": { "kind": "stop" }, "reason": "x" }),
        ),
        422,
        "action",
    );
    refused(
        app.public()
            .get(&format!("{}/rounds/1/clock?at=-9223372036854775808", t(id))),
        400,
        "between 1970 and 9999",
    );
    refused(
        app.public().get(&format!("{}/rounds/9/clock", t(id))),
        404,
        "",
    );
}

/// Issue 20.2: a score page already open kept counting while the round was
/// paused, and missed a 15-minute extension. Every page's clock names the
/// change feed to listen to and the clock to read again (clock.js), the
/// floor page shows the clock too, and a table's link (a caller with no
/// login) may read both.
#[test]
fn every_clock_names_the_feed_and_the_reading_it_follows() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    expect(
        d.post(&format!("{}/rounds/1/start", t(id)), &json!({})),
        200,
    );
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let url = link["url"].as_str().unwrap();
    let score = url[url.find("/score").unwrap()..].to_string();
    let feed = format!(r#"data-changes="/api/tournaments/{id}/changes""#);
    let read = format!(r#"data-read="/api/tournaments/{id}/rounds/1/clock""#);
    for (director, path) in [
        (false, score.clone()),
        (false, format!("/t/{id}")),
        (false, format!("/t/{id}/projector")),
        (true, format!("/director/t/{id}")),
        (true, format!("/floor/t/{id}")),
    ] {
        let html = page(&app, director, &path);
        let clock = html
            .split("data-clock ")
            .nth(1)
            .unwrap_or_else(|| panic!("{path}: no clock: {html}"));
        let tag = &clock[..clock.find('>').unwrap()];
        assert!(tag.contains(&feed), "{path}: {tag}");
        assert!(tag.contains(&read), "{path}: {tag}");
    }
    // The score page's caller: the table's key, or nothing at all.
    let key = link["token"].as_str().unwrap();
    for mut c in [app.public(), app.with_token(key)] {
        let r = c.get(&format!("{}/rounds/1/clock", t(id))).unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        let r = c.get(&format!("{}/changes", t(id))).unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(r.text().contains("data: "), "{}", r.text());
    }
    // A pause is read at once, as paused.
    expect(
        d.post(
            &format!("{}/rounds/1/clock", t(id)),
            &json!({ "action": { "kind": "pause" }, "reason": "a fire drill" }),
        ),
        200,
    );
    let c = expect(app.public().get(&format!("{}/rounds/1/clock", t(id))), 200);
    assert_eq!(c["clock"]["state"], "paused");
}
