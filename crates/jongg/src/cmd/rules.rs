//! `jongg rules list|show|incidents|ruling`: the built-in presets, any
//! preset or director's rules file in plain language, and the rulings a
//! director gives at the table (docs/floor.md).

use jongg_rules::{Incident, PRESET_NAMES, Preset, Ruling};
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
    /// List the incidents a director rules on, with each one's effect and source.
    Incidents {
        /// A built-in preset name or the path of a rules file.
        #[arg(long, value_name = "NAME|PATH")]
        rules: String,
        /// Print every ruling as JSON (an array).
        #[arg(long)]
        json: bool,
    },
    /// The ruling for one incident: what happens, the penalty, the record, the source.
    Ruling {
        /// A built-in preset name or the path of a rules file.
        #[arg(long, value_name = "NAME|PATH")]
        rules: String,
        /// The incident's id (see `jongg rules incidents`).
        incident: String,
        /// Print the ruling as JSON.
        #[arg(long)]
        json: bool,
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
        RulesCommand::Incidents { rules, json } => match load_rules(&rules) {
            Ok(p) => {
                let rulings = p.rulings();
                if json {
                    print_json(&rulings)
                } else {
                    print!("{}", incident_list(&p, &rulings));
                    ExitCode::SUCCESS
                }
            }
            Err(message) => super::bad_input(message),
        },
        RulesCommand::Ruling {
            rules,
            incident,
            json,
        } => {
            let p = match load_rules(&rules) {
                Ok(p) => p,
                Err(message) => return super::bad_input(message),
            };
            let incident: Incident = match incident.parse() {
                Ok(i) => i,
                Err(e) => return super::bad_input(e),
            };
            let ruling = p.ruling(incident);
            if json {
                print_json(&ruling)
            } else {
                print!("{ruling}");
                ExitCode::SUCCESS
            }
        }
    }
}

fn print_json<T: serde::Serialize>(value: &T) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(format!("cannot write JSON: {e}")),
    }
}

/// One incident a line: id, title, then its effect and source indented.
fn incident_list(p: &Preset, rulings: &[Ruling]) -> String {
    let mut out = format!(
        "Incidents under {} (preset `{}`); `jongg rules ruling --rules {} ID` gives one.\n",
        p.title, p.name, p.name
    );
    for r in rulings {
        let effect = r.short_effect();
        out.push_str(&format!(
            "\n{:<38} {}\n    {effect}\n    source: {}\n",
            r.incident.id(),
            r.title,
            r.source
        ));
    }
    out
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
