//! Finding 6: imports are hostile until checked. An import took events by
//! actor `public`, a seating with an unknown player, one player in four
//! seats, table 65535, 0 rounds of 255 games, ±2^31 points, time i64::MIN,
//! an unreadable rules file, an empty event list (after which every command
//! of that tournament answered 404), and 200,000 events. Now every event is
//! decided again as a live command: the file is refused whole, naming the
//! first bad event and why, or taken whole. (`jongg import` runs the same
//! code: crates/jongg/tests/serve_cli.rs (`jongg_import_refuses_a_hostile_file_whole`).)

use crate::common::*;
use jongg_store::Backend;
use serde_json::{Value, json};

/// A finished round 1 of 8 players, exported.
fn exported(app: &App) -> (i64, Value) {
    let id = tournament(app, "standard", 8, 2);
    play_round(app, id, 1, json!({ "kind": "by_number" }), |t, _, _| {
        let k = 10 * t as i32;
        [3 * k, -k, -k, -k]
    });
    (
        id,
        expect(app.director().get(&format!("{}/export", t(id))), 200),
    )
}

/// The index of the first event of `kind`.
fn first(file: &Value, kind: &str) -> usize {
    file["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["event"]["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} event"))
}

fn import(app: &App, file: &Value) -> std::io::Result<jongg_server::client::Response> {
    app.director().post("/api/tournaments/import", file)
}

fn tournaments(app: &App) -> usize {
    expect(app.public().get("/api/tournaments"), 200)["tournaments"]
        .as_array()
        .unwrap()
        .len()
}

#[test]
fn every_hostile_import_is_refused_whole_naming_the_first_bad_event() {
    let app = App::start(Backend::Sqlite);
    let (_, file) = exported(&app);
    let created = first(&file, "tournament_created");
    let registered = first(&file, "player_registered");
    let seated = first(&file, "round_seated");
    let entered = first(&file, "game_entered");
    let imported_seating =
        |tables: Value| json!({ "kind": "imported", "tables": tables, "sit_outs": [] });
    let seat_with = move |f: &mut Value, tables: Value| {
        let s = &mut f["events"][seated]["event"]["seating"];
        s["method"] = imported_seating(tables.clone());
        s["tables"] = tables;
    };
    let table = move |n: u64, e: u64, s: u64, w: u64, no: u64| json!({ "table": n, "seats": { "east": e, "south": s, "west": w, "north": no } });
    type Change = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(&str, usize, &str, Change)> = vec![
        (
            "an event by the public",
            registered,
            "the public may not change the tournament",
            Box::new(move |f| f["events"][registered]["actor"] = json!({ "kind": "public" })),
        ),
        (
            "a seating with an unknown player",
            seated,
            "player #99 is not an active player",
            Box::new(move |f| {
                seat_with(f, json!([table(1, 99, 2, 3, 4), table(2, 5, 6, 7, 8)]));
            }),
        ),
        (
            "one player in four seats",
            seated,
            "player #1 is seated twice",
            Box::new(move |f| {
                seat_with(f, json!([table(1, 1, 1, 1, 1), table(2, 5, 6, 7, 8)]));
            }),
        ),
        (
            "table 65535",
            seated,
            "table 65535 is listed where table 2 belongs",
            Box::new(move |f| {
                seat_with(f, json!([table(1, 1, 2, 3, 4), table(65535, 5, 6, 7, 8)]));
            }),
        ),
        (
            "0 rounds of 255 games",
            created,
            "0 rounds: a tournament has 1 to 30",
            Box::new(move |f| {
                let s = &mut f["events"][created]["event"]["settings"];
                s["rounds"] = json!(0);
                s["games_per_round"] = json!(255);
            }),
        ),
        (
            "-2^31 points",
            entered,
            "east's -2147483648 is beyond any game score",
            Box::new(move |f| {
                let after = &mut f["events"][entered]["event"]["after"];
                after["entry"]["points"]["east"] = json!(i32::MIN);
                after["points"]["east"] = json!(i32::MIN);
            }),
        ),
        (
            "2^31 - 1 points",
            entered,
            "east's 2147483647 is beyond any game score",
            Box::new(move |f| {
                let after = &mut f["events"][entered]["event"]["after"];
                after["entry"]["points"]["east"] = json!(i32::MAX);
                after["points"]["east"] = json!(i32::MAX);
            }),
        ),
        (
            "points that are not the entry's",
            entered,
            "at `after.points.east` is 999, but the command behind it makes 30",
            Box::new(move |f| {
                f["events"][entered]["event"]["after"]["points"]["east"] = json!(999)
            }),
        ),
        (
            "time i64::MIN",
            registered,
            "its time -9223372036854775808 is not a moment between 1970 and 9999",
            Box::new(move |f| f["events"][registered]["at"] = json!(i64::MIN)),
        ),
        (
            "an unreadable rules file",
            created,
            "rules file `club.toml`",
            Box::new(move |f| {
                f["events"][created]["event"]["settings"]["rules"] =
                    json!({ "kind": "file", "label": "club.toml", "toml": "this is [not toml" });
            }),
        ),
        (
            "a name a live command refuses",
            registered,
            "has 101 characters: at most 100",
            Box::new(move |f| {
                f["events"][registered]["event"]["player"]["name"] = json!("N".repeat(101));
            }),
        ),
    ];
    let before = tournaments(&app);
    for (what, index, reason, change) in cases {
        let mut f = file.clone();
        change(&mut f);
        let r = import(&app, &f).unwrap();
        assert_eq!(r.status, 422, "{what}: {}", r.text());
        let e = r.json()["error"].as_str().unwrap().to_string();
        let event = format!("event {} of the file is refused", index + 1);
        assert!(e.contains(&event), "{what}: {e}");
        assert!(e.contains(reason), "{what}: {e}");
        assert!(e.contains("nothing was imported"), "{what}: {e}");
    }
    assert_eq!(tournaments(&app), before, "nothing was imported");
}

#[test]
fn an_empty_or_oversized_file_is_refused_and_a_good_one_taken_whole() {
    let app = App::start(Backend::Sqlite);
    let (id, file) = exported(&app);
    let before = tournaments(&app);
    let empty = json!({ "format": "jongg-tournament", "version": 1, "events": [] });
    refused(import(&app, &empty), 422, "it has no events");
    // 200,000 events (the attack took 3.6 s to store them all).
    let mut events = vec![file["events"][0].clone()];
    events.extend((2..=200_001u64).map(|seq| {
        json!({ "seq": seq, "at": 0, "actor": { "kind": "director" },
                "event": { "kind": "player_arrived", "number": 1 } })
    }));
    let huge = json!({ "format": "jongg-tournament", "version": 1, "events": events });
    refused(
        import(&app, &huge),
        422,
        "it has 200001 events: a tournament file holds at most 150000",
    );
    // Events out of order, or one missing.
    let mut gap = file.clone();
    gap["events"].as_array_mut().unwrap().remove(3);
    refused(
        import(&app, &gap),
        422,
        "event 4 of the file is refused: its seq is 5",
    );
    // An unknown field anywhere is refused by name.
    let mut extra = file.clone();
    extra["events"][2]["event"]["player"]["vip"] = json!(true);
    refused(import(&app, &extra), 422, "unknown field `vip`");
    assert_eq!(tournaments(&app), before);
    // The real export is taken whole, as it was (kept beside the one it
    // copies under a new name: issue 19.1).
    let r = expect(
        app.director()
            .post("/api/tournaments/import?name=Restored", &file),
        201,
    );
    let copy = r["id"].as_i64().unwrap();
    let standings = |id: i64| expect(app.public().get(&format!("{}/standings", t(id))), 200);
    assert_eq!(standings(copy), standings(id));
    // The file's events, then the one that names the copy.
    let copied = expect(app.director().get(&format!("{}/export", t(copy))), 200);
    let (copied, events) = (
        copied["events"].as_array().unwrap(),
        file["events"].as_array().unwrap(),
    );
    assert_eq!(&copied[..events.len()], &events[..]);
    assert_eq!(copied[events.len()]["event"]["kind"], "settings_updated");
    // And it works like any tournament: round 2 can be seated.
    expect(
        app.director().post(
            &format!("{}/rounds/2/seat", t(copy)),
            &json!({ "method": { "kind": "movement" } }),
        ),
        200,
    );
}
