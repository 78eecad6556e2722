//! The floor's director pages (issue 14.1, 14.2, 14.4), on SQLite and
//! PostgreSQL: the officials (appoint, change tables, remove), a player's
//! warnings, penalties and disqualification with what each does to the
//! standings in plain words, and the event's card (the year, a card file
//! loaded or refused by line, the practice card). Every form of these
//! pages posts to the API route it names.

mod common;

use common::*;
use serde_json::{Value, json};

on_both!(
    the_officials_page_appoints_changes_tables_and_removes_an_official,
    an_official_logs_out_and_the_login_page_is_for_them_too,
    an_official_logging_in_at_the_login_page_is_sent_to_their_floor_page,
    a_players_page_warns_penalizes_and_disqualifies_saying_what_it_does,
    the_card_page_shows_the_readings_loads_a_card_and_refuses_a_broken_one,
);

const PW: &str = "monitor password";

/// A director's page's HTML, asserted 200.
fn get_html(app: &App, path: &str) -> String {
    let r = app.director().get(path).unwrap();
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

/// One of this file's pages, with every form checked: it posts to the API
/// route its script sends to.
fn page(app: &App, path: &str) -> String {
    let html = get_html(app, path);
    for form in html.split("<form").skip(1) {
        let tag = &form[..form.find('>').unwrap()];
        let attr = |name: &str| {
            tag.split(&format!(" {name}=\""))
                .nth(1)
                .map(|v| v[..v.find('"').unwrap()].to_string())
        };
        if tag.contains("method=\"get\"") {
            continue;
        }
        let api =
            attr("data-api").unwrap_or_else(|| panic!("{path}: a form without data-api: {tag}"));
        assert_eq!(attr("method").as_deref(), Some("post"), "{path}: {tag}");
        assert_eq!(attr("action"), Some(api), "{path}: {tag}");
    }
    html
}

fn login(app: &App, username: &str) -> Result<String, u16> {
    let r = app
        .public()
        .post(
            "/api/login",
            &json!({ "username": username, "password": PW }),
        )
        .unwrap();
    if r.status != 200 {
        return Err(r.status);
    }
    Ok(r.json()["token"].as_str().unwrap().to_string())
}

/// st-louis-senior-olympics 5d (table monitors): the director appoints an
/// official with a login and tables written as a form writes them, changes
/// their tables (the login stays) and removes them (the login ends).
fn the_officials_page_appoints_changes_tables_and_removes_an_official(app: &mut App) {
    let id = tournament(app, "st-louis-senior-olympics", 8, 2);
    let mut d = app.director();
    let officials = format!("/director/t/{id}/officials");
    let html = page(app, &officials);
    assert!(html.contains("No floor officials yet"), "{html}");
    assert!(html.contains(&format!("action=\"{}/officials\"", t(id))));
    // A bad list of tables is named in plain words; nothing is appointed.
    refused(
        d.post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ann Monitor", "tables": "1, two",
                     "username": "ann", "password": PW }),
        ),
        422,
        "`two` is not a table number",
    );
    expect(
        d.post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ann Monitor", "tables": "1, 3-4",
                     "username": "ann", "password": PW }),
        ),
        200,
    );
    let token = login(app, "ann").unwrap();
    let list = expect(d.get(&format!("{}/officials", t(id))), 200);
    assert_eq!(
        list["officials"],
        json!([{ "number": 1, "name": "Ann Monitor", "tables": [1, 3, 4], "username": "ann" }])
    );
    let html = page(app, &officials);
    assert!(
        html.contains("<td>Ann Monitor</td><td>ann</td><td>1, 3, 4</td>"),
        "{html}"
    );
    assert!(!html.contains(PW));
    // The change-tables form sends the number and name with the new tables.
    assert!(html.contains("value=\"1, 3, 4\""), "{html}");
    expect(
        d.post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ann Monitor", "tables": "2" }),
        ),
        200,
    );
    assert!(page(app, &officials).contains("<td>Ann Monitor</td><td>ann</td><td>2</td>"));
    expect(app.with_token(&token).get("/api/me"), 200);
    // A new login (a forgotten password) ends the old one.
    expect(
        d.post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ann Monitor", "tables": "2",
                     "username": "ann", "password": "a new password" }),
        ),
        200,
    );
    refused(app.with_token(&token).get("/api/me"), 401, "log in again");
    let r = app
        .public()
        .post(
            "/api/login",
            &json!({ "username": "ann", "password": "a new password" }),
        )
        .unwrap();
    assert_eq!(r.status, 200);
    let token = r.json()["token"].as_str().unwrap().to_string();
    // Only the director removes; then the official's session and login end.
    refused(
        app.with_token(&token)
            .post(&format!("{}/officials/1/remove", t(id)), &json!({})),
        403,
        "only the director",
    );
    expect(
        d.post(&format!("{}/officials/1/remove", t(id)), &json!({})),
        200,
    );
    refused(app.with_token(&token).get("/api/me"), 401, "log in again");
    assert_eq!(login(app, "ann"), Err(401));
    let html = page(app, &officials);
    assert!(html.contains("No floor officials yet"));
    // A new official gets a new number: what official 1 did stays theirs.
    assert!(
        html.contains("<input type=\"hidden\" name=\"number\" value=\"2\""),
        "{html}"
    );
    refused(
        d.post(&format!("{}/officials/1/remove", t(id)), &json!({})),
        422,
        "no official has that number",
    );
    let floor = expect(d.get(&format!("{}/floor", t(id))), 200);
    assert!(
        floor
            .to_string()
            .contains("Ann Monitor (official 1) removed"),
        "{floor}"
    );
    // Round control's navigation reaches the page.
    assert!(get_html(app, &format!("/director/t/{id}")).contains(&format!("href=\"{officials}\"")));
}

/// Logging out ends whoever's session is sent: a floor official's too. The
/// login page says officials use it.
fn an_official_logs_out_and_the_login_page_is_for_them_too(app: &mut App) {
    let id = tournament(app, "standard", 4, 1);
    expect(
        app.director().post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ben", "tables": [1], "username": "ben", "password": PW }),
        ),
        200,
    );
    let token = login(app, "ben").unwrap();
    let floor = app
        .with_token(&token)
        .get(&format!("/floor/t/{id}"))
        .unwrap();
    assert_eq!(floor.status, 200);
    assert!(
        floor.text().contains("action=\"/api/logout\""),
        "{}",
        floor.text()
    );
    let r = app
        .with_token(&token)
        .post("/api/logout", &json!({}))
        .unwrap();
    assert_eq!(r.status, 204);
    refused(app.with_token(&token).get("/api/me"), 401, "log in again");
    // Logged in again, the official works as before.
    let again = login(app, "ben").unwrap();
    expect(app.with_token(&again).get("/api/me"), 200);
    let html = app.public().get("/login").unwrap().text();
    assert!(html.contains("<h1>Log in</h1>"), "{html}");
    assert!(html.contains("floor officials"), "{html}");
    assert!(!html.contains("Director login"));
}

/// Issue 20.3: an official logging in at /login (whose `next` is the
/// director's page) was bounced back to the login by the page's script,
/// which went where the form said. The login's answer says where to go:
/// an official's floor page, unless a floor page was asked for; so does
/// the form's answer without the script.
fn an_official_logging_in_at_the_login_page_is_sent_to_their_floor_page(app: &mut App) {
    let id = tournament(app, "standard", 4, 1);
    expect(
        app.director().post(
            &format!("{}/officials", t(id)),
            &json!({ "number": 1, "name": "Ben", "tables": [1], "username": "ben", "password": PW }),
        ),
        200,
    );
    let then = |username: &str, password: &str, next: &str| {
        let r = app
            .public()
            .post(
                "/api/login",
                &json!({ "username": username, "password": password, "next": next }),
            )
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["then"].as_str().unwrap_or_default().to_string()
    };
    let floor = format!("/floor/t/{id}");
    assert_eq!(then("ben", PW, "/director"), floor);
    assert_eq!(then("ben", PW, "/director/t/1/audit"), floor);
    assert_eq!(then("ben", PW, &floor), floor);
    // Without the script: the login page's form, answered with the page.
    let origin = format!("http://{}", app.addr);
    let r = app
        .public()
        .request_with(
            "POST",
            "/api/login",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(b"next=%2Fdirector&username=ben&password=monitor+password"),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(r.header("location"), Some(floor.as_str()));
    // The director goes where the login was asked from.
    assert_eq!(
        then("director", PASSWORD, "/director/t/1/audit"),
        "/director/t/1/audit"
    );
}

fn row(app: &App, id: i64, n: u64) -> Value {
    let s = expect(app.public().get(&format!("{}/standings", t(id))), 200);
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == n)
        .unwrap()
        .clone()
}

/// standard 2A-2C and 27: the player's page shows the ladder's next step
/// with its source, records a complaint, gives a penalty outside the games
/// and disqualifies, each form saying what it does to the standings.
fn a_players_page_warns_penalizes_and_disqualifies_saying_what_it_does(app: &mut App) {
    let id = tournament(app, "standard", 8, 2);
    let mut d = app.director();
    play_round(
        app,
        id,
        1,
        json!({ "kind": "by_number" }),
        |table, _, seats| {
            let k = 10 * table as i32;
            let p = |i: usize, v: i32| if seats[i].is_some() { v } else { 0 };
            [p(0, 3 * k), p(1, -k), p(2, -k), p(3, -k)]
        },
    );
    let path = format!("/director/t/{id}/players/1");
    let players = get_html(app, &format!("/director/t/{id}/players"));
    assert!(players.contains(&format!("href=\"{path}\"")), "{players}");
    let html = page(app, &path);
    let games = row(app, id, 1)["games"].as_u64().unwrap();
    assert!(games > 0);
    assert!(html.contains("None so far"), "{html}");
    assert!(html.contains("the rules call for a warning"), "{html}");
    assert!(html.contains("(standard 2A)"), "{html}");
    assert!(html.contains("(standard 2C)"), "{html}");
    assert!(html.contains("(standard 27)"), "{html}");
    assert!(
        html.contains(&format!("Their {games} games stay")),
        "{html}"
    );
    assert!(
        html.contains(&format!("Their {games} games are voided")),
        "{html}"
    );
    assert!(html.contains("opponents’ scores do not change"));
    for form in ["warn", "penalty", "dq-kept", "dq-void"] {
        let tag = html.split(&format!("id=\"{form}\"")).next().unwrap();
        let tag = &html[tag.rfind("<form").unwrap()..];
        let tag = &tag[..tag.find('>').unwrap()];
        assert!(
            tag.contains("data-confirm="),
            "{form} has no confirm step: {tag}"
        );
    }
    expect(
        d.post(
            &format!("{}/players/1/warn", t(id)),
            &json!({ "reason": "loud" }),
        ),
        200,
    );
    let before = row(app, id, 1)["points"].as_i64().unwrap();
    expect(
        d.post(
            &format!("{}/players/1/penalty", t(id)),
            &json!({ "points": -10, "reason": "slow play" }),
        ),
        200,
    );
    assert_eq!(row(app, id, 1)["points"].as_i64().unwrap(), before - 10);
    let html = page(app, &path);
    assert!(html.contains("Complaint 1: a warning"), "{html}");
    assert!(html.contains("“loud”"), "{html}");
    assert!(
        html.contains("points, outside the games. “slow play”"),
        "{html}"
    );
    assert!(
        html.contains("the rules call for disqualification"),
        "{html}"
    );
    let opponents: i64 = [2u64, 3, 4]
        .iter()
        .map(|&n| row(app, id, n)["points"].as_i64().unwrap())
        .sum();
    expect(
        d.post(
            &format!("{}/players/1/disqualify", t(id)),
            &json!({ "scores": "void", "reason": "argued" }),
        ),
        200,
    );
    let after: i64 = [2u64, 3, 4]
        .iter()
        .map(|&n| row(app, id, n)["points"].as_i64().unwrap())
        .sum();
    assert_eq!(after, opponents, "opponents' scores do not change");
    assert_eq!(row(app, id, 1)["points"].as_i64().unwrap(), -10);
    let html = page(app, &path);
    assert!(
        html.contains("is disqualified: their own scores are void"),
        "{html}"
    );
    assert!(!html.contains("id=\"warn\""));
    // st-louis-senior-olympics NOTE: the pot penalty, cited.
    let sl = tournament(app, "st-louis-senior-olympics", 4, 1);
    let html = page(app, &format!("/director/t/{sl}/players/2"));
    assert!(html.contains("pot penalty"), "{html}");
    assert!(html.contains("NOTE"), "{html}");
    let r = app
        .director()
        .get(&format!("/director/t/{sl}/players/99"))
        .unwrap();
    assert_eq!(r.status, 404);
}

/// issue 14.1: st-louis-senior-olympics reads two card years (2022,
/// heading; 2019, 6a); the director chooses one, loads a card file (a
/// broken one is refused with its line and changes nothing) and goes back
/// to the practice card.
fn the_card_page_shows_the_readings_loads_a_card_and_refuses_a_broken_one(app: &mut App) {
    let id = tournament(app, "st-louis-senior-olympics", 4, 1);
    let mut d = app.director();
    let path = format!("/director/t/{id}/card");
    let html = page(app, &path);
    assert!(html.contains("The rules read two ways"), "{html}");
    assert!(html.contains("the 2022 card"), "{html}");
    assert!(html.contains("the 2019 card"), "{html}");
    assert!(html.contains("No card file is loaded"), "{html}");
    assert!(html.contains("src=\"/assets/card_file.js\""));
    expect(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "card": { "kind": "practice" } }),
        ),
        200,
    );
    // The year alone: the file loaded stays.
    expect(
        d.post(&format!("{}/card", t(id)), &json!({ "year": 2019 })),
        200,
    );
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    assert_eq!(c["year"]["year"], 2019);
    assert_eq!(c["file"]["label"], "jongg's practice card");
    let html = page(app, &path);
    assert!(html.contains("<strong>the 2019 card</strong>"), "{html}");
    assert!(
        html.contains("<strong>jongg&#39;s practice card</strong>, 55 lines"),
        "{html}"
    );
    // The new file's form sends the chosen year again.
    assert!(html.contains("name=\"year\" value=\"2019\""), "{html}");
    // A broken card: its mistakes by line, nothing changed.
    let events = expect(app.public().get(&t(id)), 200)["events"].clone();
    let broken = "# a card\n[section]\nnot a hand at all ((\n";
    let r = d
        .post(
            &format!("{}/card", t(id)),
            &json!({ "year": 2019, "card": { "kind": "file", "label": "Mine", "text": broken } }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    let msg = r.json()["error"].as_str().unwrap().to_string();
    assert!(msg.contains("the card file is not a card: line "), "{msg}");
    assert_eq!(expect(app.public().get(&t(id)), 200)["events"], events);
    // A good one: its name and lines on the page.
    let text = include_str!("../../../cards/features.card");
    expect(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "year": 2019, "card": { "kind": "file", "label": "Club card", "text": text } }),
        ),
        200,
    );
    let c = expect(app.public().get(&format!("{}/card", t(id))), 200);
    let lines = c["file"]["lines"].as_u64().unwrap();
    assert!(lines > 0);
    let html = page(app, &path);
    assert!(
        html.contains(&format!("<strong>Club card</strong>, {lines} lines")),
        "{html}"
    );
    assert!(html.contains("Go back to the practice card"));
    assert_eq!(c["year"]["year"], 2019);
}

/// A director's rules file: no disqualification without a warning first,
/// and a penalty of a fixed size (`[discipline]`, docs/floor.md). The
/// player's page says so instead of offering what the rules do not allow,
/// and fills the fixed size in.
#[test]
fn a_players_page_follows_a_rules_file_that_disqualifies_only_after_a_warning() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let toml = r#"base = "standard"
[discipline]
ladder = [
  { action = "warning", source = "club rule 3" },
  { action = "disqualification", source = "club rule 4" },
]
immediate_disqualification = { allowed = false, source = "club rule 4" }
discretionary_penalty = { name = "table penalty", points = -20, source = "club rule 5" }
"#;
    let id = expect(
        app.director().post(
            "/api/tournaments",
            &json!({ "name": "Club day", "rules": { "kind": "file", "label": "club.toml", "toml": toml } }),
        ),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    expect(
        app.director().post(
            &format!("{}/players", t(id)),
            &json!({ "number": 1, "name": "Ann" }),
        ),
        201,
    );
    let path = format!("/director/t/{id}/players/1");
    let html = page(&app, &path);
    assert!(
        html.contains("These rules disqualify only after a complaint (club rule 4)"),
        "{html}"
    );
    assert!(!html.contains("id=\"dq-void\""), "{html}");
    assert!(html.contains("A table penalty of -20 points"), "{html}");
    assert!(html.contains("value=\"-20\""), "{html}");
    assert!(html.contains("(club rule 5)"), "{html}");
    expect(
        app.director().post(
            &format!("{}/players/1/warn", t(id)),
            &json!({ "reason": "rude" }),
        ),
        200,
    );
    let html = page(&app, &path);
    assert!(html.contains("id=\"dq-void\""), "{html}");
    assert!(html.contains("Complaint 1: a warning"), "{html}");
}
