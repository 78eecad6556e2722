//! One module per area of the command line.

pub mod card;
pub mod director;
pub mod games_run;
pub mod league;
pub mod movement;
pub mod replay;
pub mod review;
pub mod rules;
pub mod score;
pub mod serve;
pub mod sim;
pub mod start;
pub mod table;
pub mod verify_wall;

use std::process::ExitCode;

/// Exit code for bad input (a bad record, card, tile or file).
pub const EXIT_BAD_INPUT: u8 = 2;

/// Prints `error: {message}` to stderr and returns exit code 2.
pub fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}
