//! The league: bots of chosen strengths play many games under one preset,
//! seats rotating so that every bot sits in every seat (and deals) equally
//! often, and each bot's figures come with a 95% confidence interval.

use crate::bot::{Bot, Strength};
use crate::event::Action;
use crate::judge::Judge;
use crate::outcome::Ending;
use crate::sim::{SimError, play_one};
use crate::table::Table;
use jongg_card::Card;
use jongg_rules::Preset;
use jongg_rules::rng::Rng;
use jongg_tiles::Seat;
use serde::Serialize;
use std::collections::BTreeMap;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// A share of trials with its Wilson 95% interval (right near 0 and 1 too).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    pub count: u64,
    pub of: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Share {
    pub fn new(count: u64, of: u64) -> Share {
        if of == 0 {
            return Share {
                count,
                of,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = of as f64;
        let p = count as f64 / n;
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        Share {
            count,
            of,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// A mean with its normal 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mean {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Mean {
    fn new(sum: f64, sum_sq: f64, n: u64) -> Mean {
        if n == 0 {
            return Mean {
                mean: 0.0,
                low: 0.0,
                high: 0.0,
            };
        }
        let k = n as f64;
        let mean = sum / k;
        let var = if n > 1 {
            ((sum_sq - k * mean * mean) / (k - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (var / k).sqrt();
        Mean {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }
}

/// One strength's figures, over every seat it held in every game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotLine {
    pub bot: Strength,
    /// Seats it held (games × the seats of this strength).
    pub seat_games: u64,
    /// Share of its seat-games won (parity: 25%).
    pub won: Share,
    /// Points per seat-game under the preset.
    pub points_per_game: Mean,
    /// Share of its seat-games in which it threw the winning tile.
    pub threw_winning_tile: Share,
}

/// What a league found. Everything here depends only on the inputs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeagueReport {
    pub rules: String,
    pub games: u32,
    pub seed: u64,
    /// The bots as given; bot `i` sits at seat `i` in game 0, one seat
    /// further round each game.
    pub bots: [Strength; 4],
    pub by_bot: Vec<BotLine>,
    /// Games that ended at the wall (or with no live hand).
    pub wall_games: Share,
    pub average_turns: f64,
}

/// The seat bot `entry` holds in game `game`: one seat further each game.
pub fn seat_of(entry: usize, game: u32) -> Seat {
    Seat::from_index((entry + game as usize) % 4)
}

/// The bot at `seat` in game `game` (the inverse of [`seat_of`]).
fn entry_at(seat: Seat, game: u32) -> usize {
    (seat.index() + 4 - game as usize % 4) % 4
}

/// The dealer of game `game`: the next seat every four games, so that over
/// 16 games each seat deals equally, whichever bot sits there.
fn dealer_of(game: u32) -> Seat {
    Seat::from_index((game as usize / 4) % 4)
}

#[derive(Default)]
struct Tally {
    seat_games: u64,
    wins: u64,
    threw: u64,
    points: f64,
    points_sq: f64,
}

/// Plays `games` games between `bots`; `progress` is told how many are done.
pub fn play_league(
    preset: &Preset,
    card: &Card,
    games: u32,
    seed: u64,
    bots: [Strength; 4],
    mut progress: impl FnMut(u32),
) -> Result<LeagueReport, SimError> {
    let judge = crate::card_judge::CardJudge::new(card);
    let mut tallies: BTreeMap<Strength, Tally> = BTreeMap::new();
    let (mut wall, mut turns) = (0u64, 0u64);
    for g in 0..games {
        let game_seed = Rng::derive(seed, u64::from(g));
        let mut players: [Box<dyn Bot + '_>; 4] = Seat::ALL.map(|s| {
            let e = entry_at(s, g);
            bots[e].make(card, Rng::derive(game_seed, 1 + e as u64)) as Box<dyn Bot>
        });
        let table = Table::from_preset(preset, dealer_of(g));
        let game = play(table, game_seed, &judge, &mut players, g)?;
        let Some(outcome) = game.outcome() else {
            continue;
        };
        turns += u64::from(outcome.turns);
        let (winner, thrower) = match &outcome.ending {
            Ending::MahJongg {
                winner, discarder, ..
            } => (Some(*winner), *discarder),
            Ending::Wall | Ending::NoLiveHands => {
                wall += 1;
                (None, None)
            }
            // A league has no clock: never called, counted as no winner.
            Ending::MahJonggInError { .. } | Ending::TimeCalled => (None, None),
        };
        let record = outcome.record(game.state().table());
        let points = jongg_rules::score(preset, &record)
            .map(|s| s.points)
            .unwrap_or_default();
        for s in Seat::ALL {
            let t = tallies.entry(bots[entry_at(s, g)]).or_default();
            t.seat_games += 1;
            t.wins += u64::from(winner == Some(s));
            t.threw += u64::from(thrower == Some(s));
            let p = f64::from(points[s]);
            t.points += p;
            t.points_sq += p * p;
        }
        progress(g + 1);
    }
    let by_bot = tallies
        .into_iter()
        .map(|(bot, t)| BotLine {
            bot,
            seat_games: t.seat_games,
            won: Share::new(t.wins, t.seat_games),
            points_per_game: Mean::new(t.points, t.points_sq, t.seat_games),
            threw_winning_tile: Share::new(t.threw, t.seat_games),
        })
        .collect();
    Ok(LeagueReport {
        rules: preset.name.clone(),
        games,
        seed,
        bots,
        by_bot,
        wall_games: Share::new(wall, u64::from(games)),
        average_turns: turns as f64 / f64::from(games.max(1)),
    })
}

/// One game; a refused move is an error that names the game and the bot.
fn play<'j>(
    table: Table,
    seed: u64,
    judge: &'j dyn Judge,
    players: &mut [Box<dyn Bot + '_>; 4],
    g: u32,
) -> Result<crate::game::Game<'j>, SimError> {
    play_one(table, seed, judge, players).map_err(|(refusal, bot, action): (_, _, Action)| {
        SimError {
            game: g,
            seed,
            bot,
            refusal,
            action: serde_json::to_string(&action).unwrap_or_default(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_hold_the_rate_and_stay_in_bounds() {
        let s = Share::new(25, 100);
        assert!((s.rate - 0.25).abs() < 1e-12);
        assert!(s.low < 0.25 && s.high > 0.25);
        // The textbook Wilson interval for 25 of 100: 0.175 to 0.343.
        assert!((s.low - 0.1754).abs() < 1e-3 && (s.high - 0.3430).abs() < 1e-3);
        let none = Share::new(0, 50);
        assert_eq!(none.low, 0.0);
        assert!(none.high > 0.0 && none.high < 0.1);
    }

    #[test]
    fn a_mean_interval_narrows_with_more_games() {
        let few = Mean::new(10.0, 100.0, 4);
        let many = Mean::new(100.0, 1000.0, 40);
        assert!((few.mean - 2.5).abs() < 1e-12 && (many.mean - 2.5).abs() < 1e-12);
        assert!(many.high - many.low < few.high - few.low);
    }

    #[test]
    fn every_bot_sits_in_every_seat_and_every_seat_deals_equally() {
        for entry in 0..4 {
            let mut seats = [0; 4];
            for g in 0..16 {
                seats[seat_of(entry, g).index()] += 1;
            }
            assert_eq!(seats, [4; 4]);
            for g in 0..16 {
                assert_eq!(entry_at(seat_of(entry, g), g), entry);
            }
        }
        let mut dealt = [0; 4];
        for g in 0..16 {
            dealt[dealer_of(g).index()] += 1;
        }
        assert_eq!(dealt, [4; 4]);
    }

    #[test]
    fn a_league_is_the_same_for_the_same_seed_and_counts_every_game() {
        let card = Card::practice();
        let preset = Preset::builtin("standard").unwrap();
        let bots = [
            Strength::Strong,
            Strength::Medium,
            Strength::Easy,
            Strength::Medium,
        ];
        let a = play_league(&preset, &card, 8, 3, bots, |_| {}).unwrap();
        let b = play_league(&preset, &card, 8, 3, bots, |_| {}).unwrap();
        assert_eq!(a, b);
        let wins: u64 = a.by_bot.iter().map(|l| l.won.count).sum();
        assert!(wins + a.wall_games.count <= 8);
        let medium = a.by_bot.iter().find(|l| l.bot == Strength::Medium).unwrap();
        assert_eq!(medium.seat_games, 16);
        let c = play_league(&preset, &card, 8, 4, bots, |_| {}).unwrap();
        assert_ne!(a, c, "another seed plays other games");
    }
}
