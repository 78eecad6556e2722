//! Export: a whole tournament as one JSON file holding its event log
//! (`import.rs` reads it back, checking every event).

use super::Tournament;
use crate::event::Recorded;
use serde::{Deserialize, Serialize};

/// The `format` field of every tournament file.
pub const FORMAT: &str = "jongg-tournament";
/// The file version this crate writes and reads.
pub const VERSION: u32 = 1;

/// A tournament file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    pub format: String,
    pub version: u32,
    pub events: Vec<Recorded>,
}

impl Tournament {
    pub fn export(&self) -> TournamentFile {
        TournamentFile {
            format: FORMAT.into(),
            version: VERSION,
            events: self.log.clone(),
        }
    }

    /// The tournament file as pretty JSON.
    pub fn export_json(&self) -> String {
        serde_json::to_string_pretty(&self.export()).unwrap_or_default()
    }
}
