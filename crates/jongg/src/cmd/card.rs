//! `jongg card ...` (issue 3).
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum CardCommand {
    /// Report errors and warnings in a card file.
    Lint,
}

pub fn run(_c: CardCommand) -> ExitCode {
    super::not_built("card")
}
