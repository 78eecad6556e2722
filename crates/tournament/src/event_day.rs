//! A random event day for tests (feature `test-support`): a tournament run
//! by every kind of command the director, the scorekeepers and the
//! officials give, from one seed. The backup tests export it, import it and
//! export it again (issue 19.1); the store's tests do the same through a
//! database. Commands the state refuses are skipped, as a real day's
//! mistakes are; what was taken is counted by kind, so a test can require
//! that every kind was reached.

use crate::card::{CardFile, HandTiles};
use crate::clock::ClockAction;
use crate::floor::{CallState, DisqualifiedScores, OfficialNo};
use crate::model::{
    Actor, Entry, GameNo, OddPlayers, PlayerNo, RoundNo, RoundState, RulesSource, SeatingMethod,
    SheetState, TableNo, TableSeats, TieBreak,
};
use crate::{Command, Tournament};
use jongg_card::Card;
use jongg_rules::floor::CardYear;
use jongg_rules::record::{GameRecord, GameResult};
use jongg_rules::rng::Rng;
use jongg_tiles::notation::format_tiles;
use jongg_tiles::{BySeat, Seat};
use std::collections::BTreeMap;

/// A day's tournament and how many commands of each kind it took.
#[derive(Debug)]
pub struct EventDay {
    pub t: Tournament,
    pub taken: BTreeMap<&'static str, u32>,
}

/// The kind of a command, as its JSON `kind` spells it.
pub fn kind_of(c: &Command) -> &'static str {
    use Command::*;
    match c {
        CreateTournament { .. } => "create_tournament",
        UpdateSettings { .. } => "update_settings",
        RegisterPlayer { .. } => "register_player",
        UpdatePlayer { .. } => "update_player",
        WithdrawPlayer { .. } => "withdraw_player",
        MarkLate { .. } => "mark_late",
        Arrive { .. } => "arrive",
        Substitute { .. } => "substitute",
        SeatRound { .. } => "seat_round",
        StartRound { .. } => "start_round",
        EnterGame { .. } => "enter_game",
        SignSheet { .. } => "sign_sheet",
        AcceptSheet { .. } => "accept_sheet",
        AcceptAllSigned { .. } => "accept_all_signed",
        AmendSheet { .. } => "amend_sheet",
        RecordEast { .. } => "record_east",
        SetCard { .. } => "set_card",
        CloseRound { .. } => "close_round",
        AdjustClock { .. } => "adjust_clock",
        AdoptSchedule { .. } => "adopt_schedule",
        OpenOnline { .. } => "open_online",
        FillWithBots { .. } => "fill_with_bots",
        AppointOfficial { .. } => "appoint_official",
        RemoveOfficial { .. } => "remove_official",
        CallDirector { .. } => "call_director",
        TakeCall { .. } => "take_call",
        CloseCall { .. } => "close_call",
        WarnPlayer { .. } => "warn_player",
        PenalizePlayer { .. } => "penalize_player",
        DisqualifyPlayer { .. } => "disqualify_player",
    }
}

/// Every command kind (what [`kind_of`] names).
pub const KINDS: [&str; 30] = [
    "create_tournament",
    "update_settings",
    "register_player",
    "update_player",
    "withdraw_player",
    "mark_late",
    "arrive",
    "substitute",
    "seat_round",
    "start_round",
    "enter_game",
    "sign_sheet",
    "accept_sheet",
    "accept_all_signed",
    "amend_sheet",
    "record_east",
    "set_card",
    "close_round",
    "adjust_clock",
    "adopt_schedule",
    "open_online",
    "fill_with_bots",
    "appoint_official",
    "remove_official",
    "call_director",
    "take_call",
    "close_call",
    "warn_player",
    "penalize_player",
    "disqualify_player",
];

struct Day {
    t: Tournament,
    rng: Rng,
    clock: i64,
    taken: BTreeMap<&'static str, u32>,
    card: Card,
}

/// Runs a random day from `seed`: `steps` commands drawn after the
/// tournament is created and its players registered.
pub fn random_event_day(seed: u64, steps: usize) -> EventDay {
    let mut rng = Rng::new(seed);
    let presets = jongg_rules::PRESET_NAMES;
    let preset = presets[rng.below(presets.len())];
    let odd = if rng.chance(1, 2) {
        OddPlayers::ThreePlayerTables
    } else {
        OddPlayers::SitOut {
            points: rng.below(40) as i32,
        }
    };
    let mut day = Day {
        t: Tournament::new(),
        rng,
        clock: 1_760_000_000_000,
        taken: BTreeMap::new(),
        card: Card::practice(),
    };
    let rounds = Some(RoundNo(3 + day.rng.below(2) as u8));
    day.try_do(
        Actor::Director,
        Command::CreateTournament {
            name: format!("{preset} day {seed}"),
            dates: vec!["2026-03-14".into()],
            rules: RulesSource::Preset {
                name: preset.into(),
            },
            rounds,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: Some(odd),
            time_zone: Some("America/Chicago".into()),
        },
    );
    let players = 7 + day.rng.below(8) as u32;
    for n in 1..=players {
        day.register(n);
    }
    for _ in 0..steps {
        day.step();
    }
    EventDay {
        t: day.t,
        taken: day.taken,
    }
}

impl Day {
    fn try_do(&mut self, actor: Actor, c: Command) -> bool {
        self.clock += 1 + self.rng.below(90_000) as i64;
        let kind = kind_of(&c);
        let ok = self.t.execute(actor, c, self.clock).is_ok();
        if ok {
            *self.taken.entry(kind).or_default() += 1;
        }
        ok
    }

    fn register(&mut self, n: u32) {
        let late = self.rng.chance(1, 10);
        let club = self.rng.chance(1, 3).then(|| "Łódź club".to_string());
        self.try_do(
            Actor::Director,
            Command::RegisterPlayer {
                number: PlayerNo(n),
                name: format!("Player {n}"),
                club,
                late,
            },
        );
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.rng.below(items.len())].clone())
    }

    fn round_under_way(&self) -> Option<RoundNo> {
        self.t.current_round()
    }

    /// A table of the round under way.
    fn table(&mut self) -> Option<(RoundNo, TableSeats)> {
        let round = self.round_under_way()?;
        let tables = self.t.seating(round).ok()?.tables.clone();
        Some((round, self.pick(&tables)?))
    }

    fn player(&mut self) -> Option<PlayerNo> {
        let all: Vec<PlayerNo> = self.t.players().map(|p| p.number).collect();
        self.pick(&all)
    }

    /// An entry for a game at `table`: points, a record or the tiles.
    fn entry(&mut self, table: &TableSeats) -> Entry {
        let seated: Vec<Seat> = table.players().map(|(s, _)| s).collect();
        let winner = self.pick(&seated).unwrap_or(Seat::East);
        match self.rng.below(4) {
            0 => {
                let mut points = BySeat([0; 4]);
                for &s in &seated {
                    points[s] = self.rng.below(80) as i32 - 30;
                }
                let mah_jongg = self.rng.chance(1, 2).then_some(winner);
                Entry::Points { points, mah_jongg }
            }
            1 => {
                let mut r = GameRecord::new(GameResult::Wall);
                if self.rng.chance(1, 4) {
                    r.penalties = vec![];
                }
                Entry::Record { record: r }
            }
            2 => {
                let lines = self.card.lines();
                let value = lines[self.rng.below(lines.len())].value;
                Entry::Record {
                    record: mahjong(winner, value, &seated, &mut self.rng),
                }
            }
            _ => {
                let id = 1 + self.rng.below(self.card.lines().len());
                let v = &self.card.variants_of(id)[0];
                let tiles: Vec<_> = v
                    .groups
                    .iter()
                    .flat_map(|g| std::iter::repeat_n(g.tile, usize::from(g.size)))
                    .collect();
                Entry::Hand {
                    record: mahjong(winner, 0, &seated, &mut self.rng),
                    hand: HandTiles {
                        concealed: format_tiles(&tiles),
                        exposures: vec![],
                    },
                }
            }
        }
    }

    fn step(&mut self) {
        let d = Actor::Director;
        match self.rng.below(30) {
            0 => {
                let n = 20 + self.rng.below(10) as u32;
                self.register(n);
            }
            1 => {
                if let Some(number) = self.player() {
                    let club = Some(self.rng.chance(1, 2).then(|| "Ελένη's".into()));
                    self.try_do(
                        d,
                        Command::UpdatePlayer {
                            number,
                            name: Some(format!("Renamed {number}")),
                            club,
                        },
                    );
                }
            }
            2 => {
                if let Some(number) = self.player() {
                    let c = match self.rng.below(4) {
                        0 => Command::WithdrawPlayer { number },
                        1 => Command::MarkLate { number },
                        2 => Command::Arrive { number },
                        _ => Command::Substitute {
                            out: number,
                            number: PlayerNo(40 + self.rng.below(10) as u32),
                            name: "Substitute".into(),
                            club: None,
                        },
                    };
                    self.try_do(d, c);
                }
            }
            3 => {
                let tie_breaks = if self.rng.chance(1, 2) {
                    vec![TieBreak::BestGame, TieBreak::Points]
                } else {
                    TieBreak::DEFAULT.to_vec()
                };
                let minutes = 60 + self.rng.below(60) as u16;
                self.try_do(
                    d,
                    Command::UpdateSettings {
                        name: Some("A renamed day".into()),
                        dates: None,
                        rules: None,
                        rounds: None,
                        games_per_round: None,
                        round_minutes: Some(minutes),
                        tie_breaks: Some(tie_breaks),
                        odd_players: None,
                        time_zone: Some("Europe/Warsaw".into()),
                    },
                );
            }
            4 | 5 => self.seat_next(),
            6 => {
                if let Ok(Some(offer)) = self.t.schedule_offer(2_000) {
                    self.try_do(d, Command::AdoptSchedule { offer });
                }
            }
            7 => self.start_next(),
            8..=11 => {
                if let Some((round, table)) = self.table() {
                    let game = GameNo(1 + self.rng.below(4) as u8);
                    let entry = self.entry(&table);
                    let keeper = Actor::Scorekeeper {
                        round,
                        table: table.table,
                    };
                    self.try_do(
                        keeper,
                        Command::EnterGame {
                            round,
                            table: table.table,
                            game,
                            entry,
                        },
                    );
                }
            }
            12 | 13 => self.sign_some(),
            14 => {
                if let Some(round) = self.round_under_way() {
                    if self.rng.chance(1, 2) {
                        self.try_do(d, Command::AcceptAllSigned { round });
                    } else if let Some((round, table)) = self.table() {
                        self.try_do(
                            d,
                            Command::AcceptSheet {
                                round,
                                table: table.table,
                            },
                        );
                    }
                }
            }
            15 => self.amend_some(),
            16 => {
                if let Some((round, table)) = self.table() {
                    let east = self.pick(&Seat::ALL).unwrap_or(Seat::South);
                    self.try_do(
                        d,
                        Command::RecordEast {
                            round,
                            table: table.table,
                            east,
                        },
                    );
                }
            }
            17 => {
                let year = match self.rng.below(3) {
                    0 => None,
                    1 => Some(CardYear::Year(2022)),
                    _ => Some(CardYear::Year(2019)),
                };
                let file = self.rng.chance(3, 4).then(CardFile::practice);
                self.try_do(d, Command::SetCard { year, file });
            }
            18 => self.finish_round(),
            19 => {
                if let Some(round) = self.round_under_way() {
                    let action = match self.rng.below(4) {
                        0 => ClockAction::Pause,
                        1 => ClockAction::Resume,
                        2 => ClockAction::Extend {
                            minutes: 1 + self.rng.below(15) as u16,
                        },
                        _ => ClockAction::Restart,
                    };
                    let at = self.clock;
                    self.try_do(
                        d,
                        Command::AdjustClock {
                            round,
                            action,
                            reason: "a fire alarm".into(),
                            at,
                        },
                    );
                }
            }
            20 => {
                let number = OfficialNo(1 + self.rng.below(3) as u16);
                if self.rng.chance(1, 5) {
                    self.try_do(d, Command::RemoveOfficial { number });
                } else {
                    let tables = vec![TableNo(1 + self.rng.below(3) as u16)];
                    self.try_do(
                        d,
                        Command::AppointOfficial {
                            number,
                            name: format!("Official {number}"),
                            tables,
                        },
                    );
                }
            }
            21 | 22 => {
                if let Some((round, table)) = self.table() {
                    let seat = self.pick(&Seat::ALL);
                    let keeper = Actor::Scorekeeper {
                        round,
                        table: table.table,
                    };
                    self.try_do(
                        keeper,
                        Command::CallDirector {
                            round,
                            table: table.table,
                            seat,
                            reason: "=HYPERLINK(\"x\") a claim".into(),
                        },
                    );
                }
            }
            23..=25 => self.floor_work(),
            26 => {
                if let Some(player) = self.player() {
                    let c = match self.rng.below(3) {
                        0 => Command::WarnPlayer {
                            player,
                            reason: "slow play".into(),
                        },
                        1 => Command::PenalizePlayer {
                            player,
                            points: -(self.rng.below(25) as i32),
                            reason: "late back from lunch".into(),
                        },
                        _ => Command::DisqualifyPlayer {
                            player,
                            scores: if self.rng.chance(1, 2) {
                                DisqualifiedScores::Kept
                            } else {
                                DisqualifiedScores::Void
                            },
                            reason: "conduct".into(),
                        },
                    };
                    self.try_do(d, c);
                }
            }
            27 => self.online_work(),
            _ => self.finish_round(),
        }
    }

    /// A table of the round under way opened online, or a bot seated at
    /// one for an absent player (issue 23.7).
    fn online_work(&mut self) {
        let Some((round, table)) = self.table() else {
            return;
        };
        let online = self.t.sheet(round, table.table).is_ok_and(|s| s.online);
        let c = if online {
            let seated: Vec<Seat> = table.players().map(|(s, _)| s).collect();
            let Some(seat) = self.pick(&seated) else {
                return;
            };
            Command::FillWithBots {
                round,
                table: table.table,
                seats: vec![seat],
            }
        } else {
            Command::OpenOnline {
                round,
                tables: vec![table.table],
            }
        };
        self.try_do(Actor::Director, c);
    }

    fn seat_next(&mut self) {
        let rounds = self.t.rounds();
        let round = match rounds.last() {
            Some(r) if r.state == RoundState::Seated => r.seating.round,
            _ => match RoundNo::at(rounds.len()) {
                Ok(r) => r,
                Err(_) => return,
            },
        };
        let method = match self.rng.below(3) {
            0 => SeatingMethod::ByNumber,
            1 => SeatingMethod::Random {
                seed: self.rng.next_u64(),
            },
            _ => SeatingMethod::Movement,
        };
        self.try_do(Actor::Director, Command::SeatRound { round, method });
    }

    fn start_next(&mut self) {
        let Some(r) = self
            .t
            .rounds()
            .iter()
            .find(|r| r.state == RoundState::Seated)
        else {
            return;
        };
        let round = r.seating.round;
        let at = self.clock;
        self.try_do(Actor::Director, Command::StartRound { round, at });
    }

    /// A seat of a table signs (each game where the preset asks).
    fn sign_some(&mut self) {
        let Some((round, table)) = self.table() else {
            return;
        };
        let seated: Vec<Seat> = table.players().map(|(s, _)| s).collect();
        let Some(seat) = self.pick(&seated) else {
            return;
        };
        let game = self
            .rng
            .chance(1, 2)
            .then(|| GameNo(1 + self.rng.below(4) as u8));
        let device = self.rng.chance(1, 2).then(|| "ab12cd34".to_string());
        let keeper = Actor::Scorekeeper {
            round,
            table: table.table,
        };
        self.try_do(
            keeper,
            Command::SignSheet {
                round,
                table: table.table,
                seat,
                game,
                device,
            },
        );
    }

    /// The director amends a game of an accepted sheet.
    fn amend_some(&mut self) {
        let accepted: Vec<(RoundNo, TableNo)> = self
            .t
            .rounds()
            .iter()
            .flat_map(|r| &r.sheets)
            .filter(|s| s.state == SheetState::Accepted)
            .map(|s| (s.round, s.table))
            .collect();
        let Some((round, table)) = self.pick(&accepted) else {
            return;
        };
        let Ok(seating) = self.t.seating(round) else {
            return;
        };
        let Some(seats) = seating.tables.iter().find(|t| t.table == table).cloned() else {
            return;
        };
        let entry = self.entry(&seats);
        let game = GameNo(1 + self.rng.below(4) as u8);
        self.try_do(
            Actor::Director,
            Command::AmendSheet {
                round,
                table,
                game,
                entry,
                reason: "checked with the table".into(),
            },
        );
    }

    /// An official or the director takes or closes a call, with a ruling
    /// applied to a game where one is asked.
    fn floor_work(&mut self) {
        let calls: Vec<_> = self
            .t
            .calls()
            .iter()
            .filter(|c| !matches!(c.state, CallState::Closed { .. }))
            .map(|c| (c.number, matches!(c.state, CallState::Waiting)))
            .collect();
        let Some((call, waiting)) = self.pick(&calls) else {
            return;
        };
        let officials: Vec<OfficialNo> = self.t.officials().map(|o| o.number).collect();
        let actor = match self.pick(&officials) {
            Some(official) if self.rng.chance(1, 2) => Actor::Official { official },
            _ => Actor::Director,
        };
        if waiting && self.rng.chance(1, 2) {
            self.try_do(actor, Command::TakeCall { call });
            return;
        }
        let incidents = self.t.preset().map(|p| p.incidents()).unwrap_or_default();
        let incident = self.pick(&incidents);
        let game = self
            .rng
            .chance(2, 3)
            .then(|| GameNo(1 + self.rng.below(4) as u8));
        let seat = self.pick(&Seat::ALL);
        self.try_do(
            actor,
            Command::CloseCall {
                call,
                incident,
                game,
                seat,
                note: "+ruled at the table".into(),
            },
        );
    }

    /// Enter what is missing, sign, accept and close the round under way.
    fn finish_round(&mut self) {
        let Some(round) = self.round_under_way() else {
            return;
        };
        let Ok(r) = self.t.round(round) else { return };
        let sheets = r.sheets.clone();
        let Ok(seating) = self.t.seating(round) else {
            return;
        };
        let tables = seating.tables.clone();
        let each_game = self
            .t
            .preset()
            .map(|p| p.sign_off.each_game.seats.clone())
            .unwrap_or_default();
        for sheet in sheets {
            let Some(seats) = tables.iter().find(|t| t.table == sheet.table).cloned() else {
                continue;
            };
            // An online table's sheet is written by the server for the
            // live table (issue 23.7).
            let keeper = if sheet.online {
                Actor::System
            } else {
                Actor::Scorekeeper {
                    round,
                    table: sheet.table,
                }
            };
            for (game, _) in sheet.numbered_games() {
                if sheet.games[usize::from(game) - 1].is_none() {
                    let entry = self.entry(&seats);
                    let entered = self.try_do(
                        keeper,
                        Command::EnterGame {
                            round,
                            table: sheet.table,
                            game,
                            entry,
                        },
                    );
                    if !entered {
                        let entry = Entry::Points {
                            points: BySeat([0; 4]),
                            mah_jongg: None,
                        };
                        self.try_do(
                            keeper,
                            Command::EnterGame {
                                round,
                                table: sheet.table,
                                game,
                                entry,
                            },
                        );
                    }
                }
                for &seat in &each_game {
                    if seats.seats[seat].is_some() {
                        self.try_do(
                            keeper,
                            Command::SignSheet {
                                round,
                                table: sheet.table,
                                seat,
                                game: Some(game),
                                device: None,
                            },
                        );
                    }
                }
            }
            for (seat, _) in seats.players() {
                self.try_do(
                    keeper,
                    Command::SignSheet {
                        round,
                        table: sheet.table,
                        seat,
                        game: None,
                        device: Some("cafe0123".into()),
                    },
                );
            }
        }
        if self.rng.chance(1, 2) {
            self.try_do(Actor::Director, Command::AcceptAllSigned { round });
        } else {
            for table in &tables {
                let table = table.table;
                self.try_do(Actor::Director, Command::AcceptSheet { round, table });
            }
        }
        let at = self.clock;
        self.try_do(Actor::Director, Command::CloseRound { round, at });
    }
}

/// A Mah Jongg by `winner` worth `value` (0: the card fills it in), by a
/// discard from another seated player or self-picked.
fn mahjong(winner: Seat, value: u32, seated: &[Seat], rng: &mut Rng) -> GameRecord {
    let mut r = GameRecord::new(GameResult::Mahjong);
    r.winner = Some(winner);
    r.value = value;
    let others: Vec<Seat> = seated.iter().copied().filter(|&s| s != winner).collect();
    if others.is_empty() || rng.chance(1, 3) {
        r.self_picked = true;
    } else {
        r.discarder = Some(others[rng.below(others.len())]);
    }
    r
}
