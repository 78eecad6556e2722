//! `jongg sim` from the command line.

use std::process::Command;

fn sim(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .arg("sim")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let args = [
        "--rules",
        "standard",
        "--games",
        "20",
        "--seed",
        "7",
        "--bots",
        "greedy,greedy,random,greedy",
    ];
    let a = sim(&args);
    let b = sim(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8_lossy(&a.stdout);
    for word in [
        "east",
        "greedy",
        "random",
        "wall games",
        "average turns",
        "beth-emeth",
    ] {
        assert!(text.contains(word), "missing {word}: {text}");
    }
    assert!(String::from_utf8_lossy(&a.stderr).contains("games per second"));
    // Not silent while it works (issue 20.16): it says what it plays at once,
    // and a pipe gets a line every tenth.
    let said = String::from_utf8_lossy(&a.stderr);
    assert!(said.starts_with("Playing "), "{said}");
}

#[test]
fn json_reports_every_figure() {
    let out = sim(&[
        "--rules",
        "beth-emeth",
        "--games",
        "12",
        "--seed",
        "3",
        "--bots",
        "random,random,random,random",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 12);
    assert_eq!(v["rules"], "beth-emeth");
    let wins: u64 = ["east", "south", "west", "north"]
        .iter()
        .map(|s| v["wins"][s].as_u64().unwrap())
        .sum();
    let ends = wins + v["wall_games"].as_u64().unwrap() + v["mahjong_in_error"].as_u64().unwrap();
    assert_eq!(ends, 12, "every game ends once");
    assert!(v["points_per_preset"]["standard"]["east"].is_number());
    assert!(v["by_bot"]["random"]["win_rate"].is_number());
}

#[test]
fn bad_arguments_are_named() {
    let out = sim(&["--rules", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nope"));
    let out = sim(&["--bots", "greedy,random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("four bots"));
    let out = sim(&["--bots", "greedy,random,clever,random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("clever"));
    let out = sim(&["--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sim(&["--card", "/no/such/card"]);
    assert_eq!(out.status.code(), Some(2));
}
