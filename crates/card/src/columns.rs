//! The card's variants in columns, for the nearest-hands search of a rack
//! without exposures: per block of [`BLOCK`] variants and per tile kind, the
//! tiles each variant holds in singles and pairs and in larger groups. A
//! rack is then measured against a whole block at once, one pass per kind
//! it holds (about ten), in byte lanes the compiler vectorises; kinds a
//! block never uses take no room and no time.

use crate::compile::{NATURAL_KINDS, Variant};

/// Variants measured at once.
pub(crate) const BLOCK: usize = 64;

/// No column for this kind in this block.
const ABSENT: u16 = u16::MAX;

#[derive(Clone, Debug, Default)]
pub(crate) struct Columns {
    /// Per block, per natural kind: its columns' place in `natural` and
    /// `all`, or [`ABSENT`].
    slots: Vec<[u16; NATURAL_KINDS]>,
    /// Per lane, the tiles of the kind standing in singles and pairs.
    natural: Vec<[u8; BLOCK]>,
    /// Per lane, all the tiles of the kind (singles and pairs included).
    all: Vec<[u8; BLOCK]>,
    /// Per block, per lane: the variant's tiles in all (255 past the end).
    total: Vec<[u8; BLOCK]>,
    /// Per block, per lane: its tiles in pungs or larger, all kinds.
    eligible_total: Vec<[u8; BLOCK]>,
    /// Per block, per lane: all ones where the 152 tiles cannot make the
    /// variant (and past the last variant), so that it reads as 255 needed.
    unmakeable: Vec<[u8; BLOCK]>,
    /// Per variant: its line (the variants' own field, kept close together
    /// for the scan of the lanes within the cut-off).
    pub line_of: Vec<u32>,
}

impl Columns {
    pub fn build(variants: &[Variant]) -> Columns {
        let mut c = Columns {
            line_of: variants.iter().map(|v| v.line).collect(),
            ..Columns::default()
        };
        for chunk in variants.chunks(BLOCK) {
            let mut slots = [ABSENT; NATURAL_KINDS];
            let (mut total, mut eligible_total) = ([u8::MAX; BLOCK], [0u8; BLOCK]);
            let mut unmakeable = [u8::MAX; BLOCK];
            for (lane, v) in chunk.iter().enumerate() {
                total[lane] = 0;
                if v.makeable() {
                    unmakeable[lane] = 0;
                }
                for (k, slot) in slots.iter_mut().enumerate() {
                    if v.counts[k] == 0 {
                        continue;
                    }
                    if *slot == ABSENT {
                        *slot = c.natural.len() as u16;
                        c.natural.push([0; BLOCK]);
                        c.all.push([0; BLOCK]);
                    }
                    let s = *slot as usize;
                    c.natural[s][lane] = v.natural[k];
                    c.all[s][lane] = v.counts[k];
                    total[lane] += v.counts[k];
                    eligible_total[lane] += v.eligible[k];
                }
            }
            c.slots.push(slots);
            c.total.push(total);
            c.eligible_total.push(eligible_total);
            c.unmakeable.push(unmakeable);
        }
        c
    }

    /// The tiles each variant needs, by variant index (see
    /// [`Columns::distance`]), in `stack` when it has room, else in `heap`.
    pub fn measure<'a>(
        &self,
        held: &[(usize, u8)],
        jokers: u8,
        stack: &'a mut [u8],
        heap: &'a mut Vec<u8>,
    ) -> &'a [u8] {
        let lanes = self.slots.len() * BLOCK;
        let needed = if lanes <= stack.len() {
            &mut stack[..lanes]
        } else {
            heap.resize(lanes, 0);
            &mut heap[..]
        };
        for (b, n) in needed.as_chunks_mut::<BLOCK>().0.iter_mut().enumerate() {
            *n = self.distance(b, held, jokers);
        }
        needed
    }

    /// The tiles each variant of block `b` needs (255 for a variant the
    /// set cannot make, and in lanes past the last variant): `held` lists
    /// the natural kinds the rack holds with their counts. Per kind, the
    /// singles and pairs take the naturals first and the rest go to the
    /// larger groups; jokers held then cover the larger groups' gaps (the
    /// same sums as `near::shortfall`, lane by lane). A kind matches
    /// `min(have, all)` of its tiles, the larger groups `min(have, all) -
    /// min(have, natural)` of them; without jokers only the first is needed.
    pub fn distance(&self, b: usize, held: &[(usize, u8)], jokers: u8) -> [u8; BLOCK] {
        let slots = &self.slots[b];
        let (total, unmakeable) = (&self.total[b], &self.unmakeable[b]);
        let mut matched = [0u8; BLOCK];
        let mut needed = [0; BLOCK];
        if jokers == 0 {
            for &(k, have) in held {
                let s = slots[k];
                if s == ABSENT {
                    continue;
                }
                let all = &self.all[s as usize];
                for lane in 0..BLOCK {
                    matched[lane] = matched[lane].wrapping_add(all[lane].min(have));
                }
            }
            for lane in 0..BLOCK {
                needed[lane] = total[lane].wrapping_sub(matched[lane]) | unmakeable[lane];
            }
            return needed;
        }
        let mut covered = [0u8; BLOCK];
        for &(k, have) in held {
            let s = slots[k];
            if s == ABSENT {
                continue;
            }
            let (all, natural) = (&self.all[s as usize], &self.natural[s as usize]);
            for lane in 0..BLOCK {
                let m = all[lane].min(have);
                matched[lane] = matched[lane].wrapping_add(m);
                covered[lane] = covered[lane].wrapping_add(m - natural[lane].min(have));
            }
        }
        let eligible_total = &self.eligible_total[b];
        for lane in 0..BLOCK {
            let short = eligible_total[lane].wrapping_sub(covered[lane]);
            let j = jokers.min(short);
            needed[lane] =
                total[lane].wrapping_sub(matched[lane]).wrapping_sub(j) | unmakeable[lane];
        }
        needed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Card;
    use jongg_tiles::{Tile, parse_tiles};

    #[test]
    fn a_block_measures_each_variant_as_the_variant_by_variant_sum() {
        let card = Card::practice();
        let cols = Columns::build(&card.variants);
        // With a joker (larger groups' gaps counted) and without (matched only).
        for rack in [
            "2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C",
            "2Dx2 WD 6D 2B 2B WD 6B Fx3 2C 5C",
        ] {
            measure_as_variant_by_variant(&card, &cols, &parse_tiles(rack).unwrap());
        }
    }

    fn measure_as_variant_by_variant(card: &Card, cols: &Columns, rack: &[Tile]) {
        let mut have = [0u8; 36];
        for t in rack {
            have[t.index()] += 1;
        }
        let held: Vec<(usize, u8)> = (0..NATURAL_KINDS)
            .filter(|&k| have[k] > 0)
            .map(|k| (k, have[k]))
            .collect();
        let jokers = have[Tile::JOKER.index()];
        for (b, chunk) in card.variants.chunks(BLOCK).enumerate() {
            let d = cols.distance(b, &held, jokers);
            for (lane, v) in chunk.iter().enumerate() {
                // Tiles no kind of the rack covers, less the jokers' part.
                let (mut missing, mut short) = (0u8, 0u8);
                for (k, &h) in have.iter().enumerate().take(NATURAL_KINDS) {
                    let extra = h.saturating_sub(v.natural[k]);
                    missing += v.natural[k].saturating_sub(h);
                    short += v.eligible[k].saturating_sub(extra);
                }
                let j = jokers.min(short);
                let want = if v.makeable() {
                    missing + short - j
                } else {
                    u8::MAX
                };
                assert_eq!(d[lane], want, "variant {lane} of block {b}");
            }
            // Lanes past the last variant are never near.
            assert!(d[chunk.len()..].iter().all(|&n| n == u8::MAX));
        }
    }

    #[test]
    fn a_card_too_large_for_the_stack_is_measured_on_the_heap_alike() {
        let card = Card::practice();
        let cols = Columns::build(&card.variants);
        let held = [(1, 2), (10, 1), (20, 3), (34, 2)];
        let (mut stack, mut heap) = ([0u8; 32 * BLOCK], Vec::new());
        let on_stack = cols.measure(&held, 1, &mut stack, &mut heap).to_vec();
        let (mut none, mut heap) = ([0u8; 0], Vec::new());
        let on_heap = cols.measure(&held, 1, &mut none, &mut heap).to_vec();
        assert_eq!(on_stack, on_heap);
        assert_eq!(on_heap.len(), card.variants.len().div_ceil(BLOCK) * BLOCK);
        assert!(heap.len() == on_heap.len());
    }
}
