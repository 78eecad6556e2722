//! The problem in numbers: players as indices `0..n`, the rounds played as
//! meeting counts, and a draft of the rounds left as slots.
//!
//! Every round left has the same slots: the tables of four, then the tables
//! of three, then (with sit-outs) one bench whose players meet nobody. There
//! are exactly as many slots as players, so a round is a permutation and a
//! move is a swap of two players.

use super::{Layout, Leftover, MAX_ROUNDS, Player, Request, ScheduleError};
use std::collections::{BTreeMap, BTreeSet};

/// A group of slots: a table of four, a table of three, or the bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Four,
    Three,
    Bench,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Group {
    pub kind: Kind,
    pub start: usize,
    pub len: usize,
}

impl Group {
    pub fn slots(&self) -> std::ops::Range<usize> {
        self.start..self.start + self.len
    }

    /// Players of this group meet each other (the bench meets nobody).
    pub fn meets(&self) -> bool {
        self.kind != Kind::Bench
    }

    /// A table of three or the bench: the places to hand out fairly.
    pub fn short(&self) -> bool {
        self.kind != Kind::Four
    }
}

/// How often each pair of players has sat at one table.
#[derive(Clone, Debug)]
pub(super) struct Meetings {
    n: usize,
    counts: Vec<u16>,
}

impl Meetings {
    pub fn new(n: usize) -> Meetings {
        Meetings {
            n,
            counts: vec![0; n * n],
        }
    }

    pub fn get(&self, a: usize, b: usize) -> u16 {
        self.counts[a * self.n + b]
    }

    pub fn add(&mut self, a: usize, b: usize) {
        self.counts[a * self.n + b] += 1;
        self.counts[b * self.n + a] += 1;
    }

    pub fn remove(&mut self, a: usize, b: usize) {
        self.counts[a * self.n + b] -= 1;
        self.counts[b * self.n + a] -= 1;
    }

    /// Every pair at one table meets once more.
    pub fn add_table(&mut self, players: &[usize]) {
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                self.add(a, b);
            }
        }
    }

    /// Σ over pairs of (meetings − 1) where they met at all.
    pub fn repeats(&self) -> u32 {
        let mut total = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                total += u32::from(self.get(a, b).saturating_sub(1));
            }
        }
        total
    }

    /// How many different players `a` has met.
    pub fn distinct(&self, a: usize) -> u32 {
        let row = &self.counts[a * self.n..(a + 1) * self.n];
        row.iter().filter(|&&c| c > 0).count() as u32
    }
}

/// The request in indices, checked.
#[derive(Clone, Debug)]
pub(super) struct Problem {
    pub n: usize,
    pub ids: Vec<Player>,
    pub layout: Layout,
    pub leftover: Leftover,
    pub rounds_left: usize,
    pub groups: Vec<Group>,
    /// Meetings in the rounds played, among these players.
    pub met: Meetings,
    /// Per player: times in each seat (East, South, West, North) so far.
    pub seats_played: Vec<[u32; 4]>,
    /// Per player: times at a short place of this event's kind (a table of
    /// three, or sitting out) so far.
    pub short_played: Vec<u32>,
    /// The last round played, in indices, if it seats exactly these players
    /// at full tables of four (the preset's movement continues from it).
    pub last_full_round: Option<Vec<[usize; 4]>>,
    pub repeats_played: u32,
    pub lower_bound: u32,
}

impl Problem {
    pub fn new(r: &Request) -> Result<Problem, ScheduleError> {
        let total = r.played.len() as u64 + u64::from(r.rounds_left);
        if total > u64::from(MAX_ROUNDS) {
            return Err(ScheduleError::TooManyRounds(
                u32::try_from(total).unwrap_or(u32::MAX),
            ));
        }
        let count = u32::try_from(r.players.len()).unwrap_or(u32::MAX);
        let layout = Layout::for_players(count, r.leftover)?;
        let mut index = BTreeMap::new();
        for (i, &p) in r.players.iter().enumerate() {
            if index.insert(p, i).is_some() {
                return Err(ScheduleError::DuplicatePlayer(p));
            }
        }
        let n = r.players.len();
        let mut met = Meetings::new(n);
        let mut seats_played = vec![[0u32; 4]; n];
        let mut short_played = vec![0u32; n];
        let mut last_full_round = None;
        for (k, round) in r.played.iter().enumerate() {
            let number = k as u32 + 1;
            let mut seen = BTreeSet::new();
            let everyone = round.tables.iter().flat_map(|t| t.0.iter().flatten());
            for &p in everyone.chain(&round.sit_outs) {
                if !seen.insert(p) {
                    return Err(ScheduleError::SeatedTwice {
                        round: number,
                        player: p,
                    });
                }
            }
            let mut full = Vec::new();
            for table in &round.tables {
                let at: Vec<usize> = table
                    .0
                    .iter()
                    .flatten()
                    .filter_map(|p| index.get(p).copied())
                    .collect();
                met.add_table(&at);
                for (s, p) in table.0.iter().enumerate() {
                    if let Some(&i) = p.as_ref().and_then(|p| index.get(p)) {
                        seats_played[i][s] += 1;
                    }
                }
                let seated = table.0.iter().flatten().count();
                if seated == 3 && r.leftover == Leftover::TablesOfThree {
                    at.iter().for_each(|&i| short_played[i] += 1);
                }
                let here = table.0.map(|p| p.and_then(|p| index.get(&p).copied()));
                if let [Some(a), Some(b), Some(c), Some(d)] = here {
                    full.push([a, b, c, d]);
                }
            }
            if r.leftover == Leftover::SitOut {
                for i in round.sit_outs.iter().filter_map(|p| index.get(p)) {
                    short_played[*i] += 1;
                }
            }
            let complete =
                full.len() as u32 == layout.fours && layout.threes == 0 && layout.sit_outs == 0;
            last_full_round = complete.then_some(full);
        }
        let groups = groups(&layout);
        let mut problem = Problem {
            n,
            ids: r.players.clone(),
            layout,
            leftover: r.leftover,
            rounds_left: r.rounds_left as usize,
            groups,
            repeats_played: met.repeats(),
            met,
            seats_played,
            short_played,
            last_full_round,
            lower_bound: 0,
        };
        problem.lower_bound = problem.counting_bound();
        Ok(problem)
    }

    /// Repeats cannot be fewer than those played, nor fewer than a counting
    /// argument gives: a player meets at least `m` others in the rounds left
    /// and only `u` players are new to them, so at least `m − u` of those
    /// meetings are repeats, each counted at both of its players.
    fn counting_bound(&self) -> u32 {
        let left = self.rounds_left as u32;
        let places = self.short_places();
        // The most short places one player takes in the rounds left: the fair
        // share rounded up when nobody has had one yet, else (safe) all.
        let most_short = match places {
            0 => 0,
            _ if self.short_played.iter().all(|&c| c == 0) => {
                (places * left).div_ceil(self.n as u32).min(left)
            }
            _ => left,
        };
        let meets_at_least = match self.leftover {
            Leftover::TablesOfThree => 3 * left - most_short,
            Leftover::SitOut => 3 * (left - most_short),
        };
        let mut excess = 0u64;
        for a in 0..self.n {
            let new = (self.n as u32 - 1) - self.met.distinct(a);
            excess += u64::from(meets_at_least.saturating_sub(new));
        }
        let bound = u32::try_from(excess.div_ceil(2)).unwrap_or(u32::MAX);
        self.repeats_played.saturating_add(bound)
    }

    /// Short places per round: seats at tables of three, or sit-outs.
    pub fn short_places(&self) -> u32 {
        3 * self.layout.threes + self.layout.sit_outs
    }
}

/// The groups of slots of one round: fours, then threes, then the bench.
fn groups(layout: &Layout) -> Vec<Group> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut push = |kind, len: usize| {
        out.push(Group { kind, start, len });
        start += len;
    };
    (0..layout.fours).for_each(|_| push(Kind::Four, 4));
    (0..layout.threes).for_each(|_| push(Kind::Three, 3));
    if layout.sit_outs > 0 {
        push(Kind::Bench, layout.sit_outs as usize);
    }
    out
}

/// The rounds left: `rounds[r][slot]` is a player index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Draft {
    pub rounds: Vec<Vec<usize>>,
}

impl Draft {
    /// Meetings over the rounds played and this draft.
    pub fn meetings(&self, p: &Problem) -> Meetings {
        let mut m = p.met.clone();
        for round in &self.rounds {
            for g in p.groups.iter().filter(|g| g.meets()) {
                m.add_table(&round[g.slots()]);
            }
        }
        m
    }

    pub fn repeats(&self, p: &Problem) -> u32 {
        self.meetings(p).repeats()
    }
}
