//! Seat movement between rounds (R13).
//!
//! After each round every player moves up (or down) by the offset of the
//! seat they sat in, table numbers wrapping around modulo the number of
//! tables T. A player keeps their seat for the whole tournament, so a player
//! is named by their starting table and seat: `3-west`.
//!
//! Two players at seats X and Y who start at tables t1 and t2 sit together
//! in round r when `t1 + (r-1)·dX ≡ t2 + (r-1)·dY (mod T)`, that is when
//! `(r-1)·δ ≡ t1 - t2` with `δ = dY - dX`. Such a pair meets again every
//! `ord(δ) = T / gcd(δ, T)` rounds, so a seat pair gives repeat meetings
//! within R rounds exactly when `ord(δ) < R`. Everything below follows from
//! that: no simulation is needed, so T = 500 is instant. See docs/movement.md.

use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most tables a schedule may have.
pub const MAX_TABLES: u32 = 500;
/// The most rounds a schedule may have (a schedule holds T·R·4 players; no
/// tournament plays anywhere near this many rounds).
pub const MAX_ROUNDS: u32 = 1000;

/// How many tables each seat moves up after a round (negative: down), table
/// numbers wrapping around (R13). East is the seat "A" of the standard text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatMovement {
    pub east: i32,
    pub south: i32,
    pub west: i32,
    pub north: i32,
}

impl SeatMovement {
    pub const fn new(east: i32, south: i32, west: i32, north: i32) -> SeatMovement {
        SeatMovement {
            east,
            south,
            west,
            north,
        }
    }

    /// The offset of one seat.
    pub const fn offset(&self, seat: Seat) -> i32 {
        match seat {
            Seat::East => self.east,
            Seat::South => self.south,
            Seat::West => self.west,
            Seat::North => self.north,
        }
    }

    pub fn by_seat(&self) -> BySeat<i32> {
        BySeat::from_fn(|s| self.offset(s))
    }
}

/// `East +1, South -2, West +2, North -1`; a zero offset reads `stays`.
impl fmt::Display for SeatMovement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let name = match seat {
                Seat::East => "East",
                Seat::South => "South",
                Seat::West => "West",
                Seat::North => "North",
            };
            match self.offset(seat) {
                0 => write!(f, "{name} stays")?,
                d => write!(f, "{name} {d:+}")?,
            }
        }
        Ok(())
    }
}

/// Bad sizes or positions given to the movement functions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    #[error("the number of tables must be at least 1")]
    NoTables,
    #[error("{0} tables is more than the {MAX_TABLES} supported")]
    TooManyTables(u32),
    #[error("the number of rounds must be at least 1")]
    NoRounds,
    #[error("{0} rounds is more than the {MAX_ROUNDS} supported")]
    TooManyRounds(u32),
    #[error("there is no table {table}: tables are numbered 1 to {tables}")]
    NoSuchTable { table: u32, tables: u32 },
    #[error("there is no round 0: rounds are counted from 1")]
    RoundZero,
}

/// A player, named by the table and seat they start at: `3-west`.
/// Orders by table, then seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId {
    pub table: u32,
    pub seat: Seat,
}

impl PlayerId {
    pub const fn new(table: u32, seat: Seat) -> PlayerId {
        PlayerId { table, seat }
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.table, self.seat)
    }
}

/// The error for text that is not a player name like `3-west`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a player (expected a starting table and seat, like `3-west`)")]
pub struct BadPlayerId(pub String);

impl FromStr for PlayerId {
    type Err = BadPlayerId;
    fn from_str(s: &str) -> Result<PlayerId, BadPlayerId> {
        let bad = || BadPlayerId(s.to_string());
        let (digits, seat) = s.split_once('-').ok_or_else(bad)?;
        let table: u32 = digits.parse().map_err(|_| bad())?;
        // Refuse `0-east`, `03-east` and `+3-east`: one spelling per player.
        if table == 0 || table.to_string() != digits {
            return Err(bad());
        }
        let seat: Seat = seat.parse().map_err(|_| bad())?;
        Ok(PlayerId { table, seat })
    }
}

impl Serialize for PlayerId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PlayerId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The four players at one table in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSeating {
    pub table: u32,
    pub seats: BySeat<PlayerId>,
}

/// Every table in one round, table 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSeating {
    pub round: u32,
    pub tables: Vec<TableSeating>,
}

/// Where everyone sits in every round, round 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    pub tables: u32,
    pub movement: SeatMovement,
    pub rounds: Vec<RoundSeating>,
}

impl Schedule {
    /// The players at `table` in `round` (both counted from 1), if they exist.
    pub fn at(&self, round: u32, table: u32) -> Option<&BySeat<PlayerId>> {
        let r = self
            .rounds
            .get(usize::try_from(round).ok()?.checked_sub(1)?)?;
        let t = r.tables.get(usize::try_from(table).ok()?.checked_sub(1)?)?;
        Some(&t.seats)
    }
}

/// Two players who sit at the same table in more than one round.
/// `a` is before `b` (by table, then seat); `rounds` ascend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepeatMeeting {
    pub a: PlayerId,
    pub b: PlayerId,
    pub rounds: Vec<u32>,
}

/// Why no repeat-free movement exists for T tables and R rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoneReason {
    /// T < 4 and R ≥ 2: two of the four seats share an offset modulo T, so
    /// those two seats' players travel together and meet every round.
    FewerThanFourTables,
    /// R > T: a player meets one player of each other seat each round, and
    /// there are only T of them, so someone is met twice.
    MoreRoundsThanTables,
    /// Every choice of offsets has two seats whose offsets differ by an amount
    /// δ with `ord(δ) < R`, bringing some pair back together within R rounds.
    NoOffsetsFit,
}

impl fmt::Display for NoneReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoneReason::FewerThanFourTables => {
                "with fewer than 4 tables two seats must move by the same amount \
                 (modulo the number of tables), so their players travel together \
                 and meet every round"
            }
            NoneReason::MoreRoundsThanTables => {
                "there are more rounds than tables: each round a player meets one \
                 player of each other seat, and there are only as many of those as tables"
            }
            NoneReason::NoOffsetsFit => {
                "the number of tables is divisible by 2 or 3, so two of the four \
                 seats' offsets agree modulo 2 or 3, and players of those two seats \
                 who meet meet again within half or a third as many rounds as there \
                 are tables"
            }
        })
    }
}

/// The answer of [`find_repeat_free`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Proposal {
    /// The best repeat-free movement with East staying (see [`find_repeat_free`]).
    Found {
        movement: SeatMovement,
        /// Tables walked per round by one table's four players: Σ |offset|.
        tables_walked: u32,
        /// Σ over seats of the distance (modulo T) from the preferred offsets.
        distance_from_preferred: u32,
    },
    /// No movement (East staying or not, for the first two reasons) is
    /// repeat-free; `max_rounds` is the most rounds that an East-stays
    /// movement can play at these tables without a repeat.
    NoneExists { reason: NoneReason, max_rounds: u32 },
}

impl Proposal {
    pub fn movement(&self) -> Option<&SeatMovement> {
        match self {
            Proposal::Found { movement, .. } => Some(movement),
            Proposal::NoneExists { .. } => None,
        }
    }
}

fn check_tables(tables: u32) -> Result<(), MovementError> {
    match tables {
        0 => Err(MovementError::NoTables),
        t if t > MAX_TABLES => Err(MovementError::TooManyTables(t)),
        _ => Ok(()),
    }
}

fn check(tables: u32, rounds: u32) -> Result<(), MovementError> {
    check_tables(tables)?;
    match rounds {
        0 => Err(MovementError::NoRounds),
        r if r > MAX_ROUNDS => Err(MovementError::TooManyRounds(r)),
        _ => Ok(()),
    }
}

fn check_table(table: u32, tables: u32) -> Result<(), MovementError> {
    if (1..=tables).contains(&table) {
        Ok(())
    } else {
        Err(MovementError::NoSuchTable { table, tables })
    }
}

/// `x mod t` in `0..t`.
fn residue(x: i64, t: u32) -> u32 {
    // t ≥ 1 and the result is below t, so it fits in u32.
    x.rem_euclid(i64::from(t)) as u32
}

/// How far a seat has moved after `round - 1` moves, modulo T.
fn shift(m: &SeatMovement, seat: Seat, round: u32, tables: u32) -> u32 {
    let d = u64::from(residue(i64::from(m.offset(seat)), tables));
    let moves = u64::from(round - 1) % u64::from(tables);
    // Both factors are below 500, so no overflow.
    (d * moves % u64::from(tables)) as u32
}

/// The table (1..=T) at which the player who started at `start_table`, `seat`
/// sits in `round` (counted from 1).
pub fn table_in_round(
    start_table: u32,
    seat: Seat,
    round: u32,
    tables: u32,
    m: &SeatMovement,
) -> Result<u32, MovementError> {
    check_tables(tables)?;
    check_table(start_table, tables)?;
    if round == 0 {
        return Err(MovementError::RoundZero);
    }
    Ok((start_table - 1 + shift(m, seat, round, tables)) % tables + 1)
}

/// The player sitting at `table`, `seat` in `round` (the inverse of
/// [`table_in_round`]).
pub fn player_at(
    table: u32,
    seat: Seat,
    round: u32,
    tables: u32,
    m: &SeatMovement,
) -> Result<PlayerId, MovementError> {
    check_tables(tables)?;
    check_table(table, tables)?;
    if round == 0 {
        return Err(MovementError::RoundZero);
    }
    let start = (table - 1 + tables - shift(m, seat, round, tables)) % tables + 1;
    Ok(PlayerId::new(start, seat))
}

/// Where everyone sits in rounds 1..=R at T tables.
pub fn seating(tables: u32, rounds: u32, m: &SeatMovement) -> Result<Schedule, MovementError> {
    check(tables, rounds)?;
    let mut out = Vec::with_capacity(rounds as usize);
    for round in 1..=rounds {
        let mut row = Vec::with_capacity(tables as usize);
        for table in 1..=tables {
            let mut seats = BySeat([PlayerId::new(table, Seat::East); 4]);
            for seat in Seat::ALL {
                seats[seat] = player_at(table, seat, round, tables, m)?;
            }
            row.push(TableSeating { table, seats });
        }
        out.push(RoundSeating { round, tables: row });
    }
    Ok(Schedule {
        tables,
        movement: *m,
        rounds: out,
    })
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The order of `delta` in Z_T: the fewest moves after which two seats
/// whose offsets differ by `delta` are back at the same relative place.
fn order(delta: u32, tables: u32) -> u32 {
    tables / gcd(delta % tables, tables)
}

/// After how many rounds two players of seats `x` and `y` who meet will meet
/// again (T when they never meet again within T rounds, 1 when they travel
/// together). Repeats within R rounds exist for this seat pair iff this is < R.
pub fn meeting_period(
    x: Seat,
    y: Seat,
    tables: u32,
    m: &SeatMovement,
) -> Result<u32, MovementError> {
    check_tables(tables)?;
    if x == y {
        // Players of one seat all move alike and never share a table.
        return Ok(tables);
    }
    let delta = residue(i64::from(m.offset(y)) - i64::from(m.offset(x)), tables);
    Ok(order(delta, tables))
}

/// Every pair of players who meet in more than one of rounds 1..=R, sorted by
/// `a`, then `b`. Computed from the periods, without simulating.
pub fn repeats(
    tables: u32,
    rounds: u32,
    m: &SeatMovement,
) -> Result<Vec<RepeatMeeting>, MovementError> {
    check(tables, rounds)?;
    let mut out = Vec::new();
    for (i, x) in Seat::ALL.into_iter().enumerate() {
        for y in Seat::ALL[i + 1..].iter().copied() {
            let delta = residue(i64::from(m.offset(y)) - i64::from(m.offset(x)), tables);
            let period = order(delta, tables);
            if period >= rounds {
                continue;
            }
            // A pair's meetings are r0, r0 + period, ...; its first one, r0,
            // is within the first `period` rounds. The X player of table t1
            // meets in round r0 the Y player of table t1 - (r0-1)·δ.
            for t1 in 1..=tables {
                for r0 in 1..=period {
                    if r0 + period > rounds {
                        break;
                    }
                    let back = u64::from(delta) * u64::from(r0 - 1) % u64::from(tables);
                    let t2 = (u64::from(t1 - 1) + u64::from(tables) - back) % u64::from(tables) + 1;
                    let p = PlayerId::new(t1, x);
                    let q = PlayerId::new(t2 as u32, y);
                    let (a, b) = if p < q { (p, q) } else { (q, p) };
                    let met = (r0..=rounds).step_by(period as usize).collect();
                    out.push(RepeatMeeting { a, b, rounds: met });
                }
            }
        }
    }
    out.sort_by_key(|p| (p.a, p.b));
    Ok(out)
}

/// The offset of residue `x` with the smallest size: `x` or `x - T`, ties up.
fn nearest_offset(x: u32, tables: u32) -> i32 {
    if 2 * x <= tables {
        x as i32
    } else {
        x as i32 - tables as i32
    }
}

/// Circular distance between two offsets modulo T.
fn circular_distance(a: i32, b: i32, tables: u32) -> u32 {
    let d = residue(i64::from(a) - i64::from(b), tables);
    d.min(tables - d)
}

/// The residues δ whose order in Z_T is at least R: the offset differences
/// that cause no repeat within R rounds.
fn fitting(tables: u32, rounds: u32) -> Vec<bool> {
    (0..tables).map(|d| order(d, tables) >= rounds).collect()
}

/// A set of residues as a bitset, to test "some c fits with a and b" fast.
struct Bits(Vec<u64>);

impl Bits {
    fn from_fn(n: u32, f: impl Fn(u32) -> bool) -> Bits {
        let mut words = vec![0u64; (n as usize).div_ceil(64)];
        for i in (0..n).filter(|&i| f(i)) {
            words[i as usize / 64] |= 1 << (i % 64);
        }
        Bits(words)
    }

    fn meet3_nonempty(a: &Bits, b: &Bits, c: &Bits) -> bool {
        a.0.iter()
            .zip(&b.0)
            .zip(&c.0)
            .any(|((x, y), z)| x & y & z != 0)
    }
}

/// The cheapest sets {a, b, c} of residues (cost Σ |nearest offset|) such that
/// 0, a, b, c have pairwise differences that all fit.
fn cheapest_sets(tables: u32, rounds: u32) -> Vec<[u32; 3]> {
    let fits = fitting(tables, rounds);
    let cost = |x: u32| nearest_offset(x, tables).unsigned_abs();
    let mut list: Vec<u32> = (0..tables).filter(|&x| fits[x as usize]).collect();
    list.sort_by_key(|&x| (cost(x), x));
    let fit_bits = Bits::from_fn(tables, |x| fits[x as usize]);
    // shifted[a] = { x : x - a fits }.
    let shifted: Vec<Bits> = (0..tables)
        .map(|a| Bits::from_fn(tables, |x| fits[((x + tables - a) % tables) as usize]))
        .collect();
    let diff_fits = |x: u32, y: u32| fits[((x + tables - y) % tables) as usize];

    let mut best = u32::MAX;
    let mut sets = Vec::new();
    for (i, &a) in list.iter().enumerate() {
        if 3 * cost(a) > best {
            break;
        }
        for (j, &b) in list.iter().enumerate().skip(i) {
            if cost(a) + 2 * cost(b) > best {
                break;
            }
            if !diff_fits(b, a)
                || !Bits::meet3_nonempty(&fit_bits, &shifted[a as usize], &shifted[b as usize])
            {
                continue;
            }
            for &c in list.iter().skip(j) {
                let total = cost(a) + cost(b) + cost(c);
                if total > best {
                    break;
                }
                if diff_fits(c, a) && diff_fits(c, b) {
                    if total < best {
                        best = total;
                        sets.clear();
                    }
                    sets.push([a, b, c]);
                }
            }
        }
    }
    sets
}

/// The most rounds (at least 1) that some East-stays movement plays at T
/// tables without any repeat meeting: T/3 when 3 divides T, else T/2 when 2
/// does, else T (and 1 below 4 tables).
///
/// Why: the four seats' offsets are four residues modulo T. If 3 divides T,
/// two of them agree modulo 3, so their difference δ has `gcd(δ, T) ≥ 3` and
/// `ord(δ) ≤ T/3`; likewise modulo 2. Offsets 0, 1, 2, 3 have differences 1,
/// 2 and 3, so they reach the bound. The tests check this against the search
/// and against brute force.
pub fn max_repeat_free_rounds(tables: u32) -> Result<u32, MovementError> {
    check_tables(tables)?;
    Ok(match tables {
        1..=3 => 1,
        t if t % 3 == 0 => t / 3,
        t if t % 2 == 0 => t / 2,
        t => t,
    })
}

/// Searches movements in which East stays and South, West, North move by
/// offsets of our choosing, for one with no repeat meeting in R rounds at T
/// tables. "Best" is, in order: the fewest tables walked per round
/// (Σ |offset|, each offset taken the short way round, ties up); then the
/// closest to `preferred` (Σ over the four seats of the distance between
/// offsets modulo T); then the smallest (south, west, north).
/// With one round nobody need move, so the answer is all zeros.
pub fn find_repeat_free(
    tables: u32,
    rounds: u32,
    preferred: &SeatMovement,
) -> Result<Proposal, MovementError> {
    check(tables, rounds)?;
    let none = |reason| -> Result<Proposal, MovementError> {
        Ok(Proposal::NoneExists {
            reason,
            max_rounds: max_repeat_free_rounds(tables)?,
        })
    };
    if rounds >= 2 && tables < 4 {
        return none(NoneReason::FewerThanFourTables);
    }
    if rounds > tables {
        return none(NoneReason::MoreRoundsThanTables);
    }
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut best: Option<(u32, [i32; 3])> = None;
    let mut walked = 0;
    for set in cheapest_sets(tables, rounds) {
        let offs = set.map(|x| nearest_offset(x, tables));
        walked = offs.iter().map(|d| d.unsigned_abs()).sum();
        for order in ORDERS {
            let swn = order.map(|k| offs[k]);
            let candidate = SeatMovement::new(0, swn[0], swn[1], swn[2]);
            let distance = distance(&candidate, preferred, tables);
            if best.is_none_or(|(d, s)| (distance, swn) < (d, s)) {
                best = Some((distance, swn));
            }
        }
    }
    match best {
        Some((distance, [south, west, north])) => Ok(Proposal::Found {
            movement: SeatMovement::new(0, south, west, north),
            tables_walked: walked,
            distance_from_preferred: distance,
        }),
        None => none(NoneReason::NoOffsetsFit),
    }
}

fn distance(a: &SeatMovement, b: &SeatMovement, tables: u32) -> u32 {
    Seat::ALL
        .into_iter()
        .map(|s| circular_distance(a.offset(s), b.offset(s), tables))
        .sum()
}

impl From<BySeat<i32>> for SeatMovement {
    fn from(b: BySeat<i32>) -> SeatMovement {
        SeatMovement::new(b[Seat::East], b[Seat::South], b[Seat::West], b[Seat::North])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: SeatMovement = SeatMovement::new(1, -2, 2, -1);

    #[test]
    fn player_ids_print_and_parse() {
        let p = PlayerId::new(3, Seat::West);
        assert_eq!(p.to_string(), "3-west");
        assert_eq!("3-west".parse::<PlayerId>(), Ok(p));
        assert_eq!(
            "12-North".parse::<PlayerId>(),
            Ok(PlayerId::new(12, Seat::North))
        );
        for bad in [
            "", "3", "west", "0-east", "-1-east", "03-east", "+3-east", "3-centre", "3-",
        ] {
            assert!(bad.parse::<PlayerId>().is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&p).unwrap(), r#""3-west""#);
    }

    #[test]
    fn movement_displays_offsets_and_stays() {
        assert_eq!(STANDARD.to_string(), "East +1, South -2, West +2, North -1");
        assert_eq!(
            SeatMovement::new(0, 2, 1, 3).to_string(),
            "East stays, South +2, West +1, North +3"
        );
    }

    #[test]
    fn bad_sizes_are_errors_not_panics() {
        assert_eq!(seating(0, 1, &STANDARD), Err(MovementError::NoTables));
        assert_eq!(
            seating(501, 1, &STANDARD),
            Err(MovementError::TooManyTables(501))
        );
        assert_eq!(seating(3, 0, &STANDARD), Err(MovementError::NoRounds));
        assert_eq!(
            repeats(3, 1001, &STANDARD),
            Err(MovementError::TooManyRounds(1001))
        );
        assert_eq!(
            table_in_round(4, Seat::East, 1, 3, &STANDARD),
            Err(MovementError::NoSuchTable {
                table: 4,
                tables: 3
            })
        );
        assert_eq!(
            table_in_round(1, Seat::East, 0, 3, &STANDARD),
            Err(MovementError::RoundZero)
        );
        assert_eq!(
            find_repeat_free(0, 2, &STANDARD),
            Err(MovementError::NoTables)
        );
    }

    #[test]
    fn extreme_offsets_do_not_overflow() {
        let m = SeatMovement::new(i32::MIN, i32::MAX, -1, 1);
        let t = table_in_round(500, Seat::East, u32::MAX, 500, &m).unwrap();
        assert!((1..=500).contains(&t));
        let back = player_at(t, Seat::East, u32::MAX, 500, &m).unwrap();
        assert_eq!(back, PlayerId::new(500, Seat::East));
    }

    #[test]
    fn order_is_the_cycle_length() {
        assert_eq!(order(0, 7), 1);
        assert_eq!(order(2, 4), 2);
        assert_eq!(order(3, 12), 4);
        assert_eq!(order(5, 12), 12);
    }
}
