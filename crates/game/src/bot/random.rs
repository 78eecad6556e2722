//! The random bot: any legal move, the rare ones too.

use super::{
    Bot, exposure_for, hopeless_hand, max_exposure, non_jokers, nth_tile, pick_random, with,
};
use crate::event::{Action, Call, PassKind};
use crate::judge::{Exposure, Judge};
use crate::view::{Situation, View};
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Seat, Tile};

/// Any legal move, at random. It claims and declares Mah Jongg whenever the
/// card confirms it, so most of its games end like real ones; and now and then
/// it does every other legal thing a player may do at a table, so random games
/// reach the rare endings too: a false Mah Jongg, verbal or shown (R8), a
/// false claim on a discard, throwing in after another's false Mah Jongg, a
/// dead call, right (standard 14) or wrong (R5), a kong to a sextet, and a
/// correction of the exposure just made (standard 16D).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

/// The odds of the rare moves, per chance to make them (`1 in N`).
pub mod odds {
    /// A false Mah Jongg on its own turn (half shown, half verbal).
    pub const FALSE_MAH_JONGG: usize = 150;
    /// Claiming a discard for Mah Jongg that it does not complete.
    pub const FALSE_CLAIM: usize = 300;
    /// Declaring a live hand dead, at random (mostly wrongly, R5).
    pub const DEAD_CALL: usize = 250;
    /// Looking for a hand no line can complete (then calling it dead, standard 14).
    pub const LOOK_FOR_A_DEAD_HAND: usize = 20;
    /// Exposing its hand after another's shown false Mah Jongg (R8).
    pub const THROW_IN: usize = 2;
    /// Correcting the exposure made this turn.
    pub const CORRECT: usize = 6;
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action {
        let hand = view.hand();
        let me = view.seat();
        match view.situation() {
            Situation::Charleston { pass, .. } => {
                if pass == PassKind::FirstRight
                    && me == view.table().dealer
                    && judge.might_be_mahjong(hand, &[])
                    && judge.mahjong(hand, &[]).is_some()
                {
                    return Action::MahJongg { shown: true };
                }
                let mut pool = non_jokers(hand);
                if pass == PassKind::Courtesy {
                    let n = self.rng.below(4);
                    return Action::Courtesy {
                        tiles: pick_random(&mut self.rng, &mut pool, n),
                    };
                }
                if pass == PassKind::SecondLeft && self.rng.chance(1, 8) {
                    return Action::StopCharleston;
                }
                // One blind tile at most: the giver always passes two of its own,
                // so no seat ever waits on another; were they all to (standard
                // 5E), East completes from the rack.
                let blind = u8::from(
                    !view.east_completes()
                        && view.table().blind_allowed(pass) > 0
                        && self.rng.chance(1, 4),
                );
                let tiles = pick_random(&mut self.rng, &mut pool, 3 - blind as usize);
                Action::Pass { tiles, blind }
            }
            Situation::MyTurn {
                must_expose: Some(tile),
                ..
            } => {
                // With the claimed tile in the hand: a pung, often a kong,
                // rarely whatever up to a sextet the rack allows.
                let most = max_exposure(hand, tile, 6);
                let size = if most > 4 && self.rng.chance(1, 8) {
                    5 + u8::from(most > 5 && self.rng.chance(1, 2))
                } else if most >= 4 && self.rng.chance(1, 3) {
                    4
                } else {
                    3
                };
                exposure_for(hand, tile, size)
            }
            Situation::MyTurn { begun, made, .. } => {
                let exposures = view.exposures(me);
                if judge.might_be_mahjong(hand, exposures)
                    && judge.mahjong(hand, exposures).is_some()
                {
                    return Action::MahJongg { shown: true };
                }
                if let Some(i) = made
                    && self.rng.chance(1, odds::CORRECT)
                    && let Some(e) = exposures.get(usize::from(i))
                {
                    return self.correction(hand, e);
                }
                if let Some(action) = self.rare_move(view, judge) {
                    return action;
                }
                if begun && self.rng.chance(1, 4) {
                    for owner in Seat::ALL {
                        for (i, e) in view.exposures(owner).iter().enumerate() {
                            if e.jokers > 0 && hand.get(e.tile) > 0 {
                                return Action::ExchangeJoker {
                                    owner,
                                    exposure: i as u8,
                                };
                            }
                        }
                    }
                }
                let tile = nth_tile(hand, self.rng.below(hand.total()));
                Action::Discard { tile }
            }
            Situation::MustPick => Action::Pick,
            Situation::Window { tile, .. } => {
                let exposures = view.exposures(me);
                let h = with(hand, tile);
                if (judge.might_be_mahjong(&h, exposures) && judge.mahjong(&h, exposures).is_some())
                    || self.rng.chance(1, odds::FALSE_CLAIM)
                {
                    return Action::Claim {
                        call: Call::MahJongg,
                    };
                }
                if max_exposure(hand, tile, 9) >= 2 && self.rng.chance(1, 8) {
                    Action::Claim {
                        call: Call::Exposure,
                    }
                } else {
                    Action::Decline
                }
            }
            Situation::MahJonggInError { .. } if self.rng.chance(1, odds::THROW_IN) => {
                Action::ThrowIn
            }
            Situation::MahJonggInError { .. } => Action::KeepHand,
            Situation::Waiting { .. } | Situation::Over => Action::Decline,
        }
    }
}

impl RandomBot {
    /// A rare move on its own turn, or none: a false Mah Jongg, or a dead call.
    fn rare_move(&mut self, view: &View<'_>, judge: &dyn Judge) -> Option<Action> {
        if self.rng.chance(1, odds::FALSE_MAH_JONGG) {
            // Not a Mah Jongg (checked above): verbal costs nothing, shown kills the hand (R8).
            return Some(Action::MahJongg {
                shown: self.rng.chance(1, 2),
            });
        }
        if self.rng.chance(1, odds::LOOK_FOR_A_DEAD_HAND)
            && let Some(target) = hopeless_hand(view, judge)
        {
            return Some(Action::DeclareDead { target });
        }
        if self.rng.chance(1, odds::DEAD_CALL) {
            let me = view.seat();
            let live: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&s| s != me && view.live(s))
                .collect();
            if !live.is_empty() {
                let target = live[self.rng.below(live.len())];
                return Some(Action::DeclareDead { target });
            }
        }
        None
    }

    /// The exposure `e`, made this turn, corrected to another size the rack
    /// allows (standard 16D: its tiles go back to the rack first).
    fn correction(&mut self, hand: &Counts, e: &Exposure) -> Action {
        let naturals = hand.get(e.tile) + e.naturals;
        let jokers = hand.get(Tile::JOKER) + e.jokers;
        let size = 3 + self
            .rng
            .below(usize::from((naturals + jokers).clamp(3, 6) - 2)) as u8;
        let n = naturals.min(size);
        Action::Correct {
            naturals: n - 1,
            jokers: size - n,
        }
    }
}
