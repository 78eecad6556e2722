//! The live table's pages over a real server (issue 23.5): the practice
//! form (`/play/new`; `/play` is the lobby, `tests/lobby.rs`) and a seat's
//! page render, their scripts and stylesheet are served as
//! embedded, and a table id that could break the page is refused in words.
//! The browser plays a game on them in `tests/browser/play.test.mjs`.

mod common;

use common::App;
use jongg_store::Backend;

/// The home page leads to online play: the lobby and a practice table
/// (issue 33.5).
#[test]
fn the_home_page_links_to_the_lobby_and_a_practice_table() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/").expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("<a href=\"/play\">The lobby</a>"), "{html}");
    assert!(html.contains("<a href=\"/play/new\">"), "{html}");
}

#[test]
fn the_start_page_offers_the_five_presets_and_posts_to_the_create_route() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/play/new").expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    for preset in jongg_rules::PRESET_NAMES {
        assert!(
            html.contains(&format!("<option value=\"{preset}\"")),
            "{preset}"
        );
    }
    // Without a script the form posts to its page; the script, to the API.
    assert!(
        html.contains("action=\"/play/new\" data-api=\"/api/play/tables\""),
        "{html}"
    );
    for seat in ["east", "south", "west", "north"] {
        assert!(html.contains(&format!("name=\"seats.{seat}\"")), "{seat}");
    }
    assert!(html.contains("/assets/play.js"));
}

#[test]
fn a_seat_page_names_its_table_and_socket_and_loads_the_scripts_in_order() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app
        .public()
        .get("/play/t-7x?seat=east&token=abc")
        .expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("data-table=\"t-7x\""), "{html}");
    assert!(
        html.contains("data-ws=\"/api/play/tables/t-7x/ws\""),
        "{html}"
    );
    // The model first: play.js reads window.JonggTable.
    let model = html
        .find("/assets/play_table.js")
        .expect("the model's script");
    let page = html.find("/assets/play.js").expect("the page's script");
    assert!(model < page);
    // The tiles' faces before the page that draws them (issue 33.1).
    let faces = html.find("/assets/tiles.js").expect("the faces' script");
    assert!(faces < page);
    // The token stays in the address: the page never writes it.
    assert!(!html.contains("abc"), "{html}");
}

#[test]
fn the_watch_page_is_the_table_page_in_its_spectator_mode_with_the_chat_to_read() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/play/t-7x/watch").expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("data-watch=\"1\""), "{html}");
    assert!(html.contains("data-ws=\"/api/play/tables/t-7x/ws\""));
    assert!(html.contains("/assets/play.js") && html.contains("/assets/play_table.js"));
    // No rack and no moves of one's own; the chat is read, not written.
    assert!(!html.contains("id=\"rack\""), "{html}");
    assert!(html.contains("id=\"chat-lines\""));
    assert!(html.contains("only the players write"));
    let r = app.public().get("/play/a%3Cb%3E/watch").expect("request");
    assert_eq!(r.status, 404);
}

#[test]
fn a_table_id_that_is_not_letters_digits_or_dashes_is_a_404_in_words() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/play/a%3Cb%3E").expect("request");
    assert_eq!(r.status, 404, "{}", r.text());
    let text = r.text();
    assert!(text.contains("letters, digits"), "{text}");
    assert!(!text.contains("<b>"), "{text}");
}

#[test]
fn the_table_scripts_and_stylesheet_are_served_as_embedded() {
    let app = App::start_bare(Backend::Sqlite);
    for (path, file, kind) in [
        (
            "/assets/play.js",
            include_str!("../assets/play.js"),
            "text/javascript",
        ),
        (
            "/assets/play_table.js",
            include_str!("../assets/play_table.js"),
            "text/javascript",
        ),
        (
            "/assets/play.css",
            include_str!("../assets/play.css"),
            "text/css",
        ),
        (
            "/assets/tiles.js",
            include_str!("../assets/tiles.js"),
            "text/javascript",
        ),
        (
            "/assets/tiles.svg",
            include_str!("../assets/tiles.svg"),
            "image/svg+xml",
        ),
    ] {
        let r = app.public().get(path).expect("request");
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.text(), file, "{path}: the file in the binary");
        let ct = r.header("content-type").unwrap_or_default();
        assert!(ct.starts_with(kind), "{path}: {ct}");
    }
}

/// `standard`'s table as the `began` event carries it.
fn standard_table() -> serde_json::Value {
    serde_json::json!({"rules": "standard", "dealer": "east",
        "present": {"east": true, "south": true, "west": true, "north": true},
        "joker_covers": true, "blind_first_left": true, "blind_last_right": true, "blind_max": 3,
        "second_charleston": true, "courtesy_pass": true, "three_player_charleston": false,
        "false_dead_call_makes_dead": true, "last_discard_callable": true})
}

#[test]
fn a_finished_game_is_scored_with_the_presets_reasons() {
    let app = App::start_bare(Backend::Sqlite);
    let dead = serde_json::json!({"east": null, "south": null, "west": null, "north": null});
    // A wall game under `standard`: +10 each (standard 13.3).
    let body = serde_json::json!({"table": standard_table(), "outcome": {
        "ending": {"kind": "wall"}, "dead": dead, "penalties": [], "turns": 80, "wall_left": 0}});
    let r = app.public().post("/play/points", &body).expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(
        v["points"],
        serde_json::json!({"east": 10, "south": 10, "west": 10, "north": 10})
    );
    let lines = v["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 4, "{v}");
    assert!(
        lines
            .iter()
            .all(|l| l["source"].as_str().is_some_and(|s| !s.is_empty())),
        "{v}"
    );
}

#[test]
fn a_finished_game_that_does_not_read_is_refused_naming_the_field() {
    let app = App::start_bare(Backend::Sqlite);
    let body =
        serde_json::json!({"table": standard_table(), "outcome": {"ending": {"kind": "nope"}}});
    let r = app.public().post("/play/points", &body).expect("request");
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("outcome"), "{}", r.text());
    let r = app
        .public()
        .post(
            "/play/points",
            &serde_json::json!({"table": standard_table(), "outcome": null, "x": 1}),
        )
        .expect("request");
    assert_eq!(r.status, 422, "{}", r.text());
}
