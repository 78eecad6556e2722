//! What `jongg sim` and `jongg league` share: many games played with a
//! progress bar on a terminal (a line every tenth in a log or a pipe), then
//! the report on standard output (text or JSON) and the speed on standard
//! error, so that standard output depends only on the arguments.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Most games one run may ask for (keeps a typo from running for days).
const MAX_GAMES: u32 = 10_000_000;

/// `--games` checked: from 1 to [`MAX_GAMES`].
pub fn check_games(games: u32) -> Result<(), String> {
    if games == 0 || games > MAX_GAMES {
        return Err(format!(
            "--games must be from 1 to {MAX_GAMES}, not {games}"
        ));
    }
    Ok(())
}

/// A run of games: what to say before, how often to move the bar.
pub struct GamesRun<'a> {
    pub rules: &'a str,
    pub seed: u64,
    pub games: u32,
    /// The bar moves every this many games.
    pub bar_every: u32,
    pub json: bool,
}

impl GamesRun<'_> {
    /// Plays by `play` (given the progress callback), then prints the report.
    pub fn run<R: serde::Serialize, E: Display>(
        &self,
        play: impl FnOnce(&mut dyn FnMut(u32)) -> Result<R, E>,
        text: impl Fn(&R) -> String,
    ) -> ExitCode {
        let total = self.games;
        let bar = std::io::stderr().is_terminal();
        let start = Instant::now();
        // Said at once, terminal or not (issue 20.16: a long run was silent).
        eprintln!(
            "Playing {total} games under {} (seed {}); the report follows.",
            self.rules, self.seed
        );
        let tenth = (total / 10).max(1);
        let report = play(&mut |done| {
            if bar && (done % self.bar_every == 0 || done == total) {
                progress(done, total, start.elapsed().as_secs_f64());
            } else if !bar && done % tenth == 0 && done < total {
                eprintln!("{done} of {total} games played");
            }
        });
        let secs = start.elapsed().as_secs_f64();
        if bar {
            eprintln!();
        }
        let report = match report {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        if self.json {
            match serde_json::to_string_pretty(&report) {
                Ok(s) => println!("{s}"),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            }
        } else {
            print!("{}", text(&report));
        }
        eprintln!(
            "speed: {:.1} games per second ({total} games in {secs:.2} s)",
            f64::from(total) / secs.max(1e-9)
        );
        ExitCode::SUCCESS
    }
}

fn progress(done: u32, total: u32, secs: f64) {
    const WIDTH: usize = 30;
    let filled = (done as usize * WIDTH) / total.max(1) as usize;
    let rate = f64::from(done) / secs.max(1e-9);
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} games, {rate:.1}/s",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled)
    );
    let _ = err.flush();
}
