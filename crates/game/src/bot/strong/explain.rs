//! The strong bot's own measures of a seat's position, for the coach
//! (`crate::coach`): the lines it keeps open and how live their tiles are,
//! what parting with tiles costs its plan, the danger of each tile, and
//! what the plan stands to make after a claim or a joker exchange. Every
//! measure reads the seat's [`View`] only, as the bot does.

use super::{StrongBot, Worth, defence, out_of_play, racks_of, targets};
use crate::judge::Exposure;
use crate::view::View;
use jongg_tiles::{Counts, KIND_COUNT, Seat, Tile};
use targets::Sight;

/// A line the strong bot keeps open, as the coach tells it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct OpenLine {
    /// As the card names it (`Section #n`).
    pub name: String,
    pub tiles_needed: u8,
    pub needed: Vec<Tile>,
    /// Copies of the missing kinds this seat has not seen (each kind once).
    pub live: u32,
    /// Missing kinds of which the seat has seen every copy.
    pub gone: Vec<Tile>,
}

impl StrongBot<'_> {
    /// The lines the bot plays toward from this view, best first.
    pub(crate) fn open_lines(&mut self, view: &View<'_>) -> Vec<OpenLine> {
        let plan = self.plan(view, true);
        let left = targets::unseen(view.hand(), &view.seen());
        plan.iter()
            .map(|t| {
                let mut kinds: Vec<Tile> = t
                    .near
                    .needed
                    .iter()
                    .copied()
                    .filter(|k| !k.is_joker())
                    .collect();
                kinds.dedup();
                OpenLine {
                    name: t.near.name.clone(),
                    tiles_needed: t.near.tiles_needed,
                    needed: t.near.needed.clone(),
                    live: kinds.iter().map(|k| u32::from(left[k.index()])).sum(),
                    gone: kinds.into_iter().filter(|k| left[k.index()] == 0).collect(),
                }
            })
            .collect()
    }

    /// What throwing one copy of each kind may cost: the bot's defence.
    pub(crate) fn danger_of(&mut self, view: &View<'_>) -> [f64; KIND_COUNT] {
        let stakes = self.stakes(view);
        defence::danger(self.card, view, &stakes)
    }

    /// What parting with `tiles` from the rack costs the plan, in points:
    /// the share of the near lines' worth lost times what the plan has at
    /// stake, plus the danger of each tile thrown when `defend` (the
    /// measure [`StrongBot`] minimises when it discards or passes).
    pub(crate) fn parting_cost(&mut self, view: &View<'_>, tiles: &[Tile], defend: bool) -> f64 {
        let plan = self.plan(view, true);
        let stake = Self::at_stake(&plan);
        let stakes = self.stakes(view);
        let (seen, out) = (view.seen(), out_of_play(view));
        let sight = Sight {
            seen: &seen,
            out: &out,
            stakes: &stakes,
        };
        let racks = racks_of(view.exposures(view.seat()));
        let loss = Worth::of(self.card, *view.hand(), &racks, sight).loss(tiles, stake);
        let risk = if defend {
            let danger = self.danger_of(view);
            tiles.iter().map(|t| danger[t.index()]).sum()
        } else {
            0.0
        };
        loss + risk
    }

    /// What the plan stands to make now, in points.
    pub(crate) fn worth_now(&mut self, view: &View<'_>) -> f64 {
        let plan = self.plan(view, true);
        Self::at_stake(&plan)
    }

    /// What the plan would stand to make after exposing `exposure` (the
    /// claimed tile among its naturals); `in_hand`: the claimed tile is on
    /// the rack already (the turn after the claim), else it is the discard.
    pub(crate) fn worth_after_exposing(
        &mut self,
        view: &View<'_>,
        exposure: Exposure,
        in_hand: bool,
    ) -> f64 {
        let mut after = *view.hand();
        if !in_hand {
            after.add(exposure.tile);
        }
        let naturals = (0..exposure.naturals).all(|_| after.remove(exposure.tile));
        let jokers = (0..exposure.jokers).all(|_| after.remove(Tile::JOKER));
        if !naturals || !jokers {
            return 0.0;
        }
        let mut racks = racks_of(view.exposures(view.seat()));
        racks.push(exposure.tiles());
        self.worth_of(view, &after, &racks, view.seen(), out_of_play(view))
    }

    /// What the plan would stand to make after giving a natural for the
    /// joker of `owner`'s exposure number `index`.
    pub(crate) fn worth_after_exchange(&mut self, view: &View<'_>, owner: Seat, index: u8) -> f64 {
        let Some(e) = view.exposures(owner).get(usize::from(index)) else {
            return 0.0;
        };
        let mut after = *view.hand();
        if e.jokers == 0 || !after.remove(e.tile) {
            return 0.0;
        }
        after.add(Tile::JOKER);
        let mut seen = view.seen();
        seen.add(e.tile);
        seen.0[Tile::JOKER.index()] = seen.0[Tile::JOKER.index()].saturating_sub(1);
        let mut out = out_of_play(view);
        if owner != view.seat() {
            out.add(e.tile);
        }
        let racks = racks_of(view.exposures(view.seat()));
        self.worth_of(view, &after, &racks, seen, out)
    }

    fn worth_of(
        &mut self,
        view: &View<'_>,
        hand: &Counts,
        racks: &[Vec<Tile>],
        seen: Counts,
        out: Counts,
    ) -> f64 {
        let stakes = self.stakes(view);
        let sight = Sight {
            seen: &seen,
            out: &out,
            stakes: &stakes,
        };
        let plan = targets::choose(self.card, hand, racks, sight);
        Self::at_stake(&plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Bot;
    use crate::event::Action;
    use crate::{Game, Table};
    use jongg_card::Card;

    #[test]
    fn the_bots_own_discard_costs_least_by_the_coachs_measure() {
        // The coach's measure is the one the bot discards by: its own
        // choice costs no more than any other tile of the rack.
        let card = Card::practice();
        let g = Game::new(Table::standard(), 7, &card).unwrap();
        let mut g = g;
        while !matches!(
            g.view(Seat::East).situation(),
            crate::view::Situation::MyTurn { .. }
        ) {
            let Some(seat) = g.awaiting().next() else {
                panic!("the game stopped")
            };
            let a = StrongBot::new(&card, 1).act(&g.view(seat), &card);
            g.act(seat, &a).unwrap();
        }
        let view = g.view(Seat::East);
        let mut bot = StrongBot::new(&card, 1);
        let Action::Discard { tile } = bot.act(&view, &card) else {
            return;
        };
        let chosen = bot.parting_cost(&view, &[tile], true);
        for other in view.hand().to_tiles() {
            assert!(
                bot.parting_cost(&view, &[other], true) >= chosen - 1e-9,
                "{other}"
            );
        }
        let lines = bot.open_lines(&view);
        assert!(!lines.is_empty() && lines.len() <= targets::KEPT);
        assert!(
            lines
                .iter()
                .all(|l| l.tiles_needed as usize <= l.needed.len())
        );
    }
}
