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

#[test]
fn a_played_record_scores_and_a_table_of_three_leaves_the_empty_seat_out() {
    // R12: a table of three plays without the empty seat: it never wins,
    // throws, declares or is dead (the score sheet then leaves it out).
    use jongg_game::sim::play_record;
    use jongg_tiles::{BySeat, Seat};
    let card = Card::practice();
    for name in jongg_rules::PRESET_NAMES {
        let preset = Preset::builtin(name).unwrap();
        for seed in 0..3 {
            let four = play_record(
                &preset,
                &card,
                BySeat([true; 4]),
                Seat::East,
                seed,
                BotKind::Greedy,
            )
            .unwrap();
            assert_eq!(
                four,
                play_record(
                    &preset,
                    &card,
                    BySeat([true; 4]),
                    Seat::East,
                    seed,
                    BotKind::Greedy
                )
                .unwrap(),
                "the same seed plays the same game"
            );
            jongg_rules::score(&preset, &four).unwrap();
            let three = play_record(
                &preset,
                &card,
                BySeat([true, true, true, false]),
                Seat::South,
                seed,
                BotKind::Greedy,
            )
            .unwrap();
            jongg_rules::score(&preset, &three).unwrap();
            let north = Some(Seat::North);
            // The record says where it was played: no North, South dealing.
            assert_eq!((three.empty_seat, three.dealer()), (north, Seat::South));
            assert_eq!((four.empty_seat, four.dealer()), (None, Seat::East));
            assert!(
                three.winner != north && three.discarder != north,
                "{name} {seed}"
            );
            assert!(three.declarer != north && !three.dead.contains_key(&Seat::North));
        }
    }
}

#[test]
fn greedy_bots_never_call_a_hand_dead_wrongly() {
    // Their dead calls are judged as the engine judges them (standard 14):
    // no false-dead-call penalty in any game (R5).
    use jongg_game::sim::play_record;
    use jongg_rules::record::PenaltyKind;
    use jongg_tiles::{BySeat, Seat};
    let card = Card::practice();
    let preset = Preset::builtin("standard").unwrap();
    let mut dead = 0;
    for seed in 0..16 {
        let rec = play_record(
            &preset,
            &card,
            BySeat([true; 4]),
            Seat::East,
            seed,
            BotKind::Greedy,
        )
        .unwrap();
        assert!(
            rec.penalties
                .iter()
                .all(|p| p.kind != PenaltyKind::FalseDeadCall),
            "seed {seed}: {rec:?}"
        );
        dead += rec.dead.len();
    }
    assert!(dead > 0, "some hand was called dead in 16 games");
}

/// A game prints its state for a developer, never its judge (the card):
/// `Game`'s `Debug`.
#[test]
fn a_game_prints_its_state_in_debug_and_not_its_judge() {
    let judge = jongg_game::ToyJudge;
    let game = jongg_game::Game::new(jongg_game::Table::standard(), 7, &judge).unwrap();
    let shown = format!("{game:?}");
    assert!(shown.starts_with("Game { state: State {"), "{shown}");
    assert!(shown.ends_with(", .. }"), "{shown}");
    assert!(!shown.contains("judge"), "{shown}");
}
