//! Property tests: random legal play never breaks the invariants, its record
//! always scores, every ending is reached, the log replays to the same
//! state, and no seat ever learns hidden tiles.

mod common;

use common::TOY;
use jongg_card::Card;
use jongg_game::bot::{Bot, GreedyBot, RandomBot};
use jongg_game::{Action, Ending, Event, Game, Judge, Phase, State, Step, Table};
use jongg_rules::record::{DeadReason, GameResult, PenaltyKind};
use jongg_rules::rng::Rng;
use jongg_tiles::{BySeat, Counts, Seat, Tile, full_set};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::BTreeMap;

fn full() -> Counts {
    Counts::from_tiles(&full_set())
}

/// Checks every invariant of a state between actions.
fn check(st: &State) {
    // 152 tiles accounted for at every step.
    assert_eq!(st.census(), full(), "tiles lost or made");
    let turn = match st.phase() {
        Phase::Play(Step::Turn(t)) => Some(t.seat),
        _ => None,
    };
    for s in Seat::ALL {
        let len = st.rack_len(s);
        if !st.table().present[s] {
            assert_eq!(len, 0);
            continue;
        }
        // Racks hold 13 between turns; 14 for the dealer in the Charleston,
        // for the seat whose turn it is, and for a hand that stopped on its turn.
        let ok = match st.phase() {
            Phase::Charleston(_) => len == if s == st.table().dealer { 14 } else { 13 },
            Phase::Play(_) if turn == Some(s) => len == 14,
            Phase::Play(_) if st.dead(s).is_some() => len == 13 || len == 14,
            Phase::Play(_) => len == 13,
            Phase::Over | Phase::Setup => len == 13 || len == 14,
        };
        assert!(ok, "{s} holds {len} in {:?}", st.phase());
        // Jokers only where allowed: exposures of three to six with a natural.
        for e in st.exposures(s) {
            assert!(
                e.naturals >= 1 && (3..=6).contains(&e.len()) && !e.tile.is_joker(),
                "bad exposure {e:?}"
            );
        }
    }
}

fn play<'j>(
    seed: u64,
    table: Table,
    judge: &'j dyn Judge,
    bots: &mut [Box<dyn Bot + '_>; 4],
) -> Game<'j> {
    let mut g = Game::new(table, seed, judge).unwrap();
    check(g.state());
    let mut steps = 0;
    while !g.is_over() {
        steps += 1;
        assert!(steps < 5000, "a game that never ends");
        for s in Seat::ALL {
            if g.state().awaiting(s) {
                let a = bots[s.index()].act(&g.view(s), judge);
                if let Err(r) = g.act(s, &a) {
                    panic!("seed {seed}: {a:?} refused: {r}");
                }
                check(g.state());
            }
        }
    }
    g
}

fn random_bots(seed: u64) -> [Box<dyn Bot + 'static>; 4] {
    Seat::ALL.map(|s| Box::new(RandomBot::new(Rng::derive(seed, s.index() as u64))) as Box<dyn Bot>)
}

/// What a finished game reached, by name: its ending, and the rare events on
/// the way. Every name in [`MUST_REACH`] must come up in the property run.
fn reached(g: &Game<'_>, three: bool) -> Vec<&'static str> {
    let mut out = Vec::new();
    let o = g.outcome().unwrap();
    let rec = g.record().unwrap();
    out.push(match &o.ending {
        Ending::MahJongg { heavenly: true, .. } => "heavenly hand (R10)",
        Ending::MahJongg {
            self_picked: true, ..
        } => "self-picked Mah Jongg (R9)",
        Ending::MahJongg { .. } => "Mah Jongg on a discard",
        Ending::Wall => "wall game",
        Ending::TimeCalled => "time called (R7)",
        Ending::NoLiveHands => "every hand dead",
        Ending::MahJonggInError { intact, .. } if intact.is_empty() => {
            if three {
                "error, all exposed, table of three (R8, R12)"
            } else {
                "error, all exposed, table of four (R8)"
            }
        }
        Ending::MahJonggInError { .. } => {
            if three {
                "error, one hand intact, table of three (R8, R12)"
            } else {
                "error, one hand intact, table of four (R8)"
            }
        }
    });
    let events = g.events();
    if events
        .iter()
        .any(|e| matches!(e, Event::FalseMahJongg { shown: false, .. }))
    {
        out.push("verbal false Mah Jongg, play goes on (R8)");
    }
    if rec.result != GameResult::MahjongInError
        && events
            .iter()
            .any(|e| matches!(e, Event::FalseMahJongg { shown: true, .. }))
    {
        out.push("shown false Mah Jongg, two hands intact, play goes on (R8)");
    }
    if events
        .iter()
        .any(|e| matches!(e, Event::ErrorAnswered { threw_in: true, .. }))
    {
        out.push("a throw-in after a false Mah Jongg (R8)");
    }
    if rec.dead.values().any(|d| *d == DeadReason::Infraction) {
        out.push("a hand rightly called dead (standard 14)");
    }
    if rec
        .penalties
        .iter()
        .any(|p| p.kind == PenaltyKind::FalseDeadCall)
    {
        out.push("a wrong dead call (R5)");
    }
    if events.iter().any(|e| matches!(e, Event::Corrected { .. })) {
        out.push("an exposure corrected (standard 16D)");
    }
    out
}

/// What random play must reach. A heavenly hand needs the dealer's fourteen
/// dealt tiles to be a Mah Jongg (about never from a shuffled wall) and a
/// table where every hand is dead needs three or four wrong dead calls: they
/// are counted and printed but set up by hand in `tests/rules.rs`
/// (`a_dealer_win_before_the_first_discard_is_heavenly`) instead.
const MUST_REACH: [&str; 14] = [
    "self-picked Mah Jongg (R9)",
    "Mah Jongg on a discard",
    "wall game",
    "error, all exposed, table of three (R8, R12)",
    "error, all exposed, table of four (R8)",
    "error, one hand intact, table of three (R8, R12)",
    "error, one hand intact, table of four (R8)",
    "verbal false Mah Jongg, play goes on (R8)",
    "shown false Mah Jongg, two hands intact, play goes on (R8)",
    "a throw-in after a false Mah Jongg (R8)",
    "a hand rightly called dead (standard 14)",
    "a wrong dead call (R5)",
    "an exposure corrected (standard 16D)",
    "every preset and both table sizes",
];

/// Random legal play under every preset, at tables of four and three: every
/// state keeps the invariants, the game's record scores under its preset
/// (R12: the empty seat is no hand), the fold of the events is the state,
/// and every ending of [`MUST_REACH`] comes up. Seeds come from a fixed
/// generator, so a change that makes an ending unreachable fails every run.
#[test]
fn random_legal_play_keeps_every_invariant_and_reaches_every_ending() {
    const GAMES: u32 = 400;
    let card = Card::practice();
    let presets: Vec<jongg_rules::Preset> = jongg_rules::PRESET_NAMES
        .iter()
        .map(|n| jongg_rules::Preset::builtin(n).unwrap())
        .collect();
    let counts = std::cell::RefCell::new(BTreeMap::<&'static str, u32>::new());
    let tables = std::cell::RefCell::new(std::collections::BTreeSet::new());
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: GAMES,
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    runner
        .run(
            &(any::<u64>(), any::<bool>(), 0usize..5, 0u8..16),
            |(seed, three, rules, greedy)| {
                let preset = &presets[rules];
                let mut table = Table::from_preset(preset, Seat::from_index(seed as usize));
                if three {
                    let empty = table.dealer.next();
                    table = table.without(empty);
                }
                // Random players rarely win: a greedy player at one table in
                // four makes the Mah Jongg endings come up too.
                let mut bots: [Box<dyn Bot + '_>; 4] = Seat::ALL.map(|s| {
                    let own = Rng::derive(seed, s.index() as u64);
                    if greedy & (1 << s.index()) != 0 && greedy.count_ones() == 1 {
                        Box::new(GreedyBot::new(&card, own)) as Box<dyn Bot>
                    } else {
                        Box::new(RandomBot::new(own)) as Box<dyn Bot>
                    }
                });
                let g = play(seed, table, &card, &mut bots);
                // The record always scores under its own preset.
                let rec = g.record().unwrap();
                let scored = jongg_rules::score(preset, &rec);
                prop_assert!(
                    scored.is_ok(),
                    "{}: {} refused: {:?}",
                    preset.name,
                    rec.to_json(),
                    scored.err()
                );
                // The fold of the events is the state.
                prop_assert_eq!(&State::fold(g.events()), g.state());
                for name in reached(&g, three) {
                    *counts.borrow_mut().entry(name).or_default() += 1;
                }
                tables.borrow_mut().insert((rules, three));
                Ok(())
            },
        )
        .unwrap();
    let mut counts = counts.into_inner();
    if tables.into_inner().len() == 10 {
        counts.insert("every preset and both table sizes", 1);
    }
    eprintln!("{GAMES} random games: {counts:#?}");
    let missing: Vec<&&str> = MUST_REACH
        .iter()
        .filter(|n| !counts.contains_key(**n))
        .collect();
    assert!(
        missing.is_empty(),
        "never reached in {GAMES} games: {missing:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_same_seed_and_bots_give_the_same_game(seed in any::<u64>()) {
        let card = Card::practice();
        let a = play(seed, Table::standard(), &card, &mut random_bots(seed));
        let b = play(seed, Table::standard(), &card, &mut random_bots(seed));
        prop_assert_eq!(a.events(), b.events());
    }

    #[test]
    fn random_actions_are_refused_cleanly_or_accepted(seed in any::<u64>(), tries in proptest::collection::vec((0usize..4, 0u8..14, 0u8..36, 0u8..4), 1..200)) {
        // Fuzz: arbitrary actions from arbitrary seats never panic, and a
        // refusal never changes the state.
        let mut g = Game::new(Table::standard(), seed, &TOY).unwrap();
        for (s, kind, tile, n) in tries {
            let seat = Seat::from_index(s);
            let tile = Tile::from_index(tile).unwrap();
            let a = match kind {
                0 => Action::Pass { tiles: vec![tile; n as usize % 4], blind: n % 3 },
                1 => Action::StopCharleston,
                2 => Action::Courtesy { tiles: vec![tile; n as usize] },
                3 => Action::Pick,
                4 => Action::Discard { tile },
                5 => Action::Claim { call: if n % 2 == 0 { jongg_game::Call::Exposure } else { jongg_game::Call::MahJongg } },
                6 => Action::Decline,
                7 => Action::Withdraw,
                8 => Action::Expose { naturals: n, jokers: tile.index() as u8 % 4 },
                9 => Action::Correct { naturals: n, jokers: tile.index() as u8 % 4 },
                10 => Action::ExchangeJoker { owner: Seat::from_index(n as usize), exposure: tile.index() as u8 % 3 },
                11 => Action::MahJongg { shown: n % 2 == 0 },
                12 => if n % 2 == 0 { Action::ThrowIn } else { Action::KeepHand },
                _ => Action::DeclareDead { target: Seat::from_index(n as usize) },
            };
            let before = g.state().clone();
            if g.act(seat, &a).is_err() {
                prop_assert_eq!(g.state(), &before);
            }
            prop_assert_eq!(g.state().census(), full());
            if g.is_over() { break; }
        }
    }
}

#[test]
fn greedy_bots_keep_every_invariant() {
    let card = Card::practice();
    for seed in 0..6u64 {
        let mut bots: [Box<dyn Bot + '_>; 4] = Seat::ALL
            .map(|s| Box::new(GreedyBot::new(&card, seed * 4 + s.index() as u64)) as Box<dyn Bot>);
        let g = play(seed, Table::standard(), &card, &mut bots);
        assert_eq!(&State::fold(g.events()), g.state());
    }
}

// ---- the game log ----

#[test]
fn a_game_log_in_json_lines_replays_to_the_same_state() {
    let card = Card::practice();
    for seed in 0..8u64 {
        let g = play(seed, Table::standard(), &card, &mut random_bots(seed));
        let log = jongg_game::log::write_events(g.events());
        assert_eq!(log.lines().count(), g.events().len());
        let back = jongg_game::log::read_events(&log).unwrap();
        assert_eq!(back, g.events());
        let replayed = Game::from_events(back, &card);
        assert_eq!(replayed.state(), g.state());
        assert_eq!(replayed.outcome(), g.outcome());
    }
}

#[test]
fn an_action_log_replays_through_the_rules() {
    let card = Card::practice();
    for seed in 0..8u64 {
        let table = Table::standard();
        let mut bots = random_bots(seed);
        let mut g = Game::new(table.clone(), seed, &card).unwrap();
        let mut actions = jongg_game::log::ActionLog::new(table, seed);
        while !g.is_over() {
            for s in Seat::ALL {
                if g.state().awaiting(s) {
                    let a = bots[s.index()].act(&g.view(s), &card);
                    g.act(s, &a).unwrap();
                    actions.push(s, a);
                }
            }
        }
        let text = actions.to_json_lines();
        let replayed = jongg_game::log::ActionLog::from_json_lines(&text)
            .unwrap()
            .replay(&card)
            .unwrap();
        assert_eq!(replayed.events(), g.events());
    }
}

#[test]
fn replay_log_files_from_the_repository() {
    // Data-driven: each file in tests/logs is an action log; it must replay
    // without a refusal and end as its last comment line says.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/logs");
    let card = Card::practice();
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let log = jongg_game::log::ActionLog::from_json_lines(&text).unwrap();
        let g = log
            .replay(&card)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: "))
            .expect("an `# expect:` line");
        let got = serde_json::to_string(&g.record()).unwrap();
        assert_eq!(got, expect.trim(), "{}", path.display());
        n += 1;
    }
    assert!(n >= 1);
}

/// Prints an action log of a short three-player game, for `tests/logs`
/// (`cargo test -p jongg-game --test invariants print_a_log -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_a_log() {
    let card = Card::practice();
    let seed = 3;
    let table = Table::from_preset(
        &jongg_rules::Preset::builtin("beth-emeth").unwrap(),
        Seat::East,
    )
    .without(Seat::North);
    let mut bots = random_bots(seed);
    let mut g = Game::new(table.clone(), seed, &card).unwrap();
    let mut log = jongg_game::log::ActionLog::new(table, seed);
    while !g.is_over() {
        for s in Seat::ALL {
            if g.state().awaiting(s) {
                let a = bots[s.index()].act(&g.view(s), &card);
                g.act(s, &a).unwrap();
                log.push(s, a);
            }
        }
    }
    print!("{}", log.to_json_lines());
    println!("# expect: {}", serde_json::to_string(&g.record()).unwrap());
}

#[test]
fn a_bad_log_is_refused_with_its_line_number() {
    let e = jongg_game::log::ActionLog::from_json_lines("{\"table\": 1}").unwrap_err();
    assert!(e.contains("line 1"), "{e}");
    let card = Card::practice();
    let mut log = jongg_game::log::ActionLog::new(Table::standard(), 1);
    log.push(Seat::South, Action::Discard { tile: Tile::JOKER });
    let e = log.replay(&card).unwrap_err();
    assert!(e.contains("action 1"), "{e}");
}

// ---- hidden information ----

/// The same table with every tile hidden from `seat` dealt anew: the wall
/// and the other racks' concealed tiles shuffled among themselves.
fn twin(st: &State, seat: Seat, seed: u64) -> State {
    jongg_game::testing::shuffle_hidden(st, seat, seed)
}

#[test]
fn views_and_redacted_events_show_nothing_hidden() {
    // For many positions: a twin state that differs only in what `seat`
    // cannot see gives the same view, the same redacted events for the same
    // actions by `seat` or picks, and the same refusals.
    let card = Card::practice();
    for seed in 0..30u64 {
        let mut bots = random_bots(seed);
        let mut g = Game::new(Table::standard(), seed, &card).unwrap();
        let mut step = 0;
        while !g.is_over() {
            step += 1;
            for s in Seat::ALL {
                if !g.state().awaiting(s) {
                    continue;
                }
                let a = bots[s.index()].act(&g.view(s), &card);
                if step % 3 == 0 {
                    // The actor itself as observer: its view, events and refusal
                    // are the same in its twin. (Its own pick shows it the wall's
                    // next tile, which is its to see: picks are checked below.)
                    let tw = twin(g.state(), s, seed ^ step);
                    let mut tg = jongg_game::testing::game_at(tw, &card);
                    assert_eq!(
                        g.view(s).snapshot(),
                        tg.view(s).snapshot(),
                        "seed {seed} step {step}"
                    );
                    if a != Action::Pick {
                        let mut g2 = jongg_game::testing::game_at(g.state().clone(), &card);
                        let r1 = g2
                            .act(s, &a)
                            .map(|e| e.iter().map(|e| e.redacted_for(s)).collect::<Vec<_>>());
                        let r2 = tg
                            .act(s, &a)
                            .map(|e| e.iter().map(|e| e.redacted_for(s)).collect::<Vec<_>>());
                        // A Mah Jongg shows the winner's hand to all: compare while the game goes on.
                        if !g2.is_over() && !tg.is_over() {
                            assert_eq!(r1, r2, "seed {seed} step {step}: {a:?}");
                        }
                    }
                    // Every other seat as observer, for moves that do not depend on
                    // the actor's tiles: a pick or a decline looks the same.
                    if matches!(a, Action::Pick | Action::Decline) {
                        for o in Seat::ALL.into_iter().filter(|o| *o != s) {
                            let mut g2 = jongg_game::testing::game_at(g.state().clone(), &card);
                            let mut tg = jongg_game::testing::game_at(
                                twin(g.state(), o, seed ^ step),
                                &card,
                            );
                            assert_eq!(g2.view(o).snapshot(), tg.view(o).snapshot());
                            let r1 = g2
                                .act(s, &a)
                                .map(|e| e.iter().map(|e| e.redacted_for(o)).collect::<Vec<_>>());
                            let r2 = tg
                                .act(s, &a)
                                .map(|e| e.iter().map(|e| e.redacted_for(o)).collect::<Vec<_>>());
                            if !g2.is_over() && !tg.is_over() {
                                assert_eq!(r1, r2, "seed {seed} step {step}: {a:?} seen by {o}");
                            }
                        }
                    }
                }
                g.act(s, &a).unwrap();
            }
        }
    }
}

#[test]
fn every_event_type_hides_private_fields_from_other_seats() {
    // Each variant: the copy for another seat carries no private field.
    let card = Card::practice();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let g = play(seed, Table::standard(), &card, &mut random_bots(seed));
        for e in g.events() {
            for me in Seat::ALL {
                let r = e.redacted_for(me);
                let name = match r {
                    Event::Began { wall, seed, .. } => {
                        assert!(wall.is_none() && seed == 0);
                        "began"
                    }
                    Event::Dealt { hands } | Event::Arranged { hands } => {
                        for (s, h) in hands.iter() {
                            if s != me {
                                assert!(h.is_none());
                            }
                        }
                        "dealt"
                    }
                    Event::PassChosen { seat, tiles, .. } => {
                        assert_eq!(tiles.is_some(), seat == me);
                        "pass_chosen"
                    }
                    Event::Passed { gave, kept, .. } => {
                        for s in Seat::ALL.into_iter().filter(|s| *s != me) {
                            assert!(gave[s].is_none() && kept[s].is_none());
                        }
                        "passed"
                    }
                    Event::Picked { seat, tile } => {
                        assert_eq!(tile.is_some(), seat == me);
                        "picked"
                    }
                    // Public by nature: what every player at the table sees.
                    Event::CharlestonStopped { .. } => "stopped",
                    Event::Discarded { .. } => "discarded",
                    Event::Answered { .. } => "answered",
                    Event::Withdrew { .. } => "withdrew",
                    Event::Took { .. } => "took",
                    Event::Next { .. } => "next",
                    Event::Exposed { .. } => "exposed",
                    Event::Corrected { .. } => "corrected",
                    Event::JokerExchanged { .. } => "exchanged",
                    Event::FalseMahJongg { .. } => "false",
                    Event::ErrorAnswered { .. } => "error_answered",
                    Event::DeadCalled { .. } => "dead_called",
                    Event::Dead { .. } => "dead",
                    Event::Penalty { .. } => "penalty",
                    // The winning hand is laid on the table for all.
                    Event::MahJongg { .. } => "mahjong",
                    // The outcome names no concealed tile.
                    Event::Ended { outcome } => {
                        let json = serde_json::to_value(&outcome).unwrap();
                        assert!(!names_tiles(&json), "{json}");
                        "ended"
                    }
                };
                seen.insert(name);
            }
        }
    }
    for must in [
        "began",
        "dealt",
        "pass_chosen",
        "passed",
        "picked",
        "discarded",
        "answered",
        "next",
        "ended",
    ] {
        assert!(seen.contains(must), "{must} never seen");
    }
}

#[test]
fn a_spectators_copy_of_every_event_hides_every_seats_private_fields() {
    // `Event::public`: what a seat may see of another's move, for everyone;
    // a public event is the same as any seat's copy of it.
    let card = Card::practice();
    for seed in 0..20u64 {
        let g = play(seed, Table::standard(), &card, &mut random_bots(seed));
        for e in g.events() {
            let p = e.public();
            match &p {
                Event::Began { wall, seed, .. } => assert!(wall.is_none() && *seed == 0),
                Event::Dealt { hands } | Event::Arranged { hands } => {
                    assert!(hands.iter().all(|(_, h)| h.is_none()));
                }
                Event::PassChosen { tiles, .. } => assert!(tiles.is_none()),
                Event::Passed { gave, kept, .. } => {
                    assert!(
                        Seat::ALL
                            .into_iter()
                            .all(|s| gave[s].is_none() && kept[s].is_none())
                    );
                }
                Event::Picked { tile, .. } => assert!(tile.is_none()),
                _ => assert_eq!(&p, e, "public by nature"),
            }
            // Another seat's copy of a move by `s` is the public copy.
            let by = serde_json::to_value(e).unwrap()["seat"]
                .as_str()
                .map(String::from);
            for o in Seat::ALL {
                if by.as_deref().is_some_and(|b| b != o.name()) {
                    assert_eq!(e.redacted_for(o), p, "{e:?} seen by {o}");
                }
            }
        }
    }
}

/// Whether a JSON value holds a list of tiles under a rack's or the wall's
/// name (`hand`, `hands`, `wall`, `tiles`) anywhere inside.
fn names_tiles(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Object(m) => m.iter().any(|(k, v)| {
            (matches!(k.as_str(), "hand" | "hands" | "wall" | "tiles") && v.is_array())
                || names_tiles(v)
        }),
        serde_json::Value::Array(a) => a.iter().any(names_tiles),
        _ => false,
    }
}

#[test]
fn refusals_never_name_hidden_tiles() {
    // A seat's refusal depends only on what it may see: in a twin state the
    // same action is refused with the same words.
    let card = Card::practice();
    for seed in 0..20u64 {
        let g = Game::new(Table::standard(), seed, &card).unwrap();
        for s in Seat::ALL {
            let tw = twin(g.state(), s, seed + 1);
            for tile in Tile::all_kinds() {
                for a in [
                    Action::Discard { tile },
                    Action::Pass {
                        tiles: vec![tile; 3],
                        blind: 0,
                    },
                    Action::DeclareDead { target: s.next() },
                    Action::Pick,
                ] {
                    let r1 = jongg_game::testing::game_at(g.state().clone(), &card)
                        .act(s, &a)
                        .err();
                    let r2 = jongg_game::testing::game_at(tw.clone(), &card)
                        .act(s, &a)
                        .err();
                    assert_eq!(r1, r2);
                }
            }
        }
    }
    let _ = BySeat([0; 4]);
}
