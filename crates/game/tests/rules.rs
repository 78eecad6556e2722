//! The rules of play, one test per rule, each citing its source.
//! Racks are set up tile by tile (`common::position`); the card is the toy
//! judge (one suit, a pair and groups of three or four).

mod common;

use common::*;
use jongg_game::{
    Action, Answer, Call, DeadReason, Ending, Event, Game, PassKind, Phase, Situation, Table,
};
use jongg_rules::record::{GameResult, PenaltyKind};
use jongg_tiles::{Counts, Seat, Tile};

const E: Seat = Seat::East;
const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;

fn table(rules: &str) -> Table {
    Table::from_preset(&jongg_rules::Preset::builtin(rules).unwrap(), E)
}

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
fn jokers_are_never_passed_and_a_pass_is_three_tiles() {
    let mut g = position_charleston();
    let j = Action::Pass {
        tiles: tiles("J 1B 2B"),
        blind: 0,
    };
    refused(&mut g, E, j, "jokers are never passed");
    refused(
        &mut g,
        E,
        Action::Pass {
            tiles: tiles("1B 2B"),
            blind: 0,
        },
        "three tiles",
    );
    refused(
        &mut g,
        E,
        Action::Pass {
            tiles: tiles("9C 9C 9C"),
            blind: 0,
        },
        "do not hold",
    );
    refused(&mut g, E, Action::Discard { tile: t("1B") }, "Charleston");
}

/// A seeded game whose East holds a joker, in the Charleston.
fn position_charleston() -> Game<'static> {
    for seed in 0.. {
        let g = Game::new(Table::standard(), seed, &TOY).unwrap();
        let h = hand(&g, E);
        if h.get(Tile::JOKER) > 0 && h.get(t("1B")) > 0 && h.get(t("2B")) > 0 && h.get(t("9C")) < 3
        {
            return g;
        }
    }
    unreachable!()
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
fn the_second_charleston_can_be_stopped_until_the_second_left_is_received() {
    // standard 5B; mahjong-mania-2026 rule 3; mississippi-2025.
    let mut g = Game::new(Table::standard(), 11, &TOY).unwrap();
    refused(&mut g, S, Action::StopCharleston, "standard 5B");
    pass_all(&mut g);
    pass_all(&mut g);
    pass_all(&mut g);
    // During the second left: even after choosing tiles, before anyone receives.
    let tl: Vec<Tile> = hand(&g, E)
        .to_tiles()
        .into_iter()
        .filter(|t| !t.is_joker())
        .take(3)
        .collect();
    act(
        &mut g,
        E,
        Action::Pass {
            tiles: tl,
            blind: 0,
        },
    );
    let before = hand(&g, E);
    act(&mut g, W, Action::StopCharleston);
    assert_eq!(hand(&g, E), before, "the chosen tiles stay on the rack");
    let Phase::Charleston(c) = g.state().phase() else {
        panic!()
    };
    assert_eq!(
        c.pass,
        PassKind::Courtesy,
        "standard 5B: the optional across pass may be completed"
    );
}

#[test]
fn the_second_charleston_cannot_be_stopped_once_the_second_left_is_received() {
    let mut g = Game::new(Table::standard(), 12, &TOY).unwrap();
    for _ in 0..4 {
        pass_all(&mut g);
    }
    let Phase::Charleston(c) = g.state().phase() else {
        panic!()
    };
    assert_eq!(c.pass, PassKind::SecondAcross);
    refused(&mut g, W, Action::StopCharleston, "standard 5B");
}

#[test]
fn courtesy_pass_exchanges_the_smaller_offer() {
    // standard 5B: the optional across pass; the pair passes the smaller number offered.
    let mut g = Game::new(Table::standard(), 13, &TOY).unwrap();
    for _ in 0..6 {
        pass_all(&mut g);
    }
    let offer = |g: &Game<'_>, s: Seat, n: usize| -> Vec<Tile> {
        hand(g, s)
            .to_tiles()
            .into_iter()
            .filter(|t| !t.is_joker())
            .take(n)
            .collect()
    };
    let (e, w, s, n) = (
        offer(&g, E, 3),
        offer(&g, W, 1),
        offer(&g, S, 0),
        offer(&g, N, 2),
    );
    let four = offer(&g, E, 4);
    refused(&mut g, E, Action::Courtesy { tiles: four }, "0 to 3");
    let (he, hw) = (hand(&g, E), hand(&g, W));
    act(&mut g, E, Action::Courtesy { tiles: e.clone() });
    act(&mut g, W, Action::Courtesy { tiles: w.clone() });
    act(&mut g, S, Action::Courtesy { tiles: s });
    let hs = hand(&g, S);
    act(&mut g, N, Action::Courtesy { tiles: n });
    let mut expect_e = he;
    expect_e.remove(e[0]);
    expect_e.add(w[0]);
    let mut expect_w = hw;
    expect_w.remove(w[0]);
    expect_w.add(e[0]);
    assert_eq!(hand(&g, E), expect_e);
    assert_eq!(hand(&g, W), expect_w);
    assert_eq!(hand(&g, S), hs, "South offered none: nothing crosses");
    assert!(
        matches!(g.view(E).situation(), Situation::MyTurn { .. }),
        "then East discards first (standard 3B)"
    );
}

#[test]
fn a_heavenly_hand_ends_the_charleston() {
    // R10, standard 5D and 13.12: East's dealt 14 make Mah Jongg and stop the
    // passing; no self-picked bonus.
    let mut g = dealt(["1Bx3 2Bx3 3Bx3 4Bx3 5Bx2", "", "", ""]);
    assert!(matches!(g.state().phase(), Phase::Charleston(_)));
    refused(&mut g, S, Action::MahJongg { shown: true }, "Charleston");
    let events = act(&mut g, E, Action::MahJongg { shown: true });
    let Some(Event::Ended { outcome }) = events.last() else {
        panic!("{events:?}")
    };
    let Ending::MahJongg {
        heavenly,
        self_picked,
        jokerless,
        discarder,
        ..
    } = &outcome.ending
    else {
        panic!()
    };
    assert!(*heavenly && !*self_picked && *jokerless && discarder.is_none());
    let rec = outcome.record(g.state().table());
    assert!(rec.heavenly && !rec.self_picked);
    let scored =
        jongg_rules::score(&jongg_rules::Preset::builtin("standard").unwrap(), &rec).unwrap();
    assert_eq!(
        scored.points[E],
        50 + 20,
        "card value and jokerless, no self-picked (R10)"
    );
}

#[test]
fn a_dealer_without_mahjong_cannot_stop_the_charleston() {
    let mut g = dealt(["1Bx3 2Bx3 3Bx3 4Bx3 5B 6D", "", "", ""]);
    refused(
        &mut g,
        E,
        Action::MahJongg { shown: true },
        "not a Mah Jongg",
    );
}

#[test]
fn a_dealer_win_before_the_first_discard_is_heavenly() {
    // R10 after the Charleston (here a three-player table, R12: no Charleston).
    let mut g = position(
        Table::standard().without(N),
        ["1Bx3 2Bx3 3Bx3 4Bx3 5Bx2", "", "", ""],
        "",
    );
    let events = act(&mut g, E, Action::MahJongg { shown: true });
    let Some(Event::Ended { outcome }) = events.last() else {
        panic!("{events:?}")
    };
    assert!(outcome.record(g.state().table()).heavenly);
}

#[test]
fn a_three_player_table_has_no_charleston() {
    // R12, standard 5C.
    let g = Game::new(Table::standard().without(N), 4, &TOY).unwrap();
    assert!(matches!(g.view(E).situation(), Situation::MyTurn { .. }));
    assert_eq!(g.view(N).rack_len(N), 0);
    assert_eq!(g.state().wall_left(), 152 - 40);
}

// ---- play and claims ----

/// East discards 6B; West wins with it; South and North can pung it.
fn claim_table(rules: &str) -> Game<'static> {
    position(
        table(rules),
        [
            "6B 1Cx3 2Cx3 3Cx3 4Cx3 5C",
            "6Bx2 1Dx3 2Dx3 3Dx3 4Dx2",
            "1Bx3 2Bx3 3Bx3 4Bx3 6B",
            "Jx2 6Dx3 7Dx3 8Dx3 9Dx2",
        ],
        "5D 9B",
    )
}

#[test]
fn mahjong_beats_an_exposure_claim_nearer_in_turn() {
    // R16; standard 12.6-12.8; st-louis-senior-olympics 4b.
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    claim(&mut g, S, Call::Exposure);
    claim(&mut g, W, Call::MahJongg);
    let events = act(&mut g, N, Action::Decline);
    let Some(Event::Ended { outcome }) = events.last() else {
        panic!("{events:?}")
    };
    assert_eq!(outcome.winner(), Some(W));
    let rec = outcome.record(g.state().table());
    assert_eq!(rec.result, GameResult::Mahjong);
    assert_eq!(
        rec.discarder,
        Some(E),
        "R9: a Mah Jongg on a discard is not self-picked"
    );
    assert!(!rec.self_picked && rec.jokerless && rec.exposures == 0);
    let scored =
        jongg_rules::score(&jongg_rules::Preset::builtin("standard").unwrap(), &rec).unwrap();
    assert_eq!(
        scored.points[E], -10,
        "standard 13.5: thrown to no exposures"
    );
}

#[test]
fn between_exposure_claims_the_nearest_after_the_discarder_wins() {
    // R16; standard 12.6.
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    claim(&mut g, N, Call::Exposure);
    claim(&mut g, S, Call::Exposure);
    let ev = act(&mut g, W, Action::Decline);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Took { seat: S, .. })),
        "{ev:?}"
    );
    assert!(matches!(
        g.view(S).situation(),
        Situation::MyTurn {
            must_expose: Some(_),
            ..
        }
    ));
}

#[test]
fn a_claim_can_be_withdrawn_until_the_tile_is_taken() {
    // standard 20; mahjong-mania-2026 rule 9; st-louis-senior-olympics 7i.
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    refused(&mut g, S, Action::Withdraw, "no claim");
    claim(&mut g, S, Call::Exposure);
    act(&mut g, S, Action::Withdraw);
    act(&mut g, S, Action::Decline);
    claim(&mut g, N, Call::Exposure);
    let ev = act(&mut g, W, Action::Decline);
    assert!(ev.iter().any(|e| matches!(e, Event::Took { seat: N, .. })));
}

#[test]
fn claims_need_a_pung_and_the_discarder_cannot_claim() {
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    refused(
        &mut g,
        E,
        Action::Claim {
            call: Call::Exposure,
        },
        "own discard",
    );
    // West holds one 6B and no joker: no pung possible.
    refused(
        &mut g,
        W,
        Action::Claim {
            call: Call::Exposure,
        },
        "pung",
    );
    refused(&mut g, S, Action::Pick, "");
}

#[test]
fn a_taken_tile_must_be_exposed_as_three_to_six_with_the_claimed_tile_natural() {
    // standard 16A (a taken tile must be used), 12.2; singles and pairs only for Mah Jongg.
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    claim(&mut g, S, Call::Exposure);
    all_decline(&mut g);
    refused(&mut g, S, Action::Discard { tile: t("1D") }, "standard 16A");
    refused(
        &mut g,
        S,
        Action::Expose {
            naturals: 1,
            jokers: 0,
        },
        "pung, kong",
    );
    refused(
        &mut g,
        S,
        Action::Expose {
            naturals: 1,
            jokers: 1,
        },
        "jokers",
    );
    refused(
        &mut g,
        S,
        Action::Expose {
            naturals: 3,
            jokers: 0,
        },
        "do not hold",
    );
    act(
        &mut g,
        S,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    assert_eq!(g.view(E).exposures(S)[0].len(), 3);
    assert_eq!(g.view(S).rack_len(S), 14);
}

#[test]
fn an_exposure_may_be_corrected_until_the_discard() {
    // standard 16D; mahjong-mania-2026 rule 10; mississippi-2025 "change the number of tiles exposed".
    // North: two jokers; claims 6D? North holds 6Dx3: East throws 6D.
    let mut g = position(
        table("standard"),
        [
            "6D 1Cx3 2Cx3 3Cx3 4Cx3 5C",
            "",
            "",
            "Jx2 6Dx2 7Dx3 8Dx3 9Dx3",
        ],
        "5D",
    );
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    act(
        &mut g,
        N,
        Action::Correct {
            naturals: 2,
            jokers: 1,
        },
    ); // pung to kong
    assert_eq!(g.view(E).exposures(N)[0].len(), 4);
    act(
        &mut g,
        N,
        Action::Correct {
            naturals: 1,
            jokers: 2,
        },
    ); // and a different mix
    act(
        &mut g,
        N,
        Action::Correct {
            naturals: 2,
            jokers: 0,
        },
    ); // back to a pung
    assert_eq!(hand(&g, N).get(Tile::JOKER), 2);
    refused(
        &mut g,
        N,
        Action::Correct {
            naturals: 0,
            jokers: 0,
        },
        "pung, kong",
    );
    discard(&mut g, N, "9D");
    all_decline(&mut g);
    // After the discard the exposure is fixed.
    act(&mut g, E, Action::Pick);
    refused(
        &mut g,
        E,
        Action::Correct {
            naturals: 2,
            jokers: 1,
        },
        "standard 16D",
    );
}

#[test]
fn joker_exchange_needs_a_begun_turn_and_a_matching_natural() {
    // standard 19A-19C, 7A; mahjong-mania-2026 rule 11.
    // North exposes 6D with a joker; East later gives a 6D for it.
    let mut g = position(
        table("standard"),
        ["6Dx2 1Cx3 2Cx3 3Cx3 4Cx2", "", "", "J 6Dx2 7Dx3 8Dx3 9Dx3"],
        "5D 2C",
    );
    // East's first turn (no pick): nothing to exchange yet anyway; discard 6D.
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 1,
            jokers: 1,
        },
    );
    discard(&mut g, N, "9D");
    all_decline(&mut g);
    // East has not picked: the turn has not begun.
    refused(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
        "standard 7A",
    );
    act(&mut g, E, Action::Pick);
    refused(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 1,
        },
        "no exposure",
    );
    refused(
        &mut g,
        S,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
        "not your turn",
    );
    act(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
    );
    assert_eq!(
        g.view(S).exposures(N)[0],
        jongg_game::Exposure {
            tile: t("6D"),
            naturals: 3,
            jokers: 0
        }
    );
    assert_eq!(hand(&g, E).get(Tile::JOKER), 1);
    refused(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
        "no joker",
    );
}

#[test]
fn a_win_made_by_a_joker_exchange_is_self_picked() {
    // R9; standard 12.3: claim for an exposure, then exchange for another
    // player's joker and go Mah Jongg: self-picked.
    let mut g = position(
        table("standard"),
        [
            "6Dx2 1Bx3 2Bx3 3Bx2 4Bx2 5Bx2",
            "",
            "",
            "J 6D 3B 7Dx3 8Dx3 9Dx3",
        ],
        "",
    );
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 1,
            jokers: 1,
        },
    );
    discard(&mut g, N, "3B");
    claim(&mut g, E, Call::Exposure);
    all_decline(&mut g);
    refused(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
        "standard 16A",
    );
    act(
        &mut g,
        E,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    act(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
    );
    let ev = act(&mut g, E, Action::MahJongg { shown: true });
    let Some(Event::Ended { outcome }) = ev.last() else {
        panic!("{ev:?}")
    };
    let rec = outcome.record(g.state().table());
    assert!(
        rec.self_picked,
        "R9: won by exchanging for another player's joker"
    );
    assert!(!rec.jokerless, "R11: the joker is in the hand");
    assert_eq!(rec.discarder, None);
    assert_eq!(rec.exposures, 1);
}

#[test]
fn only_the_last_discard_can_be_claimed() {
    // R16; standard 12; beth-emeth 12.
    let mut g = claim_table("standard");
    discard(&mut g, E, "6B");
    all_decline(&mut g);
    act(&mut g, S, Action::Pick);
    discard(&mut g, S, "1D");
    // The window is on 1D now: 6B is dead.
    let Situation::Window { tile, from, .. } = g.view(W).situation() else {
        panic!()
    };
    assert_eq!((tile, from), (t("1D"), S));
}

#[test]
fn a_discarded_joker_covers_except_in_beth_emeth() {
    // R16: standard 12 "(even a JOKER)"; beth-emeth 11: the natural tile before it can still be called.
    for (rules, open) in [("standard", false), ("beth-emeth", true)] {
        let mut g = position(
            table(rules),
            [
                "6B 1Cx3 2Cx3 3Cx3 4Cx3 5C",
                "J 1Dx3 2Dx3 3Dx3 4Dx3",
                "6Bx2 1Bx3 2Bx3 3Bx3 4B",
                "",
            ],
            "5D",
        );
        discard(&mut g, E, "6B");
        all_decline(&mut g);
        act(&mut g, S, Action::Pick);
        discard(&mut g, S, "J");
        let sit = g.view(W).situation();
        if open {
            let Situation::Window { tile, from, .. } = sit else {
                panic!("{rules}: {sit:?}")
            };
            assert_eq!((tile, from), (t("6B"), E), "{rules}");
            claim(&mut g, W, Call::Exposure);
            all_decline(&mut g);
            act(
                &mut g,
                W,
                Action::Expose {
                    naturals: 2,
                    jokers: 0,
                },
            );
            assert!(
                g.state().floor().iter().any(|(_, x)| x.is_joker()),
                "the joker stays dead on the table"
            );
        } else {
            assert!(matches!(sit, Situation::MustPick), "{rules}: {sit:?}");
        }
    }
}

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

#[test]
fn mississippi_the_game_ends_when_the_last_tile_is_discarded() {
    // mississippi-2025 "Tournament Rules": "Game ends when the last tile is
    // discarded": the discard after the wall's last tile cannot be claimed,
    // and the game is a wall game. standard 12: any discard may be claimed
    // until the next player discards or racks, the last one too.
    for (rules, callable) in [("mississippi-2025", false), ("standard", true)] {
        let mut g = position(table(rules), ["", "", "", ""], "");
        let last = loop {
            assert!(!g.is_over(), "{rules}: over before the wall ran out");
            let seats: Vec<Seat> = g.awaiting().collect();
            let mut turn = None;
            for s in seats {
                let a = match g.view(s).situation() {
                    Situation::MustPick => Action::Pick,
                    Situation::MyTurn { .. } if g.state().wall_left() == 0 => {
                        turn = Some(s);
                        break;
                    }
                    Situation::MyTurn { .. } => Action::Discard {
                        tile: first_natural(&g, s),
                    },
                    _ => Action::Decline,
                };
                act(&mut g, s, a);
            }
            if let Some(s) = turn {
                break s;
            }
        };
        let tile = first_natural(&g, last);
        act(&mut g, last, Action::Discard { tile });
        let open: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&s| matches!(g.view(s).situation(), Situation::Window { .. }))
            .collect();
        if callable {
            assert_eq!(
                open.len(),
                3,
                "{rules}: the others may claim the last discard"
            );
        } else {
            assert!(open.is_empty(), "{rules}: {open:?} may claim");
            refused(
                &mut g,
                last.next(),
                Action::Claim {
                    call: Call::MahJongg,
                },
                "",
            );
            let o = g.outcome().expect("the game ended with the last discard");
            assert_eq!(o.ending, Ending::Wall, "{rules}");
        }
    }
}

/// The first tile of a rack that is not a joker.
fn first_natural(g: &Game<'_>, s: Seat) -> Tile {
    hand(g, s)
        .to_tiles()
        .into_iter()
        .find(|t| !t.is_joker())
        .unwrap_or(Tile::JOKER)
}

// ---- Mah Jongg in error and dead hands ----

#[test]
fn a_verbal_false_mahjong_costs_nothing() {
    // R8; standard 17A; mahjong-mania-2026 "rectified before the hand is exposed".
    let mut g = claim_table("standard");
    let before = hand(&g, E);
    act(&mut g, E, Action::MahJongg { shown: false });
    assert_eq!(g.state().dead(E), None);
    assert_eq!(hand(&g, E), before);
    discard(&mut g, E, "6B");
}

#[test]
fn a_shown_false_mahjong_kills_the_hand_and_play_goes_on_with_two_intact() {
    // R8; standard 17B-17D; beth-emeth "MAH JONGG IN ERROR".
    let mut g = claim_table("standard");
    act(&mut g, E, Action::MahJongg { shown: true });
    assert_eq!(g.state().dead(E), Some(DeadReason::MahJonggInError));
    act(&mut g, S, Action::ThrowIn);
    act(&mut g, W, Action::KeepHand);
    act(&mut g, N, Action::KeepHand);
    assert!(!g.is_over(), "two hands intact: the game goes on");
    assert!(
        matches!(g.view(W).situation(), Situation::MustPick),
        "South is dead: West picks"
    );
    refused(&mut g, E, Action::Discard { tile: t("6B") }, "dead hand");
}

/// East shows a false Mah Jongg, South and West expose theirs too, North
/// keeps an intact hand: the game ends (R8). Returns the outcome.
fn false_mahjong_with_one_hand_intact(
    rules: &str,
) -> (jongg_game::Outcome, jongg_rules::GameRecord) {
    let mut g = claim_table(rules);
    act(&mut g, E, Action::MahJongg { shown: true });
    act(&mut g, S, Action::ThrowIn);
    act(&mut g, W, Action::ThrowIn);
    let ev = act(&mut g, N, Action::KeepHand);
    let Some(Event::Ended { outcome }) = ev.last() else {
        panic!("{ev:?}")
    };
    (outcome.clone(), g.record().unwrap())
}

#[test]
fn a_shown_false_mahjong_with_one_hand_intact_ends_the_game() {
    // R8: exactly one hand intact: that player +10 (standard 17D), beth-emeth twice the claimed value.
    let (outcome, rec) = false_mahjong_with_one_hand_intact("standard");
    assert_eq!(
        outcome.ending,
        Ending::MahJonggInError {
            declarer: E,
            intact: vec![N],
            claimed_value: 25
        }
    );
    assert_eq!(rec.result, GameResult::MahjongInError);
    assert_eq!(rec.exposed, vec![S, W]);
    let scored =
        jongg_rules::score(&jongg_rules::Preset::builtin("standard").unwrap(), &rec).unwrap();
    assert_eq!(scored.points[N], 10);
    assert_eq!(scored.points[E], 0);
}

#[test]
fn every_other_hand_exposed_is_r8_all_exposed_not_a_table_of_dead_hands() {
    // R8: East shows a false Mah Jongg and all three others expose theirs:
    // "all hands exposed" (everyone 0; beth-emeth the others +10 each). It
    // once ended as a table of dead hands, recorded as a wall game.
    for (rules, others) in [("standard", 0), ("beth-emeth", 10)] {
        let mut g = claim_table(rules);
        act(&mut g, E, Action::MahJongg { shown: true });
        act(&mut g, S, Action::ThrowIn);
        act(&mut g, W, Action::ThrowIn);
        act(&mut g, N, Action::ThrowIn);
        let outcome = g.outcome().unwrap();
        assert_eq!(
            outcome.ending,
            Ending::MahJonggInError {
                declarer: E,
                intact: vec![],
                claimed_value: 25
            }
        );
        let rec = g.record().unwrap();
        assert_eq!(rec.exposed, vec![S, W, N]);
        let preset = jongg_rules::Preset::builtin(rules).unwrap();
        let scored = jongg_rules::score(&preset, &rec).unwrap();
        assert_eq!(scored.points.0, [0, others, others, others], "{rules}");
    }
}

#[test]
fn at_a_table_of_three_a_false_mahjong_with_one_throw_in_ends_and_scores_r8_r12() {
    // Issue 15's defect: no North; South shows a false Mah Jongg and West
    // throws in. East alone is intact (the empty seat is no hand), so the
    // game ends (R8) and its record scores under every preset: East +10, or
    // twice the claimed value in beth-emeth (the toy card's hand is worth 25).
    for name in jongg_rules::PRESET_NAMES {
        let preset = jongg_rules::Preset::builtin(name).unwrap();
        let mut g = position(
            Table::from_preset(&preset, E).without(N),
            ["", "", "", ""],
            "",
        );
        let tile = hand(&g, E).to_tiles()[0];
        act(&mut g, E, Action::Discard { tile });
        all_decline(&mut g);
        act(&mut g, S, Action::Pick);
        act(&mut g, S, Action::MahJongg { shown: true });
        act(&mut g, W, Action::ThrowIn);
        act(&mut g, E, Action::KeepHand);
        let rec = g.record().expect("the game ended");
        assert_eq!(rec.result, GameResult::MahjongInError, "{name}");
        assert_eq!(
            (rec.declarer, rec.exposed.clone(), rec.empty_seat),
            (Some(S), vec![W], Some(N))
        );
        let scored = jongg_rules::score(&preset, &rec).unwrap();
        let east = if name == "beth-emeth" {
            2 * rec.value as i32
        } else {
            10
        };
        assert_eq!(
            scored.points.0,
            [east, 0, 0, 0],
            "{name}: {}",
            rec.to_json()
        );
    }
}

#[test]
fn a_shown_false_mahjong_pays_the_intact_hand_twice_the_claimed_value_in_beth_emeth() {
    // R8, beth-emeth "MAH JONGG IN ERROR": two others exposed, the one intact
    // player gets twice the value of the hand the declarer claimed (the toy
    // card's hand is worth 25), everyone else 0.
    let (_, rec) = false_mahjong_with_one_hand_intact("beth-emeth");
    assert_eq!(rec.value, 25, "the claimed hand's value is on the record");
    let scored =
        jongg_rules::score(&jongg_rules::Preset::builtin("beth-emeth").unwrap(), &rec).unwrap();
    assert_eq!(scored.points[N], 50);
    for s in [E, S, W] {
        assert_eq!(scored.points[s], 0, "{s}");
    }
}

#[test]
fn a_hand_that_can_make_nothing_is_declared_dead() {
    // mahjong-mania-2026 rule 13e; beth-emeth "any player can declare it dead"; standard 14.
    // North exposes 6D (Dots) then 9B (Bams): no one-suit toy line remains.
    let mut g = position(
        table("standard"),
        [
            "6D 9B 1Cx3 2Cx3 3Cx3 4Cx3",
            "",
            "",
            "6Dx2 9Bx2 7Dx3 8Dx3 3D",
        ],
        "5D 9C 9C 9C 5C",
    );
    refused(&mut g, N, Action::DeclareDead { target: N }, "standard 14E");
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    // A wrong call now: North's one exposure still allows a line.
    let ev = act(&mut g, S, Action::DeclareDead { target: N });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DeadCalled { upheld: false, .. }))
    );
    assert_eq!(
        g.state().dead(S),
        Some(DeadReason::WrongDeadCall),
        "R5: the caller is dead"
    );
    discard(&mut g, N, "3D");
    all_decline(&mut g);
    act(&mut g, E, Action::Pick);
    discard(&mut g, E, "9B");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    let ev = act(&mut g, W, Action::DeclareDead { target: N });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DeadCalled { upheld: true, .. }))
    );
    assert_eq!(g.state().dead(N), Some(DeadReason::CannotMakeHand));
    // A dead hand stops: the turn passes to East (South is dead too).
    assert!(matches!(g.view(E).situation(), Situation::MustPick));
    let rec = jongg_game::Outcome {
        ending: Ending::Wall,
        dead: jongg_tiles::BySeat::from_fn(|s| g.state().dead(s)),
        penalties: vec![],
        turns: 0,
        wall_left: 0,
    }
    .record(g.state().table());
    // In the record: North's dead hand is an infraction (R6: -10 in standard);
    // South's wrong call is its penalty, not a dead entry (R5).
    assert_eq!(
        rec.dead.get(&N),
        Some(&jongg_rules::record::DeadReason::Infraction)
    );
    assert_eq!(rec.dead.get(&S), None);
}

#[test]
fn a_greedy_bot_declares_a_hopeless_hand_dead() {
    // standard 14; mahjong-mania-2026 rule 13e: any player may declare a hand
    // dead that can make nothing; the bot calls it on its own turn, and only
    // then (North's one-suit toy line dies with 6D and 9B exposed).
    use jongg_game::bot::{Bot, GreedyBot};
    let card = jongg_card::Card::practice();
    let mut bot = GreedyBot::new(&card, 1);
    let mut g = position(
        table("standard"),
        [
            "6D 9B 1Cx3 2Cx3 3Cx3 4Cx3",
            "",
            "",
            "6Dx2 9Bx2 7Dx3 8Dx3 3D",
        ],
        "5D 9C 9C 9C 5C",
    );
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    discard(&mut g, N, "3D");
    all_decline(&mut g);
    act(&mut g, E, Action::Pick);
    // One exposure still allows a line: East just discards.
    assert!(matches!(bot.act(&g.view(E), &TOY), Action::Discard { .. }));
    discard(&mut g, E, "9B");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    discard(&mut g, N, "7D");
    all_decline(&mut g);
    act(&mut g, E, Action::Pick);
    let call = bot.act(&g.view(E), &TOY);
    assert_eq!(call, Action::DeclareDead { target: N });
    let ev = act(&mut g, E, call);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DeadCalled { upheld: true, .. }))
    );
    // North is dead now: the bot goes on with its turn.
    assert!(matches!(bot.act(&g.view(E), &TOY), Action::Discard { .. }));
}

#[test]
fn a_wrong_dead_call_in_mahjong_mania_is_a_penalty_and_play_goes_on() {
    // R5; mahjong-mania-2026 rule 13: -10 to the wrong caller.
    let mut g = claim_table("mahjong-mania-2026");
    discard(&mut g, E, "6B");
    let ev = act(&mut g, W, Action::DeclareDead { target: S });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Penalty {
            seat: W,
            kind: PenaltyKind::FalseDeadCall
        }
    )));
    assert_eq!(g.state().dead(W), None);
}

#[test]
fn exposed_jokers_of_a_dead_hand_can_still_be_exchanged() {
    // standard 17C, 19B; mahjong-mania-2026 rule 11.
    let mut g = position(
        table("standard"),
        ["6Dx2 1Cx3 2Cx3 3Cx3 4Cx2", "", "", "J 6Dx2 7Dx3 8Dx3 9Dx3"],
        "5D 2C",
    );
    discard(&mut g, E, "6D");
    claim(&mut g, N, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        N,
        Action::Expose {
            naturals: 1,
            jokers: 1,
        },
    );
    // North shows a false Mah Jongg: dead; the others keep their hands.
    act(&mut g, N, Action::MahJongg { shown: true });
    for s in [E, S, W] {
        act(&mut g, s, Action::KeepHand);
    }
    act(&mut g, E, Action::Pick);
    act(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
    );
    assert_eq!(hand(&g, E).get(Tile::JOKER), 1);
}

#[test]
fn a_self_picked_win_records_r9_and_r11() {
    // R9 (picked from the wall), R11 (no joker anywhere), standard 13.1-13.2.
    let mut g = position(
        table("standard").without(N),
        ["9C 1Bx3 2Bx3 3Bx3 4Bx3 5B", "", "", ""],
        "9D 9D 5B",
    );
    discard(&mut g, E, "9C");
    all_decline(&mut g);
    for s in [S, W] {
        act(&mut g, s, Action::Pick);
        act(&mut g, s, Action::Discard { tile: t("9D") });
        all_decline(&mut g);
    }
    act(&mut g, E, Action::Pick);
    let ev = act(&mut g, E, Action::MahJongg { shown: true });
    let Some(Event::Ended { outcome }) = ev.last() else {
        panic!()
    };
    let rec = outcome.record(g.state().table());
    assert!(rec.self_picked && rec.jokerless && !rec.heavenly && rec.discarder.is_none());
    let scored =
        jongg_rules::score(&jongg_rules::Preset::builtin("standard").unwrap(), &rec).unwrap();
    assert_eq!(scored.points[E], 50 + 10 + 20);
}

#[test]
fn every_refusal_leaves_the_state_unchanged() {
    let mut g = claim_table("standard");
    refused(&mut g, S, Action::Pick, "not your turn");
    refused(&mut g, E, Action::Pick, "discard");
    refused(&mut g, E, Action::Discard { tile: t("9B") }, "no 9B");
    refused(
        &mut g,
        E,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
        "claimed discard",
    );
    refused(
        &mut g,
        E,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0,
        },
        "standard 19A",
    );
    refused(&mut g, E, Action::ThrowIn, "your turn");
    refused(&mut g, S, Action::DeclareDead { target: S }, "standard 14E");
    let _ = Answer::Decline;
}

#[test]
fn mahjong_after_claiming_for_an_exposure_charges_the_discarder() {
    // standard 17B (a claim begun as an exposure, then Mah Jongg); R9: not self-picked.
    let mut g = position(
        table("standard"),
        ["9C 1Bx3 2Bx3 3Bx3 4Bx2 5Bx2", "", "", ""],
        "4B",
    );
    discard(&mut g, E, "9C");
    all_decline(&mut g);
    act(&mut g, S, Action::Pick);
    discard(&mut g, S, "4B");
    claim(&mut g, E, Call::Exposure);
    all_decline(&mut g);
    act(
        &mut g,
        E,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    );
    let ev = act(&mut g, E, Action::MahJongg { shown: true });
    let Some(Event::Ended { outcome }) = ev.last() else {
        panic!("{ev:?}")
    };
    let rec = outcome.record(g.state().table());
    assert_eq!(rec.discarder, Some(S));
    assert!(!rec.self_picked);
    assert_eq!(
        rec.exposures, 0,
        "the exposure with the winning tile is not counted"
    );
}
