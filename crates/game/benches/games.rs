//! Complete four-player games per second (BENCHMARKS.md, "Table engine").
//! Run: `cargo bench -p jongg-game --bench games`. Every game must end: a
//! bot's refused move fails the bench rather than counting as a game played.

use divan::Bencher;
use jongg_card::Card;
use jongg_game::bot::{Bot, GreedyBot, RandomBot};
use jongg_game::sim::play_one;
use jongg_game::{CardJudge, Game, Table};
use jongg_tiles::Seat;

fn main() {
    divan::main();
}

/// The game played, which must have ended.
fn finished<'j, E: std::fmt::Debug>(played: Result<Game<'j>, E>, seed: u64) -> Game<'j> {
    let g = played.unwrap_or_else(|e| panic!("seed {seed}: a bot's move was refused: {e:?}"));
    assert!(g.outcome().is_some(), "seed {seed}: the game did not end");
    g
}

/// Games per iteration, so per-game time is the iteration time / GAMES.
const GAMES: u64 = 100;

#[divan::bench(sample_count = 10)]
fn random_bots(b: Bencher) {
    let card = Card::practice();
    let judge = CardJudge::new(&card);
    let mut seed = 0u64;
    b.counter(divan::counter::ItemsCount::new(GAMES))
        .bench_local(|| {
            for _ in 0..GAMES {
                seed += 1;
                let mut bots: [Box<dyn Bot>; 4] = Seat::ALL
                    .map(|s| Box::new(RandomBot::new(seed * 8 + s.index() as u64)) as Box<dyn Bot>);
                let g = finished(play_one(Table::standard(), seed, &judge, &mut bots), seed);
                divan::black_box(g.events().len());
            }
        });
}

#[divan::bench(sample_count = 5)]
fn greedy_bots(b: Bencher) {
    let card = Card::practice();
    let judge = CardJudge::new(&card);
    let mut seed = 0u64;
    b.counter(divan::counter::ItemsCount::new(GAMES / 10))
        .bench_local(|| {
            for _ in 0..GAMES / 10 {
                seed += 1;
                let mut bots: [Box<dyn Bot + '_>; 4] = Seat::ALL.map(|s| {
                    Box::new(GreedyBot::new(&card, seed * 8 + s.index() as u64)) as Box<dyn Bot>
                });
                let g = finished(play_one(Table::standard(), seed, &judge, &mut bots), seed);
                divan::black_box(g.events().len());
            }
        });
}
