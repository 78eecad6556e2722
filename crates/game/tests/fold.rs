//! What the fold of the events (`state.rs`) keeps that no view shows: the
//! turns played and the game's outcome, read from the state itself.

mod common;

use common::*;
use jongg_game::{Action, Call, Game, Table};
use jongg_tiles::Seat;

const E: Seat = Seat::East;
const S: Seat = Seat::South;
const W: Seat = Seat::West;

/// East to discard with fourteen tiles; West holds a pair of 6D to claim.
fn east_to_move() -> Game<'static> {
    position(
        Table::standard(),
        ["6D 1Cx3 2Cx3 3Cx3 4Cx3", "", "6Dx2 1Dx3 2Dx3 3Dx3", ""],
        "5B 9B 8B 7B",
    )
}

/// A turn is the dealer's first, each pick and each claim (the outcome's
/// `turns`, the simulator's average game length).
#[test]
fn turns_count_the_dealers_first_turn_each_pick_and_each_claim() {
    let mut g = east_to_move();
    assert_eq!(g.state().turns(), 1);
    discard(&mut g, E, "1C");
    all_decline(&mut g);
    assert_eq!(g.state().turns(), 1, "a window is not a turn");
    act(&mut g, S, Action::Pick);
    assert_eq!(g.state().turns(), 2);
    discard(&mut g, S, "5B");
    all_decline(&mut g);
    act(&mut g, W, Action::Pick);
    assert_eq!(g.state().turns(), 3);
    discard(&mut g, W, "9B");
    all_decline(&mut g);
    act(&mut g, Seat::North, Action::Pick);
    discard(&mut g, Seat::North, "8B");
    all_decline(&mut g);
    act(&mut g, E, Action::Pick);
    assert_eq!(g.state().turns(), 5);
    discard(&mut g, E, "6D");
    claim(&mut g, W, Call::Exposure);
    all_decline(&mut g);
    assert_eq!(g.state().turns(), 6, "a claim begins a turn");
    g.call_time().unwrap();
    assert_eq!(g.outcome().unwrap().turns, 6);
}

/// The state folded from a game's events holds how it ended, and nothing
/// before the end.
#[test]
fn the_state_holds_the_outcome_once_the_game_has_ended() {
    let mut g = east_to_move();
    assert_eq!(g.state().outcome(), None);
    g.call_time().unwrap();
    let ended = g.outcome().cloned();
    assert!(ended.is_some());
    assert_eq!(g.state().outcome(), ended.as_ref());
    let again = Game::from_events(g.events().to_vec(), &TOY);
    assert_eq!(again.state().outcome(), ended.as_ref());
}
