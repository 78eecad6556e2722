//! Computed seatings that avoid repeat meetings (issue 14, point 8).
//!
//! A preset's movement (R13, [`crate::movement`]) moves players by seat, and
//! at some sizes brings the same players together again. For an event's
//! players, the rounds already played and the rounds left, [`compute`]
//! seats everyone in the rounds left so that, in this order:
//!
//! 1. tables of three (R12; standard 3A, 5C) and sit-outs go round fairly:
//!    each player is at a short table (or sits out) as few times as the
//!    numbers allow, those who have had fewest first;
//! 2. as few meetings as possible are repeats (two players at one table
//!    after having met before: a pair that meets three times counts two);
//!    never more than the preset's own movement, when one is given;
//! 3. seats rotate fairly, East first: see `seats.rs` for the bound.
//!
//! How: known designs when the event fits one (the affine plane of order 4
//! for 16 players and up to 5 rounds; the plane of any prime-power order q
//! cut to four lines for q tables and up to q rounds; the cyclic movements
//! of [`crate::movement`]); otherwise a seeded tabu search. The same
//! request always gives the same answer. See docs/movement.md.

mod construct;
mod field;
mod model;
mod report;
mod search;
mod seats;

pub use report::{Itinerary, Stop, itineraries, numbered, repeat_meetings, seat_counts};

use crate::movement::SeatMovement;
use jongg_tiles::BySeat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players a computed seating takes (500 tables of four).
pub const MAX_PLAYERS: u32 = 2000;
/// The most rounds (played and left together) a computed seating takes.
pub const MAX_ROUNDS: u32 = 100;

/// The search work a director's request gets (see [`Request::search_work`]).
pub const SEARCH_WORK: u64 = 100_000_000;

/// A player, by the event's own number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Player(pub u32);

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Through u32's own Display, so widths and alignment apply.
        fmt::Display::fmt(&self.0, f)
    }
}

/// What to do with players beyond a multiple of four (the tournament's
/// choice for odd player counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leftover {
    /// Tables of three, with North empty (R12; standard 3A, 5C).
    TablesOfThree,
    /// Tables of four only; the players left over sit the round out.
    SitOut,
}

/// One round's seating: table 1 first; at a table of three North is empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub tables: Vec<BySeat<Option<Player>>>,
    #[serde(default)]
    pub sit_outs: Vec<Player>,
}

/// What to compute: the players who will play the rounds left, the rounds
/// already played (their meetings and seats count), and how many are left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Every player to seat, each once. With no round played, the designs
    /// seat them in this order in the first round (table 1 East, South, ...).
    pub players: Vec<Player>,
    /// The seatings of the rounds played, round 1 first. Players not in
    /// `players` (withdrawn) are ignored.
    pub played: Vec<Round>,
    pub rounds_left: u32,
    pub leftover: Leftover,
    /// The preset's movement (R13): the answer never has more repeats than
    /// this movement continued from the last round played (or, with none
    /// played, from the seating in `players` order), when it applies (every
    /// table of four, the same players as in the last round).
    pub baseline: Option<SeatMovement>,
    pub seed: u64,
    /// How much searching to do at most, in steps of work (slots looked at
    /// and swaps weighed); [`SEARCH_WORK`] is about a second on one core.
    /// Counted, not timed: the same request gives the same answer anywhere.
    pub search_work: u64,
}

/// How many tables of each size a round has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub fours: u32,
    pub threes: u32,
    pub sit_outs: u32,
}

impl Layout {
    /// Tables as the tournament sets them: `n` players in tables of four,
    /// and the leftover as tables of three (the last tables) or sit-outs.
    pub fn for_players(n: u32, leftover: Leftover) -> Result<Layout, ScheduleError> {
        if n > MAX_PLAYERS {
            return Err(ScheduleError::TooManyPlayers(n));
        }
        if n < 3 {
            return Err(ScheduleError::TooFewPlayers(n));
        }
        let layout = match leftover {
            _ if n.is_multiple_of(4) => Layout {
                fours: n / 4,
                threes: 0,
                sit_outs: 0,
            },
            Leftover::TablesOfThree => {
                let tables = n.div_ceil(4);
                let threes = 4 * tables - n;
                if threes > tables {
                    return Err(ScheduleError::TooFewForThrees(n));
                }
                Layout {
                    fours: tables - threes,
                    threes,
                    sit_outs: 0,
                }
            }
            Leftover::SitOut => Layout {
                fours: n / 4,
                threes: 0,
                sit_outs: n % 4,
            },
        };
        if layout.tables() == 0 {
            return Err(ScheduleError::TooFewPlayers(n));
        }
        Ok(layout)
    }

    pub fn tables(&self) -> u32 {
        self.fours + self.threes
    }

    pub fn players(&self) -> u32 {
        4 * self.fours + 3 * self.threes + self.sit_outs
    }
}

/// Where the seating came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Start {
    /// The affine plane of order 4: 16 players, 5 rounds, nobody meets twice.
    AffinePlane,
    /// The affine plane of prime-power order q cut to four of its parallel
    /// lines: q tables, q rounds, nobody meets twice.
    FieldPlane { order: u32 },
    /// A movement by seat modulo the number of tables (R13's arithmetic).
    Cyclic { movement: SeatMovement },
    /// The preset's own movement (`Request::baseline`).
    Preset { movement: SeatMovement },
    /// Round by round, each player to the table where they met fewest before.
    Greedy,
}

/// The answer of [`compute`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computed {
    pub layout: Layout,
    /// The number of the first round in `rounds` (rounds played + 1).
    pub first_round: u32,
    pub rounds: Vec<Round>,
    /// Repeat meetings over all rounds, played and computed.
    pub repeats: u32,
    /// Repeat meetings among these players in the rounds played alone.
    pub repeats_played: u32,
    /// The preset's movement's repeat meetings over all rounds, if it applies.
    pub baseline_repeats: Option<u32>,
    /// No seating has fewer repeats than this (a counting bound; the fewest
    /// possible may be higher).
    pub lower_bound: u32,
    pub start: Start,
    /// Tabu-search steps taken after the start (0: the start was best).
    pub search_steps: u32,
}

/// A request that cannot be computed, naming what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("{0} players are too few for a table")]
    TooFewPlayers(u32),
    #[error("{0} players cannot sit at tables of three and four; use sit-outs")]
    TooFewForThrees(u32),
    #[error("{0} players is more than the {MAX_PLAYERS} supported")]
    TooManyPlayers(u32),
    #[error("{0} rounds in all is more than the {MAX_ROUNDS} supported")]
    TooManyRounds(u32),
    #[error("player {0} is listed twice")]
    DuplicatePlayer(Player),
    #[error("round {round} seats player {player} twice")]
    SeatedTwice { round: u32, player: Player },
}

/// Seats `request.players` for the rounds left. See the module docs.
pub fn compute(request: &Request) -> Result<Computed, ScheduleError> {
    let problem = model::Problem::new(request)?;
    let layout = problem.layout;
    let first_round = request.played.len() as u32 + 1;
    let mut rng = crate::rng::Rng::new(request.seed);
    let baseline = request
        .baseline
        .and_then(|m| construct::preset(&problem, request, &m));
    let baseline_repeats = baseline.as_ref().map(|d| d.repeats(&problem));
    let mut starts: Vec<(Start, model::Draft)> = construct::designs(&problem, request);
    if let (Some(m), Some(d)) = (request.baseline, baseline) {
        starts.push((Start::Preset { movement: m }, d));
    }
    starts.push((Start::Greedy, construct::greedy(&problem, &mut rng)));
    // The first of the fewest repeats; fairness of short tables is equal in
    // all of them (the designs only apply with every table of four).
    let (start, draft) = starts
        .into_iter()
        .min_by_key(|(_, d)| d.repeats(&problem))
        .expect("the greedy start is always there");
    let found = search::improve(&problem, draft, &mut rng, request.search_work);
    Ok(Computed {
        layout,
        first_round,
        rounds: seats::assign(&problem, &found.draft),
        repeats: found.draft.repeats(&problem),
        repeats_played: problem.repeats_played,
        baseline_repeats,
        lower_bound: problem.lower_bound,
        start,
        search_steps: found.steps,
    })
}
