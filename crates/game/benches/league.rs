//! A league run from the game crate alone, for tuning the bots without
//! building the whole `jongg` binary (its server and database crates): the
//! same [`play_league`] as `jongg league`, on the practice card, so the same
//! arguments give the same figures.
//!
//! Run: `LEAGUE="standard 2000 1 strong,medium,medium,medium" cargo bench
//! -p jongg-game --bench league` (rules, games, seed, bots).

use jongg_card::Card;
use jongg_game::bot::Strength;
use jongg_game::league::{Share, play_league};
use jongg_rules::Preset;
use std::str::FromStr;
use std::time::Instant;

fn pct(s: &Share) -> String {
    format!(
        "{:5.1}% ({:.1}-{:.1})",
        s.rate * 100.0,
        s.low * 100.0,
        s.high * 100.0
    )
}

fn main() {
    let spec = std::env::var("LEAGUE")
        .unwrap_or_else(|_| "standard 320 1 strong,medium,medium,medium".into());
    let words: Vec<&str> = spec.split_whitespace().collect();
    let [rules, games, seed, bots] = words[..] else {
        panic!("LEAGUE is `rules games seed bots`, not `{spec}`");
    };
    let preset = Preset::builtin(rules).unwrap_or_else(|| panic!("no preset `{rules}`"));
    let games: u32 = games.parse().expect("games is a number");
    let seed: u64 = seed.parse().expect("seed is a number");
    let bots: Vec<Strength> = bots
        .split(',')
        .map(|b| Strength::from_str(b).expect("a strength"))
        .collect();
    let bots: [Strength; 4] = bots.try_into().expect("four bots");
    let card = Card::practice();
    let started = Instant::now();
    let r = play_league(&preset, &card, games, seed, bots, |_| {}).expect("no refusal");
    let secs = started.elapsed().as_secs_f64();
    println!("league {spec}");
    for l in &r.by_bot {
        println!(
            "{:<7} {:>6} seat-games  won {}  {:6.2} points/game  threw {}",
            l.bot.name(),
            l.seat_games,
            pct(&l.won),
            l.points_per_game.mean,
            pct(&l.threw_winning_tile)
        );
    }
    println!(
        "wall games {}; {:.1} games/s",
        pct(&r.wall_games),
        f64::from(games) / secs
    );
}
