//! `jongg table run FILE`: a position set up and its script played, each
//! expectation said ok or failed with its line (issue 23.9, docs/positions.md).

use jongg_game::position::{parse, run as run_script};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum TableCommand {
    /// Set up a position (docs/positions.md), play its actions and check its expectations.
    Run {
        /// The position file (`.pos`).
        file: PathBuf,
    },
}

/// Exit code of a script whose expectations are not all met.
const EXIT_FAILED: u8 = 1;

/// The largest position read: a whole game's script is a few kilobytes.
const MAX_FILE_BYTES: u64 = 1 << 20;

pub fn run(c: TableCommand) -> ExitCode {
    let TableCommand::Run { file } = c;
    let name = file.display();
    if let Ok(m) = std::fs::metadata(&file)
        && m.len() > MAX_FILE_BYTES
    {
        return super::bad_input(format!(
            "{name} is {} bytes: a position is far smaller (at most {MAX_FILE_BYTES} bytes read)",
            m.len()
        ));
    }
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => return super::bad_input(format!("cannot read {name}: {e}")),
    };
    let report = match parse(&text).and_then(|s| run_script(&s)) {
        Ok(r) => r,
        Err(e) => return super::bad_input(format!("{name}: {e}")),
    };
    for c in &report.checks {
        match &c.failure {
            None => println!("ok      line {}: {}", c.line, c.text),
            Some(why) => println!("FAILED  line {}: {}\n        {why}", c.line, c.text),
        }
    }
    let failed = report.failures().count();
    if failed == 0 {
        println!("{name}: all {} expectations met", report.checks.len());
        ExitCode::SUCCESS
    } else {
        println!("{name}: {failed} of {} failed", report.checks.len());
        ExitCode::from(EXIT_FAILED)
    }
}
