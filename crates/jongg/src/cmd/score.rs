//! `jongg score`: score one game record (JSON) under a rules preset or file.
//! See docs/scoring.md for the record.

use jongg_rules::{GameRecord, score};
use std::io::Read;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ScoreArgs {
    /// A built-in preset name (e.g. `standard`) or the path of a rules file.
    #[arg(long, value_name = "NAME|PATH")]
    rules: String,
    /// Print one line per reason (seat, points, reason, rule) before the totals.
    #[arg(long)]
    explain: bool,
    /// The game record: a JSON file, or `-` for standard input.
    #[arg(value_name = "FILE|-")]
    record: String,
}

pub fn run(a: ScoreArgs) -> ExitCode {
    let preset = match super::rules::load_rules(&a.rules) {
        Ok(p) => p,
        Err(message) => return super::bad_input(message),
    };
    let text = if a.record == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            return super::bad_input(format!("cannot read the record from standard input: {e}"));
        }
        s
    } else {
        match std::fs::read_to_string(&a.record) {
            Ok(s) => s,
            Err(e) => return super::bad_input(format!("cannot read `{}`: {e}", a.record)),
        }
    };
    let scored = match GameRecord::from_json(&text).and_then(|r| score(&preset, &r)) {
        Ok(s) => s,
        Err(e) => return super::bad_input(format!("bad game record: {e}")),
    };
    if a.explain {
        for line in &scored.lines {
            println!("{line}");
        }
    }
    println!("{}", scored.points_json());
    ExitCode::SUCCESS
}
