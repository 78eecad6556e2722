//! Seat movement (R13) against a brute-force simulation: players walk table
//! by table with explicit wrap-around, and meetings are counted directly.
//! The library's number theory (periods `ord(δ)` in Z_T) must agree.

use jongg_rules::movement::{
    NoneReason, PlayerId, Proposal, SeatMovement, find_repeat_free, max_repeat_free_rounds,
    meeting_period, player_at, repeats, seating, table_in_round,
};
use jongg_tiles::Seat;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// tables[round-1][player index] by walking: each round, add the offset and
/// wrap into 1..=T one table at a time. Player index = 4·(start-1) + seat.
fn walk(tables: u32, rounds: u32, m: &SeatMovement) -> Vec<Vec<u32>> {
    let t = i64::from(tables);
    let mut at: Vec<i64> = (0..4 * tables).map(|i| i64::from(i / 4) + 1).collect();
    let mut out = Vec::new();
    for round in 1..=rounds {
        if round > 1 {
            for (i, pos) in at.iter_mut().enumerate() {
                let mut p = *pos + i64::from(m.offset(Seat::from_index(i % 4)));
                while p < 1 {
                    p += t;
                }
                while p > t {
                    p -= t;
                }
                *pos = p;
            }
        }
        out.push(at.iter().map(|&p| p as u32).collect());
    }
    out
}

fn id(i: usize) -> PlayerId {
    PlayerId::new(i as u32 / 4 + 1, Seat::from_index(i % 4))
}

/// Every round's meetings: for each table, the players (indices) there.
fn by_table(tables: u32, at: &[u32]) -> Vec<Vec<usize>> {
    let mut groups = vec![Vec::new(); tables as usize];
    for (i, &t) in at.iter().enumerate() {
        groups[t as usize - 1].push(i);
    }
    groups
}

/// Every pair meeting more than once, with their rounds, by direct count.
fn brute_repeats(
    tables: u32,
    rounds: u32,
    m: &SeatMovement,
) -> Vec<(PlayerId, PlayerId, Vec<u32>)> {
    let mut met: BTreeMap<(PlayerId, PlayerId), Vec<u32>> = BTreeMap::new();
    for (r, at) in walk(tables, rounds, m).iter().enumerate() {
        for group in by_table(tables, at) {
            for (k, &i) in group.iter().enumerate() {
                for &j in &group[k + 1..] {
                    let (a, b) = (id(i).min(id(j)), id(i).max(id(j)));
                    met.entry((a, b)).or_default().push(r as u32 + 1);
                }
            }
        }
    }
    met.into_iter()
        .filter(|(_, r)| r.len() > 1)
        .map(|((a, b), r)| (a, b, r))
        .collect()
}

/// Quick yes/no by direct count, for the exhaustive searches.
fn brute_has_repeat(tables: u32, rounds: u32, m: &SeatMovement) -> bool {
    let n = 4 * tables as usize;
    let mut met = vec![false; n * n];
    for at in walk(tables, rounds, m) {
        for group in by_table(tables, &at) {
            for (k, &i) in group.iter().enumerate() {
                for &j in &group[k + 1..] {
                    let cell = &mut met[i.min(j) * n + i.max(j)];
                    if *cell {
                        return true;
                    }
                    *cell = true;
                }
            }
        }
    }
    false
}

fn library_repeats(
    tables: u32,
    rounds: u32,
    m: &SeatMovement,
) -> Vec<(PlayerId, PlayerId, Vec<u32>)> {
    repeats(tables, rounds, m)
        .unwrap()
        .into_iter()
        .map(|r| (r.a, r.b, r.rounds))
        .collect()
}

fn nearest(x: i32, tables: u32) -> i32 {
    let t = tables as i32;
    let r = x.rem_euclid(t);
    if 2 * r <= t { r } else { r - t }
}

fn circular(a: i32, b: i32, tables: u32) -> u32 {
    let d = (a - b).rem_euclid(tables as i32) as u32;
    d.min(tables - d)
}

/// The best East-stays repeat-free movement by trying all offsets, ranked as
/// `find_repeat_free` documents: tables walked, distance, (south, west, north).
fn brute_best(tables: u32, rounds: u32, preferred: &SeatMovement) -> Option<(u32, u32, [i32; 3])> {
    let t = tables as i32;
    let mut best = None;
    for s in 0..t {
        for w in 0..t {
            for n in 0..t {
                let swn = [s, w, n].map(|x| nearest(x, tables));
                let m = SeatMovement::new(0, swn[0], swn[1], swn[2]);
                if brute_has_repeat(tables, rounds, &m) {
                    continue;
                }
                let walked = swn.iter().map(|d| d.unsigned_abs()).sum();
                let distance = Seat::ALL
                    .into_iter()
                    .map(|seat| circular(m.offset(seat), preferred.offset(seat), tables))
                    .sum();
                let key = (walked, distance, swn);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
        }
    }
    best
}

fn any_movement() -> impl Strategy<Value = SeatMovement> {
    (-60i32..60, -60i32..60, -60i32..60, -60i32..60)
        .prop_map(|(e, s, w, n)| SeatMovement::new(e, s, w, n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// R13: the number-theoretic repeat finder equals the direct count.
    #[test]
    fn repeats_agree_with_brute_force(tables in 1u32..40, rounds in 1u32..10, m in any_movement()) {
        prop_assert_eq!(library_repeats(tables, rounds, &m), brute_repeats(tables, rounds, &m));
    }

    /// R13: the schedule equals the walk, and each table holds one of each seat.
    #[test]
    fn seating_agrees_with_walking(tables in 1u32..40, rounds in 1u32..10, m in any_movement()) {
        let schedule = seating(tables, rounds, &m).unwrap();
        let walked = walk(tables, rounds, &m);
        for (r, at) in walked.iter().enumerate() {
            let round = &schedule.rounds[r];
            prop_assert_eq!(round.round, r as u32 + 1);
            for (i, &table) in at.iter().enumerate() {
                let seats = schedule.at(r as u32 + 1, table).unwrap();
                prop_assert_eq!(seats[Seat::from_index(i % 4)], id(i));
            }
        }
    }

    /// A proposal really has no repeat (by direct count), keeps East still,
    /// and reports its own walking and distance truly; "none" is consistent.
    #[test]
    fn proposals_are_repeat_free(tables in 1u32..80, rounds in 1u32..14, m in any_movement()) {
        match find_repeat_free(tables, rounds, &m).unwrap() {
            Proposal::Found { movement, tables_walked, distance_from_preferred } => {
                prop_assert_eq!(movement.east, 0);
                prop_assert!(!brute_has_repeat(tables, rounds, &movement));
                let walked: u32 = Seat::ALL.into_iter().map(|s| movement.offset(s).unsigned_abs()).sum();
                prop_assert_eq!(tables_walked, walked);
                let distance: u32 = Seat::ALL
                    .into_iter()
                    .map(|s| circular(movement.offset(s), m.offset(s), tables))
                    .sum();
                prop_assert_eq!(distance_from_preferred, distance);
                prop_assert!(rounds <= max_repeat_free_rounds(tables).unwrap());
            }
            Proposal::NoneExists { reason, max_rounds } => {
                prop_assert!(max_rounds < rounds);
                match reason {
                    NoneReason::FewerThanFourTables => prop_assert!(tables < 4 && rounds >= 2),
                    NoneReason::MoreRoundsThanTables => prop_assert!(rounds > tables),
                    NoneReason::NoOffsetsFit => prop_assert!(tables >= 4 && rounds <= tables),
                }
            }
        }
    }
}

/// For every T up to 9 and every R up to T + 1, the search's answer is the
/// brute-force best over all East-stays offsets, and "none exists" is true.
#[test]
fn search_is_exhaustively_right_for_small_tables() {
    let preferred = [
        SeatMovement::new(1, -2, 2, -1),
        SeatMovement::new(0, 2, 1, 3),
    ];
    for tables in 1..=9 {
        for rounds in 1..=tables + 1 {
            for p in &preferred {
                let got = find_repeat_free(tables, rounds, p).unwrap();
                let want = brute_best(tables, rounds, p);
                match (&got, want) {
                    (
                        Proposal::Found {
                            movement,
                            tables_walked,
                            distance_from_preferred,
                        },
                        Some((walked, distance, swn)),
                    ) => {
                        assert_eq!(
                            (
                                *tables_walked,
                                *distance_from_preferred,
                                [movement.south, movement.west, movement.north]
                            ),
                            (walked, distance, swn),
                            "T={tables} R={rounds} preferred {p}"
                        );
                    }
                    (Proposal::NoneExists { .. }, None) => {}
                    _ => panic!("T={tables} R={rounds}: search {got:?}, brute force {want:?}"),
                }
            }
        }
    }
}

/// The two "no movement at all works" reasons hold for every movement,
/// East moving or not, checked over all offsets for small T.
#[test]
fn impossibility_reasons_hold_for_every_movement() {
    for tables in 1..=6u32 {
        for rounds in 2..=tables + 2 {
            let Proposal::NoneExists { reason, .. } =
                find_repeat_free(tables, rounds, &SeatMovement::new(0, 0, 0, 0)).unwrap()
            else {
                continue;
            };
            if reason == NoneReason::NoOffsetsFit {
                continue; // claimed for East-stays movements only
            }
            let t = tables as i32;
            for e in 0..t {
                for s in 0..t {
                    for w in 0..t {
                        for n in 0..t {
                            let m = SeatMovement::new(e, s, w, n);
                            assert!(
                                brute_has_repeat(tables, rounds, &m),
                                "T={tables} R={rounds} {m}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The most repeat-free rounds, by trying every East-stays movement.
#[test]
fn max_repeat_free_rounds_agrees_with_brute_force() {
    for tables in 1..=10u32 {
        let brute = (1..=tables + 1)
            .filter(|&r| brute_best(tables, r, &SeatMovement::new(0, 0, 0, 0)).is_some())
            .max()
            .unwrap();
        assert_eq!(max_repeat_free_rounds(tables), Ok(brute), "T={tables}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The player-name parser never panics, and accepts exactly what it prints.
    #[test]
    fn player_names_parse_without_panicking(text in "\\PC{0,12}") {
        if let Ok(p) = text.parse::<PlayerId>() {
            prop_assert!(p.table >= 1);
            prop_assert_eq!(p.to_string(), text.to_lowercase());
        }
    }

    #[test]
    fn player_names_round_trip(table in 1u32..=u32::MAX, seat in 0usize..4) {
        let p = PlayerId::new(table, Seat::from_index(seat));
        prop_assert_eq!(p.to_string().parse::<PlayerId>(), Ok(p));
        let json = serde_json::to_string(&p).unwrap();
        prop_assert_eq!(serde_json::from_str::<PlayerId>(&json).unwrap(), p);
    }

    /// Any sizes and offsets give a value or an error, never a panic.
    #[test]
    fn positions_never_panic(
        tables in any::<u32>(),
        start in any::<u32>(),
        round in any::<u32>(),
        seat in 0usize..4,
        m in (any::<i32>(), any::<i32>(), any::<i32>(), any::<i32>())
            .prop_map(|(e, s, w, n)| SeatMovement::new(e, s, w, n)),
    ) {
        let seat = Seat::from_index(seat);
        if let Ok(t) = table_in_round(start, seat, round, tables, &m) {
            prop_assert!((1..=tables).contains(&t));
            prop_assert_eq!(player_at(t, seat, round, tables, &m), Ok(PlayerId::new(start, seat)));
        }
        let _ = meeting_period(seat, Seat::North, tables, &m);
        let _ = max_repeat_free_rounds(tables);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The whole-schedule functions never panic either, at the size limits too.
    #[test]
    fn schedules_never_panic(
        tables in prop_oneof![0u32..12, 495u32..505, any::<u32>()],
        rounds in prop_oneof![0u32..12, 995u32..1005, any::<u32>()],
        m in (any::<i32>(), any::<i32>(), any::<i32>(), any::<i32>())
            .prop_map(|(e, s, w, n)| SeatMovement::new(e, s, w, n)),
    ) {
        let ok = (1..=500).contains(&tables) && (1..=1000).contains(&rounds);
        prop_assert_eq!(repeats(tables, rounds, &m).is_ok(), ok);
        prop_assert_eq!(find_repeat_free(tables, rounds, &m).is_ok(), ok);
        if tables <= 12 || rounds <= 12 {
            prop_assert_eq!(seating(tables, rounds, &m).is_ok(), ok);
        }
    }
}
