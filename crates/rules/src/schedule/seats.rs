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
//! Then, to count the rounds played and tables of three, each seat is evened
//! in turn by handing it along chains of tables (`balance`). The result for
//! each seat, East first, is as even as the tables allow: no exchange of
//! seats at the computed tables makes its sum of squared counts smaller
//! without touching a seat evened before it. From the balanced colouring
//! nothing moves. So East is as even as the tables allow always; with no
//! round played it differs by at most one between players (proved for tables
//! of four, property-tested with tables of three and sit-outs); the others
//! by at most two (property-tested). With rounds played the tables come
//! first: if the search seats together players who have all had East often
//! (a preset's East players have never met each other, so they make a table
//! without a repeat), one of them is East again; still, no East player at a
//! computed table has had East more than once more than a tablemate.

use super::model::{Draft, Kind, Problem};
use super::{Player, Round};
use jongg_tiles::BySeat;

const NORTH: u8 = 3;
const WEST: u8 = 2;
/// The order in which seats are evened: East first (it keeps the sheet,
/// R14, and has the 14th tile), then North (the seat a table of three lacks,
/// so it is the least even by itself), then South; West takes the rest.
const ORDER: [u8; 3] = [0, NORTH, 1];

/// Whether `seat` is evened after `fixed` (and so may be exchanged for it).
fn later(seat: u8, fixed: u8) -> bool {
    let rank = |s: u8| ORDER.iter().position(|&o| o == s).unwrap_or(ORDER.len());
    rank(seat) > rank(fixed)
}

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

/// Evens out each seat in turn (`ORDER`), counting the rounds played: while
/// some player has two or more of the seat than another, hand it along a
/// chain of tables (each passing player gives the seat at one table and
/// takes it at another, so only the two ends change) from the one to the
/// other. Seats already evened are not touched: a player takes the seat in
/// exchange for one later in `ORDER`. With no chain left
/// the seat's counts are as even as the tables allow (a chain is exactly
/// what would make the sum of squared counts smaller). South, evened last,
/// is evened together with West.
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
    for fixed in ORDER {
        // The last seat evened shares its exchanges with West, the only seat
        // left: even the pair, by (times here − times West).
        let partner = (fixed == ORDER[ORDER.len() - 1]).then_some(WEST);
        let tally = |seat_no: u8| -> Vec<i64> {
            let mut c: Vec<i64> = (0..p.n)
                .map(|i| i64::from(p.seats_played[i][seat_no as usize]))
                .collect();
            for (r, slots) in &tables {
                for s in slots.clone().filter(|&s| seat[*r][s] == seat_no) {
                    c[d.rounds[*r][s]] += 1;
                }
            }
            c
        };
        let mut key = tally(fixed);
        if let Some(w) = partner {
            key.iter_mut().zip(tally(w)).for_each(|(k, w)| *k -= w);
        }
        // A chain lowers the sum of squares when the two ends differ by more
        // than the step it makes at each end.
        let step = if partner.is_some() { 2 } else { 1 };
        'chains: loop {
            let mut order: Vec<usize> = (0..p.n).collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(key[i]), i));
            let least = key.iter().copied().min().unwrap_or(0);
            for &from in order.iter().take_while(|&&i| key[i] > least + step) {
                let ends = Ends {
                    key: &key,
                    from,
                    step,
                };
                if let Some(path) = chain(p, d, seat, &tables, &at, &ends, fixed) {
                    let to = path.last().map(|&(_, _, v)| v).unwrap_or(from);
                    for (r, s_from, s_to) in path.iter().map(|&(k, sf, v)| {
                        let (r, slots) = &tables[k];
                        let st = slots.clone().find(|&s| d.rounds[*r][s] == v).unwrap_or(sf);
                        (*r, sf, st)
                    }) {
                        seat[r].swap(s_from, s_to);
                    }
                    key[from] -= step;
                    key[to] += step;
                    continue 'chains;
                }
            }
            break;
        }
    }
}

/// Where a chain starts, and which players may end it.
struct Ends<'a> {
    key: &'a [i64],
    from: usize,
    step: i64,
}

/// A chain handing seat `fixed` from `ends.from` to a player whose key is
/// lower by more than a step: (table, slot giving the seat, player taking
/// it), first link first.
fn chain(
    p: &Problem,
    d: &Draft,
    seat: &[Vec<u8>],
    tables: &[(usize, std::ops::Range<usize>)],
    at: &[Vec<usize>],
    ends: &Ends,
    fixed: u8,
) -> Option<Vec<(usize, usize, usize)>> {
    let from = ends.from;
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
            for s in slots.clone().filter(|&s| later(seat[*r][s], fixed)) {
                let v = d.rounds[*r][s];
                if seen[v] {
                    continue;
                }
                seen[v] = true;
                came[v] = Some((k, su, u));
                if ends.key[v] + ends.step < ends.key[from] {
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
