//! Finding 3: a name that stops the server. Names had no limit, and the
//! public standings PDF fitted text by removing one character at a time:
//! an 80,000-character name took 2.3 s, a 1 MB name stopped the server for
//! about 7 minutes. Every free text is bounded now, the PDF fits text in one
//! pass, and PDFs render off the threads that answer requests.

use crate::common::*;
use jongg_store::Backend;
use serde_json::json;
use std::time::{Duration, Instant};

#[test]
fn a_huge_name_is_refused_with_the_limit() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = tournament(&app, "standard", 0, 2);
    let players = format!("{}/players", t(id));
    refused(
        d.post(
            &players,
            &json!({ "number": 1, "name": "W".repeat(80_000) }),
        ),
        422,
        "the name of player #1 has 80000 characters: at most 100",
    );
    // A megabyte is refused before it is read at all.
    let r = d
        .post(
            &players,
            &json!({ "number": 1, "name": "W".repeat(1 << 20) }),
        )
        .unwrap();
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(r.json()["error"].as_str().unwrap().contains("too large"));
    // One character over, by the form, the CSV list and a correction.
    let over = "é".repeat(101);
    refused(
        d.post(&players, &json!({ "number": 1, "name": over })),
        422,
        "at most 100",
    );
    refused(
        d.post(
            &format!("/director/t/{id}/players.csv"),
            &json!({ "csv": format!("1,{over}\n") }),
        ),
        422,
        "line 1: the name of player #1 has 101 characters",
    );
    expect(
        d.post(&players, &json!({ "number": 1, "name": "Ann" })),
        201,
    );
    refused(
        d.patch(&format!("{players}/1"), &json!({ "club": over })),
        422,
        "the club of player #1",
    );
    // Nothing was registered but Ann.
    let list = expect(app.public().get(&players), 200);
    assert_eq!(list["players"].as_array().unwrap().len(), 1);
}

#[test]
fn every_free_text_has_a_limit() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let rules = json!({ "kind": "preset", "name": "standard" });
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T".repeat(101), "rules": rules }),
        ),
        422,
        "the tournament's name has 101 characters: at most 100",
    );
    let file = json!({ "kind": "file", "label": "L".repeat(101), "toml": "base = \"standard\"" });
    refused(
        d.post("/api/tournaments", &json!({ "name": "T", "rules": file })),
        422,
        "the rules file's label has 101 characters",
    );
    let big = format!("base = \"standard\"\n#{}\n", "x".repeat(70_000));
    let file = json!({ "kind": "file", "label": "big.toml", "toml": &big });
    refused(
        d.post("/api/tournaments", &json!({ "name": "T", "rules": file })),
        422,
        &format!("the rules file has {} bytes: at most 65536", big.len()),
    );
    let dates: Vec<String> = (1..=32)
        .map(|d| format!("2026-01-{:02}", d.min(31)))
        .collect();
    refused(
        d.post(
            "/api/tournaments",
            &json!({ "name": "T", "rules": rules, "dates": dates }),
        ),
        422,
        "32 dates: a tournament lists at most 31",
    );
    // An amendment's reason: at most 500 characters.
    let id = tournament(&app, "standard", 4, 1);
    play_round(&app, id, 1, json!({ "kind": "by_number" }), |_, _, _| {
        [0, 0, 0, 0]
    });
    let entry = json!({ "kind": "points", "points": { "east": 25, "south": -25, "west": 0, "north": 0 }, "mah_jongg": "east" });
    refused(
        d.post(
            &format!("{}/rounds/1/tables/1/games/1/amend", t(id)),
            &json!({ "entry": entry, "reason": "r".repeat(501) }),
        ),
        422,
        "the reason has 501 characters: at most 500",
    );
    // A game record: at most 4 KB.
    let record = json!({ "result": "wall", "comment": "x".repeat(5000) });
    refused(
        d.post(
            &format!("{}/rounds/1/tables/1/games/1/amend", t(id)),
            &json!({ "entry": { "kind": "record", "record": record }, "reason": "r" }),
        ),
        422,
        "a game record has at most 4096",
    );
}

#[test]
fn a_long_but_legal_name_renders_fast_and_others_are_answered_meanwhile() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = tournament(&app, "standard", 0, 2);
    // 200 players, every name and club 100 of the widest characters.
    let csv: String = (1..=200)
        .map(|n| format!("{n},{},{}\n", "W".repeat(100), "M".repeat(100)))
        .collect();
    expect(
        d.post(
            &format!("/director/t/{id}/players.csv"),
            &json!({ "csv": csv }),
        ),
        200,
    );
    let started = Instant::now();
    let r = app.public().get(&format!("/t/{id}/standings.pdf")).unwrap();
    let took = started.elapsed();
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.body.starts_with(b"%PDF-"));
    // The names are printed smaller, then cut to their column, ending with
    // the mark that says so.
    let text = jongg_server::pdf_text::read(&r.body).text();
    assert!(text.contains("W…"), "{text}");
    assert!(!text.contains(&"W".repeat(100)));
    // Far inside the PDF's time budget (10 s), even in a debug build.
    assert!(took < Duration::from_secs(3), "standings.pdf took {took:?}");

    // Many PDFs at once do not hold up a plain request.
    let addr = app.addr;
    std::thread::scope(|s| {
        for _ in 0..6 {
            s.spawn(move || {
                let mut c = jongg_server::client::Client::new(addr);
                let r = c.get(&format!("/t/{id}/standings.pdf")).unwrap();
                assert!(matches!(r.status, 200 | 503), "{}", r.status);
            });
        }
        let t = Instant::now();
        expect(app.public().get("/api/tournaments"), 200);
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    });
}
