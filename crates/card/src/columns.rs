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
    /// Per variant: its line (the variants' own field, kept close together
    /// for the scan of the lanes within the cut-off).
    line_of: Vec<u32>,
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
    /// is measured first; then only the variants within the cut-off of the
    /// `top` lines found so far are visited, a block's 64 at a time by a
    /// bit mask: a line none of whose variants is within it is passed over
    /// without a step of its own. The cut-off only falls, and it changes
    /// only between lines, so a line with a variant within it has all its
    /// nearest variants visited: its best is found as a scan of all its
    /// variants would find it, and a line without is never among the `top`.
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
        let mut best = Vec::with_capacity(4 * top);
        let mut cutoff = Cutoff::new(top);
        // The line being visited and its best so far.
        let mut line = usize::MAX;
        let mut line_best: Option<(u8, usize)> = None;
        let mut finish = |line: usize, line_best: Option<(u8, usize)>, cutoff: &mut Cutoff| {
            if let Some((n, vi)) = line_best {
                cutoff.add(n);
                best.push(self.ranked(line, Distance::plain(n), vi));
            }
        };
        for (b, block) in needed.chunks_exact(BLOCK).enumerate() {
            let mut bits = within(block, cutoff.needed);
            while bits != 0 {
                let lane = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let vi = b * BLOCK + lane;
                let li = self.columns.line_of[vi] as usize;
                if li != line {
                    finish(line, line_best.take(), &mut cutoff);
                    line = li;
                }
                // The cut-off may have fallen since the mask was taken.
                let n = block[lane];
                if n > cutoff.needed || line_best.is_some_and(|(x, _)| x <= n) {
                    continue;
                }
                if pool.is_some_and(|p| !p.can_make(&self.variants[vi], 0)) {
                    continue;
                }
                line_best = Some((n, vi));
            }
        }
        finish(line, line_best, &mut cutoff);
        best
    }
}

/// The lanes of a block whose variant needs at most `cutoff` tiles (at
/// most 14), one bit each, lane 0 the lowest: eight lanes at a time in a
/// word. A byte under 128 plus `127 - cutoff` reaches 128 (its high bit)
/// exactly when it is over the cut-off, never carrying into the next; a
/// byte of 128 or more (255: no makeable variant) is over it by its own
/// high bit. The eight high bits are then gathered into one byte by a
/// multiplication whose partial products never overlap.
#[inline]
fn within(block: &[u8], cutoff: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let add = u64::from(127 - cutoff.min(127)) * 0x0101_0101_0101_0101;
    let mut bits = 0u64;
    for (i, word) in block.chunks_exact(8).take(BLOCK / 8).enumerate() {
        let x = u64::from_le_bytes(word.try_into().unwrap_or([u8::MAX; 8]));
        let over = (((x & LOW) + add) | x) & HIGH;
        let lanes = (((over ^ HIGH) >> 7).wrapping_mul(GATHER)) >> 56;
        bits |= lanes << (8 * i);
    }
    bits
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
    fn within_marks_exactly_the_lanes_at_or_under_the_cut_off() {
        let mut block = [0u8; BLOCK];
        for (i, b) in block.iter_mut().enumerate() {
            // Every count 0-15, and 255 (no makeable variant), 128, 127.
            *b = match i % 19 {
                16 => u8::MAX,
                17 => 128,
                18 => 127,
                n => n as u8,
            };
        }
        for cutoff in 0..=HAND_SIZE as u8 {
            let bits = within(&block, cutoff);
            for (lane, &n) in block.iter().enumerate() {
                assert_eq!(
                    bits >> lane & 1 == 1,
                    n <= cutoff,
                    "lane {lane} ({n}), cut-off {cutoff}"
                );
            }
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
