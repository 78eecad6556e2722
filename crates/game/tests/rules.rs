//! The rules of play that need a dealt game from a seed or a whole game
//! played out, one test per rule, each citing its source; the card is the
//! toy judge (one suit, a pair and groups of three or four). The rulings
//! checked from a set-up position are `tests/positions/*.pos` (the format of
//! docs/positions.md), run by `tests/positions.rs`.

mod common;

use common::*;
use jongg_game::{Action, Ending, Event, Game, PassKind, Phase, Situation, Table};
use jongg_rules::record::GameResult;
use jongg_tiles::{Counts, Seat, Tile};

const E: Seat = Seat::East;
const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;

fn hand(g: &Game<'_>, seat: Seat) -> Counts {
    *g.view(seat).hand()
}

// ---- the deal ----

#[test]
fn dealer_gets_14_others_13_and_the_wall_holds_the_rest() {
    // standard 3, st-louis-senior-olympics 1c-1d: East deals and starts with 14.
    for dealer in Seat::ALL {
        let mut tb = Table::standard();
        tb.dealer = dealer;
        let g = Game::new(tb, 42, &TOY).unwrap();
        for s in Seat::ALL {
            assert_eq!(g.view(s).rack_len(s), if s == dealer { 14 } else { 13 });
        }
        assert_eq!(g.state().wall_left(), 152 - 53);
        assert_eq!(
            g.state().census(),
            Counts::from_tiles(&jongg_tiles::full_set())
        );
        assert!(matches!(g.state().phase(), Phase::Charleston(_)));
    }
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let a = Game::new(Table::standard(), 7, &TOY).unwrap();
    let b = Game::new(Table::standard(), 7, &TOY).unwrap();
    let c = Game::new(Table::standard(), 8, &TOY).unwrap();
    assert_eq!(a.events(), b.events());
    assert_ne!(a.events(), c.events());
}

// ---- the Charleston ----

/// Each seat passes three non-joker tiles of its rack.
fn pass_all(g: &mut Game<'_>) -> Vec<Event> {
    let mut out = vec![];
    for s in Seat::ALL {
        let tiles: Vec<Tile> = hand(g, s)
            .to_tiles()
            .into_iter()
            .filter(|t| !t.is_joker())
            .take(3)
            .collect();
        out = act(g, s, Action::Pass { tiles, blind: 0 });
    }
    out
}

#[test]
fn first_charleston_passes_right_across_left() {
    // standard 5A: "Right-Over-Left"; st-louis-senior-olympics 2a.
    let mut g = Game::new(Table::standard(), 3, &TOY).unwrap();
    for (pass, to) in [
        (PassKind::FirstRight, Seat::next as fn(Seat) -> Seat),
        (PassKind::FirstAcross, Seat::across),
        (PassKind::FirstLeft, Seat::prev),
    ] {
        let Phase::Charleston(c) = g.state().phase() else {
            panic!()
        };
        assert_eq!(c.pass, pass);
        let before = Seat::ALL.map(|s| hand(&g, s));
        let given: Vec<Vec<Tile>> = Seat::ALL
            .iter()
            .map(|s| {
                before[s.index()]
                    .to_tiles()
                    .into_iter()
                    .filter(|t| !t.is_joker())
                    .take(3)
                    .collect()
            })
            .collect();
        pass_all(&mut g);
        for s in Seat::ALL {
            let mut expect = before[to(s).index()];
            for t in &given[to(s).index()] {
                expect.remove(*t);
            }
            for t in &given[s.index()] {
                expect.add(*t);
            }
            assert_eq!(hand(&g, to(s)), expect, "{pass:?}: {s} passes to {}", to(s));
        }
    }
    let Phase::Charleston(c) = g.state().phase() else {
        panic!()
    };
    assert_eq!(
        c.pass,
        PassKind::SecondLeft,
        "standard 5A: then the second Charleston, left first"
    );
}

#[test]
fn a_table_without_the_second_charleston_or_the_courtesy_pass_skips_them_standard_5a_5b() {
    // standard 5A (the second Charleston) and 5B (the courtesy pass): every
    // preset plays both, but a table may leave either out; the Charleston
    // then goes on to what comes next, or to play.
    let after = |second: bool, courtesy: bool, passes: usize| {
        let mut tb = Table::standard();
        tb.second_charleston = second;
        tb.courtesy_pass = courtesy;
        let mut g = Game::new(tb, 11, &TOY).unwrap();
        for _ in 0..passes {
            pass_all(&mut g);
        }
        match g.state().phase() {
            Phase::Charleston(c) => Some(c.pass),
            Phase::Play(_) => None,
            p => panic!("{p:?}"),
        }
    };
    // After the second right (six passes): the courtesy pass, or play.
    assert_eq!(after(true, true, 6), Some(PassKind::Courtesy));
    assert_eq!(after(true, false, 6), None);
    // Without the second Charleston, the same after the first left.
    assert_eq!(after(false, true, 3), Some(PassKind::Courtesy));
    assert_eq!(after(false, false, 3), None);
}

#[test]
fn blind_passes_only_on_first_left_and_last_right_and_go_unseen() {
    // R17; standard 6; mississippi-2025 "steal a tile(s) ... first left and/or second right".
    let mut g = Game::new(Table::standard(), 5, &TOY).unwrap();
    let own = |g: &Game<'_>, s: Seat, n: usize| -> Vec<Tile> {
        hand(g, s)
            .to_tiles()
            .into_iter()
            .filter(|t| !t.is_joker())
            .take(n)
            .collect()
    };
    let tl = own(&g, E, 2);
    refused(
        &mut g,
        E,
        Action::Pass {
            tiles: tl,
            blind: 1,
        },
        "R17",
    );
    pass_all(&mut g); // right
    pass_all(&mut g); // across
    // First left: South (who gives to East) passes three of its own; East
    // passes two of its own and steals one of South's, unseen.
    let east_before = hand(&g, E);
    let south_tiles = own(&g, S, 3);
    let east_tiles = own(&g, E, 2);
    act(
        &mut g,
        E,
        Action::Pass {
            tiles: east_tiles.clone(),
            blind: 1,
        },
    );
    for s in [S, W, N] {
        let tl = own(&g, s, 3);
        act(
            &mut g,
            s,
            Action::Pass {
                tiles: tl,
                blind: 0,
            },
        );
    }
    let passed = g
        .events()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Passed { .. }))
        .unwrap()
        .clone();
    let Event::Passed { kept, blind, .. } = &passed else {
        panic!()
    };
    assert_eq!(blind[E], 1);
    // East keeps two of South's three; the first of them went on to North.
    assert_eq!(kept[E].as_ref().unwrap(), &south_tiles[1..].to_vec());
    let mut expect = east_before;
    for t in &east_tiles {
        expect.remove(*t);
    }
    for t in &south_tiles[1..] {
        expect.add(*t);
    }
    assert_eq!(hand(&g, E), expect);
    // East's own copy of the event never names the stolen tile.
    let mine = passed.redacted_for(E);
    let Event::Passed { gave, kept, .. } = &mine else {
        panic!()
    };
    assert_eq!(gave[E].as_ref().unwrap(), &east_tiles);
    assert!(gave[N].is_none() && kept[S].is_none());
    assert_eq!(
        g.state().census(),
        Counts::from_tiles(&jongg_tiles::full_set())
    );
}

#[test]
fn standard_5e_east_completes_the_blind_pass_first() {
    // standard 5E: "all 4 players are waiting for the others to pass a third
    // (blind) tile....then East (who has the advantage of the 14th tile) must
    // complete the pass first". The last seat is not refused: East passes
    // three from the rack, and the others' blind tiles follow from East's.
    let mut g = Game::new(Table::standard(), 9, &TOY).unwrap();
    pass_all(&mut g);
    pass_all(&mut g);
    let all_blind = Action::Pass {
        tiles: vec![],
        blind: 3,
    };
    for s in [E, S, W, N] {
        act(&mut g, s, all_blind.clone());
    }
    assert!(matches!(g.state().phase(), Phase::Charleston(c) if c.pass == PassKind::FirstLeft));
    assert_eq!(
        g.awaiting().collect::<Vec<_>>(),
        vec![E],
        "the pass waits for East"
    );
    assert!(matches!(
        g.view(E).situation(),
        Situation::Charleston { chosen: false, .. }
    ));
    assert!(g.view(E).east_completes());
    assert!(matches!(
        g.view(N).situation(),
        Situation::Charleston { chosen: true, .. }
    ));
    refused(
        &mut g,
        N,
        all_blind.clone(),
        "East must complete the pass from the rack first",
    );
    refused(&mut g, E, all_blind, "standard 5E");
    let east_tiles: Vec<Tile> = hand(&g, E)
        .to_tiles()
        .into_iter()
        .filter(|t| !t.is_joker())
        .take(3)
        .collect();
    let out = act(
        &mut g,
        E,
        Action::Pass {
            tiles: east_tiles.clone(),
            blind: 0,
        },
    );
    let Some(Event::Passed {
        gave, kept, blind, ..
    }) = out.iter().find(|e| matches!(e, Event::Passed { .. }))
    else {
        panic!("the pass is made once East completes it: {out:?}")
    };
    assert_eq!(blind[E], 0);
    assert_eq!(gave[E].as_ref().unwrap(), &east_tiles);
    // Left: East passes to North, who passes them on blind to West, to South,
    // and South to East: East's own three come back around.
    for s in [N, W, S] {
        assert_eq!(blind[s], 3);
        assert_eq!(
            kept[s].as_ref().unwrap(),
            &Vec::<Tile>::new(),
            "{s} passed all blind"
        );
    }
    assert_eq!(kept[E].as_ref().unwrap(), &east_tiles);
    assert_eq!(
        g.state().census(),
        Counts::from_tiles(&jongg_tiles::full_set())
    );
}

#[test]
fn a_three_player_table_has_no_charleston() {
    // R12, standard 5C.
    let g = Game::new(Table::standard().without(N), 4, &TOY).unwrap();
    assert!(matches!(g.view(E).situation(), Situation::MyTurn { .. }));
    assert_eq!(g.view(N).rack_len(N), 0);
    assert_eq!(g.state().wall_left(), 152 - 40);
}

// ---- play ----

#[test]
fn the_wall_game_ends_when_the_wall_is_exhausted() {
    // standard 13.3; mississippi-2025 "Game ends when the last tile is discarded".
    let mut g = Game::new(Table::standard().without(N), 21, &TOY).unwrap();
    let mut guard = 0;
    while !g.is_over() {
        guard += 1;
        assert!(guard < 2000);
        let seats: Vec<Seat> = g.awaiting().collect();
        for s in seats {
            let a = match g.view(s).situation() {
                Situation::MustPick => Action::Pick,
                Situation::MyTurn { .. } => {
                    // Throw the first non-joker (no wins: the toy judge needs one suit).
                    let h = hand(&g, s);
                    Action::Discard {
                        tile: h
                            .to_tiles()
                            .into_iter()
                            .find(|t| !t.is_joker())
                            .unwrap_or(Tile::JOKER),
                    }
                }
                _ => Action::Decline,
            };
            act(&mut g, s, a);
        }
    }
    let o = g.outcome().unwrap();
    if o.ending == Ending::Wall {
        assert_eq!(o.wall_left, 0);
        assert_eq!(o.record(g.state().table()).result, GameResult::Wall);
    }
}
