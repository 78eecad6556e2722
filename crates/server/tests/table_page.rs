//! What a live table's page says of its rules (issue 32.6, 32.10), black
//! box on port 0: the confirmation before calling a hand dead says the
//! table's own consequence of a wrong call (R5), and the rules' reminders
//! to every table, beth-emeth 7 and 13 among them, are on the page.

mod common;

use common::*;
use serde_json::json;

fn table_page(app: &App, rules: &str) -> String {
    let t = expect(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": rules,
                "seats": { "east": "person", "south": "medium", "west": "medium", "north": "medium" } }),
        ),
        201,
    );
    let r = app
        .public()
        .get(&format!("/play/{}", t["id"].as_str().unwrap()))
        .unwrap();
    assert_eq!(r.status, 200);
    r.text()
}

/// R5: mahjong-mania-2026 rule 13 charges a wrong dead call -10 and the
/// caller plays on; standard 14F makes the caller's own hand dead.
#[test]
fn r5_the_dead_call_warning_says_each_presets_own_consequence() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| {
        c.play_bot_delay_ms = 10_000
    });
    let mania = table_page(&app, "mahjong-mania-2026");
    assert!(
        mania.contains("data-false-dead=\"If the hand is not dead, you are charged -10 points and play on (mahjong-mania-2026 rule 13, R5).\""),
        "{mania}"
    );
    let standard = table_page(&app, "standard");
    assert!(
        standard
            .contains("your own hand is dead instead and scores 0 for the game (standard 14F, R5)"),
        "{standard}"
    );
}

/// beth-emeth 7 ("NO MUSHING!") and 13 (no hot or cold wall), stated at
/// its tables with the other reminders; another preset's tables do not
/// say them.
#[test]
fn beth_emeth_7_and_13_are_reminded_at_its_live_tables() {
    let app = App::start_with(jongg_store::Backend::Sqlite, |c| {
        c.play_bot_delay_ms = 10_000
    });
    let page = table_page(&app, "beth-emeth");
    assert!(
        page.contains("No mushing! <cite>(beth-emeth 7)</cite>"),
        "{page}"
    );
    assert!(page.contains("no hot or cold wall"), "{page}");
    assert!(page.contains("<cite>(beth-emeth 13)</cite>"), "{page}");
    let standard = table_page(&app, "standard");
    assert!(standard.contains("id=\"reminders\""), "{standard}");
    assert!(!standard.contains("mushing"), "{standard}");
}
