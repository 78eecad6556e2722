//! Scoring, preset loading and ruling speed. Run:
//! `cargo bench -p jongg-rules --bench scoring`

use jongg_rules::{GameRecord, Incident, Preset, score};

fn main() {
    divan::main();
}

const RECORD: &str = r#"{"result": "mahjong", "winner": "south", "value": 40, "discarder": "west",
  "exposures": 2, "jokerless": true, "dead": {"north": "infraction"},
  "penalties": [{"seat": "east", "kind": "blind_pass_peek"}]}"#;

/// Scoring one parsed record (the table engine and the server do this per game).
#[divan::bench]
fn score_one_game(b: divan::Bencher) {
    let preset = Preset::builtin("standard").unwrap();
    let record = GameRecord::from_json(RECORD).unwrap();
    b.bench(|| score(divan::black_box(&preset), divan::black_box(&record)));
}

/// Reading a record from JSON and scoring it (`jongg score`).
#[divan::bench]
fn parse_and_score_one_game(b: divan::Bencher) {
    let preset = Preset::builtin("standard").unwrap();
    b.bench(|| GameRecord::from_json(divan::black_box(RECORD)).and_then(|r| score(&preset, &r)));
}

/// Reading a director's file that starts from a preset.
#[divan::bench]
fn load_rules_file_with_base() -> Preset {
    let text = "base = \"standard\"\nname = \"club\"\n[scoring]\nself_picked.points = 15\n[round]\nminutes = 50\n";
    Preset::from_toml(divan::black_box(text), "club.toml").unwrap()
}

/// Reading a full preset file.
#[divan::bench]
fn load_full_preset_file() -> Preset {
    let text = Preset::builtin_text("standard").unwrap();
    Preset::from_toml(divan::black_box(text), "standard.toml").unwrap()
}

/// A ruling with its points worked out (the server does this when an
/// official closes a call).
#[divan::bench]
fn ruling_of_one_incident(b: divan::Bencher) {
    let preset = Preset::builtin("beth-emeth").unwrap();
    b.bench(|| preset.ruling(divan::black_box(Incident::MahjongInErrorOthersExposed)));
}
