//! Property tests: random command sequences never panic, never seat a player
//! twice, and replaying the log (or importing the export) gives the same state.
//! After every command: an accepted sheet carries the signatures its preset
//! requires (R14, written out below), its games change only through an
//! amendment whose reason is in the audit log, and the standings equal the
//! accepted games plus sit-out points recomputed from the event log alone.
//! The run counts how many sequences reach accepted and amended sheets and
//! fails if too few do.

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug)]
enum Op {
    Register(u32, bool),
    Withdraw(u32),
    MarkLate(u32),
    Arrive(u32),
    Substitute(u32, u32),
    Seat(RoundNo, u8, u64),
    Start(RoundNo),
    Close(RoundNo),
    Enter(RoundNo, TableNo, GameNo, [i32; 4], Option<u8>),
    Sign(RoundNo, TableNo, u8),
    Accept(RoundNo, TableNo),
    Amend(RoundNo, TableNo, GameNo, [i32; 4], bool),
    TieBreaks(bool),
    /// Seat the next round (or re-seat the last one, not yet started).
    SeatNext(u8, u64),
    /// Start the first round seated but not started.
    StartNext,
    /// Enter a game on a table of the round under way.
    EnterNow(TableNo, GameNo, [i32; 4], Option<u8>),
    /// Amend a game of some accepted sheet (picked by index).
    AmendSome(usize, usize, GameNo, [i32; 4], bool),
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

fn round(r: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = RoundNo> {
    r.prop_map(RoundNo)
}

fn table(t: std::ops::RangeInclusive<u16>) -> impl Strategy<Value = TableNo> {
    t.prop_map(TableNo)
}

fn game(g: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = GameNo> {
    g.prop_map(GameNo)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (1u32..=22, any::<bool>()).prop_map(|(n, l)| Op::Register(n, l)),
        1 => (1u32..=22).prop_map(Op::Withdraw),
        1 => (1u32..=22).prop_map(Op::MarkLate),
        1 => (1u32..=22).prop_map(Op::Arrive),
        1 => (1u32..=22, 23u32..=40).prop_map(|(a, b)| Op::Substitute(a, b)),
        3 => (round(0..=5), 0u8..=3, any::<u64>()).prop_map(|(r, m, s)| Op::Seat(r, m, s)),
        2 => round(0..=5).prop_map(Op::Start),
        1 => round(0..=5).prop_map(Op::Close),
        3 => (round(0..=5), table(0..=6), game(0..=5), points(), prop::option::of(0u8..4))
            .prop_map(|(r, t, g, p, w)| Op::Enter(r, t, g, p, w)),
        2 => (round(0..=5), table(0..=6), 0u8..4).prop_map(|(r, t, s)| Op::Sign(r, t, s)),
        1 => (round(0..=5), table(0..=6)).prop_map(|(r, t)| Op::Accept(r, t)),
        1 => (round(0..=5), table(0..=6), game(0..=5), points(), any::<bool>())
            .prop_map(|(r, t, g, p, why)| Op::Amend(r, t, g, p, why)),
        1 => any::<bool>().prop_map(Op::TieBreaks),
        3 => Just(Op::Finish),
        4 => (0u8..=3, any::<u64>()).prop_map(|(m, s)| Op::SeatNext(m, s)),
        3 => Just(Op::StartNext),
        3 => (table(0..=5), game(1..=4), points(), prop::option::of(0u8..4))
            .prop_map(|(t, g, p, w)| Op::EnterNow(t, g, p, w)),
        3 => (any::<usize>(), any::<usize>(), game(1..=4), points(), prop::bool::weighted(0.8))
            .prop_map(|(r, t, g, p, why)| Op::AmendSome(r, t, g, p, why)),
    ]
}

fn actor() -> impl Strategy<Value = Actor> {
    prop_oneof![
        6 => Just(Actor::Director),
        1 => Just(Actor::System),
        1 => Just(Actor::Public),
        3 => (round(0..=4), table(0..=5)).prop_map(|(round, table)| Actor::Scorekeeper { round, table }),
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
            game: None,
            device: None,
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
            time_zone: None,
        },
        Op::SeatNext(m, seed) => {
            let rounds = t.rounds();
            let round = match rounds.last() {
                Some(r) if r.state == RoundState::Seated => r.seating.round,
                _ => RoundNo::at(rounds.len()).ok()?,
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
            // Mostly an accepted sheet (the case that matters), sometimes any.
            let sheets: Vec<&Sheet> = t.rounds().iter().flat_map(|r| &r.sheets).collect();
            let accepted: Vec<&Sheet> = sheets
                .iter()
                .copied()
                .filter(|s| s.state == SheetState::Accepted)
                .collect();
            let pool = if accepted.is_empty() || r % 4 == 0 {
                &sheets
            } else {
                &accepted
            };
            if pool.is_empty() {
                return None;
            }
            let sheet = pool[table % pool.len()];
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
        for (game, _) in sheet.numbered_games() {
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
                    game: None,
                    device: None,
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

/// R14, as RULINGS.md states it: who must have signed for each seated
/// player's scores to be verified. `standard`, `beth-emeth`,
/// `st-louis-senior-olympics`: East and West verify each other, North and
/// South verify each other. `mahjong-mania-2026`, `mississippi-2025`: every
/// player signs their own, and West signs for East. A score whose verifier's
/// seat is empty (a table of three) falls to East, who keeps the sheet; East's
/// own then to any other player.
fn r14_verified(preset: &str, players: &BySeat<Option<PlayerNo>>, signed: &BySeat<bool>) -> bool {
    let seated = |s: Seat| players[s].is_some();
    let anyone_but = |me: Seat| {
        Seat::ALL
            .into_iter()
            .any(|o| o != me && seated(o) && signed[o])
    };
    let own = matches!(preset, "mahjong-mania-2026" | "mississippi-2025");
    Seat::ALL.into_iter().filter(|&s| seated(s)).all(|s| {
        let verifier = match (own, s) {
            (true, Seat::East) => Some(Seat::West),
            (true, _) => return signed[s],
            (false, _) => Some(s.across()),
        };
        match verifier.filter(|&v| seated(v)) {
            Some(v) => signed[v],
            None if s != Seat::East => signed[Seat::East],
            None => anyone_but(s),
        }
    })
}

/// A sheet as the event log leaves it, folded here without the crate's code.
#[derive(Default)]
struct LoggedSheet {
    players: BySeat<Option<PlayerNo>>,
    games: Vec<Option<GameEntry>>,
    accepted: bool,
}

type Sheets = BTreeMap<(RoundNo, TableNo), LoggedSheet>;

/// Game `g` of a sheet, and whether the sheet is accepted.
fn slot(
    sheets: &mut Sheets,
    r: RoundNo,
    t: TableNo,
    g: GameNo,
) -> Option<(&mut Option<GameEntry>, bool)> {
    let s = sheets.get_mut(&(r, t))?;
    let accepted = s.accepted;
    s.games
        .get_mut(usize::from(g).wrapping_sub(1))
        .map(|x| (x, accepted))
}

/// Each player's points and Mah Jonggs, from the event log alone: games on
/// accepted sheets (standard 26) plus the sit-out points of started rounds.
fn standings_from_log(log: &[Recorded]) -> BTreeMap<PlayerNo, (i64, u32)> {
    let mut games_per_round = GameNo(4);
    let mut seatings: BTreeMap<RoundNo, Seating> = BTreeMap::new();
    let mut started: BTreeSet<RoundNo> = BTreeSet::new();
    let mut sheets: Sheets = BTreeMap::new();
    for rec in log {
        match &rec.event {
            Event::TournamentCreated { settings }
            | Event::SettingsUpdated {
                after: settings, ..
            } => {
                games_per_round = settings.games_per_round;
            }
            Event::RoundSeated { seating } if !started.contains(&seating.round) => {
                seatings.insert(seating.round, seating.clone());
            }
            Event::RoundStarted { round, .. }
                if seatings.contains_key(round) && started.insert(*round) =>
            {
                for t in &seatings[round].tables {
                    sheets.insert(
                        (*round, t.table),
                        LoggedSheet {
                            players: t.seats,
                            games: vec![None; usize::from(games_per_round)],
                            accepted: false,
                        },
                    );
                }
            }
            Event::GameEntered {
                round,
                table,
                game,
                after,
                ..
            } => {
                if let Some((x, false)) = slot(&mut sheets, *round, *table, *game) {
                    *x = Some(after.clone());
                }
            }
            Event::SheetAmended {
                round,
                table,
                game,
                after,
                ..
            } => {
                if let Some((x, _)) = slot(&mut sheets, *round, *table, *game) {
                    *x = Some(after.clone());
                }
            }
            Event::SheetAccepted { round, table } => {
                if let Some(s) = sheets.get_mut(&(*round, *table)) {
                    s.accepted = true;
                }
            }
            _ => {}
        }
    }
    let mut out: BTreeMap<PlayerNo, (i64, u32)> = BTreeMap::new();
    for round in &started {
        for s in &seatings[round].sit_outs {
            out.entry(s.player).or_default().0 += i64::from(s.points);
        }
    }
    for sheet in sheets.values().filter(|s| s.accepted) {
        for seat in Seat::ALL {
            let Some(p) = sheet.players[seat] else {
                continue;
            };
            for g in sheet.games.iter().flatten() {
                let e = out.entry(p).or_default();
                e.0 += i64::from(g.points[seat]);
                e.1 += u32::from(g.mah_jongg == Some(seat));
            }
        }
    }
    out
}

/// The invariants after one command: `before` the state before it, `new` the
/// records it added.
fn check_step(
    before: &Tournament,
    after: &Tournament,
    new: &[Recorded],
    preset: &str,
) -> Result<(), TestCaseError> {
    no_player_twice(after);
    for (r, round) in after.rounds().iter().enumerate() {
        for sheet in &round.sheets {
            if sheet.state != SheetState::Accepted {
                continue;
            }
            // R14: accepted only when verified; every game is on it.
            prop_assert!(
                r14_verified(preset, &sheet.players, &sheet.signed),
                "round {} table {}: accepted with signatures {:?}",
                sheet.round,
                sheet.table,
                sheet.signed
            );
            prop_assert!(sheet.games.iter().all(Option::is_some));
            let Some(old) = before
                .rounds()
                .get(r)
                .and_then(|b| b.sheets.iter().find(|s| s.table == sheet.table))
            else {
                continue;
            };
            if old.state != SheetState::Accepted {
                continue;
            }
            // An accepted sheet changes only by an amendment with a reason (R14).
            prop_assert_eq!(old.games.len(), sheet.games.len());
            prop_assert_eq!(old.signed, sheet.signed);
            for (i, (was, now)) in old.games.iter().zip(&sheet.games).enumerate() {
                if was == now {
                    continue;
                }
                let game = GameNo::at(i).unwrap();
                let amended = new.iter().find(|rec| {
                    matches!(&rec.event,
                    Event::SheetAmended { round, table, game: g, before: b, after: a, reason }
                        if *round == sheet.round && *table == sheet.table && *g == game
                            && b == was && Some(a) == now.as_ref() && !reason.trim().is_empty())
                });
                let Some(rec) = amended else {
                    return Err(TestCaseError::fail(format!(
                        "round {} table {} game {game} changed on an accepted sheet without an amendment",
                        sheet.round, sheet.table
                    )));
                };
                prop_assert_eq!(rec.actor, Actor::Director);
                let logged = after.audit().into_iter().find(|a| a.seq == rec.seq);
                prop_assert!(
                    logged.is_some_and(|a| a.action == AuditAction::Amended
                        && a.reason.as_deref().is_some_and(|x| !x.trim().is_empty())
                        && a.before.as_ref() == was.as_ref()
                        && a.after.as_ref() == now.as_ref()),
                    "the amendment of round {} table {} game {game} is not in the audit log",
                    sheet.round,
                    sheet.table
                );
            }
        }
    }
    // An accepted sheet never goes back.
    for (r, round) in before.rounds().iter().enumerate() {
        for sheet in round
            .sheets
            .iter()
            .filter(|s| s.state == SheetState::Accepted)
        {
            let now = after
                .rounds()
                .get(r)
                .and_then(|x| x.sheets.iter().find(|s| s.table == sheet.table));
            prop_assert!(now.is_some_and(|s| s.state == SheetState::Accepted));
        }
    }
    // Standings = accepted games + sit-out points, from the log alone.
    let want = standings_from_log(after.log());
    for row in after.standings().rows {
        let (points, mah_jonggs) = want.get(&row.player).copied().unwrap_or_default();
        prop_assert_eq!(
            (row.points, row.mah_jonggs),
            (points, mah_jonggs),
            "player {}",
            row.player
        );
    }
    Ok(())
}

/// What one random sequence reached.
#[derive(Default)]
struct Reached {
    accepted: bool,
    amended: bool,
}

fn run_sequence(
    preset: usize,
    sit_out: Option<i32>,
    start: u32,
    ops: &[(Actor, Op)],
) -> Result<Reached, TestCaseError> {
    let odd = sit_out.map_or(OddPlayers::ThreePlayerTables, |points| OddPlayers::SitOut {
        points,
    });
    let mut run = Run::new(PRESETS[preset], odd);
    run.register(1..=start);
    for (actor, op) in ops {
        let before = run.t.clone();
        let seen = run.t.log().len();
        match (op, command(op, &run.t)) {
            (Op::Finish, _) => finish(&mut run),
            (_, Some(cmd)) => {
                let _ = run.try_do(*actor, cmd);
            }
            (_, None) => {}
        }
        check_step(&before, &run.t, &run.t.log()[seen..], PRESETS[preset])?;
    }
    let again = Tournament::replay(run.t.log().to_vec()).unwrap();
    prop_assert_eq!(&again, &run.t);
    let imported = Tournament::import_json(&run.t.export_json()).unwrap();
    prop_assert_eq!(&imported, &run.t);
    prop_assert_eq!(imported.export_json(), run.t.export_json());
    // Every query answers without panicking.
    let s = run.t.standings();
    prop_assert_eq!(s.rows.len(), run.t.players().count());
    let _ = run.t.movement_warnings();
    for r in (0..=5).map(RoundNo) {
        let _ = run.t.round_results(r);
        for t in (0..=6).map(TableNo) {
            let _ = run.t.sheet(r, t);
        }
    }
    for p in run.t.players().map(|p| p.number).collect::<Vec<_>>() {
        prop_assert!(run.t.player_record(p).is_ok());
    }
    let events = || run.t.log().iter().map(|r| &r.event);
    Ok(Reached {
        accepted: events().any(|e| matches!(e, Event::SheetAccepted { .. })),
        amended: events().any(|e| matches!(e, Event::SheetAmended { .. })),
    })
}

#[test]
fn random_commands_keep_every_invariant_and_reach_accepted_and_amended_sheets() {
    const CASES: u32 = 256;
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        ..Config::default()
    });
    let reached = std::cell::Cell::new((0u32, 0u32, 0u32));
    let strategy = (
        0usize..5,
        prop::option::of(-20i32..=60),
        8u32..=14,
        prop::collection::vec((actor(), op()), 1..80),
    );
    runner
        .run(&strategy, |(preset, sit_out, start, ops)| {
            let r = run_sequence(preset, sit_out, start, &ops)?;
            let (n, a, m) = reached.get();
            reached.set((n + 1, a + u32::from(r.accepted), m + u32::from(r.amended)));
            Ok(())
        })
        .unwrap();
    // The invariants above mean little if the sequences never get there.
    let (runs, accepted, amended) = reached.get();
    eprintln!("{runs} runs: {accepted} reached an accepted sheet, {amended} an amendment");
    assert!(runs >= CASES, "{runs} runs");
    // About one run in three reaches one (62 to 90 of 256 seen); one in four
    // failed once under load, so the floor is one in six.
    assert!(
        accepted * 6 >= runs,
        "only {accepted} of {runs} runs reached an accepted sheet"
    );
    // About one run in eight reaches an amendment (20 to 48 of 256 in
    // 24 runs of this test); one in ten failed about one run in ten.
    assert!(
        amended * 20 >= runs,
        "only {amended} of {runs} runs reached an amendment"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A log with events missing or out of order folds up to the first
    /// event that does not fit, and the error names that event; whatever
    /// folds can be read without a panic.
    #[test]
    fn events_out_of_order_or_missing_fold_or_name_the_first_that_does_not_fit(
        keep in prop::collection::vec(any::<bool>(), 200),
        swaps in prop::collection::vec((0usize..200, 0usize..200), 0..20),
    ) {
        let mut run = Run::new("standard", OddPlayers::SitOut { points: 10 });
        run.register(1..=9);
        run.seat(RoundNo(1), SeatingMethod::ByNumber);
        run.play_round(RoundNo(1), one_win_each);
        run.ok(Actor::Director, Command::WithdrawPlayer { number: PlayerNo(2) });
        run.seat(RoundNo(2), SeatingMethod::Movement);
        run.play_round(RoundNo(2), one_win_each);
        let mut events: Vec<Event> = run.t.log().iter().map(|r| r.event.clone()).collect();
        for (a, b) in swaps {
            let n = events.len();
            events.swap(a % n, b % n);
        }
        let events: Vec<Event> = events.into_iter().zip(keep.iter().cycle()).filter(|(_, k)| **k).map(|(e, _)| e).collect();
        let t = match Tournament::replay_events(&events) {
            Ok(t) => t,
            Err(e) => {
                let seq = usize::try_from(e.seq).unwrap();
                prop_assert!((1..=events.len()).contains(&seq), "{e}");
                prop_assert!(e.to_string().contains(&format!("event {seq} ")), "{e}");
                // Everything before it folds.
                Tournament::replay_events(&events[..seq - 1]).unwrap()
            }
        };
        let _ = t.standings();
        let _ = t.movement_warnings();
        for r in (0..=3).map(RoundNo) {
            let _ = t.round_results(r);
        }
    }

    #[test]
    fn any_text_imports_or_is_refused_without_panic(text in ".{0,200}") {
        let _ = Tournament::import_json(&text);
    }
}
