//! Score sheets (R14; standard 4, 25, 26): entering a game, signing,
//! accepting, amending an accepted sheet with a reason.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::{MAX_POINTS, MAX_REASON, check_text, points_ok};
use crate::model::{
    Actor, Entry, GameEntry, GameNo, RoundNo, RoundState, Sheet, SheetState, TableNo,
};
use jongg_tiles::{BySeat, Seat};

impl Tournament {
    /// Enter (or correct) one game of a sheet that is not accepted.
    pub(super) fn enter_game(
        &self,
        actor: &Actor,
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        entry: Entry,
    ) -> Result<Vec<Event>, DomainError> {
        let sheet = self.open_sheet(actor, round, table)?;
        let before = self.game_slot(sheet, game)?.clone();
        let after = self.game_entry(sheet, game, entry)?;
        Ok(vec![Event::GameEntered {
            round,
            table,
            game,
            before,
            after,
        }])
    }

    /// The director accepts a signed sheet; it is locked (standard 26, R14).
    pub(super) fn accept_sheet(
        &self,
        round: RoundNo,
        table: TableNo,
    ) -> Result<Vec<Event>, DomainError> {
        let sheet = self.sheet(round, table)?;
        match sheet.state {
            SheetState::Draft => Err(conflict(format!(
                "the sheet of table {table}, round {round} is not signed yet: {}",
                self.waiting_for(sheet).join("; ")
            ))),
            SheetState::Accepted => Err(conflict(format!(
                "the sheet of table {table}, round {round} is already accepted"
            ))),
            SheetState::Signed => Ok(vec![Event::SheetAccepted { round, table }]),
        }
    }

    /// Every signed sheet of a round under way accepted at once: one
    /// `SheetAccepted` per table (standard 26, R14), each checked as
    /// [`Tournament::accept_sheet`] checks one. None signed is a conflict,
    /// so the director is told nothing happened.
    pub(super) fn accept_all_signed(&self, round: RoundNo) -> Result<Vec<Event>, DomainError> {
        let r = self.round(round)?;
        if !matches!(r.state, RoundState::Started { .. }) {
            return Err(conflict(format!("round {round} is not under way")));
        }
        let mut events = Vec::new();
        for s in r.sheets.iter().filter(|s| s.state == SheetState::Signed) {
            events.extend(self.accept_sheet(round, s.table)?);
        }
        if events.is_empty() {
            return Err(conflict(format!(
                "no sheet of round {round} is signed and waiting to be accepted"
            )));
        }
        Ok(events)
    }

    /// The director changes a game on an accepted sheet, saying why (R14).
    pub(super) fn amend_sheet(
        &self,
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        entry: Entry,
        reason: String,
    ) -> Result<Vec<Event>, DomainError> {
        let reason = reason.trim().to_string();
        if reason.is_empty() {
            return Err(DomainError::Invalid(
                "an amendment needs a reason (R14)".into(),
            ));
        }
        check_text("the reason", &reason, MAX_REASON, true)?;
        let sheet = self.sheet(round, table)?;
        if sheet.state != SheetState::Accepted {
            return Err(conflict(format!(
                "the sheet of table {table}, round {round} is not accepted: enter the game instead"
            )));
        }
        let before = self.game_slot(sheet, game)?.clone();
        let after = self.game_entry(sheet, game, entry)?;
        Ok(vec![Event::SheetAmended {
            round,
            table,
            game,
            before,
            after,
            reason,
        }])
    }

    /// A sheet a non-accepted game may be entered on or signed.
    pub(super) fn open_sheet(
        &self,
        actor: &Actor,
        round: RoundNo,
        table: TableNo,
    ) -> Result<&Sheet, DomainError> {
        let sheet = self.sheet(round, table)?;
        if sheet.state == SheetState::Accepted {
            return Err(match actor {
                Actor::Director | Actor::System => conflict(format!(
                    "the sheet of table {table}, round {round} is accepted: amend it with a reason (R14)"
                )),
                _ => DomainError::SheetLocked { round, table },
            });
        }
        Ok(sheet)
    }

    pub(super) fn game_slot<'s>(
        &self,
        sheet: &'s Sheet,
        game: GameNo,
    ) -> Result<&'s Option<GameEntry>, DomainError> {
        let games = GameNo::try_from(sheet.games.len())
            .map_err(|e| DomainError::Invalid(format!("the sheet's games: {e}")))?;
        game.index()
            .and_then(|i| sheet.games.get(i))
            .ok_or(DomainError::GameNotFound { game, games })
    }

    /// Score an entry for game `game` of a sheet: a record by the preset
    /// (stored with the empty seat and the dealer the sheet knows, R12),
    /// plain points as given.
    fn game_entry(
        &self,
        sheet: &Sheet,
        game: GameNo,
        entry: Entry,
    ) -> Result<GameEntry, DomainError> {
        let seated = BySeat::from_fn(|s| sheet.players[s].is_some());
        let (record, hand) = match entry {
            Entry::Record { record } => (record, None),
            Entry::Hand { record, hand } => (record, Some(hand)),
            Entry::Points { points, mah_jongg } => {
                return self.points_entry(&seated, points, mah_jongg);
            }
        };
        let (checked, scored) =
            self.score_with_card(sheet.round, sheet.table, game, &record, hand.as_ref())?;
        let mut lines: Vec<String> = checked.note.into_iter().collect();
        lines.extend(scored.lines.iter().map(ToString::to_string));
        // The tiles stay with the record they made: deciding the entry
        // again (an import of the backup) checks them on the card again and
        // so makes the same lines (issue 19.1).
        let entry = match hand {
            Some(hand) => Entry::Hand {
                record: scored.record,
                hand,
            },
            None => Entry::Record {
                record: scored.record,
            },
        };
        Ok(GameEntry {
            entry,
            points: scored.points,
            mah_jongg: scored.mah_jongg,
            lines,
            warnings: vec![],
        })
    }

    /// Plain points as the table wrote them: checked against the seats.
    fn points_entry(
        &self,
        seated: &BySeat<bool>,
        points: BySeat<i32>,
        mah_jongg: Option<Seat>,
    ) -> Result<GameEntry, DomainError> {
        for s in Seat::ALL {
            if !seated[s] && points[s] != 0 {
                return Err(DomainError::InvalidPoints(format!(
                    "{s} is empty at this table but has {} points",
                    points[s]
                )));
            }
            if !points_ok(points[s]) {
                return Err(DomainError::InvalidPoints(format!(
                    "{s}'s {} is beyond any game score (at most {MAX_POINTS} either way)",
                    points[s]
                )));
            }
        }
        if let Some(w) = mah_jongg
            && !seated[w]
        {
            return Err(DomainError::InvalidPoints(format!(
                "{w} is empty at this table and cannot make Mah Jongg"
            )));
        }
        Ok(GameEntry {
            entry: Entry::Points { points, mah_jongg },
            points,
            mah_jongg,
            lines: vec![],
            warnings: crate::points::warnings(&points, mah_jongg, seated),
        })
    }
}
