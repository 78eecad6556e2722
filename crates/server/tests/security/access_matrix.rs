//! Who may call what, tried on every route of the route table (issue 12,
//! point 2): each route × the public, the director, the table's own link,
//! another table's link, another tournament's link and a logged-out
//! session. The expected access of every route is written here, apart from
//! the table: a route added without a line here fails, and so does a route
//! whose access changed without this list changing with it.
//!
//! A refusal must come before the handler: writes are sent with a body that
//! is not even JSON, which a handler would answer with 400, so a 401, 403
//! or a page's redirect to the login can only come from the access layer;
//! and no refused request changes anything.

use crate::common::{App, PASSWORD, expect, seat_and_start, t, tournament};
use jongg_server::client::Response;
use jongg_server::routes::{self, Access, Answer};
use jongg_store::Backend;
use serde_json::json;
use std::collections::BTreeSet;

/// Every route and who may call it: `public` (anyone, no credential read),
/// `anyone` (anyone; a credential sent must be valid), `director`, `table`
/// (the director or the link of the table in the path), `scorekeeper` (a
/// table's link), `floor` (the director or an official of the tournament),
/// `table_or_floor` (either), `player` (a signed-in player, by their own
/// cookie: `tests/lobby.rs` tries a player on these).
const EXPECTED: &[(&str, &str, &str)] = &[
    ("GET", "/openapi.json", "public"),
    // auth
    ("POST", "/api/setup", "public"),
    ("POST", "/api/login", "public"),
    ("POST", "/api/logout", "anyone"),
    ("GET", "/api/me", "anyone"),
    // tournaments
    ("GET", "/api/tournaments", "public"),
    ("POST", "/api/tournaments", "director"),
    ("POST", "/api/tournaments/import", "director"),
    ("GET", "/api/tournaments/{id}", "public"),
    ("PATCH", "/api/tournaments/{id}", "director"),
    ("POST", "/api/tournaments/{id}/commands", "table"),
    ("GET", "/api/tournaments/{id}/standings", "public"),
    ("GET", "/api/tournaments/{id}/audit", "director"),
    ("GET", "/api/tournaments/{id}/warnings", "public"),
    ("GET", "/api/tournaments/{id}/changes", "public"),
    ("GET", "/api/tournaments/{id}/export", "director"),
    // players
    ("GET", "/api/tournaments/{id}/players", "public"),
    ("POST", "/api/tournaments/{id}/players", "director"),
    ("GET", "/api/tournaments/{id}/players/{n}", "public"),
    ("PATCH", "/api/tournaments/{id}/players/{n}", "director"),
    (
        "POST",
        "/api/tournaments/{id}/players/{n}/withdraw",
        "director",
    ),
    ("POST", "/api/tournaments/{id}/players/{n}/late", "director"),
    (
        "POST",
        "/api/tournaments/{id}/players/{n}/arrive",
        "director",
    ),
    (
        "POST",
        "/api/tournaments/{id}/players/{n}/substitute",
        "director",
    ),
    // rounds and sheets
    ("GET", "/api/tournaments/{id}/rounds/{r}", "public"),
    ("POST", "/api/tournaments/{id}/rounds/{r}/seat", "director"),
    ("POST", "/api/tournaments/{id}/rounds/{r}/start", "director"),
    ("POST", "/api/tournaments/{id}/rounds/{r}/close", "director"),
    ("GET", "/api/tournaments/{id}/rounds/{r}/clock", "public"),
    ("POST", "/api/tournaments/{id}/rounds/{r}/clock", "director"),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/online",
        "director",
    ),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/bots",
        "director",
    ),
    ("GET", "/api/tournaments/{id}/schedule", "director"),
    ("POST", "/api/tournaments/{id}/schedule", "director"),
    ("GET", "/api/tournaments/{id}/rounds/{r}/links", "director"),
    (
        "GET",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}",
        "public",
    ),
    (
        "PUT",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}",
        "table",
    ),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}/amend",
        "director",
    ),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/sign",
        "table",
    ),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/east",
        "table",
    ),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/accept",
        "floor",
    ),
    (
        "GET",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/link",
        "director",
    ),
    (
        "GET",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/qr.svg",
        "director",
    ),
    ("GET", "/api/scorekeeper", "scorekeeper"),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/accept-signed",
        "director",
    ),
    // pages and their files
    ("GET", "/assets/jongg.css", "public"),
    ("GET", "/assets/jongg.js", "public"),
    ("GET", "/assets/score.js", "public"),
    ("GET", "/assets/projector.js", "public"),
    ("GET", "/assets/clock.js", "public"),
    ("GET", "/login", "public"),
    ("GET", "/setup", "public"),
    ("GET", "/director", "director"),
    ("GET", "/director/t/{id}", "director"),
    ("GET", "/director/t/{id}/audit", "director"),
    ("GET", "/director/t/{id}/audit.csv", "director"),
    ("GET", "/director/t/{id}/tiles", "director"),
    ("GET", "/director/t/{id}/players", "director"),
    ("GET", "/director/t/{id}/settings", "director"),
    ("GET", "/director/t/{id}/seating", "director"),
    ("POST", "/director/t/{id}/players.csv", "director"),
    ("POST", "/director/t/{id}/r/{r}/seating.csv", "director"),
    ("GET", "/score", "scorekeeper"),
    ("GET", "/director/t/{id}/r/{r}/table/{t}", "director"),
    ("POST", "/t/{id}/r/{r}/table/{t}/preview", "public"),
    // the event's card (issue 14.1)
    ("GET", "/assets/score_hand.js", "public"),
    ("GET", "/api/tournaments/{id}/card", "public"),
    ("POST", "/api/tournaments/{id}/card", "director"),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}/check-hand",
        "public",
    ),
    ("GET", "/", "public"),
    ("GET", "/t/{id}", "public"),
    ("GET", "/t/{id}/projector", "public"),
    ("GET", "/t/{id}/players/{n}", "public"),
    ("GET", "/director/t/{id}/print", "director"),
    ("GET", "/director/t/{id}/print/{*doc}", "director"),
    ("GET", "/t/{id}/standings.pdf", "public"),
    ("GET", "/t/{id}/standings.csv", "public"),
    ("GET", "/t/{id}/games.csv", "public"),
    ("GET", "/table", "public"),
    ("GET", "/code", "public"),
    ("GET", "/t/{id}/seat", "public"),
    ("GET", "/director/t/{id}/tents", "director"),
    ("GET", "/director/t/{id}/tents.pdf", "director"),
    // the floor (issue 14.2-14.4)
    ("POST", "/api/tournaments/{id}/officials", "director"),
    ("GET", "/api/tournaments/{id}/calls", "floor"),
    (
        "POST",
        "/api/tournaments/{id}/rounds/{r}/tables/{t}/call",
        "table_or_floor",
    ),
    ("POST", "/api/tournaments/{id}/calls/{c}/take", "floor"),
    ("POST", "/api/tournaments/{id}/calls/{c}/close", "floor"),
    ("POST", "/api/tournaments/{id}/players/{n}/warn", "floor"),
    (
        "POST",
        "/api/tournaments/{id}/players/{n}/penalty",
        "director",
    ),
    (
        "POST",
        "/api/tournaments/{id}/players/{n}/disqualify",
        "director",
    ),
    ("GET", "/api/tournaments/{id}/floor", "director"),
    ("GET", "/api/tournaments/{id}/floor.csv", "director"),
    ("GET", "/floor/t/{id}", "floor"),
    ("GET", "/assets/floor.js", "public"),
    // the floor's director pages
    ("GET", "/api/tournaments/{id}/officials", "director"),
    (
        "POST",
        "/api/tournaments/{id}/officials/{o}/remove",
        "director",
    ),
    ("GET", "/director/t/{id}/officials", "director"),
    ("GET", "/director/t/{id}/players/{n}", "director"),
    ("GET", "/director/t/{id}/card", "director"),
    ("GET", "/assets/card_file.js", "public"),
    // the personal sign-off code (issue 14, point 6)
    ("GET", "/me", "public"),
    ("GET", "/director/t/{id}/badges", "director"),
    // starting and stopping jongg (issue 21.1)
    ("GET", "/api/server", "public"),
    ("POST", "/api/stop", "director"),
    ("GET", "/director/stop", "director"),
    ("GET", "/director/stopped", "director"),
    // health and readiness for a proxy (issue 21, point 3)
    ("GET", "/healthz", "public"),
    ("GET", "/readyz", "public"),
    // live tables (issue 23.2): no accounts yet; a seat's token is its key
    ("GET", "/api/cards", "public"),
    ("POST", "/api/cards", "player"),
    ("GET", "/play/cards", "public"),
    ("POST", "/api/play/tables", "public"),
    ("GET", "/api/play/tables", "public"),
    ("GET", "/api/play/tables/{id}", "public"),
    ("GET", "/api/play/tables/{id}/ws", "public"),
    // the live table's pages (issue 23.5); the practice form without a script
    ("GET", "/play/new", "public"),
    ("POST", "/play/new", "public"),
    ("GET", "/play/links", "public"),
    ("GET", "/play/{id}", "public"),
    ("GET", "/assets/play.js", "public"),
    ("GET", "/assets/play_table.js", "public"),
    ("GET", "/assets/play.css", "public"),
    // the tiles' faces and the script that draws them (issue 33.1)
    ("GET", "/assets/tiles.svg", "public"),
    ("GET", "/assets/tiles.js", "public"),
    ("POST", "/play/points", "public"),
    // a finished table: its log, its replay and coach (issue 23.9, 24.6)
    ("GET", "/play/{id}/log.jsonl", "anyone"),
    ("GET", "/play/{id}/replay", "anyone"),
    // a spectator's page of a live table (issue 23.6)
    ("GET", "/play/{id}/watch", "public"),
    ("GET", "/assets/replay.js", "public"),
    // players' accounts and the lobby (issue 23.6): a player's own cookie
    ("GET", "/play/signup", "public"),
    ("POST", "/play/signup", "public"),
    ("GET", "/play/signin", "public"),
    ("POST", "/play/signin", "public"),
    ("POST", "/play/signout", "player"),
    ("GET", "/play", "public"),
    ("GET", "/play/rooms/{id}", "public"),
    ("GET", "/play/rooms/new", "player"),
    ("POST", "/play/rooms", "player"),
    ("POST", "/play/rooms/{id}/join", "player"),
    ("POST", "/play/rooms/{id}/leave", "player"),
    ("POST", "/play/rooms/{id}/start", "player"),
    ("GET", "/play/rooms/{id}/seat", "player"),
];

fn label(a: Access) -> &'static str {
    match a {
        Access::Public => "public",
        Access::Anyone => "anyone",
        Access::Director => "director",
        Access::Table => "table",
        Access::Scorekeeper => "scorekeeper",
        Access::Floor => "floor",
        Access::TableOrFloor => "table_or_floor",
        Access::Player => "player",
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Public,
    Director,
    OwnTable,
    OtherTable,
    OtherTournament,
    LoggedOut,
    /// A floor official of the first tournament (for table 1).
    Official,
    /// A floor official of the other tournament.
    OtherOfficial,
    /// A signed-in player of the lobby (issue 23.6), by their cookie.
    Player,
}

const EVERYONE: [Who; 9] = [
    Who::Public,
    Who::Director,
    Who::OwnTable,
    Who::OtherTable,
    Who::OtherTournament,
    Who::LoggedOut,
    Who::Official,
    Who::OtherOfficial,
    Who::Player,
];

/// Whether `who` may call a route of `access` at `path` (in which table 1
/// of round 1 of the first tournament is named, where a table is named).
fn may(access: &str, path: &str, who: Who) -> bool {
    let names_table = path.contains("{t}");
    match (access, who) {
        ("public", _) => true,
        // A player's cookie is no credential of the director's, a table's
        // or an official's: a player is the public everywhere else.
        ("player", w) => w == Who::Player,
        ("anyone", Who::Player) => true,
        (_, Who::Player) => false,
        ("anyone", w) => w != Who::LoggedOut,
        (_, Who::Public | Who::LoggedOut) => false,
        ("floor", w) => matches!(w, Who::Director | Who::Official),
        ("table_or_floor", w) => {
            matches!(w, Who::Director | Who::OwnTable | Who::Official)
                || (w == Who::OtherTable && !names_table)
        }
        (_, Who::Official | Who::OtherOfficial) => false,
        ("director", w) => w == Who::Director,
        ("table", Who::Director | Who::OwnTable) => true,
        ("table", Who::OtherTable) => !names_table,
        ("table", _) => false,
        ("scorekeeper", w) => w != Who::Director,
        (other, _) => panic!("unknown access {other}"),
    }
}

/// Whether an answer is a refusal: 401, 403, or a page sending its caller
/// to the login (the director's, or a player's sign-in).
fn refused(r: &Response) -> bool {
    matches!(r.status, 401 | 403)
        || (r.status == 303
            && r.header("location")
                .is_some_and(|l| l.starts_with("/login") || l.starts_with("/play/signin")))
}

#[test]
fn every_route_refuses_every_caller_its_access_does_not_allow_before_its_handler() {
    let table: BTreeSet<(String, String, &str)> = routes::all()
        .iter()
        .map(|r| (r.method.to_string(), r.path.to_string(), label(r.access)))
        .collect();
    let expected: BTreeSet<(String, String, &str)> = EXPECTED
        .iter()
        .map(|(m, p, a)| (m.to_string(), p.to_string(), *a))
        .collect();
    assert_eq!(
        table.difference(&expected).collect::<Vec<_>>(),
        Vec::<&(String, String, &str)>::new(),
        "routes of the table whose access this test does not know (add them to EXPECTED)"
    );
    assert_eq!(
        expected.difference(&table).collect::<Vec<_>>(),
        Vec::<&(String, String, &str)>::new(),
        "routes this test expects that the table does not have (or with another access)"
    );

    let app = App::start(Backend::Sqlite);
    let setup = || {
        let id = tournament(&app, "standard", 8, 2);
        seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
        id
    };
    let (id, other) = (setup(), setup());
    let key = |tournament: i64, table: u32| {
        let link = expect(
            app.director()
                .get(&format!("{}/rounds/1/tables/{table}/link", t(tournament))),
            200,
        );
        link["token"].as_str().unwrap().to_string()
    };
    let (own, other_table, other_tournament) = (key(id, 1), key(id, 2), key(other, 1));
    let log_in = |username: &str| {
        let r = expect(
            app.public().post(
                "/api/login",
                &json!({ "username": username, "password": "monitor password" }),
            ),
            200,
        );
        r["token"].as_str().unwrap().to_string()
    };
    let official = |tournament: i64, username: &str| {
        expect(
            app.director().post(
                &format!("{}/officials", t(tournament)),
                &json!({ "number": 1, "name": "Monitor", "tables": [1],
                         "username": username, "password": "monitor password" }),
            ),
            200,
        );
        let r = expect(
            app.public().post(
                "/api/login",
                &json!({ "username": username, "password": "monitor password" }),
            ),
            200,
        );
        r["token"].as_str().unwrap().to_string()
    };
    let (official, other_official) = (official(id, "monitor"), official(other, "monitor2"));
    let logged_out = {
        let r = expect(
            app.public()
                .post("/api/login", &json!({ "password": PASSWORD })),
            200,
        );
        let token = r["token"].as_str().unwrap().to_string();
        let out = app
            .with_token(&token)
            .post("/api/logout", &json!({}))
            .unwrap();
        assert_eq!(out.status, 204);
        token
    };
    // A player signs up (and so in): their cookie.
    let player = || {
        let r = app
            .public()
            .post(
                "/play/signup",
                &json!({ "name": "Player One", "password": PASSWORD }),
            )
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        let cookie = r.header("set-cookie").unwrap();
        cookie.split(';').next().unwrap().to_string()
    };
    let player_cookie = player();
    let events = |app: &App| {
        [id, other].map(|x| {
            expect(app.public().get(&t(x)), 200)["events"]
                .as_u64()
                .unwrap()
        })
    };

    let mut checked = 0;
    let mut wrong = Vec::new();
    for (method, path, access) in EXPECTED {
        let concrete = path
            .replace("{id}", &id.to_string())
            .replace("{r}", "1")
            .replace("{t}", "1")
            .replace("{g}", "1")
            .replace("{n}", "1")
            .replace("{c}", "1")
            .replace("{o}", "1")
            .replace("{*doc}", "standings");
        let body: Option<&[u8]> = (*method != "GET").then_some(b"{\"not json".as_slice());
        for who in EVERYONE {
            let mut client = match who {
                Who::Public => app.public(),
                // Logging out ends the session it is sent with: a fresh one.
                Who::Director if *path == "/api/logout" => {
                    let r = expect(
                        app.public()
                            .post("/api/login", &json!({ "password": PASSWORD })),
                        200,
                    );
                    app.with_token(r["token"].as_str().unwrap())
                }
                Who::Director => app.director(),
                Who::OwnTable => app.with_token(&own),
                Who::OtherTable => app.with_token(&other_table),
                Who::OtherTournament => app.with_token(&other_tournament),
                Who::LoggedOut => app.with_token(&logged_out),
                // So do an official's (anyone logged in logs out).
                Who::Official if *path == "/api/logout" => app.with_token(&log_in("monitor")),
                Who::OtherOfficial if *path == "/api/logout" => app.with_token(&log_in("monitor2")),
                Who::Official => app.with_token(&official),
                Who::OtherOfficial => app.with_token(&other_official),
                Who::Player => app.public(),
            };
            let before = events(&app);
            let r = match who {
                // Signing out ends the session it is sent with: a fresh one.
                Who::Player if *path == "/play/signout" => {
                    let fresh = {
                        let r = app
                            .public()
                            .post(
                                "/play/signin",
                                &json!({ "name": "player one", "password": PASSWORD }),
                            )
                            .unwrap();
                        assert_eq!(r.status, 200, "{}", r.text());
                        r.header("set-cookie")
                            .unwrap()
                            .split(';')
                            .next()
                            .unwrap()
                            .to_string()
                    };
                    client.request_with(method, &concrete, &[("Cookie", &fresh)], body)
                }
                Who::Player => {
                    client.request_with(method, &concrete, &[("Cookie", &player_cookie)], body)
                }
                _ => client.request(method, &concrete, body),
            }
            .unwrap();
            checked += 1;
            let allowed = may(access, path, who);
            if allowed == refused(&r) {
                wrong.push(format!(
                    "{method} {path} as {who:?}: {} {}, expected {}",
                    r.status,
                    r.text().chars().take(120).collect::<String>(),
                    if allowed { "to pass" } else { "a refusal" }
                ));
            }
            if !allowed {
                assert_eq!(
                    events(&app),
                    before,
                    "{method} {path} as {who:?} was refused but changed something"
                );
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(checked, EXPECTED.len() * EVERYONE.len());
    // Pages refuse with pages: the director's send the others to the login.
    let page = routes::all()
        .into_iter()
        .find(|r| r.answer == Answer::Page && r.access == Access::Director)
        .unwrap();
    let r = app
        .public()
        .get(&page.path.replace("{id}", &id.to_string()))
        .unwrap();
    assert_eq!(r.status, 303, "{}", page.path);
}
