//! Seating: round 1 (random, by number, imported), the movement between
//! rounds (R13), and re-seating after arrivals, withdrawals and substitutes
//! with as few moves as possible.
//!
//! Tables are worked on as `Vec<[Option<PlayerNo>; 4]>`, indexed by table
//! number - 1 and by seat (East, South, West, North).

use crate::error::DomainError;
use crate::model::{OddPlayers, PlayerNo, TableNo, TableSeats};
use jongg_rules::Preset;
use jongg_rules::movement::table_in_round;
use jongg_rules::rng::Rng;
use jongg_tiles::{BySeat, Seat};
use std::collections::{BTreeMap, BTreeSet};

pub type Slots = [Option<PlayerNo>; 4];

/// A seating in the making: tables and the players sitting out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub tables: Vec<Slots>,
    pub sit_outs: Vec<PlayerNo>,
}

impl Plan {
    /// The tables numbered 1, 2, 3, ...
    pub fn table_seats(&self) -> Result<Vec<TableSeats>, DomainError> {
        self.tables
            .iter()
            .enumerate()
            .map(|(i, slots)| {
                Ok(TableSeats {
                    table: TableNo::at(i)
                        .map_err(|e| DomainError::InvalidSeating(e.to_string()))?,
                    seats: BySeat(*slots),
                })
            })
            .collect()
    }
}

/// How many tables `n` players need.
/// Three-player tables: ceil(n/4) tables, each of 3 or 4 (so 5 players cannot
/// play). Sit-outs: floor(n/4) tables of 4.
pub fn table_count(n: usize, odd: OddPlayers) -> Result<usize, DomainError> {
    match odd {
        OddPlayers::ThreePlayerTables => {
            let t = n.div_ceil(4);
            if n < 3 || 3 * t > n {
                Err(DomainError::Conflict(format!(
                    "{n} players cannot sit at tables of three and four; use sit-outs"
                )))
            } else {
                Ok(t)
            }
        }
        OddPlayers::SitOut { .. } => {
            if n < 4 {
                Err(DomainError::Conflict(format!(
                    "{n} players are too few for a table of four"
                )))
            } else {
                Ok(n / 4)
            }
        }
    }
}

/// Seat players in the given order: table 1 East, South, West, North, table 2...
/// With three-player tables the last tables have three players and an empty
/// North; with sit-outs the last players in the order sit out.
pub fn in_order(order: &[PlayerNo], odd: OddPlayers) -> Result<Plan, DomainError> {
    let n = order.len();
    let t = table_count(n, odd)?;
    let (full, per_short) = match odd {
        OddPlayers::ThreePlayerTables => (t - (4 * t - n), 3),
        OddPlayers::SitOut { .. } => (t, 4),
    };
    let mut next = order.iter().copied();
    let mut tables = Vec::with_capacity(t);
    for i in 0..t {
        let size = if i < full { 4 } else { per_short };
        let mut slots = [None; 4];
        for slot in slots.iter_mut().take(size) {
            *slot = next.next();
        }
        tables.push(slots);
    }
    Ok(Plan {
        tables,
        sit_outs: next.collect(),
    })
}

/// A reproducible shuffle (the one generator, `jongg_rules::rng`): the same
/// seed and players give the same order on every machine.
pub fn shuffle(players: &mut [PlayerNo], seed: u64) {
    Rng::new(seed).shuffle_by_remainder(players);
}

/// Every player moves by seat after a round, table numbers wrapping (R13).
/// Players keep their seat letter. The table arithmetic is `jongg-rules`'.
pub fn moved(tables: &[Slots], preset: &Preset) -> Result<Vec<Slots>, DomainError> {
    let n = u32::try_from(tables.len())
        .map_err(|_| DomainError::Conflict(format!("{} tables cannot move", tables.len())))?;
    let mut out = vec![[None; 4]; tables.len()];
    for (t, slots) in (1..).zip(tables) {
        for seat in Seat::ALL {
            let to = table_in_round(t, seat, 2, n, &preset.movement)
                .map_err(|e| DomainError::Conflict(format!("cannot move the players: {e}")))?;
            if let Some(row) = out.get_mut(to as usize - 1) {
                row[seat.index()] = slots[seat.index()];
            }
        }
    }
    Ok(out)
}

/// Fit a seating to the players who are active now, moving as few as possible.
///
/// `tables` is the seating to start from (the movement's, or a round's seating
/// to adjust); `waiting` are players without a seat who should get one first
/// (the last round's sit-outs). `sat_out` counts each player's sit-outs in the
/// rounds before. Steps, each touching only the players it must:
/// 1. players no longer active leave their seats (a gap, nobody moves);
/// 2. if fewer tables are needed, the players of the last tables move;
/// 3. with sit-outs, those who sat out least (then those already without a
///    seat, then the highest numbers) sit out;
/// 4. players without a seat fill gaps, emptiest table first, East first;
/// 5. a table left with fewer than three takes the North player of a full table;
/// 6. a table without East has its North (else West, else South) move to East,
///    because East keeps the sheet (R14).
pub fn fit(
    tables: &[Slots],
    waiting: &[PlayerNo],
    active: &BTreeSet<PlayerNo>,
    odd: OddPlayers,
    sat_out: &BTreeMap<PlayerNo, u32>,
) -> Result<Plan, DomainError> {
    let target = table_count(active.len(), odd)?;
    let mut seen = BTreeSet::new();
    let mut tables: Vec<Slots> = tables
        .iter()
        .map(|slots| slots.map(|p| p.filter(|p| active.contains(p) && seen.insert(*p))))
        .collect();
    let mut unseated: Vec<PlayerNo> = Vec::new();
    for p in waiting {
        if active.contains(p) && seen.insert(*p) {
            unseated.push(*p);
        }
    }
    unseated.extend(active.iter().filter(|p| !seen.contains(p)));
    if tables.len() > target {
        for slots in tables.drain(target..) {
            unseated.extend(slots.iter().flatten());
        }
    }
    tables.resize(target, [None; 4]);

    let mut sit_outs = Vec::new();
    if let OddPlayers::SitOut { .. } = odd {
        let count = active.len() - 4 * target;
        let without: BTreeSet<PlayerNo> = unseated.iter().copied().collect();
        let mut candidates: Vec<PlayerNo> = active.iter().copied().collect();
        candidates.sort_by_key(|p| {
            (
                sat_out.get(p).copied().unwrap_or(0),
                !without.contains(p),
                std::cmp::Reverse(*p),
            )
        });
        sit_outs = candidates[..count].to_vec();
        let out: BTreeSet<PlayerNo> = sit_outs.iter().copied().collect();
        unseated.retain(|p| !out.contains(p));
        for slots in &mut tables {
            for slot in slots.iter_mut() {
                if slot.is_some_and(|p| out.contains(&p)) {
                    *slot = None;
                }
            }
        }
        sit_outs.sort();
    }

    for p in unseated {
        let Some(t) = (0..tables.len())
            .filter(|&t| count(&tables[t]) < 4)
            .min_by_key(|&t| (count(&tables[t]), t))
        else {
            return Err(DomainError::Conflict(
                "no seat left for every player".into(),
            ));
        };
        let free = tables[t].iter().position(Option::is_none).unwrap_or(0);
        tables[t][free] = Some(p);
    }

    while let Some(short) = (0..tables.len()).find(|&t| count(&tables[t]) < 3) {
        let Some(full) = (0..tables.len()).rev().find(|&t| count(&tables[t]) == 4) else {
            return Err(DomainError::Conflict(
                "cannot fill every table with three players".into(),
            ));
        };
        let from = [3, 2, 1, 0]
            .into_iter()
            .find(|&s| tables[full][s].is_some())
            .unwrap_or(3);
        let p = tables[full][from].take();
        let free = tables[short].iter().position(Option::is_none).unwrap_or(0);
        tables[short][free] = p;
    }

    for slots in &mut tables {
        if slots[0].is_none()
            && let Some(from) = [3, 2, 1].into_iter().find(|&s| slots[s].is_some())
        {
            slots[0] = slots[from].take();
        }
    }
    Ok(Plan { tables, sit_outs })
}

fn count(slots: &Slots) -> usize {
    slots.iter().flatten().count()
}

/// Check a seating the director brings: tables numbered 1, 2, 3...; every
/// active player exactly once; nobody else; East taken at every table;
/// tables of four (or three, with three-player tables); sit-outs only when
/// the director chose sit-outs, and only as many as the count requires.
pub fn check(
    tables: &[TableSeats],
    sit_outs: &[PlayerNo],
    active: &BTreeSet<PlayerNo>,
    odd: OddPlayers,
) -> Result<Plan, DomainError> {
    let bad = |m: String| Err(DomainError::InvalidSeating(m));
    let target = table_count(active.len(), odd)?;
    if tables.len() != target {
        return bad(format!(
            "{} players need {target} tables, not {}",
            active.len(),
            tables.len()
        ));
    }
    let mut seen = BTreeSet::new();
    let mut plan = Plan {
        tables: Vec::new(),
        sit_outs: Vec::new(),
    };
    for (i, t) in tables.iter().enumerate() {
        if usize::from(t.table) != i + 1 {
            return bad(format!(
                "table {} is listed where table {} belongs",
                t.table,
                i + 1
            ));
        }
        for (_, p) in t.players() {
            if !active.contains(&p) {
                return bad(format!("player {p} is not an active player"));
            }
            if !seen.insert(p) {
                return bad(format!("player {p} is seated twice"));
            }
        }
        let n = t.player_count();
        let min = match odd {
            OddPlayers::ThreePlayerTables => 3,
            OddPlayers::SitOut { .. } => 4,
        };
        if n < min {
            return bad(format!(
                "table {} has {n} players; it needs at least {min}",
                t.table
            ));
        }
        if t.seats[Seat::East].is_none() {
            return bad(format!(
                "table {} has no East: East keeps the sheet (R14)",
                t.table
            ));
        }
        plan.tables.push(t.seats.0);
    }
    for p in sit_outs {
        if !matches!(odd, OddPlayers::SitOut { .. }) {
            return bad("sit-outs need the sit-out choice for odd player counts".into());
        }
        if !active.contains(p) {
            return bad(format!("player {p} is not an active player"));
        }
        if !seen.insert(*p) {
            return bad(format!("player {p} is both seated and sitting out"));
        }
        plan.sit_outs.push(*p);
    }
    if let Some(p) = active.iter().find(|p| !seen.contains(p)) {
        return bad(format!("player {p} has no seat"));
    }
    plan.sit_outs.sort();
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RulesSource;
    use crate::rules::resolve;

    fn nos(r: std::ops::RangeInclusive<u32>) -> Vec<PlayerNo> {
        r.map(PlayerNo).collect()
    }

    fn standard() -> Preset {
        resolve(&RulesSource::Preset {
            name: "standard".into(),
        })
        .unwrap()
    }

    #[test]
    fn by_number_fills_table_one_east_south_west_north() {
        let plan = in_order(&nos(1..=8), OddPlayers::ThreePlayerTables).unwrap();
        assert_eq!(
            plan.tables[0],
            [
                Some(PlayerNo(1)),
                Some(PlayerNo(2)),
                Some(PlayerNo(3)),
                Some(PlayerNo(4))
            ]
        );
        assert_eq!(plan.tables[1][3], Some(PlayerNo(8)));
    }

    #[test]
    fn thirteen_players_sit_at_one_four_and_three_three_tables_r12() {
        let plan = in_order(&nos(1..=13), OddPlayers::ThreePlayerTables).unwrap();
        let counts: Vec<usize> = plan.tables.iter().map(count).collect();
        assert_eq!(counts, [4, 3, 3, 3]);
        assert!(
            plan.tables[1..].iter().all(|t| t[3].is_none()),
            "the empty seat is North"
        );
    }

    #[test]
    fn sit_outs_take_the_players_left_over() {
        let plan = in_order(&nos(1..=13), OddPlayers::SitOut { points: 40 }).unwrap();
        assert_eq!(plan.tables.len(), 3);
        assert_eq!(plan.sit_outs, [PlayerNo(13)]);
    }

    #[test]
    fn five_players_cannot_sit_at_tables_of_three() {
        assert!(table_count(5, OddPlayers::ThreePlayerTables).is_err());
        assert_eq!(table_count(6, OddPlayers::ThreePlayerTables), Ok(2));
    }

    #[test]
    fn shuffle_is_reproducible_and_a_permutation() {
        let mut a = nos(1..=40);
        let mut b = nos(1..=40);
        shuffle(&mut a, 7);
        shuffle(&mut b, 7);
        assert_eq!(a, b);
        assert_ne!(a, nos(1..=40));
        a.sort();
        assert_eq!(a, nos(1..=40));
    }

    #[test]
    fn standard_24_east_up_one_north_down_one_west_up_two_south_down_two_r13() {
        // 5 tables; the East of table 5 wraps to table 1 (R13).
        let plan = in_order(&nos(1..=20), OddPlayers::ThreePlayerTables).unwrap();
        let next = moved(&plan.tables, &standard()).unwrap();
        // Table 1 was 1 (E), 2 (S), 3 (W), 4 (N).
        assert_eq!(next[1][0], Some(PlayerNo(1)), "East up one");
        assert_eq!(
            next[3][1],
            Some(PlayerNo(2)),
            "South down two wraps to table 4"
        );
        assert_eq!(next[2][2], Some(PlayerNo(3)), "West up two");
        assert_eq!(
            next[4][3],
            Some(PlayerNo(4)),
            "North down one wraps to table 5"
        );
        assert_eq!(
            next[0][0],
            Some(PlayerNo(17)),
            "East of table 5 wraps to table 1"
        );
    }

    #[test]
    fn a_withdrawal_leaves_a_gap_and_moves_nobody() {
        let plan = in_order(&nos(1..=16), OddPlayers::ThreePlayerTables).unwrap();
        let active: BTreeSet<PlayerNo> = nos(1..=16).into_iter().filter(|p| p.0 != 6).collect();
        let fitted = fit(
            &plan.tables,
            &[],
            &active,
            OddPlayers::ThreePlayerTables,
            &BTreeMap::new(),
        )
        .unwrap();
        assert_eq!(
            fitted.tables[1],
            [
                Some(PlayerNo(5)),
                None,
                Some(PlayerNo(7)),
                Some(PlayerNo(8))
            ]
        );
        assert_eq!(fitted.tables[0], plan.tables[0]);
    }

    #[test]
    fn a_lost_east_is_replaced_at_the_table_r14() {
        let plan = in_order(&nos(1..=16), OddPlayers::ThreePlayerTables).unwrap();
        let active: BTreeSet<PlayerNo> = nos(2..=16).into_iter().collect();
        let fitted = fit(
            &plan.tables,
            &[],
            &active,
            OddPlayers::ThreePlayerTables,
            &BTreeMap::new(),
        )
        .unwrap();
        assert_eq!(
            fitted.tables[0],
            [
                Some(PlayerNo(4)),
                Some(PlayerNo(2)),
                Some(PlayerNo(3)),
                None
            ]
        );
    }

    #[test]
    fn an_arrival_fills_a_gap_without_moving_anyone() {
        let plan = in_order(&nos(1..=15), OddPlayers::ThreePlayerTables).unwrap();
        let active: BTreeSet<PlayerNo> = nos(1..=16).into_iter().collect();
        let fitted = fit(
            &plan.tables,
            &[],
            &active,
            OddPlayers::ThreePlayerTables,
            &BTreeMap::new(),
        )
        .unwrap();
        assert_eq!(fitted.tables[3][3], Some(PlayerNo(16)));
        assert_eq!(&fitted.tables[..3], &plan.tables[..3]);
    }

    #[test]
    fn four_withdrawals_drop_the_last_table() {
        let plan = in_order(&nos(1..=16), OddPlayers::ThreePlayerTables).unwrap();
        let active: BTreeSet<PlayerNo> = [1, 2, 5, 6, 9, 10, 13, 14, 15, 16, 3, 7]
            .into_iter()
            .map(PlayerNo)
            .collect();
        let fitted = fit(
            &plan.tables,
            &[],
            &active,
            OddPlayers::ThreePlayerTables,
            &BTreeMap::new(),
        )
        .unwrap();
        assert_eq!(fitted.tables.len(), 3);
        assert!(fitted.tables.iter().all(|t| count(t) == 4));
        // Players at tables 1-3 kept their seats.
        assert_eq!(fitted.tables[0][..3], plan.tables[0][..3]);
    }

    #[test]
    fn whoever_sat_out_least_sits_out_next() {
        let plan = in_order(&nos(1..=9), OddPlayers::SitOut { points: 0 }).unwrap();
        assert_eq!(plan.sit_outs, [PlayerNo(9)]);
        let sat: BTreeMap<PlayerNo, u32> = [(PlayerNo(9), 1)].into();
        let active: BTreeSet<PlayerNo> = nos(1..=9).into_iter().collect();
        let fitted = fit(
            &plan.tables,
            &plan.sit_outs,
            &active,
            OddPlayers::SitOut { points: 0 },
            &sat,
        )
        .unwrap();
        assert_eq!(fitted.sit_outs, [PlayerNo(8)]);
        assert_eq!(
            fitted.tables[1][3],
            Some(PlayerNo(9)),
            "9 takes the seat 8 left"
        );
    }

    #[test]
    fn imported_seatings_are_checked() {
        let active: BTreeSet<PlayerNo> = nos(1..=8).into_iter().collect();
        let mut tables = in_order(&nos(1..=8), OddPlayers::ThreePlayerTables)
            .unwrap()
            .table_seats()
            .unwrap();
        assert!(check(&tables, &[], &active, OddPlayers::ThreePlayerTables).is_ok());
        tables[1].seats[Seat::North] = Some(PlayerNo(1));
        let err = check(&tables, &[], &active, OddPlayers::ThreePlayerTables).unwrap_err();
        assert!(err.to_string().contains("#1 is seated twice"), "{err}");
    }

    use proptest::prelude::*;

    fn place(plan: &Plan) -> BTreeMap<PlayerNo, (usize, usize)> {
        let mut out = BTreeMap::new();
        for (t, slots) in plan.tables.iter().enumerate() {
            for (s, p) in slots.iter().enumerate() {
                if let Some(p) = p {
                    out.insert(*p, (t, s));
                }
            }
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Withdrawals re-seat with as few moves as possible: a gap moves
        /// nobody, a table left with two takes one player, a table without
        /// East moves one player, and a table no longer needed moves its
        /// players; never a player twice, every table valid.
        #[test]
        fn withdrawals_move_at_most_one_player_each_plus_the_dropped_tables(
            n in 8u32..=60,
            seed in any::<u64>(),
            gone in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
            sit_out in any::<bool>(),
        ) {
            let odd = if sit_out { OddPlayers::SitOut { points: 0 } } else { OddPlayers::ThreePlayerTables };
            let mut order = nos(1..=n);
            shuffle(&mut order, seed);
            let plan = in_order(&order, odd).unwrap();
            let mut active: BTreeSet<PlayerNo> = plan.tables.iter().flatten().flatten().copied().collect();
            for g in &gone {
                let v: Vec<PlayerNo> = active.iter().copied().collect();
                active.remove(&v[g.index(v.len())]);
            }
            let all: BTreeSet<PlayerNo> = nos(1..=n).into_iter().collect();
            let active_all: BTreeSet<PlayerNo> = if sit_out {
                // The sit-outs stay active and wait for a seat.
                active.iter().copied().chain(plan.sit_outs.iter().copied()).collect()
            } else {
                active.clone()
            };
            let Ok(target) = table_count(active_all.len(), odd) else { return Ok(()) };
            let fitted = fit(&plan.tables, &plan.sit_outs, &active_all, odd, &BTreeMap::new()).unwrap();
            // Everyone active exactly once; nobody else.
            let seated: Vec<PlayerNo> = fitted.tables.iter().flatten().flatten().copied().chain(fitted.sit_outs.iter().copied()).collect();
            let unique: BTreeSet<PlayerNo> = seated.iter().copied().collect();
            prop_assert_eq!(seated.len(), unique.len());
            prop_assert_eq!(&unique, &active_all);
            prop_assert!(unique.is_subset(&all));
            prop_assert_eq!(fitted.tables.len(), target);
            for slots in &fitted.tables {
                prop_assert!(slots[0].is_some(), "East taken");
                let c = count(slots);
                let ok = if sit_out { c == 4 } else { c >= 3 };
                prop_assert!(ok, "a table of {c}");
            }
            if !sit_out {
                let (before, after) = (place(&plan), place(&fitted));
                let moved = after.iter().filter(|(p, at)| before.get(p) != Some(at)).count();
                let dropped: usize = plan.tables[target.min(plan.tables.len())..].iter().map(count).sum();
                prop_assert!(moved <= gone.len() + dropped, "moved {moved}, withdrawn {}, dropped {dropped}", gone.len());
            }
        }
    }
}
