//! Finding 2 (issue 10), at the domain: points that wrapped around. A bound
//! check written `abs() > MAX` wraps for `i32::MIN` in a release build (and
//! panics in a debug one), so a sheet of -2,147,483,648 was taken and its
//! player led with 2,147,483,643. These property tests feed the extremes of
//! every number a command carries and check what is taken, what the
//! standings add up to (against an independent i64 sum) and what an import
//! does with them. scripts/test.sh runs this crate's tests in release too,
//! where an overflow wraps silently instead of panicking.

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::limits::{MAX_GAMES, MAX_POINTS, MAX_ROUNDS, points_ok};
use jongg_tournament::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Points near every edge there is, and anywhere between.
fn extreme() -> impl Strategy<Value = i32> {
    prop_oneof![
        3 => prop::sample::select(vec![
            i32::MIN, i32::MIN + 1, -MAX_POINTS - 1, -MAX_POINTS, -1, 0, 1,
            MAX_POINTS, MAX_POINTS + 1, i32::MAX - 1, i32::MAX,
        ]),
        2 => -MAX_POINTS..=MAX_POINTS,
        1 => any::<i32>(),
    ]
}

#[derive(Clone, Debug)]
enum Op {
    /// Enter a game on a table of round 1 (by index).
    Enter(usize, GameNo, [i32; 4], Option<usize>),
    /// Amend a game once the sheets are accepted.
    Amend(usize, GameNo, [i32; 4]),
}

fn op() -> impl Strategy<Value = Op> {
    let p = || prop::array::uniform4(extreme());
    prop_oneof![
        3 => (0usize..3, 1u8..=4, p(), prop::option::of(0usize..4))
            .prop_map(|(t, g, p, w)| Op::Enter(t, GameNo(g), p, w)),
        1 => (0usize..3, 1u8..=4, p()).prop_map(|(t, g, p)| Op::Amend(t, GameNo(g), p)),
    ]
}

/// Each player's points as the standings should add them, in i64: accepted
/// games plus sit-outs of started rounds.
fn expected_totals(t: &Tournament) -> BTreeMap<PlayerNo, i64> {
    let mut out: BTreeMap<PlayerNo, i64> = t.players().map(|p| (p.number, 0)).collect();
    for r in t.rounds() {
        if r.state != RoundState::Seated {
            for s in &r.seating.sit_outs {
                *out.entry(s.player).or_default() += i64::from(s.points);
            }
        }
        for sheet in r.sheets.iter().filter(|s| s.state == SheetState::Accepted) {
            for (seat, p) in sheet.players.iter() {
                if let Some(p) = p {
                    for g in sheet.games.iter().flatten() {
                        *out.entry(*p).or_default() += i64::from(g.points[seat]);
                    }
                }
            }
        }
    }
    out
}

/// What every state must hold: nothing stored beyond the bounds, and the
/// standings equal to the i64 sums, far inside an i32.
fn bounded(t: &Tournament) -> Result<(), TestCaseError> {
    for r in t.rounds() {
        for s in &r.seating.sit_outs {
            prop_assert!(points_ok(s.points), "sit-out {}", s.points);
        }
        for sheet in &r.sheets {
            for g in sheet.games.iter().flatten() {
                for s in Seat::ALL {
                    prop_assert!(points_ok(g.points[s]), "{:?}", g.points);
                }
            }
            let totals = sheet.totals();
            for s in Seat::ALL {
                let sum: i64 = sheet
                    .games
                    .iter()
                    .flatten()
                    .map(|g| i64::from(g.points[s]))
                    .sum();
                prop_assert_eq!(i64::from(totals[s]), sum);
            }
        }
    }
    let expected = expected_totals(t);
    let ceiling = i64::from(MAX_ROUNDS) * (i64::from(MAX_GAMES) + 1) * i64::from(MAX_POINTS);
    for row in t.standings().rows {
        prop_assert_eq!(row.points, expected[&row.player]);
        prop_assert!(row.points.abs() <= ceiling);
        prop_assert_eq!(row.rounds.iter().sum::<i64>(), row.points);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn no_points_beyond_the_bounds_are_taken_and_no_total_wraps(
        sit_out in extreme(),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        let mut run = Run::new("standard", OddPlayers::SitOut { points: 0 });
        let set = run.try_do(
            Actor::Director,
            Command::UpdateSettings {
                name: None, dates: None, rules: None, rounds: None,
                games_per_round: None, round_minutes: None, tie_breaks: None,
                odd_players: Some(OddPlayers::SitOut { points: sit_out }),
                time_zone: None,
            },
        );
        prop_assert_eq!(set.is_ok(), points_ok(sit_out));
        if let Err(e) = &set {
            prop_assert!(e.to_string().contains("for sitting out"), "{}", e);
        }
        run.register(1..=13);
        run.seat(RoundNo(1), SeatingMethod::ByNumber);
        run.start(RoundNo(1));
        let mut accepted = false;
        for op in &ops {
            let (table, game, p, entry_ok) = match *op {
                Op::Enter(t, g, p, _) | Op::Amend(t, g, p) => {
                    (TableNo::at(t).unwrap(), g, p, p.iter().all(|&x| points_ok(x)))
                }
            };
            let entry = Entry::Points {
                points: BySeat(p),
                mah_jongg: match op { Op::Enter(.., w) => w.map(Seat::from_index), _ => None },
            };
            let result = match op {
                Op::Enter(..) if !accepted => run.try_do(
                    Actor::Scorekeeper { round: RoundNo(1), table },
                    Command::EnterGame { round: RoundNo(1), table, game, entry },
                ),
                Op::Enter(..) => continue,
                Op::Amend(..) if accepted => run.try_do(
                    Actor::Director,
                    Command::AmendSheet { round: RoundNo(1), table, game, entry, reason: "slip".into() },
                ),
                Op::Amend(..) => {
                    // Finish round 1 first: zeros where nothing was entered.
                    finish_round_one(&mut run);
                    accepted = true;
                    continue;
                }
            };
            prop_assert_eq!(result.is_ok(), entry_ok, "{:?}: {:?}", op, result);
            if let Err(e) = result {
                prop_assert!(e.to_string().contains("beyond any game score"), "{}", e);
            }
            bounded(&run.t)?;
        }
        if !accepted {
            finish_round_one(&mut run);
        }
        bounded(&run.t)?;
        let again = Tournament::import_json(&run.t.export_json()).unwrap();
        prop_assert_eq!(&again, &run.t);
    }

    #[test]
    fn an_extreme_number_anywhere_in_a_file_is_refused_or_harmless(
        pick in any::<prop::sample::Index>(),
        value in prop_oneof![
            Just(i64::MIN), Just(i64::MAX), Just(i64::from(i32::MIN)), Just(i64::from(i32::MAX)),
            Just(-1i64), Just(0i64), Just(u32::MAX as i64 + 1), any::<i64>(),
        ],
    ) {
        let mut run = Run::new("standard", OddPlayers::SitOut { points: 5 });
        run.register(1..=9);
        run.seat(RoundNo(1), SeatingMethod::ByNumber);
        run.play_round(RoundNo(1), one_win_each);
        let mut file: serde_json::Value = serde_json::from_str(&run.t.export_json()).unwrap();
        let mut numbers = Vec::new();
        paths(&file, String::new(), &mut numbers);
        let path = pick.get(&numbers).clone();
        *file.pointer_mut(&path).unwrap() = serde_json::json!(value);
        match Tournament::import_json(&file.to_string()) {
            Err(_) => {}
            Ok(t) => {
                // Taken only if a live tournament could hold it.
                bounded(&t)?;
                for r in t.log() {
                    prop_assert!(r.at >= 0 && r.at <= jongg_tournament::limits::MAX_MILLIS);
                }
            }
        }
    }
}

/// Zeros in every empty slot of round 1, every seat signs, the director
/// accepts every sheet and closes the round.
fn finish_round_one(run: &mut Run) {
    let sheets = run.t.round(RoundNo(1)).unwrap().sheets.clone();
    for sheet in &sheets {
        let keeper = Actor::Scorekeeper {
            round: RoundNo(1),
            table: sheet.table,
        };
        for (game, g) in sheet.numbered_games() {
            if g.is_none() {
                let entry = Entry::Points {
                    points: BySeat([0; 4]),
                    mah_jongg: None,
                };
                run.ok(
                    keeper,
                    Command::EnterGame {
                        round: RoundNo(1),
                        table: sheet.table,
                        game,
                        entry,
                    },
                );
            }
        }
        for seat in Seat::ALL {
            if run.t.sheet(RoundNo(1), sheet.table).unwrap().state == SheetState::Draft {
                run.ok(
                    keeper,
                    Command::SignSheet {
                        round: RoundNo(1),
                        table: sheet.table,
                        seat,
                        game: None,
                        device: None,
                    },
                );
            }
        }
        run.ok(
            Actor::Director,
            Command::AcceptSheet {
                round: RoundNo(1),
                table: sheet.table,
            },
        );
    }
    let at = run.clock;
    run.ok(
        Actor::Director,
        Command::CloseRound {
            round: RoundNo(1),
            at,
        },
    );
}

/// The JSON pointers of every number in `v`.
fn paths(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Number(_) => out.push(at),
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                paths(x, format!("{at}/{i}"), out);
            }
        }
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                paths(x, format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
}
