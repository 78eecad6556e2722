//! Bots: a view in, an action out. Each sees only its seat's [`View`]: no bot
//! reads another rack or the wall. [`RandomBot`] plays any legal move at
//! random, the rare ones too (for tests); the three strengths a player meets
//! are [`Strength::Easy`], [`Strength::Medium`] ([`GreedyBot`]) and
//! [`Strength::Strong`], all made by [`Strength::make`].

mod easy;
mod medium;
mod random;
mod strong;

pub use easy::EasyBot;
pub use medium::GreedyBot;
pub use random::{RandomBot, odds};
pub use strong::StrongBot;
pub(crate) use strong::explain::OpenLine;

use crate::event::Action;
use crate::judge::Judge;
use crate::view::View;
use jongg_card::Card;
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Seat, Tile};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A player that needs no human. It is asked only when the engine waits for it.
pub trait Bot {
    fn name(&self) -> &'static str;
    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action;
}

/// How well a bot plays: the three a player can choose at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Plays toward its lines but makes a player's mistakes (never an illegal one).
    Easy,
    /// Today's greedy bot: its nearest lines, what is gone counted.
    Medium,
    /// Weighs several lines, what is left of their tiles, the preset's
    /// scoring, and defends against an opponent close to Mah Jongg.
    Strong,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Strong => "strong",
        }
    }

    /// The one way to make a bot of this strength; `seed` decides its ties.
    pub fn make<'c>(self, card: &'c Card, seed: u64) -> Box<dyn Bot + Send + 'c> {
        match self {
            Strength::Easy => Box::new(EasyBot::new(card, seed)),
            Strength::Medium => Box::new(GreedyBot::new(card, seed)),
            Strength::Strong => Box::new(StrongBot::new(card, seed)),
        }
    }
}

impl FromStr for Strength {
    type Err = String;
    fn from_str(s: &str) -> Result<Strength, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Strength::Easy),
            // `greedy` was the medium bot's name before there were strengths.
            "medium" | "greedy" => Ok(Strength::Medium),
            "strong" => Ok(Strength::Strong),
            other => Err(format!(
                "unknown bot strength `{other}` (expected easy, medium or strong)"
            )),
        }
    }
}

fn non_jokers(hand: &Counts) -> Vec<Tile> {
    hand.to_tiles()
        .into_iter()
        .filter(|t| !t.is_joker())
        .collect()
}

fn pick_random(rng: &mut Rng, pool: &mut Vec<Tile>, n: usize) -> Vec<Tile> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n.min(pool.len()) {
        let i = rng.below(pool.len());
        out.push(pool.swap_remove(i));
    }
    out
}

/// The `i`-th tile of a hand in index order.
fn nth_tile(hand: &Counts, mut i: usize) -> Tile {
    for t in Tile::all_kinds() {
        let n = hand.get(t) as usize;
        if i < n {
            return t;
        }
        i -= n;
    }
    Tile::JOKER
}

/// The exposure for a claimed tile: naturals first, `size` tiles in all.
fn exposure_for(hand: &Counts, tile: Tile, size: u8) -> Action {
    // The claimed tile is in the hand already; the others come from the rest.
    let naturals = (hand.get(tile) - 1).min(size - 1);
    Action::Expose {
        naturals,
        jokers: size - 1 - naturals,
    }
}

/// The largest exposure a hand can make with a claimed tile (capped at `cap`).
fn max_exposure(hand: &Counts, tile: Tile, cap: u8) -> u8 {
    (hand.get(tile) + hand.get(Tile::JOKER)).min(cap)
}

fn with(hand: &Counts, tile: Tile) -> Counts {
    let mut h = *hand;
    h.add(tile);
    h
}

/// A live opponent whose exposures no line of the card can still complete,
/// judged as the engine judges a dead call: against every discard and the
/// other racks' exposed naturals (mahjong-mania-2026 13e; standard 14).
fn hopeless_hand(view: &View<'_>, judge: &dyn Judge) -> Option<Seat> {
    let me = view.seat();
    let mut discards = Counts::default();
    for (_, t) in view.floor() {
        discards.add(*t);
    }
    Seat::ALL.into_iter().find(|&target| {
        if target == me || !view.live(target) || view.exposures(target).is_empty() {
            return false;
        }
        let mut out = discards;
        for s in Seat::ALL.into_iter().filter(|s| *s != target) {
            for e in view.exposures(s) {
                out.0[e.tile.index()] += e.naturals;
            }
        }
        !judge.can_still_make(view.exposures(target), &out)
    })
}
