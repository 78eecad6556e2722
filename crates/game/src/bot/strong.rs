//! The strong bot: several lines of the whole card at once, what is left of
//! their tiles, the preset's scoring, and defence against a player whose
//! exposures show them close to Mah Jongg.

mod defence;
pub(crate) mod explain;
mod stakes;
mod targets;

use super::{Bot, exposure_for, hopeless_hand, max_exposure, non_jokers, with};
use crate::event::{Action, Call, PassKind};
use crate::judge::{Exposure, Judge};
use crate::view::{Situation, View};
use jongg_card::Card;
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, KIND_COUNT, Seat, Tile};
use stakes::Stakes;
use targets::{Sight, Target};

/// The tiles the card search leaves out for this seat: the floor and the
/// other seats' exposed naturals (its own exposures are passed as
/// exposures; exposed jokers can still be redeemed).
fn out_of_play(view: &View<'_>) -> Counts {
    let me = view.seat();
    let mut out = Counts::default();
    for (_, t) in view.floor() {
        out.add(*t);
    }
    for s in Seat::ALL.into_iter().filter(|s| *s != me) {
        for e in view.exposures(s) {
            out.0[e.tile.index()] += e.naturals;
        }
    }
    out
}

/// An exposure is worth showing only for a line at most this far after it.
const EXPOSE_WITHIN: u8 = 5;
/// ...and only when it saves at least this much effort (a tile is 1).
const EXPOSE_GAIN: f64 = 0.7;
/// A pass of a tile worth more than this to the plan is better made blind (R17).
const BLIND_WHEN_KEPT: f64 = 0.3;

#[derive(Clone)]
pub struct StrongBot<'c> {
    card: &'c Card,
    rng: Rng,
    stakes: Option<Stakes>,
    /// The plan for the last rack looked at: rack, exposures made, targets.
    cache: Option<(Counts, usize, Vec<Target>)>,
}

impl std::fmt::Debug for StrongBot<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StrongBot").finish_non_exhaustive()
    }
}

fn racks_of(exposures: &[Exposure]) -> Vec<Vec<Tile>> {
    exposures.iter().map(Exposure::tiles).collect()
}

impl<'c> StrongBot<'c> {
    pub fn new(card: &'c Card, seed: u64) -> StrongBot<'c> {
        StrongBot {
            card,
            rng: Rng::new(seed),
            stakes: None,
            cache: None,
        }
    }

    fn stakes(&mut self, view: &View<'_>) -> Stakes {
        let rules = &view.table().rules;
        match &self.stakes {
            Some(s) if &s.rules == rules => s.clone(),
            _ => {
                let s = Stakes::of(rules);
                self.stakes = Some(s.clone());
                s
            }
        }
    }

    /// The lines played toward; `fresh` recounts what is seen (own moves),
    /// otherwise a plan for the same rack is reused (claim windows).
    fn plan(&mut self, view: &View<'_>, fresh: bool) -> Vec<Target> {
        let hand = *view.hand();
        let n = view.exposures(view.seat()).len();
        if !fresh
            && let Some((h, k, t)) = &self.cache
            && *h == hand
            && *k == n
        {
            return t.clone();
        }
        let stakes = self.stakes(view);
        let racks = racks_of(view.exposures(view.seat()));
        let (seen, out) = (view.seen(), out_of_play(view));
        let sight = Sight {
            seen: &seen,
            out: &out,
            stakes: &stakes,
        };
        let t = targets::choose(self.card, &hand, &racks, sight);
        self.cache = Some((hand, n, t.clone()));
        t
    }

    /// Points the plan stands to make: what a tile's keep value is scaled by.
    fn at_stake(plan: &[Target]) -> f64 {
        let effort = plan.first().map_or(14.0, |t| t.effort);
        25.0 * (-0.5 * (effort - 1.0).max(0.0)).exp()
    }

    /// The `n` tiles to part with (no jokers), one at a time: each the tile
    /// whose loss leaves the rack's near lines together worth the most (the
    /// share of their worth it loses, times what the plan has at stake),
    /// plus, when `defend`, what throwing it may cost. Weighing the whole
    /// rack after each candidate (rather than what the kept lines want)
    /// keeps two or three compatible lines open: against three medium bots
    /// it won 43.9% of 2,000 games, against 29.3% before (BENCHMARKS.md).
    fn cheapest(&mut self, view: &View<'_>, plan: &[Target], n: usize, defend: bool) -> Vec<Tile> {
        let stake = Self::at_stake(plan);
        let stakes = self.stakes(view);
        let risk = if defend {
            defence::danger(self.card, view, &stakes)
        } else {
            [0.0; KIND_COUNT]
        };
        let (seen, out) = (view.seen(), out_of_play(view));
        let sight = Sight {
            seen: &seen,
            out: &out,
            stakes: &stakes,
        };
        let racks = racks_of(view.exposures(view.seat()));
        let mut hand = *view.hand();
        let mut chosen = Vec::with_capacity(n);
        for _ in 0..n {
            let worth = Worth::of(self.card, hand, &racks, sight);
            let mut kinds = non_jokers(&hand);
            kinds.dedup();
            self.rng.shuffle(&mut kinds);
            let mut best: Option<(f64, u8, Tile)> = None;
            for t in kinds {
                let cost = worth.loss(&[t], stake) + risk[t.index()];
                let better = best.is_none_or(|(c, s, _)| {
                    cost < c - 1e-12 || (cost <= c + 1e-12 && seen.get(t) > s)
                });
                if better {
                    best = Some((cost, seen.get(t), t));
                }
            }
            let Some((_, _, t)) = best else { break };
            hand.remove(t);
            chosen.push(t);
        }
        chosen
    }

    fn charleston(&mut self, view: &View<'_>, judge: &dyn Judge, pass: PassKind) -> Action {
        let hand = *view.hand();
        if view.seat() == view.table().dealer
            && pass == PassKind::FirstRight
            && judge.mahjong(&hand, &[]).is_some()
        {
            return Action::MahJongg { shown: true };
        }
        let plan = self.plan(view, true);
        let best = plan.first().map_or(99, |t| t.near.tiles_needed);
        if pass == PassKind::Courtesy {
            // Only tiles no kept line wants (standard 5B: zero to three).
            let keep = targets::keep_value(&plan, &hand);
            let mut tiles = self.cheapest(view, &plan, 3, false);
            tiles.retain(|t| keep[t.index()] == 0.0);
            return Action::Courtesy { tiles };
        }
        if pass == PassKind::SecondLeft && best <= 3 {
            return Action::StopCharleston;
        }
        let tiles = self.cheapest(view, &plan, 3, false);
        let keep = targets::keep_value(&plan, &hand);
        // R17: when the third tile out is one the plan wants, pass one of
        // the tiles coming in unseen instead (one at most, as every seat
        // gives two of its own: no seat then waits on another, standard 5E).
        let blind = u8::from(
            !view.east_completes()
                && view.table().blind_allowed(pass) > 0
                && tiles
                    .get(2)
                    .is_some_and(|t| keep[t.index()] > BLIND_WHEN_KEPT),
        );
        Action::Pass {
            tiles: tiles[..3 - usize::from(blind)].to_vec(),
            blind,
        }
    }

    /// An exposed joker worth taking: the rack with the joker for the
    /// natural is no farther from the plan's best line.
    fn joker_to_take(&mut self, view: &View<'_>, plan: &[Target]) -> Option<Action> {
        let hand = *view.hand();
        let now = plan.first().map_or(f64::MAX, |t| t.effort);
        let stakes = self.stakes(view);
        let racks = racks_of(view.exposures(view.seat()));
        let seen = view.seen();
        let out = out_of_play(view);
        for owner in Seat::ALL {
            for (i, e) in view.exposures(owner).iter().enumerate() {
                if e.jokers == 0 || hand.get(e.tile) == 0 {
                    continue;
                }
                let mut after = hand;
                after.remove(e.tile);
                after.add(Tile::JOKER);
                let mut seen_after = seen;
                seen_after.add(e.tile);
                seen_after.0[Tile::JOKER.index()] -= 1;
                let mut out_after = out;
                if owner != view.seat() {
                    out_after.add(e.tile);
                }
                let sight = Sight {
                    seen: &seen_after,
                    out: &out_after,
                    stakes: &stakes,
                };
                let then = targets::choose(self.card, &after, &racks, sight);
                if then.first().is_some_and(|t| t.effort <= now + 1e-9) {
                    return Some(Action::ExchangeJoker {
                        owner,
                        exposure: i as u8,
                    });
                }
            }
        }
        None
    }

    fn my_turn(&mut self, view: &View<'_>, judge: &dyn Judge, begun: bool) -> Action {
        let hand = *view.hand();
        let exposures = view.exposures(view.seat());
        if judge.might_be_mahjong(&hand, exposures) && judge.mahjong(&hand, exposures).is_some() {
            return Action::MahJongg { shown: true };
        }
        // Judged exactly as the engine judges it: never a false call (R5).
        if let Some(target) = hopeless_hand(view, judge) {
            return Action::DeclareDead { target };
        }
        let plan = self.plan(view, true);
        if begun && let Some(take) = self.joker_to_take(view, &plan) {
            return take;
        }
        let tile = self
            .cheapest(view, &plan, 1, true)
            .first()
            .copied()
            .unwrap_or(Tile::JOKER);
        Action::Discard { tile }
    }

    /// Whether showing a group of the discard `tile` is worth it: the line
    /// it serves must come nearer by enough, and be near after it.
    fn worth_exposing(&mut self, view: &View<'_>, plan: &[Target], tile: Tile) -> bool {
        let Some(best) = plan
            .iter()
            .find(|t| !t.near.concealed_only && t.near.needed.contains(&tile))
        else {
            return false;
        };
        let hand = *view.hand();
        if max_exposure(&hand, tile, 9) < 2 {
            return false;
        }
        let mut after = with(&hand, tile);
        let Action::Expose { naturals, jokers } = exposure_for(&after, tile, 3) else {
            return false;
        };
        let e = Exposure {
            tile,
            naturals: naturals + 1,
            jokers,
        };
        for _ in 0..e.naturals {
            after.remove(tile);
        }
        for _ in 0..jokers {
            after.remove(Tile::JOKER);
        }
        let mut racks = racks_of(view.exposures(view.seat()));
        racks.push(e.tiles());
        let stakes = self.stakes(view);
        let (seen, out) = (view.seen(), out_of_play(view));
        let sight = Sight {
            seen: &seen,
            out: &out,
            stakes: &stakes,
        };
        let then = targets::choose(self.card, &after, &racks, sight);
        then.first().is_some_and(|t| {
            t.near.tiles_needed < best.near.tiles_needed
                && t.near.tiles_needed <= EXPOSE_WITHIN
                && plan[0].effort - t.effort >= EXPOSE_GAIN
        })
    }

    fn window(&mut self, view: &View<'_>, judge: &dyn Judge, tile: Tile) -> Action {
        let hand = *view.hand();
        let exposures = view.exposures(view.seat());
        let h = with(&hand, tile);
        if judge.might_be_mahjong(&h, exposures) && judge.mahjong(&h, exposures).is_some() {
            return Action::Claim {
                call: Call::MahJongg,
            };
        }
        let plan = self.plan(view, false);
        if self.worth_exposing(view, &plan, tile) {
            return Action::Claim {
                call: Call::Exposure,
            };
        }
        Action::Decline
    }
}

impl Bot for StrongBot<'_> {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn act(&mut self, view: &View<'_>, judge: &dyn Judge) -> Action {
        match view.situation() {
            Situation::Charleston { pass, .. } => self.charleston(view, judge, pass),
            Situation::MyTurn {
                must_expose: Some(tile),
                ..
            } => {
                // As many as the best line wants, three at least.
                let hand = *view.hand();
                let plan = self.plan(view, false);
                let want = plan.first().map_or(0, |t| {
                    t.near.needed.iter().filter(|n| **n == tile).count() as u8
                });
                let size = (3 + want.saturating_sub(1))
                    .min(max_exposure(&hand, tile, 6))
                    .max(3);
                exposure_for(&hand, tile, size)
            }
            Situation::MyTurn { begun, .. } => self.my_turn(view, judge, begun),
            Situation::MustPick => Action::Pick,
            Situation::Window { tile, .. } => self.window(view, judge, tile),
            Situation::MahJonggInError { .. } => Action::KeepHand,
            Situation::Waiting { .. } | Situation::Over => Action::Decline,
        }
    }
}
/// A rack's near lines and their worth, to price parting with its tiles:
/// the one measure the bot minimises when it discards or passes, and the
/// coach's (`explain.rs`).
struct Worth<'a> {
    card: &'a Card,
    hand: Counts,
    racks: &'a [Vec<Tile>],
    sight: Sight<'a>,
    lines: Vec<Target>,
    /// The near lines' worth together (never 0).
    base: f64,
}

impl<'a> Worth<'a> {
    fn of(card: &'a Card, hand: Counts, racks: &'a [Vec<Tile>], sight: Sight<'a>) -> Worth<'a> {
        let lines = targets::weighed(card, &hand, racks, sight, targets::POTENTIAL);
        let base = lines.iter().map(|l| l.weight).sum::<f64>().max(1e-12);
        Worth {
            card,
            hand,
            racks,
            sight,
            lines,
            base,
        }
    }

    /// What parting with `tiles` costs: the share of the near lines' worth
    /// lost, times `stake`. A lone tile every near line holds spare loses
    /// nothing: no line comes nearer without it, so the same lines stay
    /// nearest.
    fn loss(&self, tiles: &[Tile], stake: f64) -> f64 {
        let spare = |t: &Tile| self.lines.iter().all(|l| l.near.useless.contains(t));
        let p = match tiles {
            [t] if spare(t) => self.base,
            _ => {
                let mut after = self.hand;
                for t in tiles {
                    after.remove(*t);
                }
                targets::potential(self.card, &after, self.racks, self.sight)
            }
        };
        (self.base - p) / self.base * stake
    }
}
