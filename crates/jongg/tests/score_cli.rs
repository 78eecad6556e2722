//! `jongg score --rules NAME|PATH FILE|-`.

use std::io::Write;
use std::process::{Command, Stdio};

fn jongg_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run jongg");
    // jongg may refuse its arguments and exit before reading: a closed pipe
    // is then expected, and the exit code says the rest.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn score(rules: &str, record: &str) -> (i32, String, String) {
    jongg_stdin(&["score", "--rules", rules, "-"], record)
}

#[test]
fn standard_13_6_throw_to_two_exposures_prints_the_totals() {
    let (code, out, err) = score(
        "standard",
        r#"{"result": "mahjong", "winner": "south", "value": 40, "discarder": "west", "exposures": 2}"#,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "{\"east\": 0, \"south\": 40, \"west\": -20, \"north\": 0}\n"
    );
}

#[test]
fn explain_prints_the_lines_then_the_totals() {
    let (code, out, _) = jongg_stdin(
        &["score", "--rules", "standard", "--explain", "-"],
        r#"{"result": "mahjong", "winner": "south", "value": 30, "discarder": "west", "exposures": 2, "penalties": [{"seat": "north", "kind": "blind_pass_peek"}]}"#,
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"south +30 card value (standard 13)"),
        "{out}"
    );
    assert!(
        lines.contains(&"west -20 threw to two exposures (standard 13.6)"),
        "{out}"
    );
    assert!(
        lines.contains(&"north -10 looked at a blind-passed tile (standard 6)"),
        "{out}"
    );
    assert_eq!(
        lines.last(),
        Some(&"{\"east\": 0, \"south\": 30, \"west\": -20, \"north\": -10}")
    );
}

#[test]
fn a_record_file_and_a_rules_file_work_too() {
    let dir = std::env::temp_dir().join(format!("jongg-score-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.json");
    std::fs::write(
        &rec,
        r#"{"result": "wall", "dead": {"east": "infraction"}}"#,
    )
    .unwrap();
    let rules = dir.join("club.toml");
    std::fs::write(
        &rules,
        "base = \"standard\"\n[scoring]\nwall_game.points = 5\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args([
            "score",
            "--rules",
            rules.to_str().unwrap(),
            rec.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"east\": -10, \"south\": 5, \"west\": 5, \"north\": 5}\n"
    );
}

fn expect_exit_2(rules: &str, record: &str, words: &[&str]) {
    let (code, out, err) = score(rules, record);
    assert_eq!(code, 2, "{record}: {out}{err}");
    assert!(out.is_empty());
    for w in words {
        assert!(err.contains(w), "{record}: `{w}` not in {err}");
    }
}

#[test]
fn bad_records_exit_2_naming_the_field() {
    expect_exit_2(
        "standard",
        r#"{"result": "wall", "colour": "red"}"#,
        &["`colour`", "unknown field"],
    );
    expect_exit_2("standard", r#"{"result": "draw"}"#, &["`result`", "draw"]);
    expect_exit_2("standard", "{not json", &["`record`", "not valid JSON"]);
    expect_exit_2(
        "standard",
        r#"{"result": "wall", "winner": "east"}"#,
        &["`winner`", "does not apply"],
    );
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong", "winner": "centre", "value": 25}"#,
        &["`winner`", "centre"],
    );
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong", "winner": "east", "value": 25, "discarder": "east"}"#,
        &["`discarder`"],
    );
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong", "winner": "east", "value": 25, "self_picked": true, "exposures": 7}"#,
        &["`exposures`", "0 to 4"],
    );
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong", "winner": "east", "value": 25, "self_picked": true, "dead": {"east": "infraction"}}"#,
        &["`winner`", "dead"],
    );
    // R5: a winner with a false_dead_call penalty is dead under standard.
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong", "winner": "east", "value": 25, "self_picked": true, "penalties": [{"seat": "east", "kind": "false_dead_call"}]}"#,
        &["`winner`", "R5"],
    );
    // R4: only mahjong-mania-2026 ends a game on a mis-named claim.
    expect_exit_2(
        "beth-emeth",
        r#"{"result": "misnamed_mahjong_claim", "discarder": "west", "declarer": "south"}"#,
        &["`result`", "R4"],
    );
    // R8: two hands intact is no end of a game.
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong_in_error", "declarer": "east", "exposed": ["south"]}"#,
        &["`exposed`", "R8"],
    );
    expect_exit_2(
        "standard",
        r#"{"result": "mahjong_in_error", "declarer": "east", "exposed": ["east", "south", "west"]}"#,
        &["`exposed[0]`", "declarer"],
    );
}

#[test]
fn mahjong_mania_misnamed_claim_scores() {
    let (code, out, _) = score(
        "mahjong-mania-2026",
        r#"{"result": "misnamed_mahjong_claim", "discarder": "west", "declarer": "south"}"#,
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"east\": 10, \"south\": 10, \"west\": -25, \"north\": 10}\n"
    );
}

#[test]
fn unknown_rules_or_missing_file_exit_2() {
    let (code, _, err) = score("nonesuch", r#"{"result": "wall"}"#);
    assert_eq!(code, 2);
    assert!(err.contains("nonesuch"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(["score", "--rules", "standard", "/no/such/record.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn r10_a_heavenly_hand_of_a_seat_that_did_not_deal_is_refused() {
    // East deals unless the record says otherwise (R12): South's fourteen
    // tiles were not dealt, so no heavenly hand; with South dealing, +25.
    let (code, out, err) = score(
        "standard",
        r#"{"result": "mahjong", "winner": "south", "value": 25, "heavenly": true}"#,
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("`heavenly`") && err.contains("R10"), "{err}");
    let (code, out, err) = score(
        "standard",
        r#"{"result": "mahjong", "winner": "south", "value": 25, "heavenly": true, "dealer": "south"}"#,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "{\"east\": 0, \"south\": 25, \"west\": 0, \"north\": 0}\n"
    );
}

#[test]
fn r8_r12_a_table_of_three_scores_its_three_players() {
    // No North: South's false Mah Jongg with West's throw-in leaves East the
    // one hand intact, +10 (R8); the empty seat is not printed.
    let (code, out, err) = score(
        "standard",
        r#"{"result": "mahjong_in_error", "empty_seat": "north", "declarer": "south", "value": 30, "exposed": ["west"]}"#,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "{\"east\": 10, \"south\": 0, \"west\": 0}\n");
}

/// Issue 20.16: the README's `score` example names a file that ships, run
/// from the repository's root as the README says, and prints what
/// docs/scoring.md shows (standard 13, 13.6).
#[test]
fn the_readmes_example_game_ships_and_scores_as_the_docs_say() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .current_dir(root)
        .args(["score", "--rules", "standard", "examples/game.json"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        said.trim(),
        r#"{"east": 0, "south": 40, "west": -20, "north": 0}"#
    );
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    assert!(readme.contains("score --rules standard examples/game.json"));
}
