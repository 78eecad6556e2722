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

    /// `event` recorded after `log`: the reason it does not fit, the
    /// tournament left as it was.
    fn refused(log: Vec<Recorded>, event: Event) -> String {
        let mut t = Tournament::replay(log).unwrap();
        let before = t.clone();
        let seq = t.log().len() as u64 + 1;
        let recorded = Recorded {
            seq,
            at: 4_000,
            actor: Actor::Director,
            event,
        };
        let e = t.record(recorded).unwrap_err();
        assert_eq!(t, before);
        e.reason
    }

    /// `events` recorded after `log`, each of which fits.
    fn folded(log: Vec<Recorded>, events: impl IntoIterator<Item = Event>) -> Tournament {
        let mut t = Tournament::replay(log).unwrap();
        for event in events {
            let seq = t.log().len() as u64 + 1;
            t.record(Recorded {
                seq,
                at: 4_000,
                actor: Actor::Director,
                event,
            })
            .unwrap();
        }
        t
    }

    #[test]
    fn a_seated_round_may_be_seated_again_until_it_starts_and_starts_once() {
        // Events 1-10: created, eight players, round 1 seated.
        let seated = log()[..10].to_vec();
        let seating = Tournament::replay(seated.clone())
            .unwrap()
            .seating(RoundNo(1))
            .unwrap()
            .clone();
        let again = Event::RoundSeated {
            seating: seating.clone(),
        };
        let t = folded(seated, [again.clone()]);
        assert_eq!(t.seating(RoundNo(1)).unwrap(), &seating);
        assert_eq!(
            refused(log(), again),
            "round 1 has started: its seating is fixed"
        );
        let start = Event::RoundStarted {
            round: RoundNo(1),
            at: 5_000,
        };
        assert_eq!(refused(log(), start), "round 1 has started already");
    }

    #[test]
    fn a_round_closes_only_while_under_way() {
        let close = Event::RoundClosed {
            round: RoundNo(1),
            at: 5_000,
        };
        assert_eq!(
            refused(log()[..10].to_vec(), close.clone()),
            "round 1 is not under way"
        );
        let t = folded(log(), [close.clone()]);
        assert_eq!(t.rounds()[0].state, RoundState::Closed { at: 5_000 });
        assert_eq!(refused(t.log().to_vec(), close), "round 1 is not under way");
    }

    #[test]
    fn a_clock_change_may_come_at_the_time_of_the_last_but_not_before_it() {
        // Round 1 started at 2 000.
        let change = |at| Event::ClockAdjusted {
            round: RoundNo(1),
            change: ClockChange {
                at,
                action: ClockAction::Pause,
                reason: "a ruling".into(),
            },
        };
        let t = folded(log(), [change(2_000)]);
        assert_eq!(t.rounds()[0].clock.len(), 1);
        assert_eq!(
            refused(log(), change(1_999)),
            "the clock of round 1 was last changed at 2000, after 1999"
        );
        assert_eq!(
            refused(log()[..10].to_vec(), change(2_000)),
            "round 1 is not under way: its clock cannot change"
        );
    }

    #[test]
    fn an_accepted_sheet_is_amended_and_takes_no_game_entered() {
        let entered = log()[11].event.clone();
        let Event::GameEntered { after, .. } = entered.clone() else {
            panic!("event 12 is the game entered: {entered:?}");
        };
        let amend = Event::SheetAmended {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            before: Some(after.clone()),
            after,
            reason: "a slip".into(),
        };
        assert_eq!(
            refused(log(), amend.clone()),
            "the sheet of table 1, round 1 is not accepted"
        );
        let signed = Event::SheetSigned {
            round: RoundNo(1),
            table: TableNo(1),
            seat: jongg_tiles::Seat::East,
            complete: true,
            game: None,
            device: None,
        };
        let accepted = Event::SheetAccepted {
            round: RoundNo(1),
            table: TableNo(1),
        };
        let t = folded(log(), [signed, accepted, amend]);
        assert_eq!(
            t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
            SheetState::Accepted
        );
        assert_eq!(
            refused(t.log().to_vec(), entered),
            "the sheet of table 1, round 1 is accepted"
        );
    }
}
