//! Property tests: random command sequences never panic, never seat a player
//! twice, and replaying the log (or importing the export) gives the same state.

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Register(u32, bool),
    Withdraw(u32),
    MarkLate(u32),
    Arrive(u32),
    Substitute(u32, u32),
    Seat(u8, u8, u64),
    Start(u8),
    Close(u8),
    Enter(u8, u16, u8, [i32; 4], Option<u8>),
    Sign(u8, u16, u8),
    Accept(u8, u16),
    Amend(u8, u16, u8, [i32; 4], bool),
    TieBreaks(bool),
    /// Seat the next round (or re-seat the last one, not yet started).
    SeatNext(u8, u64),
    /// Start the first round seated but not started.
    StartNext,
    /// Enter a game on a table of the round under way.
    EnterNow(u16, u8, [i32; 4], Option<u8>),
    /// Amend a game of some accepted sheet (picked by index).
    AmendSome(usize, usize, u8, [i32; 4], bool),
    /// Finish the round under way: enter, sign, accept everything, close.
    Finish,
}

/// Mostly plausible points, now and then the extremes (issue 10: a bound
/// check on `i32::MIN` wrapped in release builds).
fn points() -> impl Strategy<Value = [i32; 4]> {
    let one = prop_oneof![
        30 => -60i32..=100,
        1 => prop::sample::select(vec![i32::MIN, i32::MAX, -10_001, 10_001, -10_000, 10_000]),
    ];
    prop::array::uniform4(one)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (1u32..=22, any::<bool>()).prop_map(|(n, l)| Op::Register(n, l)),
        1 => (1u32..=22).prop_map(Op::Withdraw),
        1 => (1u32..=22).prop_map(Op::MarkLate),
        1 => (1u32..=22).prop_map(Op::Arrive),
        1 => (1u32..=22, 23u32..=40).prop_map(|(a, b)| Op::Substitute(a, b)),
        3 => (0u8..=5, 0u8..=3, any::<u64>()).prop_map(|(r, m, s)| Op::Seat(r, m, s)),
        2 => (0u8..=5).prop_map(Op::Start),
        1 => (0u8..=5).prop_map(Op::Close),
        3 => (0u8..=5, 0u16..=6, 0u8..=5, points(), prop::option::of(0u8..4))
            .prop_map(|(r, t, g, p, w)| Op::Enter(r, t, g, p, w)),
        2 => (0u8..=5, 0u16..=6, 0u8..4).prop_map(|(r, t, s)| Op::Sign(r, t, s)),
        1 => (0u8..=5, 0u16..=6).prop_map(|(r, t)| Op::Accept(r, t)),
        1 => (0u8..=5, 0u16..=6, 0u8..=5, points(), any::<bool>())
            .prop_map(|(r, t, g, p, why)| Op::Amend(r, t, g, p, why)),
        1 => any::<bool>().prop_map(Op::TieBreaks),
        3 => Just(Op::Finish),
        4 => (0u8..=3, any::<u64>()).prop_map(|(m, s)| Op::SeatNext(m, s)),
        3 => Just(Op::StartNext),
        3 => (0u16..=5, 1u8..=4, points(), prop::option::of(0u8..4))
            .prop_map(|(t, g, p, w)| Op::EnterNow(t, g, p, w)),
        2 => (any::<usize>(), any::<usize>(), 1u8..=4, points(), any::<bool>())
            .prop_map(|(r, t, g, p, why)| Op::AmendSome(r, t, g, p, why)),
    ]
}

fn actor() -> impl Strategy<Value = Actor> {
    prop_oneof![
        6 => Just(Actor::Director),
        1 => Just(Actor::System),
        1 => Just(Actor::Public),
        3 => (0u8..=4, 0u16..=5).prop_map(|(round, table)| Actor::Scorekeeper { round, table }),
    ]
}

fn command(op: &Op, t: &Tournament) -> Option<Command> {
    let entry = |p: [i32; 4], w: Option<u8>| Entry::Points {
        points: BySeat(p),
        mah_jongg: w.map(|w| Seat::from_index(w.into())),
    };
    Some(match op.clone() {
        Op::Register(n, late) => Command::RegisterPlayer {
            number: PlayerNo(n),
            name: format!("P{n}"),
            club: None,
            late,
        },
        Op::Withdraw(n) => Command::WithdrawPlayer {
            number: PlayerNo(n),
        },
        Op::MarkLate(n) => Command::MarkLate {
            number: PlayerNo(n),
        },
        Op::Arrive(n) => Command::Arrive {
            number: PlayerNo(n),
        },
        Op::Substitute(out, n) => Command::Substitute {
            out: PlayerNo(out),
            number: PlayerNo(n),
            name: "Sub".into(),
            club: None,
        },
        Op::Seat(round, m, seed) => Command::SeatRound {
            round,
            method: match m {
                0 => SeatingMethod::ByNumber,
                1 => SeatingMethod::Random { seed },
                _ => SeatingMethod::Movement,
            },
        },
        Op::Start(round) => Command::StartRound { round, at: 5 },
        Op::Close(round) => Command::CloseRound { round, at: 6 },
        Op::Enter(round, table, game, p, w) => Command::EnterGame {
            round,
            table,
            game,
            entry: entry(p, w),
        },
        Op::Sign(round, table, s) => Command::SignSheet {
            round,
            table,
            seat: Seat::from_index(s.into()),
        },
        Op::Accept(round, table) => Command::AcceptSheet { round, table },
        Op::Amend(round, table, game, p, why) => Command::AmendSheet {
            round,
            table,
            game,
            entry: entry(p, None),
            reason: if why {
                "checked with the table".into()
            } else {
                String::new()
            },
        },
        Op::TieBreaks(flip) => Command::UpdateSettings {
            name: None,
            dates: None,
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: Some(if flip {
                vec![TieBreak::BestGame, TieBreak::Points]
            } else {
                TieBreak::DEFAULT.to_vec()
            }),
            odd_players: None,
        },
        Op::SeatNext(m, seed) => {
            let rounds = t.rounds();
            let round = match rounds.last() {
                Some(r) if r.state == RoundState::Seated => r.seating.round,
                _ => rounds.len() as u8 + 1,
            };
            return command(&Op::Seat(round, m, seed), t);
        }
        Op::StartNext => {
            let r = t.rounds().iter().find(|r| r.state == RoundState::Seated)?;
            Command::StartRound {
                round: r.seating.round,
                at: 5,
            }
        }
        Op::EnterNow(table, game, p, w) => {
            let round = t.current_round()?;
            Command::EnterGame {
                round,
                table,
                game,
                entry: entry(p, w),
            }
        }
        Op::AmendSome(r, table, game, p, why) => {
            let rounds = t.rounds();
            if rounds.is_empty() {
                return None;
            }
            let round = &rounds[r % rounds.len()];
            if round.sheets.is_empty() {
                return None;
            }
            let sheet = &round.sheets[table % round.sheets.len()];
            return command(&Op::Amend(sheet.round, sheet.table, game, p, why), t);
        }
        Op::Finish => return None,
    })
}

/// Enter zeros, sign, accept every sheet of the round under way; close it.
/// Refusals are fine (a random state may not allow it).
fn finish(run: &mut Run) {
    let Some(round) = run.t.current_round() else {
        return;
    };
    let Ok(r) = run.t.round(round) else { return };
    let sheets: Vec<Sheet> = r.sheets.clone();
    for sheet in sheets {
        for game in 1..=sheet.games.len() as u8 {
            let entry = Entry::Points {
                points: BySeat([0; 4]),
                mah_jongg: None,
            };
            let _ = run.try_do(
                Actor::Director,
                Command::EnterGame {
                    round,
                    table: sheet.table,
                    game,
                    entry,
                },
            );
        }
        for seat in Seat::ALL {
            let _ = run.try_do(
                Actor::Director,
                Command::SignSheet {
                    round,
                    table: sheet.table,
                    seat,
                },
            );
        }
        let _ = run.try_do(
            Actor::Director,
            Command::AcceptSheet {
                round,
                table: sheet.table,
            },
        );
    }
    let _ = run.try_do(Actor::Director, Command::CloseRound { round, at: 9 });
}

const PRESETS: [&str; 5] = [
    "standard",
    "beth-emeth",
    "mahjong-mania-2026",
    "mississippi-2025",
    "st-louis-senior-olympics",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_never_panic_nor_seat_a_player_twice_and_replay_to_the_same_state(
        preset in 0usize..5,
        sit_out in prop::option::of(-20i32..=60),
        start in 8u32..=14,
        ops in prop::collection::vec((actor(), op()), 1..80),
    ) {
        let odd = sit_out.map_or(OddPlayers::ThreePlayerTables, |points| OddPlayers::SitOut { points });
        let mut run = Run::new(PRESETS[preset], odd);
        run.register(1..=start);
        for (actor, op) in &ops {
            match (op, command(op, &run.t)) {
                (Op::Finish, _) => finish(&mut run),
                (_, Some(cmd)) => {
                    let _ = run.try_do(*actor, cmd);
                }
                (_, None) => {}
            }
            no_player_twice(&run.t);
            for r in run.t.rounds() {
                for sheet in &r.sheets {
                    // Accepted sheets are only changed by amendments.
                    prop_assert!(sheet.games.len() == 4);
                }
            }
        }
        let again = Tournament::replay(run.t.log().to_vec());
        prop_assert_eq!(&again, &run.t);
        let imported = Tournament::import_json(&run.t.export_json()).unwrap();
        prop_assert_eq!(&imported, &run.t);
        prop_assert_eq!(imported.export_json(), run.t.export_json());
        // Every query answers without panicking.
        let s = run.t.standings();
        prop_assert_eq!(s.rows.len(), run.t.players().count());
        let _ = run.t.audit_csv();
        let _ = run.t.movement_warnings();
        for r in 0..=5 {
            let _ = run.t.round_results(r);
            for t in 0..=6 {
                let _ = run.t.sheet(r, t);
            }
        }
        for p in run.t.players().map(|p| p.number).collect::<Vec<_>>() {
            prop_assert!(run.t.player_record(p).is_ok());
        }
    }

    #[test]
    fn events_out_of_order_or_missing_are_applied_without_panic(
        keep in prop::collection::vec(any::<bool>(), 200),
        swaps in prop::collection::vec((0usize..200, 0usize..200), 0..20),
    ) {
        let mut run = Run::new("standard", OddPlayers::SitOut { points: 10 });
        run.register(1..=9);
        run.seat(1, SeatingMethod::ByNumber);
        run.play_round(1, one_win_each);
        run.ok(Actor::Director, Command::WithdrawPlayer { number: PlayerNo(2) });
        run.seat(2, SeatingMethod::Movement);
        run.play_round(2, one_win_each);
        let mut events: Vec<Event> = run.t.log().iter().map(|r| r.event.clone()).collect();
        for (a, b) in swaps {
            let n = events.len();
            events.swap(a % n, b % n);
        }
        let events: Vec<Event> = events.into_iter().zip(keep.iter().cycle()).filter(|(_, k)| **k).map(|(e, _)| e).collect();
        let t = Tournament::replay_events(&events);
        let _ = t.standings();
        let _ = t.movement_warnings();
        for r in 0..=3 {
            let _ = t.round_results(r);
        }
    }

    #[test]
    fn any_text_imports_or_is_refused_without_panic(text in ".{0,200}") {
        let _ = Tournament::import_json(&text);
    }
}
