//! An online table's own signatures (`tournament/online.rs`, issue 23.7).

mod common;

use common::*;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;

const R1: RoundNo = RoundNo(1);
const T2: TableNo = TableNo(2);

/// Seven players under `standard`: table 1 full, table 2 without West
/// (East 5, South 6, North 7), round 1 started and table 2 online.
fn online_table_without_west() -> Run {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=7);
    let p = |n| Some(PlayerNo(n));
    let tables = vec![
        TableSeats {
            table: TableNo(1),
            seats: BySeat([p(1), p(2), p(3), p(4)]),
        },
        TableSeats {
            table: T2,
            seats: BySeat([p(5), p(6), None, p(7)]),
        },
    ];
    let method = SeatingMethod::Imported {
        tables,
        sit_outs: vec![],
    };
    run.seat(R1, method);
    run.start(R1);
    run.ok(
        Actor::Director,
        Command::OpenOnline {
            round: R1,
            tables: vec![T2],
        },
    );
    run
}

/// R14 at a table of three without West: nobody verifies East, the
/// keeper, so another seated player vouches for East's scores. The online
/// table gives that signature from a seat other than the keeper's, so
/// the keeper never signs for their own scores, and names no seat twice
/// (it did: South twice, the batch refused and the sheet never signed).
#[test]
fn an_online_table_vouches_for_the_keeper_from_another_seat_r14() {
    let mut run = online_table_without_west();
    let games = run.t.settings().unwrap().games_per_round;
    for game in games.upto() {
        run.ok(
            Actor::System,
            Command::EnterGame {
                round: R1,
                table: T2,
                game,
                entry: Entry::Points {
                    points: BySeat([0; 4]),
                    mah_jongg: None,
                },
            },
        );
    }
    let signs = run.t.online_signatures(R1, T2).unwrap();
    let seats: Vec<Seat> = signs
        .iter()
        .map(|c| match c {
            Command::SignSheet { seat, .. } => *seat,
            other => panic!("{other:?}"),
        })
        .collect();
    // Another player for East (South, the first seat after the keeper's),
    // which South's signature for North is too, and North for South: each
    // once, as the server runs them as one batch.
    assert_eq!(seats, vec![Seat::South, Seat::North]);
    for c in signs {
        run.ok(Actor::System, c);
    }
    let sheet = run.t.sheet(R1, T2).unwrap();
    assert_eq!(sheet.state, SheetState::Signed);
    assert_eq!(sheet.signed, BySeat([false, true, false, true]));
}

/// `Sheet::seated`: the seated players of a sheet, in seat order, the
/// empty seat left out.
#[test]
fn a_sheets_seated_players_are_listed_in_seat_order_without_the_empty_seat() {
    let run = online_table_without_west();
    let seated: Vec<(Seat, PlayerNo)> = run.t.sheet(R1, T2).unwrap().seated().collect();
    assert_eq!(
        seated,
        vec![
            (Seat::East, PlayerNo(5)),
            (Seat::South, PlayerNo(6)),
            (Seat::North, PlayerNo(7)),
        ]
    );
}
