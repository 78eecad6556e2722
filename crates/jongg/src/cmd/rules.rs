//! `jongg rules list|show` (issue 2): the built-in presets, and any preset
//! or director's rules file in plain language.

use jongg_rules::{PRESET_NAMES, Preset};
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum RulesCommand {
    /// List the built-in presets with their titles.
    List,
    /// Print a preset or rules file in plain language, for a director to read aloud.
    Show {
        /// A built-in preset name (see `jongg rules list`) or the path of a rules file.
        #[arg(value_name = "NAME|PATH")]
        rules: String,
    },
}

pub fn run(c: RulesCommand) -> ExitCode {
    match c {
        RulesCommand::List => {
            for name in PRESET_NAMES {
                match Preset::builtin(name) {
                    Some(p) => println!("{name:<26} {}", p.title),
                    None => println!("{name:<26} (does not read: a bug, please report)"),
                }
            }
            ExitCode::SUCCESS
        }
        RulesCommand::Show { rules } => match load_rules(&rules) {
            Ok(p) => {
                print!("{}", p.summary());
                ExitCode::SUCCESS
            }
            Err(message) => super::bad_input(message),
        },
    }
}

/// The preset named `arg` if it is a built-in name, else the rules file at
/// that path. The error is a message naming the file, line and key.
pub fn load_rules(arg: &str) -> Result<Preset, String> {
    if let Some(p) = Preset::builtin(arg) {
        return Ok(p);
    }
    let text = std::fs::read_to_string(arg).map_err(|e| {
        format!(
            "`{arg}` is neither a built-in preset ({}) nor a readable file: {e}",
            PRESET_NAMES.join(", ")
        )
    })?;
    Preset::from_toml(&text, arg).map_err(|e| e.to_string())
}
