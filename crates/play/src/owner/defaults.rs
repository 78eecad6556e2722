//! The safe default the table plays for a seat whose time ran out (issue
//! 23.4): discard the tile just picked, pass the first three non-joker
//! tiles, offer nothing across, decline a discard, keep the hand intact.

use jongg_game::{Action, PassKind, Situation, View};
use jongg_tiles::Tile;

/// The move for `view`'s seat, or `None` when it has none to make.
/// `just_picked`: the tile it picked last (the dealer's fourteenth at first).
pub fn safe_default(view: &View<'_>, just_picked: Option<Tile>) -> Option<Action> {
    let hand = view.hand();
    let first_natural = || Tile::all_kinds().find(|t| !t.is_joker() && hand.get(*t) > 0);
    Some(match view.situation() {
        Situation::Charleston {
            pass: PassKind::Courtesy,
            ..
        } => Action::Courtesy { tiles: vec![] },
        Situation::Charleston { .. } => Action::Pass {
            tiles: hand
                .to_tiles()
                .into_iter()
                .filter(|t| !t.is_joker())
                .take(3)
                .collect(),
            blind: 0,
        },
        Situation::MyTurn {
            must_expose: Some(tile),
            ..
        } => {
            // A pung: naturals first (the claim was checked to allow one).
            let naturals = hand.get(tile).saturating_sub(1).min(2);
            Action::Expose {
                naturals,
                jokers: 2 - naturals,
            }
        }
        Situation::MyTurn { .. } => Action::Discard {
            tile: just_picked
                .filter(|t| hand.get(*t) > 0)
                .or_else(first_natural)
                .unwrap_or(Tile::JOKER),
        },
        Situation::MustPick => Action::Pick,
        Situation::Window { .. } => Action::Decline,
        Situation::MahJonggInError { .. } => Action::KeepHand,
        Situation::Waiting { .. } | Situation::Over => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::position::{parse, setup};
    use jongg_game::{Game, Table, ToyJudge};
    use jongg_tiles::{Seat, full_set};

    #[test]
    fn every_seat_passes_three_naturals() {
        let judge = ToyJudge;
        let mut game = Game::from_wall(Table::standard(), full_set(), &judge).unwrap();
        for seat in Seat::ALL {
            let action = safe_default(&game.view(seat), None).unwrap();
            let Action::Pass { tiles, blind: 0 } = &action else {
                panic!("{action:?}");
            };
            assert!(tiles.len() == 3 && tiles.iter().all(|t| !t.is_joker()));
            game.act(seat, &action).unwrap();
        }
    }

    #[test]
    fn the_dealer_discards_the_tile_named_and_the_others_decline() {
        let judge = ToyJudge;
        // Three players: no Charleston (R12), East's turn at once.
        let table = Table::standard().without(Seat::North);
        let mut game = Game::from_wall(table, full_set(), &judge).unwrap();
        let last = *game.view(Seat::East).hand().to_tiles().last().unwrap();
        let d = safe_default(&game.view(Seat::East), Some(last)).unwrap();
        assert_eq!(d, Action::Discard { tile: last });
        assert_eq!(safe_default(&game.view(Seat::South), None), None);
        game.act(Seat::East, &d).unwrap();
        if game.state().awaiting(Seat::South) {
            assert_eq!(
                safe_default(&game.view(Seat::South), None),
                Some(Action::Decline)
            );
        }
    }

    /// A seat whose picked tile is not in its hand (or that names none)
    /// discards the first natural kind it holds, in tile order.
    #[test]
    fn without_the_picked_tile_the_first_natural_kind_held_is_discarded() {
        let judge = ToyJudge;
        let table = Table::standard().without(Seat::North);
        // The set backwards: East holds none of the first kinds.
        let wall = full_set().into_iter().rev().collect();
        let game = Game::from_wall(table, wall, &judge).unwrap();
        let view = game.view(Seat::East);
        let hand = view.hand();
        assert_eq!(hand.get(Tile::all_kinds().next().unwrap()), 0);
        let held = |t: &Tile| !t.is_joker() && hand.get(*t) > 0;
        let first = Tile::all_kinds().find(held).unwrap();
        let missing = Tile::all_kinds()
            .find(|t| !held(t) && !t.is_joker())
            .unwrap();
        for picked in [None, Some(missing)] {
            assert_eq!(
                safe_default(&view, picked),
                Some(Action::Discard { tile: first }),
                "{picked:?}"
            );
        }
    }

    /// Standard 16A: a claimed tile is exposed at once. Out of time, the
    /// claimer exposes a pung with the naturals it holds of the tile before
    /// any joker: two naturals, or one natural and one joker.
    #[test]
    fn a_claimed_tile_is_exposed_as_a_pung_of_naturals_first_then_jokers_standard_16a() {
        for (south, naturals, jokers) in [("6Bx2", 2, 0), ("6B J", 1, 1)] {
            let text = format!(
                "rules standard\n\
                 rack E 6B 1Cx3 2Cx3 3Cx3 4Cx3 5C\n\
                 rack S {south} 1Dx3 2Dx3 3Dx3 4Dx2\n\
                 rack W 1Bx3 2Bx3 3Bx3 4Bx3 5B\n\
                 rack N Jx2 6Dx3 7Dx3 8Dx3 9Dx2\n\
                 wall 5D 9B\n"
            );
            let position = parse(&text).unwrap().position;
            let mut game = setup(&position, &ToyJudge).unwrap();
            game.act(
                Seat::East,
                &Action::Discard {
                    tile: "6B".parse().unwrap(),
                },
            )
            .unwrap();
            game.act(
                Seat::South,
                &Action::Claim {
                    call: jongg_game::Call::Exposure,
                },
            )
            .unwrap();
            for other in [Seat::West, Seat::North] {
                game.act(other, &Action::Decline).unwrap();
            }
            let d = safe_default(&game.view(Seat::South), None).unwrap();
            assert_eq!(d, Action::Expose { naturals, jokers }, "{south}");
            game.act(Seat::South, &d).unwrap();
        }
    }
}
