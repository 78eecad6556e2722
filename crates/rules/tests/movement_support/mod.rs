//! What every computed seating must be, shared by `movement_schedule.rs`
//! and `movement_schedule_props.rs`.
#![allow(dead_code)] // each test file uses part of this

use jongg_rules::movement::{SeatMovement, repeats, seating};
use jongg_rules::schedule::{
    Computed, Layout, Leftover, Player, Request, Round, numbered, seat_counts,
};
use jongg_tiles::{BySeat, Seat};
use std::collections::BTreeSet;

/// Search work for tests: tests run unoptimised, and every property below
/// must hold whatever the budget (the search only ever improves its start).
pub const WORK: u64 = 1_000_000;

pub fn request(players: u32, rounds_left: u32, leftover: Leftover) -> Request {
    Request {
        players: (1..=players).map(Player).collect(),
        played: Vec::new(),
        rounds_left,
        leftover,
        baseline: None,
        seed: 0,
        search_work: WORK,
    }
}

/// Each computed round seats every player of the request exactly once: at a
/// table of four, at a table of three with North empty (R12; standard 3A),
/// or sitting out, as many of each as the layout says; the repeat count is
/// the one recounted from the rounds played and computed.
pub fn assert_valid(r: &Request, c: &Computed) {
    let n = r.players.len() as u32;
    let layout = Layout::for_players(n, r.leftover).unwrap();
    assert_eq!(c.layout, layout);
    assert_eq!(c.first_round, r.played.len() as u32 + 1);
    assert_eq!(c.rounds.len() as u32, r.rounds_left);
    let everyone: BTreeSet<Player> = r.players.iter().copied().collect();
    for (k, round) in c.rounds.iter().enumerate() {
        let at = format!("computed round {}", k + 1);
        assert_eq!(round.tables.len() as u32, layout.tables(), "{at}");
        assert_eq!(round.sit_outs.len() as u32, layout.sit_outs, "{at}");
        let mut seen = BTreeSet::new();
        for (t, table) in round.tables.iter().enumerate() {
            let seated = table.0.iter().flatten().count() as u32;
            let want = if (t as u32) < layout.fours { 4 } else { 3 };
            assert_eq!(seated, want, "{at}, table {}", t + 1);
            for seat in [Seat::East, Seat::South, Seat::West] {
                assert!(table[seat].is_some(), "{at}, table {}: {seat} empty", t + 1);
            }
            for p in table.0.iter().flatten() {
                assert!(seen.insert(*p), "{at}: player {p} twice");
            }
        }
        for p in &round.sit_outs {
            assert!(seen.insert(*p), "{at}: player {p} twice");
        }
        assert_eq!(seen, everyone, "{at}: not every player, or a stranger");
    }
    let all: Vec<Round> = known(r, c);
    assert_eq!(c.repeats, repeats_among(&all, &everyone), "repeat count");
    assert!(c.repeats >= c.lower_bound, "below the bound");
    assert!(c.repeats >= c.repeats_played);
}

/// The rounds played (only the request's players kept) then the computed.
pub fn known(r: &Request, c: &Computed) -> Vec<Round> {
    let keep: BTreeSet<Player> = r.players.iter().copied().collect();
    let played = r.played.iter().map(|round| Round {
        tables: round
            .tables
            .iter()
            .map(|t| t.map(|p| p.filter(|p| keep.contains(p))))
            .collect(),
        sit_outs: round.sit_outs.clone(),
    });
    played.chain(c.rounds.iter().cloned()).collect()
}

/// Repeat meetings among `players`, recounted pair by pair.
pub fn repeats_among(rounds: &[Round], players: &BTreeSet<Player>) -> u32 {
    let list: Vec<Player> = players.iter().copied().collect();
    let mut total = 0;
    for (i, &a) in list.iter().enumerate() {
        for &b in &list[i + 1..] {
            let met = rounds
                .iter()
                .flat_map(|r| &r.tables)
                .filter(|t| t.0.contains(&Some(a)) && t.0.contains(&Some(b)))
                .count() as u32;
            total += met.saturating_sub(1);
        }
    }
    total
}

/// A movement's repeat meetings over rounds 1..=R at T tables (R13), from
/// `jongg_rules::movement`: Σ over pairs of (meetings − 1).
pub fn movement_repeats(tables: u32, rounds: u32, m: &SeatMovement) -> u32 {
    repeats(tables, rounds, m)
        .unwrap()
        .iter()
        .map(|p| p.rounds.len() as u32 - 1)
        .sum()
}

/// A movement's first `rounds` rounds, the player who starts at table t in
/// seat s numbered 4(t − 1) + s + 1 (the order `Request::players` seats).
pub fn movement_rounds(tables: u32, rounds: u32, m: &SeatMovement) -> Vec<Round> {
    if rounds == 0 {
        return Vec::new();
    }
    numbered(&seating(tables, rounds, m).unwrap())
}

/// Per player (all of them, zeros included): times in each seat.
pub fn seats_of(rounds: &[Round], players: &[Player]) -> Vec<BySeat<u32>> {
    let counts = seat_counts(rounds);
    players
        .iter()
        .map(|p| counts.get(p).copied().unwrap_or_default())
        .collect()
}

/// The fewest and most times any player sat in `seat`.
pub fn spread(rounds: &[Round], players: &[Player], seat: Seat) -> (u32, u32) {
    let v: Vec<u32> = seats_of(rounds, players).iter().map(|b| b[seat]).collect();
    (*v.iter().min().unwrap(), *v.iter().max().unwrap())
}

/// Per player: rounds at a table of three or sitting out.
pub fn short_places(rounds: &[Round], players: &[Player]) -> Vec<u32> {
    players
        .iter()
        .map(|p| {
            rounds
                .iter()
                .filter(|r| {
                    r.sit_outs.contains(p)
                        || r.tables
                            .iter()
                            .any(|t| t.0.contains(&Some(*p)) && t[Seat::North].is_none())
                })
                .count() as u32
        })
        .collect()
}

pub const LEFTOVERS: [Leftover; 2] = [Leftover::TablesOfThree, Leftover::SitOut];
