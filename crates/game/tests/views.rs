//! What a seat's view shows of the public table and of its own choices
//! (`view.rs`): the same for every seat where it is public, its own only
//! where it is not.

mod common;

use common::*;
use jongg_game::{Action, Call, DeadReason, Game, Situation, Table};
use jongg_tiles::{Seat, Tile, full_set};

const E: Seat = Seat::East;

fn table(rules: &str) -> Table {
    Table::from_preset(&jongg_rules::Preset::builtin(rules).unwrap(), E)
}

/// East to discard with fourteen tiles; the other racks hold nothing it
/// could complete.
fn east_to_move() -> Game<'static> {
    position(
        table("standard"),
        [
            "6B 1Cx3 2Cx3 3Cx3 4Cx3 5C",
            "6Bx2 1Dx3 2Dx3 3Dx3 4Dx2",
            "1Bx3 2Bx3 3Bx3 4Bx3 6B",
            "Jx2 6Dx3 7Dx3 8Dx3 9Dx2",
        ],
        "5D 9B",
    )
}

/// The wall's count and the dead hands are public: every seat sees them,
/// and sees what the table holds.
#[test]
fn every_seat_sees_the_tiles_left_in_the_wall_and_which_hands_are_dead() {
    let mut g = east_to_move();
    // 152 tiles less 14 for the dealer and 13 for each other seat.
    for s in Seat::ALL {
        assert_eq!(g.view(s).wall_left(), 152 - 14 - 3 * 13, "{s}");
        assert_eq!(g.view(s).snapshot().wall_left, 99, "{s}");
    }
    discard(&mut g, E, "6B");
    all_decline(&mut g);
    act(&mut g, Seat::South, Action::Pick);
    for s in Seat::ALL {
        assert_eq!(g.view(s).wall_left(), 98, "{s}");
    }
    // R8: a shown false Mah Jongg kills the declarer's hand, seen by all.
    let mut g = east_to_move();
    act(&mut g, E, Action::MahJongg { shown: true });
    for s in Seat::ALL {
        let v = g.view(s);
        assert_eq!(v.dead(E), Some(DeadReason::MahJonggInError), "{s}");
        assert_eq!(v.dead(Seat::West), None, "{s}");
        assert_eq!(v.snapshot().dead[E], Some(DeadReason::MahJonggInError));
    }
}

/// A seat sees the tiles it chose for the current Charleston pass; a seat
/// that has not chosen sees none, and no pass once play begins.
#[test]
fn a_seat_sees_its_own_pass_and_no_one_elses() {
    let mut g = Game::from_wall(Table::standard(), full_set(), &TOY).unwrap();
    let chosen: Vec<Tile> = g
        .view(E)
        .hand()
        .to_tiles()
        .into_iter()
        .filter(|t| !t.is_joker())
        .take(3)
        .collect();
    assert_eq!(g.view(E).my_pass(), None, "nothing chosen yet");
    act(
        &mut g,
        E,
        Action::Pass {
            tiles: chosen.clone(),
            blind: 0,
        },
    );
    let (tiles, blind) = g.view(E).my_pass().expect("East chose its pass");
    let mut tiles = tiles.to_vec();
    tiles.sort();
    let mut want = chosen.clone();
    want.sort();
    assert_eq!((tiles, blind), (want.clone(), 0));
    let mut snapshot = g.view(E).snapshot().my_pass.expect("in the snapshot too");
    snapshot.sort();
    assert_eq!(snapshot, want);
    assert_eq!(g.view(Seat::South).my_pass(), None, "South has not chosen");
    assert_eq!(g.view(Seat::South).snapshot().my_pass, None);
    // Once play begins there is no pass to show.
    assert_eq!(east_to_move().view(E).my_pass(), None);
}

/// Every seat counts the same tiles as out of its reach: those on the
/// floor and every exposure's, its naturals and its jokers (a claimed
/// discard leaves the floor for the exposure).
#[test]
fn every_seat_sees_the_exposed_naturals_and_jokers_and_the_floor() {
    let mut g = position(table("standard"), ["6B", "6B J", "", ""], "");
    discard(&mut g, E, "6B");
    for s in Seat::ALL {
        let seen = g.view(s).seen();
        assert_eq!((seen.get(t("6B")), seen.total()), (1, 1), "{s}: the floor");
    }
    claim(&mut g, Seat::South, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        Seat::South,
        Action::Expose {
            naturals: 1,
            jokers: 1,
        },
    );
    for s in Seat::ALL {
        let seen = g.view(s).seen();
        assert_eq!(seen.get(t("6B")), 2, "{s}: the claimed 6B and South's own");
        assert_eq!(seen.get(Tile::JOKER), 1, "{s}");
        assert_eq!(seen.total(), 3, "{s}: the floor is empty again");
    }
}

/// Only the seat to move sees its turn or its pick, and is awaited; every
/// other seat sees that the table waits on that seat.
#[test]
fn only_the_seat_to_move_sees_its_turn_the_others_wait_on_it() {
    let mut g = east_to_move();
    // The dealer's first turn began with the deal, not a pick.
    let first = Situation::MyTurn {
        must_expose: None,
        made: None,
        begun: false,
    };
    assert_eq!(g.view(E).situation(), first);
    assert!(g.view(E).awaited());
    for s in [Seat::South, Seat::West, Seat::North] {
        assert_eq!(
            g.view(s).situation(),
            Situation::Waiting { on: Some(E) },
            "{s}"
        );
        assert!(!g.view(s).awaited(), "{s}");
    }
    discard(&mut g, E, "6B");
    // The calling window waits on the three others, not the discarder.
    assert!(!g.view(E).awaited());
    for s in [Seat::South, Seat::West, Seat::North] {
        assert!(g.view(s).awaited(), "{s}");
    }
    all_decline(&mut g);
    assert_eq!(g.view(Seat::South).situation(), Situation::MustPick);
    for s in [E, Seat::West, Seat::North] {
        let on = Some(Seat::South);
        assert_eq!(g.view(s).situation(), Situation::Waiting { on }, "{s}");
    }
    act(&mut g, Seat::South, Action::Pick);
    let picked = Situation::MyTurn {
        must_expose: None,
        made: None,
        begun: true,
    };
    assert_eq!(g.view(Seat::South).situation(), picked);
}
