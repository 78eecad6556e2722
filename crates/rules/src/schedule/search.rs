//! Tabu search over the rounds left, to remove repeat meetings.
//!
//! A move swaps two players of one round who sit at different tables. Each
//! step tries every swap of a player who is in a repeat (or of a random 48
//! of them, when there are more) with anybody at another table of that
//! round, and makes the best (ties drawn by the seeded generator), even if
//! it makes things worse;
//! a player just moved in a round stays put there for a few steps (tabu)
//! unless the move beats the best so far. After many steps without a new
//! best the search goes back to the best and shakes it with a few random
//! swaps. It stops at the counting bound or after a fixed amount of work,
//! and the same request always takes the same path.
//!
//! A swap between a short place (table of three, bench) and a table of four
//! is made only between players whose short-place counts differ by one the
//! right way, so the counts are only exchanged: the greedy start hands them
//! out fairly, and the search keeps them so.

use super::model::{Draft, Meetings, Problem};
use crate::rng::Rng;

/// Players in a repeat whose swaps one step tries, at most.
const SAMPLE: usize = 48;
/// Steps without a new best before going back to the best and shaking it.
const STALL: u32 = 1_500;

pub(super) struct Found {
    pub draft: Draft,
    pub steps: u32,
}

struct State<'a> {
    p: &'a Problem,
    rounds: Vec<Vec<usize>>,
    /// The group of each slot (the same in every round).
    group_of: Vec<usize>,
    met: Meetings,
    short: Vec<u32>,
    cost: u32,
}

impl<'a> State<'a> {
    fn new(p: &'a Problem, draft: Draft) -> State<'a> {
        let met = draft.meetings(p);
        let cost = met.repeats();
        let mut group_of = vec![0; p.n];
        for (k, g) in p.groups.iter().enumerate() {
            g.slots().for_each(|s| group_of[s] = k);
        }
        let mut short = p.short_played.clone();
        for round in &draft.rounds {
            for (s, &player) in round.iter().enumerate() {
                if p.groups[group_of[s]].short() {
                    short[player] += 1;
                }
            }
        }
        State {
            p,
            rounds: draft.rounds,
            group_of,
            met,
            short,
            cost,
        }
    }

    /// The others at the table of slot `s` in round `r`.
    fn mates(&self, r: usize, s: usize) -> impl Iterator<Item = usize> + '_ {
        let g = self.p.groups[self.group_of[s]];
        let slots = if g.meets() { g.slots() } else { 0..0 };
        slots
            .filter(move |&o| o != s)
            .map(move |o| self.rounds[r][o])
    }

    fn in_repeat(&self, r: usize, s: usize) -> bool {
        let a = self.rounds[r][s];
        self.mates(r, s).any(|q| self.met.get(a, q) >= 2)
    }

    /// Whether swapping slots `sa` and `sb` of one round keeps the short
    /// places' counts as a multiset (and so as fair as they are).
    fn allowed(&self, r: usize, sa: usize, sb: usize) -> bool {
        let (ga, gb) = (self.group_of[sa], self.group_of[sb]);
        if ga == gb {
            return false;
        }
        let (a, b) = (self.rounds[r][sa], self.rounds[r][sb]);
        match (self.p.groups[ga].short(), self.p.groups[gb].short()) {
            (true, false) => self.short[b] + 1 == self.short[a],
            (false, true) => self.short[a] + 1 == self.short[b],
            _ => true,
        }
    }

    /// The change in repeats if the players in slots `sa` and `sb` swap.
    fn delta(&self, r: usize, sa: usize, sb: usize) -> i32 {
        let (a, b) = (self.rounds[r][sa], self.rounds[r][sb]);
        let mut d = 0;
        for q in self.mates(r, sa) {
            d -= i32::from(self.met.get(a, q) >= 2);
            d += i32::from(self.met.get(b, q) >= 1);
        }
        for q in self.mates(r, sb) {
            d -= i32::from(self.met.get(b, q) >= 2);
            d += i32::from(self.met.get(a, q) >= 1);
        }
        d
    }

    fn swap(&mut self, r: usize, sa: usize, sb: usize) {
        let d = self.delta(r, sa, sb);
        let (a, b) = (self.rounds[r][sa], self.rounds[r][sb]);
        let at_a: Vec<usize> = self.mates(r, sa).collect();
        let at_b: Vec<usize> = self.mates(r, sb).collect();
        for q in at_a {
            self.met.remove(a, q);
            self.met.add(b, q);
        }
        for q in at_b {
            self.met.remove(b, q);
            self.met.add(a, q);
        }
        match (
            self.p.groups[self.group_of[sa]].short(),
            self.p.groups[self.group_of[sb]].short(),
        ) {
            (true, false) => {
                (self.short[a], self.short[b]) = (self.short[a] - 1, self.short[b] + 1)
            }
            (false, true) => {
                (self.short[a], self.short[b]) = (self.short[a] + 1, self.short[b] - 1)
            }
            _ => {}
        }
        self.rounds[r].swap(sa, sb);
        self.cost = self.cost.saturating_add_signed(d);
    }
}

/// Improves `draft`; the answer is never worse than it.
/// `max_work` counts player slots looked at for repeats plus swaps weighed.
pub(super) fn improve(p: &Problem, draft: Draft, rng: &mut Rng, max_work: u64) -> Found {
    let mut s = State::new(p, draft);
    let mut best = (s.cost, s.rounds.clone());
    let mut tabu = vec![vec![0u32; p.n]; s.rounds.len()];
    let mut conflicts: Vec<(usize, usize)> = Vec::new();
    let mut since_best = 0;
    let mut steps = 0;
    let mut work = 0u64;
    while work < max_work && best.0 > p.lower_bound {
        conflicts.clear();
        for r in 0..s.rounds.len() {
            conflicts.extend((0..p.n).filter(|&x| s.in_repeat(r, x)).map(|x| (r, x)));
        }
        if conflicts.is_empty() {
            // Only the rounds played repeat: nothing left to move.
            break;
        }
        steps += 1;
        work += (s.rounds.len() * p.n) as u64;
        // Every player in a repeat, or a random sample when there are many.
        if conflicts.len() > SAMPLE {
            rng.shuffle(&mut conflicts);
            conflicts.truncate(SAMPLE);
        }
        let mut chosen = None;
        let mut ties = 0;
        let mut best_delta = i32::MAX;
        work += (conflicts.len() * p.n) as u64;
        for &(r, sa) in &conflicts {
            for sb in 0..p.n {
                if !s.allowed(r, sa, sb) {
                    continue;
                }
                let d = s.delta(r, sa, sb);
                let (a, b) = (s.rounds[r][sa], s.rounds[r][sb]);
                let is_tabu = tabu[r][a] > steps || tabu[r][b] > steps;
                let aspires = i64::from(s.cost) + i64::from(d) < i64::from(best.0);
                if is_tabu && !aspires {
                    continue;
                }
                if d < best_delta {
                    (best_delta, chosen, ties) = (d, Some((r, sa, sb)), 1);
                } else if d == best_delta {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        chosen = Some((r, sa, sb));
                    }
                }
            }
        }
        if let Some((r, sa, sb)) = chosen {
            let (a, b) = (s.rounds[r][sa], s.rounds[r][sb]);
            s.swap(r, sa, sb);
            let tenure = 1 + rng.below(4) as u32;
            tabu[r][a] = steps + tenure;
            tabu[r][b] = steps + tenure;
        }
        if s.cost < best.0 {
            best = (s.cost, s.rounds.clone());
            since_best = 0;
        } else {
            since_best += 1;
        }
        if since_best >= STALL {
            since_best = 0;
            s = State::new(
                p,
                Draft {
                    rounds: best.1.clone(),
                },
            );
            shake(&mut s, rng);
        }
    }
    let mut s = State::new(p, Draft { rounds: best.1 });
    polish(&mut s, max_work);
    Found {
        draft: Draft { rounds: s.rounds },
        steps,
    }
}

/// After rounds played, the players who have had a seat most should not
/// fill a table between them, or one of them must take it again: swaps
/// that change no repeat and lower Σ over tables and seats of the fewest
/// times any player at that table has had that seat. (Nothing to do
/// without rounds played: every such sum is 0.)
fn polish(s: &mut State, max_work: u64) {
    let p = s.p;
    let uneven = |members: &mut dyn Iterator<Item = usize>, seats: usize| -> u32 {
        let mut least = [u32::MAX; 4];
        for m in members {
            for (l, &c) in least.iter_mut().zip(&p.seats_played[m]) {
                *l = (*l).min(c);
            }
        }
        least[..seats]
            .iter()
            .map(|&l| if l == u32::MAX { 0 } else { l })
            .sum()
    };
    let table = |s: &State, r: usize, slot: usize, out: usize, inn: usize| -> u32 {
        let g = p.groups[s.group_of[slot]];
        let members = g
            .slots()
            .map(|o| if o == out { inn } else { s.rounds[r][o] });
        uneven(&mut members.into_iter(), g.len)
    };
    let mut work = 0u64;
    let mut changed = true;
    while changed && work < max_work {
        changed = false;
        for r in 0..s.rounds.len() {
            for sa in 0..p.n {
                let ga = p.groups[s.group_of[sa]];
                if !ga.meets() || table(s, r, sa, usize::MAX, 0) == 0 {
                    continue;
                }
                work += p.n as u64;
                for sb in 0..p.n {
                    let gb = p.groups[s.group_of[sb]];
                    if !gb.meets() || !s.allowed(r, sa, sb) || s.delta(r, sa, sb) != 0 {
                        continue;
                    }
                    let (a, b) = (s.rounds[r][sa], s.rounds[r][sb]);
                    let before = table(s, r, sa, usize::MAX, 0) + table(s, r, sb, usize::MAX, 0);
                    let after = table(s, r, sa, sa, b) + table(s, r, sb, sb, a);
                    if after < before {
                        s.swap(r, sa, sb);
                        changed = true;
                    }
                }
            }
        }
    }
}

/// A few random allowed swaps, to leave a local minimum.
fn shake(s: &mut State, rng: &mut Rng) {
    let rounds = s.rounds.len();
    let n = s.p.n;
    for _ in 0..2 + n / 16 {
        let r = rng.below(rounds);
        let (sa, sb) = (rng.below(n), rng.below(n));
        if s.allowed(r, sa, sb) {
            s.swap(r, sa, sb);
        }
    }
}
