//! Whether a hand can still be made at all (the dead-hand rule,
//! mahjong-mania-2026 rule 13e), and the tiles still obtainable that the
//! nearest-hands search also weighs.

use crate::Card;
use crate::compile::Variant;
use crate::matcher::{place_exposures, remaining};
use crate::rack::{Exposure, Rack};
use jongg_tiles::{Counts, KIND_COUNT, Tile};

impl Card {
    /// Whether a player with these exposures can still make any line, judged
    /// only from what is visible (mahjong-mania-2026 rule 13e): `unavailable`
    /// counts the tiles out of play for this player — all discards and the
    /// exposures of the OTHER players (the player's own exposures are passed
    /// as `exposures`). Leave out jokers that sit in exposures: they can still
    /// be redeemed. A line is impossible when the exposures cannot each be one
    /// of its groups (or it is C and there are exposures), or when the tiles it
    /// still needs are no longer in the 152.
    pub fn can_still_make(&self, exposures: &[Vec<Tile>], unavailable: &Counts) -> bool {
        !self.live_lines(exposures, unavailable).is_empty()
    }

    /// The ids of the lines still possible (see [`Card::can_still_make`]).
    /// Exposures [`check_rack`](crate::check_rack) refuses leave none.
    pub fn live_lines(&self, exposures: &[Vec<Tile>], unavailable: &Counts) -> Vec<usize> {
        let Ok(Rack { expos, .. }) = Rack::read(&[], exposures) else {
            return Vec::new();
        };
        let pool = Pool::new(&expos, unavailable);
        let mut out = Vec::new();
        for (li, line) in self.lines.iter().enumerate() {
            if !expos.is_empty() && line.concealed_only {
                continue;
            }
            let live = self.variants[self.line_start[li]..self.line_start[li + 1]]
                .iter()
                .any(|v| place_exposures(v, &expos).is_some_and(|used| pool.can_make(v, used)));
            if live {
                out.push(line.id);
            }
        }
        out
    }
}

/// The tiles still obtainable for the unexposed groups of a hand.
pub(crate) struct Pool {
    naturals: [u8; KIND_COUNT],
    jokers: u8,
}

impl Pool {
    pub(crate) fn new(expos: &[Exposure], unavailable: &Counts) -> Pool {
        let mut naturals = [0u8; KIND_COUNT];
        for t in Tile::all_kinds() {
            naturals[t.index()] = t.copies_in_set().saturating_sub(unavailable.get(t));
        }
        for e in expos {
            let k = e.tile.index();
            naturals[k] = naturals[k].saturating_sub(e.size - e.jokers);
            naturals[Tile::JOKER.index()] = naturals[Tile::JOKER.index()].saturating_sub(e.jokers);
        }
        let jokers = naturals[Tile::JOKER.index()];
        Pool { naturals, jokers }
    }

    /// Singles and pairs need naturals; the rest may be jokers.
    pub(crate) fn can_make(&self, v: &Variant, used: u32) -> bool {
        let mut short = 0u32;
        for n in &v.needs {
            let (total, natural) = remaining(v, used, n.kind, n.total, n.natural);
            let have = self.naturals[n.kind as usize];
            if natural > have {
                return false;
            }
            short += total.saturating_sub(have) as u32;
        }
        short <= self.jokers as u32
    }

    /// As [`Pool::can_make`] with no group exposed, over whole count
    /// vectors (a few vector instructions instead of a step per kind): the
    /// block search's check of each line's nearest variants.
    pub(crate) fn can_make_concealed(&self, v: &Variant) -> bool {
        let (mut lacking, mut short) = (0u8, 0u8);
        for k in 0..KIND_COUNT {
            lacking |= v.natural[k].saturating_sub(self.naturals[k]);
            short = short.wrapping_add(v.counts[k].saturating_sub(self.naturals[k]));
        }
        lacking == 0 && short <= self.jokers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    const SMALL: &str = "\
[2468]
FF 2222a 4444b 6666c : 25 X
[Winds-Dragons]
NN EEE WWW SS RRRR : 30 C
";

    #[test]
    fn dead_hand_rule_13e() {
        // mahjong-mania-2026 rule 13e: exposures and discards make every line impossible.
        let c = Card::parse(SMALL).unwrap();
        let none = Counts::default();
        assert!(c.can_still_make(&[], &none));
        // Exposed a pung of East: 2468 cannot use it and the winds line is C.
        assert!(!c.can_still_make(&[t("E E E")], &none));
        // Seven Flowers discarded: the 2468 pair of Flowers is gone; the winds line lives.
        let mut dead = Counts::from_tiles(&t("Fx7"));
        assert_eq!(c.live_lines(&[], &dead), vec![2]);
        // And three Souths gone leave no natural pair of South.
        for s in t("S S S") {
            dead.add(s);
        }
        assert!(!c.can_still_make(&[], &dead));
        // Exposed kong of 2B: 2468 lives while 4s and 6s remain in some suit.
        assert!(c.can_still_make(&[t("2Bx4")], &Counts::default()));
    }
    #[test]
    fn the_concealed_check_agrees_with_the_check_by_kind() {
        let card = Card::practice();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut both = [0usize; 2];
        for _ in 0..40 {
            // Up to 100 tiles out of play, drawn with repeats and capped by the set.
            let mut out = Counts::default();
            for _ in 0..100 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let tile = Tile::from_index((seed % 36) as u8).unwrap();
                if out.get(tile) < tile.copies_in_set() {
                    out.add(tile);
                }
            }
            let pool = Pool::new(&[], &out);
            for v in &card.variants {
                let can = pool.can_make(v, 0);
                assert_eq!(pool.can_make_concealed(v), can, "{:?}", v.groups);
                both[usize::from(can)] += 1;
            }
        }
        // Both answers come up.
        assert!(both[0] > 0 && both[1] > 0, "{both:?}");
    }
}
