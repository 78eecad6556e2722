//! `jongg replay LOG`: a game's log told move by move with every rack shown
//! (issue 23.9). Reads the fair-wall log `jongg sim --log` writes, the
//! engine's event log, and the action log (played again under the practice
//! card, refusals named).

use jongg_card::Card;
use jongg_game::log::{ActionLog, read_events};
use jongg_game::replay::replay_text;
use jongg_play::game_log::FairGameLog;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A game's log in JSON lines: a fair-wall log, an event log or an action log.
    log: PathBuf,
}

/// The largest log read: a whole game's log is some tens of kilobytes.
const MAX_LOG_BYTES: u64 = 4 << 20;

pub fn run(a: ReplayArgs) -> ExitCode {
    match read_log(&a.log) {
        Ok(events) => {
            print!("{}", replay_text(&events));
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(e),
    }
}

/// A game's events from its log file (any of the three forms); the error
/// names the file and what is wrong. `jongg review` reads logs here too.
pub fn read_log(path: &Path) -> Result<Vec<jongg_game::Event>, String> {
    let name = path.display();
    if let Ok(m) = std::fs::metadata(path)
        && m.len() > MAX_LOG_BYTES
    {
        return Err(format!(
            "{name} is {} bytes: a game's log is far smaller (at most {MAX_LOG_BYTES} bytes read)",
            m.len()
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    events_of(&text).map_err(|e| format!("{name}: {e}"))
}

/// The log's events, whichever of the three forms it is (its first line says).
fn events_of(text: &str) -> Result<Vec<jongg_game::Event>, String> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    if first.contains("\"fair_wall\"") {
        return FairGameLog::from_json_lines(text).map(|l| l.events);
    }
    if first.contains("\"event\"") {
        return read_events(text);
    }
    if first.contains("\"seed\"") {
        let log = ActionLog::from_json_lines(text)?;
        let card = Card::practice();
        let game = log.replay(&card)?;
        return Ok(game.events().to_vec());
    }
    Err("line 1: not a game log (a fair-wall header, an event, or an action log's header)".into())
}
