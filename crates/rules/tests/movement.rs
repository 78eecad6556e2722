//! Seat movement (R13): hand-worked schedules from `tests/movement/*.txt`,
//! asserted cell by cell, and the presets' movements at small table counts.
//! Property tests against a brute-force simulation are in `movement_props.rs`.

use jongg_rules::movement::{
    MovementError, NoneReason, PlayerId, Proposal, SeatMovement, find_repeat_free,
    max_repeat_free_rounds, meeting_period, player_at, repeats, seating, table_in_round,
};
use jongg_tiles::Seat;
use std::path::Path;

// The five presets' movements as R13 states them (East, South, West, North).
const STANDARD: SeatMovement = SeatMovement::new(1, -2, 2, -1); // standard 24
const BETH_EMETH: SeatMovement = SeatMovement::new(0, -2, 2, -1); // beth-emeth 5 + R13
const MANIA: SeatMovement = SeatMovement::new(0, -1, 2, 1); // mahjong-mania-2026 "TABLE ROTATION"
const ST_LOUIS: SeatMovement = SeatMovement::new(0, -1, 2, 1); // st-louis-senior-olympics 8
const MISSISSIPPI: SeatMovement = SeatMovement::new(0, 2, 1, 3); // mississippi-2025 "Table Relocation"
const PRESETS: [SeatMovement; 5] = [STANDARD, BETH_EMETH, MANIA, ST_LOUIS, MISSISSIPPI];

/// One hand-worked case read from a data file.
struct Case {
    name: String,
    movement: SeatMovement,
    tables: u32,
    rounds: u32,
    /// grid[round-1][table-1] = East, South, West, North players.
    grid: Vec<Vec<[PlayerId; 4]>>,
    /// (a, b, rounds), as written (normalised before comparing).
    repeats: Vec<(PlayerId, PlayerId, Vec<u32>)>,
}

fn number<T: std::str::FromStr>(word: &str, at: &str) -> T {
    word.parse()
        .unwrap_or_else(|_| panic!("{at}: `{word}` is not a number"))
}

fn player(word: &str, at: &str) -> PlayerId {
    word.parse().unwrap_or_else(|e| panic!("{at}: {e}"))
}

fn read_case(path: &Path) -> Case {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let mut case = Case {
        name: name.clone(),
        movement: SeatMovement::new(0, 0, 0, 0),
        tables: 0,
        rounds: 0,
        grid: Vec::new(),
        repeats: Vec::new(),
    };
    let mut in_repeats = false;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "movement" => {
                let d: Vec<i32> = words[1..].iter().map(|w| number(w, &at)).collect();
                assert_eq!(d.len(), 4, "{at}: four offsets");
                case.movement = SeatMovement::new(d[0], d[1], d[2], d[3]);
            }
            "tables" => case.tables = number(words[1], &at),
            "rounds" => case.rounds = number(words[1], &at),
            "round" => {
                let r: usize = number(words[1], &at);
                assert_eq!(r, case.grid.len() + 1, "{at}: rounds in order");
                case.grid.push(Vec::new());
            }
            "table" => {
                let t: usize = number(words[1].trim_end_matches(':'), &at);
                let row = case.grid.last_mut().expect("a round before its tables");
                assert_eq!(t, row.len() + 1, "{at}: tables in order");
                assert_eq!(words.len(), 6, "{at}: four players");
                row.push([2, 3, 4, 5].map(|i| player(words[i], &at)));
            }
            "repeats" => in_repeats = true,
            "none" if in_repeats => {}
            _ if in_repeats => {
                let (pair, rounds) = line.split_once(':').expect("`a b: rounds`");
                let pair: Vec<&str> = pair.split_whitespace().collect();
                let rounds = rounds.split_whitespace().map(|w| number(w, &at)).collect();
                case.repeats
                    .push((player(pair[0], &at), player(pair[1], &at), rounds));
            }
            other => panic!("{at}: unknown line `{other}`"),
        }
    }
    assert_eq!(
        case.grid.len() as u32,
        case.rounds,
        "{name}: every round written"
    );
    case
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/movement");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 4, "the hand-worked cases are missing");
    paths.iter().map(|p| read_case(p)).collect()
}

#[test]
fn hand_worked_schedules_match_cell_by_cell() {
    for case in cases() {
        let schedule = seating(case.tables, case.rounds, &case.movement).unwrap();
        assert_eq!(schedule.rounds.len(), case.grid.len(), "{}", case.name);
        for (r, row) in case.grid.iter().enumerate() {
            let round = r as u32 + 1;
            assert_eq!(row.len() as u32, case.tables, "{} round {round}", case.name);
            for (t, want) in row.iter().enumerate() {
                let table = t as u32 + 1;
                let got = schedule.at(round, table).unwrap();
                for (seat, want) in Seat::ALL.into_iter().zip(want) {
                    assert_eq!(
                        got[seat], *want,
                        "{}: round {round}, table {table}, {seat}",
                        case.name
                    );
                    // The inverse agrees too.
                    assert_eq!(
                        table_in_round(want.table, seat, round, case.tables, &case.movement),
                        Ok(table)
                    );
                    assert_eq!(
                        player_at(table, seat, round, case.tables, &case.movement),
                        Ok(*want)
                    );
                }
            }
        }
    }
}

#[test]
fn hand_worked_repeats_match() {
    for case in cases() {
        let mut want: Vec<_> = case
            .repeats
            .iter()
            .map(|(a, b, r)| {
                if a < b {
                    (*a, *b, r.clone())
                } else {
                    (*b, *a, r.clone())
                }
            })
            .collect();
        want.sort();
        let got: Vec<_> = repeats(case.tables, case.rounds, &case.movement)
            .unwrap()
            .into_iter()
            .map(|m| (m.a, m.b, m.rounds))
            .collect();
        assert_eq!(got, want, "{}", case.name);
    }
}

/// R13: table numbers wrap around. standard 24: East goes up 1 from the top
/// table to table 1; South goes down 2 from table 1 to table T-1.
#[test]
fn standard_24_wraps_around_the_top_and_bottom_tables() {
    assert_eq!(table_in_round(5, Seat::East, 2, 5, &STANDARD), Ok(1));
    assert_eq!(table_in_round(1, Seat::South, 2, 5, &STANDARD), Ok(4));
    assert_eq!(table_in_round(1, Seat::North, 2, 5, &STANDARD), Ok(5));
    assert_eq!(table_in_round(4, Seat::West, 2, 5, &STANDARD), Ok(1));
}

/// mississippi-2025 "Table Relocation": North +3 at 4 tables is North -1.
#[test]
fn mississippi_north_up_three_wraps_to_down_one_at_four_tables() {
    let down_one = SeatMovement::new(0, 2, 1, -1);
    for round in 1..=6 {
        for t in 1..=4 {
            assert_eq!(
                table_in_round(t, Seat::North, round, 4, &MISSISSIPPI),
                table_in_round(t, Seat::North, round, 4, &down_one)
            );
        }
    }
}

/// beth-emeth 5 (R13): East does not move from table to table.
/// mahjong-mania-2026, mississippi-2025 and st-louis-senior-olympics 8 too.
#[test]
fn east_stays_in_the_presets_that_say_so() {
    for m in [BETH_EMETH, MANIA, ST_LOUIS, MISSISSIPPI] {
        for round in 1..=9 {
            assert_eq!(table_in_round(7, Seat::East, round, 9, &m), Ok(7));
        }
    }
}

/// With 2 tables two of the four seats always move alike modulo 2 and meet
/// every round, whatever the movement (R13's wrap-around).
#[test]
fn two_tables_always_repeat_and_no_movement_helps() {
    for m in PRESETS {
        assert!(!repeats(2, 2, &m).unwrap().is_empty(), "{m}");
        assert_eq!(
            find_repeat_free(2, 2, &m),
            Ok(Proposal::NoneExists {
                reason: NoneReason::FewerThanFourTables,
                max_rounds: 1
            })
        );
    }
}

#[test]
fn one_table_meets_itself_every_round() {
    let all = repeats(1, 3, &STANDARD).unwrap();
    assert_eq!(all.len(), 6, "the four players make six pairs");
    assert!(all.iter().all(|m| m.rounds == [1, 2, 3]));
    assert!(repeats(1, 1, &STANDARD).unwrap().is_empty());
}

#[test]
fn one_round_never_repeats_and_needs_no_move() {
    for t in [1, 2, 3, 4, 7, 500] {
        for m in PRESETS {
            assert!(repeats(t, 1, &m).unwrap().is_empty());
        }
        assert_eq!(
            find_repeat_free(t, 1, &STANDARD).unwrap().movement(),
            Some(&SeatMovement::new(0, 0, 0, 0))
        );
    }
}

/// standard 24 at 5 tables: 5 is prime and no two seats move alike, so no
/// pair meets twice in up to 5 rounds; a 6th round brings everyone back.
#[test]
fn standard_at_five_tables_is_repeat_free_for_five_rounds_only() {
    assert!(repeats(5, 5, &STANDARD).unwrap().is_empty());
    let six = repeats(5, 6, &STANDARD).unwrap();
    // Round 6 repeats round 1: all 5 tables' 6 pairs.
    assert_eq!(six.len(), 30);
    assert!(six.iter().all(|m| m.rounds == [1, 6]));
}

#[test]
fn more_rounds_than_tables_cannot_be_repeat_free() {
    assert_eq!(
        find_repeat_free(5, 6, &STANDARD),
        Ok(Proposal::NoneExists {
            reason: NoneReason::MoreRoundsThanTables,
            max_rounds: 5
        })
    );
}

/// At 4 tables offsets must be 4 distinct residues; for 3 or more rounds all
/// their differences would need order 4 (odd), impossible for 4 numbers.
#[test]
fn four_tables_allow_two_rounds_at_most() {
    assert_eq!(max_repeat_free_rounds(4), Ok(2));
    assert_eq!(
        find_repeat_free(4, 3, &MISSISSIPPI),
        Ok(Proposal::NoneExists {
            reason: NoneReason::NoOffsetsFit,
            max_rounds: 2
        })
    );
    // For two rounds the cheapest sets are {1, -1, 2} and {1, -1, -2}; the
    // one matching mississippi's (South 2, West 1, North 3 = -1) exactly wins.
    assert_eq!(
        find_repeat_free(4, 2, &MISSISSIPPI),
        Ok(Proposal::Found {
            movement: SeatMovement::new(0, 2, 1, -1),
            tables_walked: 4,
            distance_from_preferred: 0
        })
    );
}

#[test]
fn periods_follow_the_offset_differences() {
    // mississippi at 4 tables: South - East = 2 has order 2.
    assert_eq!(
        meeting_period(Seat::East, Seat::South, 4, &MISSISSIPPI),
        Ok(2)
    );
    assert_eq!(
        meeting_period(Seat::East, Seat::West, 4, &MISSISSIPPI),
        Ok(4)
    );
    // standard at 4 tables: South -2 and West +2 coincide.
    assert_eq!(meeting_period(Seat::South, Seat::West, 4, &STANDARD), Ok(1));
    assert_eq!(meeting_period(Seat::East, Seat::East, 4, &STANDARD), Ok(4));
    assert_eq!(
        meeting_period(Seat::East, Seat::East, 0, &STANDARD),
        Err(MovementError::NoTables)
    );
}

#[test]
fn five_hundred_tables_eight_rounds_has_a_repeat_free_proposal() {
    let found = find_repeat_free(500, 8, &STANDARD).unwrap();
    let m = *found.movement().expect("500 tables allow 8 rounds");
    assert_eq!(m.east, 0);
    assert!(repeats(500, 8, &m).unwrap().is_empty());
    // At 500 tables the presets' repeats (found by number theory) match a
    // direct count over the whole schedule.
    for p in PRESETS {
        let n = repeats(500, 8, &p).unwrap().len();
        let schedule = seating(500, 8, &p).unwrap();
        let mut meetings = std::collections::HashMap::<(PlayerId, PlayerId), u32>::new();
        for round in &schedule.rounds {
            for t in &round.tables {
                let s = t.seats.0;
                for i in 0..4 {
                    for j in i + 1..4 {
                        let key = if s[i] < s[j] {
                            (s[i], s[j])
                        } else {
                            (s[j], s[i])
                        };
                        *meetings.entry(key).or_default() += 1;
                    }
                }
            }
        }
        assert_eq!(n, meetings.values().filter(|&&c| c > 1).count(), "{p}");
    }
}

/// The closed form of `max_repeat_free_rounds` (T/3 if 3 | T, else T/2 if
/// 2 | T, else T) agrees with the search: the bound is reached, one more
/// round is impossible.
#[test]
fn max_repeat_free_rounds_is_reached_and_not_beaten_by_the_search() {
    for tables in 1..=60 {
        let max = max_repeat_free_rounds(tables).unwrap();
        let at = find_repeat_free(tables, max, &STANDARD).unwrap();
        assert!(at.movement().is_some(), "T={tables} R={max}");
        let beyond = find_repeat_free(tables, max + 1, &STANDARD).unwrap();
        assert!(beyond.movement().is_none(), "T={tables} R={}", max + 1);
    }
    assert_eq!(max_repeat_free_rounds(500), Ok(250));
    assert_eq!(max_repeat_free_rounds(499), Ok(499));
    assert_eq!(max_repeat_free_rounds(0), Err(MovementError::NoTables));
}

/// docs/movement.md: the R13 movements of mahjong-mania-2026,
/// st-louis-senior-olympics and mississippi-2025 play as many repeat-free
/// rounds as any East-stays movement at every table count; standard 24 and
/// beth-emeth fall short exactly when 4 divides T (South - West = 4).
#[test]
fn presets_reach_the_repeat_free_bound_except_standard_when_four_divides_t() {
    let repeat_free_rounds = |t: u32, m: &SeatMovement| {
        let mut min = u32::MAX;
        for (i, x) in Seat::ALL.into_iter().enumerate() {
            for y in Seat::ALL[i + 1..].iter().copied() {
                min = min.min(meeting_period(x, y, t, m).unwrap());
            }
        }
        min
    };
    for t in 4..=500 {
        let max = max_repeat_free_rounds(t).unwrap();
        for m in [MANIA, ST_LOUIS, MISSISSIPPI] {
            assert_eq!(repeat_free_rounds(t, &m), max, "T={t} {m}");
        }
        for m in [STANDARD, BETH_EMETH] {
            let want = if t % 4 == 0 { t / 4 } else { max };
            assert_eq!(repeat_free_rounds(t, &m), want, "T={t} {m}");
        }
    }
    // And the period really is the repeat-free length, by the repeat finder.
    assert!(repeats(20, 5, &STANDARD).unwrap().is_empty());
    assert!(!repeats(20, 6, &STANDARD).unwrap().is_empty());
}
