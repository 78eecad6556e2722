//! The easy bot: the medium bot's play with a learner's mistakes. It throws
//! a tile its lines wanted now and then, misses calls, forgets to take
//! jokers and never calls a hand dead; every move stays legal.

use super::{Bot, GreedyBot, non_jokers};
use crate::event::{Action, Call};
use crate::judge::Judge;
use crate::view::{Situation, View};
use jongg_card::Card;
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Tile};

/// The odds of each mistake, per chance to make it (`1 in N`).
pub mod slips {
    /// Throwing another tile than the best one (one of the few least useful).
    pub const LOOSE_DISCARD: usize = 4;
    /// Throwing any tile of the rack but a joker.
    pub const WILD_DISCARD: usize = 12;
    /// Letting a discard its lines want go by.
    pub const MISSED_EXPOSURE: usize = 3;
    /// Not seeing a Mah Jongg on another player's discard.
    pub const MISSED_MAH_JONGG: usize = 10;
    /// Passing one tile at random in the Charleston.
    pub const LOOSE_PASS: usize = 4;
}

#[derive(Clone, Debug)]
pub struct EasyBot<'c> {
    plan: GreedyBot<'c>,
    rng: Rng,
}

impl<'c> EasyBot<'c> {
    pub fn new(card: &'c Card, seed: u64) -> EasyBot<'c> {
        EasyBot {
            plan: GreedyBot::new(card, seed),
            rng: Rng::new(jongg_rules::rng::Rng::derive(seed, 0xea5e)),
        }
    }

    /// A discard with the learner's slips: the medium choice most often.
    fn discard(&mut self, view: &View<'_>) -> Action {
        let hand = view.hand();
        let tile = if self.rng.chance(1, slips::WILD_DISCARD) {
            let mut pool = non_jokers(hand);
            (!pool.is_empty()).then(|| pool.swap_remove(self.rng.below(pool.len())))
        } else {
            let few = if self.rng.chance(1, slips::LOOSE_DISCARD) {
                3
            } else {
                1
            };
            let pool = self.plan.least_useful(view, few);
            (!pool.is_empty()).then(|| pool[self.rng.below(pool.len())])
        };
        Action::Discard {
            tile: tile.unwrap_or(Tile::JOKER),
        }
    }

    /// One of the passed tiles swapped for another of the rack, at random.
    fn loosen_pass(&mut self, hand: &Counts, mut tiles: Vec<Tile>) -> Vec<Tile> {
        let Some(first) = tiles.first().copied() else {
            return tiles;
        };
        let mut rest = *hand;
        for t in &tiles {
            rest.remove(*t);
        }
        rest.add(first);
        let pool = non_jokers(&rest);
        if !pool.is_empty() {
            tiles[0] = pool[self.rng.below(pool.len())];
        }
        tiles
    }
}

impl Bot for EasyBot<'_> {
    fn name(&self) -> &'static str {
        "easy"
    }

    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action {
        let planned = self.plan.act(view, judge);
        match (view.situation(), planned) {
            (Situation::MyTurn { .. }, Action::Discard { .. })
            | (Situation::MyTurn { .. }, Action::ExchangeJoker { .. })
            | (Situation::MyTurn { .. }, Action::DeclareDead { .. }) => self.discard(view),
            (Situation::Window { .. }, Action::Claim { call }) => {
                let miss = match call {
                    Call::MahJongg => slips::MISSED_MAH_JONGG,
                    Call::Exposure => slips::MISSED_EXPOSURE,
                };
                if self.rng.chance(1, miss) {
                    Action::Decline
                } else {
                    Action::Claim { call }
                }
            }
            (Situation::Charleston { .. }, Action::Pass { tiles, blind })
                if self.rng.chance(1, slips::LOOSE_PASS) =>
            {
                Action::Pass {
                    tiles: self.loosen_pass(view.hand(), tiles),
                    blind,
                }
            }
            (_, action) => action,
        }
    }
}
