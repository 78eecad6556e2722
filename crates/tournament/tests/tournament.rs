//! Whole tournaments run by commands, checked against hand-worked numbers.

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;

const THREES: OddPlayers = OddPlayers::ThreePlayerTables;

/// 16 players seated by number (table t: East 4t-3, South 4t-2, West 4t-1,
/// North 4t), four rounds of `one_win_each` moved by the preset.
/// With `records`, the games are entered as game records and scored by the
/// preset (`one_win_each_record`), else as plain points (`one_win_each`).
fn sixteen_by(preset: &str, records: bool) -> Tournament {
    let mut run = Run::new(preset, THREES);
    run.register(1..=16);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    for round in (1..=4).map(RoundNo) {
        if round > RoundNo(1) {
            run.seat(round, SeatingMethod::Movement);
        }
        if records {
            run.play_round_with(round, one_win_each_record);
        } else {
            run.play_round(round, one_win_each);
        }
    }
    no_player_twice(&run.t);
    run.t
}

fn sixteen(preset: &str) -> Tournament {
    sixteen_by(preset, false)
}

fn check_standings(t: &Tournament, points: [i32; 16], ranks: [u32; 16]) {
    let s = t.standings();
    for n in 1..=16u32 {
        let r = s.rows.iter().find(|r| r.player == PlayerNo(n)).unwrap();
        let i = n as usize - 1;
        assert_eq!(
            (r.points, r.rank),
            (i64::from(points[i]), ranks[i]),
            "player {n}"
        );
        assert_eq!(r.mah_jonggs, 4, "player {n}: one win a round");
        assert_eq!(r.games, 16);
    }
    // Rows are in rank order.
    assert!(s.rows.windows(2).all(|w| w[0].rank <= w[1].rank));
}

// A player wins once a round at the table they sit at: 25 at table 1, 30,
// 35, 40 at table 4. So a total is 25 x 4 + 5 x (sum of (table - 1) over the
// four rounds): a seat that moves by an odd amount visits all four tables
// (0+1+2+3 = 6: 130); East staying at table t scores 4 x (20 + 5t); a seat
// moving by 2 alternates t and t+2: 120 from tables 1 and 3, 140 from 2 and 4.

#[test]
fn sixteen_players_standard_east_up_one_north_down_one_west_up_two_south_down_two_r13_standard_24()
{
    // East +1 and North -1 visit all tables: 130. South -2 and West +2
    // alternate: 120 from tables 1 and 3, 140 from tables 2 and 4.
    let t = sixteen("standard");
    let points = [
        130, 120, 120, 130, 130, 140, 140, 130, 130, 120, 120, 130, 130, 140, 140, 130,
    ];
    // 140s tie on everything (best game 40): rank 1; the eight 130s (best
    // 40) share rank 5; the 120s (best 35) share rank 13.
    let ranks = [5, 13, 13, 5, 5, 1, 1, 5, 5, 13, 13, 5, 5, 1, 1, 5];
    check_standings(&t, points, ranks);
    assert_eq!(
        row(&t, 1).rounds,
        [25, 30, 35, 40],
        "East moves up one table a round"
    );
    assert_eq!(
        row(&t, 4).rounds,
        [25, 40, 35, 30],
        "North moves down one, wrapping to table 4"
    );
    assert_eq!(row(&t, 2).best_game, Some(35));
}

#[test]
fn sixteen_players_beth_emeth_east_stays_r13() {
    let t = sixteen("beth-emeth");
    // East stays: 100, 120, 140, 160. South -2 and West +2: 120/140. North -1: 130.
    let points = [
        100, 120, 120, 130, 120, 140, 140, 130, 140, 120, 120, 130, 160, 140, 140, 130,
    ];
    // 160 first; 140s with best 40 (6, 7, 14, 15) rank 2, player 9 (East of
    // table 3, best 35) rank 6; 130s rank 7; 120s with best 35 rank 11,
    // player 5 (East of table 2, best 30) rank 15; player 1 last.
    let ranks = [16, 11, 11, 7, 15, 2, 2, 7, 6, 11, 11, 7, 1, 2, 2, 7];
    check_standings(&t, points, ranks);
}

fn east_stays_north_up_one_west_up_two_south_down_one(preset: &str) {
    let t = sixteen(preset);
    // East stays: 100..160. South -1 and North +1: 130. West +2: 120/140.
    let points = [
        100, 130, 120, 130, 120, 130, 140, 130, 140, 130, 120, 130, 160, 130, 140, 130,
    ];
    // 160 first; 140s: 7 and 15 (best 40) rank 2, 9 (best 35) rank 4; the
    // eight 130s rank 5; 120s: 3 and 11 (best 35) rank 13, 5 (best 30) 15.
    let ranks = [16, 5, 13, 5, 15, 5, 2, 5, 4, 5, 13, 5, 1, 5, 2, 5];
    check_standings(&t, points, ranks);
}

#[test]
fn sixteen_players_mahjong_mania_2026_table_rotation_r13() {
    east_stays_north_up_one_west_up_two_south_down_one("mahjong-mania-2026");
}

#[test]
fn sixteen_players_st_louis_senior_olympics_8a_to_8d_r13() {
    east_stays_north_up_one_west_up_two_south_down_one("st-louis-senior-olympics");
}

#[test]
fn sixteen_players_mississippi_2025_table_relocation_r13() {
    let t = sixteen("mississippi-2025");
    // East stays: 100..160. West +1, North +3: 130. South +2: 120/140.
    let points = [
        100, 120, 130, 130, 120, 140, 130, 130, 140, 120, 130, 130, 160, 140, 130, 130,
    ];
    // 160; 140s: 6, 14 (best 40) rank 2, 9 (best 35) rank 4; 130s rank 5;
    // 120s: 2, 10 (best 35) rank 13, 5 (best 30) rank 15; 1 last.
    let ranks = [16, 13, 5, 5, 15, 2, 5, 5, 4, 13, 5, 5, 1, 2, 5, 5];
    check_standings(&t, points, ranks);
}

// Game records: the hand is worth what the plain points gave (20 + 5 x
// table) and every Mah Jongg is self-picked, so each player's total gains
// four self-picked bonuses: +10 each (standard 13.1, and R1 for mahjong-mania-2026,
// mississippi-2025, st-louis-senior-olympics), +15 in beth-emeth "SCORING".
// The ranks do not change.

#[test]
fn sixteen_players_by_game_records_under_each_preset_add_the_self_picked_bonus_standard_13_1() {
    let cases: [(&str, i32, [i32; 16], [u32; 16]); 5] = [
        (
            "standard",
            10,
            [
                130, 120, 120, 130, 130, 140, 140, 130, 130, 120, 120, 130, 130, 140, 140, 130,
            ],
            [5, 13, 13, 5, 5, 1, 1, 5, 5, 13, 13, 5, 5, 1, 1, 5],
        ),
        (
            "beth-emeth",
            15,
            [
                100, 120, 120, 130, 120, 140, 140, 130, 140, 120, 120, 130, 160, 140, 140, 130,
            ],
            [16, 11, 11, 7, 15, 2, 2, 7, 6, 11, 11, 7, 1, 2, 2, 7],
        ),
        (
            "mahjong-mania-2026",
            10,
            [
                100, 130, 120, 130, 120, 130, 140, 130, 140, 130, 120, 130, 160, 130, 140, 130,
            ],
            [16, 5, 13, 5, 15, 5, 2, 5, 4, 5, 13, 5, 1, 5, 2, 5],
        ),
        (
            "mississippi-2025",
            10,
            [
                100, 120, 130, 130, 120, 140, 130, 130, 140, 120, 130, 130, 160, 140, 130, 130,
            ],
            [16, 13, 5, 5, 15, 2, 5, 5, 4, 13, 5, 5, 1, 2, 5, 5],
        ),
        (
            "st-louis-senior-olympics",
            10,
            [
                100, 130, 120, 130, 120, 130, 140, 130, 140, 130, 120, 130, 160, 130, 140, 130,
            ],
            [16, 5, 13, 5, 15, 5, 2, 5, 4, 5, 13, 5, 1, 5, 2, 5],
        ),
    ];
    for (preset, bonus, plain, ranks) in cases {
        let t = sixteen_by(preset, true);
        check_standings(&t, plain.map(|p| p + 4 * bonus), ranks);
        let g = t.sheet(RoundNo(1), TableNo(1)).unwrap().games[0]
            .clone()
            .unwrap();
        assert!(
            g.lines.iter().any(|l| l.contains("self")),
            "{preset}: {:?}",
            g.lines
        );
        assert!(g.warnings.is_empty());
    }
}

#[test]
fn a_game_record_is_scored_by_the_preset_standard_13_6() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=7);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    // South wins a 30-point hand on West's discard with two exposures:
    // West pays 20 (standard 13.6).
    let record = serde_json::json!({
        "result": "mahjong", "winner": "south", "value": 30, "discarder": "west", "exposures": 2
    });
    run.ok(
        Actor::Director,
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            entry: record_entry(record),
        },
    );
    let g = run.t.sheet(RoundNo(1), TableNo(1)).unwrap().games[0]
        .clone()
        .unwrap();
    assert_eq!(
        (g.points, g.mah_jongg),
        (BySeat([0, 30, -20, 0]), Some(Seat::South))
    );
    // A wall game at a three-player table: +10 to each live hand (standard
    // 13.3), nothing for the empty North (R12).
    let record = serde_json::json!({ "result": "wall" });
    run.ok(
        Actor::Director,
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(2),
            game: GameNo(1),
            entry: record_entry(record),
        },
    );
    let g = run.t.sheet(RoundNo(1), TableNo(2)).unwrap().games[0]
        .clone()
        .unwrap();
    assert_eq!(g.points, BySeat([10, 10, 10, 0]));
    // A record naming the empty seat, or a bad record, is refused by name.
    let record = serde_json::json!({ "result": "mahjong", "winner": "north", "value": 25, "self_picked": true });
    let err = run
        .try_do(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(2),
                game: GameNo(2),
                entry: record_entry(record),
            },
        )
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("`winner`: north is the empty seat"),
        "{err}"
    );
    let record = serde_json::json!({ "result": "mahjong", "winner": "east" });
    let err = run
        .try_do(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(1),
                game: GameNo(2),
                entry: record_entry(record),
            },
        )
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Invalid);
    assert!(err.to_string().contains("value"), "{err}");
}

#[test]
fn a_directors_rules_file_is_kept_whole_and_read() {
    let mut t = Tournament::new();
    let create = |toml: &str| Command::CreateTournament {
        name: "Club night".into(),
        dates: vec![],
        rules: RulesSource::File {
            label: "club.toml".into(),
            toml: toml.into(),
        },
        rounds: None,
        games_per_round: None,
        round_minutes: None,
        tie_breaks: None,
        odd_players: None,
        time_zone: None,
    };
    let err = t
        .execute(
            Actor::Director,
            create("base = \"standard\"\n[round]\nminutes = \"long\"\n"),
            0,
        )
        .unwrap_err();
    assert!(err.to_string().contains("club.toml:3"), "{err}");
    t.execute(
        Actor::Director,
        create("base = \"standard\"\n[round]\nminutes = 50\n"),
        0,
    )
    .unwrap();
    assert_eq!(t.settings().unwrap().round_minutes, 50);
    let back = Tournament::import_json(&t.export_json()).unwrap();
    assert_eq!(back, t);
}

#[test]
fn thirteen_players_at_three_player_tables_r12_standard_3a_5c() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=13);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    let first = run.t.seating(RoundNo(1)).unwrap().clone();
    let sizes: Vec<usize> = first.tables.iter().map(TableSeats::player_count).collect();
    assert_eq!(sizes, [4, 3, 3, 3]);
    assert!(first.tables[1].is_three_player());
    for round in (1..=4).map(RoundNo) {
        if round > RoundNo(1) {
            run.seat(round, SeatingMethod::Movement);
        }
        let seating = run.t.seating(round).unwrap();
        assert!(
            seating.tables.iter().all(|t| t.player_count() >= 3),
            "round {round}"
        );
        assert!(seating.tables.iter().all(|t| t.seats[Seat::East].is_some()));
        run.play_round(round, one_win_each);
    }
    no_player_twice(&run.t);
    // The empty North seats all move down one together (R13), so no table
    // ever has two empty seats and nobody had to be moved by hand.
    for round in (2..=4).map(RoundNo) {
        assert_eq!(
            run.t.seating(round).unwrap().method,
            SeatingMethod::Movement
        );
    }
    // Same working as the 16-player standard test: East and North 130,
    // South and West 120 from tables 1 and 3, 140 from tables 2 and 4. At a
    // three-player table North's game (game 4) has no winner.
    let points = [
        130, 120, 120, 130, 130, 140, 140, 130, 120, 120, 130, 140, 140,
    ];
    for (i, p) in points.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(row(&run.t, n).points, *p, "player {n}");
        assert_eq!(row(&run.t, n).mah_jonggs, 4);
    }
    // A three-player table's sheet has no points for the empty seat.
    let sheet = run.t.sheet(RoundNo(1), TableNo(2)).unwrap();
    assert!(
        sheet
            .games
            .iter()
            .flatten()
            .all(|g| g.points[Seat::North] == 0)
    );
}

#[test]
fn points_for_the_empty_seat_of_a_three_player_table_are_refused_r12() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=7);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let err = run
        .try_do(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(2),
                game: GameNo(1),
                entry: Entry::Points {
                    points: BySeat([25, 0, 0, -10]),
                    mah_jongg: Some(Seat::East),
                },
            },
        )
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Invalid);
    assert!(err.to_string().contains("north is empty"), "{err}");
}

#[test]
fn a_withdrawal_after_round_2_moves_nobody_else_and_keeps_the_scores() {
    let mut with = Run::new("standard", THREES);
    let mut without = Run::new("standard", THREES);
    for run in [&mut with, &mut without] {
        run.register(1..=16);
        run.seat(RoundNo(1), SeatingMethod::ByNumber);
        run.play_round(RoundNo(1), one_win_each);
        run.seat(RoundNo(2), SeatingMethod::Movement);
        run.play_round(RoundNo(2), one_win_each);
    }
    with.ok(
        Actor::Director,
        Command::WithdrawPlayer {
            number: PlayerNo(6),
        },
    );
    assert_eq!(
        with.t.player(PlayerNo(6)).unwrap().status,
        PlayerStatus::Withdrawn {
            after_round: RoundNo(2)
        }
    );
    with.seat(RoundNo(3), SeatingMethod::Movement);
    without.seat(RoundNo(3), SeatingMethod::Movement);
    // Everyone but player 6 sits where the movement puts them: 0 moves.
    let a = &with.t.seating(RoundNo(3)).unwrap().tables;
    let b = &without.t.seating(RoundNo(3)).unwrap().tables;
    let mut differ = 0;
    for (ta, tb) in a.iter().zip(b) {
        for seat in Seat::ALL {
            if ta.seats[seat] != tb.seats[seat] {
                differ += 1;
                assert_eq!(tb.seats[seat], Some(PlayerNo(6)));
                assert_eq!(ta.seats[seat], None);
            }
        }
    }
    assert_eq!(differ, 1);
    with.play_round(RoundNo(3), one_win_each);
    with.seat(RoundNo(4), SeatingMethod::Movement);
    assert!(
        with.t
            .seating(RoundNo(4))
            .unwrap()
            .place_of(PlayerNo(6))
            .is_none()
    );
    with.play_round(RoundNo(4), one_win_each);
    no_player_twice(&with.t);
    // Player 6 (South of table 2) won at tables 2 and 4 before leaving.
    let r = row(&with.t, 6);
    assert_eq!(
        (r.points, r.rounds.clone(), r.games),
        (70, vec![30, 40, 0, 0], 8)
    );
}

#[test]
fn a_withdrawal_after_seating_reseats_the_round_not_yet_started() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=16);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.play_round(RoundNo(1), one_win_each);
    run.seat(RoundNo(2), SeatingMethod::Movement);
    let before = run.t.seating(RoundNo(2)).unwrap().clone();
    let recs = run.ok(
        Actor::Director,
        Command::WithdrawPlayer {
            number: PlayerNo(1),
        },
    );
    assert_eq!(recs.len(), 2, "the withdrawal and the adjusted seating");
    let after = run.t.seating(RoundNo(2)).unwrap();
    assert_eq!(after.method, SeatingMethod::Adjusted);
    // Player 1 was East of table 2 in round 2; East keeps the sheet (R14),
    // so that table's North takes East; nobody else moves.
    let (t, seat) = before.place_of(PlayerNo(1)).unwrap();
    assert_eq!((t, seat), (TableNo(2), Seat::East));
    let north = before.table(TableNo(2)).unwrap().seats[Seat::North];
    assert_eq!(after.table(TableNo(2)).unwrap().seats[Seat::East], north);
    let moved = before
        .tables
        .iter()
        .flat_map(|t| t.players().map(move |(s, p)| (p, t.table, s)))
        .filter(|&(p, t, s)| p != PlayerNo(1) && after.place_of(p) != Some((t, s)))
        .count();
    assert_eq!(moved, 1);
}

#[test]
fn a_late_player_arrives_and_a_substitute_takes_the_seat() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=15);
    run.ok(
        Actor::Director,
        Command::RegisterPlayer {
            number: PlayerNo(16),
            name: "Late".into(),
            club: None,
            late: true,
        },
    );
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    assert!(
        run.t
            .seating(RoundNo(1))
            .unwrap()
            .place_of(PlayerNo(16))
            .is_none()
    );
    run.ok(
        Actor::Director,
        Command::Arrive {
            number: PlayerNo(16),
        },
    );
    assert_eq!(
        run.t.seating(RoundNo(1)).unwrap().place_of(PlayerNo(16)),
        Some((TableNo(4), Seat::North))
    );
    let place = run.t.seating(RoundNo(1)).unwrap().place_of(PlayerNo(3));
    run.ok(
        Actor::Director,
        Command::Substitute {
            out: PlayerNo(3),
            number: PlayerNo(30),
            name: "Sub".into(),
            club: Some("Club".into()),
        },
    );
    assert_eq!(
        run.t.seating(RoundNo(1)).unwrap().place_of(PlayerNo(30)),
        place
    );
    assert!(
        run.t
            .seating(RoundNo(1))
            .unwrap()
            .place_of(PlayerNo(3))
            .is_none()
    );
    no_player_twice(&run.t);
}

#[test]
fn sit_outs_get_the_points_the_director_sets() {
    let mut run = Run::new("standard", OddPlayers::SitOut { points: 45 });
    run.register(1..=9);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    assert_eq!(
        run.t.seating(RoundNo(1)).unwrap().sit_outs,
        [SitOut {
            player: PlayerNo(9),
            points: 45
        }]
    );
    run.play_round(RoundNo(1), one_win_each);
    run.seat(RoundNo(2), SeatingMethod::Movement);
    let s2 = run.t.seating(RoundNo(2)).unwrap();
    assert_ne!(
        s2.sit_outs[0].player,
        PlayerNo(9),
        "nobody sits out twice before everyone once"
    );
    assert!(s2.place_of(PlayerNo(9)).is_some());
    assert_eq!(row(&run.t, 9).points, 45);
    assert_eq!(row(&run.t, 9).rounds, [45, 0]);
    // The director may change the sit-out points between rounds; rounds
    // already seated keep theirs. Switching to tables of three may not.
    let odd = |odd_players| Command::UpdateSettings {
        name: None,
        dates: None,
        rules: None,
        rounds: None,
        games_per_round: None,
        round_minutes: None,
        tie_breaks: None,
        odd_players: Some(odd_players),
        time_zone: None,
    };
    let err = run
        .try_do(Actor::Director, odd(OddPlayers::ThreePlayerTables))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Conflict);
    run.ok(Actor::Director, odd(OddPlayers::SitOut { points: 30 }));
    assert_eq!(run.t.seating(RoundNo(2)).unwrap().sit_outs[0].points, 45);
    run.play_round(RoundNo(2), one_win_each);
    run.seat(RoundNo(3), SeatingMethod::Movement);
    let s3 = &run.t.seating(RoundNo(3)).unwrap().sit_outs;
    assert_eq!(s3[0].points, 30);
    assert!(
        ![PlayerNo(9), PlayerNo(8)].contains(&s3[0].player),
        "{s3:?}"
    );
    no_player_twice(&run.t);
}

#[test]
fn tie_breaks_points_then_mah_jonggs_then_best_game_full_ties_share_a_rank() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    // Table 1: East wins 50 once; South wins 25 twice; one wall game of
    // zeros. Table 2: four games of zeros.
    run.play_round(RoundNo(1), |table, game, _| {
        let mut p = BySeat([0; 4]);
        let mj = match (table.0, game.0) {
            (1, 1) => Some(Seat::East),
            (1, 2 | 3) => Some(Seat::South),
            _ => None,
        };
        if let Some(w) = mj {
            p[w] = if w == Seat::East { 50 } else { 25 };
        }
        (p, mj)
    });
    let s = run.t.standings();
    let order: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.player.0, r.rank)).collect();
    // 1 and 2 both have 50; 2 has two Mah Jonggs. Everyone else: 0 points,
    // no Mah Jongg, best game 0: one shared rank 3.
    assert_eq!(
        order,
        [
            (2, 1),
            (1, 2),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
            (8, 3)
        ]
    );
    run.ok(
        Actor::Director,
        Command::UpdateSettings {
            name: None,
            dates: None,
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: Some(vec![TieBreak::Points, TieBreak::BestGame]),
            odd_players: None,
            time_zone: None,
        },
    );
    let s = run.t.standings();
    assert_eq!(
        (s.rows[0].player, s.rows[1].player),
        (PlayerNo(1), PlayerNo(2)),
        "best game 50 first"
    );
}

#[test]
fn signing_standard_4_east_and_west_north_and_south_verify_each_other_r14() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=4);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let k = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    let sign = |run: &mut Run, seat| {
        run.ok(
            k,
            Command::SignSheet {
                round: RoundNo(1),
                table: TableNo(1),
                seat,
                game: None,
                device: None,
            },
        )
    };
    let err = run
        .try_do(
            k,
            Command::SignSheet {
                round: RoundNo(1),
                table: TableNo(1),
                seat: Seat::East,
                game: None,
                device: None,
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("game 1 is not entered"), "{err}");
    for game in (1..=4).map(GameNo) {
        let (p, mj) = one_win_each(
            TableNo(1),
            game,
            run.t
                .seating(RoundNo(1))
                .unwrap()
                .table(TableNo(1))
                .unwrap(),
        );
        run.ok(
            k,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(1),
                game,
                entry: Entry::Points {
                    points: p,
                    mah_jongg: mj,
                },
            },
        );
    }
    for seat in [Seat::East, Seat::West, Seat::North] {
        sign(&mut run, seat);
        assert_eq!(
            run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
            SheetState::Draft,
            "South's scores unverified"
        );
    }
    let err = run
        .try_do(
            Actor::Director,
            Command::AcceptSheet {
                round: RoundNo(1),
                table: TableNo(1),
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("standard 4"), "{err}");
    sign(&mut run, Seat::South);
    assert_eq!(
        run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
        SheetState::Signed
    );
    // Changing a game after signing clears the signatures.
    let entry = Entry::Points {
        points: BySeat([0; 4]),
        mah_jongg: None,
    };
    run.ok(
        k,
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(4),
            entry,
        },
    );
    let sheet = run.t.sheet(RoundNo(1), TableNo(1)).unwrap();
    assert_eq!(
        (sheet.state, sheet.signed),
        (SheetState::Draft, BySeat([false; 4]))
    );
}

#[test]
fn signing_mahjong_mania_2026_and_mississippi_2025_need_easts_signature_too_r14() {
    for preset in ["mahjong-mania-2026", "mississippi-2025"] {
        let mut run = Run::new(preset, THREES);
        run.register(1..=4);
        run.seat(RoundNo(1), SeatingMethod::ByNumber);
        run.start(RoundNo(1));
        let k = Actor::Scorekeeper {
            round: RoundNo(1),
            table: TableNo(1),
        };
        for game in (1..=4).map(GameNo) {
            let entry = Entry::Points {
                points: BySeat([0; 4]),
                mah_jongg: None,
            };
            run.ok(
                k,
                Command::EnterGame {
                    round: RoundNo(1),
                    table: TableNo(1),
                    game,
                    entry,
                },
            );
        }
        for seat in [Seat::South, Seat::North] {
            run.ok(
                k,
                Command::SignSheet {
                    round: RoundNo(1),
                    table: TableNo(1),
                    seat,
                    game: None,
                    device: None,
                },
            );
        }
        assert_eq!(
            run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
            SheetState::Draft,
            "{preset}"
        );
        run.ok(
            k,
            Command::SignSheet {
                round: RoundNo(1),
                table: TableNo(1),
                seat: Seat::West,
                game: None,
                device: None,
            },
        );
        // "All players must sign" (mahjong-mania-2026 "Tournament Format");
        // East "signs the score sheet after each game" (mississippi-2025
        // "Tournament Scoring"): West's signature for East is not enough (R14).
        assert_eq!(
            run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
            SheetState::Draft,
            "{preset}: East has not signed"
        );
        let sign = |seat, game| Command::SignSheet {
            round: RoundNo(1),
            table: TableNo(1),
            seat,
            game,
            device: Some("device 1".into()),
        };
        if preset == "mississippi-2025" {
            // Only East signs a game's line there; not South.
            assert!(
                run.try_do(k, sign(Seat::South, Some(GameNo(1)))).is_err(),
                "{preset}"
            );
            for game in (1..=3).map(GameNo) {
                run.ok(k, sign(Seat::East, Some(game)));
            }
            run.ok(k, sign(Seat::East, None));
            assert_eq!(
                run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
                SheetState::Draft,
                "{preset}: game 4 is not signed by East"
            );
            run.ok(k, sign(Seat::East, Some(GameNo(4))));
        } else {
            // Nobody signs a single game under mahjong-mania-2026.
            assert!(
                run.try_do(k, sign(Seat::East, Some(GameNo(1)))).is_err(),
                "{preset}"
            );
            run.ok(k, sign(Seat::East, None));
        }
        assert_eq!(
            run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
            SheetState::Signed,
            "{preset}: every signature is there"
        );
        // The audit shows the device of each signature.
        let audit = run.t.audit();
        assert!(
            audit
                .iter()
                .any(|e| e.seat == Some(Seat::East) && e.device.as_deref() == Some("device 1")),
            "{preset}"
        );
    }
}

#[test]
fn a_scorekeeper_writes_only_its_own_table_in_the_current_round() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    let entry = || Entry::Points {
        points: BySeat([0; 4]),
        mah_jongg: None,
    };
    let enter = |round, table| Command::EnterGame {
        round: RoundNo(round),
        table: TableNo(table),
        game: GameNo(1),
        entry: entry(),
    };
    let k1 = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    // Not started yet: not the current round.
    assert_eq!(
        run.try_do(k1, enter(1, 1)).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    run.start(RoundNo(1));
    run.ok(k1, enter(1, 1));
    assert_eq!(
        run.try_do(k1, enter(1, 2)).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    assert_eq!(
        run.try_do(Actor::Public, enter(1, 1)).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    let k1 = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    let accept = Command::AcceptSheet {
        round: RoundNo(1),
        table: TableNo(1),
    };
    assert_eq!(
        run.try_do(k1, accept).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    let seat = Command::SeatRound {
        round: RoundNo(2),
        method: SeatingMethod::Movement,
    };
    assert_eq!(
        run.try_do(k1, seat).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
}

/// Play round 1 of 8 players to accepted sheets.
fn accepted_round() -> Run {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    for table in (1..=2).map(TableNo) {
        let k = Actor::Scorekeeper {
            round: RoundNo(1),
            table,
        };
        for game in (1..=4).map(GameNo) {
            let (p, mj) = one_win_each(
                table,
                game,
                run.t.seating(RoundNo(1)).unwrap().table(table).unwrap(),
            );
            run.ok(
                k,
                Command::EnterGame {
                    round: RoundNo(1),
                    table,
                    game,
                    entry: Entry::Points {
                        points: p,
                        mah_jongg: mj,
                    },
                },
            );
        }
        for seat in Seat::ALL {
            run.ok(
                k,
                Command::SignSheet {
                    round: RoundNo(1),
                    table,
                    seat,
                    game: None,
                    device: None,
                },
            );
        }
        run.ok(
            Actor::Director,
            Command::AcceptSheet {
                round: RoundNo(1),
                table,
            },
        );
    }
    run
}

#[test]
fn an_accepted_sheet_is_refused_to_all_but_the_director_standard_26_r14() {
    let mut run = accepted_round();
    let k = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    let entry = Entry::Points {
        points: BySeat([0; 4]),
        mah_jongg: None,
    };
    let enter = Command::EnterGame {
        round: RoundNo(1),
        table: TableNo(1),
        game: GameNo(1),
        entry: entry.clone(),
    };
    let err = run.try_do(k, enter.clone()).unwrap_err();
    assert_eq!(
        err,
        DomainError::SheetLocked {
            round: RoundNo(1),
            table: TableNo(1)
        }
    );
    assert_eq!(err.kind(), ErrorKind::Forbidden);
    // The director too must amend, not enter.
    assert_eq!(
        run.try_do(Actor::Director, enter).unwrap_err().kind(),
        ErrorKind::Conflict
    );
    let amend = |reason: &str| Command::AmendSheet {
        round: RoundNo(1),
        table: TableNo(1),
        game: GameNo(1),
        entry: Entry::Points {
            points: BySeat([30, -10, 0, 0]),
            mah_jongg: Some(Seat::East),
        },
        reason: reason.into(),
    };
    assert_eq!(
        run.try_do(k, amend("typo")).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    assert_eq!(
        run.try_do(Actor::System, amend("x")).unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    let err = run.try_do(Actor::Director, amend("  ")).unwrap_err();
    assert!(err.to_string().contains("reason"), "{err}");
    let before = row(&run.t, 1).points;
    run.ok(Actor::Director, amend("East was 30, South threw"));
    assert_eq!(row(&run.t, 1).points, before - 25 + 30);
    assert_eq!(
        row(&run.t, 2).points,
        25 - 10,
        "South still won game 2; now -10 in game 1"
    );
    assert_eq!(
        run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
        SheetState::Accepted,
        "still locked"
    );
    let audit = run.t.audit();
    let last = audit.last().unwrap();
    assert_eq!(last.action, AuditAction::Amended);
    assert_eq!(last.actor, Actor::Director);
    assert_eq!(last.reason.as_deref(), Some("East was 30, South threw"));
    assert_eq!(last.before.as_ref().unwrap().points, BySeat([25, 0, 0, 0]));
    assert_eq!(last.after.as_ref().unwrap().points, BySeat([30, -10, 0, 0]));
    assert_eq!(last.at, run.clock);
    // Every entry, signature, acceptance and amendment is listed: 2 tables x
    // (4 games + 4 signatures + 1 acceptance) + 1 amendment.
    assert_eq!(audit.len(), 19);
}

#[test]
fn points_that_no_record_could_give_are_warned_not_refused() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=4);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let entry = Entry::Points {
        points: BySeat([30, 25, -10, -10]),
        mah_jongg: Some(Seat::East),
    };
    run.ok(
        Actor::Director,
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            entry,
        },
    );
    let g = run.t.sheet(RoundNo(1), TableNo(1)).unwrap().games[0]
        .clone()
        .unwrap();
    assert_eq!(g.warnings.len(), 2, "{:?}", g.warnings);
}

#[test]
fn rounds_go_in_order() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    let err = run.try_do(
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(1),
            method: SeatingMethod::Movement,
        },
    );
    assert_eq!(err.unwrap_err().kind(), ErrorKind::Invalid);
    let err = run.try_do(
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(2),
            method: SeatingMethod::ByNumber,
        },
    );
    assert_eq!(err.unwrap_err().kind(), ErrorKind::Conflict);
    run.seat(RoundNo(1), SeatingMethod::Random { seed: 42 });
    run.seat(RoundNo(1), SeatingMethod::Random { seed: 43 });
    let err = run.try_do(
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(2),
            method: SeatingMethod::Movement,
        },
    );
    assert_eq!(
        err.unwrap_err().kind(),
        ErrorKind::Conflict,
        "round 1 must start first"
    );
    run.start(RoundNo(1));
    run.seat(RoundNo(2), SeatingMethod::Movement);
    let err = run
        .try_do(
            Actor::Director,
            Command::StartRound {
                round: RoundNo(2),
                at: 0,
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("round 1 is not closed"), "{err}");
    let err = run
        .try_do(
            Actor::Director,
            Command::CloseRound {
                round: RoundNo(1),
                at: 0,
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("tables 1, 2"), "{err}");
    let err = run.try_do(
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(5),
            method: SeatingMethod::Movement,
        },
    );
    assert_eq!(err.unwrap_err().kind(), ErrorKind::Invalid);
}

#[test]
fn movement_warnings_name_the_repeat_meetings_before_round_1_r13() {
    // Standard at 4 tables: West +2 and South -2 are the same move, so each
    // table's South and West meet every round.
    let mut run = Run::new("standard", THREES);
    run.register(1..=16);
    assert!(run.t.movement_warnings().is_empty(), "nothing seated yet");
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    let w = run.t.movement_warnings();
    let pair = w
        .iter()
        .find(|m| (m.a, m.b) == (PlayerNo(2), PlayerNo(3)))
        .unwrap();
    assert_eq!(pair.rounds, [1, 2, 3, 4].map(RoundNo));
    // Mahjong Mania at 5 tables for 4 rounds: every pair of offsets differs
    // by a unit modulo 5, so nobody meets twice.
    let mut run = Run::new("mahjong-mania-2026", THREES);
    run.register(1..=20);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    assert!(run.t.movement_warnings().is_empty());
}

#[test]
fn an_imported_seating_is_used_as_given() {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    let tables = vec![
        TableSeats {
            table: TableNo(1),
            seats: BySeat([8, 7, 6, 5].map(|n| Some(PlayerNo(n)))),
        },
        TableSeats {
            table: TableNo(2),
            seats: BySeat([4, 3, 2, 1].map(|n| Some(PlayerNo(n)))),
        },
    ];
    run.seat(
        RoundNo(1),
        SeatingMethod::Imported {
            tables: tables.clone(),
            sit_outs: vec![],
        },
    );
    assert_eq!(run.t.seating(RoundNo(1)).unwrap().tables, tables);
    let mut bad = tables;
    bad[1].seats[Seat::East] = Some(PlayerNo(8));
    let err = run.try_do(
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(1),
            method: SeatingMethod::Imported {
                tables: bad,
                sit_outs: vec![],
            },
        },
    );
    assert_eq!(err.unwrap_err().kind(), ErrorKind::Invalid);
}

#[test]
fn export_and_import_round_trip_exactly() {
    let t = sixteen("standard");
    let json = t.export_json();
    let back = Tournament::import_json(&json).unwrap();
    assert_eq!(back, t);
    assert_eq!(back.export_json(), json);
    assert_eq!(back.standings(), t.standings());
    // The state alone from bare events is the same too.
    let bare = Tournament::replay_events(t.log().iter().map(|r| &r.event)).unwrap();
    assert_eq!(bare.standings(), t.standings());
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let t = sixteen("standard");
    let mut file = t.export();
    file.events.swap(3, 4);
    let err = Tournament::import(file).unwrap_err();
    assert!(err.to_string().contains("seq"), "{err}");
    let err =
        Tournament::import_json("{\"format\":\"x\",\"version\":1,\"events\":[]}").unwrap_err();
    assert!(err.to_string().contains("format"), "{err}");
    assert_eq!(
        Tournament::import_json("[").unwrap_err().kind(),
        ErrorKind::Invalid
    );
}

#[test]
fn a_file_of_a_newer_jongg_is_refused_as_newer_naming_its_writer() {
    let t = sixteen("standard");
    let mut file: serde_json::Value = serde_json::from_str(&t.export_json()).unwrap();
    file["version"] = (VERSION + 1).into();
    file["written_by"] = "jongg 0.9.0".into();
    // What a newer format may hold: a field and an event this one lacks.
    file["checksum"] = "abc".into();
    file["events"][0]["event"]["kind"] = "tournament_planned".into();
    let err = Tournament::import_json(&file.to_string()).unwrap_err();
    assert_eq!(
        err,
        DomainError::NewerFile {
            written_by: Some("jongg 0.9.0".into()),
            version: VERSION + 1
        }
    );
    assert_eq!(err.kind(), ErrorKind::Invalid);
    assert!(
        err.to_string().starts_with(&format!(
            "This file was written by jongg 0.9.0, a newer version (file format {}; this is {PROGRAM}, which reads up to {VERSION})",
            VERSION + 1
        )),
        "{err}"
    );
    // The typed file says the same.
    let mut typed = t.export();
    typed.version = VERSION + 1;
    assert!(matches!(
        Tournament::import(typed),
        Err(DomainError::NewerFile { .. })
    ));
    // This version's file, and one of version 1 without its writer, read.
    let mut old = t.export();
    (old.version, old.written_by) = (OLDEST_VERSION, None);
    assert_eq!(Tournament::import(old).unwrap(), t);
}

#[test]
fn bad_settings_are_refused() {
    let mut t = Tournament::new();
    let create = |rounds, rules: &str| Command::CreateTournament {
        name: "x".into(),
        dates: vec![],
        rules: RulesSource::Preset { name: rules.into() },
        rounds: Some(RoundNo(rounds)),
        games_per_round: None,
        round_minutes: None,
        tie_breaks: None,
        odd_players: None,
        time_zone: None,
    };
    assert_eq!(
        t.execute(Actor::Director, create(0, "standard"), 0)
            .unwrap_err()
            .kind(),
        ErrorKind::Invalid
    );
    assert_eq!(
        t.execute(Actor::Director, create(4, "nope"), 0)
            .unwrap_err(),
        DomainError::UnknownPreset("nope".into())
    );
    assert_eq!(
        t.execute(
            Actor::Director,
            Command::WithdrawPlayer {
                number: PlayerNo(1)
            },
            0
        )
        .unwrap_err(),
        DomainError::NoTournament
    );
    t.execute(Actor::Director, create(4, "beth-emeth"), 0)
        .unwrap();
    let s = t.settings().unwrap();
    assert_eq!(
        (s.games_per_round, s.round_minutes),
        (GameNo(4), 45),
        "R15: beth-emeth rounds are 45 minutes"
    );
    assert_eq!(
        t.execute(Actor::Director, create(4, "standard"), 0)
            .unwrap_err(),
        DomainError::AlreadyCreated
    );
}

#[test]
fn a_round_is_four_games_of_about_an_hour_standard_23_r15() {
    for (preset, minutes, rounds) in [
        ("standard", 60, 4),
        ("beth-emeth", 45, 4),
        ("mahjong-mania-2026", 60, 4),
        ("mississippi-2025", 60, 4),
        ("st-louis-senior-olympics", 60, 4),
    ] {
        let mut t = Tournament::new();
        let create = Command::CreateTournament {
            name: "x".into(),
            dates: vec!["2026-11-26".into(), "2026-11-27".into()],
            rules: RulesSource::Preset {
                name: preset.into(),
            },
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        };
        t.execute(Actor::Director, create, 0).unwrap();
        let s = t.settings().unwrap();
        assert_eq!(
            (s.games_per_round, s.round_minutes, s.rounds),
            (GameNo(4), minutes, RoundNo(rounds)),
            "{preset}"
        );
        // The director can change the round length (R15; standard 23 "50-55 minutes").
        let shorter = Command::UpdateSettings {
            name: None,
            dates: Some(vec!["2026-13-01".into()]),
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: Some(55),
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        };
        let err = t.execute(Actor::Director, shorter, 0).unwrap_err();
        assert!(err.to_string().contains("2026-13-01"), "{err}");
        let shorter = Command::UpdateSettings {
            name: None,
            dates: None,
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: Some(55),
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        };
        t.execute(Actor::Director, shorter, 0).unwrap();
        assert_eq!(t.settings().unwrap().round_minutes, 55);
    }
}

#[test]
fn a_file_is_refused_for_its_size_only_beyond_the_limits_inclusive() {
    use jongg_tournament::limits::{MAX_EVENTS, MAX_FILE};
    let size_words = |r: Result<Tournament, DomainError>| r.unwrap_err().to_string();
    // Bytes: one past the limit is refused by its size; the limit itself is
    // read (and fails for what it holds, not for its size).
    let over = size_words(Tournament::import_json(&" ".repeat(MAX_FILE + 1)));
    assert!(over.contains(&format!("at most {MAX_FILE}")), "{over}");
    let at = size_words(Tournament::import_json(&" ".repeat(MAX_FILE)));
    assert!(!at.contains("at most"), "{at}");
    // Events: the same, with the first event repeated.
    let first = sixteen("standard").export().events[0].clone();
    let mut file = sixteen("standard").export();
    file.events = vec![first; MAX_EVENTS + 1];
    let over = size_words(Tournament::import(file.clone()));
    assert!(over.contains(&format!("at most {MAX_EVENTS}")), "{over}");
    file.events.pop();
    let at = size_words(Tournament::import(file));
    assert!(!at.contains("at most"), "{at}");
}
