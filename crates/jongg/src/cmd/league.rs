//! `jongg league`: bots of chosen strengths play many games on jongg's
//! practice card, seats rotating, and each bot's figures with a 95%
//! confidence interval.
//!
//! Standard output depends only on the arguments (same seed, same output);
//! the progress bar and the speed go to standard error.

use jongg_card::Card;
use jongg_game::bot::Strength;
use jongg_game::league::{LeagueReport, Share, play_league};
use std::process::ExitCode;
use std::str::FromStr;

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
    if let Err(e) = super::games_run::check_games(a.games) {
        return super::bad_input(e);
    }
    let card = Card::practice();
    super::games_run::GamesRun {
        rules: &preset.name,
        seed: a.seed,
        games: a.games,
        bar_every: 16,
        json: a.json,
    }
    .run(
        |progress| play_league(&preset, &card, a.games, a.seed, bots, progress),
        text,
    )
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
