//! `jongg review LOG --seat S` from the command line (issue 24.6): a seat's
//! decisions beside the strong bot's, from the log `jongg sim --log` writes.

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

/// One simulated game's fair-wall log.
fn one_game(name: &str) -> PathBuf {
    let dir = fresh_dir(name);
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
    dir.join("game-00001.jsonl")
}

#[test]
fn a_seats_decisions_are_printed_beside_the_strong_bots_with_the_largest_differences() {
    let log = one_game("review");
    let out = jongg(&["review", log.to_str().unwrap(), "--seat", "South"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("south's decisions beside the strong bot's"),
        "{text}"
    );
    // The Charleston's first pass, and the discards, each a decision line.
    assert!(text.contains(". you: pass "), "{text}");
    assert!(text.contains(". you: discard "), "{text}");
    assert!(text.contains("strong keeps open "), "{text}");
    assert!(
        text.contains("\nWhere you and the strong bot differ most:\n"),
        "{text}"
    );
    let listed = text
        .split("differ most:\n")
        .nth(1)
        .unwrap_or("")
        .lines()
        .count();
    assert!((1..=5).contains(&listed), "{text}");

    let out = jongg(&["review", log.to_str().unwrap(), "--seat", "south", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["seat"], "south");
    let decisions = json["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    assert!(decisions[0]["did"]["do"].is_string(), "{}", decisions[0]);
    assert!(decisions[0]["reason"].is_string());
    let agreed = decisions.iter().filter(|d| d["agree"] == true).count();
    assert_eq!(json["agreed"], agreed);
    assert!(json["differ_most"].as_array().unwrap().len() <= 5);
}

#[test]
fn a_bad_seat_or_a_file_that_is_no_log_is_bad_input_named() {
    let log = one_game("review-bad");
    let out = jongg(&["review", log.to_str().unwrap(), "--seat", "middle"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--seat middle: not a seat"), "{err}");

    let f = log.with_file_name("x.jsonl");
    std::fs::write(&f, "hello\n").unwrap();
    let out = jongg(&["review", f.to_str().unwrap(), "--seat", "east"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a game log"), "{err}");

    let out = jongg(&[
        "review",
        log.to_str().unwrap(),
        "--seat",
        "east",
        "--card",
        "no-such.card",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--card: cannot read card file `no-such.card`"),
        "{err}"
    );

    let out = jongg(&["review", "no-such-file.jsonl", "--seat", "east"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no-such-file.jsonl"));
}
