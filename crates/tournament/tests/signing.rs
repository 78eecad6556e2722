//! What a sheet waits for before the director may accept it, in words
//! (issue 20.9): the games not yet entered come first.

mod common;

use common::*;
use jongg_tournament::*;

#[test]
fn a_sheet_names_the_one_game_or_the_games_not_entered_issue_20_9() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=4);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let keeper = Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(1),
    };
    let waiting = |run: &Run| {
        run.t
            .waiting_for(run.t.sheet(RoundNo(1), TableNo(1)).unwrap())
    };
    assert_eq!(waiting(&run), vec!["games 1, 2, 3, 4 not entered"]);
    for game in (1..=3).map(GameNo) {
        let seats = run
            .t
            .seating(RoundNo(1))
            .unwrap()
            .table(TableNo(1))
            .unwrap()
            .clone();
        let (points, mah_jongg) = one_win_each(TableNo(1), game, &seats);
        run.ok(
            keeper,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(1),
                game,
                entry: Entry::Points { points, mah_jongg },
            },
        );
    }
    assert_eq!(waiting(&run), vec!["game 4 not entered"]);
}
