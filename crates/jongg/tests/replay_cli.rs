//! `jongg replay LOG` from the command line (issue 23.9): a game's log told
//! move by move with every rack, from the fair-wall log `jongg sim --log`
//! writes or the engine's own event log.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .unwrap()
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jongg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_simulated_game_replays_move_by_move_with_every_rack() {
    let dir = fresh_dir("replay");
    let out = jongg(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "5",
        "--log",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = dir.join("game-00001.jsonl");
    let out = jongg(&["replay", log.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("   1. standard rules, east deals"), "{text}");
    assert!(text.contains("   2. the deal"), "{text}");
    // After the deal all four racks, and every discard is a line.
    for seat in ["east ", "south", "west ", "north"] {
        assert!(
            text.contains(&format!("\n        {seat}")),
            "{seat}: {text}"
        );
    }
    let discards = text.matches(" discards ").count();
    assert!(discards > 0, "{text}");
    assert!(text.contains("the game ends"), "{text}");

    // The engine's event log (the same events without the proof) reads too.
    let raw = std::fs::read_to_string(&log).unwrap();
    let events: String = raw.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let plain = dir.join("events.jsonl");
    std::fs::write(&plain, events).unwrap();
    let out = jongg(&["replay", plain.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), text);
}

#[test]
fn a_file_that_is_no_log_is_bad_input() {
    let dir = fresh_dir("replay-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("x.jsonl");
    std::fs::write(&f, "hello\n").unwrap();
    let out = jongg(&["replay", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a game log"));
}

/// A live table set up from a position saves its log with the position
/// where a drawn game has its fair wall (issue 23.9): `replay` tells it from
/// the set-up, `verify-wall` says there is no drawn wall to check (exit 1),
/// and `review` says it reviews only dealt games; none of them panics.
#[test]
fn a_set_up_tables_log_replays_from_its_position_and_has_no_wall_to_verify() {
    let dir = fresh_dir("set-up-log");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("set-up.jsonl");
    std::fs::write(
        &log,
        "{\"v\":1,\"position\":\"turn E\\nrack E 6B 1Cx3\"}\n\
         {\"event\":\"discarded\",\"seat\":\"east\",\"tile\":\"6B\"}\n",
    )
    .unwrap();
    let l = log.to_str().unwrap();
    let out = jongg(&["replay", l]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("6B"), "{text}");
    assert!(text.to_lowercase().contains("discard"), "{text}");

    let out = jongg(&["verify-wall", l]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("set up from a position: its wall was not drawn"),
        "{err}"
    );

    let out = jongg(&["review", l, "--seat", "east"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("set up from a position, not dealt"), "{err}");
}
