//! The bots of three strengths: they see only their seat, never make an
//! illegal move, and the strong one's behaviours from set-up positions.

mod common;

use common::*;
use jongg_card::Card;
use jongg_game::bot::{Bot, EasyBot, GreedyBot, Strength, StrongBot};
use jongg_game::league::play_league;
use jongg_game::{Action, Call, Game, Table};
use jongg_rules::Preset;
use jongg_rules::rng::Rng;
use jongg_tiles::Seat;

const E: Seat = Seat::East;
const S: Seat = Seat::South;
const N: Seat = Seat::North;

// ---- hidden information ----

/// Plays `games` games with four copies of one bot; at every decision a copy
/// of the deciding bot (same state, same random stream) is shown the same
/// table with every tile its seat cannot see dealt anew, and must decide the same.
fn decides_only_on_its_view<'c, B: Bot + Clone + 'c>(
    card: &'c Card,
    games: u64,
    make: impl Fn(u64) -> B,
) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut bots: Vec<B> = (0..4).map(|s| make(seed * 4 + s)).collect();
        let mut g = Game::new(Table::standard(), seed, card).unwrap();
        let mut step = 0u64;
        while !g.is_over() {
            for s in Seat::ALL {
                if !g.state().awaiting(s) {
                    continue;
                }
                step += 1;
                let mut twin_bot = bots[s.index()].clone();
                let a = bots[s.index()].act(&g.view(s), card);
                let twin = jongg_game::testing::shuffle_hidden(g.state(), s, seed ^ step);
                let tg = jongg_game::testing::game_at(twin, card);
                let b = twin_bot.act(&tg.view(s), card);
                assert_eq!(a, b, "seed {seed} step {step}: {s} decided on hidden tiles");
                checked += 1;
                g.act(s, &a)
                    .unwrap_or_else(|r| panic!("seed {seed}: {a:?} refused: {r}"));
            }
        }
    }
    checked
}

#[test]
fn no_bot_decides_on_tiles_its_seat_cannot_see() {
    let card = Card::practice();
    let n = decides_only_on_its_view(&card, 3, |s| StrongBot::new(&card, s));
    let n = n + decides_only_on_its_view(&card, 3, |s| GreedyBot::new(&card, s));
    let n = n + decides_only_on_its_view(&card, 3, |s| EasyBot::new(&card, s));
    assert!(n > 300, "only {n} decisions checked");
}

// ---- legality ----

fn no_refusal_in(games: u32, seed: u64) {
    let card = Card::practice();
    let line_ups = [
        [
            Strength::Strong,
            Strength::Medium,
            Strength::Medium,
            Strength::Medium,
        ],
        [Strength::Strong; 4],
        [
            Strength::Easy,
            Strength::Strong,
            Strength::Medium,
            Strength::Easy,
        ],
        [
            Strength::Medium,
            Strength::Easy,
            Strength::Easy,
            Strength::Easy,
        ],
    ];
    for name in jongg_rules::PRESET_NAMES {
        let preset = Preset::builtin(name).unwrap();
        for (i, bots) in line_ups.iter().enumerate() {
            let s = Rng::derive(seed, i as u64);
            if let Err(e) = play_league(&preset, &card, games, s, *bots, |_| {}) {
                panic!("{name}: {e}");
            }
        }
    }
}

#[test]
fn no_bot_makes_an_illegal_move_in_hundreds_of_games() {
    // Every refusal fails the league (5 presets × 4 line-ups × 3 games; a
    // debug build plays about one game a second here).
    no_refusal_in(3, 7);
}

/// The full count (BENCHMARKS.md): `cargo nextest run --release -p
/// jongg-game --run-ignored only -E 'test(no_bot_makes_an_illegal_move_in_100000_games)'`.
#[test]
#[ignore = "long: 100,000 games, run in release"]
fn no_bot_makes_an_illegal_move_in_100000_games() {
    // 5 presets × 4 line-ups × 5,000 games.
    no_refusal_in(5_000, 11);
}

// ---- the strong bot's behaviours ----

/// North exposes a pung of West, then kongs of South and Flowers, each
/// claimed from East; it then holds `N E` and waits on N or E for the line
/// `N EE WWW SSSS FFFF` (the only line of the practice card its exposures
/// fit). East ends with `last` and the tiles of its 14 that are not thrown.
fn north_one_tile_away(east: &str, wall: &str) -> Game<'static> {
    let mut g = position(
        Table::standard(),
        [east, "", "", "Wx2 Sx3 Fx3 N E 1B 2B 3B"],
        wall,
    );
    for (tile, naturals, junk) in [("WW", 2, "1B"), ("SS", 3, "2B"), ("FF", 3, "3B")] {
        discard(&mut g, E, &tile[..1]);
        claim(&mut g, N, Call::Exposure);
        all_decline(&mut g);
        act(
            &mut g,
            N,
            Action::Expose {
                naturals,
                jokers: 0,
            },
        );
        discard(&mut g, N, junk);
        all_decline(&mut g);
        act(&mut g, E, Action::Pick);
    }
    g
}

#[test]
fn the_strong_bot_holds_the_tile_an_opponent_one_away_waits_on() {
    // East holds two tiles no line of its own wants, E and 9B; North shows
    // it waits on N or E. The strong bot throws 9B; one that does not defend
    // throws either.
    let card = Card::practice();
    let g = north_one_tile_away("W S F E 9B 2D 4D 6D 8D 2B 4B 6B 6C 8C", "6C 8C 8C");
    assert_eq!(g.view(N).exposures(N).len(), 3);
    let tile_e = t("E");
    let mut medium_threw_e = false;
    for seed in 0..12 {
        let a = StrongBot::new(&card, seed).act(&g.view(E), &card);
        assert_eq!(a, Action::Discard { tile: t("9B") }, "seed {seed}");
        let m = GreedyBot::new(&card, seed).act(&g.view(E), &card);
        medium_threw_e |= m == Action::Discard { tile: tile_e };
    }
    assert!(medium_threw_e, "the position tempts a bot without defence");
}

#[test]
fn the_strong_bot_takes_an_exposed_joker_for_a_tile_it_does_not_need() {
    // North exposes West with a joker; East, one 8C from `2468a 2468b 66c
    // 8888c`, holds a useless West: it takes the joker (which then stands
    // for the 8C) and has Mah Jongg.
    let card = Card::practice();
    let mut g = position(
        Table::standard(),
        ["W W 2D 4D 6D 8D 2B 4B 6B 8B 6C 6C 8C 8C", "", "", "W J 1B"],
        "8C",
    );
    discard(&mut g, E, "W");
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
    discard(&mut g, N, "1B");
    all_decline(&mut g);
    act(&mut g, E, Action::Pick);
    let mut bot = StrongBot::new(&card, 1);
    let take = bot.act(&g.view(E), &card);
    assert_eq!(
        take,
        Action::ExchangeJoker {
            owner: N,
            exposure: 0
        }
    );
    act(&mut g, E, take);
    assert_eq!(bot.act(&g.view(E), &card), Action::MahJongg { shown: true });
}

#[test]
fn the_strong_bot_shows_a_pung_only_when_it_brings_a_line_near() {
    let card = Card::practice();
    // South is two from `111a 111b 111c 000 FF` (needs 1C and F): a pung of
    // the 1C East throws leaves it one away.
    let mut g = position(
        Table::standard(),
        ["1C 2D 3D", "1Dx3 1Bx3 1Cx2 WDx3 F 9B", "", ""],
        "",
    );
    discard(&mut g, E, "1C");
    let call = StrongBot::new(&card, 1).act(&g.view(S), &card);
    assert_eq!(
        call,
        Action::Claim {
            call: Call::Exposure
        }
    );
    // South holds a pair of 9C in a scattered rack: a pung of 9C brings
    // `333a 66b 999c DDDDa FF` one nearer, yet still far; the strong bot
    // lets it go rather than show its hand.
    let mut g = position(
        Table::standard(),
        ["9C 2D 3D", "9Cx2 3D 6B F 1D 2B 4C 7D 8B 5C E N", "", ""],
        "",
    );
    discard(&mut g, E, "9C");
    let call = StrongBot::new(&card, 1).act(&g.view(S), &card);
    assert_eq!(call, Action::Decline);
    // The medium bot claims it: it exposes whenever a line comes one nearer.
    assert_eq!(
        GreedyBot::new(&card, 1).act(&g.view(S), &card),
        Action::Claim {
            call: Call::Exposure
        }
    );
}

#[test]
fn strong_bots_never_call_a_hand_dead_wrongly() {
    // Their dead calls are judged as the engine judges them (R5: a wrong
    // call costs differently by preset, so it must never happen).
    use jongg_game::sim::{BotKind, play_record};
    use jongg_rules::record::PenaltyKind;
    use jongg_tiles::BySeat;
    let card = Card::practice();
    for name in jongg_rules::PRESET_NAMES {
        let preset = Preset::builtin(name).unwrap();
        for seed in 0..2 {
            let rec =
                play_record(&preset, &card, BySeat([true; 4]), E, seed, BotKind::Strong).unwrap();
            assert!(
                rec.penalties
                    .iter()
                    .all(|p| p.kind != PenaltyKind::FalseDeadCall),
                "{name} {seed}: {rec:?}"
            );
        }
    }
}

/// Four strong bots' speed and each decision's time (BENCHMARKS.md):
/// `cargo nextest run --release -p jongg-game --run-ignored only --no-capture
/// -E 'test(strong_bots_speed)'`.
#[test]
#[ignore = "a measurement: run in release"]
fn strong_bots_speed() {
    use std::time::{Duration, Instant};
    let card = Card::practice();
    let games = 400u64;
    let mut times: Vec<Duration> = Vec::new();
    let start = Instant::now();
    for seed in 0..games {
        let mut bots: Vec<StrongBot<'_>> = (0..4)
            .map(|s| StrongBot::new(&card, seed * 4 + s))
            .collect();
        let mut g = Game::new(Table::standard(), seed, &card).unwrap();
        while !g.is_over() {
            for s in Seat::ALL {
                if g.state().awaiting(s) {
                    let t0 = Instant::now();
                    let a = bots[s.index()].act(&g.view(s), &card);
                    times.push(t0.elapsed());
                    g.act(s, &a).unwrap();
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "{games} games of four strong bots in {secs:.2} s: {:.1} games/s; {} decisions, p50 {:?}, p99 {:?}, max {:?}",
        games as f64 / secs,
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
    assert!(times.len() as u64 > games * 50);
}
