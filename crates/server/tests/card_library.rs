//! The cards live tables play by (issue 32.1), black box over HTTP on port
//! 0: a signed-in player loads a card into the server's library (checked,
//! its mistakes named by line and column, at most five a player); a
//! practice table plays the card its host chose, and keeps it for its
//! replay and coach; a tournament's online round plays the event's card,
//! which goes into the library for the club's practice tables.

mod common;

#[path = "play/client.rs"]
#[allow(dead_code)]
mod client;

use client::SeatClient;
use common::*;
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::{Value, json};

/// An original test card of jongg's (never the League's).
const FEATURES: &str = include_str!("../../../cards/features.card");

fn start() -> App {
    App::start_bare_with(Backend::Sqlite, |c| {
        c.play_bot_delay_ms = 0;
        c.play_sign_ups_free = 20;
        c.play_tables_free = 1_000;
    })
}

/// A signed-up player's session cookie.
fn sign_up(app: &App, name: &str) -> String {
    let origin = format!("http://{}", app.addr);
    let r = app
        .public()
        .request_with(
            "POST",
            "/play/signup",
            &[
                ("Accept", "text/html"),
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(
                format!("name={name}&password=ten+chars+at+least&confirm=ten+chars+at+least")
                    .as_bytes(),
            ),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.strip_prefix("jongg_player="))
        .map(|v| v.split(';').next().unwrap_or("").to_string())
        .expect("a session cookie")
}

/// Loads a card as the player of `cookie` (JSON).
fn load(app: &App, cookie: &str, body: &Value) -> Response {
    let origin = format!("http://{}", app.addr);
    let cookie = format!("jongg_player={cookie}");
    app.public()
        .request_with(
            "POST",
            "/api/cards",
            &[
                ("Cookie", cookie.as_str()),
                ("Content-Type", "application/json"),
                ("Origin", origin.as_str()),
            ],
            Some(body.to_string().as_bytes()),
        )
        .unwrap()
}

fn cards(app: &App) -> Vec<Value> {
    expect(app.public().get("/api/cards"), 200)["cards"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn a_player_loads_a_card_and_a_practice_table_plays_and_replays_by_it() {
    let app = start();
    let ann = sign_up(&app, "Ann");
    let r = load(
        &app,
        &ann,
        &json!({ "name": "Club card", "year": 2026, "text": FEATURES }),
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let added = r.json();
    assert_eq!(added["new"], true);
    let id = added["card"]["id"].as_i64().unwrap();
    let listed = cards(&app);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["name"], "Club card");
    assert_eq!(listed[0]["year"], 2026);
    assert!(listed[0]["lines"].as_i64().unwrap() > 5, "{listed:?}");
    // The same card again is the one already there, under its first name.
    let again = load(&app, &ann, &json!({ "name": "Copy", "text": FEATURES }));
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["card"]["id"], id);
    assert_eq!(cards(&app).len(), 1);

    // The library's page and the practice form offer it.
    assert!(page_text(&app, "/play/cards", false).contains("<td>Club card</td><td>2026</td>"));
    let form = page_text(&app, "/play/new", false);
    assert!(
        form.contains(&format!("<option value=\"{id}\">Club card, 2026 (")),
        "{form}"
    );
    // A practice table of the library's card: the table says which card.
    let table = expect(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "card": id.to_string(),
                "seats": { "east": "person", "south": "medium", "west": "medium", "north": "medium" } }),
        ),
        201,
    );
    let tid = table["id"].as_str().unwrap().to_string();
    let token = table["seats"]["east"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let open = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(open["tables"][0]["card"], "Club card", "{open}");
    assert!(
        page_text(&app, &format!("/play/{tid}"), false).contains("The card: “Club card”."),
        "the page names its card"
    );
    app.rt.block_on(async {
        let mut east = SeatClient::connect(app.addr, &tid, &token)
            .await
            .with_bot(true, 3);
        east.play_until(SeatClient::ended).await;
    });
    // Its replay and its coach read the same card, kept with the table.
    page_text(&app, &format!("/play/{tid}/replay"), false);
    page_text(&app, &format!("/play/{tid}/replay?seat=east"), false);

    // A card nobody has is refused in words, before anything is made.
    refused(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "card": "9999",
                "seats": { "east": "person", "south": "medium", "west": "medium", "north": "medium" } }),
        ),
        422,
        "the library has no card 9999",
    );
    refused(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "card": "nmjl",
                "seats": { "east": "person", "south": "medium", "west": "medium", "north": "medium" } }),
        ),
        422,
        "`nmjl` is neither `practice` nor the number of a card",
    );
}

#[test]
fn a_card_is_checked_before_it_goes_into_the_library_and_a_player_loads_at_most_five() {
    let app = start();
    // Nobody signed in: the library is read by anyone, loaded by players.
    let r = app
        .public()
        .post("/api/cards", &json!({ "name": "x", "text": FEATURES }))
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.text());
    let bob = sign_up(&app, "Bob");
    let r = load(
        &app,
        &bob,
        &json!({ "name": "Bad", "text": "2026a nnnnb zzz : 25 X\n" }),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        e.starts_with("text: the card file is not a card: line 1, column"),
        "{e}"
    );
    let r = load(&app, &bob, &json!({ "name": "  ", "text": FEATURES }));
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("give the card a name"), "{}", r.text());
    let r = load(
        &app,
        &bob,
        &json!({ "name": "Old", "year": 1800, "text": FEATURES }),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("1800 is not a card's year"),
        "{}",
        r.text()
    );
    assert!(cards(&app).is_empty(), "nothing refused was kept");
    for n in 1..=5 {
        let text = format!("{FEATURES}\n# copy {n}\n");
        let r = load(
            &app,
            &bob,
            &json!({ "name": format!("Card {n}"), "text": text }),
        );
        assert_eq!(r.status, 201, "{}", r.text());
    }
    let r = load(
        &app,
        &bob,
        &json!({ "name": "Card 6", "text": format!("{FEATURES}\n# copy 6\n") }),
    );
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.text().contains("you have loaded 5 cards"), "{}", r.text());
    assert_eq!(cards(&app).len(), 5);
}

/// Every text: "the current NMJL card". A round's online tables play the
/// event's card the director loaded, not the practice card, and the card
/// goes into the library.
#[test]
fn an_online_round_plays_the_events_card_and_the_library_keeps_it() {
    let app = App::start_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 10_000);
    let id = tournament(&app, "standard", 4, 1);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/card", t(id)),
            &json!({ "card": { "kind": "file", "label": "Club 2026", "text": FEATURES } }),
        ),
        200,
    );
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let opened = expect(
        d.post(
            &format!("{}/rounds/1/online", t(id)),
            &json!({ "tables": [1] }),
        ),
        200,
    );
    let live = opened["tables"][0]["id"].as_str().unwrap().to_string();
    let open = expect(app.public().get("/api/play/tables"), 200);
    let mine = open["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == live.as_str())
        .unwrap_or_else(|| panic!("{open}"));
    assert_eq!(mine["card"], "Club 2026", "{open}");
    assert!(page_text(&app, &format!("/play/{live}"), false).contains("The card: “Club 2026”."));
    let listed = cards(&app);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["name"], "Club 2026");
}
