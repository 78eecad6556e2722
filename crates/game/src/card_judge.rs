//! The real card as the engine's [`Judge`].

use crate::judge::{Exposure, Judge, Win};
use jongg_card::{Card, MahjongMatch};
use jongg_tiles::{Counts, Tile};

fn racks(exposures: &[Exposure]) -> Vec<Vec<Tile>> {
    exposures.iter().map(Exposure::tiles).collect()
}

impl Judge for Card {
    /// The highest-valued line the hand makes (the player shows the best one).
    fn mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> Option<Win> {
        // A rack the card refuses (not 14 tiles, say) is no Mah Jongg; the
        // engine's racks come from the 152 tiles (`Game::from_position`).
        let matches = Card::mahjong(self, &concealed.to_tiles(), &racks(exposures)).ok()?;
        let best = MahjongMatch::best(&matches)?;
        Some(Win {
            line: best.name.clone(),
            value: best.value,
            singles_and_pairs: best.singles_and_pairs,
            quints: best.quints,
            one_group_left: best.one_group_left,
        })
    }

    fn claimed_value(&self, concealed: &Counts, exposures: &[Exposure]) -> u32 {
        self.nearest(&concealed.to_tiles(), &racks(exposures), 1)
            .first()
            .map_or(0, |near| near.value)
    }

    fn can_still_make(&self, exposures: &[Exposure], dead: &Counts) -> bool {
        Card::can_still_make(self, &racks(exposures), dead)
    }

    fn might_be_mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> bool {
        Card::is_mahjong(self, &concealed.to_tiles(), &racks(exposures))
    }
}

/// The card with a cheap pre-check for [`Judge::might_be_mahjong`], built
/// once: a hand can only be a line whose kinds include every natural kind it
/// holds. Random play asks on every discard, so this keeps the matcher off
/// the hot path.
#[derive(Clone, Debug)]
pub struct CardJudge<'c> {
    card: &'c Card,
    /// The kind sets of the card's variants, without duplicates or subsets.
    masks: Vec<u64>,
    /// The most kinds any variant uses.
    max_kinds: u32,
}

impl<'c> CardJudge<'c> {
    pub fn new(card: &'c Card) -> CardJudge<'c> {
        let mut masks: Vec<u64> = (1..=card.lines().len())
            .flat_map(|id| {
                card.variants_of(id)
                    .iter()
                    .map(|v| v.mask & !(1 << Tile::JOKER.index()))
            })
            .collect();
        masks.sort_unstable_by_key(|m| std::cmp::Reverse(m.count_ones()));
        masks.dedup();
        let mut kept: Vec<u64> = Vec::new();
        for m in masks {
            if !kept.iter().any(|k| k & m == m) {
                kept.push(m);
            }
        }
        let max_kinds = kept.iter().map(|m| m.count_ones()).max().unwrap_or(0);
        CardJudge {
            card,
            masks: kept,
            max_kinds,
        }
    }

    pub fn card(&self) -> &'c Card {
        self.card
    }
}

impl Judge for CardJudge<'_> {
    fn mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> Option<Win> {
        Judge::mahjong(self.card, concealed, exposures)
    }

    fn claimed_value(&self, concealed: &Counts, exposures: &[Exposure]) -> u32 {
        Judge::claimed_value(self.card, concealed, exposures)
    }

    fn can_still_make(&self, exposures: &[Exposure], dead: &Counts) -> bool {
        Judge::can_still_make(self.card, exposures, dead)
    }

    fn might_be_mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> bool {
        let mut hand = 0u64;
        for (i, n) in concealed.0.iter().enumerate().take(Tile::JOKER.index()) {
            if *n > 0 {
                hand |= 1 << i;
            }
        }
        for e in exposures {
            hand |= 1 << e.tile.index();
        }
        hand.count_ones() <= self.max_kinds && self.masks.iter().any(|m| m & hand == hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_rules::rng::Rng;
    use jongg_tiles::full_set;

    #[test]
    fn a_false_mahjong_claims_the_value_of_the_line_it_comes_nearest_to_r8() {
        // R8 (beth-emeth): the one intact player gets twice the value of the
        // hand the declarer claimed. A win with one tile swapped for a useless
        // one is one tile from its line, and no line is nearer.
        let card = Card::practice();
        let tiles = jongg_tiles::notation::parse_tiles("2Dx2 WD 6D 2Bx2 WD 6B Fx4 2Cx2").unwrap();
        let mut hand = Counts::from_tiles(&tiles);
        let win = Judge::mahjong(&card, &hand, &[]).expect("the README's example is a win");
        assert!(hand.remove("2C".parse::<Tile>().unwrap()));
        hand.add("9D".parse::<Tile>().unwrap());
        assert!(Judge::mahjong(&card, &hand, &[]).is_none());
        let claimed = Judge::claimed_value(&card, &hand, &[]);
        assert_eq!(
            claimed, win.value,
            "claimed {claimed}, the line is worth {}",
            win.value
        );
        assert_eq!(CardJudge::new(&card).claimed_value(&hand, &[]), claimed);
    }

    #[test]
    fn the_precheck_never_rejects_a_mahjong() {
        // Random 14-tile racks, and racks the card itself says are wins.
        let card = Card::practice();
        let judge = CardJudge::new(&card);
        let mut rng = Rng::new(1);
        let mut checked = 0;
        for _ in 0..3000 {
            let mut set = full_set();
            rng.shuffle(&mut set);
            let hand = Counts::from_tiles(&set[..14]);
            if Judge::mahjong(&card, &hand, &[]).is_some() {
                assert!(judge.might_be_mahjong(&hand, &[]));
                checked += 1;
            }
        }
        // Every line's own jokerless make passes the pre-check and is a win.
        for id in 1..=card.lines().len() {
            for v in card.variants_of(id).iter().take(3) {
                let mut hand = Counts::default();
                for (k, n) in v.counts.iter().enumerate() {
                    hand.0[k] = *n;
                }
                if hand.total() == 14 && Judge::mahjong(&card, &hand, &[]).is_some() {
                    assert!(judge.might_be_mahjong(&hand, &[]), "line {id}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10);
    }
}
