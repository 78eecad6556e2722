//! The card's variants in columns, for the nearest-hands search of a rack
//! without exposures: per block of [`BLOCK`] variants and per tile kind, the
//! tiles each variant holds in singles and pairs and in larger groups. A
//! rack is then measured against a whole block at once, one pass per kind
//! it holds (about ten), in byte lanes the compiler vectorises; kinds a
//! block never uses take no room and no time.

use crate::Card;
use crate::compile::{NATURAL_KINDS, Variant};
use crate::live::Pool;
use crate::near::{Distance, Ranked};
use crate::parse::HAND_SIZE;
use crate::rack::Rack;

/// Variants measured at once.
pub(crate) const BLOCK: usize = 64;

/// No column for this kind in this block.
const ABSENT: u16 = u16::MAX;

#[derive(Clone, Debug, Default)]
pub(crate) struct Columns {
    /// Per block, per natural kind: its columns' place in `natural` and
    /// `eligible`, or [`ABSENT`].
    slots: Vec<[u16; NATURAL_KINDS]>,
    /// Per lane, the tiles of the kind standing in singles and pairs.
    natural: Vec<[u8; BLOCK]>,
    /// Per lane, the tiles of the kind standing in pungs or larger.
    eligible: Vec<[u8; BLOCK]>,
    /// Per block, per lane: the variant's tiles in all (255 past the end).
    total: Vec<[u8; BLOCK]>,
    /// Per block, per lane: its tiles in pungs or larger, all kinds.
    eligible_total: Vec<[u8; BLOCK]>,
    /// Per block, per lane: all ones where the 152 tiles cannot make the
    /// variant (and past the last variant), so that it reads as 255 needed.
    unmakeable: Vec<[u8; BLOCK]>,
}

impl Columns {
    pub fn build(variants: &[Variant]) -> Columns {
        let mut c = Columns::default();
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
                        c.eligible.push([0; BLOCK]);
                    }
                    let s = *slot as usize;
                    c.natural[s][lane] = v.natural[k];
                    c.eligible[s][lane] = v.eligible[k];
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
        for (b, n) in needed.chunks_exact_mut(BLOCK).enumerate() {
            n.copy_from_slice(&self.distance(b, held, jokers));
        }
        needed
    }

    /// The tiles each variant of block `b` needs (255 for a variant the
    /// set cannot make, and in lanes past the last variant): `held` lists
    /// the natural kinds the rack holds with their counts. Per kind, the
    /// singles and pairs take the naturals first and the rest go to the
    /// larger groups; jokers held then cover the larger groups' gaps (the
    /// same sums as `near::shortfall`, lane by lane).
    pub fn distance(&self, b: usize, held: &[(usize, u8)], jokers: u8) -> [u8; BLOCK] {
        let slots = &self.slots[b];
        let (mut matched, mut covered) = ([0u8; BLOCK], [0u8; BLOCK]);
        for &(k, have) in held {
            let s = slots[k];
            if s == ABSENT {
                continue;
            }
            let (natural, eligible) = (&self.natural[s as usize], &self.eligible[s as usize]);
            for lane in 0..BLOCK {
                let in_pairs = natural[lane].min(have);
                let in_groups = eligible[lane].min(have.saturating_sub(natural[lane]));
                matched[lane] = matched[lane].wrapping_add(in_pairs + in_groups);
                covered[lane] = covered[lane].wrapping_add(in_groups);
            }
        }
        let (total, eligible_total) = (&self.total[b], &self.eligible_total[b]);
        let unmakeable = &self.unmakeable[b];
        let mut needed = [0; BLOCK];
        for lane in 0..BLOCK {
            let short = eligible_total[lane].wrapping_sub(covered[lane]);
            let j = jokers.min(short);
            needed[lane] =
                total[lane].wrapping_sub(matched[lane]).wrapping_sub(j) | unmakeable[lane];
        }
        needed
    }
}

impl Card {
    /// Each line's best variant (its first of fewest tiles needed that the
    /// set, less `pool`'s unavailable tiles, can still complete), for a
    /// rack without exposures and the `top` lines asked for. Every block
    /// is measured first; a line whose nearest variant needs more than the
    /// `top` lines found so far is then passed over (its variants are not
    /// checked against the pool), as is the rest of a line once a variant
    /// as near as its nearest is found.
    pub(crate) fn best_by_block(
        &self,
        rack: &Rack,
        pool: Option<&Pool>,
        top: usize,
    ) -> Vec<Ranked> {
        let mut held = [(0usize, 0u8); NATURAL_KINDS];
        let mut kinds = 0;
        for (k, &c) in rack.counts.0[..NATURAL_KINDS].iter().enumerate() {
            if c > 0 {
                held[kinds] = (k, c);
                kinds += 1;
            }
        }
        // Up to 32 blocks (a yearly card has 16) measured on the stack.
        let (mut stack, mut heap) = ([0u8; 32 * BLOCK], Vec::new());
        let needed = self
            .columns
            .measure(&held[..kinds], rack.jokers, &mut stack, &mut heap);
        let mut best = Vec::with_capacity(self.lines.len());
        let mut cutoff = Cutoff::new(top);
        for li in 0..self.lines.len() {
            let lines = self.line_start[li]..self.line_start[li + 1];
            let nearest = needed[lines.clone()]
                .iter()
                .copied()
                .min()
                .unwrap_or(u8::MAX);
            // 255 (no makeable variant) is past any cut-off.
            if nearest > cutoff.needed {
                continue;
            }
            let mut line_best: Option<(Distance, usize)> = None;
            if let Some(pool) = pool {
                for vi in lines {
                    let n = needed[vi];
                    if line_best.is_some_and(|(x, _)| x.needed <= n) {
                        continue;
                    }
                    let v = &self.variants[vi];
                    if !pool.can_make(v, 0) {
                        continue;
                    }
                    line_best = Some((Distance::plain(n), vi));
                    if n == nearest {
                        break;
                    }
                }
            } else if let Some(at) = needed[lines.clone()].iter().position(|&n| n == nearest) {
                // Unmakeable variants read as 255: the first nearest is makeable.
                let vi = lines.start + at;
                line_best = Some((Distance::plain(nearest), vi));
            }
            if let Some(b) = line_best {
                cutoff.add(b.0.needed);
                best.push(self.ranked(li, b.0, b.1));
            }
        }
        best
    }
}

/// The fewest tiles needed that the `top` lines found so far are all
/// within: a line needing more cannot be among them.
struct Cutoff {
    top: usize,
    /// Lines found, by tiles needed (more than 14 counted as 14).
    by_needed: [usize; HAND_SIZE + 1],
    /// The cut-off, and how many lines found are within it.
    needed: u8,
    within: usize,
}

impl Cutoff {
    fn new(top: usize) -> Cutoff {
        Cutoff {
            top,
            by_needed: [0; HAND_SIZE + 1],
            needed: HAND_SIZE as u8,
            within: 0,
        }
    }

    fn add(&mut self, needed: u8) {
        let n = (needed as usize).min(HAND_SIZE);
        self.by_needed[n] += 1;
        if n <= self.needed as usize {
            self.within += 1;
        }
        // Lower the cut-off while the lines below it are enough.
        while self.needed > 0 && self.within - self.by_needed[self.needed as usize] >= self.top {
            self.within -= self.by_needed[self.needed as usize];
            self.needed -= 1;
        }
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
        let rack = parse_tiles("2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C").unwrap();
        let mut have = [0u8; 36];
        for t in &rack {
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
