//! `jongg league` from the command line (issue 24.3).

use std::process::Command;

fn league(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .arg("league")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_report_in_text_and_json() {
    let args = [
        "--games",
        "16",
        "--seed",
        "5",
        "--bots",
        "strong,medium,easy,medium",
    ];
    let a = league(&args);
    let b = league(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout, "a league is deterministic for a seed");
    let text = String::from_utf8_lossy(&a.stdout);
    for word in [
        "strong",
        "medium",
        "easy",
        "wall games",
        "confidence interval",
    ] {
        assert!(text.contains(word), "missing {word}: {text}");
    }
    let said = String::from_utf8_lossy(&a.stderr);
    assert!(said.starts_with("Playing 16 games"), "{said}");
    assert!(said.contains("games per second"), "{said}");

    let json = league(&[&args[..], &["--json"]].concat());
    assert!(json.status.success());
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON report");
    assert!(report.is_object(), "{report}");
}

#[test]
fn bad_arguments_are_named() {
    let three = league(&["--bots", "strong,medium,medium"]);
    assert_eq!(three.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&three.stderr).contains("four bots are needed, not 3"));
    let unknown = league(&["--bots", "strong,medium,medium,genius"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("genius"));
    let none = league(&["--games", "0"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("--games must be from 1"));
}
