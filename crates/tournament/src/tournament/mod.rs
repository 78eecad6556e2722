//! The tournament aggregate: its state, [`Tournament::decide`] (a command
//! to events) and the fold of events into the state.
//!
//! One file a concern: `decide.rs` dispatches a command to `settings.rs`,
//! `roster.rs`, `rounds.rs` or `sheets.rs` after `access.rs` has checked the
//! actor's rights; `apply.rs` folds the events; `import.rs` and `export.rs`
//! read and write the tournament file.

mod access;
mod apply;
mod clock;
mod decide;
mod discipline;
mod edits;
mod event_card;
pub(crate) mod export;
mod file_version;
mod floor;
mod import;
mod not_invited;
mod online;
mod roster;
mod rounds;
mod schedule;
mod settings;
mod sheets;
mod signing;
mod table_of_three;

pub use apply::FoldError;
pub use edits::{EditBasis, EditRefused};
pub use online::ONLINE_TABLE;
pub use schedule::{ScheduleOffer, ScheduledRound};
pub use settings::OddPlayersWarning;
pub use signing::{MissingSignature, PERSONAL_CODE, missing_signatures};
pub(crate) use table_of_three::roll_for_east;
pub use table_of_three::{Throws, roll_dice_for_east};

use crate::clock::ClockChange;
use crate::command::Command;
use crate::error::DomainError;
use crate::event::{Event, Recorded};
use crate::model::{
    Actor, Millis, Player, PlayerNo, RoundNo, RoundState, Seating, Settings, Sheet, TableNo,
};
use jongg_rules::Preset;
use std::collections::BTreeMap;

/// One round: its seating, where it is, and (once started) one sheet per table.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    pub seating: Seating,
    pub state: RoundState,
    pub sheets: Vec<Sheet>,
    /// The director's changes to the round's clock, in order.
    pub clock: Vec<ClockChange>,
}

/// A tournament: the fold of its events. Build it with [`Tournament::replay`]
/// or [`Tournament::execute`]; never edit it by hand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tournament {
    pub(crate) settings: Option<Settings>,
    pub(crate) players: BTreeMap<PlayerNo, Player>,
    pub(crate) rounds: Vec<Round>,
    pub(crate) log: Vec<Recorded>,
    /// The rules the settings name, read once when they are set.
    pub(crate) preset: Option<Preset>,
    /// The event's card as set (issue 14.1) and the file parsed once.
    pub(crate) card_setting: crate::card::CardSetting,
    pub(crate) card: Option<crate::card::LoadedCard>,
    /// The computed seating the director adopted for later rounds (14.8).
    pub(crate) schedule: Option<ScheduleOffer>,
    /// Officials, calls and sanctions (`floor.rs`, `discipline.rs`).
    pub(crate) floor: crate::floor::Floor,
}

impl Tournament {
    /// An empty tournament, before `CreateTournament`.
    pub fn new() -> Tournament {
        Tournament::default()
    }

    /// Rebuild a tournament from its stored events. A log that does not
    /// fold (an event that does not fit the state before it, or a seq out of
    /// order) is refused, naming the event.
    pub fn replay(records: impl IntoIterator<Item = Recorded>) -> Result<Tournament, FoldError> {
        let mut t = Tournament::new();
        for r in records {
            t.record(r)?;
        }
        Ok(t)
    }

    /// Rebuild the state alone from bare events (no audit log); the error
    /// names an event by its place in the list, counted from 1.
    pub fn replay_events<'a>(
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<Tournament, FoldError> {
        let mut t = Tournament::new();
        for (seq, e) in (1..).zip(events) {
            t.apply(e).map_err(|reason| FoldError { seq, reason })?;
        }
        Ok(t)
    }

    /// Apply a stored event and keep it in the log (the audit log reads it).
    /// It must be the next event of the log and fit the state.
    pub fn record(&mut self, recorded: Recorded) -> Result<(), FoldError> {
        let seq = recorded.seq;
        let next = self.next_seq();
        if seq != next {
            return Err(FoldError {
                seq,
                reason: format!("it is numbered {seq}, but the next event is {next}"),
            });
        }
        self.apply(&recorded.event)
            .map_err(|reason| FoldError { seq, reason })?;
        self.touch_sheet(&recorded.event, seq);
        self.log.push(recorded);
        Ok(())
    }

    /// Decide and record in one step: the events are numbered after the
    /// last one in the log and stamped with `at`. Returns what was recorded,
    /// for the caller to store.
    pub fn execute(
        &mut self,
        actor: Actor,
        command: Command,
        at: Millis,
    ) -> Result<Vec<Recorded>, DomainError> {
        let events = self.decide(&actor, command)?;
        let mut out = Vec::with_capacity(events.len());
        for event in events {
            let rec = Recorded {
                seq: self.next_seq(),
                at,
                actor,
                event,
            };
            // `decide` makes only events that fold; one that did not would
            // be a defect, said as such rather than stored.
            self.record(rec.clone()).map_err(DomainError::Unfolded)?;
            out.push(rec);
        }
        Ok(out)
    }

    fn next_seq(&self) -> u64 {
        self.log.len() as u64 + 1
    }

    // ----- reading -----

    pub fn settings(&self) -> Option<&Settings> {
        self.settings.as_ref()
    }

    /// The tournament's rules: the built-in preset or the director's rules
    /// file its settings name, read when the settings were set.
    pub fn preset(&self) -> Result<&Preset, DomainError> {
        self.preset.as_ref().ok_or(DomainError::NoTournament)
    }

    /// Players in number order.
    pub fn players(&self) -> impl Iterator<Item = &Player> {
        self.players.values()
    }

    pub fn player(&self, number: PlayerNo) -> Result<&Player, DomainError> {
        self.players
            .get(&number)
            .ok_or(DomainError::PlayerNotFound(number))
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    pub fn round(&self, round: RoundNo) -> Result<&Round, DomainError> {
        round
            .index()
            .and_then(|i| self.rounds.get(i))
            .ok_or(DomainError::RoundNotFound(round))
    }

    pub fn seating(&self, round: RoundNo) -> Result<&Seating, DomainError> {
        Ok(&self.round(round)?.seating)
    }

    pub fn sheet(&self, round: RoundNo, table: TableNo) -> Result<&Sheet, DomainError> {
        let r = self.round(round)?;
        match sheet_index(&r.sheets, table) {
            Some(i) => Ok(&r.sheets[i]),
            None if r.seating.table(table).is_some() => {
                Err(DomainError::SheetNotFound { round, table })
            }
            None => Err(DomainError::TableNotFound { round, table }),
        }
    }

    /// The round under way (started, not closed).
    pub fn current_round(&self) -> Option<RoundNo> {
        self.rounds
            .iter()
            .find(|r| matches!(r.state, RoundState::Started { .. }))
            .map(|r| r.seating.round)
    }

    /// How many rounds have started (under way or closed): the number of
    /// the last one started, as rounds start in order; 0 before round 1.
    pub fn rounds_started(&self) -> RoundNo {
        self.rounds
            .iter()
            .rev()
            .find(|r| r.state != RoundState::Seated)
            .map_or(RoundNo(0), |r| r.seating.round)
    }

    /// The stored events, oldest first.
    pub fn log(&self) -> &[Recorded] {
        &self.log
    }

    fn settings_ok(&self) -> Result<&Settings, DomainError> {
        self.settings.as_ref().ok_or(DomainError::NoTournament)
    }
}

/// Where table `table`'s sheet is: at `table - 1` when the tables are
/// numbered in order (always, for seatings `decide` made), else searched.
fn sheet_index(sheets: &[Sheet], table: TableNo) -> Option<usize> {
    match table.index() {
        Some(i) if sheets.get(i).is_some_and(|s| s.table == table) => Some(i),
        _ => sheets.iter().position(|s| s.table == table),
    }
}

fn conflict(message: impl Into<String>) -> DomainError {
    DomainError::Conflict(message.into())
}
