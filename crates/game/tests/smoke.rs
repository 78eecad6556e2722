//! The simulator: deterministic, every game ends once, points add up.

use jongg_card::Card;
use jongg_game::sim::{BotKind, parse_bots, simulate};
use jongg_rules::Preset;

#[test]
fn simulations_are_deterministic_and_count_every_game() {
    let card = Card::practice();
    let preset = Preset::builtin("standard").unwrap();
    let bots = parse_bots("greedy,greedy,random,greedy").unwrap();
    let a = simulate(&preset, &card, 12, 5, bots, |_| {}).unwrap();
    let b = simulate(&preset, &card, 12, 5, bots, |_| {}).unwrap();
    assert_eq!(a, b);
    let wins: u64 = a.wins.0.iter().sum();
    assert_eq!(wins + a.wall_games + a.mahjong_in_error, 12);
    assert_eq!(a.by_bot["greedy"].seat_games, 36);
    assert_eq!(a.points_per_preset.len(), 5);
    let r = simulate(&preset, &card, 30, 1, [BotKind::Random; 4], |_| {}).unwrap();
    assert!(r.average_turns > 20.0);
    assert!(parse_bots("greedy,random").is_err());
}
