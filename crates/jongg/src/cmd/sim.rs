//! `jongg sim`: many games between bots under a rules preset.
//!
//! Standard output depends only on the arguments (same seed, same output);
//! the progress bar and the speed go to standard error.

use jongg_card::Card;
use jongg_game::sim::{SimReport, parse_bots, simulate};
use jongg_tiles::Seat;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    /// A rules preset (standard, beth-emeth, mahjong-mania-2026, mississippi-2025,
    /// st-louis-senior-olympics) or the path of a rules file.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// The seed: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One bot per seat, East first: random or greedy.
    #[arg(long, default_value = "greedy,greedy,random,greedy")]
    bots: String,
    /// A card file to play by (default: jongg's practice card).
    #[arg(long)]
    card: Option<std::path::PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Play the games on fair walls instead and write each one's log, with
    /// its wall's commitment and revealed seed, into this folder (for
    /// `jongg verify-wall`); prints a short summary instead of the report.
    #[arg(long)]
    log: Option<std::path::PathBuf>,
}

pub fn run(a: SimArgs) -> ExitCode {
    let preset = match super::rules::load_rules(&a.rules) {
        Ok(p) => p,
        Err(e) => return super::bad_input(e),
    };
    let bots = match parse_bots(&a.bots) {
        Ok(b) => b,
        Err(e) => return super::bad_input(format!("--bots: {e}")),
    };
    if let Err(e) = super::games_run::check_games(a.games) {
        return super::bad_input(e);
    }
    let card = match &a.card {
        None => Card::practice(),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    return super::bad_input(format!("cannot read card {}: {e}", path.display()));
                }
            };
            match Card::parse(&text) {
                Ok(c) => c,
                Err(e) => return super::bad_input(format!("card {}: {e}", path.display())),
            }
        }
    };
    if let Some(dir) = &a.log {
        return super::verify_wall::write_sim_logs(dir, &preset, &card, a.games, a.seed, bots);
    }
    super::games_run::GamesRun {
        rules: &preset.name,
        seed: a.seed,
        games: a.games,
        bar_every: 64,
        json: a.json,
    }
    .run(
        |progress| simulate(&preset, &card, a.games, a.seed, bots, progress),
        text,
    )
}

fn text(r: &SimReport) -> String {
    let mut s = String::new();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    s.push_str(&format!(
        "rules {}, {} games, seed {}\n\n",
        r.rules, r.games, r.seed
    ));
    s.push_str("seat   bot      wins   win rate  points/game\n");
    for seat in Seat::ALL {
        s.push_str(&format!(
            "{:<6} {:<8} {:>5}  {:>8}  {:>11.2}\n",
            seat.name(),
            r.bots[seat].name(),
            r.wins[seat],
            pct(r.win_rate[seat]),
            r.points_per_game[seat]
        ));
    }
    s.push_str("\nbot      seat-games   wins  win rate  points/game\n");
    for (name, f) in &r.by_bot {
        s.push_str(&format!(
            "{:<8} {:>10} {:>6}  {:>8}  {:>11.2}\n",
            name,
            f.seat_games,
            f.wins,
            pct(f.win_rate),
            f.points_per_game
        ));
    }
    let n = r.games.max(1) as f64;
    s.push_str(&format!(
        "\nwall games {} ({}), self-picked wins {}, Mah Jongg in error {}, dead hands {}\naverage turns per game {:.1}\n",
        r.wall_games,
        pct(r.wall_games as f64 / n),
        r.self_picked,
        r.mahjong_in_error,
        r.dead_hands,
        r.average_turns
    ));
    s.push_str("\npoints per game under each preset (same games)\npreset                       east   south    west   north\n");
    for (name, p) in &r.points_per_preset {
        s.push_str(&format!(
            "{:<26} {:>7.2} {:>7.2} {:>7.2} {:>7.2}\n",
            name,
            p[Seat::East],
            p[Seat::South],
            p[Seat::West],
            p[Seat::North]
        ));
    }
    s
}
