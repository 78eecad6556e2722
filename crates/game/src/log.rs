//! Game logs in JSON lines.
//!
//! Two forms. The *event log* (one [`Event`] a line) is what happened; the
//! state is its fold ([`crate::Game::from_events`]). The *action log* (a
//! header line with the table and the seed, then one `{"seat": .., "do": ..}`
//! a line) is what the players asked; [`ActionLog::replay`] plays it again
//! through the rules, so a director can replay a disputed game and see every
//! refusal. Lines starting with `#` and blank lines are ignored.

use crate::event::{Action, Event};
use crate::game::Game;
use crate::judge::Judge;
use crate::table::Table;
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// One event a line.
pub fn write_events(events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        out.push_str(&serde_json::to_string(e).unwrap_or_default());
        out.push('\n');
    }
    out
}

fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Reads an event log; the error names the line.
pub fn read_events(text: &str) -> Result<Vec<Event>, String> {
    content_lines(text)
        .map(|(n, l)| serde_json::from_str(l).map_err(|e| format!("line {n}: not an event: {e}")))
        .collect()
}

/// The first line of an action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub table: Table,
    pub seed: u64,
}

/// One action of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    #[serde(flatten)]
    pub action: Action,
}

/// A game as its seed and the seats' actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionLog {
    pub header: Header,
    pub actions: Vec<Entry>,
}

impl ActionLog {
    pub fn new(table: Table, seed: u64) -> ActionLog {
        ActionLog {
            header: Header { table, seed },
            actions: Vec::new(),
        }
    }

    pub fn push(&mut self, seat: Seat, action: Action) {
        self.actions.push(Entry { seat, action });
    }

    pub fn to_json_lines(&self) -> String {
        let mut out = serde_json::to_string(&self.header).unwrap_or_default();
        out.push('\n');
        for a in &self.actions {
            out.push_str(&serde_json::to_string(a).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    /// Reads an action log; the error names the line and what is wrong.
    pub fn from_json_lines(text: &str) -> Result<ActionLog, String> {
        let mut lines = content_lines(text);
        let Some((n, first)) = lines.next() else {
            return Err(
                "an empty log: the first line must be {\"table\": .., \"seed\": ..}".into(),
            );
        };
        let header: Header =
            serde_json::from_str(first).map_err(|e| format!("line {n}: not a log header: {e}"))?;
        let actions = lines
            .map(|(n, l)| {
                serde_json::from_str(l).map_err(|e| format!("line {n}: not an action: {e}"))
            })
            .collect::<Result<Vec<Entry>, String>>()?;
        Ok(ActionLog { header, actions })
    }

    /// Plays the log again through the rules. The error names the action
    /// (1-based) that the rules refuse.
    pub fn replay<'j>(&self, judge: &'j dyn Judge) -> Result<Game<'j>, String> {
        let mut g = Game::new(self.header.table.clone(), self.header.seed, judge)?;
        for (i, e) in self.actions.iter().enumerate() {
            g.act(e.seat, &e.action)
                .map_err(|r| format!("action {}: refused: {r}", i + 1))?;
        }
        Ok(g)
    }
}
