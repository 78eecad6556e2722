//! The compiled card: the concrete variants of every line (`expand.rs`),
//! each a list of groups of one tile kind with count vectors and masks, and
//! an index from tile kinds to variants, so that a query never re-reads
//! patterns.

use jongg_tiles::{KIND_COUNT, Tile};

/// Kinds that can appear in a group (no joker).
pub const NATURAL_KINDS: usize = KIND_COUNT - 1;

/// One concrete group: `size` tiles of `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Group {
    pub tile: Tile,
    pub size: u8,
}

impl Group {
    /// Jokers may stand only in pungs, kongs, quints and sextets.
    pub fn joker_ok(self) -> bool {
        self.size >= 3
    }
}

/// Per kind of a variant: how many tiles it needs and how many of them must be
/// natural (because they stand in singles or pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    pub kind: u8,
    pub total: u8,
    pub natural: u8,
}

/// One concrete way to make a line.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Index into `Card::lines`.
    pub line: u32,
    /// The groups in the order the line writes them.
    pub groups: Vec<Group>,
    /// Needs per kind, kinds ascending.
    pub needs: Vec<Need>,
    /// Bit k set when kind k is in some group.
    pub mask: u64,
    /// Bit k set when kind k must be natural somewhere (a single or pair).
    pub natural_mask: u64,
    /// The naturals of a jokerless make, per kind.
    pub counts: [u8; KIND_COUNT],
    /// Per kind, the tiles standing in singles and pairs (naturals only).
    pub natural: [u8; KIND_COUNT],
    /// Per kind, the tiles standing in pungs or larger (jokers allowed).
    pub eligible: [u8; KIND_COUNT],
    /// Whether the 152 tiles can make it (see [`Variant::makeable`]).
    makeable: bool,
}

impl Variant {
    pub(crate) fn new(line: u32, groups: Vec<Group>) -> Variant {
        let mut counts = [0u8; KIND_COUNT];
        let mut natural = [0u8; KIND_COUNT];
        for g in &groups {
            counts[g.tile.index()] += g.size;
            if !g.joker_ok() {
                natural[g.tile.index()] += g.size;
            }
        }
        let mut needs = Vec::new();
        let (mut mask, mut natural_mask) = (0u64, 0u64);
        for k in 0..NATURAL_KINDS {
            if counts[k] > 0 {
                needs.push(Need {
                    kind: k as u8,
                    total: counts[k],
                    natural: natural[k],
                });
                mask |= 1 << k;
                if natural[k] > 0 {
                    natural_mask |= 1 << k;
                }
            }
        }
        let makeable = set_makes(&needs);
        Variant {
            line,
            groups,
            needs,
            mask,
            natural_mask,
            counts,
            natural,
            eligible: std::array::from_fn(|k| counts[k] - natural[k]),
            makeable,
        }
    }

    /// A key equal for variants with the same groups in any order.
    pub(crate) fn key(&self) -> Vec<Group> {
        let mut g = self.groups.clone();
        g.sort();
        g
    }

    /// Whether the 152 tiles can make this variant: every single and pair
    /// natural, and the rest within the four (eight for Flowers) copies plus
    /// the eight jokers.
    pub fn makeable(&self) -> bool {
        self.makeable
    }
}

fn set_makes(needs: &[Need]) -> bool {
    let mut jokers = 0u32;
    for n in needs {
        let copies = Tile::from_index(n.kind).map_or(4, |t| t.copies_in_set());
        if n.natural > copies {
            return false;
        }
        jokers += n.total.saturating_sub(copies) as u32;
    }
    jokers <= 8
}

/// Bit sets over variants, one per tile kind: the variants holding that kind.
#[derive(Clone, Debug, Default)]
pub struct KindIndex {
    pub words: usize,
    /// `NATURAL_KINDS * words` words.
    pub sets: Vec<u64>,
}

impl KindIndex {
    pub fn build(variants: &[Variant]) -> KindIndex {
        let words = variants.len().div_ceil(64).max(1);
        let mut sets = vec![0u64; NATURAL_KINDS * words];
        for (i, v) in variants.iter().enumerate() {
            for n in &v.needs {
                sets[n.kind as usize * words + i / 64] |= 1 << (i % 64);
            }
        }
        KindIndex { words, sets }
    }

    pub fn set(&self, kind: usize) -> &[u64] {
        &self.sets[kind * self.words..(kind + 1) * self.words]
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::expand;
    use crate::parse::parse_card;

    fn variants(text: &str) -> Vec<super::Variant> {
        let card = parse_card(&format!("[S]\n{text}\n")).unwrap();
        expand(&card.lines[0], 0)
    }

    #[test]
    fn makeable_checks_the_set() {
        assert!(
            variants("FFFFFF 1111a 1111b : 25 X")
                .iter()
                .all(|v| v.makeable())
        );
        // Three pairs of one natural kind need 6 naturals: impossible.
        assert!(
            variants("11a 11a 11a 2222b FFFF : 25 X")
                .iter()
                .all(|v| !v.makeable())
        );
    }
}
