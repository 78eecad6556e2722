//! The hall's round control (issue 13): accepting every signed sheet at
//! once, and the live standings during a round.

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;

/// 10 players, tables of four, 2 sitting out for 5 points each; round 1
/// started, with the games of `complete` tables entered and signed.
fn round_with_signed(complete: &[u16]) -> Run {
    let mut run = Run::new("standard", OddPlayers::SitOut { points: 5 });
    run.register(1..=10);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let tables = run.t.seating(RoundNo(1)).unwrap().tables.clone();
    for table in tables.iter().filter(|t| complete.contains(&t.table.0)) {
        let keeper = Actor::Scorekeeper {
            round: RoundNo(1),
            table: table.table,
        };
        for game in GameNo(4).upto() {
            let (points, mah_jongg) = one_win_each(table.table, game, table);
            run.ok(
                keeper,
                Command::EnterGame {
                    round: RoundNo(1),
                    table: table.table,
                    game,
                    entry: Entry::Points { points, mah_jongg },
                },
            );
        }
        for (seat, _) in table.players() {
            if run.t.sheet(RoundNo(1), table.table).unwrap().state == SheetState::Draft {
                run.ok(
                    keeper,
                    Command::SignSheet {
                        round: RoundNo(1),
                        table: table.table,
                        seat,
                        game: None,
                        device: None,
                    },
                );
            }
        }
    }
    run
}

#[test]
fn accept_all_signed_gives_one_acceptance_and_one_audit_line_per_table_standard_26_r14() {
    let mut run = round_with_signed(&[1, 2]);
    let audit_before = run.t.audit().len();
    let recorded = run.ok(
        Actor::Director,
        Command::AcceptAllSigned { round: RoundNo(1) },
    );
    let accepted: Vec<TableNo> = recorded
        .iter()
        .filter_map(|r| match r.event {
            Event::SheetAccepted { table, .. } => Some(table),
            _ => None,
        })
        .collect();
    assert_eq!(accepted, vec![TableNo(1), TableNo(2)]);
    assert_eq!(recorded.len(), 2, "nothing but the acceptances");
    let audit = run.t.audit();
    let new: Vec<_> = audit[audit_before..].iter().collect();
    assert_eq!(new.len(), 2, "one audit line per table");
    assert!(new.iter().all(|a| a.action == AuditAction::Accepted));
    // Nothing left to accept: said, not silently done.
    let again = run.try_do(
        Actor::Director,
        Command::AcceptAllSigned { round: RoundNo(1) },
    );
    assert!(matches!(again, Err(DomainError::Conflict(ref m)) if m.contains("no sheet")));
}

#[test]
fn accept_all_signed_leaves_draft_sheets_alone_standard_4() {
    let mut run = round_with_signed(&[2]);
    run.ok(
        Actor::Director,
        Command::AcceptAllSigned { round: RoundNo(1) },
    );
    assert_eq!(
        run.t.sheet(RoundNo(1), TableNo(1)).unwrap().state,
        SheetState::Draft
    );
    assert_eq!(
        run.t.sheet(RoundNo(1), TableNo(2)).unwrap().state,
        SheetState::Accepted
    );
}

#[test]
fn accept_all_signed_is_the_directors_alone_and_only_in_a_round_under_way() {
    let mut run = round_with_signed(&[1]);
    let keeper = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    assert!(matches!(
        run.try_do(keeper, Command::AcceptAllSigned { round: RoundNo(1) }),
        Err(DomainError::Forbidden { .. })
    ));
    assert!(matches!(
        run.try_do(
            Actor::Director,
            Command::AcceptAllSigned { round: RoundNo(2) }
        ),
        Err(DomainError::RoundNotFound(_))
    ));
}

#[test]
fn live_standings_count_entered_games_as_provisional_so_sit_outs_are_not_first_issue_13_9() {
    // Players 9 and 10 sit out for 5; table 1 is entered and signed, not accepted.
    let run = round_with_signed(&[1]);
    let official = run.t.standings();
    assert_eq!(official.rows[0].points, 5, "officially the sit-outs lead");
    assert!(official.rows.iter().all(|r| !r.provisional()));
    let live = run.t.live_standings();
    // Table 1's winners scored 25 each, self-picked, in one of the four games.
    let first = &live.rows[0];
    assert_eq!(first.points, 25);
    assert!(first.provisional());
    assert_eq!(first.official_points(), 0);
    assert_eq!(first.unaccepted_games, 4);
    let sit_out = live.rows.iter().find(|r| r.player == PlayerNo(9)).unwrap();
    assert!(!sit_out.provisional(), "sit-out points are not a sheet");
    assert_eq!(sit_out.points, 5);
    assert!(sit_out.rank > first.rank);
    // Once accepted, live and official agree and nothing is provisional.
    let mut run = run;
    run.ok(
        Actor::Director,
        Command::AcceptSheet {
            round: RoundNo(1),
            table: TableNo(1),
        },
    );
    let live = run.t.live_standings();
    let row1 = live.rows.iter().find(|r| r.player == PlayerNo(1)).unwrap();
    assert!(!row1.provisional());
    assert_eq!(row1.points, row(&run.t, 1).points);
}

#[test]
fn live_standings_count_a_draft_sheet_game_by_game() {
    let mut run = round_with_signed(&[]);
    run.ok(
        Actor::Scorekeeper {
            round: RoundNo(1),
            table: TableNo(2),
        },
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(2),
            game: GameNo(1),
            entry: Entry::Points {
                points: BySeat([30, -10, -10, -10]),
                mah_jongg: Some(Seat::East),
            },
        },
    );
    let live = run.t.live_standings();
    let east = live.rows.iter().find(|r| r.player == PlayerNo(5)).unwrap();
    assert_eq!((east.points, east.unaccepted_games), (30, 1));
    assert_eq!(row(&run.t, 5).points, 0, "the official figure is untouched");
}

#[test]
fn a_rows_official_points_leave_out_only_the_games_not_yet_accepted_issue_13_9() {
    // Table 1 is signed, not accepted; players 9 and 10 sat out for 5.
    let run = round_with_signed(&[1]);
    let live = run.t.live_standings();
    let at_table = live.rows.iter().find(|r| r.unaccepted_points != 0).unwrap();
    assert_eq!(at_table.official_points(), 0);
    let sit_out = live.rows.iter().find(|r| r.player == PlayerNo(9)).unwrap();
    assert_eq!(sit_out.official_points(), 5);
}

#[test]
fn a_players_record_gives_each_game_its_table_seat_points_mah_jongg_and_acceptance() {
    let mut run = round_with_signed(&[1]);
    run.ok(
        Actor::Director,
        Command::AcceptSheet {
            round: RoundNo(1),
            table: TableNo(1),
        },
    );
    let tables = run.t.seating(RoundNo(1)).unwrap().tables.clone();
    let line = |table: TableNo, seat, game, points, mah_jongg, accepted| GameLine {
        round: RoundNo(1),
        table,
        seat,
        game,
        points,
        mah_jongg,
        accepted,
        bot: false,
    };
    for table in &tables[..2] {
        let entered = table.table == TableNo(1);
        for (seat, player) in table.players() {
            let record = run.t.player_record(player).unwrap();
            assert_eq!(record.player, player);
            assert!(record.sit_outs.is_empty(), "{player:?} sat at a table");
            let expected: Vec<GameLine> = GameNo(4)
                .upto()
                .map(|game| {
                    let (points, winner) = one_win_each(table.table, game, table);
                    if entered {
                        let won = winner == Some(seat);
                        line(table.table, seat, game, Some(points[seat]), won, true)
                    } else {
                        line(table.table, seat, game, None, false, false)
                    }
                })
                .collect();
            assert_eq!(record.games, expected, "{player:?}");
        }
    }
    let out = run.t.player_record(PlayerNo(9)).unwrap();
    assert_eq!(out.sit_outs, vec![(RoundNo(1), 5)]);
    assert!(out.games.is_empty());
}

/// A row's points by round put each sit-out's points in the round the
/// player sat out (R12: the players left over sit out for the rules'
/// points), not in another round or another player's row.
#[test]
fn a_rows_points_by_round_hold_each_sit_out_in_the_round_sat_out_r12() {
    let mut run = Run::new("standard", OddPlayers::SitOut { points: 5 });
    run.register(1..=10);
    for r in 1..=3u8 {
        let method = if r == 1 {
            SeatingMethod::ByNumber
        } else {
            SeatingMethod::Random {
                seed: u64::from(r) * 7,
            }
        };
        run.seat(RoundNo(r), method);
        run.play_round(RoundNo(r), |_, _, _| (BySeat([0, 0, 0, 0]), None));
    }
    let sat_out = |r: u8, p: PlayerNo| {
        run.t
            .seating(RoundNo(r))
            .unwrap()
            .sit_outs
            .iter()
            .any(|s| s.player == p)
    };
    let later: Vec<PlayerNo> = (2..=3)
        .flat_map(|r| run.t.seating(RoundNo(r)).unwrap().sit_outs.clone())
        .map(|s| s.player)
        .collect();
    assert!(
        later.iter().any(|&p| p != PlayerNo(1)),
        "a later round sits out someone after the first row: {later:?}"
    );
    let standings = run.t.standings();
    assert_eq!(standings.rows.len(), 10);
    for row in &standings.rows {
        let want: Vec<i64> = (1..=3u8)
            .map(|r| if sat_out(r, row.player) { 5 } else { 0 })
            .collect();
        assert_eq!(row.rounds, want, "player {}", row.player);
        assert_eq!(
            row.points,
            want.iter().sum::<i64>(),
            "player {}",
            row.player
        );
    }
}
