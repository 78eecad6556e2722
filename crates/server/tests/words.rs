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

/// The words a person sees on a page: text outside tags, scripts and
/// styles, with each piece marked whether it sits in a citation (inside a
/// `<details>`: one tap away, or a `<cite>`).
fn visible(html: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = html;
    let mut cite_depth = 0usize;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        if !text.trim().is_empty() {
            out.push((unescape(text), cite_depth > 0));
        }
        let after = &rest[lt..];
        let lower = after.get(..9).unwrap_or(after).to_ascii_lowercase();
        // Skip a script's or a style's body, and comments, whole.
        for (open, close) in [
            ("<script", "</script>"),
            ("<style", "</style>"),
            ("<!--", "-->"),
        ] {
            if lower.starts_with(open) {
                let end = after.find(close).map_or(after.len(), |i| i + close.len());
                rest = &after[end..];
                break;
            }
        }
        if !std::ptr::eq(rest.as_ptr(), after.as_ptr()) && rest.len() < after.len() {
            continue;
        }
        let end = after.find('>').map_or(after.len(), |i| i + 1);
        let tag = after[..end].to_ascii_lowercase();
        let name: String = tag
            .trim_start_matches("</")
            .trim_start_matches('<')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name == "details" || name == "cite" {
            if tag.starts_with("</") {
                cite_depth = cite_depth.saturating_sub(1);
            } else {
                cite_depth += 1;
            }
        }
        rest = &after[end..];
    }
    if !rest.trim().is_empty() {
        out.push((unescape(rest), cite_depth > 0));
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
}

/// What is wrong with one piece of visible text, if anything.
fn faults(text: &str, in_cite: bool, printed: bool) -> Vec<String> {
    let mut found = Vec::new();
    for serde in [
        "invalid type",
        "invalid value",
        "missing field",
        "unknown field",
        "unknown variant",
        "floating point",
        "expected u8",
        "expected u16",
        "expected u32",
        "expected i32",
        "at line ",
    ] {
        if text.contains(serde) {
            found.push(format!("serde's words `{serde}`"));
        }
    }
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        let snake = word.contains('_')
            && word.split('_').all(|p| !p.is_empty())
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if snake {
            found.push(format!("a field name `{word}`"));
        }
        let rule = word.len() >= 2
            && word.starts_with('R')
            && word[1..].chars().all(|c| c.is_ascii_digit());
        if rule && !in_cite && !printed {
            found.push(format!("a bare rule number `{word}` outside a citation"));
        }
    }
    if !in_cite && !printed {
        for preset in [
            "standard ",
            "beth-emeth ",
            "mahjong-mania-2026 ",
            "mississippi-2025 ",
            "st-louis-senior-olympics ",
        ] {
            for (i, _) in text.match_indices(preset) {
                let next = text[i + preset.len()..].chars().next();
                if next.is_some_and(|c| c.is_ascii_digit() || c.is_ascii_uppercase() || c == '"') {
                    found.push(format!("a rule citation `{}` in the main text", &text[i..]));
                }
            }
        }
    }
    found
}

/// Every fault of a page, with the text it is in.
fn page_faults(path: &str, html: &str) -> Vec<String> {
    let printed = path.contains("/print/");
    visible(html)
        .into_iter()
        .flat_map(|(text, cite)| {
            faults(&text, cite, printed)
                .into_iter()
                .map(move |f| format!("{path}: {f} in {:?}", text.trim()))
        })
        .collect()
}

#[test]
fn the_checker_finds_what_it_should() {
    let bad = "<p>`value` invalid type: floating point `2.5`</p><p>Tables of three (R12)</p>\
               <p>round_minutes</p><p>(mahjong-mania-2026 SCORING a)</p>";
    let f = page_faults("/x", bad);
    assert_eq!(f.len(), 5, "{f:#?}");
    let good = "<p>Tables of three</p><details><summary>Why</summary>R12, standard 25</details>\
                <script>var round_minutes = 1;</script><p>R&amp;B <cite>R7</cite></p>";
    assert_eq!(page_faults("/x", good), Vec::<String>::new());
    // A printed sheet cites its rules on paper.
    assert!(
        page_faults(
            "/director/t/1/print/round/1/sheets",
            "<p>(R1, standard 25)</p>"
        )
        .is_empty()
    );
}

/// Every page of a played tournament, a round under way with a game entered
/// and a table of three, in plain words.
#[test]
fn every_page_of_a_played_tournament_is_in_plain_words() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "mahjong-mania-2026", 7, 3);
    let points = |_t: u64, _g: u32, s: &[Option<u64>; 4]| {
        if s[3].is_some() {
            [30, -10, -10, -10]
        } else {
            [20, -10, -10, 0]
        }
    };
    play_round(&app, id, 1, json!({ "kind": "by_number" }), points);
    seat_and_start(&app, id, 2, json!({ "kind": "movement" }));
    let mut d = app.director();
    let link = expect(d.get(&format!("{}/rounds/2/tables/1/link", t(id))), 200);
    let key = link["token"].as_str().unwrap().to_string();
    let mut k = app.with_token(&key);
    expect(
        k.put(
            &format!("{}/rounds/2/tables/1/games/1", t(id)),
            &json!({ "entry": { "kind": "record", "record": {
                "result": "mahjong", "winner": "east", "value": 25, "self_picked": true,
                "penalties": [{ "seat": "south", "kind": "hidden_wall_tail" }] } } }),
        ),
        200,
    );
    // A ruling on the sheet (its words on round control, the floor page,
    // the score page, the audit) and a call left open (the floor's list of
    // what happened): issue 20.7.
    let call = format!("{}/rounds/2/tables/1/call", t(id));
    expect(k.post(&call, &json!({ "seat": "south" })), 200);
    expect(
        d.post(
            &format!("{}/calls/1/close", t(id)),
            &json!({ "incident": "blind_pass_peek", "game": 1, "seat": "south" }),
        ),
        200,
    );
    expect(k.post(&call, &json!({ "reason": "time" })), 200);
    let mut paths: Vec<String> = [
        "/",
        "/login",
        "/director",
        "/code",
        "/t/{id}",
        "/t/{id}/players/1",
        "/t/{id}/projector",
        "/t/{id}/seat",
        "/director/t/{id}",
        "/director/t/{id}/players",
        "/director/t/{id}/settings",
        "/director/t/{id}/seating",
        "/director/t/{id}/audit",
        "/director/t/{id}/print",
        "/director/t/{id}/tents",
        "/director/t/{id}/tiles",
        "/director/t/{id}/r/1/table/1",
        "/director/t/{id}/r/2/table/1",
        "/director/t/{id}/r/2/table/2",
        "/director/t/{id}/print/round/1",
        "/director/t/{id}/print/round/2/sheets",
        "/director/t/{id}/print/round/2/cards",
        "/director/t/{id}/print/standings",
        "/director/t/{id}/officials",
        "/director/t/{id}/players/1",
        "/director/t/{id}/card",
        "/director/t/{id}/badges",
        "/floor/t/{id}",
        "/t/{id}/nothing-here",
    ]
    .iter()
    .map(|p| p.replace("{id}", &id.to_string()))
    .collect();
    paths.push(format!("/score?key={key}"));
    let mut all = Vec::new();
    for path in &paths {
        let r = d.get(path).expect("request");
        assert!(r.status < 500, "{path}: {}", r.status);
        let html = r.text();
        if r.header("content-type")
            .is_some_and(|c| c.starts_with("text/html"))
        {
            all.extend(page_faults(path, &html));
        }
    }
    // Mistakes that reach a page say the field in words.
    let preview = format!("/t/{id}/r/2/table/1/preview?game=2");
    let r = k
        .post(
            &preview,
            &json!({ "result": "mahjong", "winner": "east", "value": 2.5 }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    let j = r.json();
    assert_eq!(
        j["reason"],
        "the card value must be a whole number 0 to 1000, not 2.5"
    );
    let game = format!("{}/rounds/2/tables/1/games/2", t(id));
    let r = k
        .put(
            &game,
            &json!({ "entry": { "kind": "points",
            "points": { "east": 2.5, "south": 0, "west": 0, "north": 0 } } }),
        )
        .unwrap();
    let points = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        points.starts_with("the points of East must be a whole number"),
        "{points}"
    );
    let r = d
        .patch(&t(id), &json!({ "round_minutes": "ninety" }))
        .unwrap();
    let minutes = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        minutes.starts_with("the minutes a round must be"),
        "{minutes}"
    );
    let r = d
        .patch(&t(id), &json!({ "name": null, "rounds": 2.5 }))
        .unwrap();
    let rounds = r.json()["error"].as_str().unwrap().to_string();
    for message in [points, minutes, rounds] {
        all.extend(
            faults(&message, false, false)
                .into_iter()
                .map(|f| format!("{message}: {f}")),
        );
    }
    assert!(
        all.is_empty(),
        "words that are not plain English:\n{}",
        all.join("\n")
    );
}
