//! The floor through the API (issue 14.2-14.4), on SQLite and PostgreSQL:
//! a table calls the director, a floor official (their own login, a set of
//! tables) sees the call, takes it and closes it with the preset's ruling,
//! which goes on the sheet; discipline reaches the standings and the
//! floor's audit.

mod common;

use common::*;
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

on_both!(
    a_call_reaches_an_official_who_closes_it_with_a_ruling_on_the_sheet,
    discipline_reaches_the_standings_and_the_floors_audit,
);

const MONITOR_PASSWORD: &str = "table monitor pw";

fn event_id(r: &Response) -> u64 {
    r.text()
        .lines()
        .find_map(|l| l.strip_prefix("id:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no id in {:?}", r.text()))
}

/// Tournament under `preset`, 8 players, round 1 under way; official 1
/// (table 1) logged in. Returns the id and the official's token.
fn floor(app: &App, preset: &str) -> (i64, String) {
    let id = tournament(app, preset, 8, 2);
    seat_and_start(app, id, 1, json!({ "kind": "by_number" }));
    expect(
        app.director().post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Table monitor", "tables": [1],
                     "username": format!("monitor-{id}"), "password": MONITOR_PASSWORD }),
        ),
        200,
    );
    let r = expect(
        app.public().post(
            "/api/login",
            &json!({ "username": format!("monitor-{id}"), "password": MONITOR_PASSWORD }),
        ),
        200,
    );
    assert_eq!(r["role"], "official");
    let token = r["token"].as_str().unwrap().to_string();
    let me = expect(app.with_token(&token).get("/api/me"), 200);
    assert_eq!(
        (me["role"].as_str(), me["official"].as_u64()),
        (Some("official"), Some(1))
    );
    (id, token)
}

fn table_key(app: &App, id: i64, table: u32) -> String {
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    link["token"].as_str().unwrap().to_string()
}

fn south_points(app: &App, id: i64) -> i64 {
    let s = expect(
        app.public().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    s["sheet"]["games"][0]["points"]["south"].as_i64().unwrap()
}

/// standard 22, 27; st-louis-senior-olympics 5d (table monitors); standard
/// 6 and R17 (the ruling's penalty on the sheet).
fn a_call_reaches_an_official_who_closes_it_with_a_ruling_on_the_sheet(app: &mut App) {
    let (id, official) = floor(app, "standard");
    let keeper = table_key(app, id, 1);
    let mut k = app.with_token(&keeper);
    expect(
        k.put(
            &format!("{}/rounds/1/tables/1/games/1", t(id)),
            &json!({ "entry": { "kind": "record", "record":
                { "result": "mahjong", "winner": "east", "value": 25, "self_picked": true } } }),
        ),
        200,
    );
    let before = south_points(app, id);
    // An official's phone waits on the live feed; the call reaches it.
    let changes = format!("{}/changes", t(id));
    let now = event_id(&app.public().request("GET", &changes, None).unwrap());
    let addr = app.addr;
    let (path, seen) = (changes.clone(), now.to_string());
    let waiting = std::thread::spawn(move || {
        let mut c = jongg_server::client::Client::new(addr);
        let r = c
            .request_with("GET", &path, &[("Last-Event-ID", &seen)], None)
            .unwrap();
        (event_id(&r), Instant::now())
    });
    std::thread::sleep(Duration::from_millis(200));
    let called = Instant::now();
    expect(
        k.post(
            &format!("{}/rounds/1/tables/1/call", t(id)),
            &json!({ "seat": "south", "reason": "looked at a stolen tile" }),
        ),
        200,
    );
    let (told, when) = waiting.join().unwrap();
    assert!(told > now);
    assert!(when.duration_since(called) < Duration::from_secs(5));
    let mut o = app.with_token(&official);
    // The official's phone lists it, with a ruling to choose.
    let page = o.get(&format!("/floor/t/{id}")).unwrap();
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("Table 1 · South"), "{html}");
    assert!(html.contains("looked at a stolen tile"));
    assert!(html.contains(r#"<option value="blind_pass_peek">"#));
    // The score page has the button.
    let score = app
        .public()
        .get(&format!("/score?key={keeper}"))
        .unwrap()
        .text();
    assert!(score.contains("Call the director"), "{score}");
    assert!(score.contains(&format!("/tables/1/call?key={keeper}")));
    let open = expect(o.get(&format!("{}/calls", t(id))), 200);
    let c = &open["open"][0];
    assert_eq!(
        (
            c["number"].as_u64(),
            c["table"].as_u64(),
            c["seat"].as_str()
        ),
        (Some(1), Some(1), Some("south"))
    );
    assert_eq!(c["reason"], "looked at a stolen tile");
    assert!(c["at"].as_i64().unwrap() <= open["now"].as_i64().unwrap());
    // Another table's link calls only for its own table.
    let other = table_key(app, id, 2);
    refused(
        app.with_token(&other)
            .post(&format!("{}/rounds/1/tables/1/call", t(id)), &json!({})),
        403,
        "table 2",
    );
    // A bounded reason; an unknown incident named.
    refused(
        k.post(
            &format!("{}/rounds/1/tables/1/call", t(id)),
            &json!({ "reason": "x".repeat(141) }),
        ),
        422,
        "at most 140",
    );
    expect(o.post(&format!("{}/calls/1/take", t(id)), &json!({})), 200);
    refused(
        o.post(
            &format!("{}/calls/1/close", t(id)),
            &json!({ "incident": "blind_pass_pek" }),
        ),
        422,
        "unknown incident `blind_pass_pek`",
    );
    let closed = expect(
        o.post(
            &format!("{}/calls/1/close", t(id)),
            &json!({ "incident": "blind_pass_peek", "game": 1, "seat": "south" }),
        ),
        200,
    );
    let events = closed["events"].as_array().unwrap();
    let ruling = &events[0]["event"]["ruling"];
    assert_eq!(ruling["ruling"]["source"], "standard 6, R17");
    assert_eq!(ruling["applied"], true);
    assert_eq!(events[1]["event"]["kind"], "game_entered");
    assert_eq!(south_points(app, id), before - 10);
    assert_eq!(
        expect(o.get(&format!("{}/calls", t(id))), 200)["open"],
        json!([])
    );
    // Table 2's call is not the official's; settings never are.
    expect(
        app.with_token(&other)
            .post(&format!("{}/rounds/1/tables/2/call", t(id)), &json!({})),
        200,
    );
    refused(
        o.post(&format!("{}/calls/2/take", t(id)), &json!({})),
        403,
        "not one of theirs",
    );
    refused(
        o.request("PATCH", &t(id), Some(br#"{"name":"mine"}"#)),
        403,
        "only the director",
    );
    refused(
        o.post(&format!("{}/rounds/1/tables/2/accept", t(id)), &json!({})),
        403,
        "table 2",
    );
    // The ruling is in the floor's audit and the export.
    let csv = app
        .director()
        .get(&format!("{}/floor.csv", t(id)))
        .unwrap()
        .text();
    assert!(csv.contains("floor official 1,ruling,1,1,1,south"), "{csv}");
    assert!(csv.contains("standard 6, R17"), "{csv}");
    let export = expect(app.director().get(&format!("{}/export", t(id))), 200);
    assert!(export.to_string().contains("call_closed"));
}

/// The confirmation a close gives, as the script shows it (`Jongg-Done`).
fn done(r: &Response) -> String {
    assert_eq!(r.status, 200, "{}", r.text());
    let h = r.header("jongg-done").unwrap_or_default();
    let said: Vec<(String, String)> = serde_urlencoded::from_str(&format!("x={h}")).unwrap();
    said[0].1.clone()
}

/// Issue 20.7: a ruling is read with its words and source on round
/// control, the floor page, the table's score page ("Why these points")
/// and the audit, and the confirmation names it; a scoring ruling closed
/// with no game says nothing was applied and how to apply it; the list of
/// what happened names incidents by their titles, never by code name.
#[test]
fn a_ruling_is_shown_with_its_words_and_source_where_people_read_it() {
    let app = App::start(Backend::Sqlite);
    let (id, official) = floor(&app, "standard");
    let keeper = table_key(&app, id, 1);
    let mut k = app.with_token(&keeper);
    expect(
        k.put(
            &format!("{}/rounds/1/tables/1/games/1", t(id)),
            &json!({ "entry": { "kind": "record", "record":
                { "result": "mahjong", "winner": "east", "value": 25, "self_picked": true } } }),
        ),
        200,
    );
    let call = json!({ "seat": "south", "reason": "looked at a stolen tile" });
    let call_path = format!("{}/rounds/1/tables/1/call", t(id));
    expect(k.post(&call_path, &call), 200);
    let mut o = app.with_token(&official);
    let floor_page = o.get(&format!("/floor/t/{id}")).unwrap().text();
    assert!(
        floor_page.contains(
            "Looked at a blind-passed (stolen) tile — a blind-pass peek penalty: the player who looked -10</option>"
        ),
        "{floor_page}"
    );
    for code in ["`blind_pass_peek`", "`timeout`", "`mahjong_in_error`"] {
        assert!(!floor_page.contains(code), "{code} on the floor page");
    }
    let close = format!("{}/calls/1/close", t(id));
    let said = done(
        &o.post(
            &close,
            &json!({ "incident": "blind_pass_peek", "game": 1, "seat": "south" }),
        )
        .unwrap(),
    );
    assert_eq!(
        said,
        "Call 1 closed: Looked at a blind-passed (stolen) tile — a blind-pass peek penalty: \
         the player who looked -10 (standard 6, R17). Put on table 1's sheet: game 1, South."
    );
    // A second call closed as a scoring matter without a game.
    expect(k.post(&call_path, &call), 200);
    let said = done(
        &o.post(
            &format!("{}/calls/2/close", t(id)),
            &json!({ "incident": "picking_ahead", "seat": "south" }),
        )
        .unwrap(),
    );
    assert!(
        said.starts_with("Call 2 closed: Picking ahead — hand dead")
            && said.contains("Nothing was applied to any game: no game was chosen. To apply it, open table 1's sheet"),
        "{said}"
    );
    let cited = "<cite>standard 6, R17</cite>";
    let line = "call 1, game 1: Looked at a blind-passed (stolen) tile — a blind-pass peek penalty";
    for (who, path) in [
        ("round control", format!("/director/t/{id}")),
        ("the floor page", format!("/floor/t/{id}")),
        ("the score page", format!("/score?key={keeper}")),
        ("the audit", format!("/director/t/{id}/audit")),
    ] {
        let mut c = if path.starts_with("/score") {
            app.public()
        } else {
            app.director()
        };
        let html = c.get(&path).unwrap().text();
        assert!(html.contains(line), "{who} shows the ruling: {html}");
        assert!(html.contains(cited), "{who} cites its source");
        assert!(html.contains("passed blind"), "{who} gives its words");
        assert!(
            html.contains("Nothing was applied to any game")
                || html.contains("nothing was applied to any game"),
            "{who} says call 2 applied nothing"
        );
    }
    // The audit row of the game the ruling changed gives it as the reason.
    let audit = app
        .director()
        .get(&format!("/director/t/{id}/audit"))
        .unwrap()
        .text();
    assert!(
        audit.contains(
            "<td>ruling on call 1: Looked at a blind-passed (stolen) tile — a blind-pass peek penalty: the player who looked -10 <cite>standard 6, R17</cite></td>"
        ),
        "{audit}"
    );
}

fn row(app: &App, id: i64, n: u64) -> Value {
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == n)
        .cloned()
        .unwrap()
}

/// standard 2A-2C, 27; st-louis-senior-olympics NOTE (the pot penalty).
fn discipline_reaches_the_standings_and_the_floors_audit(app: &mut App) {
    let (id, official) = floor(app, "st-louis-senior-olympics");
    let mut o = app.with_token(&official);
    let w = expect(
        o.post(
            &format!("{}/players/3/warn", t(id)),
            &json!({ "reason": "loud table talk" }),
        ),
        200,
    );
    let sanction = &w["events"][0]["event"]["sanction"];
    assert_eq!(
        (sanction["kind"].as_str(), sanction["step"].as_str()),
        (Some("warning"), Some("warning"))
    );
    refused(
        o.post(
            &format!("{}/players/3/penalty", t(id)),
            &json!({ "points": -10, "reason": "x" }),
        ),
        403,
        "only the director",
    );
    let mut d = app.director();
    refused(
        d.post(
            &format!("{}/players/6/penalty", t(id)),
            &json!({ "points": 10, "reason": "disturbing" }),
        ),
        422,
        "takes points away",
    );
    expect(
        d.post(
            &format!("{}/players/6/penalty", t(id)),
            &json!({ "points": -25, "reason": "stayed and disturbed table 2" }),
        ),
        200,
    );
    let r = row(app, id, 6);
    assert_eq!(
        (r["points"].as_i64(), r["penalties"].as_i64()),
        (Some(-25), Some(-25))
    );
    expect(
        d.post(
            &format!("{}/players/5/disqualify", t(id)),
            &json!({ "scores": "void", "reason": "argued with the director" }),
        ),
        200,
    );
    let r = row(app, id, 5);
    assert_eq!(r["disqualified"], "void");
    assert_eq!(r["status"]["kind"], "withdrawn");
    // The standings export carries both.
    let csv = app
        .public()
        .get(&format!("/t/{id}/standings.csv"))
        .unwrap()
        .text();
    let head = csv.lines().next().unwrap();
    assert!(head.ends_with(",penalties,disqualified"), "{head}");
    let line = |n: &str| {
        csv.lines()
            .find(|l| l.split(',').nth(1) == Some(n))
            .unwrap()
            .to_string()
    };
    assert!(line("6").ends_with(",-25,"), "{csv}");
    assert!(line("5").ends_with(",0,scores void"), "{csv}");
    let log = expect(d.get(&format!("{}/floor", t(id))), 200);
    let what: Vec<&str> = log["floor"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["what"].as_str().unwrap())
        .collect();
    assert_eq!(what, ["official", "warning", "penalty", "disqualification"]);
    let csv = d.get(&format!("{}/floor.csv", t(id))).unwrap().text();
    assert!(
        csv.contains("pot penalty: -25,st-louis-senior-olympics NOTE"),
        "{csv}"
    );
}

/// The figure for BENCHMARKS.md (not a timed test: ignored in the normal
/// run, it prints what it measures): how long a call takes to reach a
/// phone that waits on the live feed, from the moment the table's request
/// is sent to the moment the feed's answer is read, over 40 calls.
/// `cargo nextest run -p jongg-server --test floor --run-ignored only --no-capture`
#[test]
#[ignore]
fn measure_a_call_reaching_a_watching_phone() {
    for backend in [jongg_store::Backend::Sqlite, jongg_store::Backend::Postgres] {
        let app = App::start(backend);
        let (id, _) = floor(&app, "standard");
        let mut k = app.with_token(&table_key(&app, id, 1));
        let changes = format!("{}/changes", t(id));
        let mut took = Vec::new();
        for n in 1..=40 {
            let now = event_id(&app.public().request("GET", &changes, None).unwrap());
            let (addr, path) = (app.addr, changes.clone());
            let waiting = std::thread::spawn(move || {
                let mut c = jongg_server::client::Client::new(addr);
                let r = c
                    .request_with("GET", &path, &[("Last-Event-ID", &now.to_string())], None)
                    .unwrap();
                (event_id(&r), Instant::now())
            });
            std::thread::sleep(Duration::from_millis(50));
            let sent = Instant::now();
            expect(
                k.post(&format!("{}/rounds/1/tables/1/call", t(id)), &json!({})),
                200,
            );
            let (told, at) = waiting.join().unwrap();
            assert!(told > now);
            took.push(at.duration_since(sent));
            expect(
                app.director().post(
                    &format!("{}/calls/{n}/close", t(id)),
                    &json!({ "note": "measured" }),
                ),
                200,
            );
        }
        took.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{backend:?}: a call reaches a watching phone in median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms ({} calls)",
            ms(took[took.len() / 2]),
            ms(took[took.len() * 95 / 100]),
            ms(took[took.len() - 1]),
            took.len()
        );
    }
}
