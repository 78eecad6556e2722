//! `jongg rules list|show` (issue 2).
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum RulesCommand {
    /// List the built-in presets.
    List,
}

pub fn run(_c: RulesCommand) -> ExitCode {
    super::not_built("rules")
}
