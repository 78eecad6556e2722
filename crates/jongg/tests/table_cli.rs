//! `jongg table run FILE` from the command line (issue 23.9): each
//! expectation said ok or FAILED with its line; the exit code says whether
//! all were met.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .unwrap()
}

fn write(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("jongg-{name}-{}.pos", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// A director's ten lines: R16, a claim for Mah Jongg beats a nearer pung.
const RULING: &str = "\
# R16: Mah Jongg beats an exposure claim nearer in turn.
rack E 6B 1Cx3 2Cx3 3Cx3 4Cx3 5C
rack S 6Bx2 1Dx3 2Dx3 3Dx3 4Dx2
rack W 1Bx3 2Bx3 3Bx3 4Bx3 6B
E discard 6B
S claim
W claim mahjong
N decline
expect winner W
expect points E -10
";

#[test]
fn a_position_that_holds_prints_ok_for_each_expectation() {
    let f = write("ruling", RULING);
    let out = jongg(&["table", "run", f.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("ok      line 9: expect winner W"),
        "{stdout}"
    );
    assert!(
        stdout.contains("ok      line 10: expect points E -10"),
        "{stdout}"
    );
    assert!(stdout.contains("all 2 expectations met"), "{stdout}");
}

#[test]
fn a_failed_expectation_names_its_line_and_fails_the_run() {
    let f = write(
        "wrong",
        &RULING.replace("expect winner W", "expect winner S"),
    );
    let out = jongg(&["table", "run", f.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAILED  line 9: expect winner S"),
        "{stdout}"
    );
    assert!(stdout.contains("west won"), "{stdout}");
    assert!(stdout.contains("1 of 2 failed"), "{stdout}");
}

#[test]
fn a_bad_position_is_bad_input_naming_the_line() {
    let f = write("bad", "rules standard\nrack E 5Bx5\n");
    let out = jongg(&["table", "run", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 2: 5 × 5B"), "{stderr}");
    let out = jongg(&["table", "run", "/nonexistent/x.pos"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
