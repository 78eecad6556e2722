//! Computed seatings that avoid repeat meetings (issue 14, point 8): the
//! designs, the presets' movements (R13) beaten where they repeat, tables of
//! three (R12; standard 3A, 5C) and sit-outs, rounds already played, and
//! bad requests. Property tests are in `movement_schedule_props.rs`.

mod movement_support;

use jongg_rules::schedule::{
    Layout, Leftover, Player, Request, Round, ScheduleError, Start, compute, itineraries,
    repeat_meetings,
};
use jongg_rules::{PRESET_NAMES, Preset};
use jongg_tiles::{BySeat, Seat};
use movement_support::*;
use std::collections::BTreeSet;

fn players(n: u32) -> Vec<Player> {
    (1..=n).map(Player).collect()
}

#[test]
fn sixteen_players_play_five_rounds_and_every_pair_meets_exactly_once() {
    let r = request(16, 5, Leftover::TablesOfThree);
    let c = compute(&r).unwrap();
    assert_valid(&r, &c);
    assert_eq!(c.start, Start::AffinePlane);
    assert_eq!(c.repeats, 0);
    // 16 players, 5 rounds, 3 opponents a round: all 15 others, once each.
    let everyone: BTreeSet<Player> = players(16).into_iter().collect();
    for a in &everyone {
        let met: Vec<Player> = c
            .rounds
            .iter()
            .flat_map(|r| &r.tables)
            .filter(|t| t.0.contains(&Some(*a)))
            .flat_map(|t| t.0.iter().flatten().copied())
            .filter(|p| p != a)
            .collect();
        let distinct: BTreeSet<Player> = met.iter().copied().collect();
        assert_eq!(met.len(), 15, "player {a}");
        assert_eq!(distinct.len(), 15, "player {a}");
    }
    // Every player East once or twice in five rounds, and so every seat.
    for seat in Seat::ALL {
        assert_eq!(spread(&c.rounds, &players(16), seat), (1, 2), "{seat}");
    }
}

#[test]
fn beyond_five_rounds_sixteen_players_meet_again_no_more_than_counting_allows() {
    // 3 opponents a round, 15 others: 3R − 15 repeats per player, each
    // shared by two. The affine plane repeated reaches the bound.
    for (rounds, bound) in [(6, 24), (7, 48), (8, 72)] {
        let r = request(16, rounds, Leftover::TablesOfThree);
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        assert_eq!(
            (c.repeats, c.lower_bound),
            (bound, bound),
            "{rounds} rounds"
        );
    }
}

#[test]
fn prime_power_tables_play_that_many_rounds_without_a_repeat() {
    // GF(8), GF(9): 8 and 9 tables, where every cyclic movement repeats
    // within 4 and 3 rounds (docs/movement.md).
    for (tables, rounds) in [(8, 8), (9, 8), (4, 4), (5, 5), (7, 7)] {
        let r = request(4 * tables, rounds, Leftover::TablesOfThree);
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        assert_eq!(c.repeats, 0, "{tables} tables");
        assert_eq!(c.search_steps, 0, "{tables} tables: a design, no search");
    }
}

/// R13 and issue 14: "standard and beth-emeth at any multiple of 4 tables;
/// every preset at 4 and 6 tables" repeat; the computed seating does not,
/// and with the preset as its baseline reports the preset's own count.
#[test]
fn r13_the_computed_seating_avoids_the_presets_repeats() {
    for name in PRESET_NAMES {
        let m = Preset::builtin(name).unwrap().movement;
        for (tables, rounds) in [(4, 4), (6, 5), (8, 6), (12, 8)] {
            let mut r = request(4 * tables, rounds, Leftover::TablesOfThree);
            r.baseline = Some(m);
            let c = compute(&r).unwrap();
            assert_valid(&r, &c);
            let preset = movement_repeats(tables, rounds, &m);
            assert_eq!(c.baseline_repeats, Some(preset), "{name} at {tables}");
            if name == "standard" || name == "beth-emeth" || tables <= 6 {
                assert!(preset > 0, "{name} at {tables} tables, {rounds} rounds");
            }
            assert_eq!(c.repeats, 0, "{name} at {tables} tables, {rounds} rounds");
        }
    }
}

/// R12 and standard 3A, 5C: a table of three plays with North empty; the
/// tables of three go round, nobody at one twice before everyone has been.
#[test]
fn r12_tables_of_three_have_north_empty_and_go_round() {
    for n in [13, 14, 15, 18, 21, 23] {
        let r = request(n, 6, Leftover::TablesOfThree);
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        let layout = Layout::for_players(n, Leftover::TablesOfThree).unwrap();
        for round in &c.rounds {
            for table in &round.tables[layout.fours as usize..] {
                assert_eq!(table[Seat::North], None, "{n} players");
            }
        }
        let short = short_places(&c.rounds, &players(n));
        let (lo, hi) = (short.iter().min().unwrap(), short.iter().max().unwrap());
        assert!(
            hi - lo <= 1,
            "{n} players: tables of three {lo} to {hi} times"
        );
        let (e_lo, e_hi) = spread(&c.rounds, &players(n), Seat::East);
        assert!(e_hi - e_lo <= 1, "{n} players: East {e_lo} to {e_hi} times");
    }
}

#[test]
fn sit_outs_go_round() {
    for n in [13, 22, 35] {
        let r = request(n, 8, Leftover::SitOut);
        let c = compute(&r).unwrap();
        assert_valid(&r, &c);
        let out = short_places(&c.rounds, &players(n));
        let (lo, hi) = (out.iter().min().unwrap(), out.iter().max().unwrap());
        assert!(hi - lo <= 1, "{n} players: out {lo} to {hi} times");
    }
}

#[test]
fn the_same_request_gives_the_same_seating() {
    let mut r = request(22, 7, Leftover::TablesOfThree);
    let first = compute(&r).unwrap();
    assert_eq!(compute(&r).unwrap(), first);
    r.seed = 9;
    assert_valid(&r, &compute(&r).unwrap());
}

/// Two rounds of standard's movement at 12 tables (R13): South and West move
/// 4 tables apart, so those who met would meet again every 3 rounds. The
/// rest is computed from there: no repeat at all, and East goes to those
/// who have not had it (standard keeps each player's seat: the East players
/// of rounds 1 and 2 were East both times), two Easts each in eight rounds.
#[test]
fn r13_rounds_played_under_a_movement_are_continued_without_repeats() {
    let standard = Preset::builtin("standard").unwrap().movement;
    let played = movement_rounds(12, 2, &standard);
    let r = Request {
        played: played.clone(),
        baseline: Some(standard),
        ..request(48, 6, Leftover::TablesOfThree)
    };
    let c = compute(&r).unwrap();
    assert_valid(&r, &c);
    assert_eq!(c.first_round, 3);
    assert_eq!(c.repeats_played, 0);
    assert_eq!(c.baseline_repeats, Some(movement_repeats(12, 8, &standard)));
    assert_eq!(c.repeats, 0);
    let all = known(&r, &c);
    assert_eq!(spread(&all, &players(48), Seat::East), (2, 2));
}

#[test]
fn withdrawn_players_in_rounds_played_are_ignored() {
    // Round 1 had players 1-16; 16 withdrew and 17 came: 16 players again.
    let played = vec![Round {
        tables: (0..4)
            .map(|t| BySeat::from_fn(|s| Some(Player(4 * t + s.index() as u32 + 1))))
            .collect(),
        sit_outs: Vec::new(),
    }];
    let mut list = players(15);
    list.push(Player(17));
    let r = Request {
        players: list,
        played,
        ..request(16, 4, Leftover::TablesOfThree)
    };
    let c = compute(&r).unwrap();
    assert_valid(&r, &c);
    assert_eq!(c.repeats, 0);
}

#[test]
fn itineraries_follow_the_rounds() {
    let r = request(14, 3, Leftover::SitOut);
    let c = compute(&r).unwrap();
    let trips = itineraries(c.first_round, &c.rounds);
    assert_eq!(trips.len(), 14);
    for trip in &trips {
        assert_eq!(trip.stops.len(), 3);
        for stop in &trip.stops {
            let round = &c.rounds[(stop.round - 1) as usize];
            match (stop.table, stop.seat) {
                (Some(t), Some(seat)) => {
                    assert_eq!(round.tables[t as usize - 1][seat], Some(trip.player))
                }
                _ => assert!(round.sit_outs.contains(&trip.player)),
            }
        }
    }
    assert_eq!(repeat_meetings(&c.rounds), c.repeats);
}

#[test]
fn nothing_left_to_seat_is_an_empty_answer() {
    let c = compute(&request(8, 0, Leftover::TablesOfThree)).unwrap();
    assert!(c.rounds.is_empty());
    assert_eq!(c.repeats, 0);
}

#[test]
fn bad_requests_are_errors_that_name_the_problem() {
    let err = |r: Request| compute(&r).unwrap_err();
    assert_eq!(
        err(request(2, 3, Leftover::TablesOfThree)),
        ScheduleError::TooFewPlayers(2)
    );
    assert_eq!(
        err(request(3, 3, Leftover::SitOut)),
        ScheduleError::TooFewPlayers(3)
    );
    assert_eq!(
        err(request(5, 3, Leftover::TablesOfThree)),
        ScheduleError::TooFewForThrees(5)
    );
    assert_eq!(
        err(request(2001, 3, Leftover::SitOut)),
        ScheduleError::TooManyPlayers(2001)
    );
    assert_eq!(
        err(request(8, 101, Leftover::SitOut)),
        ScheduleError::TooManyRounds(101)
    );
    let mut twice = request(8, 2, Leftover::SitOut);
    twice.players[3] = Player(1);
    assert_eq!(err(twice), ScheduleError::DuplicatePlayer(Player(1)));
    let mut seated_twice = request(8, 2, Leftover::SitOut);
    seated_twice.played = vec![Round {
        tables: vec![BySeat([
            Some(Player(1)),
            Some(Player(2)),
            Some(Player(3)),
            Some(Player(4)),
        ])],
        sit_outs: vec![Player(2)],
    }];
    let e = err(seated_twice);
    assert_eq!(
        e,
        ScheduleError::SeatedTwice {
            round: 1,
            player: Player(2)
        }
    );
    assert_eq!(e.to_string(), "round 1 seats player 2 twice");
    assert_eq!(
        ScheduleError::TooFewForThrees(5).to_string(),
        "5 players cannot sit at tables of three and four; use sit-outs"
    );
}
