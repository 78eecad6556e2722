//! Logs stored before issue 12 still read, fold and import.
//!
//! The two files in `tests/data/` were written by `Tournament::export_json`
//! of the code at commit 9d6fa06 (before game records were typed and the
//! numbers became newtypes): a tournament with tables of three, game
//! records of every kind (the empty seat and the dealer filled in by the
//! sheet, a record spelling out default fields, a heavenly hand after the
//! roll for East), plain points, corrections, an amendment, every roster
//! change and every seating method; and one with a director's rules file and
//! sit-outs. The events in a tournament file are the rows the store keeps
//! (`crates/store/tests/store.rs` loads the same rows from a database).

use jongg_rules::record::GameRecord;
use jongg_tournament::{Tournament, TournamentFile};
use serde_json::Value;

const FILES: [(&str, &str); 2] = [
    (
        "three-player-tables",
        include_str!("data/before-issue-12-three-player-tables.json"),
    ),
    (
        "rules-file-sit-outs",
        include_str!("data/before-issue-12-rules-file-sit-outs.json"),
    ),
];

/// Every game record in `v` (at any depth) in its canonical form: a record
/// may be stored with its fields in any order and with fields at their
/// default spelled out; it means the same record.
fn canonical_records(v: &mut Value) {
    match v {
        Value::Object(map) => {
            let is_entry = map.get("kind").and_then(Value::as_str) == Some("record");
            for (k, x) in map.iter_mut() {
                if is_entry && k == "record" {
                    let rec = GameRecord::from_json(&x.to_string()).expect("a stored record");
                    *x = serde_json::from_str(&rec.to_json()).unwrap();
                } else {
                    canonical_records(x);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(canonical_records),
        _ => {}
    }
}

#[test]
fn a_log_stored_before_issue_12_replays_and_writes_back_the_same_events() {
    for (name, text) in FILES {
        let file: TournamentFile = serde_json::from_str(text).expect(name);
        let t = Tournament::replay(file.events.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(t.log().len(), file.events.len(), "{name}");
        let mut before: Value = serde_json::from_str(text).unwrap();
        let mut after: Value = serde_json::from_str(&t.export_json()).unwrap();
        canonical_records(&mut before);
        canonical_records(&mut after);
        assert_eq!(after["events"], before["events"], "{name}");
        // The header is this program's: a version 1 file is written back
        // as the version this writes, naming its writer.
        assert_eq!(before["version"], 1, "{name}");
        assert_eq!(before.get("written_by"), None, "{name}");
        assert_eq!(after["version"], jongg_tournament::VERSION, "{name}");
        assert_eq!(after["written_by"], jongg_tournament::PROGRAM, "{name}");
    }
}

#[test]
fn a_log_stored_before_issue_12_imports_every_event_decided_again() {
    for (name, text) in FILES {
        let imported = Tournament::import_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let file: TournamentFile = serde_json::from_str(text).unwrap();
        let replayed = Tournament::replay(file.events).unwrap();
        assert_eq!(imported, replayed, "{name}");
        // The log reaches the rounds it was written in.
        assert!(!imported.rounds().is_empty(), "{name}");
        assert!(
            imported.standings().rows.iter().any(|r| r.points != 0),
            "{name}"
        );
    }
}

#[test]
fn the_stored_records_keep_what_the_sheet_filled_in_r12() {
    let (_, text) = FILES[0];
    let file: Value = serde_json::from_str(text).unwrap();
    let records: Vec<&Value> = file["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["event"].get("after"))
        .filter_map(|a| a["entry"].get("record"))
        .collect();
    // A table of three's records name its empty seat; a heavenly hand of
    // game 2 its dealer.
    assert!(records.iter().any(|r| r.get("empty_seat").is_some()));
    assert!(
        records
            .iter()
            .any(|r| r["heavenly"] == true && r["dealer"] == "south")
    );
    // One was stored with default fields spelled out.
    assert!(
        records
            .iter()
            .any(|r| r.get("self_picked") == Some(&Value::Bool(false)))
    );
}
