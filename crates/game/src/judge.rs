//! What the engine asks of a card: is this a Mah Jongg, and can an exposed
//! hand still make any line of the card. The engine stays independent of the
//! card format; `jongg_card::Card` implements [`Judge`] (see `card_judge.rs`).

use jongg_tiles::{Counts, Tile};
use serde::{Deserialize, Serialize};

/// An exposure on a rack: one kind of tile, naturals and jokers.
/// Exposures are always groups of one kind (pung, kong, quint, sextet);
/// singles and pairs are only shown for Mah Jongg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exposure {
    pub tile: Tile,
    pub naturals: u8,
    pub jokers: u8,
}

impl Exposure {
    pub const fn len(&self) -> usize {
        self.naturals as usize + self.jokers as usize
    }

    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tiles, naturals first.
    pub fn tiles(&self) -> Vec<Tile> {
        let mut v = vec![self.tile; self.naturals as usize];
        v.extend(std::iter::repeat_n(Tile::JOKER, self.jokers as usize));
        v
    }
}

/// A verified Mah Jongg: the best line the hand makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Win {
    /// The card line, for the record (e.g. `"2468 #3"`).
    pub line: String,
    /// Points on the card.
    pub value: u32,
    /// The line is in the card's Singles and Pairs section.
    pub singles_and_pairs: bool,
    /// The line is in the card's Quints section (R3, `mahjong-mania-2026`).
    pub quints: bool,
    /// Counting the exposures, only one more group would complete the hand
    /// (R3, `beth-emeth`): judged on the exposures made before Mah Jongg.
    pub one_group_left: bool,
}

/// The card, as the engine needs it.
pub trait Judge {
    /// The best line that `concealed` (14 tiles less the exposed ones) and
    /// `exposures` make together, if any.
    fn mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> Option<Win>;

    /// The value of the hand a shown false Mah Jongg claimed (R8:
    /// `beth-emeth` pays the one intact player twice it): the line the
    /// hand comes nearest to, fewest tiles missing, then the higher value.
    fn claimed_value(&self, concealed: &Counts, exposures: &[Exposure]) -> u32;

    /// Whether a hand with these exposures can still make some line, when the
    /// tiles in `dead` (discards and other players' exposures) are out of play.
    fn can_still_make(&self, exposures: &[Exposure], dead: &Counts) -> bool;

    /// A cheap test that may say `true` wrongly but never `false` wrongly:
    /// bots call it before [`Judge::mahjong`] to keep the matcher off the hot path.
    fn might_be_mahjong(&self, _concealed: &Counts, _exposures: &[Exposure]) -> bool {
        true
    }
}

/// A small made-up card for tests (no real card is used): a hand is Mah
/// Jongg when its suited tiles are all of one suit and it splits into one
/// natural pair and groups of three or four of a kind, jokers filling groups.
/// It is worth 25, or 50 when it has no joker.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToyJudge;

impl ToyJudge {
    fn one_suit(counts: &Counts, exposures: &[Exposure]) -> bool {
        let mut suit = None;
        let tiles = Tile::all_kinds()
            .filter(|t| counts.get(*t) > 0)
            .chain(exposures.iter().map(|e| e.tile));
        for t in tiles {
            if let Some(s) = t.suit() {
                if suit.is_some_and(|x| x != s) {
                    return false;
                }
                suit = Some(s);
            }
        }
        true
    }
}

impl Judge for ToyJudge {
    /// The toy card has one line, worth 25 with jokers.
    fn claimed_value(&self, _concealed: &Counts, _exposures: &[Exposure]) -> u32 {
        25
    }

    fn mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> Option<Win> {
        let exposed: usize = exposures.iter().map(Exposure::len).sum();
        if concealed.total() + exposed != 14 || !Self::one_suit(concealed, exposures) {
            return None;
        }
        if exposures.iter().any(|e| e.len() < 3 || e.len() > 4) {
            return None;
        }
        let jokers = concealed.get(Tile::JOKER);
        // Try each natural pair; the rest must group with the jokers left.
        for pair in Tile::all_kinds().filter(|t| !t.is_joker()) {
            if concealed.get(pair) < 2 {
                continue;
            }
            let mut need = 0u32;
            let mut ok = true;
            for t in Tile::all_kinds().filter(|t| !t.is_joker()) {
                let n = concealed.get(t) - if t == pair { 2 } else { 0 };
                match n {
                    0 | 3 | 4 => {}
                    1 => need += 2,
                    2 => need += 1,
                    _ => ok = false,
                }
            }
            // Spare jokers must fit into groups of three or four: allow them
            // only as a fourth tile, one per group.
            if ok && need <= jokers as u32 {
                let all_jokers =
                    jokers as u32 + exposures.iter().map(|e| e.jokers as u32).sum::<u32>();
                return Some(Win {
                    line: "toy".into(),
                    value: if all_jokers == 0 { 50 } else { 25 },
                    singles_and_pairs: false,
                    quints: false,
                    one_group_left: exposures.len() >= 2 && concealed.total() <= 8,
                });
            }
        }
        None
    }

    fn can_still_make(&self, exposures: &[Exposure], _dead: &Counts) -> bool {
        Self::one_suit(&Counts::default(), exposures) && exposures.iter().all(|e| e.len() <= 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::parse_tiles;

    fn counts(s: &str) -> Counts {
        Counts::from_tiles(&parse_tiles(s).unwrap())
    }

    #[test]
    fn toy_judge_knows_a_one_suit_hand() {
        let j = ToyJudge;
        let win = j.mahjong(&counts("1Bx3 2Bx3 3Bx3 4Bx3 5Bx2"), &[]).unwrap();
        assert_eq!(win.value, 50);
        let win = j
            .mahjong(&counts("1Bx3 2Bx3 3Bx2 J 4Bx3 5Bx2"), &[])
            .unwrap();
        assert_eq!(win.value, 25);
        assert!(
            j.mahjong(&counts("1Bx3 2Bx3 3Bx3 4Bx3 5Dx2"), &[])
                .is_none()
        );
        assert!(j.mahjong(&counts("1Bx3 2Bx3 3Bx3 4Bx3 5B"), &[]).is_none());
        let e = [Exposure {
            tile: Tile::FLOWER,
            naturals: 2,
            jokers: 1,
        }];
        assert!(j.mahjong(&counts("2Bx3 3Bx3 4Bx3 5Bx2"), &e).is_some());
        assert!(j.can_still_make(&e, &Counts::default()));
    }
}
