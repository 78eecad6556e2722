//! The web pages over a real server (SQLite): every page renders for a
//! tournament played through the API, director pages need the login, the
//! printables come as HTML and PDF, the CSV exports agree with the standings,
//! and what people type is escaped. The browser drives the same pages in
//! `tests/browser` (scripts/browser-tests.sh).

mod common;

use common::*;
use jongg_store::Backend;
use serde_json::json;

fn played(app: &App, rounds: u32) -> i64 {
    let id = tournament(app, "standard", 16, 4);
    let points = |table: u64, _g: u32, _s: &[Option<u64>; 4]| {
        let k = 10 * table as i32;
        [3 * k, -k, -k, -k]
    };
    play_round(app, id, 1, json!({ "kind": "by_number" }), points);
    for r in 2..=rounds {
        play_round(app, id, r, json!({ "kind": "movement" }), points);
    }
    id
}

fn page(app: &App, director: bool, path: &str, status: u16) -> String {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    let r = c.get(path).expect("request");
    assert_eq!(r.status, status, "{path}: {}", r.text());
    r.text()
}

#[test]
fn public_pages_render_the_standings_projector_and_players() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, 2);
    let html = page(&app, false, "/", 200);
    assert!(html.contains("Test standard"));
    let html = page(&app, false, &format!("/t/{id}"), 200);
    assert!(html.contains("After round 2 of 4"), "{html}");
    assert!(
        html.contains("data-refresh"),
        "standings refresh themselves"
    );
    // Player 1 sat East at table 1 both rounds (standard moves East +1... ),
    // whatever: the page's total equals the API's.
    let totals = totals(&app, id);
    for (n, pts) in [(1u64, totals[&1]), (16, totals[&16])] {
        let html = page(&app, false, &format!("/t/{id}/players/{n}"), 200);
        assert!(
            html.contains(&format!("<strong id=\"points\">{pts}</strong>")),
            "player {n}: {html}"
        );
        assert!(html.contains("Table "));
    }
    let html = page(&app, false, &format!("/t/{id}/projector"), 200);
    assert!(html.contains("Standings"));
    page(&app, false, &format!("/t/{id}/players/99"), 404);
    page(&app, false, "/t/999", 404);
}

#[test]
fn director_pages_need_the_login() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, 1);
    let r = app.public().get(&format!("/director/t/{id}")).unwrap();
    assert_eq!(r.status, 303);
    assert_eq!(
        r.header("location"),
        Some(format!("/login?next=/director/t/{id}").as_str())
    );
    let html = page(&app, true, &format!("/director/t/{id}"), 200);
    assert!(html.contains("Round 1: closed"), "{html}");
    assert!(html.contains("Seat round 2"));
    // Round control links the long forms, each a page of its own.
    for tab in ["players", "seating", "settings"] {
        assert!(
            html.contains(&format!(r#"href="/director/t/{id}/{tab}""#)),
            "{tab}"
        );
    }
    let seating = page(&app, true, &format!("/director/t/{id}/seating"), 200);
    assert!(seating.contains("Movement warnings"));
    assert!(seating.contains("id=\"seat-form\""));
    // R15: the settings, filled in; games per round fixed once round 1 started.
    let html = page(&app, true, &format!("/director/t/{id}/settings"), 200);
    assert!(html.contains(r#"id="settings-form""#));
    assert!(
        html.contains(
            r#"name="round_minutes" data-type="int" type="number" min="1" max="600" value="60""#
        ),
        "{html}"
    );
    assert!(
        html.contains(r#"max="12" value="4" disabled"#),
        "games per round are fixed: {html}"
    );
    assert!(html.contains(r#"selected>points, then Mah Jonggs, then best single game"#));
    // A substitute for any player still playing.
    let html = page(&app, true, &format!("/director/t/{id}/players"), 200);
    assert!(html.contains(r#"/players/{out}/substitute"#));
    assert!(html.contains(r#"<option value="16">16. P16</option>"#));
    let html = page(&app, true, &format!("/director/t/{id}/audit"), 200);
    assert!(html.contains("accepted"));
    page(&app, true, "/director", 200);
    // A scorekeeper link is not the director.
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/1/tables/1/link", t(id))), 200);
    let mut k = app.with_token(link["token"].as_str().unwrap());
    assert_eq!(k.get(&format!("/director/t/{id}")).unwrap().status, 303);
}

#[test]
fn the_score_page_opens_from_the_table_link_only() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 16, 4);
    let mut d = app.director();
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let link = expect(d.get(&format!("{}/rounds/1/tables/2/link", t(id))), 200);
    let url = link["url"].as_str().unwrap();
    let path = &url[url.find("/score").unwrap()..];
    let html = page(&app, false, path, 200);
    assert!(
        html.contains(r#"<span class="table-no">Table 2</span>"#),
        "{html}"
    );
    assert!(html.contains("P5"), "East of table 2 is player 5");
    // Without the key, the page says to scan the table's code.
    let html = page(&app, false, "/score", 401);
    assert!(html.contains("table card"), "{html}");
    // The director opens the same sheet from the dashboard.
    let html = page(&app, true, &format!("/director/t/{id}/r/1/table/2"), 200);
    assert!(html.contains("Save the game"));
}

#[test]
fn the_score_form_offers_every_ending_and_hand_the_preset_scores() {
    let app = App::start(Backend::Sqlite);
    for (preset, misnamed_claim) in [("standard", false), ("mahjong-mania-2026", true)] {
        let id = tournament(&app, preset, 8, 2);
        seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
        let html = page(&app, true, &format!("/director/t/{id}/r/1/table/1"), 200);
        // R8: Mah Jongg in error, with who declared, who exposed, the claimed value.
        for needle in [
            r#"value="mahjong_in_error""#,
            r#"id="f-declarer""#,
            r#"name="exposed.north""#,
            // R3, R10, R4: the rarer hands.
            r#"id="f-singles_and_pairs""#,
            r#"id="f-quints""#,
            r#"id="f-one_group_left""#,
            r#"id="f-heavenly""#,
            r#"id="f-misnamed""#,
        ] {
            assert!(html.contains(needle), "{preset}: {needle}");
        }
        // R4: only mahjong-mania-2026 ends a game on a mis-named claim.
        assert_eq!(
            html.contains(r#"value="misnamed_mahjong_claim""#),
            misnamed_claim,
            "{preset}"
        );
    }
}

#[test]
fn a_pasted_seating_seats_the_round_or_names_what_is_wrong() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 11, 2);
    let mut d = app.director();
    let path = format!("/director/t/{id}/r/1/seating.csv");
    let html = page(&app, true, &format!("/director/t/{id}/seating"), 200);
    assert!(html.contains(&path), "the seating page offers it");
    // A bad field names its line and seat; a seating the tournament refuses
    // (player 2 twice, others nowhere) says why; nothing is seated.
    refused(
        d.post(
            &path,
            &json!({ "csv": "table,east,south,west,north\n1,1,2,3,4\n2,5,six,7,8" }),
        ),
        422,
        "line 3: south is `six`",
    );
    let r = d
        .post(&path, &json!({ "csv": "1,1,2,3,4\n2,5,2,7,8\n3,9,10,11," }))
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("twice"), "{}", r.text());
    expect(app.public().get(&format!("{}/rounds/1", t(id))), 404);
    // Eleven players: two tables of four and one of three (R12).
    expect(
        d.post(
            &path,
            &json!({ "csv": "1,1,2,3,4\n2,8,7,6,5\n3,9,10,11,\n" }),
        ),
        200,
    );
    let seated = seating(&app, id, 1);
    assert_eq!(seated[1].1, [Some(8), Some(7), Some(6), Some(5)]);
    assert_eq!(seated[2].1, [Some(9), Some(10), Some(11), None]);
}

#[test]
fn live_points_come_with_reasons_or_the_field_that_is_wrong() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 16, 4);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    let mut p = app.public();
    let path = format!("/t/{id}/r/1/table/1/preview?game=1");
    // standard 13: the winner scores the card value; standard 13.5: the
    // thrower loses 10 (no exposures); the others score nothing (R2).
    let v = expect(
        p.post(
            &path,
            &json!({ "result": "mahjong", "winner": "east", "value": 25, "discarder": "south" }),
        ),
        200,
    );
    assert_eq!(v["points"]["east"], 25, "{v}");
    assert_eq!(v["points"]["south"], -10, "{v}");
    assert_eq!(v["points"]["west"], 0, "{v}");
    assert_eq!(v["points"]["north"], 0, "{v}");
    assert!(
        v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["source"].as_str().is_some_and(|s| !s.is_empty()))
    );
    let v = expect(
        p.post(
            &path,
            &json!({ "result": "mahjong", "winner": "east", "value": "lots" }),
        ),
        422,
    );
    assert_eq!(v["field"], "value", "{v}");
    expect(
        p.post(
            &format!("/t/{id}/r/1/table/9/preview?game=1"),
            &json!({ "result": "wall" }),
        ),
        404,
    );
    // The preview scores a game of the sheet: which one decides the dealer (R12).
    for bad in ["", "?game=0", "?game=5", "?game=x"] {
        let v = expect(
            p.post(
                &format!("/t/{id}/r/1/table/1/preview{bad}"),
                &json!({ "result": "wall" }),
            ),
            422,
        );
        assert_eq!(v["field"], "game", "{bad}: {v}");
    }
    // R10: South's heavenly hand only in game 2, which South deals (R12).
    let heavenly = json!({ "result": "mahjong", "winner": "south", "value": 25, "heavenly": true });
    let v = expect(p.post(&path, &heavenly), 422);
    assert_eq!(v["field"], "heavenly", "{v}");
    let v = expect(
        p.post(&format!("/t/{id}/r/1/table/1/preview?game=2"), &heavenly),
        200,
    );
    assert_eq!(v["points"]["south"], 25, "{v}");
}

#[test]
fn a_csv_player_list_registers_all_or_none() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "CSV", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    let path = format!("/director/t/{id}/players.csv");
    let bad = expect(
        d.post(&path, &json!({ "csv": "number,name\n1,Ann\n1,Bo\n" })),
        422,
    );
    assert!(
        bad["error"].as_str().unwrap().starts_with("line 3: "),
        "{bad}"
    );
    assert_eq!(
        expect(app.public().get(&format!("{}/players", t(id))), 200)["players"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let ok = expect(
        d.post(&path, &json!({ "csv": "1,Ann,\"Club, A\"\n2,Bo,,yes\n" })),
        200,
    );
    assert_eq!(ok["registered"], 2);
    let players = expect(app.public().get(&format!("{}/players", t(id))), 200);
    assert_eq!(players["players"][0]["club"], "Club, A");
    assert_eq!(players["players"][1]["status"]["kind"], "late");
    // Only the director.
    refused(
        app.public().post(&path, &json!({ "csv": "3,Cy" })),
        401,
        "director",
    );
}

/// Issue 20.6: a bad player list names every bad line, by the line the
/// director sees in their text (the header and blank lines counted), the
/// tournament's refusals (a number taken, a name too long) as the reader's,
/// 20 of them then how many more; nothing is registered.
#[test]
fn a_bad_player_list_names_every_bad_line_by_its_line_and_registers_nobody() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "CSV", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    let path = format!("/director/t/{id}/players.csv");
    let long = "N".repeat(101);
    let csv = format!("number,name\n1,Ann\n\n2,{long}\nx,Bo\n1,Cy\n5,Dee\n6,\n");
    let bad = expect(d.post(&path, &json!({ "csv": csv })), 422);
    let said = bad["error"].as_str().unwrap();
    for line in [
        "line 4: ",
        "line 5: the player number `x`",
        "line 6: ",
        "line 8: player #6 has no name",
    ] {
        assert!(said.contains(line), "{line} in {said}");
    }
    for good in ["line 2:", "line 7:"] {
        assert!(!said.contains(good), "{good} in {said}");
    }
    assert!(said.ends_with("; nobody was registered"), "{said}");
    assert!(!said.contains("of the list"), "{said}");
    let mut many = String::from("number,name\n");
    for n in 1..=30 {
        many.push_str(&format!("{n},\n"));
    }
    let bad = expect(d.post(&path, &json!({ "csv": many })), 422);
    let said = bad["error"].as_str().unwrap();
    assert_eq!(said.matches("has no name").count(), 20, "{said}");
    assert!(
        said.contains("; and 10 more lines; nobody was registered"),
        "{said}"
    );
    assert_eq!(
        expect(app.public().get(&format!("{}/players", t(id))), 200)["players"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
}

/// Issue 20.6: the score page's seat headings are kept whole ("Nort h"
/// was seen on a phone): each seat is marked, and the style never breaks
/// it, while the player's name under it may wrap (the browser test measures
/// it at 390 px).
#[test]
fn score_page_seat_headings_are_never_broken_inside_a_word() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let html = page(&app, true, &format!("/director/t/{id}/r/1/table/1"), 200);
    for seat in ["East", "South", "West", "North"] {
        assert_eq!(
            html.matches(&format!("<span class=\"seat-label\">{seat}</span>"))
                .count(),
            2,
            "{seat}: the sheet's heading and the points preview's"
        );
    }
    let css = page(&app, false, "/assets/jongg.css", 200);
    assert!(
        css.contains("th .seat-label { white-space: nowrap; overflow-wrap: normal; }"),
        "a seat heading never wraps"
    );
    assert!(!css.contains("break-all"));
}

/// Issue 20.6: a name too long for its column in a PDF is cut before its
/// number, which stays: "Very long name… (#5)".
#[test]
fn a_name_cut_to_fit_a_pdf_keeps_its_player_number() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    let long = format!("{}and more x", "Very long name ".repeat(6));
    assert_eq!(long.chars().count(), 100);
    expect(
        app.director()
            .patch(&format!("{}/players/5", t(id)), &json!({ "name": long })),
        200,
    );
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let r = app
        .director()
        .get(&format!("/director/t/{id}/print/round/1.pdf"))
        .unwrap();
    assert_eq!(r.status, 200);
    let text = jongg_server::pdf_text::read(&r.body).text();
    assert!(!text.contains(&long), "the name is too long to print whole");
    let cut: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Very long name"))
        .collect();
    assert_eq!(cut.len(), 2, "by table and by name: {text}");
    for l in cut {
        assert!(l.ends_with("… (#5)"), "{l:?} keeps its number");
    }
}

/// Issue 20.6: the table tents are a PDF too, offered on their page and
/// with the printables, a page a table with its code.
#[test]
fn table_tents_print_as_pdf_like_every_printable() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let tents = page(&app, true, &format!("/director/t/{id}/tents"), 200);
    assert!(
        tents.contains(&format!("/director/t/{id}/tents.pdf?paper=letter")),
        "{tents}"
    );
    let index = page(&app, true, &format!("/director/t/{id}/print"), 200);
    assert!(
        index.contains(&format!("/director/t/{id}/tents.pdf")),
        "{index}"
    );
    let r = app
        .director()
        .get(&format!("/director/t/{id}/tents.pdf?paper=a4"))
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("application/pdf"));
    let pdf = jongg_server::pdf_text::read(&r.body);
    let text = pdf.text();
    assert!(
        text.contains("Table 1") && text.contains("Table 2"),
        "{text}"
    );
    let code = tents
        .split("<p class=\"tent-code\">Code <strong>")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .unwrap();
    assert!(text.contains(&format!("Code {code}")), "{text}");
    refused(
        app.public().get(&format!("/director/t/{id}/tents.pdf")),
        401,
        "",
    );
}

#[test]
fn printables_as_html_and_pdf_and_csv_exports() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, 4);
    let base = format!("/director/t/{id}/print");
    let html = page(&app, true, &base, 200);
    assert!(html.contains("round/4/sheets"));
    for doc in [
        "standings",
        "itineraries",
        "round/1",
        "round/2/cards",
        "round/3/sheets",
    ] {
        let html = page(&app, true, &format!("{base}/{doc}"), 200);
        assert!(html.contains("<h1>Test standard"), "{doc}: {html}");
        let r = app.director().get(&format!("{base}/{doc}.pdf")).unwrap();
        assert_eq!(r.status, 200, "{doc}.pdf");
        assert_eq!(r.header("content-type"), Some("application/pdf"));
        assert!(r.body.starts_with(b"%PDF-"), "{doc}.pdf");
    }
    // The printed standings say the tournament's own ranking order.
    let standings = page(&app, true, &format!("{base}/standings"), 200);
    assert!(standings.contains("Ranked by points, then Mah Jonggs, then best single game"));
    expect(
        app.director()
            .patch(&t(id), &json!({ "tie_breaks": ["points", "best_game"] })),
        200,
    );
    let standings = page(&app, true, &format!("{base}/standings"), 200);
    assert!(
        standings.contains("Ranked by points, then best single game;"),
        "{standings}"
    );
    let cards = page(&app, true, &format!("{base}/round/2/cards"), 200);
    assert_eq!(cards.matches("<svg").count(), 4, "a QR code per table");
    assert_eq!(cards.matches("/score?key=").count(), 4);
    let sheets = page(&app, true, &format!("{base}/round/3/sheets"), 200);
    assert!(sheets.contains("(standard 25)"), "who collects the sheets");
    assert!(
        sheets.contains("verifies the scores of West"),
        "R14: East checks West"
    );
    let r = app.public().get(&format!("/t/{id}/standings.pdf")).unwrap();
    let text = String::from_utf8_lossy(&r.body).to_string();
    assert!(text.contains("Final standings"));
    page(&app, true, &format!("{base}/round/9"), 404);
    page(&app, true, &format!("{base}/nothing"), 404);
    page(&app, false, &format!("{base}/standings"), 303);

    // The standings CSV agrees with the API, best first.
    let csv = page(&app, false, &format!("/t/{id}/standings.csv"), 200);
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 17);
    assert!(lines[0].starts_with("rank,number,name"));
    let totals = totals(&app, id);
    for l in &lines[1..] {
        let f: Vec<&str> = l.split(',').collect();
        let n: u64 = f[1].parse().unwrap();
        assert_eq!(f[5].parse::<i64>().unwrap(), totals[&n], "{l}");
    }
    // Every game: 16 players x 4 games x 4 rounds.
    let games = page(&app, false, &format!("/t/{id}/games.csv"), 200);
    assert_eq!(
        games.split("\r\n").filter(|l| !l.is_empty()).count(),
        1 + 16 * 16
    );
}

#[test]
fn what_people_type_is_escaped_and_assets_are_served() {
    let app = App::start(Backend::Sqlite);
    let mut d = app.director();
    let id = expect(
        d.post(
            "/api/tournaments",
            &json!({ "name": "<b>Cup</b>", "rules": { "kind": "preset", "name": "standard" } }),
        ),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    expect(
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": 1, "name": "<script>alert(1)</script>" }),
        ),
        201,
    );
    let html = page(&app, true, &format!("/director/t/{id}/players"), 200);
    assert!(!html.contains("<script>alert"));
    // askama writes `<` as `&#60;`.
    assert!(html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"));
    assert!(page(&app, false, &format!("/t/{id}"), 200).contains("&#60;b&#62;Cup&#60;/b&#62;"));
    for (path, ty) in [
        ("/assets/jongg.css", "text/css"),
        ("/assets/jongg.js", "text/javascript"),
        ("/assets/score.js", "text/javascript"),
        ("/assets/projector.js", "text/javascript"),
    ] {
        let r = app.public().get(path).unwrap();
        assert_eq!(r.status, 200);
        assert!(r.header("content-type").unwrap().starts_with(ty));
    }
    // Nothing is loaded from elsewhere (the page may name an address in its
    // text: the hall notice does).
    let html = page(&app, true, "/director", 200);
    for attr in ["src=\"", "href=\"", "action=\""] {
        assert!(!html.contains(&format!("{attr}http")), "{attr}");
        assert!(!html.contains(&format!("{attr}//")), "{attr}");
    }
    // The login page only sends back to a path on this server.
    let html = page(&app, false, "/login?next=//evil.example/x", 200);
    assert!(html.contains("data-then=\"/director\""));
}

#[test]
fn the_setup_link_opens_a_page() {
    let app = App::start_bare(Backend::Sqlite);
    let token = app.setup_token().unwrap();
    let html = page(&app, false, &format!("/setup?token={token}"), 200);
    assert!(html.contains(&token));
    assert!(html.contains("data-api=\"/api/setup\""));
    page(&app, false, "/setup", 400);
}

/// Issue 20.5 and 20.8: a search finds a name without its accents, and a
/// disqualification and a penalty outside the games show as such on the
/// standings (a column that makes the rounds add up), on the projector
/// and on "Where do I sit?" (not "withdrawn", not "sitting this round out").
#[test]
fn discipline_shows_as_itself_and_a_name_is_found_without_accents() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "mahjong-mania-2026", 8, 2);
    expect(
        app.director().post(
            &format!("{}/players", t(id)),
            &json!({ "number": 9, "name": "Łucja Wójcik" }),
        ),
        201,
    );
    play_round(
        &app,
        id,
        1,
        json!({ "kind": "by_number" }),
        |_, _, seats| {
            let mut p = [25, -5, -10, -10];
            for (s, seat) in seats.iter().enumerate() {
                if seat.is_none() {
                    p[s] = 0;
                }
            }
            p
        },
    );
    expect(
        app.director().post(
            &format!("{}/players/2/penalty", t(id)),
            &json!({ "points": -15, "reason": "left before handing in the sheet" }),
        ),
        200,
    );
    expect(
        app.director().post(
            &format!("{}/players/3/disqualify", t(id)),
            &json!({ "scores": "kept", "reason": "conduct" }),
        ),
        200,
    );
    seat_and_start(&app, id, 2, json!({ "kind": "movement" }));
    let standings = page(&app, false, &format!("/t/{id}"), 200);
    assert!(standings.contains(">Penalties</th>"), "{standings}");
    assert!(standings.contains(">-15</td>"), "{standings}");
    assert!(
        standings.contains("disqualified (scores kept)"),
        "{standings}"
    );
    assert!(!standings.contains("withdrawn"), "{standings}");
    let projector = page(&app, false, &format!("/t/{id}/projector"), 200);
    assert!(
        projector.contains("disqualified (scores kept)"),
        "{projector}"
    );
    let seat = page(&app, false, &format!("/t/{id}/seat?who=3"), 200);
    assert!(seat.contains("Not at a table: disqualified"), "{seat}");
    for typed in ["lucja", "WOJCIK", "lucja wojcik"] {
        let found = page(
            &app,
            false,
            &format!("/t/{id}/seat?who={}", typed.replace(' ', "+")),
            200,
        );
        assert!(found.contains("Łucja Wójcik (#9)"), "{typed}: {found}");
    }
    let control = page(&app, true, &format!("/director/t/{id}?q=wojcik"), 200);
    assert!(control.contains("Łucja Wójcik"), "{control}");
}

/// Issue 20.4: 200 players on one page was 34,376 px to scroll. The players
/// page lists 50 a page with plain links to the others, finds a player by
/// number or name, and a change made on page 3 comes back to page 3.
#[test]
fn the_players_page_lists_fifty_a_page_with_links_and_finds_a_player() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 120, 1);
    let path = format!("/director/t/{id}/players");
    let rows = |html: &str| html.matches("<tr id=\"p").count();
    let first = page(&app, true, &path, 200);
    assert_eq!(rows(&first), 50, "{first}");
    assert!(first.contains("Players (120)"), "the count is of all");
    assert!(first.contains("Showing 1–50 of 120."), "{first}");
    assert!(first.contains(&format!("href=\"{path}?page=2\" rel=\"next\"")));
    assert!(first.contains(&format!("href=\"{path}?page=3\"")));
    assert!(first.contains("<tr id=\"p50\"") && !first.contains("<tr id=\"p51\""));
    let third = page(&app, true, &format!("{path}?page=3"), 200);
    assert_eq!(rows(&third), 20);
    assert!(third.contains("<tr id=\"p120\""), "{third}");
    // A change comes back to the page it was made on.
    assert!(
        third.contains(&format!("value=\"{path}?page=3#p120\"")),
        "{third}"
    );
    // A page past the end is the last; a word is the first.
    assert_eq!(rows(&page(&app, true, &format!("{path}?page=9"), 200)), 20);
    assert_eq!(rows(&page(&app, true, &format!("{path}?page=x"), 200)), 50);
    // The search: a number is that player; a name's part finds them all.
    let one = page(&app, true, &format!("{path}?q=%23117"), 200);
    assert_eq!(rows(&one), 1, "{one}");
    assert!(one.contains("<tr id=\"p117\""));
    assert!(one.contains("role=\"search\"") && one.contains("value=\"#117\""));
    assert!(
        one.contains(&format!("value=\"{path}?q=%23117&#38;page=1#p117\"")),
        "{one}"
    );
    let some = page(&app, true, &format!("{path}?q=P11"), 200);
    // P11, P110-P119.
    assert_eq!(rows(&some), 11, "{some}");
    let none = page(&app, true, &format!("{path}?q=Nobody"), 200);
    assert!(none.contains("Nobody has that number or name."), "{none}");
}

/// Issue 20.4: the unfiltered audit log of an event was 224,243 px. It
/// shows 50 changes a page, the latest first opened, numbered on from the
/// page before, with links that keep the round and table asked for; the
/// CSV keeps every row.
#[test]
fn the_audit_log_shows_fifty_changes_a_page_and_keeps_its_filter() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, 2);
    let path = format!("/director/t/{id}/audit");
    let rows = |html: &str| html.matches("<tr class=\"audit-").count();
    let all = expect(app.director().get(&format!("{}/audit", t(id))), 200)["entries"]
        .as_array()
        .unwrap()
        .len();
    assert!(all > 50 && all <= 100, "{all} changes");
    // It opens on the latest changes: the last page.
    let latest = page(&app, true, &path, 200);
    assert_eq!(rows(&latest), all - 50);
    assert!(latest.contains(&format!("{all} changes.")), "{latest}");
    assert!(latest.contains(&format!("Showing 51–{all} of {all} (the latest).")));
    assert!(latest.contains("<td class=\"num\">51</td>"), "numbered on");
    assert!(latest.contains(&format!("href=\"{path}?page=1\" rel=\"prev\"")));
    let first = page(&app, true, &format!("{path}?page=1"), 200);
    assert_eq!(rows(&first), 50);
    assert!(first.contains(&format!("href=\"{path}?page=2\" rel=\"next\"")));
    // A round's changes fit one page: no page links.
    let round = page(&app, true, &format!("{path}?round=1"), 200);
    let kept = rows(&round);
    assert!(kept <= 50 && kept > 0);
    assert!(!round.contains("class=\"pager\""), "{round}");
    // The CSV: every row the filter keeps, not one page.
    let csv = app.director().get(&format!("{path}.csv")).unwrap().text();
    assert_eq!(csv.lines().count(), all + 1, "a heading and every row");
}

#[test]
fn the_directors_pages_name_the_program_version_at_their_foot() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, 1);
    let foot = format!(
        "<footer class=\"version noprint\">{}</footer>",
        jongg_tournament::PROGRAM
    );
    assert_eq!(
        jongg_tournament::PROGRAM,
        concat!("jongg ", env!("CARGO_PKG_VERSION"))
    );
    let director = [
        "",
        "/players",
        "/seating",
        "/settings",
        "/officials",
        "/card",
    ]
    .iter()
    .map(|tab| format!("/director/t/{id}{tab}"))
    .chain([
        "/director".to_string(),
        format!("/director/t/{id}/players/1"),
        format!("/director/t/{id}/audit"),
        format!("/director/t/{id}/print"),
    ]);
    for path in director {
        let html = page(&app, true, &path, 200);
        assert_eq!(html.matches(&foot).count(), 1, "{path}: {html}");
        // After the page's content, at its foot.
        assert!(
            html.find("</main>").unwrap() < html.find(&foot).unwrap(),
            "{path}"
        );
    }
    // The players' and the public's pages do not show it.
    for path in [format!("/t/{id}"), format!("/t/{id}/projector"), "/".into()] {
        let html = page(&app, false, &path, 200);
        assert!(!html.contains("<footer"), "{path}: {html}");
    }
}
