//! The tournament domain of jongg: players, seating and movement, score
//! sheets with sign-off and audit, standings. Pure: no I/O, no clock (time
//! comes in as a value), no randomness but from a seed.
//!
//! The model is event-sourced. A [`Command`] from an [`Actor`] goes to
//! [`Tournament::decide`], which checks rights and rules and returns
//! [`Event`]s, or a [`DomainError`]. [`Tournament::record`] folds an event
//! into the state; an event that does not fit is a [`FoldError`] naming it.
//! The stored log of [`Recorded`] events is the truth:
//! [`Tournament::replay`] rebuilds the state, the audit log is a view of it,
//! and export writes it out. See `docs/tournament.md`.

mod audit;
pub mod card;
mod clock;
mod command;
pub mod duties;
mod error;
mod event;
#[cfg(any(test, feature = "test-support"))]
pub mod event_day;
mod floor;
mod floor_audit;
pub mod limits;
pub mod marks;
mod model;
mod numbers;
mod points;
mod reseat;
mod rules;
mod seating;
mod standings;
mod table_rules;
#[cfg(test)]
mod testing;
mod tournament;
mod warnings;

pub use audit::{AuditAction, AuditEntry};
pub use clock::{ClockAction, ClockChange, ClockReading, ClockState, read_clock};
pub use command::Command;
pub use error::{DomainError, ErrorKind};
pub use event::{Event, Recorded};
pub use floor::{
    Call, CallNo, CallState, DisqualifiedScores, Floor, KeptRuling, MAX_CALL_REASON,
    MAX_OFFICIAL_TABLES, MAX_OFFICIALS, Official, OfficialNo, OpenCall, Sanction,
};
pub use floor_audit::FloorEntry;
pub use model::{
    Actor, Entry, GameEntry, GameNo, Millis, OddPlayers, Player, PlayerNo, PlayerStatus, RoundNo,
    RoundState, RulesSource, Seating, SeatingMethod, Settings, Sheet, SheetState, SitOut, TableNo,
    TableSeats, TieBreak,
};
pub use numbers::NumberError;
pub use reseat::{Move, Reseat, ReseatCause};
pub use rules::{ScoredRecord, TableGame, read_record, score_record};
pub use standings::{GameLine, PlayerRecord, RoundResults, StandingRow, Standings, TableResult};
pub use table_rules::TableRules;
pub use tournament::export::{FORMAT, OLDEST_VERSION, PROGRAM, TournamentFile, VERSION};
pub use tournament::{
    EditBasis, EditRefused, FoldError, MissingSignature, ONLINE_TABLE, OddPlayersWarning,
    PERSONAL_CODE, Round, ScheduleOffer, ScheduledRound, Throws, Tournament, missing_signatures,
    roll_dice_for_east,
};
pub use warnings::RepeatMeeting;
