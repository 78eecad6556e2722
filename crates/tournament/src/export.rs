//! Export and import: a whole tournament as one JSON file holding its event
//! log. Importing replays the log, so the file round-trips exactly.

use crate::error::DomainError;
use crate::event::{Event, Recorded};
use crate::tournament::Tournament;
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

    /// Rebuild a tournament from a file: the format and version must match,
    /// events are numbered 1, 2, 3..., and the first (and only the first)
    /// creates the tournament.
    pub fn import(file: TournamentFile) -> Result<Tournament, DomainError> {
        let bad = |m: String| Err(DomainError::BadFile(m));
        if file.format != FORMAT {
            return bad(format!("format is `{}`, not `{FORMAT}`", file.format));
        }
        if file.version != VERSION {
            return bad(format!(
                "version {} is not supported (expected {VERSION})",
                file.version
            ));
        }
        for (i, r) in file.events.iter().enumerate() {
            if r.seq != i as u64 + 1 {
                return bad(format!("event {} has seq {}", i + 1, r.seq));
            }
            let creates = matches!(r.event, Event::TournamentCreated { .. });
            if creates != (i == 0) {
                return bad(format!(
                    "event {} must {}create the tournament",
                    r.seq,
                    if i == 0 { "" } else { "not " }
                ));
            }
        }
        Ok(Tournament::replay(file.events))
    }

    pub fn import_json(text: &str) -> Result<Tournament, DomainError> {
        let file: TournamentFile =
            serde_json::from_str(text).map_err(|e| DomainError::BadFile(e.to_string()))?;
        Tournament::import(file)
    }
}
