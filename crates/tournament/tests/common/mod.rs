//! Helpers shared by the integration tests: a director running a tournament
//! by commands, as the server would.
#![allow(dead_code)]

use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;

#[derive(Debug)]
pub struct Run {
    pub t: Tournament,
    pub clock: Millis,
}

impl Run {
    pub fn new(preset: &str, odd: OddPlayers) -> Run {
        let mut run = Run {
            t: Tournament::new(),
            clock: 1_760_000_000_000,
        };
        run.ok(
            Actor::Director,
            Command::CreateTournament {
                name: format!("{preset} test"),
                dates: vec!["2026-03-14".into()],
                rules: RulesSource::Preset {
                    name: preset.into(),
                },
                rounds: Some(RoundNo(4)),
                games_per_round: None,
                round_minutes: None,
                tie_breaks: None,
                odd_players: Some(odd),
                time_zone: None,
            },
        );
        run
    }

    pub fn try_do(&mut self, actor: Actor, cmd: Command) -> Result<Vec<Recorded>, DomainError> {
        self.clock += 1000;
        self.t.execute(actor, cmd, self.clock)
    }

    pub fn ok(&mut self, actor: Actor, cmd: Command) -> Vec<Recorded> {
        let c = format!("{cmd:?}");
        self.try_do(actor, cmd)
            .unwrap_or_else(|e| panic!("{c}: {e}"))
    }

    pub fn register(&mut self, players: impl IntoIterator<Item = u32>) {
        for n in players {
            self.ok(
                Actor::Director,
                Command::RegisterPlayer {
                    number: PlayerNo(n),
                    name: format!("Player {n}"),
                    club: None,
                    late: false,
                },
            );
        }
    }

    pub fn seat(&mut self, round: RoundNo, method: SeatingMethod) {
        self.ok(Actor::Director, Command::SeatRound { round, method });
    }

    pub fn start(&mut self, round: RoundNo) {
        let at = self.clock;
        self.ok(Actor::Director, Command::StartRound { round, at });
    }

    /// Enter every game of every table as plain points from
    /// `points(table, game, seats)`, sign, accept, close the round.
    pub fn play_round(
        &mut self,
        round: RoundNo,
        points: impl Fn(TableNo, GameNo, &TableSeats) -> (BySeat<i32>, Option<Seat>),
    ) {
        self.play_round_with(round, |t, g, seats| {
            let (points, mah_jongg) = points(t, g, seats);
            Entry::Points { points, mah_jongg }
        });
    }

    /// Enter every game of every table with `entry(table, game, seats)` (by
    /// the table's scorekeeper), sign with every seated player until the
    /// sheet is signed, accept it, and close the round.
    pub fn play_round_with(
        &mut self,
        round: RoundNo,
        entry: impl Fn(TableNo, GameNo, &TableSeats) -> Entry,
    ) {
        self.start(round);
        let tables = self.t.seating(round).unwrap().tables.clone();
        let games = self.t.settings().unwrap().games_per_round;
        for table in &tables {
            let keeper = Actor::Scorekeeper {
                round,
                table: table.table,
            };
            for game in games.upto() {
                let entry = entry(table.table, game, table);
                self.ok(
                    keeper,
                    Command::EnterGame {
                        round,
                        table: table.table,
                        game,
                        entry,
                    },
                );
                // Seats that sign each game's line (mississippi-2025).
                let each = self.t.preset().unwrap().sign_off.each_game.seats.clone();
                for seat in each.into_iter().filter(|&s| table.seats[s].is_some()) {
                    self.ok(
                        keeper,
                        Command::SignSheet {
                            round,
                            table: table.table,
                            seat,
                            game: Some(game),
                            device: None,
                        },
                    );
                }
            }
            for (seat, _) in table.players() {
                if self.t.sheet(round, table.table).unwrap().state == SheetState::Draft {
                    self.ok(
                        keeper,
                        Command::SignSheet {
                            round,
                            table: table.table,
                            seat,
                            game: None,
                            device: None,
                        },
                    );
                }
            }
            assert_eq!(
                self.t.sheet(round, table.table).unwrap().state,
                SheetState::Signed
            );
            self.ok(
                Actor::Director,
                Command::AcceptSheet {
                    round,
                    table: table.table,
                },
            );
        }
        let at = self.clock;
        self.ok(Actor::Director, Command::CloseRound { round, at });
    }
}

/// Each seat wins one game self-picked (East game 1, South game 2, ...);
/// the winner scores 25 at table 1, 30 at table 2, 35 at table 3, 40 at
/// table 4 (5 more a table); everyone else 0.
pub fn one_win_each(
    table: TableNo,
    game: GameNo,
    seats: &TableSeats,
) -> (BySeat<i32>, Option<Seat>) {
    let winner = Seat::from_index(usize::from(game) - 1);
    let mut p = BySeat([0; 4]);
    if seats.seats[winner].is_none() {
        return (p, None);
    }
    p[winner] = 20 + 5 * i32::from(table.0);
    (p, Some(winner))
}

/// `one_win_each` as game records: the winner picks their own Mah Jongg
/// with a hand worth 20 + 5 x table, so the preset adds its self-picked bonus.
pub fn one_win_each_record(table: TableNo, game: GameNo, seats: &TableSeats) -> Entry {
    let winner = Seat::from_index(usize::from(game) - 1);
    let record = if seats.seats[winner].is_none() {
        serde_json::json!({ "result": "wall" })
    } else {
        serde_json::json!({
            "result": "mahjong",
            "winner": winner,
            "value": 20 + 5 * u32::from(table),
            "self_picked": true,
        })
    };
    record_entry(record)
}

/// A game record given as JSON, read as a command's body would be.
pub fn record_entry(record: serde_json::Value) -> Entry {
    Entry::Record {
        record: read_record(&record).unwrap_or_else(|e| panic!("{record}: {e}")),
    }
}

pub fn row(t: &Tournament, n: u32) -> StandingRow {
    t.standings()
        .rows
        .into_iter()
        .find(|r| r.player == PlayerNo(n))
        .unwrap()
}

/// No player sits twice in any round, nor both at a table and out.
pub fn no_player_twice(t: &Tournament) {
    for r in t.rounds() {
        let mut seen = std::collections::BTreeSet::new();
        for table in &r.seating.tables {
            for (_, p) in table.players() {
                assert!(
                    seen.insert(p),
                    "round {}: {p} seated twice",
                    r.seating.round
                );
            }
        }
        for s in &r.seating.sit_outs {
            assert!(
                seen.insert(s.player),
                "round {}: {} seated and out",
                r.seating.round,
                s.player
            );
        }
    }
}
