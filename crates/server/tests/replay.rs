//! A finished table's replay, its log and its coach over a real server
//! (issue 23.9, 24.6): a game of a person (a bot in the test's client)
//! and three bots played to its end at bot delay 0; then its log
//! downloaded and read by the functions `jongg verify-wall` and
//! `jongg replay` use; the replay page at several moves, drawn by the
//! server (no script needed); the coach's seat and its top differences,
//! against `jongg_game::coach` on the same log. Before the end: 409 with
//! no byte of the log; an unknown table: 404.

mod common;

// The seat's client of the play tests; this file uses a part of it.
#[allow(dead_code)]
#[path = "play/client.rs"]
mod client;

use client::SeatClient;
use common::{App, expect};
use jongg_card::Card;
use jongg_game::coach::{TOP, review, top_differences};
use jongg_game::replay::replay_text;
use jongg_play::game_log::FairGameLog;
use jongg_store::Backend;
use jongg_tiles::Seat;
use serde_json::json;
use std::time::Instant;

fn create(app: &App) -> (String, String) {
    let body = expect(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "seats":
                {"east": "person", "south": "easy", "west": "medium", "north": "strong"} }),
        ),
        201,
    );
    let token = body["seats"]["east"]["token"].as_str().unwrap().to_string();
    (body["id"].as_str().unwrap().to_string(), token)
}

/// A page's body, with its status checked.
fn page(app: &App, path: &str, status: u16) -> String {
    let r = app.public().get(path).expect("request");
    let text = r.text();
    assert_eq!(r.status, status, "{path}: {text}");
    text
}

/// Before the end, nothing of the log: no seed, no wall, no rack.
fn refused_before_the_end(app: &App, id: &str) {
    for path in [
        format!("/play/{id}/log.jsonl"),
        format!("/play/{id}/replay"),
        format!("/play/{id}/replay?seat=east"),
    ] {
        let text = page(app, &path, 409);
        assert!(text.contains("has not ended"), "{path}: {text}");
        for secret in ["fair_wall", "\"seed\"", "commitment", "class=\"tile"] {
            assert!(!text.contains(secret), "{path} shows {secret}: {text}");
        }
    }
}

#[test]
fn a_finished_table_replays_downloads_its_verified_log_and_coaches_a_seat() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, token) = create(&app);
    refused_before_the_end(&app, &id);
    let addr = app.addr;
    let mut c = app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, &id, &token)
            .await
            .with_bot(true, 7);
        c.contribute(b"east").await;
        c.play_until(|c| c.discards.len() == 3).await;
        c
    });
    assert!(!c.ended());
    // In play: the seed is the table's secret still.
    refused_before_the_end(&app, &id);
    app.rt.block_on(c.play_until(|_| false));
    assert!(c.ended());

    // The log: a download named for the table, read as the commands read it.
    let r = app
        .public()
        .get(&format!("/play/{id}/log.jsonl"))
        .expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let disposition = r.header("content-disposition").unwrap_or_default();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"jongg-table-{id}.jsonl\"")
    );
    let log = FairGameLog::from_json_lines(&r.text()).expect("the log reads");
    assert_eq!(log.verify(), Ok(()), "jongg verify-wall accepts it");
    assert_eq!(log.events.len() as u64, c.at, "every event the seat saw");
    let text = replay_text(&log.events);
    assert!(text.contains("the game ends"), "{text}");
    let total = log.events.len();

    // The replay page, drawn by the server: links step, no script needed.
    let first = page(&app, &format!("/play/{id}/replay"), 200);
    assert!(first.contains(&format!("Move 1 of {total}")), "{first}");
    assert!(first.contains("A fair wall"), "{first}");
    assert!(
        first.contains(&format!("href=\"/play/{id}/log.jsonl\"")),
        "{first}"
    );
    assert!(first.contains(&format!("href=\"/play/{id}/replay?move=2\" rel=\"next\"")));
    assert!(!first.contains("rel=\"prev\""), "{first}");
    let dealt = page(&app, &format!("/play/{id}/replay?move=2"), 200);
    assert!(dealt.contains("2. the deal"), "{dealt}");
    assert!(dealt.contains(&format!("href=\"/play/{id}/replay?move=1\" rel=\"prev\"")));
    // All four racks after the deal: 13 tiles each and East's 14th.
    // Each named in words, not by an aria-label a paragraph may not carry
    // (axe, issue 33.5); before the deal, no tiles yet.
    for seat in ["East", "South", "West", "North"] {
        assert!(
            dealt.contains(&format!("{seat}'s concealed tiles: </span>")),
            "{seat}: {dealt}"
        );
    }
    assert!(!dealt.contains("<p class=\"replay-rack\" aria-label"));
    assert_eq!(first.matches("no tiles yet").count(), 4, "{first}");
    let racks = dealt.split("class=\"replay-rack\"").skip(1);
    let counts: Vec<usize> = racks
        .map(|r| {
            r.split("</p>")
                .next()
                .unwrap()
                .matches("class=\"tile")
                .count()
        })
        .collect();
    assert_eq!(counts, vec![14, 13, 13, 13], "{dealt}");
    // Each tile is its face (issue 33.1), named by its code and words.
    let faces: Vec<&str> = dealt.split("<span class=\"tile ").skip(1).collect();
    assert!(faces.len() >= 53, "{dealt}");
    for f in faces {
        let code = f
            .split("data-tile=\"")
            .nth(1)
            .and_then(|s| s.split('"').next());
        let code = code.expect("a tile's code");
        assert!(
            f.contains(&format!("<svg role=\"img\" aria-label=\"{code}, ")),
            "{f}"
        );
        assert!(
            f.contains(&format!("<use href=\"/assets/tiles.svg#t-{code}\"/>")),
            "{f}"
        );
    }
    let last = page(&app, &format!("/play/{id}/replay?move={total}"), 200);
    assert!(last.contains("the game ends"), "{last}");
    // The discards under a rack say what they are, as the table page does.
    assert!(
        last.contains("<p class=\"discards\">Threw: <span class=\"tile"),
        "{last}"
    );
    assert!(!last.contains("rel=\"next\""), "{last}");
    // The move list links every move.
    assert_eq!(
        first
            .matches(&format!("href=\"/play/{id}/replay?move="))
            .count(),
        total + 2,
        "every move, and next and last"
    );
    for bad in ["0", &(total + 1).to_string(), "x"] {
        let text = page(&app, &format!("/play/{id}/replay?move={bad}"), 400);
        assert!(text.contains(&format!("numbered 1 to {total}")), "{text}");
    }

    // The coach: East's decisions beside the strong bot's, as `jongg review`.
    let reviews = review(&log.events, Seat::East, &Card::practice()).unwrap();
    assert!(!reviews.is_empty());
    let agreed = reviews.iter().filter(|r| r.agree).count();
    let began = Instant::now();
    let coached = page(&app, &format!("/play/{id}/replay?seat=east"), 200);
    eprintln!(
        "the coach's page for East: {} decisions in {:?}",
        reviews.len(),
        began.elapsed()
    );
    assert!(coached.contains("East beside the strong bot"), "{coached}");
    assert!(
        coached.contains(&format!(
            "agrees at {agreed} of {} decisions",
            reviews.len()
        )),
        "{coached}"
    );
    let top = top_differences(&reviews, TOP);
    // The links as written (askama writes `&` as `&#38;`).
    let links = coached.replace("&#38;", "&");
    let listed: Vec<usize> = links
        .split("<ol class=\"top-differences\">")
        .nth(1)
        .map(|l| {
            l.split("</ol>")
                .next()
                .unwrap()
                .split(&format!("href=\"/play/{id}/replay?seat=east&move="))
                .skip(1)
                .map(|s| s.split('"').next().unwrap().parse().unwrap())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        listed,
        top.iter().map(|r| r.event).collect::<Vec<_>>(),
        "{coached}"
    );
    // At a decision, the coach's line: what East did and the strong bot's.
    let at = top.first().copied().unwrap_or(&reviews[0]);
    let there = page(
        &app,
        &format!("/play/{id}/replay?seat=east&move={}", at.event),
        200,
    );
    let line = there
        .split("id=\"coach-line\">")
        .nth(1)
        .expect("the coach's line at a decision");
    assert!(line.contains(&at.did_words), "{line}");
    if !at.agree {
        assert!(line.contains(&at.strong_words), "{line}");
    }
    let text = page(&app, &format!("/play/{id}/replay?seat=middle"), 400);
    assert!(text.contains("east, south, west or north"), "{text}");
}

#[test]
fn an_unknown_table_has_no_log_and_no_replay() {
    let app = App::start_bare(Backend::Sqlite);
    for path in [
        "/play/0123456789abcdef/log.jsonl",
        "/play/0123456789abcdef/replay",
        "/play/not-a-table/replay",
        "/play/%3Cb%3E/log.jsonl",
    ] {
        let text = page(&app, path, 404);
        assert!(text.contains("no table"), "{path}: {text}");
        assert!(!text.contains("<b>"), "{path}: {text}");
    }
}

#[test]
fn the_replay_script_is_served_as_embedded() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/assets/replay.js").expect("request");
    assert_eq!(r.status, 200);
    assert_eq!(r.text(), include_str!("../assets/replay.js"));
}
