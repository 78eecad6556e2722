//! Seats for the tables of a draft: every player East about as often as
//! the others, and the other seats spread too.
//!
//! First a proper colouring (seats are colours) of the bipartite graph whose
//! edges join each table of each round to its players, with each player's
//! rounds taken in blocks of four (König: a bipartite graph of largest degree
//! 4 has a colouring with 4 colours, found by swapping colours along
//! alternating paths). Each table gets four different seats and each player
//! four different seats in each block of four rounds, so with no round played
//! and every table of four, **every player sits in every seat ⌊L/4⌋ or
//! ⌈L/4⌉ times in L rounds**, the best possible. A table of three takes a
//! fourth, imaginary player, and then moves whoever got North to the seat
//! the imaginary player got (North is the empty seat, R12).
//!
//! Then, to count the rounds played and tables of three, a descent: for one
//! table at a time the best order of its players over its seats, by
//! Σ over players of 4·(times East)² + Σ other seats (times there)²,
//! until no table changes. From the balanced colouring this cannot move (each
//! seat's total is fixed, so balanced counts are the least sum of squares).

use super::model::{Draft, Kind, Problem};
use super::{Player, Round};
use jongg_tiles::BySeat;

const NORTH: u8 = 3;

/// Seats the draft: one `Round` per round left.
pub(super) fn assign(p: &Problem, d: &Draft) -> Vec<Round> {
    let mut seat = colour(p, d);
    balance(p, d, &mut seat);
    d.rounds
        .iter()
        .zip(&seat)
        .map(|(round, seats)| {
            let mut out = Round::default();
            for g in &p.groups {
                if g.kind == Kind::Bench {
                    let mut bench: Vec<Player> =
                        round[g.slots()].iter().map(|&i| p.ids[i]).collect();
                    bench.sort();
                    out.sit_outs = bench;
                    continue;
                }
                let mut table = BySeat([None; 4]);
                for s in g.slots() {
                    table.0[seats[s] as usize] = Some(p.ids[round[s]]);
                }
                out.tables.push(table);
            }
            out
        })
        .collect()
}

/// An edge-colouring of a bipartite multigraph with at most 4 colours.
struct Colouring {
    ends: Vec<(usize, usize)>,
    colour: Vec<u8>,
    /// `at[vertex][colour]`: the edge of that colour at the vertex.
    at: Vec<[Option<usize>; 4]>,
}

impl Colouring {
    fn free(&self, v: usize) -> u8 {
        (0..4)
            .find(|&c| self.at[v][c as usize].is_none())
            .unwrap_or(0)
    }

    fn set(&mut self, e: usize, c: u8) {
        self.colour[e] = c;
        let (u, v) = self.ends[e];
        self.at[u][c as usize] = Some(e);
        self.at[v][c as usize] = Some(e);
    }

    /// Colours edge `e` (u on one side, v on the other), König's way.
    fn add(&mut self, u: usize, v: usize) {
        let e = self.ends.len();
        self.ends.push((u, v));
        self.colour.push(0);
        let (a, b) = (self.free(u), self.free(v));
        if self.at[v][a as usize].is_some() {
            // Swap a and b along the path from v that alternates a, b, a...
            // In a bipartite graph it cannot reach u, which lacks a.
            let mut path = Vec::new();
            let (mut cur, mut c) = (v, a);
            while let Some(f) = self.at[cur][c as usize] {
                path.push(f);
                let (x, y) = self.ends[f];
                cur = if x == cur { y } else { x };
                c = if c == a { b } else { a };
            }
            for &f in &path {
                let (x, y) = self.ends[f];
                let old = self.colour[f] as usize;
                self.at[x][old] = None;
                self.at[y][old] = None;
            }
            for &f in &path {
                let new = if self.colour[f] == a { b } else { a };
                self.set(f, new);
            }
        }
        self.set(e, a);
    }
}

/// `seat[r][slot]` (0 East .. 3 North) from the König colouring.
fn colour(p: &Problem, d: &Draft) -> Vec<Vec<u8>> {
    let rounds = d.rounds.len();
    let blocks = rounds.div_ceil(4).max(1);
    let groups = p.groups.len();
    let threes = p.groups.iter().filter(|g| g.kind == Kind::Three).count();
    // Vertices: player blocks, then one imaginary player per table of three
    // and round, then the tables of each round.
    let imaginary = p.n * blocks;
    let tables = imaginary + threes * rounds;
    let mut c = Colouring {
        ends: Vec::new(),
        colour: Vec::new(),
        at: vec![[None; 4]; tables + groups * rounds],
    };
    let mut seen = vec![0usize; p.n];
    let mut edge = vec![vec![usize::MAX; p.n]; rounds];
    let mut imaginary_edges = Vec::new();
    for (r, round) in d.rounds.iter().enumerate() {
        let mut three = 0;
        for (k, g) in p.groups.iter().enumerate() {
            if !g.meets() {
                continue;
            }
            let table = tables + r * groups + k;
            for s in g.slots() {
                let player = round[s];
                edge[r][s] = c.ends.len();
                c.add(player * blocks + seen[player] / 4, table);
                seen[player] += 1;
            }
            if g.kind == Kind::Three {
                imaginary_edges.push((r, k, c.ends.len()));
                c.add(imaginary + r * threes + three, table);
                three += 1;
            }
        }
    }
    let mut seat: Vec<Vec<u8>> = (0..rounds)
        .map(|r| {
            (0..p.n)
                .map(|s| {
                    if edge[r][s] == usize::MAX {
                        0
                    } else {
                        c.colour[edge[r][s]]
                    }
                })
                .collect()
        })
        .collect();
    for (r, k, e) in imaginary_edges {
        let empty = c.colour[e];
        for s in p.groups[k].slots() {
            if seat[r][s] == NORTH {
                seat[r][s] = empty;
            }
        }
    }
    seat
}

/// Evens out each seat in turn, East first, counting the rounds played: while
/// some player has two or more of the seat than another, hand it along a
/// chain of tables (each passing player gives the seat at one table and
/// takes it at another, so only the two ends change) from the one to the
/// other. Seats already evened are not touched: a player takes the seat in
/// exchange for one later in East, South, West, North. With no chain left
/// the seat's counts are as even as the tables allow (a chain is exactly
/// what would make the sum of squared counts smaller).
fn balance(p: &Problem, d: &Draft, seat: &mut [Vec<u8>]) {
    // The tables (round, first slot, slots) with players.
    let tables: Vec<(usize, std::ops::Range<usize>)> = (0..d.rounds.len())
        .flat_map(|r| {
            p.groups
                .iter()
                .filter(|g| g.meets())
                .map(move |g| (r, g.slots()))
        })
        .collect();
    // Per player, the tables they sit at.
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); p.n];
    for (k, (r, slots)) in tables.iter().enumerate() {
        slots.clone().for_each(|s| at[d.rounds[*r][s]].push(k));
    }
    for fixed in 0..3u8 {
        let mut count: Vec<u32> = (0..p.n)
            .map(|i| p.seats_played[i][fixed as usize])
            .collect();
        for (r, slots) in &tables {
            for s in slots.clone().filter(|&s| seat[*r][s] == fixed) {
                count[d.rounds[*r][s]] += 1;
            }
        }
        // Highest counts first; each success lowers the sum of squares.
        'chains: loop {
            let mut order: Vec<usize> = (0..p.n).collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(count[i]), i));
            let least = count.iter().copied().min().unwrap_or(0);
            for &from in order.iter().take_while(|&&i| count[i] >= least + 2) {
                if let Some(path) = chain(p, d, seat, &tables, &at, &count, from, fixed) {
                    let to = path.last().map(|&(_, _, v)| v).unwrap_or(from);
                    for (r, s_from, s_to) in path.iter().map(|&(k, sf, v)| {
                        let (r, slots) = &tables[k];
                        let st = slots.clone().find(|&s| d.rounds[*r][s] == v).unwrap_or(sf);
                        (*r, sf, st)
                    }) {
                        seat[r].swap(s_from, s_to);
                    }
                    count[from] -= 1;
                    count[to] += 1;
                    continue 'chains;
                }
            }
            break;
        }
    }
}

/// A chain handing seat `fixed` from `from` to a player with at least two
/// fewer: (table, slot giving the seat, player taking it), first link first.
#[allow(clippy::too_many_arguments)]
fn chain(
    p: &Problem,
    d: &Draft,
    seat: &[Vec<u8>],
    tables: &[(usize, std::ops::Range<usize>)],
    at: &[Vec<usize>],
    count: &[u32],
    from: usize,
    fixed: u8,
) -> Option<Vec<(usize, usize, usize)>> {
    let mut came: Vec<Option<(usize, usize, usize)>> = vec![None; p.n];
    let mut seen = vec![false; p.n];
    seen[from] = true;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(u) = queue.pop_front() {
        for &k in &at[u] {
            let (r, slots) = &tables[k];
            let Some(su) = slots.clone().find(|&s| d.rounds[*r][s] == u) else {
                continue;
            };
            if seat[*r][su] != fixed {
                continue;
            }
            for s in slots.clone().filter(|&s| seat[*r][s] > fixed) {
                let v = d.rounds[*r][s];
                if seen[v] {
                    continue;
                }
                seen[v] = true;
                came[v] = Some((k, su, u));
                if count[v] + 2 <= count[from] {
                    let mut path = Vec::new();
                    let mut x = v;
                    while let Some((k, su, u)) = came[x] {
                        path.push((k, su, x));
                        x = u;
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(v);
            }
        }
    }
    None
}
