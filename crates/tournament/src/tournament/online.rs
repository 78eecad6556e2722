//! A round played online (issue 23.7): tables of the round under way
//! opened online, one event a table, the rest staying in the hall; bots
//! standing in for absent players, marked on the sheet; and the signatures
//! an online table gives its own sheet.
//!
//! A bot's points: the issue asks that bots fill absent seats and be
//! "marked as such on the sheet". The simplest honest rule, and the one
//! kept here: the game is scored as played, the bot seat's points are
//! written on the sheet under its seat (the others' points depend on them
//! and stay as the preset scores them), and no player receives them: the
//! absent player's standing counts no game of that sheet
//! (`Tournament::standings`).

use super::{Tournament, conflict};
use crate::command::Command;
use crate::error::DomainError;
use crate::event::Event;
use crate::model::{GameNo, RoundNo, RoundState, Sheet, SheetState, TableNo};
use jongg_tiles::Seat;

/// The device an online table's own signatures record: the live table
/// that played the game vouches for its record (issue 23.7, "signed by the
/// table"). A device id is hex digits, so never this.
pub const ONLINE_TABLE: &str = "online table";

impl Tournament {
    /// Tables of the round under way opened online, each its own
    /// `TableOnline` (so the audit has a line a table). `tables` empty:
    /// every table not online yet. A table whose sheet has a game on it
    /// already stays on paper.
    pub(super) fn open_online(
        &self,
        round: RoundNo,
        tables: Vec<TableNo>,
    ) -> Result<Vec<Event>, DomainError> {
        let r = self.round(round)?;
        if !matches!(r.state, RoundState::Started { .. }) {
            return Err(conflict(format!(
                "round {round} is not under way: start it, then open its tables online"
            )));
        }
        let all = tables.is_empty();
        let chosen: Vec<TableNo> = if all {
            r.sheets
                .iter()
                .filter(|s| !s.online && s.state == SheetState::Draft && no_games(s))
                .map(|s| s.table)
                .collect()
        } else {
            tables
        };
        if chosen.is_empty() {
            return Err(conflict(format!(
                "round {round} has no table left to open online"
            )));
        }
        let mut events = Vec::with_capacity(chosen.len());
        for (i, &table) in chosen.iter().enumerate() {
            if chosen[..i].contains(&table) {
                return Err(DomainError::Invalid(format!(
                    "table {table} is named twice"
                )));
            }
            let sheet = self.sheet(round, table)?;
            if sheet.online {
                return Err(conflict(format!(
                    "table {table} of round {round} is online already"
                )));
            }
            if sheet.state != SheetState::Draft || !no_games(sheet) {
                return Err(conflict(format!(
                    "table {table} of round {round} has games on its sheet: it stays in the hall"
                )));
            }
            events.push(Event::TableOnline { round, table });
        }
        Ok(events)
    }

    /// Bots play `seats` of an online table for their absent players.
    pub(super) fn fill_with_bots(
        &self,
        round: RoundNo,
        table: TableNo,
        seats: Vec<Seat>,
    ) -> Result<Vec<Event>, DomainError> {
        let sheet = self.sheet(round, table)?;
        if !sheet.online {
            return Err(conflict(format!(
                "table {table} of round {round} plays in the hall: bots stand in only at an online table"
            )));
        }
        if sheet.state != SheetState::Draft {
            return Err(conflict(format!(
                "the sheet of table {table}, round {round} is signed: too late for bots"
            )));
        }
        if seats.is_empty() {
            return Err(DomainError::Invalid("name the seats bots play".into()));
        }
        for (i, &s) in seats.iter().enumerate() {
            if seats[..i].contains(&s) {
                return Err(DomainError::Invalid(format!("{s} is named twice")));
            }
            if sheet.players[s].is_none() {
                return Err(DomainError::Invalid(format!(
                    "{s} is empty at table {table}: a bot stands in only for a seated player"
                )));
            }
            if sheet.bots[s] {
                return Err(conflict(format!(
                    "a bot plays {s} at table {table} already"
                )));
            }
        }
        Ok(vec![Event::BotsSeated {
            round,
            table,
            seats,
        }])
    }

    /// The signatures an online table gives its sheet now (issue 23.7,
    /// "signed by the table"): for every signature the preset requires
    /// and the sheet lacks, a `SignSheet` from [`ONLINE_TABLE`], each
    /// game's line once it is entered, the sheet once every game is. The
    /// server runs them as the system after each game it enters. Empty for
    /// a table in the hall, whose players sign themselves.
    pub fn online_signatures(
        &self,
        round: RoundNo,
        table: TableNo,
    ) -> Result<Vec<Command>, DomainError> {
        let sheet = self.sheet(round, table)?;
        if !sheet.online || sheet.state != SheetState::Draft {
            return Ok(vec![]);
        }
        let preset = self.preset()?;
        let missing = super::missing_signatures(
            preset,
            &sheet.players,
            &sheet.signed,
            &super::signing::game_signatures(sheet),
        );
        let any = sheet.seated().next().map(|(s, _)| s);
        let sign = |seat: Seat, game: Option<GameNo>| Command::SignSheet {
            round,
            table,
            seat,
            game,
            device: Some(ONLINE_TABLE.to_string()),
        };
        let mut out = Vec::new();
        for m in missing {
            let entered = match m.game {
                Some(g) => matches!(self.game_slot(sheet, g), Ok(Some(_))),
                None => sheet.is_complete(),
            };
            // `None`: any other seated player vouches for the keeper (R14).
            let seat = m.signer.or_else(|| {
                sheet
                    .seated()
                    .map(|(s, _)| s)
                    .find(|&s| s != preset.verification.sheet_keeper)
                    .or(any)
            });
            // Once each: the server runs them as one batch, and a second
            // signature from a seat is refused (South both for North and
            // for East at a table of three without West).
            if let (true, Some(seat)) = (entered, seat)
                && !out.contains(&sign(seat, m.game))
            {
                out.push(sign(seat, m.game));
            }
        }
        Ok(out)
    }
}

fn no_games(sheet: &Sheet) -> bool {
    sheet.games.iter().all(Option::is_none)
}

impl Sheet {
    /// The seated players, in seat order.
    pub fn seated(&self) -> impl Iterator<Item = (Seat, crate::model::PlayerNo)> + '_ {
        self.players.iter().filter_map(|(s, p)| p.map(|p| (s, p)))
    }
}

#[cfg(test)]
mod tests {
    use super::ONLINE_TABLE;
    use crate::*;
    use jongg_tiles::{BySeat, Seat};

    const R1: RoundNo = RoundNo(1);
    const T1: TableNo = TableNo(1);
    const T2: TableNo = TableNo(2);

    fn run(t: &mut Tournament, actor: Actor, c: Command) -> Result<Vec<Recorded>, DomainError> {
        t.execute(actor, c, 3_000)
    }

    fn open(t: &mut Tournament, tables: Vec<TableNo>) -> Result<Vec<Recorded>, DomainError> {
        run(
            t,
            Actor::Director,
            Command::OpenOnline { round: R1, tables },
        )
    }

    fn points(p: [i32; 4], mj: Option<Seat>) -> Entry {
        Entry::Points {
            points: BySeat(p),
            mah_jongg: mj,
        }
    }

    fn enter(t: &mut Tournament, actor: Actor, table: TableNo, game: u8, e: Entry) {
        let c = Command::EnterGame {
            round: R1,
            table,
            game: GameNo(game),
            entry: e,
        };
        run(t, actor, c).unwrap();
    }

    /// Issue 23.7: "a round may mix online tables and tables in the hall":
    /// one `TableOnline` a table named, recorded in the log and folded.
    #[test]
    fn a_table_of_the_round_under_way_opens_online_and_the_rest_stays_in_the_hall() {
        let mut t = testing::seated("standard", 8, None, true);
        let made = open(&mut t, vec![T2]).unwrap();
        assert_eq!(made.len(), 1);
        assert_eq!(
            made[0].event,
            Event::TableOnline {
                round: R1,
                table: T2
            }
        );
        assert!(t.sheet(R1, T2).unwrap().online);
        assert!(!t.sheet(R1, T1).unwrap().online);
        let again = Tournament::replay(t.log().to_vec()).unwrap();
        assert!(again.sheet(R1, T2).unwrap().online);
        let e = open(&mut t, vec![T2]).unwrap_err();
        assert!(e.to_string().contains("online already"), "{e}");
        // Empty: every table not online yet, one event each.
        let made = open(&mut t, vec![]).unwrap();
        assert_eq!(made.len(), 1);
        let e = open(&mut t, vec![]).unwrap_err();
        assert!(e.to_string().contains("no table left"), "{e}");
    }

    #[test]
    fn only_a_round_under_way_with_a_clean_sheet_opens_online() {
        let mut t = testing::seated("standard", 8, None, false);
        let e = open(&mut t, vec![T1]).unwrap_err();
        assert!(e.to_string().contains("not under way"), "{e}");
        let mut t = testing::seated("standard", 8, None, true);
        enter(&mut t, Actor::Director, T1, 1, points([25, 0, 0, 0], None));
        let e = open(&mut t, vec![T1]).unwrap_err();
        assert!(e.to_string().contains("stays in the hall"), "{e}");
        let e = open(&mut t, vec![TableNo(9)]).unwrap_err();
        assert!(matches!(e, DomainError::TableNotFound { .. }), "{e}");
        let e = open(&mut t, vec![T2, T2]).unwrap_err();
        assert!(e.to_string().contains("named twice"), "{e}");
        // Nothing was recorded by the refusals.
        assert!(!t.sheet(R1, T2).unwrap().online);
        let keeper = Actor::Scorekeeper {
            round: R1,
            table: T2,
        };
        let e = run(
            &mut t,
            keeper,
            Command::OpenOnline {
                round: R1,
                tables: vec![],
            },
        );
        assert!(matches!(e, Err(DomainError::Forbidden { .. })), "{e:?}");
    }

    /// Issue 23.7: an online table's sheet fills itself; its scorekeeper's
    /// link may not write it.
    #[test]
    fn a_scorekeeper_does_not_write_an_online_sheet() {
        let mut t = testing::seated("standard", 8, None, true);
        open(&mut t, vec![T1]).unwrap();
        let keeper = Actor::Scorekeeper {
            round: R1,
            table: T1,
        };
        let c = Command::EnterGame {
            round: R1,
            table: T1,
            game: GameNo(1),
            entry: points([25, 0, 0, 0], None),
        };
        let e = run(&mut t, keeper, c).unwrap_err();
        assert!(e.to_string().contains("played online"), "{e}");
        enter(&mut t, Actor::System, T1, 1, points([25, 0, 0, 0], None));
    }

    /// Issue 23.7, "bots fill absent seats (marked as such on the sheet)":
    /// only at an online table, only for a seated player, once.
    #[test]
    fn bots_fill_absent_seats_of_an_online_table_only() {
        let mut t = testing::seated("standard", 8, None, true);
        let fill = |t: &mut Tournament, table, seats: Vec<Seat>| {
            let c = Command::FillWithBots {
                round: R1,
                table,
                seats,
            };
            run(t, Actor::Director, c)
        };
        let e = fill(&mut t, T1, vec![Seat::North]).unwrap_err();
        assert!(e.to_string().contains("plays in the hall"), "{e}");
        open(&mut t, vec![T1]).unwrap();
        let e = fill(&mut t, T1, vec![]).unwrap_err();
        assert!(e.to_string().contains("name the seats"), "{e}");
        let e = fill(&mut t, T1, vec![Seat::West, Seat::West]).unwrap_err();
        assert!(e.to_string().contains("named twice"), "{e}");
        fill(&mut t, T1, vec![Seat::North, Seat::West]).unwrap();
        assert_eq!(
            t.sheet(R1, T1).unwrap().bots,
            BySeat([false, false, true, true])
        );
        let e = fill(&mut t, T1, vec![Seat::North]).unwrap_err();
        assert!(e.to_string().contains("already"), "{e}");
        let again = Tournament::replay(t.log().to_vec()).unwrap();
        assert_eq!(
            again.sheet(R1, T1).unwrap().bots,
            BySeat([false, false, true, true])
        );
        let json = serde_json::to_value(t.sheet(R1, T1).unwrap()).unwrap();
        assert_eq!(json["online"], true);
        assert_eq!(json["bots"]["north"], true);
    }

    /// Issue 23.7: a bot's points are recorded on the sheet, but no player
    /// receives them; the player's record marks the game as the bot's.
    #[test]
    fn a_bots_points_are_on_the_sheet_and_count_for_no_one() {
        let mut t = testing::seated("standard", 8, Some(RoundNo(1)), true);
        open(&mut t, vec![T1]).unwrap();
        let c = Command::FillWithBots {
            round: R1,
            table: T1,
            seats: vec![Seat::North],
        };
        run(&mut t, Actor::Director, c).unwrap();
        for g in 1..=4 {
            enter(
                &mut t,
                Actor::System,
                T1,
                g,
                points([-10, -10, -10, 50], Some(Seat::North)),
            );
        }
        assert_eq!(
            t.sheet(R1, T1).unwrap().totals(),
            BySeat([-40, -40, -40, 200])
        );
        for c in t.online_signatures(R1, T1).unwrap() {
            run(&mut t, Actor::System, c).unwrap();
        }
        run(
            &mut t,
            Actor::Director,
            Command::AcceptSheet {
                round: R1,
                table: T1,
            },
        )
        .unwrap();
        let north = t.sheet(R1, T1).unwrap().players[Seat::North].unwrap();
        let east = t.sheet(R1, T1).unwrap().players[Seat::East].unwrap();
        let rows = t.standings().rows;
        let row = |p| rows.iter().find(|r| r.player == p).unwrap();
        assert_eq!(
            (row(north).points, row(north).games, row(north).mah_jonggs),
            (0, 0, 0)
        );
        assert_eq!((row(east).points, row(east).games), (-40, 4));
        let record = t.player_record(north).unwrap();
        assert!(record.games.iter().all(|g| g.bot && g.points == Some(50)));
        assert!(t.player_record(east).unwrap().games.iter().all(|g| !g.bot));
        let results = t.round_results(R1).unwrap();
        assert!(results.tables[0].online && results.tables[0].bots[Seat::North]);
        assert!(!results.tables[1].online);
    }

    /// Issue 23.7, "signed by the table": after each game the signatures
    /// the preset asks for then (mississippi-2025: East signs each game's
    /// line), and once every game is on it the sheet's; then it waits for
    /// the director's accept as any signed sheet (R14).
    #[test]
    fn an_online_table_signs_what_the_preset_asks_as_its_games_come() {
        let mut t = testing::seated("mississippi-2025", 8, None, true);
        open(&mut t, vec![T1]).unwrap();
        assert_eq!(t.online_signatures(R1, T1).unwrap(), vec![]);
        enter(
            &mut t,
            Actor::System,
            T1,
            1,
            points([25, -25, 0, 0], Some(Seat::East)),
        );
        let signs = t.online_signatures(R1, T1).unwrap();
        assert!(!signs.is_empty());
        for c in &signs {
            let Command::SignSheet { game, device, .. } = c else {
                panic!("{c:?}")
            };
            assert_eq!(*game, Some(GameNo(1)));
            assert_eq!(device.as_deref(), Some(ONLINE_TABLE));
        }
        for c in signs {
            run(&mut t, Actor::System, c).unwrap();
        }
        assert_eq!(t.online_signatures(R1, T1).unwrap(), vec![]);
        let games = t.settings().unwrap().games_per_round.0;
        for g in 2..=games {
            enter(&mut t, Actor::System, T1, g, points([0; 4], None));
            for c in t.online_signatures(R1, T1).unwrap() {
                run(&mut t, Actor::System, c).unwrap();
            }
        }
        assert_eq!(t.sheet(R1, T1).unwrap().state, SheetState::Signed);
        assert_eq!(t.online_signatures(R1, T1).unwrap(), vec![]);
        // A table in the hall signs for itself.
        enter(&mut t, Actor::Director, T2, 1, points([0; 4], None));
        assert_eq!(t.online_signatures(R1, T2).unwrap(), vec![]);
        run(
            &mut t,
            Actor::Director,
            Command::AcceptSheet {
                round: R1,
                table: T1,
            },
        )
        .unwrap();
    }

    /// Every preset: an online table's own signatures complete its sheet.
    #[test]
    fn an_online_sheet_is_signed_under_every_preset() {
        for preset in jongg_rules::PRESET_NAMES.iter().copied() {
            let mut t = testing::seated(preset, 7, None, true);
            open(&mut t, vec![]).unwrap();
            let games = t.settings().unwrap().games_per_round.0;
            let tables: Vec<TableNo> = t
                .round(R1)
                .unwrap()
                .sheets
                .iter()
                .map(|s| s.table)
                .collect();
            for table in tables {
                for g in 1..=games {
                    enter(&mut t, Actor::System, table, g, points([0; 4], None));
                    for c in t.online_signatures(R1, table).unwrap() {
                        run(&mut t, Actor::System, c).unwrap();
                    }
                }
                let sheet = t.sheet(R1, table).unwrap();
                assert_eq!(sheet.state, SheetState::Signed, "{preset} {table}");
            }
        }
    }
}
