//! Starting seatings: known designs, the preset's movement, and a greedy
//! round-by-round seating. The search (`search.rs`) starts from the one
//! with the fewest repeats.
//!
//! The designs seat player i first at table ⌊i/4⌋ + 1 in seat i mod 4 (the
//! order given), and then move them like a movement does: player (x, g) sits
//! in round r at table `x + r·a_g`. With integers modulo T that is a seat
//! movement (R13, `crate::movement`); with the arithmetic of the field
//! GF(q), q a prime power, two players of seats g ≠ h meet in the one round
//! r with `r·(a_g − a_h) = x_h − x_g`, so q tables play q rounds without a
//! repeat. These are four parallel lines of the affine plane of order q, its
//! other lines as tables, one direction per round; at q = 4 the four lines
//! themselves are a fifth round: the affine plane of order 4, 16 players and
//! 5 rounds in which every pair meets exactly once.

use super::field::Field;
use super::model::{Draft, Kind, Problem};
use super::{Request, Start};
use crate::movement::{Proposal, SeatMovement, find_repeat_free};
use crate::rng::Rng;
use jongg_tiles::Seat;

/// Tables (four player indices each, by seat) per round, into a draft whose
/// slots are table after table.
fn draft(rounds: Vec<Vec<[usize; 4]>>) -> Draft {
    Draft {
        rounds: rounds.into_iter().map(|r| r.concat()).collect(),
    }
}

/// Every player moved from `start[t][s]` to table `to(t, s, k)` in round
/// `k` for each k in `ks`.
fn moved(
    start: &[[usize; 4]],
    ks: impl Iterator<Item = u32>,
    to: impl Fn(usize, usize, u32) -> usize,
) -> Draft {
    let rounds = ks
        .map(|k| {
            let mut tables = vec![[usize::MAX; 4]; start.len()];
            for (t, seats) in start.iter().enumerate() {
                for (s, &player) in seats.iter().enumerate() {
                    tables[to(t, s, k)][s] = player;
                }
            }
            tables
        })
        .collect();
    draft(rounds)
}

/// Players in the order given: table 1 East, South, West, North, table 2...
fn in_order(tables: usize) -> Vec<[usize; 4]> {
    (0..tables)
        .map(|t| [4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3])
        .collect()
}

/// A seat movement modulo T from `start`, for rounds `ks` (k moves made).
fn cyclic(start: &[[usize; 4]], ks: impl Iterator<Item = u32>, m: &SeatMovement) -> Draft {
    let t = start.len() as i64;
    moved(start, ks, |table, seat, k| {
        let d = i64::from(m.offset(Seat::from_index(seat))).rem_euclid(t);
        ((table as i64 + d * (i64::from(k) % t)) % t) as usize
    })
}

/// Applies to a fresh event with every table of four and at least 4 tables.
fn fresh_fours(p: &Problem, r: &Request) -> Option<usize> {
    let fresh = r.played.is_empty() && p.layout.threes == 0 && p.layout.sit_outs == 0;
    let t = p.layout.fours as usize;
    (fresh && t >= 4 && p.rounds_left > 0).then_some(t)
}

/// The designs that fit the request: the field plane when T is a prime
/// power (the affine plane of order 4 at T = 4), and the best repeat-free
/// cyclic movement when one exists.
pub(super) fn designs(p: &Problem, r: &Request) -> Vec<(Start, Draft)> {
    let Some(t) = fresh_fours(p, r) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let left = p.rounds_left as u32;
    if let Some(field) = Field::new(t as u32) {
        out.push(field_plane(t, left, &field));
    }
    let preferred = SeatMovement::new(0, 1, 2, 3);
    if let Ok(Proposal::Found { movement, .. }) = find_repeat_free(t as u32, left, &preferred) {
        let d = cyclic(&in_order(t), 0..left, &movement);
        out.push((Start::Cyclic { movement }, d));
    }
    out
}

/// q = T tables: q rounds from the field (seat g moves by `a_g = g`), a
/// fifth of the four seats' lines when q = 4, then the same rounds again.
fn field_plane(q: usize, rounds: u32, f: &Field) -> (Start, Draft) {
    let classes = if q == 4 { 5 } else { q as u32 };
    let start = in_order(q);
    let line_round = |k: u32| -> Vec<[usize; 4]> {
        if k < q as u32 {
            let mut tables = vec![[usize::MAX; 4]; q];
            for (x, seats) in start.iter().enumerate() {
                for (g, &player) in seats.iter().enumerate() {
                    let table = f.add(x as u32, f.mul(k, g as u32)) as usize;
                    tables[table][g] = player;
                }
            }
            tables
        } else {
            // The four seats' lines: table g holds every seat-g player (q = 4).
            (0..4).map(|g| [g, 4 + g, 8 + g, 12 + g]).collect()
        }
    };
    let d = draft((0..rounds).map(|k| line_round(k % classes)).collect());
    let start = if q == 4 {
        Start::AffinePlane
    } else {
        Start::FieldPlane { order: q as u32 }
    };
    (start, d)
}

/// The preset's movement (R13) for the rounds left: from the seating in
/// order, or continued from the last round played when it seated these
/// players at full tables. `None` when it does not apply.
pub(super) fn preset(p: &Problem, r: &Request, m: &SeatMovement) -> Option<Draft> {
    let left = p.rounds_left as u32;
    if p.layout.threes > 0 || p.layout.sit_outs > 0 || left == 0 {
        return None;
    }
    if r.played.is_empty() {
        return Some(cyclic(&in_order(p.layout.fours as usize), 0..left, m));
    }
    let last = p.last_full_round.as_ref()?;
    Some(cyclic(last, 1..=left, m))
}

/// Round by round: the short places (tables of three, sit-outs) to those
/// who have had fewest, then each player, in a shuffled order, to the table
/// with room where they have met the others least.
pub(super) fn greedy(p: &Problem, rng: &mut Rng) -> Draft {
    let mut met = p.met.clone();
    let mut short = p.short_played.clone();
    let places = p.short_places() as usize;
    let mut rounds = Vec::with_capacity(p.rounds_left);
    for _ in 0..p.rounds_left {
        let mut order: Vec<usize> = (0..p.n).collect();
        rng.shuffle(&mut order);
        order.sort_by_key(|&i| short[i]);
        let (shorts, longs) = order.split_at(places);
        let mut round = vec![usize::MAX; p.n];
        for (players, wanted) in [(shorts, true), (longs, false)] {
            let groups: Vec<_> = p.groups.iter().filter(|g| g.short() == wanted).collect();
            let mut fill = vec![0usize; groups.len()];
            for &player in players {
                let best = (0..groups.len())
                    .filter(|&k| fill[k] < groups[k].len)
                    .min_by_key(|&k| {
                        let g = groups[k];
                        let seated = &round[g.start..g.start + fill[k]];
                        let clash: u32 = match g.kind {
                            Kind::Bench => 0,
                            _ => seated.iter().map(|&q| u32::from(met.get(player, q))).sum(),
                        };
                        (clash, fill[k])
                    })
                    .expect("as many places as players");
                round[groups[best].start + fill[best]] = player;
                fill[best] += 1;
            }
        }
        for g in p.groups.iter() {
            if g.meets() {
                met.add_table(&round[g.slots()]);
            }
            if g.short() {
                round[g.slots()].iter().for_each(|&i| short[i] += 1);
            }
        }
        rounds.push(round);
    }
    Draft { rounds }
}
