//! `jongg sim`.
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct SimArgs {}

pub fn run(_a: SimArgs) -> ExitCode {
    super::not_built("sim")
}
