//! A hall run from a laptop (issue 13), over a real server: the setup link
//! asks for the password twice and says when it was used; the director's
//! pages and printed table cards warn while no phone can open the server;
//! PDFs print every name in its own script, on US Letter or A4.

mod common;

use common::*;
use jongg_server::pdf_text;
use jongg_store::Backend;
use serde_json::json;

fn get(app: &App, director: bool, path: &str) -> jongg_server::client::Response {
    let mut c = if director {
        app.director()
    } else {
        app.public()
    };
    c.get(path).expect("request")
}

#[test]
fn setup_asks_twice_and_a_used_link_says_so() {
    let app = App::start_bare(Backend::Sqlite);
    let token = app.setup_token().unwrap();
    let mut p = app.public();
    let html = get(&app, false, &format!("/setup?token={token}")).text();
    assert!(html.contains("<label for=\"confirm\">The same password again</label>"));
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "long enough", "confirm": "long enuogh" }),
        ),
        422,
        "the two passwords are not the same",
    );
    // Refused before the link is used: it still works.
    expect(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "long enough", "confirm": "long enough" }),
        ),
        201,
    );
    // Used: the page and the API say so, and how to get a new link.
    let r = get(&app, false, &format!("/setup?token={token}"));
    assert_eq!(r.status, 200);
    let html = r.text();
    assert!(html.contains("<h1>This setup link was used</h1>"), "{html}");
    assert!(html.contains(" UTC. A setup link works once"), "{html}");
    assert!(html.contains("jongg director reset-password"));
    assert!(!html.contains("name=\"password\""));
    refused(
        p.post(
            "/api/setup",
            &json!({ "token": token, "password": "other password" }),
        ),
        409,
        "this setup link was used already",
    );
    // Another token: the password is set, log in.
    let html = get(&app, false, &format!("/setup?token={}", "0".repeat(64))).text();
    assert!(
        html.contains("The director's password is set already"),
        "{html}"
    );
}

#[test]
fn an_unknown_setup_link_says_a_newer_one_may_have_been_printed() {
    let app = App::start_bare(Backend::Sqlite);
    let html = get(&app, false, &format!("/setup?token={}", "0".repeat(64))).text();
    assert!(
        html.contains("A newer setup link was printed since"),
        "{html}"
    );
    refused(
        app.public().post(
            "/api/setup",
            &json!({ "token": "0".repeat(64), "password": "long enough" }),
        ),
        403,
        "a newer one was printed since",
    );
}

#[test]
fn on_loopback_the_director_pages_and_printed_cards_warn() {
    // Test servers listen on 127.0.0.1: no phone could open their links.
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    for path in ["/director".to_string(), format!("/director/t/{id}")] {
        let html = get(&app, true, &path).text();
        assert!(html.contains("id=\"hall-notice\""), "{path}");
        assert!(html.contains("Phones cannot open this server"), "{path}");
    }
    let cards = get(&app, true, &format!("/director/t/{id}/print/round/1/cards")).text();
    assert_eq!(cards.matches("No phone can open this code").count(), 2);
    let pdf = get(
        &app,
        true,
        &format!("/director/t/{id}/print/round/1/cards.pdf"),
    );
    let read = pdf_text::read(&pdf.body);
    assert_eq!(read.pages.len(), 2, "a card a table");
    for page in &read.pages {
        let page = page.replace('\n', " ");
        assert!(page.contains("No phone can open this code"), "{page}");
    }
    // No link, no warning: the standings.
    let standings = get(&app, true, &format!("/director/t/{id}/print/standings.pdf"));
    assert!(!pdf_text::read(&standings.body).text().contains("No phone"));
}

#[test]
fn with_a_hall_address_nothing_warns() {
    let app = App::start_with(Backend::Sqlite, |c| {
        c.public_url = Some("http://192.168.1.23:8080".into());
    });
    let id = tournament(&app, "standard", 4, 1);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let html = get(&app, true, &format!("/director/t/{id}")).text();
    assert!(!html.contains("hall-notice"));
    let pdf = get(
        &app,
        true,
        &format!("/director/t/{id}/print/round/1/cards.pdf"),
    );
    let text = pdf_text::read(&pdf.body).text();
    assert!(
        text.contains("http://192.168.1.23:8080/score?key="),
        "{text}"
    );
    assert!(!text.contains("No phone"));
}

#[test]
fn pdfs_print_every_name_in_its_script_on_letter_or_a4() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 0, 2);
    let names = [
        "Łucja Wiśniewska",
        "Søren Ærøskøbing",
        "Ελένη Παπαδοπούλου",
        "Жанна Кузнецова",
        "王秀英",
        "Zoë Brontë",
        "José Müller",
        "Margaret O'Brien",
    ];
    let mut d = app.director();
    for (i, name) in names.iter().enumerate() {
        expect(
            d.post(
                &format!("{}/players", t(id)),
                &json!({ "number": i + 1, "name": name }),
            ),
            201,
        );
    }
    let title = "The Annual Spring Charity Tournament of the Riverside, Lakeside and Hillside Mah Jongg Clubs";
    expect(d.patch(&t(id), &json!({ "name": title })), 200);
    seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
    let base = format!("/director/t/{id}/print");
    for doc in ["round/1.pdf", "round/1/cards.pdf", "round/1/sheets.pdf"] {
        let r = get(&app, true, &format!("{base}/{doc}"));
        assert_eq!(r.status, 200, "{doc}");
        let read = pdf_text::read(&r.body);
        // (A score sheet's column heading may take two lines.)
        let text = read.text().replace('\n', " ");
        for name in names {
            assert!(text.contains(name), "{doc}: {name} in {text}");
        }
        assert!(
            !text.contains('\u{FFFD}') && !text.contains("?ucja"),
            "{doc}"
        );
        // The long title is wrapped, never cut.
        let flat = read.pages[0].replace('\n', " ");
        assert!(flat.contains(title), "{doc}: {flat}");
        assert!(
            read.sizes.iter().all(|s| *s == (612.0, 792.0)),
            "{doc}: Letter"
        );
    }
    // A4 on request, the same text.
    let r = get(&app, true, &format!("{base}/round/1/cards.pdf?paper=a4"));
    let read = pdf_text::read(&r.body);
    assert!(read.sizes.iter().all(|s| *s == (595.28, 841.89)));
    assert!(read.text().contains("Łucja Wiśniewska"));
    let r = get(&app, false, &format!("/t/{id}/standings.pdf?paper=A4"));
    assert_eq!(pdf_text::read(&r.body).sizes[0], (595.28, 841.89));
    let r = get(&app, true, &format!("{base}/standings.pdf?paper=legal"));
    assert_eq!(r.status, 400);
    assert!(
        r.text()
            .contains("the paper `legal` is not one of: letter, a4"),
        "{}",
        r.text()
    );
    // The printables page offers the other paper, and its links keep it.
    let html = get(&app, true, &format!("{base}?paper=a4")).text();
    assert!(html.contains("PDFs are on A4 paper."), "{html}");
    assert!(html.contains(&format!(
        "href=\"{base}?paper=letter\">Use US Letter instead"
    )));
    assert!(html.contains(&format!("{base}/round/1/cards.pdf?paper=a4\"")));
}

#[test]
fn the_server_default_paper_is_a4_when_told() {
    let app = App::start_with(Backend::Sqlite, |c| {
        c.paper = jongg_server::Paper::A4;
    });
    let id = tournament(&app, "standard", 4, 1);
    let r = get(&app, true, &format!("/director/t/{id}/print/standings.pdf"));
    assert_eq!(pdf_text::read(&r.body).sizes[0], (595.28, 841.89));
    let html = get(&app, true, &format!("/director/t/{id}/print")).text();
    assert!(html.contains("PDFs are on A4 paper."));
}
