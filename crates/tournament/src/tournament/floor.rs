//! The floor: appointing officials, calling the director (standard 22, 27;
//! mahjong-mania-2026 13; st-louis-senior-olympics 5d and NOTE), taking a
//! call and closing it with the preset's ruling (`Preset::ruling`), which
//! is applied to the game on the sheet where it is a scoring matter.

use super::{Tournament, conflict};
use crate::command::Command;
use crate::error::DomainError;
use crate::event::Event;
use crate::floor::{
    Call, CallNo, CallState, KeptRuling, MAX_CALL_REASON, MAX_CALLS, MAX_OFFICIAL_TABLES,
    MAX_OFFICIALS, Official, OfficialNo, OpenCall,
};
use crate::limits::{MAX_NAME, MAX_REASON, check_text};
use crate::model::{Actor, Entry, GameNo, RoundNo, SheetState, TableNo};
use jongg_rules::Incident;
use jongg_rules::record::Penalty;
use jongg_tiles::Seat;

impl Tournament {
    /// The floor officials, by number.
    pub fn officials(&self) -> impl Iterator<Item = &Official> {
        self.floor.officials.values()
    }

    pub fn official(&self, number: OfficialNo) -> Option<&Official> {
        self.floor.officials.get(&number)
    }

    /// Every call, oldest first.
    pub fn calls(&self) -> &[Call] {
        &self.floor.calls
    }

    pub fn call(&self, call: CallNo) -> Result<&Call, DomainError> {
        (call.0 as usize)
            .checked_sub(1)
            .and_then(|i| self.floor.calls.get(i))
            .ok_or_else(|| DomainError::Invalid(format!("there is no {call}")))
    }

    /// The calls not yet closed, oldest first, with the time each was made
    /// (for the officials' page and round control's "call waiting").
    pub fn open_calls(&self) -> Vec<OpenCall> {
        self.floor
            .calls
            .iter()
            .filter(|c| !matches!(c.state, CallState::Closed { .. }))
            .map(|c| OpenCall {
                number: c.number,
                round: c.round,
                table: c.table,
                seat: c.seat,
                reason: c.reason.clone(),
                at: c
                    .seq
                    .checked_sub(1)
                    .and_then(|i| self.log.get(i as usize))
                    .filter(|r| r.seq == c.seq)
                    .map(|r| r.at),
                taken_by: match c.state {
                    CallState::Taken { by } => Some(by),
                    _ => None,
                },
            })
            .collect()
    }

    /// The open call of one table, if any (round control's tile).
    pub fn call_waiting(&self, round: RoundNo, table: TableNo) -> Option<OpenCall> {
        self.open_calls()
            .into_iter()
            .find(|c| c.round == round && c.table == table)
    }

    /// What an official may ask for: accept sheets of their tables, call,
    /// take and close calls of their tables, warn a player seated at one of
    /// them in the round under way. Never
    /// settings, players, rounds, nor a change to an accepted sheet.
    pub(super) fn official_may(
        &self,
        number: OfficialNo,
        command: &Command,
    ) -> Result<(), DomainError> {
        let actor = Actor::Official { official: number };
        let forbid = |action: String| Err(DomainError::Forbidden { actor, action });
        let Some(official) = self.official(number) else {
            return forbid("act: no such official is appointed".into());
        };
        let table = match command {
            Command::AcceptSheet { table, .. } | Command::CallDirector { table, .. } => *table,
            Command::TakeCall { call } | Command::CloseCall { call, .. } => self.call(*call)?.table,
            // Only a player at one of their tables in the round under way:
            // between rounds, or elsewhere, the director warns (19.7).
            Command::WarnPlayer { player, .. } => {
                let Some(round) = self.current_round() else {
                    return forbid(format!(
                        "warn player {player}: no round is under way, so the director warns"
                    ));
                };
                match self.seating(round).ok().and_then(|s| s.place_of(*player)) {
                    Some((table, _)) => table,
                    None => {
                        return forbid(format!(
                            "warn player {player}: they are not seated at a table in round {round}"
                        ));
                    }
                }
            }
            _ => {
                return forbid(
                    "do this: only the director changes settings, players, rounds or accepted sheets"
                        .into(),
                );
            }
        };
        if !official.watches(table) {
            return forbid(format!("act at table {table}: it is not one of theirs"));
        }
        Ok(())
    }

    pub(super) fn appoint_official(
        &self,
        number: OfficialNo,
        name: String,
        mut tables: Vec<TableNo>,
    ) -> Result<Vec<Event>, DomainError> {
        let name = name.trim().to_string();
        if name.is_empty() {
            return Err(DomainError::Invalid("an official needs a name".into()));
        }
        check_text("the official's name", &name, MAX_NAME, false)?;
        if number.0 == 0 {
            return Err(DomainError::Invalid("officials are numbered from 1".into()));
        }
        if !self.floor.officials.contains_key(&number)
            && self.floor.officials.len() >= MAX_OFFICIALS
        {
            return Err(DomainError::Invalid(format!(
                "a tournament has at most {MAX_OFFICIALS} officials"
            )));
        }
        if tables.len() > MAX_OFFICIAL_TABLES {
            return Err(DomainError::Invalid(format!(
                "an official watches at most {MAX_OFFICIAL_TABLES} tables"
            )));
        }
        if tables.iter().any(|t| t.0 == 0) {
            return Err(DomainError::Invalid("tables are numbered from 1".into()));
        }
        tables.sort_unstable();
        tables.dedup();
        let official = Official {
            number,
            name,
            tables,
        };
        if self.official(number) == Some(&official) {
            return Ok(vec![]);
        }
        Ok(vec![Event::OfficialAppointed { official }])
    }

    /// Remove an official: from now on they may not act (`official_may`).
    pub(super) fn remove_official(&self, number: OfficialNo) -> Result<Vec<Event>, DomainError> {
        if self.official(number).is_none() {
            return Err(DomainError::Invalid(format!(
                "there is no {number} to remove: no official has that number"
            )));
        }
        Ok(vec![Event::OfficialRemoved { number }])
    }

    /// The number for a new official: after every number ever appointed,
    /// so a removed official's number (and what they did) is never reused.
    pub fn next_official_number(&self) -> OfficialNo {
        let most = self
            .log
            .iter()
            .filter_map(|r| match &r.event {
                Event::OfficialAppointed { official } => Some(official.number.0),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        OfficialNo(most.saturating_add(1))
    }

    /// An official's name as last appointed, even once removed (for the audit).
    pub fn official_name(&self, number: OfficialNo) -> String {
        self.official(number).map_or_else(
            || {
                self.log
                    .iter()
                    .rev()
                    .find_map(|r| match &r.event {
                        Event::OfficialAppointed { official } if official.number == number => {
                            Some(official.name.clone())
                        }
                        _ => None,
                    })
                    .unwrap_or_else(|| number.to_string())
            },
            |o| o.name.clone(),
        )
    }

    pub(super) fn call_director(
        &self,
        round: RoundNo,
        table: TableNo,
        seat: Option<Seat>,
        reason: String,
    ) -> Result<Vec<Event>, DomainError> {
        let reason = reason.trim().to_string();
        check_text("the reason", &reason, MAX_CALL_REASON, false)?;
        if self.current_round() != Some(round) {
            return Err(conflict(format!(
                "round {round} is not under way: the director is called during play"
            )));
        }
        let sheet = self.sheet(round, table)?;
        if let Some(s) = seat
            && sheet.players[s].is_none()
        {
            return Err(DomainError::Invalid(format!(
                "{s} is empty at table {table}"
            )));
        }
        if let Some(c) = self.call_waiting(round, table) {
            return Err(conflict(format!(
                "table {table} has already called ({}): the director is on the way",
                c.number
            )));
        }
        if self.floor.calls.len() >= MAX_CALLS {
            return Err(DomainError::Invalid(format!(
                "a tournament keeps at most {MAX_CALLS} calls"
            )));
        }
        let call = CallNo(self.floor.calls.len() as u32 + 1);
        Ok(vec![Event::DirectorCalled {
            call,
            round,
            table,
            seat,
            reason,
        }])
    }

    pub(super) fn take_call(&self, actor: &Actor, call: CallNo) -> Result<Vec<Event>, DomainError> {
        match self.call(call)?.state {
            CallState::Waiting => Ok(vec![Event::CallTaken { call, by: *actor }]),
            CallState::Taken { by } => {
                Err(conflict(format!("{call} is already taken by the {by}")))
            }
            CallState::Closed { .. } => Err(conflict(format!("{call} is closed"))),
        }
    }

    /// Close a call. With an incident, the preset's ruling is kept; where
    /// it is a scoring matter and the game and the subject's seat are
    /// named, it goes on that game's record (a dead hand, a penalty line):
    /// an open sheet's game is entered again, an accepted sheet's is
    /// amended by the director with the ruling as reason (R14).
    pub(super) fn close_call(
        &self,
        actor: &Actor,
        call: CallNo,
        incident: Option<Incident>,
        game: Option<GameNo>,
        seat: Option<Seat>,
        note: String,
    ) -> Result<Vec<Event>, DomainError> {
        let c = self.call(call)?;
        if let CallState::Closed { .. } = c.state {
            return Err(conflict(format!("{call} is closed already")));
        }
        let note = note.trim().to_string();
        check_text("the note", &note, MAX_REASON, true)?;
        if incident.is_none() && note.is_empty() {
            return Err(DomainError::Invalid(
                "say what was decided: choose what happened, or write a note".into(),
            ));
        }
        let Some(incident) = incident else {
            return Ok(vec![Event::CallClosed {
                call,
                by: *actor,
                note,
                ruling: None,
            }]);
        };
        let ruling = self.preset()?.ruling(incident);
        let sheet = self.sheet(c.round, c.table)?;
        if let Some(s) = seat
            && sheet.players[s].is_none()
        {
            return Err(DomainError::Invalid(format!(
                "{s} is empty at table {}",
                c.table
            )));
        }
        let mut change = None;
        if let (Some(g), true) = (game, ruling.is_scoring_matter()) {
            let slot = self.game_slot(sheet, g)?;
            let recorded = slot.as_ref().and_then(|e| match &e.entry {
                Entry::Record { record } => Some((record, None)),
                Entry::Hand { record, hand } => Some((record, Some(hand))),
                Entry::Points { .. } => None,
            });
            if let Some((record, hand)) = recorded {
                let Some(seat) = seat else {
                    return Err(DomainError::Invalid(format!(
                        "name the seat of {} to apply the ruling to game {g}",
                        ruling.subject
                    )));
                };
                let mut record = record.clone();
                let mut changed = false;
                if let Some(reason) = ruling.effect.dead {
                    changed |= record.dead.insert(seat, reason) != Some(reason);
                }
                if let Some(kind) = ruling.effect.penalty {
                    let p = Penalty { seat, kind };
                    if !record.penalties.contains(&p) {
                        record.penalties.push(p);
                        changed = true;
                    }
                }
                if changed {
                    let entry = match hand {
                        Some(hand) => Entry::Hand {
                            record,
                            hand: hand.clone(),
                        },
                        None => Entry::Record { record },
                    };
                    change = Some((g, entry));
                }
            }
        }
        let kept = KeptRuling {
            ruling,
            game,
            seat,
            applied: change.is_some(),
        };
        // The amendment's reason names the ruling and its source (R14).
        let reason = format!("{} ({})", kept.reason(call), kept.ruling.source);
        let mut events = vec![Event::CallClosed {
            call,
            by: *actor,
            note,
            ruling: Some(kept),
        }];
        if let Some((g, entry)) = change {
            if sheet.state == SheetState::Accepted {
                if !matches!(actor, Actor::Director) {
                    return Err(DomainError::SheetLocked {
                        round: c.round,
                        table: c.table,
                    });
                }
                events.extend(self.amend_sheet(c.round, c.table, g, entry, reason)?);
            } else {
                events.extend(self.enter_game(actor, c.round, c.table, g, entry)?);
            }
        }
        Ok(events)
    }

    /// Fold a floor event.
    pub(super) fn apply_floor(&mut self, event: &Event) -> Result<(), String> {
        let seq = self.log.len() as u64 + 1;
        match event {
            Event::OfficialAppointed { official } => {
                self.floor
                    .officials
                    .insert(official.number, official.clone());
            }
            Event::OfficialRemoved { number } => {
                if self.floor.officials.remove(number).is_none() {
                    return Err(format!("{number} is not appointed"));
                }
            }
            Event::DirectorCalled {
                call,
                round,
                table,
                seat,
                reason,
            } => {
                if call.0 as usize != self.floor.calls.len() + 1 {
                    return Err(format!(
                        "{call} is out of order: {} calls were made before it",
                        self.floor.calls.len()
                    ));
                }
                self.floor.calls.push(Call {
                    number: *call,
                    round: *round,
                    table: *table,
                    seat: *seat,
                    reason: reason.clone(),
                    state: CallState::Waiting,
                    seq,
                    note: None,
                    ruling: None,
                });
            }
            Event::CallTaken { call, by } => {
                let c = self.call_mut(*call)?;
                if c.state != CallState::Waiting {
                    return Err(format!("{call} is not waiting"));
                }
                c.state = CallState::Taken { by: *by };
            }
            Event::CallClosed {
                call,
                by,
                note,
                ruling,
            } => {
                let c = self.call_mut(*call)?;
                if let CallState::Closed { .. } = c.state {
                    return Err(format!("{call} is closed already"));
                }
                c.state = CallState::Closed { by: *by };
                c.note = Some(note.clone());
                c.ruling = ruling.clone();
            }
            Event::PlayerSanctioned { player, sanction } => {
                if !self.players.contains_key(player) {
                    return Err(format!("player {player} is not registered"));
                }
                self.floor
                    .sanctions
                    .entry(*player)
                    .or_default()
                    .push(sanction.clone());
            }
            _ => return Err("not a floor event".into()),
        }
        Ok(())
    }

    fn call_mut(&mut self, call: CallNo) -> Result<&mut Call, String> {
        (call.0 as usize)
            .checked_sub(1)
            .and_then(|i| self.floor.calls.get_mut(i))
            .ok_or_else(|| format!("there is no {call}"))
    }
}
