//! `jongg movement`: text and JSON output, rules files, bad arguments (exit 2).
//! The movements are those of R13 (standard 24, mississippi-2025 "Table
//! Relocation", ...); the library itself is tested in crates/rules/tests.

use jongg_rules::movement::{SeatMovement, repeats};
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("run jongg")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn ok(args: &[&str]) -> String {
    let o = jongg(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The table row of a round in the text output, as words.
fn row(text: &str, round: u32, table: u32) -> Vec<String> {
    let start = text
        .find(&format!("\nRound {round}\n"))
        .unwrap_or_else(|| panic!("no round {round} in:\n{text}"));
    text[start..]
        .lines()
        .skip(3) // blank, "Round r", header
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .find(|w| w.first().is_some_and(|t| *t == table.to_string()))
        .unwrap_or_else(|| panic!("no table {table} in round {round}"))
}

/// standard 24 at 5 tables (worked by hand in
/// crates/rules/tests/movement/standard-5-tables.txt): round 2, table 1 holds
/// 5-east 3-south 4-west 2-north; nobody meets twice.
#[test]
fn text_shows_every_round_and_no_repeats_for_standard_at_five_tables() {
    let out = ok(&[
        "movement", "--rules", "standard", "--tables", "5", "--rounds", "4",
    ]);
    assert!(out.contains("standard (East +1, South -2, West +2, North -1), 5 tables, 4 rounds"));
    assert!(out.contains("table  East"), "{out}");
    assert_eq!(
        row(&out, 1, 3),
        ["3", "3-east", "3-south", "3-west", "3-north"]
    );
    assert_eq!(
        row(&out, 2, 1),
        ["1", "5-east", "3-south", "4-west", "2-north"]
    );
    assert_eq!(
        row(&out, 4, 5),
        ["5", "2-east", "1-south", "4-west", "3-north"]
    );
    assert!(!out.contains("Round 5"));
    assert!(out.contains("Repeat meetings: none."));
    assert!(!out.contains("Proposed"));
}

/// mississippi-2025 at 4 tables: South - East = 2 and North - West = 2 have
/// order 2 (16 pairs meet twice); at 4 tables no East-stays movement lasts
/// more than 2 rounds without a repeat.
#[test]
fn text_lists_repeats_and_says_when_no_movement_can_avoid_them() {
    let out = ok(&[
        "movement",
        "--rules",
        "mississippi-2025",
        "--tables",
        "4",
        "--rounds",
        "4",
    ]);
    assert!(out.contains("Repeat meetings: 16 pairs"), "{out}");
    assert!(out.contains("  1-east and 1-south: rounds 1, 3\n"));
    assert!(out.contains("  1-east and 3-south: rounds 2, 4\n"));
    assert!(out.contains("  1-west and 3-north: rounds 2, 4\n"));
    assert!(out.contains("East-South pairs who meet meet again every 2 rounds"));
    assert!(out.contains("No repeat-free movement exists for 4 tables and 4 rounds"));
    assert!(out.contains("at most 2 rounds can be played at 4 tables"));
}

/// standard at 8 tables, 3 rounds: South -2 and West +2 differ by 4, of
/// order 2 modulo 8, so those pairs meet in rounds 1 and 3. The cheapest
/// East-stays offsets are {1, -1, 2} or {1, -1, -2} (4 tables walked); of
/// their seatings, South -2, West +1, North -1 is nearest standard (East 1
/// off, West 1 off: distance 2).
#[test]
fn text_proposes_a_repeat_free_movement() {
    let out = ok(&[
        "movement", "--rules", "standard", "--tables", "8", "--rounds", "3",
    ]);
    assert!(out.contains("  1-south and 1-west: rounds 1, 3\n"), "{out}");
    assert!(out.contains("Proposed repeat-free movement: East stays, South -2, West +1, North -1"));
    assert!(out.contains("(4 tables walked per round"));
    assert!(out.contains("2 tables from standard's movement"));
    assert!(
        repeats(8, 3, &SeatMovement::new(0, -2, 1, -1))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn json_holds_the_schedule_repeats_and_proposal() {
    let out = ok(&[
        "movement", "--rules", "standard", "--tables", "5", "--rounds", "4", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["rules"], "standard");
    assert_eq!(v["tables"], 5);
    assert_eq!(v["rounds"], 4);
    assert_eq!(v["movement"]["east"], 1);
    assert_eq!(v["schedule"].as_array().unwrap().len(), 4);
    let r2t1 = &v["schedule"][1]["tables"][0];
    assert_eq!(r2t1["table"], 1);
    assert_eq!(r2t1["seats"]["east"], "5-east");
    assert_eq!(r2t1["seats"]["north"], "2-north");
    assert_eq!(v["repeats"], serde_json::json!([]));
    assert!(v["proposal"].is_null());

    let out = ok(&[
        "movement",
        "--rules",
        "mississippi-2025",
        "--tables",
        "4",
        "--rounds",
        "4",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["repeats"].as_array().unwrap().len(), 16);
    assert_eq!(v["repeats"][0]["a"], "1-east");
    assert_eq!(v["repeats"][0]["b"], "1-south");
    assert_eq!(v["repeats"][0]["rounds"], serde_json::json!([1, 3]));
    assert_eq!(v["proposal"]["outcome"], "none_exists");
    assert_eq!(v["proposal"]["reason"], "no_offsets_fit");
    assert_eq!(v["proposal"]["max_rounds"], 2);
    assert!(v["proposal"]["explanation"].is_string());

    let out = ok(&[
        "movement", "--rules", "standard", "--tables", "8", "--rounds", "3", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["proposal"]["outcome"], "found");
    assert_eq!(
        v["proposal"]["movement"],
        serde_json::json!({"east": 0, "south": -2, "west": 1, "north": -1})
    );
}

/// A rules file that changes only the movement (here: East stays too, as in
/// beth-emeth 5) is read from its path.
#[test]
fn a_rules_file_path_is_read() {
    let path = std::env::temp_dir().join(format!("jongg-movement-{}.toml", std::process::id()));
    std::fs::write(&path, "base = \"standard\"\n\n[movement]\neast = 0\n").unwrap();
    let out = ok(&[
        "movement",
        "--rules",
        path.to_str().unwrap(),
        "--tables",
        "5",
        "--rounds",
        "2",
    ]);
    std::fs::remove_file(&path).ok();
    assert!(
        out.contains("(East stays, South -2, West +2, North -1)"),
        "{out}"
    );
    assert_eq!(
        row(&out, 2, 1),
        ["1", "1-east", "3-south", "4-west", "2-north"]
    );
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--rules", "standard", "--tables", "0", "--rounds", "3"],
            "at least 1",
        ),
        (
            &["--rules", "standard", "--tables", "501", "--rounds", "3"],
            "501 tables",
        ),
        (
            &["--rules", "standard", "--tables", "5", "--rounds", "0"],
            "rounds",
        ),
        (
            &[
                "--rules",
                "no-such-preset",
                "--tables",
                "5",
                "--rounds",
                "3",
            ],
            "no-such-preset",
        ),
        (
            &["--rules", "standard", "--tables", "five", "--rounds", "3"],
            "five",
        ),
        (
            &["--rules", "standard", "--tables", "-3", "--rounds", "3"],
            "-3",
        ),
        (&["--rules", "standard", "--rounds", "3"], "--tables"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["movement"];
        all.extend_from_slice(args);
        exits_2(&all, needle);
    }
}

/// The command exits with code 2, prints nothing, and says `needle`.
fn exits_2(args: &[&str], needle: &str) {
    let o = jongg(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{args:?}");
}

#[test]
fn a_broken_rules_file_exits_2_naming_the_file() {
    let path = std::env::temp_dir().join(format!("jongg-movement-bad-{}.toml", std::process::id()));
    std::fs::write(&path, "base = \"standard\"\n[movement]\neast = \"up\"\n").unwrap();
    let o = jongg(&[
        "movement",
        "--rules",
        path.to_str().unwrap(),
        "--tables",
        "5",
        "--rounds",
        "2",
    ]);
    std::fs::remove_file(&path).ok();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(path.to_str().unwrap()),
        "{}",
        stderr(&o)
    );
}

// --- `--optimise`: the computed seating (issue 14, point 8) ---------------

/// A command line as words (no quoting needed in these tests).
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn json_of(line: &str) -> serde_json::Value {
    serde_json::from_str(&ok(&words(line))).expect("JSON output")
}

/// Every computed round seats players 1..=n exactly once (tables and
/// sit-outs); returns the rounds' numbers.
fn assert_everyone_once(v: &serde_json::Value, n: u64) -> Vec<u64> {
    let mut numbers = Vec::new();
    for round in v["schedule"].as_array().unwrap() {
        let tables = round["tables"].as_array().unwrap().iter();
        let seated = tables.flat_map(|t| ["east", "south", "west", "north"].map(|s| t[s].as_u64()));
        let out = round["sit_outs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64());
        let mut seen: Vec<u64> = seated.chain(out).flatten().collect();
        seen.sort();
        assert_eq!(
            seen,
            (1..=n).collect::<Vec<_>>(),
            "round {}",
            round["round"]
        );
        numbers.push(round["round"].as_u64().unwrap());
    }
    numbers
}

/// 16 players, 5 rounds: the affine plane of order 4, nobody meets twice,
/// where standard's movement (R13) has 44 repeat meetings.
#[test]
fn optimise_seats_sixteen_players_five_rounds_without_a_repeat() {
    let line = "movement --rules standard --tables 4 --rounds 5 --optimise";
    let text = ok(&words(line));
    for needle in [
        "Computed seating: 16 players at 4 tables of four; rounds 1 to 5 of 5 (seed 0).",
        "Repeat meetings: 0. standard's movement (East +1, South -2, West +2, North -1): 44.",
        "affine plane of order 4",
        "East 1-2, South 1-2, West 1-2, North 1-2",
        "\nItineraries",
    ] {
        assert!(text.contains(needle), "{needle} not in:\n{text}");
    }
    let standard = SeatMovement::new(1, -2, 2, -1);
    let pairs = repeats(4, 5, &standard).unwrap();
    assert_eq!(pairs.iter().map(|p| p.rounds.len() - 1).sum::<usize>(), 44);

    let v = json_of(&format!("{line} --json"));
    assert_eq!(v["repeats"], 0);
    assert_eq!(v["preset_repeats"], 44);
    assert_eq!(v["start"]["kind"], "affine_plane");
    assert_eq!(assert_everyone_once(&v, 16), [1, 2, 3, 4, 5]);
    let trips = v["itineraries"].as_array().unwrap();
    assert_eq!(trips.len(), 16);
    // Player 1's stop in round 2 is where the schedule has them.
    let stop = &trips[0]["stops"][1];
    let table = &v["schedule"][1]["tables"][stop["table"].as_u64().unwrap() as usize - 1];
    assert_eq!(table[stop["seat"].as_str().unwrap()], 1);
}

/// R12, standard 3A: 30 players at six tables of four and two of three,
/// North empty at the tables of three; or seven of four, two sitting out.
#[test]
fn optimise_seats_odd_players_at_tables_of_three_or_sitting_out() {
    let v = json_of("movement --rules mississippi-2025 --players 30 --rounds 4 --optimise --json");
    let layout = serde_json::json!({"fours": 6, "threes": 2, "sit_outs": 0});
    assert_eq!(v["layout"], layout);
    assert_eq!(v["preset_repeats"], serde_json::Value::Null);
    assert_eq!(assert_everyone_once(&v, 30), [1, 2, 3, 4]);
    assert_eq!(v["repeats"], 0);
    for round in v["schedule"].as_array().unwrap() {
        let tables = round["tables"].as_array().unwrap();
        let empty: Vec<bool> = tables.iter().map(|t| t["north"].is_null()).collect();
        assert_eq!(
            empty,
            [false, false, false, false, false, false, true, true]
        );
    }
    let text = ok(&words(
        "movement --rules standard --players 30 --rounds 3 --optimise --odd sit-out",
    ));
    for needle in [
        "7 tables of four, 2 sitting out each round",
        "  sitting out: ",
        "sits out",
    ] {
        assert!(text.contains(needle), "{needle} not in:\n{text}");
    }
}

/// A seating computed for 5 rounds, its first 2 fed back as played: the
/// rest is computed from round 3, counting their meetings.
#[test]
fn optimise_continues_after_the_rounds_played() {
    let first = json_of("movement --rules beth-emeth --tables 8 --rounds 5 --optimise --json");
    let played: Vec<serde_json::Value> = first["schedule"].as_array().unwrap()[..2].to_vec();
    let path = std::env::temp_dir().join(format!("jongg-played-{}.json", std::process::id()));
    let file = path.to_str().unwrap();
    std::fs::write(&path, serde_json::to_string(&played).unwrap()).unwrap();
    let v = json_of(&format!(
        "movement --rules beth-emeth --tables 8 --rounds 6 --optimise --json --played {file}"
    ));
    assert_eq!(v["first_round"], 3);
    assert_eq!(assert_everyone_once(&v, 32), [3, 4, 5, 6]);
    assert_eq!(v["repeats"], 0);

    // A player beyond the event, rounds numbered out of place, nothing left.
    let bad = |text: &str, rounds: &str, needle: &str| {
        std::fs::write(&path, text).unwrap();
        let line = format!(
            "movement --rules standard --tables 2 --rounds {rounds} --optimise --played {file}"
        );
        exits_2(&words(&line), needle);
    };
    let t1 = r#"{"east": 1, "south": 2, "west": 3, "north": 4}"#;
    let t2 = r#"{"east": 5, "south": 6, "west": 7, "north": 9}"#;
    bad(
        &format!(r#"[{{"tables": [{t1}, {t2}]}}]"#),
        "3",
        "player 9, but the players are numbered 1 to 8",
    );
    bad(
        &format!(r#"[{{"round": 2, "tables": [{t1}]}}]"#),
        "3",
        "round 2 is listed where round 1 belongs",
    );
    bad(
        &format!(r#"[{{"tables": [{t1}]}}]"#),
        "1",
        "none is left to seat",
    );
    bad(r#"[{"tables": 3}]"#, "3", "is not a list of rounds");
    bad(
        &format!(r#"[{{"tables": [{t1}], "sit_outs": [1]}}]"#),
        "3",
        "round 1 seats player 1 twice",
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn optimise_is_the_same_for_the_same_seed() {
    let line = words("movement --rules standard --players 22 --rounds 5 --optimise --seed 7");
    assert_eq!(ok(&line), ok(&line));
}

#[test]
fn optimise_and_compare_refuse_bad_arguments() {
    for (line, needle) in [
        (
            "movement --rules standard --players 5 --rounds 3 --optimise",
            "5 players cannot sit at tables of three and four; use sit-outs",
        ),
        (
            "movement --rules standard --players 12 --rounds 3",
            "--optimise",
        ),
        (
            "movement --rules standard --players 12 --tables 3 --rounds 3 --optimise",
            "--tables",
        ),
        (
            "movement --compare --tables 3",
            "--compare runs from 4 tables",
        ),
    ] {
        exits_2(&words(line), needle);
    }
}

/// R13 against the computed seating, small sizes (the full table is the
/// ignored test below).
#[test]
fn compare_prints_each_presets_repeats_against_the_computed_seating() {
    let text = ok(&words("movement --compare --tables 6 --rounds 4"));
    for needle in [
        "| tables | standard | beth-emeth | mahjong-mania-2026, st-louis-senior-olympics | mississippi-2025 | computed | bound |",
        "| 4 | 20 | 28 | 16 | 16 | 0 | 0 |",
        "| 6 | 36 | 30 | 24 | 24 | 0 | 0 |",
        "No repeat in any movement nor in the computed seating at 5 tables.",
    ] {
        assert!(text.contains(needle), "{needle} not in:\n{text}");
    }
    let v = json_of("movement --compare --tables 5 --rounds 4 --json");
    assert_eq!(v["rows"].as_array().unwrap().len(), 2);
    let shared = serde_json::json!(["mahjong-mania-2026", "st-louis-senior-olympics"]);
    assert_eq!(v["columns"][2]["presets"], shared);
}

/// docs/movement.md holds what `jongg movement --compare` prints. Slow
/// unoptimised; run: `cargo test --release -p jongg --test movement_cli -- --ignored`.
#[test]
#[ignore]
fn the_docs_table_is_what_compare_prints() {
    let table = ok(&words("movement --compare"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/movement.md");
    let docs = std::fs::read_to_string(path).unwrap();
    assert!(
        docs.contains(table.trim()),
        "docs/movement.md is out of date; paste in:\n{table}"
    );
}
