//! `jongg movement`.
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct MovementArgs {}

pub fn run(_a: MovementArgs) -> ExitCode {
    super::not_built("movement")
}
