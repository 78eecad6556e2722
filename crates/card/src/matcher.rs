//! Verifying Mah Jongg: which lines a rack makes, and how.
//!
//! A rack is its concealed tiles plus its exposures. For a variant, each
//! exposure must be exactly one of its groups; the concealed naturals of each
//! kind must then lie between the natural-only part (singles and pairs) and the
//! total still needed; jokers fill the rest, which by the count of 14 they do
//! exactly. That is a few operations per kind, behind an index that drops
//! every variant lacking a kind the rack holds.

use crate::Card;
use crate::compile::Variant;
use crate::parse::HAND_SIZE;
use crate::rack::{Exposure, Rack, RackError};
use jongg_tiles::Tile;
use serde::Serialize;

/// One group of the winning hand and the tiles standing in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AssignedGroup {
    /// The tile the group is made of.
    pub tile: Tile,
    pub size: u8,
    /// The tiles in it: naturals first, then jokers.
    pub tiles: Vec<Tile>,
    /// The exposure (0-based, in the order given) that is this group, if any.
    pub exposure: Option<usize>,
}

/// A card line the rack makes as a complete Mah Jongg.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MahjongMatch {
    /// The line's id (1-based over the card).
    pub line: usize,
    pub section: String,
    /// The line's name (`Section #n`, or the name the file gives it).
    pub name: String,
    pub value: u32,
    /// The line is marked C (concealed only).
    pub concealed_only: bool,
    /// The hand had no exposures.
    pub concealed: bool,
    /// Jokers in the whole hand, exposures included (R11).
    pub jokers_used: u8,
    /// No joker anywhere in the hand, exposures included (R11).
    pub jokerless: bool,
    /// The line is in the Singles and Pairs section.
    pub singles_and_pairs: bool,
    /// The line is in the Quints section (R3, mahjong-mania-2026).
    pub quints: bool,
    /// Exactly one group of the line was not exposed (R3, beth-emeth).
    pub one_group_left: bool,
    /// The groups of the line, in the line's order, with their tiles.
    pub assignment: Vec<AssignedGroup>,
}

/// Assigns each exposure to a distinct group of the variant with its tile and
/// size. Returns the bit set of groups taken, or `None`.
pub(crate) fn place_exposures(v: &Variant, expos: &[Exposure]) -> Option<u32> {
    let mut used = 0u32;
    'next: for e in expos {
        for (i, g) in v.groups.iter().enumerate() {
            if used & (1 << i) == 0 && g.tile == e.tile && g.size == e.size {
                used |= 1 << i;
                continue 'next;
            }
        }
        return None;
    }
    Some(used)
}

/// What the unexposed groups of a variant still need of one kind:
/// `(total, natural)`.
#[inline]
pub(crate) fn remaining(v: &Variant, used: u32, kind: u8, total: u8, natural: u8) -> (u8, u8) {
    if used == 0 {
        return (total, natural);
    }
    let (mut t, mut n) = (total, natural);
    for (i, g) in v.groups.iter().enumerate() {
        if used & (1 << i) != 0 && g.tile.index() == kind as usize {
            t -= g.size;
            if !g.joker_ok() {
                n -= g.size;
            }
        }
    }
    (t, n)
}

impl MahjongMatch {
    /// The line a player shows: the highest value, the first in card order
    /// on a tie. (Bonuses such as jokerless are the rules' to add.)
    pub fn best(matches: &[MahjongMatch]) -> Option<&MahjongMatch> {
        // max_by_key keeps the last maximum; reversed, that is the first.
        matches.iter().rev().max_by_key(|m| m.value)
    }
}

impl Card {
    /// Every line the rack makes as a complete Mah Jongg, one match per line,
    /// in card order. The rack must be 14 tiles, exposures included, and
    /// pass [`check_rack`](crate::check_rack); the error says what is wrong.
    pub fn mahjong(
        &self,
        concealed: &[Tile],
        exposures: &[Vec<Tile>],
    ) -> Result<Vec<MahjongMatch>, RackError> {
        let mut rack = Rack::empty();
        read_mahjong(&mut rack, concealed, exposures)?;
        let mut out = Vec::new();
        self.for_each_win(&rack, |v, used| {
            out.push(self.describe(v, used, &rack));
            true
        });
        Ok(out)
    }

    /// Whether the rack is Mah Jongg on any line (the fast yes/no); `false`
    /// for a rack [`Card::mahjong`] refuses.
    pub fn is_mahjong(&self, concealed: &[Tile], exposures: &[Vec<Tile>]) -> bool {
        let mut rack = Rack::empty();
        if read_mahjong(&mut rack, concealed, exposures).is_err() {
            return false;
        }
        let mut found = false;
        self.for_each_win(&rack, |_, _| {
            found = true;
            false
        });
        found
    }

    /// Calls `f` with the first winning variant of each winning line, in card
    /// order, until it returns false.
    fn for_each_win(&self, rack: &Rack, mut f: impl FnMut(&Variant, u32) -> bool) {
        let mut all_mask = rack.mask;
        for e in &rack.expos {
            all_mask |= 1 << e.tile.index();
        }
        let exposed = !rack.expos.is_empty();
        let mut last_line = u32::MAX;
        for w in 0..self.index.words {
            // Variants holding every natural kind of the rack.
            let mut bits = if w + 1 == self.index.words && !self.variants.len().is_multiple_of(64) {
                (1u64 << (self.variants.len() % 64)) - 1
            } else {
                u64::MAX
            };
            let mut m = all_mask;
            while m != 0 && bits != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                bits &= self.index.set(k)[w];
            }
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let v = &self.variants[i];
                if v.line == last_line {
                    continue;
                }
                // Singles and pairs are natural and concealed (never exposed).
                if v.natural_mask & !rack.mask != 0 {
                    continue;
                }
                if exposed && self.lines[v.line as usize].concealed_only {
                    continue;
                }
                if let Some(used) = wins(v, rack) {
                    last_line = v.line;
                    if !f(v, used) {
                        return;
                    }
                }
            }
        }
    }

    fn describe(&self, v: &Variant, used: u32, rack: &Rack) -> MahjongMatch {
        let line = &self.lines[v.line as usize];
        let jokers = rack.jokers + rack.expos.iter().map(|e| e.jokers).sum::<u8>();
        MahjongMatch {
            line: line.id,
            section: line.section.clone(),
            name: line.name.clone(),
            value: line.value,
            concealed_only: line.concealed_only,
            concealed: rack.expos.is_empty(),
            jokers_used: jokers,
            jokerless: jokers == 0,
            singles_and_pairs: line.singles_and_pairs(),
            quints: line.quints(),
            one_group_left: v.groups.len() == rack.expos.len() + 1,
            assignment: assign(v, used, rack),
        }
    }
}

/// A rack for Mah Jongg: 14 tiles, checked, read into `rack`.
#[inline(always)]
fn read_mahjong(
    rack: &mut Rack,
    concealed: &[Tile],
    exposures: &[Vec<Tile>],
) -> Result<(), RackError> {
    let total = concealed.len() + exposures.iter().map(Vec::len).sum::<usize>();
    if total != HAND_SIZE {
        return Err(RackError::WrongCount(total));
    }
    rack.fill(concealed, exposures)
}

/// Whether the rack makes this variant; the groups taken by exposures if so.
#[inline]
fn wins(v: &Variant, rack: &Rack) -> Option<u32> {
    let used = if rack.expos.is_empty() {
        0
    } else {
        place_exposures(v, &rack.expos)?
    };
    for n in &v.needs {
        let (total, natural) = remaining(v, used, n.kind, n.total, n.natural);
        let c = rack.counts.0[n.kind as usize];
        if c > total || c < natural {
            return None;
        }
    }
    // Kinds outside the variant are absent (index), and the totals agree
    // (14 each side), so the jokers fill exactly the joker-eligible gaps.
    Some(used)
}

/// The tile-to-group assignment of a winning variant: singles and pairs take
/// naturals first, then the larger groups; jokers fill what is left.
fn assign(v: &Variant, used: u32, rack: &Rack) -> Vec<AssignedGroup> {
    let mut left = rack.counts;
    let mut exposure_of = vec![None; v.groups.len()];
    let mut taken = 0u32;
    for (ei, e) in rack.expos.iter().enumerate() {
        for (i, g) in v.groups.iter().enumerate() {
            if used & (1 << i) != 0 && taken & (1 << i) == 0 && g.tile == e.tile && g.size == e.size
            {
                taken |= 1 << i;
                exposure_of[i] = Some(ei);
                break;
            }
        }
    }
    let mut tiles: Vec<Vec<Tile>> = vec![Vec::new(); v.groups.len()];
    for pass_small in [true, false] {
        for (i, g) in v.groups.iter().enumerate() {
            if exposure_of[i].is_some() || g.joker_ok() == pass_small {
                continue;
            }
            let have = left.get(g.tile).min(g.size);
            left.0[g.tile.index()] -= have;
            let jokers = g.size - have;
            left.0[Tile::JOKER.index()] = left.get(Tile::JOKER).saturating_sub(jokers);
            tiles[i] = std::iter::repeat_n(g.tile, have as usize)
                .chain(std::iter::repeat_n(Tile::JOKER, jokers as usize))
                .collect();
        }
    }
    v.groups
        .iter()
        .zip(tiles)
        .zip(exposure_of)
        .map(|((g, t), e)| AssignedGroup {
            tile: g.tile,
            size: g.size,
            tiles: match e {
                Some(ei) => rack.expos[ei].tiles(),
                None => t,
            },
            exposure: e,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::parse_tiles;

    fn card(text: &str) -> Card {
        Card::parse(text).unwrap()
    }

    /// The matches of a rack the check accepts.
    trait Wins {
        fn wins(&self, concealed: &[Tile], exposures: &[Vec<Tile>]) -> Vec<MahjongMatch>;
    }

    impl Wins for Card {
        fn wins(&self, concealed: &[Tile], exposures: &[Vec<Tile>]) -> Vec<MahjongMatch> {
            self.mahjong(concealed, exposures)
                .expect("a rack the check accepts")
        }
    }

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    const SMALL: &str = "\
[2468]
FF 2222a 4444b 6666c : 25 X
[Singles and Pairs]
22a 44a 66a 88a 22b 44b 66b : 50 C
[Quints]
11111a 22222b 3333c : 40 X any
";

    #[test]
    fn jokerless_concealed_win() {
        let c = card(SMALL);
        let m = c.wins(&t("F F 2Bx4 4Cx4 6Dx4"), &[]);
        assert_eq!(m.len(), 1);
        let m = &m[0];
        assert_eq!(
            (m.line, m.value, m.jokerless, m.concealed),
            (1, 25, true, true)
        );
        assert_eq!(m.assignment[1].tiles, t("2Bx4"));
    }

    #[test]
    fn jokers_in_kongs_but_never_in_pairs() {
        let c = card(SMALL);
        let m = c.wins(&t("F F 2B 2B J J 4Cx4 6Dx3 J"), &[]);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].jokers_used, 3);
        assert!(!m[0].jokerless);
        // A joker standing for a Flower in the pair: not Mah Jongg.
        assert!(c.wins(&t("F J 2Bx4 4Cx4 6Dx4"), &[]).is_empty());
        // S&P: no jokers at all.
        assert!(
            c.wins(&t("2Dx2 4Dx2 6Dx2 8D J 2Bx2 4Bx2 6Bx2"), &[])
                .is_empty()
        );
        assert_eq!(
            c.wins(&t("2Dx2 4Dx2 6Dx2 8Dx2 2Bx2 4Bx2 6Bx2"), &[]).len(),
            1
        );
    }

    #[test]
    fn exposures_must_each_be_one_group() {
        let c = card(SMALL);
        let ok = c.wins(&t("F F 4Cx4 6Dx4"), &[t("2B 2B J J")]);
        assert_eq!(ok.len(), 1);
        assert_eq!(ok[0].assignment[1].exposure, Some(0));
        assert!(!ok[0].concealed);
        // An exposure spanning two groups (2B and 4C) fails.
        assert!(matches!(
            c.mahjong(&t("F F 2B 2B 4C 4C 6Dx4"), &[t("2B 2B 4C 4C")]),
            Err(RackError::BadExposure { index: 1, .. })
        ));
        // A pung exposed for a kong group fails: each exposure is exactly one group.
        assert!(c.wins(&t("F F 2B 4Cx4 6Dx4"), &[t("2Bx3")]).is_empty());
    }

    #[test]
    fn concealed_line_admits_no_exposure() {
        let c = card("[S]\n222a 44a 66a 88a 22b 44b 6b : 50 C\n[T]\nFF 2222a 4444b 6666c : 25 X\n");
        assert_eq!(c.wins(&t("2Dx3 4Dx2 6Dx2 8Dx2 2Bx2 4Bx2 6B"), &[]).len(), 1);
        assert_eq!(
            c.wins(&t("4Dx2 6Dx2 8Dx2 2Bx2 4Bx2 6B"), &[t("2Dx3")]),
            vec![]
        );
    }

    #[test]
    fn quints_and_one_group_left_r3() {
        // R3: two exposures of a Quints line leave one group.
        let c = card(SMALL);
        let m = c.wins(&t("5C 5C J J"), &[t("3Dx4 J"), t("4B 4B J J J")]);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].quints && m[0].one_group_left);
        assert_eq!(m[0].jokers_used, 6);
        let m = c.wins(&t("3Dx4 J 5C 5C J J"), &[t("4B 4B J J J")]);
        assert!(m[0].quints && !m[0].one_group_left);
    }

    #[test]
    fn wrong_sizes_and_bad_exposures() {
        let c = card(SMALL);
        assert_eq!(
            c.mahjong(&t("F F 2Bx4"), &[]),
            Err(RackError::WrongCount(6))
        );
        assert_eq!(
            c.mahjong(&t("F F 2Bx4 4Cx4 6Dx4 J"), &[]),
            Err(RackError::WrongCount(15))
        );
        assert!(matches!(
            c.mahjong(&t("F F 2B 2B 4Cx4 6Dx4"), &[t("J J")]),
            Err(RackError::BadExposure { .. })
        ));
        assert!(!c.is_mahjong(&t("F F 2B 2B 4Cx4 6Dx4"), &[t("J J")]));
    }

    #[test]
    fn an_exposed_pair_or_single_is_refused_not_a_win() {
        // Issue 11: an exposed pair (or single) once made a rack Mah Jongg.
        let c = card(SMALL);
        for (concealed, exposure) in [("2Bx4 4Cx4 6Dx4", "F F"), ("F 2Bx4 4Cx4 6Dx4", "F")] {
            let e = c.mahjong(&t(concealed), &[t(exposure)]).unwrap_err();
            assert!(e.to_string().contains("never exposed"), "{e}");
            assert!(!c.is_mahjong(&t(concealed), &[t(exposure)]));
        }
        // The pair joins the hand: the same tiles concealed win.
        assert_eq!(c.wins(&t("F F 2Bx4 4Cx4 6Dx4"), &[]).len(), 1);
    }

    #[test]
    fn impossible_tile_counts_are_refused_not_wins() {
        // Issue 11: fourteen jokers won three lines; five 5B, nine Flowers passed.
        let c = Card::practice();
        let e = c.mahjong(&t("Jx8 Jx6"), &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "14 × J in the rack and its exposures; the set has only 8"
        );
        assert!(!c.is_mahjong(&t("Jx8 Jx6"), &[]));
        let e = c
            .mahjong(&t("Fx4 J J"), &[t("Fx4"), t("F J J J")])
            .unwrap_err();
        assert!(e.to_string().starts_with("9 × F"), "{e}");
        let e = c.mahjong(&t("5Bx5 1Dx4 2Dx4 F"), &[]).unwrap_err();
        assert!(e.to_string().starts_with("5 × 5B"), "{e}");
    }

    #[test]
    fn the_best_match_is_the_highest_value_then_card_order() {
        let m = |line, value| MahjongMatch {
            line,
            section: String::new(),
            name: format!("L{line}"),
            value,
            concealed_only: false,
            concealed: true,
            jokers_used: 0,
            jokerless: true,
            singles_and_pairs: false,
            quints: false,
            one_group_left: false,
            assignment: vec![],
        };
        let all = [m(1, 25), m(2, 30), m(3, 30), m(4, 20)];
        assert_eq!(MahjongMatch::best(&all).map(|b| b.line), Some(2));
        assert_eq!(MahjongMatch::best(&[]), None);
    }

    #[test]
    fn two_exposures_cannot_take_the_same_group() {
        // Both exposed kongs of 2B fit only the one 2B kong of the line; the
        // 6D kong is not in the rack at all.
        let c = card(SMALL);
        let rack = t("F F 4Cx4");
        let twice = [t("2B 2B J J"), t("2B 2B J J")];
        assert_eq!(c.wins(&rack, &twice), vec![]);
        assert!(!c.is_mahjong(&rack, &twice));
    }

    /// Each exposure is shown at the group of its own tile, whatever the
    /// order the exposures are given in.
    #[test]
    fn each_exposure_is_shown_at_its_own_group_in_any_order() {
        let c = card(SMALL);
        let m = c.wins(&t("F F 6Cx4"), &[t("4B 4B 4B J"), t("2D 2D J J")]);
        assert_eq!(m.len(), 1);
        let shown: Vec<(Option<usize>, Vec<Tile>)> = m[0]
            .assignment
            .iter()
            .map(|g| (g.exposure, g.tiles.clone()))
            .collect();
        assert_eq!(
            shown,
            vec![
                (None, t("F F")),
                (Some(1), t("2D 2D J J")),
                (Some(0), t("4B 4B 4B J")),
                (None, t("6Cx4")),
            ]
        );
    }

    /// Two exposures of the same tile and size fill the line's two such
    /// groups, one each, in the order given.
    #[test]
    fn two_like_exposures_are_shown_at_two_groups() {
        let c = card("[T]\nFFFF 222a 222a 6666b : 25 X\n");
        let m = c.wins(&t("Fx4 6Cx4"), &[t("2B 2B 2B"), t("2B J J")]);
        assert_eq!(m.len(), 1);
        let exposed: Vec<Option<usize>> = m[0].assignment.iter().map(|g| g.exposure).collect();
        assert_eq!(exposed, vec![None, Some(0), Some(1), None]);
        assert_eq!(m[0].assignment[2].tiles, t("2B J J"));
    }

    #[test]
    fn every_winning_line_is_listed_in_card_order() {
        // Jokers make the last kong 6D on the first line, 8D on the second.
        let c = card("[T]\nFF 2222a 4444b 6666c : 25 X\nFF 2222a 4444b 8888c : 30 X\n");
        let m = c.wins(&t("F F 2Bx4 4Cx4 Jx4"), &[]);
        let lines: Vec<usize> = m.iter().map(|m| m.line).collect();
        assert_eq!(lines, vec![1, 2]);
        assert_eq!(m[1].assignment[3].tiles, t("Jx4"));
    }

    #[test]
    fn a_card_of_exactly_64_variants_finds_its_last_line() {
        // The variant index is kept in words of 64 bits: a card that fills
        // its last word exactly must still search all of it.
        let mut text = String::from("[Kongs]\n");
        let numbers = [
            "123", "124", "125", "126", "127", "128", "129", "134", "135", "136", "137",
        ];
        let more = [
            "138", "139", "145", "146", "147", "148", "149", "156", "157", "158",
        ];
        for n in numbers.iter().chain(&more) {
            let k: Vec<String> = n.chars().map(|d| format!("{d}{d}{d}{d}a")).collect();
            text.push_str(&format!("FF {} : 25 X\n", k.join(" ")));
        }
        text.push_str("[Winds]\nFFFF NNNN EEE WWW : 30 X\n");
        let c = card(&text);
        assert_eq!(c.variants.len(), 64);
        let m = c.wins(&t("Fx4 Nx4 Ex3 Wx3"), &[]);
        assert_eq!(m.iter().map(|m| m.line).collect::<Vec<_>>(), vec![22]);
    }
}
