//! `jongg replay LOG`: a game's log told move by move with every rack shown
//! (issue 23.9). Reads the fair-wall log `jongg sim --log` writes, the
//! engine's event log, and the action log (played again under the practice
//! card, refusals named).

use jongg_card::Card;
use jongg_game::State;
use jongg_game::log::{ActionLog, read_events};
use jongg_game::replay::replay_text_from;
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
    match set_up_game(&a.log).unwrap_or_else(|| read_log(&a.log).map(|e| (State::default(), e))) {
        Ok((start, events)) => {
            print!("{}", replay_text_from(start, &events));
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(e),
    }
}

/// A live table's log whose game was set up from a position (its header
/// holds the position, not a fair wall): the set-up and the events after
/// it; `None` for any other log.
fn set_up_game(path: &Path) -> Option<Result<(State, Vec<jongg_game::Event>), String>> {
    let name = path.display();
    // Too large: `read_log` says so.
    if std::fs::metadata(path).ok()?.len() > MAX_LOG_BYTES {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let first = text.lines().next().unwrap_or_default();
    if !first.contains("\"position\"") || first.contains("\"fair_wall\"") {
        return None;
    }
    let log = match FairGameLog::from_json_lines(&text) {
        Ok(log) => log,
        Err(e) => return Some(Err(format!("{name}: {e}"))),
    };
    Some(
        log.start()
            .map(|start| (start, log.events))
            .map_err(|e| format!("{name}: {e}")),
    )
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
    if first.contains("\"position\"") {
        return Err(
            "line 1: this game was set up from a position, not dealt: `jongg replay` \
                    tells it; the coach reviews games dealt from a wall"
                .into(),
        );
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
