//! The pages' forms before the script loads (issue 13.7; `forms.rs`): each
//! kind of form posted url-encoded as a browser sends it, answered with a
//! 303 to its page saying what was done, the change made; a refusal is a
//! page in words; a form from another site, or without saying where it is
//! from, is refused, and a route the table does not open to forms takes
//! JSON only. The mechanism does not depend on the database: SQLite only.

mod common;

use common::*;
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::json;

/// Asserts a 303 to `to` saying `done`, and that the page it lands on
/// shows it; returns the page.
#[track_caller]
fn lands(app: &App, r: &Response, to: &str, done: &str) -> String {
    assert_eq!(r.status, 303, "{}", r.text());
    let location = r.header("location").unwrap_or_default().to_string();
    let (path, query) = location.split_once('?').unwrap_or((&location, ""));
    assert_eq!(path, to, "went to {location}");
    let said: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap();
    assert!(
        said.contains(&("done".to_string(), done.to_string())),
        "{location} does not say {done:?}"
    );
    let page = app.director().get(&location).unwrap();
    assert_eq!(page.status, 200, "{}", page.text());
    let shown = format!("role=\"status\" id=\"done\">{done}</p>").replace('\'', "&#39;");
    assert!(
        page.text().contains(&shown),
        "{location} does not show {done:?}"
    );
    page.text()
}

#[test]
fn every_kind_of_director_form_works_without_a_script() {
    let app = App::start(Backend::Sqlite);
    // Create a tournament: the rules' preset by its radio button.
    let r = form(
        &app,
        "/api/tournaments",
        "then=%2Fdirector%2Ft%2F%7Bid%7D&rules.kind=preset&name=Spring+Open&dates=2026-03-14%0D%0A2026-03-15&rules.name=standard&rounds=3&games_per_round=&round_minutes=",
    );
    let location = r.header("location").unwrap_or_default().to_string();
    let id: i64 = location
        .strip_prefix("/director/t/")
        .and_then(|l| l.split('?').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{location}"));
    lands(
        &app,
        &r,
        &format!("/director/t/{id}"),
        "Tournament Spring Open created",
    );
    let mut d = app.director();
    let t0 = expect(d.get(&t(id)), 200);
    assert_eq!(t0["settings"]["rounds"], 3);
    assert_eq!(t0["settings"]["dates"].as_array().unwrap().len(), 2);

    // Settings: PATCH through `_method`; points only go with sitting out.
    let players = format!("/director/t/{id}/players");
    let settings = format!("/director/t/{id}/settings");
    let r = form(
        &app,
        &t(id),
        &format!(
            "then={}&_method=PATCH&_optional=odd_players.points&name=Spring+Open+2026&rounds=2&round_minutes=90&odd_players.kind=three_player_tables&odd_players.points=5",
            settings.replace('/', "%2F")
        ),
    );
    lands(&app, &r, &settings, "Settings saved");
    let t1 = expect(d.get(&t(id)), 200);
    assert_eq!(t1["settings"]["name"], "Spring Open 2026");
    assert_eq!(t1["settings"]["rounds"], 2);

    // Register: a number typed, a box ticked or not.
    let then = format!("then={}", players.replace('/', "%2F"));
    for n in 1..=7 {
        let late = if n == 7 { "&late=on" } else { "" };
        let r = form(
            &app,
            &format!("{}/players", t(id)),
            &format!("{then}&number={n}&name=Player+{n}&club={late}"),
        );
        lands(
            &app,
            &r,
            &players,
            &format!("Player {n} registered as player {n}"),
        );
    }
    let list = expect(d.get(&format!("{}/players", t(id))), 200);
    let status = |n: u64| {
        list["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == n)
            .map(|p| p["status"].to_string())
            .unwrap_or_default()
    };
    assert!(status(7).contains("late"), "{}", status(7));
    assert!(!status(6).contains("late"), "{}", status(6));

    // A pasted CSV list.
    let r = form(
        &app,
        &format!("/director/t/{id}/players.csv"),
        &format!("{then}&csv=8%2CAnn+Lee%0A9%2CBen+Ong%2CClub+A"),
    );
    lands(&app, &r, &players, "2 players uploaded");

    // Late, arrived, withdrawn; a substitute through `{out}` in the action.
    let p = |n: u32, what: &str| format!("{}/players/{n}/{what}", t(id));
    lands(
        &app,
        &form(&app, &p(7, "arrive"), &then),
        &players,
        "Player 7 arrived",
    );
    lands(
        &app,
        &form(&app, &p(6, "late"), &then),
        &players,
        "Player 6 marked not here yet",
    );
    lands(
        &app,
        &form(&app, &p(6, "arrive"), &then),
        &players,
        "Player 6 arrived",
    );
    lands(
        &app,
        &form(&app, &p(9, "withdraw"), &then),
        &players,
        "Player 9 withdrawn",
    );
    let r = form(
        &app,
        &format!("{}/players/%7Bout%7D/substitute", t(id)),
        &format!("{then}&out=8&number=10&name=Cy+Dee"),
    );
    lands(
        &app,
        &r,
        &players,
        "Cy Dee (player 10) substitutes for player 8",
    );
    // Who leaves, left unchosen: said on a page, nothing done.
    let r = form(
        &app,
        &format!("{}/players/%7Bout%7D/substitute", t(id)),
        &format!("{then}&out=&number=11&name=Di+Eck"),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("left empty"), "{}", r.text());
    let list = expect(d.get(&format!("{}/players", t(id))), 200);
    assert_eq!(list["players"].as_array().unwrap().len(), 10);

    // Seat round 1: a draw number, dropped where the method takes none.
    let control = format!("/director/t/{id}");
    let ctl = format!("then={}", control.replace('/', "%2F"));
    let r = form(
        &app,
        &format!("{}/rounds/1/seat", t(id)),
        &format!("{ctl}&_optional=method.seed&method.kind=by_number&method.seed=1001"),
    );
    lands(&app, &r, &control, "Round 1 seated");
    let r = form(&app, &format!("{}/rounds/1/start", t(id)), &ctl);
    lands(&app, &r, &control, "Round 1 started");

    // The clock: minutes only go with adding time.
    let r = form(
        &app,
        &format!("{}/rounds/1/clock", t(id)),
        &format!(
            "{ctl}&_optional=action.minutes&action.kind=pause&action.minutes=5&reason=A+fire+drill"
        ),
    );
    lands(&app, &r, &control, "The clock of round 1 is changed");
    let clock = expect(d.get(&format!("{}/rounds/1/clock", t(id))), 200);
    assert_eq!(clock["clock"]["state"], "paused", "{clock}");

    // Table 1's sheet filled and signed by the API, then accepted by a form.
    let seats = seating(&app, id, 1);
    let (table, seated) = seats[0];
    let link = expect(
        d.get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    let mut k = app.with_token(link["token"].as_str().unwrap());
    let games = t1["settings"]["games_per_round"].as_u64().unwrap();
    for g in 1..=games {
        let entry = json!({ "kind": "points",
            "points": { "east": 50, "south": -25, "west": -25, "north": 0 }, "mah_jongg": "east" });
        let entry = if seated[3].is_none() {
            json!({ "kind": "points", "points": { "east": 50, "south": -25, "west": -25 }, "mah_jongg": "east" })
        } else {
            entry
        };
        expect(
            k.put(
                &format!("{}/rounds/1/tables/{table}/games/{g}", t(id)),
                &json!({ "entry": entry }),
            ),
            200,
        );
    }
    // East signs by the score page's form (the key in its action), the
    // others by the API.
    let sheet = expect(d.get(&format!("{}/rounds/1/tables/{table}", t(id))), 200);
    let version = sheet["sheet"]["version"].as_u64().unwrap_or_default();
    let key = link["token"].as_str().unwrap().to_string();
    let origin = format!("http://{}", app.addr);
    let r = app
        .public()
        .request_with(
            "POST",
            &format!("{}/rounds/1/tables/{table}/sign?key={key}", t(id)),
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(format!("then=%2Fscore%3Fkey%3D{key}&seat=east&version={version}").as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(
        unsigned(&r).as_deref(),
        Some(format!("/score?key={key}&done=East%20signed%20the%20sheet").as_str())
    );
    for (i, s) in seated.iter().enumerate().skip(1) {
        if s.is_some() {
            expect(
                k.post(
                    &format!("{}/rounds/1/tables/{table}/sign", t(id)),
                    &json!({ "seat": SEATS[i] }),
                ),
                200,
            );
        }
    }
    let r = form(
        &app,
        &format!("{}/rounds/1/tables/{table}/accept", t(id)),
        &format!("then=%2Fdirector%2Ft%2F{id}%3Fround%3D1"),
    );
    assert_eq!(
        r.header("location")
            .map(|l| l.starts_with(&format!("/director/t/{id}?round=1&done="))),
        Some(true),
        "{:?}",
        r.header("location")
    );
    lands(
        &app,
        &r,
        &control,
        &format!("Sheet of table {table} accepted"),
    );
    let sheet = expect(d.get(&format!("{}/rounds/1/tables/{table}", t(id))), 200);
    assert!(sheet["sheet"].to_string().contains("accepted"), "{sheet}");

    // Accept all signed, with none left: refused in words, the way back.
    let r = form(&app, &format!("{}/rounds/1/accept-signed", t(id)), &ctl);
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(
        r.text().contains("no sheet of round 1 is signed"),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains(&format!("href=\"{control}\"")),
        "{}",
        r.text()
    );

    // The other sheets filled and signed by the API, then all accepted at
    // once, and the round closed, by their forms.
    for &(other, seated) in seats.iter().skip(1) {
        fill_and_sign(&app, id, other, &seated, games);
    }
    let r = form(&app, &format!("{}/rounds/1/accept-signed", t(id)), &ctl);
    let others: Vec<String> = seats.iter().skip(1).map(|s| s.0.to_string()).collect();
    let n = others.len();
    let words = format!(
        "Accepted {n} signed sheet{} of round 1: table{} {}.",
        if n == 1 { "" } else { "s" },
        if n == 1 { "" } else { "s" },
        others.join(", ")
    );
    lands(&app, &r, &control, &words);
    let r = form(&app, &format!("{}/rounds/1/close", t(id)), &ctl);
    lands(&app, &r, &control, "Round 1 closed");
    let summary = expect(d.get(&t(id)), 200);
    assert_eq!(summary["rounds"][0]["state"], "closed", "{summary}");

    // Log out: to the login page, saying so; the session has ended.
    let r = form(&app, "/api/logout", "then=%2Flogin");
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(unsigned(&r).as_deref(), Some("/login?done=Logged%20out"));
    assert!(
        r.headers
            .iter()
            .any(|(n, v)| n.eq_ignore_ascii_case("set-cookie") && v.starts_with("jongg_session=;")),
        "the session's cookie is cleared: {:?}",
        r.headers
    );
    let page = app
        .public()
        .get(r.header("location").unwrap_or_default())
        .unwrap();
    assert!(page.text().contains("id=\"done\">Logged out</p>"));
    assert_eq!(d.get("/api/me").unwrap().status, 401);
}

#[test]
fn a_refused_form_is_a_page_in_words_with_the_way_back() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    let players = format!("/director/t/{id}/players");
    let then = format!("then={}", players.replace('/', "%2F"));
    // A number already taken: the domain's words, on a page, with the way back.
    let r = form(
        &app,
        &format!("{}/players", t(id)),
        &format!("{then}&number=2&name=Again"),
    );
    assert!(
        r.status == 409 || r.status == 422,
        "{} {}",
        r.status,
        r.text()
    );
    assert!(
        r.header("content-type")
            .unwrap_or_default()
            .starts_with("text/html"),
        "{:?}",
        r.header("content-type")
    );
    assert!(
        r.text().contains("class=\"error\" role=\"alert\""),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains(&format!("href=\"{players}\"")),
        "{}",
        r.text()
    );
    assert!(!r.text().contains("{\"error\""));
    assert!(
        r.text()
            .contains("Back button returns to the form with what you typed")
    );
    // A number that is not one: named in words, not serde's.
    let r = form(
        &app,
        &format!("{}/players", t(id)),
        &format!("{then}&number=five&name=Eve"),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("must be a whole number"), "{}", r.text());
    // Not logged in: the way back is the login, then the form's page.
    let origin = format!("http://{}", app.addr);
    let r = app
        .public()
        .request_with(
            "POST",
            &format!("{}/players/1/withdraw", t(id)),
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(then.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.text());
    assert!(
        r.text().contains("href=\"/login?next=/director/t/"),
        "{}",
        r.text()
    );
    // What a page says was done is text, never markup (a name in it too).
    let r = form(
        &app,
        "/api/tournaments",
        "then=%2Fdirector&rules.kind=preset&rules.name=standard&name=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let page = app
        .director()
        .get(r.header("location").unwrap_or_default())
        .unwrap();
    assert!(
        page.text()
            .contains("id=\"done\">Tournament &lt;script&gt;alert(1)&lt;/script&gt; created</p>"),
        "{}",
        page.text()
    );
    // Another site as `then` is never gone to.
    let r = form(
        &app,
        &format!("{}/players/1/late", t(id)),
        "then=%2F%2Fevil.example%2F",
    );
    assert_eq!(r.status, 303);
    assert_eq!(
        unsigned(&r).as_deref(),
        Some("/?done=Player%201%20marked%20not%20here%20yet")
    );
}

#[test]
fn a_form_from_elsewhere_or_to_a_json_route_is_refused() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    let path = format!("{}/players", t(id));
    let body = b"then=%2F&number=5&name=Eve";
    let post = |headers: &[(&str, &str)]| {
        let mut h = vec![("Content-Type", "application/x-www-form-urlencoded")];
        h.extend_from_slice(headers);
        app.director()
            .request_with("POST", &path, &h, Some(body))
            .unwrap()
    };
    // Without Origin or Sec-Fetch-Site: not a browser's form.
    assert_eq!(post(&[]).status, 403);
    // From another site, either way.
    assert_eq!(post(&[("Origin", "http://127.0.0.1:1")]).status, 403);
    assert_eq!(post(&[("Sec-Fetch-Site", "cross-site")]).status, 403);
    assert_eq!(post(&[("Sec-Fetch-Site", "same-site")]).status, 403);
    // Nothing was registered.
    let list = expect(app.director().get(&path), 200);
    assert_eq!(list["players"].as_array().unwrap().len(), 4);
    assert_eq!(post(&[("Origin", "null")]).status, 403);
    assert_eq!(
        post(&[("Origin", "null"), ("Sec-Fetch-Site", "cross-site")]).status,
        403
    );
    // Sec-Fetch-Site: same-origin alone is enough, and with `Origin: null`
    // (what a browser sends from a page that says no-referrer).
    assert_eq!(post(&[("Sec-Fetch-Site", "same-origin")]).status, 303);
    assert_eq!(
        post(&[("Origin", "null"), ("Sec-Fetch-Site", "same-origin")]).status,
        409,
        "taken (the number is registered already)"
    );
    // A route the table does not open to forms: 415, JSON.
    let origin = format!("http://{}", app.addr);
    let r = app
        .director()
        .request_with(
            "POST",
            &format!("{}/players/1", t(id)),
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
                ("Sec-Fetch-Site", "same-origin"),
            ],
            Some(b"_method=PATCH&name=Changed"),
        )
        .unwrap();
    assert_eq!(r.status, 415, "{}", r.text());
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap_or_default()
            .contains("JSON")
    );
}

#[test]
fn the_script_gets_the_same_words_and_the_same_json() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    let r = app
        .director()
        .post(
            &format!("{}/players", t(id)),
            &json!({ "number": 5, "name": "Eve Fox" }),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(
        r.header("jongg-done"),
        Some("Eve%20Fox%20registered%20as%20player%205")
    );
    assert!(r.json()["events"].is_array(), "{}", r.text());
    // A route without a form has no words to add.
    let r = app.director().get(&format!("{}/players", t(id))).unwrap();
    assert!(r.header("jongg-done").is_none());
}

#[test]
fn the_setup_form_works_without_a_script() {
    let app = App::start_bare(Backend::Sqlite);
    let token = app.setup_token().unwrap();
    let origin = format!("http://{}", app.addr);
    let body = format!(
        "then=%2Flogin&token={token}&username=director&password=a+good+password&confirm=a+good+password"
    );
    let r = app
        .public()
        .request_with(
            "POST",
            "/api/setup",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(body.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(
        unsigned(&r).as_deref(),
        Some("/login?done=Your%20password%20is%20set%3A%20log%20in%20with%20it")
    );
    let r = app
        .public()
        .post("/api/login", &json!({ "password": "a good password" }))
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn the_floors_forms_work_without_a_script() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/1/link", t(id))),
        200,
    );
    let key = link["token"].as_str().unwrap().to_string();
    // The score page's "call the director", with the table's key in the action.
    let origin = format!("http://{}", app.addr);
    let score = format!("/score?key={key}");
    let body = format!(
        "then={}&seat=south&reason=A+claim+on+a+discard",
        url_encoded(&score)
    );
    let r = app
        .public()
        .request_with(
            "POST",
            &format!("{}/rounds/1/tables/1/call?key={key}", t(id)),
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(body.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(
        unsigned(&r).as_deref(),
        Some(
            format!("{score}&done=The%20director%20is%20called%3A%20stay%20at%20the%20table")
                .as_str()
        )
    );
    let calls = expect(app.director().get(&format!("{}/calls", t(id))), 200);
    assert!(
        calls.to_string().contains("A claim on a discard"),
        "{calls}"
    );
    // The floor page: take the call, close it with a note (no game chosen).
    let floor = format!("/floor/t/{id}");
    let then = format!("then={}", url_encoded(&floor));
    let r = form(&app, &format!("{}/calls/1/take", t(id)), &then);
    lands(&app, &r, &floor, "Call 1 is yours");
    let r = form(
        &app,
        &format!("{}/calls/1/close", t(id)),
        &format!("{then}&incident=&game=&seat=&note=Settled+at+the+table"),
    );
    lands(&app, &r, &floor, "Call 1 closed: Settled at the table");
    let calls = expect(app.director().get(&format!("{}/calls", t(id))), 200);
    assert!(
        !calls.to_string().contains("A claim on a discard"),
        "{calls}"
    );
}

/// The director's pages of the floor (officials, a player's discipline, the
/// event's card: issue 14) post their forms without a script too.
#[test]
fn the_directors_floor_pages_work_without_a_script() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 2);
    // Appoint an official: tables typed as a form writes them.
    let officials = format!("/director/t/{id}/officials");
    let then = format!("then={}", url_encoded(&officials));
    let r = form(
        &app,
        &format!("{}/officials", t(id)),
        &format!("{then}&number=1&name=Ann+Lee&tables=1%2C+2&username=ann&password=a+long+secret"),
    );
    lands(&app, &r, &officials, "Ann Lee is saved as a floor official");
    let list = expect(app.director().get(&format!("{}/officials", t(id))), 200);
    assert!(list.to_string().contains("\"ann\""), "{list}");
    // A player's page: a complaint, a penalty, a disqualification.
    let player = format!("/director/t/{id}/players/2");
    let then = format!("then={}", url_encoded(&player));
    let r = form(
        &app,
        &format!("{}/players/2/warn", t(id)),
        &format!("{then}&reason=Talked+over+the+table"),
    );
    lands(
        &app,
        &r,
        &player,
        "The complaint about player 2 is recorded",
    );
    let r = form(
        &app,
        &format!("{}/players/2/penalty", t(id)),
        &format!("{then}&points=-10&reason=Slow+play+again"),
    );
    lands(&app, &r, &player, "Player 2 is penalised -10 points");
    let r = form(
        &app,
        &format!("{}/players/2/disqualify", t(id)),
        &format!("{then}&scores=void&reason=Left+the+hall"),
    );
    lands(&app, &r, &player, "Player 2 is disqualified");
    let floor = expect(app.director().get(&format!("{}/floor", t(id))), 200).to_string();
    for said in ["Talked over the table", "Slow play again", "Left the hall"] {
        assert!(floor.contains(said), "{said}: {floor}");
    }
    // The event's card: back to the practice card.
    let card = format!("/director/t/{id}/card");
    let r = form(
        &app,
        &format!("{}/card", t(id)),
        &format!("then={}&card.kind=practice", url_encoded(&card)),
    );
    lands(&app, &r, &card, "The event's card is saved");
}

/// The confirmation in the address is shown only with this server's
/// signature: a link from elsewhere cannot write its own words on a page.
#[test]
fn a_link_from_elsewhere_cannot_write_on_a_page() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let r = form(
        &app,
        &format!("{}/players/1/late", t(id)),
        &format!("then={}", url_encoded(&format!("/director/t/{id}/players"))),
    );
    let location = r.header("location").unwrap_or_default().to_string();
    let shown = |path: &str| {
        let page = app.director().get(path).unwrap();
        assert_eq!(page.status, 200, "{path}");
        page.text().contains("id=\"done\"")
    };
    assert!(
        shown(&location),
        "the server's own confirmation: {location}"
    );
    let forged = "Call+555-0100+to+confirm+your+password";
    let base = format!("/director/t/{id}/players");
    assert!(!shown(&format!("{base}?done={forged}")));
    assert!(!shown(&format!(
        "{base}?done={forged}&ds={}",
        "0".repeat(32)
    )));
    // Another page's signature does not carry other words.
    let signature = location.split("ds=").nth(1).unwrap_or_default();
    assert!(!shown(&format!("{base}?done={forged}&ds={signature}")));
}

/// Where a 303 goes, without the confirmation's signature (`&ds=`, made
/// by the server with a key of its own, with an expiry: `flash.rs`).
fn unsigned(r: &Response) -> Option<String> {
    let l = r.header("location")?;
    let Some((before, after)) = l.split_once("&ds=") else {
        return Some(l.to_string());
    };
    let rest = after.trim_start_matches(|c: char| c.is_ascii_hexdigit());
    assert_eq!(
        after.len() - rest.len(),
        40,
        "an expiry and a signature, 40 hex digits: {l}"
    );
    Some(format!("{before}{rest}"))
}

fn url_encoded(s: &str) -> String {
    serde_urlencoded::to_string([("x", s)]).unwrap()[2..].to_string()
}

#[test]
fn a_table_of_three_records_east_by_its_form() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 7, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/1/tables/2/link", t(id))), 200);
    let key = link["token"].as_str().unwrap().to_string();
    let sheet = || expect(d_get(&app, &format!("{}/rounds/1/tables/2", t(id))), 200);
    let version = sheet()["sheet"]["version"].as_u64().unwrap_or_default();
    let score = format!("/score?key={key}");
    let r = app
        .public()
        .request_with(
            "POST",
            &format!("{}/rounds/1/tables/2/east?key={key}", t(id)),
            &[
                // What a browser sends from a page that says no-referrer.
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Sec-Fetch-Site", "same-origin"),
                ("Origin", "null"),
            ],
            Some(format!("then={}&east=west&version={version}", url_encoded(&score)).as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert!(
        r.header("location").is_some_and(|l| l.starts_with(&format!(
            "{score}&done=West%20won%20the%20roll%3A%20East%20now&ds="
        ))),
        "{:?}",
        r.header("location")
    );
    assert_eq!(sheet()["sheet"]["east_after_reroll"], "west");
    // The score page says so, on landing.
    let page = app.public().get(r.header("location").unwrap()).unwrap();
    assert!(
        page.text()
            .contains("id=\"done\">West won the roll: East now</p>")
    );
}

fn d_get(app: &App, path: &str) -> std::io::Result<Response> {
    app.director().get(path)
}

/// Enters every game of a table's sheet (plain points) and signs every
/// seat, with the table's key.
fn fill_and_sign(app: &App, id: i64, table: u64, seated: &[Option<u64>; 4], games: u64) {
    let link = expect(
        app.director()
            .get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    let mut k = app.with_token(link["token"].as_str().unwrap());
    for g in 1..=games {
        let entry = if seated[3].is_none() {
            json!({ "kind": "points", "points": { "east": 50, "south": -25, "west": -25 }, "mah_jongg": "east" })
        } else {
            json!({ "kind": "points", "points": { "east": 50, "south": -25, "west": -25, "north": 0 }, "mah_jongg": "east" })
        };
        expect(
            k.put(
                &format!("{}/rounds/1/tables/{table}/games/{g}", t(id)),
                &json!({ "entry": entry }),
            ),
            200,
        );
    }
    for (i, s) in seated.iter().enumerate() {
        if s.is_some() {
            expect(
                k.post(
                    &format!("{}/rounds/1/tables/{table}/sign", t(id)),
                    &json!({ "seat": SEATS[i] }),
                ),
                200,
            );
        }
    }
}

/// The fields of the score page's game form as the page names them: each
/// input, select and text box inside `<form id="game-form">`, with its
/// type and the value the page gives it (a select: its chosen option).
fn game_form_fields(page: &str) -> (String, Vec<(String, String, String)>) {
    let start = page
        .find("<form id=\"game-form\"")
        .expect("the page has its game form");
    let form = &page[start..start + page[start..].find("</form>").unwrap()];
    let attr = |tag: &str, name: &str| {
        let key = format!(" {name}=\"");
        tag.find(&key).map(|i| {
            let rest = &tag[i + key.len()..];
            rest[..rest.find('"').unwrap()]
                .replace("&#x2f;", "/")
                .replace("&#x3d;", "=")
                .replace("&amp;", "&")
        })
    };
    let action = attr(&form[..form.find('>').unwrap()], "action").expect("an action");
    let mut fields = Vec::new();
    for (i, _) in form.match_indices('<') {
        let tag = &form[i..i + form[i..].find('>').unwrap()];
        let kind = if tag.starts_with("<input") {
            attr(tag, "type").unwrap_or_else(|| "text".into())
        } else if tag.starts_with("<select") {
            "select".into()
        } else {
            continue;
        };
        let Some(name) = attr(tag, "name") else {
            continue;
        };
        let value = if kind == "select" {
            let body = &form[i..i + form[i..].find("</select>").unwrap()];
            body.split("<option")
                .find(|o| o.contains(" selected"))
                .and_then(|o| attr(o, "value"))
                .unwrap_or_default()
        } else {
            attr(tag, "value").unwrap_or_default()
        };
        fields.push((name, kind, value));
    }
    (action, fields)
}

/// What a browser sends from the score page's game form: every field the
/// page has, `typed` filling boxes and choices, `ticked` the boxes and the
/// radio button chosen (each must be on the page: a name the template no
/// longer has fails here).
fn game_form_post(page: &str, typed: &[(&str, &str)], ticked: &[&str]) -> (String, String) {
    let (action, fields) = game_form_fields(page);
    let names: Vec<&str> = fields.iter().map(|(n, _, _)| n.as_str()).collect();
    for name in typed
        .iter()
        .map(|(n, _)| *n)
        .chain(ticked.iter().map(|t| t.split('=').next().unwrap()))
    {
        assert!(
            names.contains(&name),
            "the score page's game form has no field {name}: {names:?}"
        );
    }
    let mut sent: Vec<(String, String)> = Vec::new();
    for (name, kind, value) in &fields {
        match kind.as_str() {
            "checkbox" => {
                if ticked.contains(&name.as_str()) {
                    sent.push((
                        name.clone(),
                        if value.is_empty() {
                            "on".into()
                        } else {
                            value.clone()
                        },
                    ));
                }
            }
            "radio" => {
                if ticked.contains(&format!("{name}={value}").as_str()) {
                    sent.push((name.clone(), value.clone()));
                }
            }
            _ => {
                let given = typed
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.to_string());
                sent.push((name.clone(), given.unwrap_or_else(|| value.clone())));
            }
        }
    }
    // The browser percent-encodes the braces of the action's path.
    let action = action.replace('{', "%7B").replace('}', "%7D");
    (action, serde_urlencoded::to_string(&sent).unwrap())
}

#[test]
fn the_score_pages_game_form_works_without_a_script() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let key = link["token"].as_str().unwrap().to_string();
    let score = format!("/score?key={key}");
    let post = |action: &str, body: &str| {
        app.public()
            .request_with(
                "POST",
                action,
                &[
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Sec-Fetch-Site", "same-origin"),
                    ("Origin", "null"),
                ],
                Some(body.as_bytes()),
            )
            .unwrap()
    };
    let page = || app.public().get(&score).unwrap().text();
    let sheet = || expect(d_get(&app, &format!("{}/rounds/1/tables/1", t(id))), 200);
    let preview = |record: serde_json::Value, game: u8| {
        expect(
            app.public()
                .post(&format!("/t/{id}/r/1/table/1/preview?game={game}"), &record),
            200,
        )["points"]
            .clone()
    };
    let games = [
        // Mah Jongg on a discard: South wins, West threw it, jokerless,
        // one exposure (the other results' fields sent empty, as shown).
        (
            vec![
                ("game", "1"),
                ("winner", "south"),
                ("discarder", "west"),
                ("value", "30"),
                ("exposures", "1"),
            ],
            vec!["result=mahjong", "jokerless"],
            json!({ "result": "mahjong", "winner": "south", "discarder": "west", "value": 30,
                    "exposures": 1, "jokerless": true }),
        ),
        // Self-picked: the thrower chosen by mistake is left out.
        (
            vec![
                ("game", "2"),
                ("winner", "east"),
                ("discarder", "north"),
                ("value", "25"),
            ],
            vec!["result=mahjong", "self_picked"],
            json!({ "result": "mahjong", "winner": "east", "value": 25, "self_picked": true }),
        ),
        // A wall game, a dead hand and two penalties (a winner typed for
        // a Mah Jongg before the result changed is left out).
        (
            vec![
                ("game", "3"),
                ("winner", "east"),
                ("dead.west", "infraction"),
            ],
            vec![
                "result=wall",
                "penalty.north.false_dead_call",
                "penalty.south.blind_pass_peek",
            ],
            json!({ "result": "wall", "dead": { "west": "infraction" },
                    "penalties": [{ "seat": "south", "kind": "blind_pass_peek" },
                                  { "seat": "north", "kind": "false_dead_call" }] }),
        ),
    ];
    for (i, (typed, ticked, record)) in games.iter().enumerate() {
        let g = i + 1;
        let (action, body) = game_form_post(&page(), typed, ticked);
        let r = post(&action, &body);
        lands(&app, &r, "/score", &format!("Game {g} saved"));
        let saved = &sheet()["sheet"]["games"][i];
        assert_eq!(
            saved["points"],
            preview(record.clone(), g as u8),
            "game {g}: {saved}"
        );
    }
    let points = &sheet()["sheet"]["games"][0]["points"];
    // The ticked jokerless box counts: 30 alone would be South's 30.
    assert_eq!(
        (points["south"].as_i64(), points["west"].as_i64()),
        (Some(50), Some(-10)),
        "{points}"
    );

    // A page older than the sheet: refused as a page in words, nothing saved.
    let old = page();
    let (action, body) = game_form_post(
        &old,
        &[("game", "4"), ("winner", "east"), ("value", "25")],
        &["result=mahjong", "self_picked"],
    );
    let (action2, body2) = game_form_post(&old, &[("game", "4")], &["result=wall"]);
    assert_eq!(post(&action2, &body2).status, 303);
    let r = post(&action, &body);
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.text().contains("That did not work"), "{}", r.text());
    assert!(r.text().contains("Back to the form"), "{}", r.text());
    assert!(
        r.text().contains("Someone else saved this sheet"),
        "{}",
        r.text()
    );
    assert!(
        !r.text().contains("\"conflict\""),
        "words, not JSON: {}",
        r.text()
    );
    // The wall game saved first stands.
    assert_eq!(
        sheet()["sheet"]["games"][3]["entry"]["record"]["result"],
        "wall",
        "{}",
        sheet()
    );

    // A signed sheet: the change is refused until its box says the
    // signatures may be cleared (the script asks with a button instead).
    let mut k = app.with_token(&key);
    expect(
        k.post(
            &format!("{}/rounds/1/tables/1/sign", t(id)),
            &json!({ "seat": "east" }),
        ),
        200,
    );
    let typed = [("game", "4")];
    let (action, body) = game_form_post(&page(), &typed, &["result=timeout"]);
    let r = post(&action, &body);
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.text().contains("That did not work"), "{}", r.text());
    let (action, body) = game_form_post(&page(), &typed, &["result=timeout", "clear_signatures"]);
    lands(&app, &post(&action, &body), "/score", "Game 4 saved");
    assert_eq!(sheet()["sheet"]["signed"]["east"], false, "{}", sheet());
}

#[test]
fn the_director_amends_an_accepted_game_by_the_form() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    fill_and_sign(&app, id, 1, &[Some(1), Some(2), Some(3), Some(4)], 4);
    expect(
        app.director()
            .post(&format!("{}/rounds/1/tables/1/accept", t(id)), &json!({})),
        200,
    );
    let here = format!("/director/t/{id}/r/1/table/1");
    let page = app.director().get(&here).unwrap().text();
    // Without a reason: refused in words, nothing changed.
    let (action, body) = game_form_post(&page, &[("game", "2")], &["result=wall"]);
    let r = form(&app, &action, &body);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("say why the game is changed"),
        "{}",
        r.text()
    );
    let (action, body) = game_form_post(
        &page,
        &[("game", "2"), ("reason", "The table wrote the wrong game")],
        &["result=wall"],
    );
    lands(&app, &form(&app, &action, &body), &here, "Game 2 amended");
    let sheet = expect(
        app.director().get(&format!("{}/rounds/1/tables/1", t(id))),
        200,
    );
    assert_eq!(sheet["sheet"]["games"][1]["points"]["north"], 10, "{sheet}");
}
