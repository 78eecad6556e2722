//! Property tests of the computed seating (issue 14, point 8): whatever the
//! size, leftover, rounds played and seed, every player sits exactly once a
//! round in a valid seat, the answer is never worse than the preset's
//! movement (R13), short places and seats go round within the stated
//! bounds, and nothing panics.

mod movement_support;

use jongg_rules::movement::SeatMovement;
use jongg_rules::schedule::{Leftover, Player, Request, Round, compute};
use jongg_rules::{PRESET_NAMES, Preset};
use jongg_tiles::{BySeat, Seat};
use movement_support::*;
use proptest::prelude::*;

/// Less search than the other tests: these run many cases unoptimised.
const PROP_WORK: u64 = 200_000;

fn preset_movement(i: usize) -> SeatMovement {
    Preset::builtin(PRESET_NAMES[i % PRESET_NAMES.len()])
        .unwrap()
        .movement
}

fn everyone(n: u32) -> Vec<Player> {
    (1..=n).map(Player).collect()
}

/// A player count that the leftover rule can seat (not 5 with tables of three).
fn seatable() -> impl Strategy<Value = (u32, Leftover)> {
    (3u32..=64, 0usize..2).prop_filter_map("5 players need sit-outs", |(n, k)| {
        let leftover = LEFTOVERS[k];
        (n >= 4 || leftover == Leftover::TablesOfThree)
            .then_some((n, leftover))
            .filter(|&(n, l)| !(n == 5 && l == Leftover::TablesOfThree))
    })
}

/// Rounds played as a random shuffle per round, in the layout's shape:
/// valid seatings of some random history.
fn random_played(n: u32, leftover: Leftover, rounds: usize, seed: u64) -> Vec<Round> {
    let layout = jongg_rules::schedule::Layout::for_players(n, leftover).unwrap();
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    (0..rounds)
        .map(|_| {
            let mut order = everyone(n);
            for i in (1..order.len()).rev() {
                order.swap(i, next() % (i + 1));
            }
            let mut it = order.into_iter();
            let mut tables = Vec::new();
            for t in 0..layout.tables() {
                let size = if t < layout.fours { 4 } else { 3 };
                tables.push(BySeat::from_fn(|s| {
                    if s.index() < size { it.next() } else { None }
                }));
            }
            Round {
                tables,
                sit_outs: it.collect(),
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Every computed round seats everyone exactly once, at a table of the
    /// right size with East, South and West taken (North empty at a table of
    /// three, R12), after any valid rounds played, with any seed.
    #[test]
    fn every_player_sits_exactly_once_a_round_in_a_valid_seat(
        (n, leftover) in seatable(),
        played in 0usize..3,
        left in 1u32..=6,
        seed in any::<u64>(),
    ) {
        let r = Request {
            played: random_played(n, leftover, played, seed),
            seed,
            search_work: PROP_WORK,
            ..request(n, left, leftover)
        };
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        prop_assert_eq!(compute(&r).unwrap(), c, "same request, same answer");
    }

    /// R13: with a preset's movement as the baseline, the computed seating
    /// never has more repeat meetings than that movement, counted by
    /// `jongg_rules::movement` (fresh, or continued after rounds of it).
    #[test]
    fn never_more_repeats_than_the_presets_movement(
        tables in 1u32..=16,
        rounds in 1u32..=8,
        played in 0u32..3,
        preset in 0usize..5,
        seed in any::<u64>(),
    ) {
        let played = played.min(rounds - 1);
        let m = preset_movement(preset);
        let r = Request {
            played: movement_rounds(tables, played, &m),
            baseline: Some(m),
            seed,
            search_work: PROP_WORK,
            ..request(4 * tables, rounds - played, Leftover::TablesOfThree)
        };
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        let theirs = movement_repeats(tables, rounds, &m);
        prop_assert_eq!(c.baseline_repeats, Some(theirs));
        prop_assert!(c.repeats <= theirs, "{} > {}", c.repeats, theirs);
    }

    /// Stated bound, tables of four, no round played: every player sits in
    /// every seat ⌊R/4⌋ or ⌈R/4⌉ times (the König colouring, seats.rs).
    #[test]
    fn fresh_tables_of_four_give_every_seat_evenly(
        tables in 1u32..=14,
        rounds in 1u32..=10,
        seed in any::<u64>(),
    ) {
        let r = Request { seed, search_work: PROP_WORK, ..request(4 * tables, rounds, Leftover::SitOut) };
        let c = compute(&r).unwrap();
        for (i, b) in seats_of(&c.rounds, &everyone(4 * tables)).iter().enumerate() {
            for seat in Seat::ALL {
                prop_assert!(
                    b[seat] == rounds / 4 || b[seat] == rounds.div_ceil(4),
                    "player {} {} times {}", i + 1, b[seat], seat
                );
            }
        }
    }

    /// Stated bound, any leftover, no round played: East counts differ by at
    /// most 1 between any two players, and so do short places (tables of
    /// three or sitting out); every other seat by at most 2.
    #[test]
    fn fresh_east_and_short_places_differ_by_at_most_one(
        (n, leftover) in seatable(),
        rounds in 1u32..=8,
        seed in any::<u64>(),
    ) {
        let r = Request { seed, search_work: PROP_WORK, ..request(n, rounds, leftover) };
        let c = compute(&r).unwrap();
        let all = everyone(n);
        let (lo, hi) = spread(&c.rounds, &all, Seat::East);
        prop_assert!(hi - lo <= 1, "East {lo} to {hi}");
        for seat in [Seat::South, Seat::West, Seat::North] {
            let (lo, hi) = spread(&c.rounds, &all, seat);
            prop_assert!(hi - lo <= 2, "{seat} {lo} to {hi}");
        }
        let short = short_places(&c.rounds, &all);
        let (lo, hi) = (short.iter().min().unwrap(), short.iter().max().unwrap());
        prop_assert!(hi - lo <= 1, "short places {lo} to {hi}");
    }

    /// Stated bound after rounds played: repeats come first, so the tables
    /// may hold players who have all had East often (under a preset's
    /// movement players keep their seat: after k rounds the East players
    /// have k Easts, the others none, and have never met each other). East
    /// is then as even as those tables allow; in particular at every
    /// computed table the East player has had East, over all rounds, at most
    /// once more than any player at that table.
    #[test]
    fn east_after_rounds_played_goes_to_those_who_had_it_least(
        tables in 2u32..=12,
        played in 1u32..=3,
        left in 1u32..=6,
        preset in 0usize..5,
        seed in any::<u64>(),
    ) {
        let m = preset_movement(preset);
        let r = Request {
            played: movement_rounds(tables, played, &m),
            seed,
            search_work: PROP_WORK,
            ..request(4 * tables, left, Leftover::TablesOfThree)
        };
        let c = compute(&r).unwrap();
        let all = everyone(4 * tables);
        let total = seats_of(&known(&r, &c), &all);
        let east = |p: Player| total[p.0 as usize - 1][Seat::East];
        for (k, round) in c.rounds.iter().enumerate() {
            for table in &round.tables {
                let holder = east(table[Seat::East].unwrap());
                let least = table.0.iter().flatten().map(|&p| east(p)).min().unwrap();
                prop_assert!(holder <= least + 1, "round {}: East has {holder}, a tablemate {least}", k + 1);
            }
        }
    }

    /// Rounds played with unknown or duplicated players, and any sizes:
    /// an error or a valid answer, never a panic.
    #[test]
    fn odd_requests_never_panic(
        n in 0u32..=40,
        leftover in 0usize..2,
        left in 0u32..=4,
        ids in proptest::collection::btree_set(0u32..=45, 0..24),
        twice in proptest::option::of(0u32..=45),
        seed in any::<u64>(),
    ) {
        let leftover = LEFTOVERS[leftover];
        let ids: Vec<u32> = ids.into_iter().chain(twice).collect();
        let played = vec![Round {
            tables: ids.chunks(4).map(|c| BySeat::from_fn(|s| c.get(s.index()).map(|&p| Player(p)))).collect(),
            sit_outs: Vec::new(),
        }];
        let r = Request { played, seed, search_work: PROP_WORK, ..request(n, left, leftover) };
        if let Ok(c) = compute(&r) {
            assert_valid(&r, &c);
        }
    }
}
