//! The scan of the measured blocks (`columns.rs`) for each line's best
//! variant, for a rack without exposures: a first cut-off from each
//! block's nearest variant, then only the lanes within the cut-off of the
//! `top` lines found so far, a block's 64 at a time by a bit mask.

use crate::Card;
use crate::columns::BLOCK;
use crate::compile::NATURAL_KINDS;
use crate::live::Pool;
use crate::near::{Distance, Ranked};
use crate::parse::HAND_SIZE;
use crate::rack::Rack;

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
        let mut bits = rack.mask;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            held[kinds] = (k, rack.counts.0[k]);
            kinds += 1;
        }
        // Up to 32 blocks (a yearly card has 16) measured on the stack.
        let (mut stack, mut heap) = ([0u8; 32 * BLOCK], Vec::new());
        let needed = self
            .columns
            .measure(&held[..kinds], rack.jokers, &mut stack, &mut heap);
        let mut best = Vec::with_capacity(2 * top);
        let mut cutoff = Cutoff::new(top, self.first_cutoff(needed, pool, top));
        // The line being visited and its best so far.
        let mut line = usize::MAX;
        let mut line_best: Option<(u8, usize)> = None;
        let mut finish = |line: usize, line_best: Option<(u8, usize)>, cutoff: &mut Cutoff| {
            if let Some((n, vi)) = line_best {
                cutoff.add(n);
                best.push(self.ranked(line, Distance::plain(n), vi));
            }
        };
        for (b, block) in needed.as_chunks::<BLOCK>().0.iter().enumerate() {
            // A block's fewest is a few vector instructions, its mask more.
            if fewest(block) > cutoff.needed {
                continue;
            }
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
                if pool.is_some_and(|p| !p.can_make_concealed(&self.variants[vi])) {
                    continue;
                }
                line_best = Some((n, vi));
            }
        }
        finish(line, line_best, &mut cutoff);
        best
    }
}

impl Card {
    /// A cut-off to start the scan from, so that its first blocks are not
    /// visited whole: the first variant at the fewest tiles needed of each
    /// [`PART`] of a block (if the pool can make it) names a line that
    /// needs at most that many, and the `top`-th fewest over distinct lines
    /// bounds the cut-off the scan would reach. A line's variants are
    /// consecutive, so the parts naming the same line come one after
    /// another (the nearest of them is kept); the pool is asked only about
    /// a part's variant that would lower the bound.
    fn first_cutoff(&self, needed: &[u8], pool: Option<&Pool>, top: usize) -> u8 {
        let mut bound = Cutoff::new(top, HAND_SIZE as u8);
        let count = |n: usize, vi: usize, bound: &mut Cutoff| {
            if n <= bound.needed as usize
                && pool.is_none_or(|p| p.can_make_concealed(&self.variants[vi]))
            {
                bound.add(n as u8);
            }
        };
        // The line named last, with its nearest variant, not yet counted.
        let mut pending: Option<(u32, usize, usize)> = None;
        for (p, part) in needed.as_chunks::<PART>().0.iter().enumerate() {
            let (n, lane) = first_at_fewest(part);
            if n > HAND_SIZE {
                continue;
            }
            let vi = p * PART + lane;
            let li = self.columns.line_of[vi];
            match pending {
                Some((l, was, _)) if l == li => {
                    if n < was {
                        pending = Some((li, n, vi));
                    }
                }
                _ => {
                    if let Some((_, n, vi)) = pending.replace((li, n, vi)) {
                        count(n, vi, &mut bound);
                    }
                }
            }
        }
        if let Some((_, n, vi)) = pending {
            count(n, vi, &mut bound);
        }
        bound.needed
    }
}

/// The lanes of a block looked at together for the first cut-off: the
/// more parts, the more lines named and the closer the bound, for a
/// little more work per block.
const PART: usize = 32;
const _: () = assert!(
    BLOCK.is_multiple_of(PART) && PART <= 64,
    "a lane fits in 6 bits"
);

/// The fewest tiles any lane of a block needs.
#[inline]
fn fewest(block: &[u8; BLOCK]) -> u8 {
    block.iter().copied().fold(u8::MAX, u8::min)
}

/// The fewest tiles any lane of (part of) a block needs, and the first
/// lane that needs them: the least of `needed << 6 | lane` over the lanes,
/// in 16-bit signed lanes (255 << 6 plus 63 still fits) that compile to
/// `pminsw`.
#[inline]
fn first_at_fewest<const LANES: usize>(block: &[u8; LANES]) -> (usize, usize) {
    let mut least = i16::MAX;
    for (lane, &n) in block.iter().enumerate() {
        least = least.min(i16::from(n) << 6 | lane as i16);
    }
    ((least >> 6) as usize, (least & 63) as usize)
}

/// The lanes of a block whose variant needs at most `cutoff` tiles (at
/// most 14), one bit each, lane 0 the lowest: eight lanes at a time in a
/// word. A byte under 128 plus `127 - cutoff` reaches 128 (its high bit)
/// exactly when it is over the cut-off, never carrying into the next; a
/// byte of 128 or more (255: no makeable variant) is over it by its own
/// high bit. The eight high bits are then gathered into one byte by a
/// multiplication whose partial products never overlap.
#[inline]
fn within(block: &[u8; BLOCK], cutoff: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let add = u64::from(127 - cutoff.min(127)) * 0x0101_0101_0101_0101;
    let mut bits = 0u64;
    for (i, word) in block.as_chunks::<8>().0.iter().enumerate() {
        let x = u64::from_le_bytes(*word);
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
    /// No line found yet, and a cut-off known to hold (at most 14).
    fn new(top: usize, needed: u8) -> Cutoff {
        Cutoff {
            top,
            by_needed: [0; HAND_SIZE + 1],
            needed: needed.min(HAND_SIZE as u8),
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
    use jongg_tiles::{Counts, Tile, full_set};

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
    fn the_first_lane_at_a_blocks_fewest_is_found() {
        let mut block = [u8::MAX; BLOCK];
        assert_eq!(first_at_fewest(&block), (255, 0));
        for (lane, n) in [(40, 9), (12, 7), (63, 7), (30, 8), (50, 7)] {
            block[lane] = n;
        }
        assert_eq!(first_at_fewest(&block), (7, 12));
        assert_eq!(fewest(&block), 7);
        block[63] = 0;
        assert_eq!(first_at_fewest(&block), (0, 63));
        assert_eq!(fewest(&block), 0);
    }

    /// Random 13-tile racks drawn from the 152, and 30 more out of play.
    fn racks(count: usize) -> Vec<(Vec<Tile>, Counts)> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        (0..count)
            .map(|_| {
                let mut wall = full_set();
                for i in 0..43 {
                    let j = i + below(wall.len() - i);
                    wall.swap(i, j);
                }
                let out = Counts::from_tiles(&wall[13..43]);
                wall.truncate(13);
                (wall, out)
            })
            .collect()
    }

    #[test]
    fn the_first_cut_off_is_never_under_the_one_the_top_lines_reach() {
        let card = Card::practice();
        let mut below_hand = 0;
        for (tiles, out) in racks(200) {
            let rack = Rack::read(&tiles, &[]).unwrap();
            let held: Vec<(usize, u8)> = (0..NATURAL_KINDS)
                .filter(|&k| rack.counts.0[k] > 0)
                .map(|k| (k, rack.counts.0[k]))
                .collect();
            let (mut stack, mut heap) = ([0u8; 32 * BLOCK], Vec::new());
            let needed = card
                .columns
                .measure(&held, rack.jokers, &mut stack, &mut heap);
            for (top, live) in [(1, false), (5, false), (12, true), (60, false)] {
                let pool = live.then(|| Pool::new(&[], &out));
                let first = card.first_cutoff(needed, pool.as_ref(), top);
                let near = card.nearest_live(&tiles, &[], live.then_some(&out), top);
                match near.get(top - 1) {
                    Some(last) => assert!(first >= last.tiles_needed, "{tiles:?} top {top}"),
                    None => assert_eq!(first as usize, HAND_SIZE, "fewer than {top} lines"),
                }
                // The nearest variant of all is a nearest line's.
                if top == 1 {
                    assert_eq!(first, near[0].tiles_needed);
                }
                below_hand += usize::from((first as usize) < HAND_SIZE);
            }
        }
        // The bound does cut: most searches start under 14.
        assert!(below_hand > 400, "{below_hand}");
    }
}
