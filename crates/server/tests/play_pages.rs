//! The live table's pages over a real server (issue 23.5): the start form
//! and a seat's page render, their scripts and stylesheet are served as
//! embedded, and a table id that could break the page is refused in words.
//! The browser plays a game on them in `tests/browser/play.test.mjs`.

mod common;

use common::App;
use jongg_store::Backend;

#[test]
fn the_start_page_offers_the_five_presets_and_posts_to_the_create_route() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/play").expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    for preset in jongg_rules::PRESET_NAMES {
        assert!(html.contains(&format!("<option value=\"{preset}\"")), "{preset}");
    }
    assert!(html.contains("action=\"/api/play/tables\""), "{html}");
    for seat in ["east", "south", "west", "north"] {
        assert!(html.contains(&format!("name=\"seats.{seat}\"")), "{seat}");
    }
    assert!(html.contains("/assets/play.js"));
}

#[test]
fn a_seat_page_names_its_table_and_socket_and_loads_the_scripts_in_order() {
    let app = App::start_bare(Backend::Sqlite);
    let r = app.public().get("/play/t-7x?seat=east&token=abc").expect("request");
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("data-table=\"t-7x\""), "{html}");
    assert!(html.contains("data-ws=\"/api/play/tables/t-7x/ws\""), "{html}");
    // The model first: play.js reads window.JonggTable.
    let model = html.find("/assets/play_table.js").expect("the model's script");
    let page = html.find("/assets/play.js").expect("the page's script");
    assert!(model < page);
    // The token stays in the address: the page never writes it.
    assert!(!html.contains("abc"), "{html}");
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
        ("/assets/play.js", include_str!("../assets/play.js"), "text/javascript"),
        ("/assets/play_table.js", include_str!("../assets/play_table.js"), "text/javascript"),
        ("/assets/play.css", include_str!("../assets/play.css"), "text/css"),
    ] {
        let r = app.public().get(path).expect("request");
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.text(), file, "{path}: the file in the binary");
        let ct = r.header("content-type").unwrap_or_default();
        assert!(ct.starts_with(kind), "{path}: {ct}");
    }
}
