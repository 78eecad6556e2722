//! The simulator: many games between bots under one preset, and the figures.

use crate::bot::{Bot, RandomBot, Strength};
use crate::event::{Action, Refusal};
use crate::game::Game;
use crate::judge::Judge;
use crate::outcome::{Ending, Outcome};
use crate::table::Table;
use jongg_card::Card;
use jongg_rules::record::GameRecord;
use jongg_rules::rng::Rng;
use jongg_rules::{PRESET_NAMES, Preset};
use jongg_tiles::{BySeat, Seat};
use serde::Serialize;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The bots the simulator knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    Random,
    /// The medium strength ([`Strength::Medium`]), under its first name.
    Greedy,
    Easy,
    Strong,
}

impl BotKind {
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Easy => "easy",
            BotKind::Strong => "strong",
        }
    }

    pub fn make<'c>(self, card: &'c Card, seed: u64) -> Box<dyn Bot + 'c> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Strength::Medium.make(card, seed),
            BotKind::Easy => Strength::Easy.make(card, seed),
            BotKind::Strong => Strength::Strong.make(card, seed),
        }
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" | "medium" => Ok(BotKind::Greedy),
            "easy" => Ok(BotKind::Easy),
            "strong" => Ok(BotKind::Strong),
            other => Err(format!(
                "unknown bot `{other}` (expected random, easy, greedy (medium) or strong)"
            )),
        }
    }
}

/// Reads `greedy,greedy,random,greedy`: one bot per seat, East first.
pub fn parse_bots(text: &str) -> Result<[BotKind; 4], String> {
    let kinds = text
        .split(',')
        .map(BotKind::from_str)
        .collect::<Result<Vec<_>, _>>()?;
    kinds.try_into().map_err(|v: Vec<BotKind>| {
        format!(
            "four bots are needed (east, south, west, north), not {}",
            v.len()
        )
    })
}

/// A bot broke a rule (a bug in the bot or the engine).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game} (seed {seed}): {bot} bot at {refusal}; it tried {action}")]
pub struct SimError {
    pub game: u32,
    pub seed: u64,
    pub bot: &'static str,
    pub refusal: Refusal,
    pub action: String,
}

/// Plays one game between four bots to its end.
pub fn play_one<'j>(
    table: Table,
    seed: u64,
    judge: &'j dyn Judge,
    bots: &mut [Box<dyn Bot + '_>; 4],
) -> Result<Game<'j>, (Refusal, &'static str, Action)> {
    let mut game = Game::new(table, seed, judge).map_err(|r| {
        (
            Refusal {
                seat: Seat::East,
                reason: r,
            },
            "table",
            Action::Pick,
        )
    })?;
    while !game.is_over() {
        for seat in Seat::ALL {
            if game.state().awaiting(seat) {
                let action = bots[seat.index()].act(&game.view(seat), judge);
                if let Err(r) = game.act(seat, &action) {
                    return Err((r, bots[seat.index()].name(), action));
                }
            }
        }
    }
    Ok(game)
}

/// Plays one game of `preset` between bots of one `kind` at a table whose
/// seats are `present` (three or four), `dealer` dealing, and returns its
/// record: what a table would write on its score sheet.
pub fn play_record(
    preset: &Preset,
    card: &Card,
    present: BySeat<bool>,
    dealer: Seat,
    seed: u64,
    kind: BotKind,
) -> Result<GameRecord, SimError> {
    let judge = crate::card_judge::CardJudge::new(card);
    let mut table = Table::from_preset(preset, dealer);
    for s in Seat::ALL.into_iter().filter(|s| !present[*s]) {
        table = table.without(s);
    }
    let mut players: [Box<dyn Bot + '_>; 4] =
        Seat::ALL.map(|s| kind.make(card, Rng::derive(seed, 1 + s.index() as u64)));
    let failed = |refusal: Refusal, bot, action: Action| SimError {
        game: 0,
        seed,
        bot,
        refusal,
        action: serde_json::to_string(&action).unwrap_or_default(),
    };
    let game = play_one(table, seed, &judge, &mut players)
        .map_err(|(refusal, bot, action)| failed(refusal, bot, action))?;
    match game.record() {
        Some(record) => Ok(record),
        None => Err(failed(
            Refusal {
                seat: dealer,
                reason: "the game stopped without an outcome".into(),
            },
            kind.name(),
            Action::Pick,
        )),
    }
}

/// Per-bot figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BotFigures {
    /// Seats-games this bot played.
    pub seat_games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub points: i64,
    pub points_per_game: f64,
}

/// What a simulation found. Everything here depends only on the inputs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    pub rules: String,
    pub games: u32,
    pub seed: u64,
    pub bots: BySeat<BotKind>,
    pub wins: BySeat<u64>,
    pub win_rate: BySeat<f64>,
    pub by_bot: BTreeMap<&'static str, BotFigures>,
    pub self_picked: u64,
    pub wall_games: u64,
    pub mahjong_in_error: u64,
    pub dead_hands: u64,
    pub average_turns: f64,
    /// Average points per game for each seat, under the simulated preset.
    pub points_per_game: BySeat<f64>,
    /// The same game records scored under every built-in preset: average per seat.
    pub points_per_preset: BTreeMap<String, BySeat<f64>>,
}

/// Plays `games` games; the dealer passes to the right each game (R12).
/// `progress` is told how many games are done.
pub fn simulate(
    preset: &Preset,
    card: &Card,
    games: u32,
    seed: u64,
    bots: [BotKind; 4],
    mut progress: impl FnMut(u32),
) -> Result<SimReport, SimError> {
    let judge = crate::card_judge::CardJudge::new(card);
    let presets: Vec<Preset> = PRESET_NAMES
        .iter()
        .filter_map(|n| Preset::builtin(n))
        .collect();
    let mut wins = BySeat([0u64; 4]);
    let mut points = BySeat([0i64; 4]);
    let mut by_preset: BTreeMap<String, BySeat<i64>> = BTreeMap::new();
    let (mut self_picked, mut wall_games, mut in_error, mut dead_hands, mut turns) =
        (0, 0, 0, 0, 0u64);
    for g in 0..games {
        let game_seed = Rng::derive(seed, g as u64);
        let dealer = Seat::from_index(g as usize % 4);
        let mut players: [Box<dyn Bot + '_>; 4] = Seat::ALL
            .map(|s| bots[s.index()].make(card, Rng::derive(game_seed, 1 + s.index() as u64)));
        let table = Table::from_preset(preset, dealer);
        let game = play_one(table, game_seed, &judge, &mut players).map_err(
            |(refusal, bot, action)| SimError {
                game: g,
                seed: game_seed,
                bot,
                refusal,
                action: serde_json::to_string(&action).unwrap_or_default(),
            },
        )?;
        let Some(outcome) = game.outcome() else {
            continue;
        };
        tally(
            outcome,
            &mut wins,
            &mut self_picked,
            &mut wall_games,
            &mut in_error,
            &mut dead_hands,
        );
        turns += outcome.turns as u64;
        let record = outcome.record(game.state().table());
        if let Ok(scored) = jongg_rules::score(preset, &record) {
            for s in Seat::ALL {
                points[s] += scored.points[s] as i64;
            }
        }
        for p in &presets {
            if let Ok(scored) = jongg_rules::score(p, &record) {
                let row = by_preset.entry(p.name.clone()).or_default();
                for s in Seat::ALL {
                    row[s] += scored.points[s] as i64;
                }
            }
        }
        progress(g + 1);
    }
    let n = games.max(1) as f64;
    let mut by_bot: BTreeMap<&'static str, BotFigures> = BTreeMap::new();
    for s in Seat::ALL {
        let f = by_bot.entry(bots[s.index()].name()).or_default();
        f.seat_games += games as u64;
        f.wins += wins[s];
        f.points += points[s];
    }
    for f in by_bot.values_mut() {
        let sg = f.seat_games.max(1) as f64;
        f.win_rate = f.wins as f64 / sg;
        f.points_per_game = f.points as f64 / sg;
    }
    Ok(SimReport {
        rules: preset.name.clone(),
        games,
        seed,
        bots: BySeat(bots),
        wins,
        win_rate: wins.map(|w| w as f64 / n),
        by_bot,
        self_picked,
        wall_games,
        mahjong_in_error: in_error,
        dead_hands,
        average_turns: turns as f64 / n,
        points_per_game: points.map(|p| p as f64 / n),
        points_per_preset: by_preset
            .into_iter()
            .map(|(k, v)| (k, v.map(|p| p as f64 / n)))
            .collect(),
    })
}

fn tally(
    o: &Outcome,
    wins: &mut BySeat<u64>,
    self_picked: &mut u64,
    wall: &mut u64,
    in_error: &mut u64,
    dead: &mut u64,
) {
    match &o.ending {
        Ending::MahJongg {
            winner,
            self_picked: sp,
            ..
        } => {
            wins[*winner] += 1;
            *self_picked += u64::from(*sp);
        }
        Ending::Wall | Ending::NoLiveHands => *wall += 1,
        Ending::MahJonggInError { .. } => *in_error += 1,
        // A simulation has no clock: time is never called.
        Ending::TimeCalled => {}
    }
    *dead += o.dead.0.iter().filter(|d| d.is_some()).count() as u64;
}
