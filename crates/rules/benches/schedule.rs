//! Computed seating speed (issue 14: "schedule search for 50 tables × 8
//! rounds under 2 s"). Run:
//! `cargo bench -p jongg-rules --bench schedule`

use jongg_rules::Preset;
use jongg_rules::movement::seating;
use jongg_rules::schedule::{Computed, Leftover, Player, Request, SEARCH_WORK, compute, numbered};

fn main() {
    divan::main();
}

fn request(players: u32, rounds_left: u32, leftover: Leftover) -> Request {
    Request {
        players: (1..=players).map(Player).collect(),
        played: Vec::new(),
        rounds_left,
        leftover,
        baseline: Some(Preset::builtin("standard").unwrap().movement),
        seed: 0,
        search_work: SEARCH_WORK,
    }
}

/// 200 players, 8 rounds, nothing played: a cyclic design fits (no search).
#[divan::bench(sample_count = 20)]
fn fresh_50_tables_8_rounds() -> Computed {
    compute(divan::black_box(&request(200, 8, Leftover::TablesOfThree))).unwrap()
}

/// 199 players (49 tables of four, one of three), 8 rounds: no design
/// applies, so a greedy start and the tabu search.
#[divan::bench(sample_count = 20)]
fn search_50_tables_8_rounds_one_of_three() -> Computed {
    compute(divan::black_box(&request(199, 8, Leftover::TablesOfThree))).unwrap()
}

/// 200 players after 2 rounds of standard's movement (R13), 6 rounds left:
/// the search, with the rounds played counted.
#[divan::bench(sample_count = 20)]
fn search_50_tables_6_rounds_after_2_played(b: divan::Bencher) {
    let played = numbered(&seating(50, 2, &Preset::builtin("standard").unwrap().movement).unwrap());
    let r = Request {
        played,
        ..request(200, 6, Leftover::TablesOfThree)
    };
    b.bench(|| compute(divan::black_box(&r)).unwrap());
}

/// 24 players, 8 rounds: repeats cannot all go (at least 12), so the search
/// runs its whole budget; the slowest case a director meets.
#[divan::bench(sample_count = 5)]
fn search_6_tables_8_rounds_whole_budget() -> Computed {
    compute(divan::black_box(&request(24, 8, Leftover::TablesOfThree))).unwrap()
}

/// The largest event: 1999 players (499 tables of four, one of three), 8
/// rounds.
#[divan::bench(sample_count = 5)]
fn search_500_tables_8_rounds_one_of_three() -> Computed {
    compute(divan::black_box(&request(1999, 8, Leftover::TablesOfThree))).unwrap()
}
