//! Every command ends quietly when its output is closed (issue 11, point 7:
//! `jongg card check ... --json | head` once panicked with a backtrace).
//! Each command runs with stdout a pipe whose reading end is already
//! closed, so its first write fails with a broken pipe.

use std::process::{Command, Stdio};

fn with_closed_stdout(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs jongg");
    child.wait_with_output().expect("jongg ends")
}

#[test]
fn commands_end_quietly_when_their_output_is_closed() {
    let commands: &[&[&str]] = &[
        &["card", "show", "--card", "practice"],
        &["card", "show", "practice", "--line", "2468 #3"],
        &["card", "lint", "practice"],
        &[
            "card",
            "check",
            "--card",
            "practice",
            "--json",
            "--hand",
            "N E W S 2C WD 2C 6C 6Dx3",
            "--exposure",
            "2D 2D J",
        ],
        &[
            "card",
            "near",
            "--card",
            "practice",
            "--hand",
            "F 2B 4B 4B 6Bx3 8Bx4 GD 9C",
        ],
        &["rules", "list"],
        &["rules", "show", "standard"],
    ];
    for args in commands {
        let out = with_closed_stdout(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "jongg {args:?} wrote: {stderr}");
        assert_eq!(
            out.status.code(),
            Some(141),
            "jongg {args:?}: {:?}",
            out.status
        );
    }
    // clap prints help itself and ignores the closed pipe.
    let out = with_closed_stdout(&["--help"]);
    assert!(out.stderr.is_empty() && out.status.success(), "{out:?}");
}

#[test]
fn a_reader_that_stops_early_is_no_crash() {
    // As `jongg card show practice | head -1`: read one line, then close.
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(["rules", "show", "standard"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs jongg");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("reads a line");
    assert!(!first.is_empty());
    let out = child.wait_with_output().expect("jongg ends");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Done before the reader left (0) or stopped by the closed pipe (141).
    assert!(
        matches!(out.status.code(), Some(0 | 141)),
        "{:?}",
        out.status
    );
}
