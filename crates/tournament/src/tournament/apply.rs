//! The fold: an event into the state. `decide` makes only events that fit;
//! an event that does not (a damaged or hand-made log) is refused with the
//! reason, and [`Tournament::record`] names its sequence number. Nothing is
//! skipped in silence.

use super::{Round, Tournament, sheet_index};
use crate::event::Event;
use crate::model::{
    GameEntry, GameNo, PlayerNo, PlayerStatus, RoundNo, RoundState, Settings, Sheet, SheetState,
    TableNo,
};
use crate::rules;
use jongg_tiles::BySeat;

/// A stored log that does not fold: event `seq` does not fit the state the
/// events before it made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event {seq} of the log does not fit the tournament: {reason}")]
pub struct FoldError {
    pub seq: u64,
    pub reason: String,
}

/// Why an event does not fit.
pub(super) type Unfit = String;

impl Tournament {
    /// Fold one event into the state, or say why it does not fit (and
    /// change nothing).
    pub(super) fn apply(&mut self, event: &Event) -> Result<(), Unfit> {
        if self.settings.is_none() && !matches!(event, Event::TournamentCreated { .. }) {
            return Err("no tournament has been created before it".into());
        }
        match event {
            Event::TournamentCreated { settings } => {
                if self.settings.is_some() {
                    return Err("the tournament was created already".into());
                }
                self.set_settings(settings)
            }
            Event::SettingsUpdated { after, .. } => self.set_settings(after),
            Event::CardSet { after, .. } => self.card_set(after),
            Event::PlayerRegistered { player } => {
                if self.players.contains_key(&player.number) {
                    return Err(format!("player {} is registered already", player.number));
                }
                self.players.insert(player.number, player.clone());
                Ok(())
            }
            Event::PlayerUpdated { after, .. } => {
                *self.player_mut(after.number)? = after.clone();
                Ok(())
            }
            Event::PlayerWithdrawn {
                number,
                after_round,
            } => {
                self.player_mut(*number)?.status = PlayerStatus::Withdrawn {
                    after_round: *after_round,
                };
                Ok(())
            }
            Event::PlayerMarkedLate { number } => {
                self.player_mut(*number)?.status = PlayerStatus::Late;
                Ok(())
            }
            Event::PlayerArrived { number } => {
                self.player_mut(*number)?.status = PlayerStatus::Active;
                Ok(())
            }
            Event::PlayerSubstituted {
                out,
                after_round,
                player,
            } => {
                if self.players.contains_key(&player.number) {
                    return Err(format!("player {} is registered already", player.number));
                }
                self.player_mut(*out)?.status = PlayerStatus::Withdrawn {
                    after_round: *after_round,
                };
                self.players.insert(player.number, player.clone());
                Ok(())
            }
            Event::RoundSeated { seating } => {
                let round = seating.round;
                if round.index() == Some(self.rounds.len()) {
                    self.rounds.push(Round {
                        seating: seating.clone(),
                        state: RoundState::Seated,
                        sheets: vec![],
                        clock: vec![],
                    });
                    return Ok(());
                }
                let r = self.round_mut(round)?;
                if r.state != RoundState::Seated {
                    return Err(format!("round {round} has started: its seating is fixed"));
                }
                r.seating = seating.clone();
                Ok(())
            }
            Event::RoundStarted { round, at } => {
                let games = self.settings.as_ref().map_or(4, |s| s.games_per_round.0);
                let r = self.round_mut(*round)?;
                if r.state != RoundState::Seated {
                    return Err(format!("round {round} has started already"));
                }
                r.state = RoundState::Started { at: *at };
                r.sheets = r
                    .seating
                    .tables
                    .iter()
                    .map(|t| Sheet {
                        round: *round,
                        table: t.table,
                        players: t.seats,
                        games: vec![None; usize::from(games)],
                        signed: BySeat([false; 4]),
                        game_signed: vec![BySeat([false; 4]); usize::from(games)],
                        state: SheetState::Draft,
                        version: 0,
                        east_after_reroll: None,
                        online: false,
                        bots: BySeat([false; 4]),
                    })
                    .collect();
                Ok(())
            }
            Event::GameEntered {
                round,
                table,
                game,
                after,
                ..
            } => {
                let sheet = self.open_sheet_mut(*round, *table)?;
                *game_mut(sheet, *game)? = Some(after.clone());
                sheet.signed = BySeat([false; 4]);
                if let Some(g) = game.index().and_then(|i| sheet.game_signed.get_mut(i)) {
                    *g = BySeat([false; 4]);
                }
                sheet.state = SheetState::Draft;
                Ok(())
            }
            Event::SheetSigned {
                round,
                table,
                seat,
                complete,
                game,
                ..
            } => {
                let sheet = self.open_sheet_mut(*round, *table)?;
                match game {
                    None => sheet.signed[*seat] = true,
                    Some(g) => {
                        let games = sheet.games.len();
                        sheet.game_signed.resize(games, BySeat([false; 4]));
                        let slot = g.index().and_then(|i| sheet.game_signed.get_mut(i));
                        let Some(slot) = slot else {
                            return Err(format!("the sheet has no game {g} to sign"));
                        };
                        slot[*seat] = true;
                    }
                }
                if *complete {
                    sheet.state = SheetState::Signed;
                }
                Ok(())
            }
            Event::SheetAccepted { round, table } => {
                let sheet = self.sheet_mut(*round, *table)?;
                if sheet.state != SheetState::Signed {
                    return Err(format!(
                        "the sheet of table {table}, round {round} is not signed"
                    ));
                }
                sheet.state = SheetState::Accepted;
                Ok(())
            }
            Event::SheetAmended {
                round,
                table,
                game,
                after,
                ..
            } => {
                let sheet = self.sheet_mut(*round, *table)?;
                if sheet.state != SheetState::Accepted {
                    return Err(format!(
                        "the sheet of table {table}, round {round} is not accepted"
                    ));
                }
                *game_mut(sheet, *game)? = Some(after.clone());
                Ok(())
            }
            Event::EastRerolled { round, table, east } => {
                self.open_sheet_mut(*round, *table)?.east_after_reroll = Some(*east);
                Ok(())
            }
            Event::RoundClosed { round, at } => {
                let r = self.round_mut(*round)?;
                if !matches!(r.state, RoundState::Started { .. }) {
                    return Err(format!("round {round} is not under way"));
                }
                r.state = RoundState::Closed { at: *at };
                Ok(())
            }
            Event::ClockAdjusted { round, change } => {
                let r = self.round_mut(*round)?;
                let RoundState::Started { at: start } = r.state else {
                    return Err(format!(
                        "round {round} is not under way: its clock cannot change"
                    ));
                };
                let last = r.clock.last().map_or(start, |c| c.at);
                if change.at < last {
                    return Err(format!(
                        "the clock of round {round} was last changed at {last}, after {}",
                        change.at
                    ));
                }
                r.clock.push(change.clone());
                Ok(())
            }
            Event::TableOnline { round, table } => {
                let sheet = self.open_sheet_mut(*round, *table)?;
                if sheet.online {
                    return Err(format!("table {table} of round {round} is online already"));
                }
                sheet.online = true;
                Ok(())
            }
            Event::BotsSeated {
                round,
                table,
                seats,
            } => {
                let sheet = self.open_sheet_mut(*round, *table)?;
                if !sheet.online {
                    return Err(format!(
                        "table {table} of round {round} is not online: bots play only online"
                    ));
                }
                for &s in seats {
                    if sheet.players[s].is_none() {
                        return Err(format!("{s} is empty at table {table}: no bot stands in"));
                    }
                    sheet.bots[s] = true;
                }
                Ok(())
            }
            Event::ScheduleAdopted { offer } => {
                self.schedule = Some(offer.clone());
                Ok(())
            }
            Event::OfficialAppointed { .. }
            | Event::OfficialRemoved { .. }
            | Event::DirectorCalled { .. }
            | Event::CallTaken { .. }
            | Event::CallClosed { .. }
            | Event::PlayerSanctioned { .. } => self.apply_floor(event),
        }
    }

    /// New settings, with the rules they name read (the one place a
    /// tournament's preset is resolved).
    fn set_settings(&mut self, settings: &Settings) -> Result<(), Unfit> {
        let preset = rules::resolve(&settings.rules).map_err(|e| e.to_string())?;
        self.preset = Some(preset);
        self.settings = Some(settings.clone());
        Ok(())
    }

    fn player_mut(&mut self, number: PlayerNo) -> Result<&mut crate::model::Player, Unfit> {
        self.players
            .get_mut(&number)
            .ok_or_else(|| format!("player {number} is not registered"))
    }

    fn round_mut(&mut self, round: RoundNo) -> Result<&mut Round, Unfit> {
        round
            .index()
            .and_then(|i| self.rounds.get_mut(i))
            .ok_or_else(|| format!("round {round} is not seated"))
    }

    fn sheet_mut(&mut self, round: RoundNo, table: TableNo) -> Result<&mut Sheet, Unfit> {
        let sheets = &mut self.round_mut(round)?.sheets;
        sheet_index(sheets, table)
            .and_then(|i| sheets.get_mut(i))
            .ok_or_else(|| format!("round {round} has no sheet for table {table}"))
    }

    /// A sheet that is not accepted yet (games are entered and signed there).
    fn open_sheet_mut(&mut self, round: RoundNo, table: TableNo) -> Result<&mut Sheet, Unfit> {
        let sheet = self.sheet_mut(round, table)?;
        if sheet.state == SheetState::Accepted {
            return Err(format!(
                "the sheet of table {table}, round {round} is accepted"
            ));
        }
        Ok(sheet)
    }
}

fn game_mut(sheet: &mut Sheet, game: GameNo) -> Result<&mut Option<GameEntry>, Unfit> {
    let games = sheet.games.len();
    game.index()
        .and_then(|i| sheet.games.get_mut(i))
        .ok_or_else(|| format!("a sheet has games 1 to {games}, not {game}"))
}

#[cfg(test)]
mod tests {
    use crate::*;

    /// Eight players seated by number, round 1 started, one game entered.
    fn log() -> Vec<Recorded> {
        let mut t = crate::testing::seated("standard", 8, None, true);
        let game = Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            entry: Entry::Points {
                points: jongg_tiles::BySeat([25, 0, 0, 0]),
                mah_jongg: Some(jongg_tiles::Seat::East),
            },
        };
        t.execute(Actor::Director, game, 3_000).unwrap();
        t.log().to_vec()
    }

    /// The log without event `seq`, the later ones numbered on.
    fn without(seq: u64) -> Vec<Recorded> {
        let mut log = log();
        log.retain(|r| r.seq != seq);
        for (n, r) in (1..).zip(log.iter_mut()) {
            r.seq = n;
        }
        log
    }

    #[test]
    fn a_whole_log_folds() {
        let log = log();
        assert_eq!(Tournament::replay(log.clone()).unwrap().log(), &log[..]);
    }

    #[test]
    fn a_game_entered_before_its_round_started_names_its_event() {
        // Events: 1 created, 2-9 players, 10 seated, 11 started, 12 game.
        let e = Tournament::replay(without(11)).unwrap_err();
        assert_eq!(e.seq, 11);
        assert_eq!(
            e.to_string(),
            "event 11 of the log does not fit the tournament: round 1 has no sheet for table 1"
        );
    }

    #[test]
    fn nothing_folds_before_the_tournament_is_created() {
        let e = Tournament::replay(without(1)).unwrap_err();
        assert_eq!(e.seq, 1);
        assert!(e.reason.contains("no tournament has been created"), "{e}");
    }

    #[test]
    fn an_event_twice_does_not_fold() {
        let mut log = log();
        let mut again = log[1].clone();
        again.seq = log.len() as u64 + 1;
        log.push(again);
        let e = Tournament::replay(log).unwrap_err();
        assert_eq!(e.seq, 13);
        assert!(e.reason.contains("player #1 is registered already"), "{e}");
        let mut log = self::log();
        let mut created = log[0].clone();
        created.seq = 13;
        log.push(created);
        let e = Tournament::replay(log).unwrap_err();
        assert_eq!(
            (e.seq, e.reason.as_str()),
            (13, "the tournament was created already")
        );
    }

    #[test]
    fn a_gap_in_the_numbers_names_the_event_after_it() {
        let mut log = log();
        log.remove(4);
        let e = Tournament::replay(log).unwrap_err();
        assert_eq!(e.seq, 6);
        assert!(e.reason.contains("the next event is 5"), "{e}");
    }

    #[test]
    fn an_event_that_does_not_fit_changes_nothing() {
        let mut t = Tournament::replay(log()).unwrap();
        let before = t.clone();
        let accept = Recorded {
            seq: 13,
            at: 3_000,
            actor: Actor::Director,
            event: Event::SheetAccepted {
                round: RoundNo(1),
                table: TableNo(1),
            },
        };
        let e = t.record(accept).unwrap_err();
        assert!(e.reason.contains("is not signed"), "{e}");
        assert_eq!(t, before);
    }
}
