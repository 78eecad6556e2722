//! Export: a whole tournament as one JSON file holding its event log
//! (`import.rs` reads it back, checking every event; `file_version.rs`
//! says which versions of the file this program reads).

use super::Tournament;
use crate::event::Recorded;
use serde::{Deserialize, Serialize};

/// The `format` field of every tournament file.
pub const FORMAT: &str = "jongg-tournament";
/// The file version this crate writes, and the newest it reads. Version 2
/// added `written_by`; version 1 files (without it) still read.
pub const VERSION: u32 = 2;
/// The oldest file version this crate reads.
pub const OLDEST_VERSION: u32 = 1;
/// This program and its version, "jongg 0.1.0": what a file it writes
/// names as its writer, and what the director's pages show at their foot.
/// The workspace has one version, so this crate's is the program's.
pub const PROGRAM: &str = concat!("jongg ", env!("CARGO_PKG_VERSION"));

/// A tournament file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    pub format: String,
    pub version: u32,
    /// The program that wrote the file, e.g. "jongg 0.1.0" (absent from
    /// version 1 files). A file exported again names the program exporting
    /// it: it is that program's writing, in that program's format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written_by: Option<String>,
    pub events: Vec<Recorded>,
}

impl Tournament {
    pub fn export(&self) -> TournamentFile {
        TournamentFile {
            format: FORMAT.into(),
            version: VERSION,
            written_by: Some(PROGRAM.into()),
            events: self.log.clone(),
        }
    }

    /// The tournament file as pretty JSON.
    pub fn export_json(&self) -> String {
        serde_json::to_string_pretty(&self.export()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_names_this_program_as_its_writer() {
        let json = Tournament::new().export_json();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["written_by"], PROGRAM);
        assert_eq!(v["version"], VERSION);
        assert_eq!(PROGRAM, format!("jongg {}", env!("CARGO_PKG_VERSION")));
        // Between the version and the events, so a reader sees it first.
        let at_writer = json.find("written_by").unwrap();
        assert!(at_writer < json.find("events").unwrap(), "{json}");
    }
}
