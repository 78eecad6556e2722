//! Words for people (issue 13.6): the audit log in the event's time zone,
//! numbered from 1 and filtered by round and table; and every page of a
//! played tournament in plain English (no serde text, no field names, no
//! bare rule number outside a citation).

mod common;

use common::*;
use jongg_store::Backend;
use serde_json::json;

fn played(app: &App, preset: &str, rounds: u32) -> i64 {
    let id = tournament(app, preset, 8, rounds);
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

fn page(app: &App, path: &str) -> String {
    let r = app.director().get(path).expect("request");
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.text()
}

#[test]
fn the_audit_log_is_in_the_events_time_zone_numbered_from_1_and_filtered() {
    let app = App::start(Backend::Sqlite);
    let id = played(&app, "standard", 2);
    let mut d = app.director();
    // A zone the database does not know is refused in words, naming it.
    refused(
        d.patch(&t(id), &json!({ "time_zone": "Mars/Olympus_Mons" })),
        422,
        "the time zone `Mars/Olympus_Mons` is not one the server knows",
    );
    // Not a zone's shape at all: the domain says so too.
    refused(
        d.patch(&t(id), &json!({ "time_zone": "<b>" })),
        422,
        "is not one the server knows",
    );
    // Any spelling of a known zone is kept as the database spells it.
    expect(
        d.patch(&t(id), &json!({ "time_zone": "america/chicago" })),
        200,
    );
    let s = expect(d.get(&t(id)), 200);
    assert_eq!(s["settings"]["time_zone"], "America/Chicago", "{s}");
    let settings = page(&app, &format!("/director/t/{id}/settings"));
    assert!(settings.contains("value=\"America/Chicago\""), "{settings}");

    let all = page(&app, &format!("/director/t/{id}/audit"));
    assert!(all.contains("Times are in America/Chicago"), "{all}");
    // Chicago is 5 or 6 hours behind UTC: its abbreviation, never "UTC".
    assert!(
        all.contains(" CST</td>") || all.contains(" CDT</td>"),
        "{all}"
    );
    assert!(!all.contains(" UTC</td>"), "{all}");
    // Rows numbered 1, 2, 3...: not the event log's sequence.
    assert!(all.contains("<td class=\"num\">1</td>"), "{all}");
    let rows = all.matches("<tr class=\"audit-").count();
    assert!(rows > 10, "{rows} rows");
    assert!(
        all.contains(&format!("<td class=\"num\">{rows}</td>")),
        "the last row is {rows}"
    );
    // The filter is a GET form: round 2, table 1 only.
    assert!(all.contains("method=\"get\""), "{all}");
    let one = page(&app, &format!("/director/t/{id}/audit?round=2&table=1"));
    let kept = one.matches("<tr class=\"audit-").count();
    assert!(kept > 0 && kept < rows, "{kept} of {rows}");
    assert!(
        one.contains(&format!("{kept} of {rows} changes shown")),
        "{one}"
    );
    for row in one.split("<tr class=\"audit-").skip(1) {
        let cells: Vec<&str> = row.split("<td class=\"num\">").collect();
        assert!(
            cells[2].starts_with("2</td>") && cells[3].starts_with("1</td>"),
            "{row}"
        );
    }
    // A filter that is not a number shows everything rather than failing.
    let odd = page(&app, &format!("/director/t/{id}/audit?round=x&table="));
    assert_eq!(odd.matches("<tr class=\"audit-").count(), rows);

    // The CSV: the same rows, local time and UTC, stable headers.
    let r = d
        .get(&format!("/director/t/{id}/audit.csv?round=2&table=1"))
        .unwrap();
    assert_eq!(r.status, 200);
    let csv = r.text();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "row,local_time,utc,who,round,table,what,game,seat,before,after,reason"
    );
    let first = lines.next().unwrap();
    assert!(first.starts_with("1,"), "{first}");
    assert!(
        first.contains(" UTC,") && (first.contains(" CST,") || first.contains(" CDT,")),
        "{first}"
    );
    assert_eq!(csv.lines().count(), kept + 1);
    // The CSV is the director's.
    assert_eq!(
        app.public()
            .get(&format!("/director/t/{id}/audit.csv"))
            .unwrap()
            .status,
        401
    );
}

/// Each printed sheet cites the rule its own preset gives for who hands the
/// sheets in, in the HTML and in the PDF: never `standard 25` for a preset
/// with its own rule.
#[test]
fn each_sheet_cites_its_own_presets_rule_for_who_hands_it_in() {
    let app = App::start(Backend::Sqlite);
    for (preset, cite, other) in [
        ("standard", "(standard 25)", "(beth-emeth 14)"),
        ("beth-emeth", "(beth-emeth 14)", "standard 25"),
        (
            "st-louis-senior-olympics",
            "(st-louis-senior-olympics 5d)",
            "standard 25",
        ),
        ("mahjong-mania-2026", "(R1, standard 25)", "(standard 25)"),
        ("mississippi-2025", "(R1, standard 25)", "(standard 25)"),
    ] {
        let id = tournament(&app, preset, 8, 2);
        seat_and_start(&app, id, 1, json!({ "kind": "by_number" }));
        let base = format!("/director/t/{id}/print/round/1/sheets");
        let html = page(&app, &base);
        assert!(
            html.contains("Hands the sheets in after round 1: East — "),
            "{preset}: {html}"
        );
        assert!(html.contains(cite), "{preset} cites {cite}: {html}");
        assert!(!html.contains(other), "{preset} does not cite {other}");
        let pdf = app.director().get(&format!("{base}.pdf")).unwrap();
        assert_eq!(pdf.status, 200);
        let text = jongg_server::pdf_text::read(&pdf.body).text();
        // Lines wrap where the page ends: the words, one space apart.
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains(cite),
            "{preset}: the PDF cites {cite}: {text}"
        );
    }
}
