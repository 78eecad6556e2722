use jongg_card::Card;
use jongg_game::sim::{BotKind, simulate};
use jongg_rules::Preset;

#[test]
fn random_and_greedy_bots_finish_games() {
    let card = Card::practice();
    let preset = Preset::builtin("standard").unwrap();
    let r = simulate(&preset, &card, 40, 1, [BotKind::Random; 4], |_| {}).unwrap();
    eprintln!("{}", serde_json::to_string_pretty(&r).unwrap());
    let r = simulate(&preset, &card, 20, 1, [BotKind::Greedy, BotKind::Greedy, BotKind::Random, BotKind::Greedy], |_| {}).unwrap();
    eprintln!("{}", serde_json::to_string_pretty(&r).unwrap());
}
