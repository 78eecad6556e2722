//! `jongg review LOG --seat S [--json]`: the coach (issue 24.6). Each of
//! the seat's decisions beside the strong bot's, judged from that seat's
//! view, with a reason in words; then where the two differ most. Reads the
//! logs `jongg replay` reads; the game is judged on the practice card or
//! the card given (`--card`), as it was played.

use super::replay::read_log;
use jongg_game::coach::{Review, review, review_text, top_differences};
use jongg_tiles::Seat;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// A game's log in JSON lines: a fair-wall log, an event log or an action log.
    log: PathBuf,
    /// The seat reviewed: east, south, west or north.
    #[arg(long)]
    seat: String,
    /// The card the game was played by: `practice` (jongg's practice card) or a card file.
    #[arg(long, default_value = "practice")]
    card: String,
    /// Print the review as JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The review as `--json` prints it.
#[derive(Serialize)]
struct ReviewJson<'a> {
    seat: Seat,
    decisions: &'a [Review],
    agreed: usize,
    /// The events of the decisions that differ most, largest first.
    differ_most: Vec<usize>,
}

pub fn run(a: ReviewArgs) -> ExitCode {
    let seat: Seat = match a.seat.parse() {
        Ok(s) => s,
        Err(_) => {
            return super::bad_input(format!(
                "--seat {}: not a seat (expected east, south, west or north)",
                a.seat
            ));
        }
    };
    let events = match read_log(&a.log) {
        Ok(e) => e,
        Err(e) => return super::bad_input(e),
    };
    let card = match super::card::load_card(&a.card) {
        Ok(c) => c,
        Err(e) => return super::bad_input(format!("--card: {e}")),
    };
    let reviews = match review(&events, seat, &card) {
        Ok(r) => r,
        Err(e) => return super::bad_input(format!("{}: {e}", a.log.display())),
    };
    if a.json {
        let out = ReviewJson {
            seat,
            decisions: &reviews,
            agreed: reviews.iter().filter(|r| r.agree).count(),
            differ_most: top_differences(&reviews, jongg_game::coach::TOP)
                .iter()
                .map(|r| r.event)
                .collect(),
        };
        match serde_json::to_string_pretty(&out) {
            Ok(text) => println!("{text}"),
            Err(e) => return super::bad_input(format!("the review as JSON: {e}")),
        }
    } else {
        print!("{}", review_text(&reviews, seat));
    }
    ExitCode::SUCCESS
}
