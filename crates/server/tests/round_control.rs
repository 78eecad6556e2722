//! Round control (issue 13.2, 13.9) over a real server: tiles that say which
//! tables are unsigned, signed and accepted; "accept all signed" with one
//! audit line per table; player search without a script; a re-seating that
//! names who moved and the cards to print again; live standings marked
//! provisional on the public page and the projector.

mod common;

use common::*;
use jongg_store::Backend;
use serde_json::json;

fn html(app: &App, director: bool, path: &str) -> String {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    let r = c.get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

/// Enters every game of `table` in round 1 (each seat +10 a game), and
/// signs it with every seat when `sign`.
fn fill(app: &App, id: i64, table: u64, seats: &[Option<u64>; 4], sign: bool) {
    let mut d = app.director();
    let link = expect(
        d.get(&format!("{}/rounds/1/tables/{table}/link", t(id))),
        200,
    );
    let mut k = app.with_token(link["token"].as_str().unwrap());
    for g in 1..=4 {
        let entry = json!({ "kind": "points",
            "points": { "east": 10, "south": 10, "west": 10, "north": 10 }, "mah_jongg": null });
        expect(
            k.put(
                &format!("{}/rounds/1/tables/{table}/games/{g}", t(id)),
                &json!({ "entry": entry }),
            ),
            200,
        );
    }
    if sign {
        for (i, s) in seats.iter().enumerate() {
            if s.is_some() {
                let r = k
                    .post(
                        &format!("{}/rounds/1/tables/{table}/sign", t(id)),
                        &json!({ "seat": SEATS[i] }),
                    )
                    .unwrap();
                // Signed once the seats R14 names have signed.
                assert!(r.status == 200 || r.status == 409, "{}", r.text());
            }
        }
    }
}

#[test]
fn tiles_mark_unsigned_and_signed_tables_and_accept_all_gives_one_audit_line_each() {
    let app = App::start(Backend::Sqlite);
    // 18 players, sitting out 2 for 7 points: 4 tables of four.
    let id = tournament(&app, "standard", 18, 2);
    let mut d = app.director();
    expect(
        d.patch(
            &t(id),
            &json!({ "odd_players": { "kind": "sit_out", "points": 7 } }),
        ),
        200,
    );
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let tables = seating(&app, id, 1);
    assert_eq!(tables.len(), 4);
    fill(&app, id, 1, &tables[0].1, true);
    fill(&app, id, 2, &tables[1].1, true);
    fill(&app, id, 3, &tables[2].1, false);

    let page = html(&app, true, &format!("/director/t/{id}"));
    assert!(page.contains("Round 1: under way"), "{page}");
    assert!(page.contains(r#"data-changes="/api/tournaments/"#));
    let tile = |page: &str, table: u32| -> String {
        let start = page.find(&format!(r#"id="r1t{table}""#)).unwrap();
        let end = page[start..].find("</li>").unwrap();
        page[start..start + end].to_string()
    };
    // The tile's classes are on the <li> just before its id.
    let classes = |page: &str, table: u32| -> String {
        let at = page.find(&format!(r#"id="r1t{table}""#)).unwrap();
        let li = page[..at].rfind("<li").unwrap();
        page[li..at].to_string()
    };
    assert!(classes(&page, 1).contains("tile-signed"));
    assert!(classes(&page, 3).contains("tile-unsigned"));
    assert!(classes(&page, 4).contains("tile-playing"));
    assert!(tile(&page, 3).contains("Games 4 of 4"));
    assert!(tile(&page, 4).contains("Games 0 of 4"));
    assert!(page.contains("Accept all 2 signed sheets"));
    // The fragment the page fetches again is the same live part.
    let fragment = html(&app, true, &format!("/director/t/{id}/tiles"));
    assert!(fragment.starts_with("<div id=\"live-round\""));
    assert!(classes(&fragment, 2).contains("tile-signed"));

    // Live standings: the sit-outs' 7 points do not lead the 40 entered.
    let standings = html(&app, false, &format!("/t/{id}"));
    assert!(standings.contains("id=\"provisional-note\""), "{standings}");
    let first = standings.find("data-player=").unwrap();
    assert!(standings[first..].starts_with("data-player=\"1\" class=\"provisional\""));
    let proj = html(
        &app,
        false,
        &format!("/t/{id}/projector?seconds=5&columns=2"),
    );
    assert!(proj.contains(r#"data-seconds="5" data-columns="2""#));
    assert!(proj.contains("provisional"));
    // The official standings (the API) count accepted sheets only.
    assert_eq!(totals(&app, id)[&1], 0);
    assert_eq!(totals(&app, id)[&17], 7);

    let audit_before = expect(d.get(&format!("{}/audit", t(id))), 200)["entries"]
        .as_array()
        .unwrap()
        .len();
    let answer = expect(
        d.post(&format!("{}/rounds/1/accept-signed", t(id)), &json!({})),
        200,
    );
    assert_eq!(
        answer["done"],
        "Accepted 2 signed sheets of round 1: tables 1, 2."
    );
    let audit = expect(d.get(&format!("{}/audit", t(id))), 200);
    let audit = audit["entries"].as_array().unwrap();
    assert_eq!(audit.len(), audit_before + 2, "one audit line per table");
    assert!(
        audit[audit_before..]
            .iter()
            .all(|a| a["action"] == "accepted")
    );
    let page = html(&app, true, &format!("/director/t/{id}"));
    assert!(classes(&page, 1).contains("tile-accepted"));
    assert!(classes(&page, 2).contains("tile-accepted"));
    assert!(!page.contains("Accept all"));
    refused(
        d.post(&format!("{}/rounds/1/accept-signed", t(id)), &json!({})),
        409,
        "no sheet of round 1 is signed",
    );
    assert_eq!(totals(&app, id)[&1], 40);
}

#[test]
fn player_search_is_a_plain_get_form_and_says_where_they_sit() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let page = html(&app, true, &format!("/director/t/{id}"));
    assert!(page.contains(&format!(
        r#"<form method="get" action="/director/t/{id}" role="search""#
    )));
    let found = html(&app, true, &format!("/director/t/{id}?q=%236"));
    assert!(
        found.contains("P6 (#6)</a>, playing; Round 1: table 2, South."),
        "{found}"
    );
    let found = html(&app, true, &format!("/director/t/{id}?q=nobody"));
    assert!(found.contains("Nobody has that number or name."));
}

#[test]
fn a_withdrawal_before_a_round_starts_names_who_moved_and_the_cards_to_reprint() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 12, 2);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    expect(
        d.post(&format!("{}/players/6/withdraw", t(id)), &json!({})),
        200,
    );
    for path in [
        format!("/director/t/{id}"),
        format!("/director/t/{id}/players"),
    ] {
        let page = html(&app, true, &path);
        assert!(
            page.contains("Round 1 was seated again: P6 (#6) withdrew."),
            "{path}: {page}"
        );
        assert!(page.contains("P6 (#6): table 2 South → no table"), "{page}");
        assert!(page.contains("Print the table cards of tables"), "{page}");
    }
}

/// The index of `needle` in `page`, which must hold it.
fn at(page: &str, needle: &str) -> usize {
    page.find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {page}"))
}

/// Issue 20.4: with 50 tables, "Start round", "Close round" and "Seat round
/// N" sat below the tiles. The round's next step comes before them.
#[test]
fn the_rounds_next_step_comes_before_the_tiles() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    let mut d = app.director();
    expect(
        d.post(
            &format!("{}/rounds/1/seat", t(id)),
            &json!({ "method": { "kind": "by_number" } }),
        ),
        200,
    );
    let dash = format!("/director/t/{id}");
    let seated = html(&app, true, &dash);
    assert!(at(&seated, "Start round 1</button>") < at(&seated, "<ul class=\"tiles\""));
    expect(
        d.post(&format!("{}/rounds/1/start", t(id)), &json!({})),
        200,
    );
    for (table, seats) in seating(&app, id, 1) {
        fill(&app, id, table, &seats, true);
        expect(
            d.post(
                &format!("{}/rounds/1/tables/{table}/accept", t(id)),
                &json!({}),
            ),
            200,
        );
    }
    let done = html(&app, true, &dash);
    assert!(at(&done, "Close round 1</button>") < at(&done, "<ul class=\"tiles\""));
    expect(
        d.post(&format!("{}/rounds/1/close", t(id)), &json!({})),
        200,
    );
    let closed = html(&app, true, &dash);
    assert!(at(&closed, "Seat round 2</button>") < at(&closed, "<ul class=\"tiles\""));
}

/// Issue 20.4: the projector showed 14 rows a page at 1920x1080. Without
/// `?columns=` it leaves the choice to the screen (two when wide:
/// projector.js); 1 or 2 asked are kept.
#[test]
fn the_projector_picks_its_columns_by_the_screen_unless_asked() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 1);
    let proj = |q: &str| html(&app, false, &format!("/t/{id}/projector{q}"));
    assert!(proj("").contains(r#"data-columns="0""#));
    assert!(proj("?columns=1").contains(r#"data-columns="1""#));
    assert!(proj("?columns=2").contains(r#"data-columns="2""#));
    assert!(proj("?columns=7").contains(r#"data-columns="0""#));
}
