//! `jongg score`.
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ScoreArgs {}

pub fn run(_a: ScoreArgs) -> ExitCode {
    super::not_built("score")
}
