//! Bots: a view in, an action out. [`RandomBot`] plays any legal move at
//! random, the rare ones too; [`GreedyBot`] plays toward its nearest card lines.

use crate::event::{Action, Call, PassKind};
use crate::judge::{Exposure, Judge};
use crate::view::{Situation, View};
use jongg_card::{Card, NearHand};
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Seat, Tile};

/// A player that needs no human. It is asked only when the engine waits for it.
pub trait Bot {
    fn name(&self) -> &'static str;
    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action;
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

/// Plays toward the nearest lines of the card: passes and discards what
/// they do not use, claims what they need, takes jokers for useless tiles.
#[derive(Debug)]
pub struct GreedyBot<'c> {
    card: &'c Card,
    rng: Rng,
    /// The nearest lines of the last rack looked at (hands change only on
    /// the bot's own moves, so claim windows reuse them).
    cache: Option<(Counts, usize, Vec<NearHand>)>,
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
    fn least_useful(&mut self, view: &View<'_>, n: usize) -> Vec<Tile> {
        let hand = *view.hand();
        let score = Self::usefulness(self.near(view), &hand);
        let mut pool = non_jokers(&hand);
        // Shuffle first so equal scores are broken at random, then sort stably.
        self.rng.shuffle(&mut pool);
        pool.sort_by_key(|t| score[t.index()]);
        pool.truncate(n);
        pool
    }
}

impl Bot for GreedyBot<'_> {
    fn name(&self) -> &'static str {
        "greedy"
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
