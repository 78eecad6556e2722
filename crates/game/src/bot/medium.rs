//! The medium bot (once called greedy): plays toward its nearest card lines.

use super::{Bot, exposure_for, hopeless_hand, max_exposure, non_jokers, with};
use crate::event::{Action, Call, PassKind};
use crate::judge::{Exposure, Judge};
use crate::view::{Situation, View};
use jongg_card::{Card, NearHand};
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Seat, Tile};

/// The medium strength (the greedy bot). Plays toward the nearest lines of the card: passes and discards what
/// they do not use, claims what they need, takes jokers for useless tiles.
#[derive(Clone, Debug)]
pub struct GreedyBot<'c> {
    card: &'c Card,
    rng: Rng,
    /// The nearest lines of the last rack looked at (hands change only on
    /// the bot's own moves, so claim windows reuse them).
    cache: Option<(Counts, usize, Vec<NearHand>)>,
}

/// How many near lines the greedy bot weighs.
const TOP: usize = 4;
/// How many more near lines it looks at before ranking them its own way.
const CANDIDATES: usize = 3;
/// A concealed line's extra distance, in half tiles.
const CONCEALED_PENALTY: u32 = 3;

impl<'c> GreedyBot<'c> {
    pub fn new(card: &'c Card, seed: u64) -> GreedyBot<'c> {
        GreedyBot {
            card,
            rng: Rng::new(seed),
            cache: None,
        }
    }

    fn near(&mut self, view: &View<'_>) -> &[NearHand] {
        let me = view.seat();
        let hand = *view.hand();
        let n = view.exposures(me).len();
        let fresh = matches!(&self.cache, Some((h, k, _)) if *h == hand && *k == n);
        if !fresh {
            let racks: Vec<Vec<Tile>> = view.exposures(me).iter().map(Exposure::tiles).collect();
            let seen = view.seen();
            let mut near =
                self.card
                    .nearest_live(&hand.to_tiles(), &racks, Some(&seen), TOP * CANDIDATES);
            // A concealed line only grows from the wall; an open one also
            // from discards. So it counts as farther than its tiles say.
            near.sort_by_key(|n| {
                let penalty = if n.concealed_only {
                    CONCEALED_PENALTY
                } else {
                    0
                };
                (2 * u32::from(n.tiles_needed) + penalty, u32::MAX - n.value)
            });
            near.truncate(TOP);
            self.cache = Some((hand, n, near));
        }
        self.cache.as_ref().map(|(_, _, v)| &v[..]).unwrap_or(&[])
    }

    /// Whether a pung of `tile` (naturals first) brings a line closer.
    fn exposing_helps(&self, view: &View<'_>, tile: Tile, needed_now: u8) -> bool {
        let me = view.seat();
        let mut hand = with(view.hand(), tile);
        let Action::Expose { naturals, jokers } = exposure_for(&hand, tile, 3) else {
            return false;
        };
        let e = Exposure {
            tile,
            naturals: naturals + 1,
            jokers,
        };
        for _ in 0..e.naturals {
            hand.remove(tile);
        }
        for _ in 0..jokers {
            hand.remove(Tile::JOKER);
        }
        let mut racks: Vec<Vec<Tile>> = view.exposures(me).iter().map(Exposure::tiles).collect();
        racks.push(e.tiles());
        let seen = view.seen();
        let after = self
            .card
            .nearest_live(&hand.to_tiles(), &racks, Some(&seen), 1);
        // The 14-tile rack still has a discard to make: one fewer needed is progress.
        after.first().is_some_and(|n| n.tiles_needed < needed_now)
    }

    /// How much the near lines want a tile: the best line counts most.
    fn usefulness(near: &[NearHand], hand: &Counts) -> [i32; 36] {
        let mut score = [0i32; 36];
        for (rank, n) in near.iter().enumerate() {
            let w = (TOP - rank) as i32 * 4;
            let mut useless = Counts::from_tiles(&n.useless);
            for t in Tile::all_kinds() {
                let held = hand.get(t);
                let wasted = useless.get(t).min(held);
                for _ in 0..wasted {
                    useless.remove(t);
                }
                if held > wasted {
                    score[t.index()] += w;
                }
            }
            for t in &n.needed {
                score[t.index()] += w / 2;
            }
        }
        score[Tile::JOKER.index()] = i32::MAX / 2;
        score
    }

    /// The `n` least useful tiles of the hand, no jokers.
    pub(super) fn least_useful(&mut self, view: &View<'_>, n: usize) -> Vec<Tile> {
        let hand = *view.hand();
        let score = Self::usefulness(self.near(view), &hand);
        let seen = view.seen();
        let mut pool = non_jokers(&hand);
        // Shuffle first so equal scores are broken at random, then sort
        // stably; among equally useless tiles the one most often seen goes
        // first: fewer lines can still want it, so it is the safer throw.
        self.rng.shuffle(&mut pool);
        pool.sort_by_key(|t| (score[t.index()], std::cmp::Reverse(seen.get(*t))));
        pool.truncate(n);
        pool
    }
}

impl Bot for GreedyBot<'_> {
    fn name(&self) -> &'static str {
        "medium"
    }

    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action {
        let hand = *view.hand();
        let me = view.seat();
        match view.situation() {
            Situation::Charleston { pass, .. } => {
                if me == view.table().dealer
                    && pass == PassKind::FirstRight
                    && judge.mahjong(&hand, &[]).is_some()
                {
                    return Action::MahJongg { shown: true };
                }
                let best = self.near(view).first().map_or(99, |n| n.tiles_needed);
                if pass == PassKind::Courtesy {
                    let n = if best <= 4 { 1 } else { 3 };
                    return Action::Courtesy {
                        tiles: self.least_useful(view, n),
                    };
                }
                if pass == PassKind::SecondLeft && best <= 3 {
                    return Action::StopCharleston;
                }
                Action::Pass {
                    tiles: self.least_useful(view, 3),
                    blind: 0,
                }
            }
            Situation::MyTurn {
                must_expose: Some(tile),
                ..
            } => {
                // Expose as many as the best line wants, three at least.
                let want = self
                    .near(view)
                    .first()
                    .map_or(0, |n| n.needed.iter().filter(|t| **t == tile).count() as u8);
                let size = (3 + want.saturating_sub(1))
                    .min(max_exposure(&hand, tile, 6))
                    .max(3);
                exposure_for(&hand, tile, size)
            }
            Situation::MyTurn { begun, .. } => {
                let exposures = view.exposures(me);
                if judge.mahjong(&hand, exposures).is_some() {
                    return Action::MahJongg { shown: true };
                }
                if let Some(target) = hopeless_hand(view, judge) {
                    return Action::DeclareDead { target };
                }
                let near = self.near(view).to_vec();
                let score = Self::usefulness(&near, &hand);
                if begun {
                    // A joker for a tile the near lines do not want.
                    for owner in Seat::ALL {
                        for (i, e) in view.exposures(owner).iter().enumerate() {
                            if e.jokers > 0 && hand.get(e.tile) > 0 && score[e.tile.index()] < 8 {
                                return Action::ExchangeJoker {
                                    owner,
                                    exposure: i as u8,
                                };
                            }
                        }
                    }
                }
                let tile = self
                    .least_useful(view, 1)
                    .first()
                    .copied()
                    .unwrap_or(Tile::JOKER);
                Action::Discard { tile }
            }
            Situation::MustPick => Action::Pick,
            Situation::Window { tile, .. } => {
                let near = self.near(view).to_vec();
                let exposures = view.exposures(me);
                let close = near
                    .iter()
                    .any(|n| n.tiles_needed <= 1 && n.needed.contains(&tile));
                if close && judge.mahjong(&with(&hand, tile), exposures).is_some() {
                    return Action::Claim {
                        call: Call::MahJongg,
                    };
                }
                // Claim for an exposure when one of the near lines is open
                // and wants a group of this tile the rack can make.
                if let Some(best) = near
                    .iter()
                    .find(|n| !n.concealed_only && n.needed.contains(&tile))
                    && max_exposure(&hand, tile, 9) >= 2
                    && self.exposing_helps(view, tile, best.tiles_needed)
                {
                    return Action::Claim {
                        call: Call::Exposure,
                    };
                }
                Action::Decline
            }
            Situation::MahJonggInError { .. } => Action::KeepHand,
            Situation::Waiting { .. } | Situation::Over => Action::Decline,
        }
    }
}
