//! Why a command was refused. Every variant names what is wrong, and
//! [`DomainError::kind`] sorts them into the four answers a server gives.

use crate::model::{Actor, GameNo, PlayerNo, RoundNo, TableNo};
use serde::{Deserialize, Serialize};

/// The four kinds of refusal (HTTP 404, 403, 409, 422).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Something named does not exist.
    NotFound,
    /// The actor may not do this.
    Forbidden,
    /// Not possible in the tournament's present state.
    Conflict,
    /// The request itself is malformed or breaks a rule.
    Invalid,
}

/// A refused command or a failed query.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    #[error("no tournament has been created yet")]
    NoTournament,
    #[error("the tournament already exists")]
    AlreadyCreated,
    #[error("player {0} is not registered")]
    PlayerNotFound(PlayerNo),
    #[error("round {0} does not exist (or is not seated yet)")]
    RoundNotFound(RoundNo),
    #[error("round {round} has no table {table}")]
    TableNotFound { round: RoundNo, table: TableNo },
    #[error("round {round} has no score sheets yet: it has not started")]
    SheetNotFound { round: RoundNo, table: TableNo },
    #[error("game {game} does not exist: a round has games 1 to {games}")]
    GameNotFound { game: GameNo, games: GameNo },
    #[error("the {actor} may not {action}")]
    Forbidden { actor: Actor, action: String },
    #[error(
        "the sheet of table {table}, round {round} is accepted: only the director may change it, by an amendment with a reason (R14, standard 26)"
    )]
    SheetLocked { round: RoundNo, table: TableNo },
    #[error("{0}")]
    Conflict(String),
    #[error("player {0} is already registered: choose another number")]
    DuplicatePlayer(PlayerNo),
    #[error("unknown rules preset `{0}`")]
    UnknownPreset(String),
    #[error("rules file `{label}`: {message}")]
    BadRulesFile { label: String, message: String },
    #[error("invalid settings: {0}")]
    InvalidSettings(String),
    #[error("invalid seating: {0}")]
    InvalidSeating(String),
    #[error("invalid game record: {0}")]
    InvalidRecord(String),
    #[error("invalid points: {0}")]
    InvalidPoints(String),
    #[error("{0}")]
    Invalid(String),
    #[error("not a tournament file: {0}")]
    BadFile(String),
    /// A tournament file of a newer version than this program reads.
    #[error("{}", newer_file(.written_by, *.version))]
    NewerFile {
        /// The program that wrote it, as the file names it (cut short).
        written_by: Option<String>,
        version: u32,
    },
    /// An event `decide` made does not fold (a defect, never stored).
    #[error("{0}")]
    Unfolded(crate::FoldError),
    /// An imported event that a live command could not have made.
    #[error("event {event} of the file is refused: {reason}; nothing was imported")]
    BadImport { event: u64, reason: String },
}

impl DomainError {
    pub fn kind(&self) -> ErrorKind {
        use DomainError::*;
        match self {
            NoTournament
            | PlayerNotFound(_)
            | RoundNotFound(_)
            | TableNotFound { .. }
            | SheetNotFound { .. }
            | GameNotFound { .. }
            | UnknownPreset(_) => ErrorKind::NotFound,
            Forbidden { .. } | SheetLocked { .. } => ErrorKind::Forbidden,
            AlreadyCreated | Conflict(_) | DuplicatePlayer(_) | Unfolded(_) => ErrorKind::Conflict,
            BadRulesFile { .. }
            | InvalidSettings(_)
            | InvalidSeating(_)
            | InvalidRecord(_)
            | InvalidPoints(_)
            | Invalid(_)
            | BadFile(_)
            | NewerFile { .. }
            | BadImport { .. } => ErrorKind::Invalid,
        }
    }
}

/// A newer file in words: who wrote it, its version and the newest this
/// program reads, and what to do.
fn newer_file(written_by: &Option<String>, version: u32) -> String {
    use crate::tournament::export::{PROGRAM, VERSION};
    let versions = format!("this is {PROGRAM}, which reads up to {VERSION}");
    match written_by {
        Some(w) => format!(
            "This file was written by {w}, a newer version (file format {version}; {versions}). Update jongg to import it."
        ),
        None => format!(
            "This file is of a newer file format ({version}; {versions}). Update jongg to import it."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_sort_into_the_four_answers_of_a_server() {
        assert_eq!(
            DomainError::PlayerNotFound(PlayerNo(3)).kind(),
            ErrorKind::NotFound
        );
        let locked = DomainError::SheetLocked {
            round: RoundNo(1),
            table: TableNo(2),
        };
        assert_eq!(locked.kind(), ErrorKind::Forbidden);
        assert!(locked.to_string().contains("R14"));
        assert_eq!(
            DomainError::DuplicatePlayer(PlayerNo(3)).kind(),
            ErrorKind::Conflict
        );
        assert_eq!(
            DomainError::InvalidPoints("x".into()).kind(),
            ErrorKind::Invalid
        );
        let f = DomainError::Forbidden {
            actor: Actor::Public,
            action: "change the tournament".into(),
        };
        assert_eq!(f.to_string(), "the public may not change the tournament");
    }
}
