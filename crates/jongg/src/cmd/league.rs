//! `jongg league`: bots of chosen strengths play many games on jongg's
//! practice card, seats rotating, and each bot's figures with a 95%
//! confidence interval.
//!
//! Standard output depends only on the arguments (same seed, same output);
//! the progress bar and the speed go to standard error.

use jongg_card::Card;
use jongg_game::bot::Strength;
use jongg_game::league::{LeagueReport, Share, play_league};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct LeagueArgs {
    /// A rules preset (standard, beth-emeth, mahjong-mania-2026, mississippi-2025,
    /// st-louis-senior-olympics) or the path of a rules file.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// How many games to play (a multiple of 16 gives every bot every seat
    /// and every dealer equally often).
    #[arg(long, default_value_t = 1600)]
    games: u32,
    /// The seed: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Four bots, each easy, medium or strong; they change seats every game.
    #[arg(long, default_value = "strong,medium,medium,medium")]
    bots: String,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Most games one run may ask for (keeps a typo from running for days).
const MAX_GAMES: u32 = 10_000_000;

fn parse_bots(text: &str) -> Result<[Strength; 4], String> {
    let bots = text
        .split(',')
        .map(Strength::from_str)
        .collect::<Result<Vec<_>, _>>()?;
    bots.try_into()
        .map_err(|v: Vec<Strength>| format!("four bots are needed, not {}", v.len()))
}

pub fn run(a: LeagueArgs) -> ExitCode {
    let preset = match super::rules::load_rules(&a.rules) {
        Ok(p) => p,
        Err(e) => return super::bad_input(e),
    };
    let bots = match parse_bots(&a.bots) {
        Ok(b) => b,
        Err(e) => return super::bad_input(format!("--bots: {e}")),
    };
    if a.games == 0 || a.games > MAX_GAMES {
        return super::bad_input(format!(
            "--games must be from 1 to {MAX_GAMES}, not {}",
            a.games
        ));
    }
    let card = Card::practice();
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let total = a.games;
    eprintln!(
        "Playing {total} games under {} (seed {}); the report follows.",
        preset.name, a.seed
    );
    let tenth = (total / 10).max(1);
    let report = play_league(&preset, &card, total, a.seed, bots, |done| {
        if bar && (done % 16 == 0 || done == total) {
            progress(done, total, start.elapsed().as_secs_f64());
        } else if !bar && done % tenth == 0 && done < total {
            eprintln!("{done} of {total} games played");
        }
    });
    let secs = start.elapsed().as_secs_f64();
    if bar {
        eprintln!();
    }
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if a.json {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print!("{}", text(&report));
    }
    eprintln!(
        "speed: {:.1} games per second ({total} games in {secs:.2} s)",
        f64::from(total) / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}

fn progress(done: u32, total: u32, secs: f64) {
    const WIDTH: usize = 30;
    let filled = (done as usize * WIDTH) / total.max(1) as usize;
    let rate = f64::from(done) / secs.max(1e-9);
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} games, {rate:.1}/s",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled)
    );
    let _ = err.flush();
}

fn pct(s: &Share) -> String {
    format!(
        "{:>5.1}% ({:.1}-{:.1})",
        s.rate * 100.0,
        s.low * 100.0,
        s.high * 100.0
    )
}

fn text(r: &LeagueReport) -> String {
    let names: Vec<&str> = r.bots.iter().map(|b| b.name()).collect();
    let mut s = format!(
        "rules {}, {} games, seed {}, bots {} (seats rotate every game)\n\
         each figure with its 95% confidence interval; parity is 25% of games won\n\n",
        r.rules,
        r.games,
        r.seed,
        names.join(",")
    );
    s.push_str(
        "bot     seat-games  won                  points/game            threw the winning tile\n",
    );
    for l in &r.by_bot {
        let p = &l.points_per_game;
        s.push_str(&format!(
            "{:<7} {:>10}  {:<20} {:>6.2} ({:.2} to {:.2})  {}\n",
            l.bot.name(),
            l.seat_games,
            pct(&l.won),
            p.mean,
            p.low,
            p.high,
            pct(&l.threw_winning_tile)
        ));
    }
    s.push_str(&format!(
        "\nwall games {} of {}: {}\naverage turns per game {:.1}\n",
        r.wall_games.count,
        r.games,
        pct(&r.wall_games),
        r.average_turns
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_read_by_strength_and_four_are_needed() {
        assert_eq!(
            parse_bots("strong,medium,easy,greedy").unwrap(),
            [
                Strength::Strong,
                Strength::Medium,
                Strength::Easy,
                Strength::Medium
            ]
        );
        assert!(parse_bots("strong,medium").unwrap_err().contains("four"));
        assert!(
            parse_bots("strong,medium,hard,easy")
                .unwrap_err()
                .contains("hard")
        );
    }
}
