//! `jongg sim --log` and `jongg verify-wall` from the command line (issue 23.8).

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
fn simulated_logs_verify_and_a_changed_tile_or_seed_is_refused() {
    let dir = fresh_dir("fair-logs");
    let d = dir.to_str().unwrap();
    let out = jongg(&["sim", "--games", "3", "--seed", "4", "--log", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = dir.join("game-00001.jsonl");
    let f = first.to_str().unwrap();
    assert!(dir.join("game-00003.jsonl").exists());
    let ok = jongg(&["verify-wall", f]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("follows from the revealed seed"));

    // The same run writes the same logs.
    let again = fresh_dir("fair-logs-again");
    let out = jongg(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "4",
        "--log",
        again.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&first).unwrap();
    assert_eq!(
        std::fs::read_to_string(again.join("game-00001.jsonl")).unwrap(),
        text
    );

    // One tile of the wall changed: two tiles of the began line swapped.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut began: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let wall = began["wall"].as_array_mut().unwrap();
    let k = (1..wall.len()).find(|i| wall[*i] != wall[0]).unwrap();
    wall.swap(0, k);
    lines[1] = began.to_string();
    let bad = dir.join("changed-tile.jsonl");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let out = jongg(&["verify-wall", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("NOT a fair wall: tile 1 of the wall"),
        "{said}"
    );

    // The seed changed: it no longer matches the commitment.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut header: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    header["fair_wall"]["seed"] = "00".repeat(32).into();
    lines[0] = header.to_string();
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let out = jongg(&["verify-wall", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("commitment"));

    // Not a log at all: bad input, named.
    std::fs::write(&bad, "hello").unwrap();
    let out = jongg(&["verify-wall", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));

    // A file far larger than any game's log is refused before it is read.
    std::fs::write(&bad, vec![b'#'; (4 << 20) + 1]).unwrap();
    let out = jongg(&["verify-wall", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("far smaller"));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}
