//! The nearest hands to a rack: each line's best variant (the block search
//! of `columns.rs` without exposures, variant by variant here with them),
//! the closest lines, and what each needs and leaves useless.

use crate::Card;
use crate::compile::{NATURAL_KINDS, Variant};
use crate::live::Pool;
use crate::matcher::place_exposures;
use crate::parse::HAND_SIZE;
use crate::rack::Rack;
use jongg_tiles::{Counts, KIND_COUNT, Tile};
use serde::Serialize;

/// How far a rack is from one card line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NearHand {
    /// The line's id (1-based over the card).
    pub line: usize,
    /// The line's name (`Section #n`, or the name the file gives it).
    pub name: String,
    pub value: u32,
    pub concealed_only: bool,
    /// Tiles still to get, jokers held already counted where they may stand.
    pub tiles_needed: u8,
    /// The tiles to get (a joker where the set has no natural left). Where a
    /// joker held could stand for one of several tiles of pungs or larger,
    /// it stands first where the set has no natural left, then in the
    /// lowest kind.
    pub needed: Vec<Tile>,
    /// The concealed tiles (jokers included) of no use for this line.
    pub useless: Vec<Tile>,
    /// Jokers held that this line would use.
    pub jokers_used: u8,
}

/// A line's best variant (index) and its distance, with its rank.
pub(crate) type Ranked = (u64, Distance, usize);

/// The distance of a rack to one variant, and what it takes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Distance {
    pub needed: u8,
    /// Jokers held that the variant would use (left 0 by the block search:
    /// the description counts them from the variant).
    pub jokers_used: u8,
    /// The variant's groups the exposures take (bit set).
    pub used: u32,
}

impl Distance {
    /// The distance to a variant of a rack without exposures, `needed`
    /// already measured (the description counts the jokers used again).
    pub(crate) fn plain(needed: u8) -> Distance {
        Distance {
            needed,
            jokers_used: 0,
            used: 0,
        }
    }
}

/// Tiles needed for the variant, or `None` if the exposures do not fit it.
#[inline]
fn distance(v: &Variant, rack: &Rack) -> Option<Distance> {
    if rack.expos.is_empty() {
        return Some(shortfall(
            &v.natural,
            &v.eligible,
            &rack.counts.0,
            rack.jokers,
            0,
        ));
    }
    let used = place_exposures(v, &rack.expos)?;
    let (natural, eligible) = unexposed(v, used);
    Some(shortfall(
        &natural,
        &eligible,
        &rack.counts.0,
        rack.jokers,
        used,
    ))
}

/// The variant's natural-only and joker-eligible counts, less the groups
/// taken by exposures (bit set `used`).
pub(crate) fn unexposed(v: &Variant, used: u32) -> ([u8; KIND_COUNT], [u8; KIND_COUNT]) {
    let (mut natural, mut eligible) = (v.natural, v.eligible);
    for (i, g) in v.groups.iter().enumerate() {
        if used & (1 << i) != 0 {
            let slot = if g.joker_ok() {
                &mut eligible
            } else {
                &mut natural
            };
            slot[g.tile.index()] -= g.size;
        }
    }
    (natural, eligible)
}

/// Singles and pairs take the naturals first; what they lack must be found.
/// The rest of each kind fills pungs and larger, and jokers held cover their
/// gaps. Written over whole count vectors so that it compiles to a few
/// vector instructions (the joker slot is zero in `natural` and `eligible`).
#[inline]
fn shortfall(
    natural: &[u8; KIND_COUNT],
    eligible: &[u8; KIND_COUNT],
    have: &[u8; KIND_COUNT],
    jokers: u8,
    used: u32,
) -> Distance {
    let (mut missing_natural, mut short) = (0u8, 0u8);
    for k in 0..KIND_COUNT {
        let extra = have[k].saturating_sub(natural[k]);
        missing_natural = missing_natural.wrapping_add(natural[k].saturating_sub(have[k]));
        short = short.wrapping_add(eligible[k].saturating_sub(extra));
    }
    let jokers = jokers.min(short);
    Distance {
        needed: missing_natural + short - jokers,
        jokers_used: jokers,
        used,
    }
}

impl Card {
    /// The `top` card lines closest to the rack (13 or 14 concealed-plus-exposed
    /// tiles; fewer are accepted), fewest tiles needed first, then higher
    /// value, then card order. Each line is measured by its best variant
    /// that the 152 tiles can still complete. Lines the exposures cannot be
    /// groups of (or C lines, with exposures) are left out. A rack [`check_rack`](crate::check_rack) refuses gives
    /// an empty list.
    pub fn nearest(
        &self,
        concealed: &[Tile],
        exposures: &[Vec<Tile>],
        top: usize,
    ) -> Vec<NearHand> {
        self.nearest_live(concealed, exposures, None, top)
    }

    /// As [`Card::nearest`], leaving out variants that the tiles in
    /// `unavailable` (discards and other players' exposures; see
    /// [`Card::can_still_make`]) make impossible. A rack without exposures
    /// is measured a block of variants at a time (`columns.rs`); one with
    /// exposures variant by variant.
    pub fn nearest_live(
        &self,
        concealed: &[Tile],
        exposures: &[Vec<Tile>],
        unavailable: Option<&Counts>,
        top: usize,
    ) -> Vec<NearHand> {
        let Ok(rack) = Rack::read(concealed, exposures) else {
            return Vec::new();
        };
        if top == 0 {
            return Vec::new();
        }
        let best = if rack.expos.is_empty() {
            let pool = unavailable.map(|u| Pool::new(&[], u));
            self.best_by_block(&rack, pool.as_ref(), top)
        } else {
            let best = self.best_by_variant(&rack, unavailable, top);
            best.into_iter()
                .map(|(d, vi)| self.ranked(self.variants[vi].line as usize, d, vi))
                .collect()
        };
        self.top_lines(best, top, &rack)
    }

    /// Each line's best variant, variant by variant, skipping lines that
    /// cannot reach the `top` found so far.
    pub(crate) fn best_by_variant(
        &self,
        rack: &Rack,
        unavailable: Option<&Counts>,
        top: usize,
    ) -> Vec<(Distance, usize)> {
        // Without tiles out of play, still only what the set can make:
        // with no exposures either, that is the variant's own `makeable`.
        let plain = unavailable.is_none() && rack.expos.is_empty();
        let pool = Pool::new(&rack.expos, unavailable.unwrap_or(&Counts::default()));
        let exposed = !rack.expos.is_empty();
        let to_fill = HAND_SIZE.saturating_sub(rack.expos.iter().map(|e| e.size as usize).sum());
        // Best (distance, variant index) per line, and how many lines found
        // so far need each number of tiles (for the cut-off below).
        let mut best: Vec<(Distance, usize)> = Vec::new();
        let mut by_needed = [0usize; HAND_SIZE + 1];
        let mut cutoff = HAND_SIZE;
        for (li, line) in self.lines.iter().enumerate() {
            if exposed && line.concealed_only {
                continue;
            }
            // No variant of the line can use more tiles than this: skip the
            // line when even that needs more than the current top-k does.
            let mut usable = rack.jokers as usize;
            for (k, &m) in self.line_max[li].iter().enumerate().take(KIND_COUNT - 1) {
                usable += rack.counts.0[k].min(m) as usize;
            }
            if to_fill.saturating_sub(usable) > cutoff {
                continue;
            }
            let mut line_best: Option<(Distance, usize)> = None;
            for vi in self.line_start[li]..self.line_start[li + 1] {
                let v = &self.variants[vi];
                let Some(d) = distance(v, rack) else {
                    continue;
                };
                if line_best.is_some_and(|(b, _)| b.needed <= d.needed) {
                    continue;
                }
                let can = if plain {
                    v.makeable()
                } else {
                    pool.can_make(v, d.used)
                };
                if !can {
                    continue;
                }
                line_best = Some((d, vi));
            }
            if let Some(b) = line_best {
                by_needed[(b.0.needed as usize).min(HAND_SIZE)] += 1;
                best.push(b);
                // The smallest count of tiles needed with `top` lines at or below it.
                let mut seen = 0;
                for (n, &count) in by_needed.iter().enumerate() {
                    seen += count;
                    if seen >= top {
                        cutoff = n;
                        break;
                    }
                }
            }
        }
        best
    }

    /// The `top` lines of `best`: fewest needed, then highest value, then
    /// card order; each described. `best` holds a line at most once (a few
    /// more than `top` from the block search), so the keys are distinct
    /// and one sort of it all is cheaper than a selection first.
    fn top_lines(&self, mut best: Vec<Ranked>, top: usize, rack: &Rack) -> Vec<NearHand> {
        best.sort_unstable_by_key(|r| r.0);
        best.truncate(top);
        best.into_iter()
            .map(|(_, d, vi)| self.near_hand(&self.variants[vi], d, rack))
            .collect()
    }

    /// Line `li`'s best variant with its rank: fewest needed, then highest
    /// value, then card order, as one integer.
    pub(crate) fn ranked(&self, li: usize, d: Distance, vi: usize) -> Ranked {
        let line = &self.lines[li];
        let key =
            ((d.needed as u64) << 56) | ((u32::MAX - line.value) as u64) << 24 | line.id as u64;
        (key, d, vi)
    }

    /// The line of variant `v` as a [`NearHand`]: what it needs and what
    /// the rack holds of no use to it. What is needed is looked for only
    /// among the variant's kinds, what is useless only among the rack's
    /// (the others need nothing and hold nothing); both lists are written
    /// into buffers on the stack and allocated once each.
    fn near_hand(&self, v: &Variant, d: Distance, rack: &Rack) -> NearHand {
        let line = &self.lines[v.line as usize];
        let exposed;
        let (natural, eligible) = if d.used == 0 {
            (&v.natural, &v.eligible)
        } else {
            exposed = unexposed(v, d.used);
            (&exposed.0, &exposed.1)
        };
        let have = &rack.counts.0;
        // Naturals of each kind the rack holds, exposures included: the set
        // has only so many more to get.
        let mut held = *have;
        for e in &rack.expos {
            held[e.tile.index()] += e.size - e.jokers;
        }
        // Per kind of the variant: the tile, the naturals its singles and
        // pairs still lack, the tiles its larger groups lack, and the
        // naturals the set still has.
        let mut kinds = [(Tile::JOKER, 0u8, 0u8, 0u8); NATURAL_KINDS];
        let mut n = 0;
        let mut short_total = 0u8;
        let mut bits = v.mask;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(tile) = Tile::from_index(k as u8) else {
                continue;
            };
            let in_pairs = have[k].min(natural[k]);
            let extra = have[k] - in_pairs;
            let short = eligible[k] - extra.min(eligible[k]);
            let obtainable = tile.copies_in_set().saturating_sub(held[k]);
            kinds[n] = (tile, natural[k] - in_pairs, short, obtainable);
            short_total += short;
            n += 1;
        }
        let kinds = &kinds[..n];
        let jokers_used = rack.jokers.min(short_total);
        // Jokers held stand first where the set has no natural left to get,
        // then in the lowest kinds.
        let mut by_joker = [0u8; NATURAL_KINDS];
        let mut jokers_left = rack.jokers;
        if jokers_left > 0 {
            for (j, &(_, _, short, obtainable)) in by_joker.iter_mut().zip(kinds) {
                *j = short.saturating_sub(obtainable).min(jokers_left);
                jokers_left -= *j;
            }
            for (j, &(_, _, short, _)) in by_joker.iter_mut().zip(kinds) {
                let more = (short - *j).min(jokers_left);
                *j += more;
                jokers_left -= more;
            }
        }
        let (mut needed, mut needed_len) = ([Tile::JOKER; TILE_BUFFER], 0);
        let mut jokers_needed = 0;
        for (&j, &(tile, missing, short, obtainable)) in by_joker.iter().zip(kinds) {
            // What jokers held do not cover: naturals while the set has
            // them, then jokers to get.
            let open = short - j;
            put(
                &mut needed,
                &mut needed_len,
                tile,
                missing + open.min(obtainable),
            );
            jokers_needed += open - open.min(obtainable);
        }
        put(&mut needed, &mut needed_len, Tile::JOKER, jokers_needed);
        // A tile is useless past what the variant's groups of its kind hold.
        let (mut useless, mut useless_len) = ([Tile::JOKER; TILE_BUFFER], 0);
        let mut bits = rack.mask;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(tile) = Tile::from_index(k as u8) else {
                continue;
            };
            let count = have[k].saturating_sub(natural[k] + eligible[k]);
            put(&mut useless, &mut useless_len, tile, count);
        }
        put(&mut useless, &mut useless_len, Tile::JOKER, jokers_left);
        NearHand {
            line: line.id,
            name: line.name.clone(),
            value: line.value,
            concealed_only: line.concealed_only,
            tiles_needed: d.needed,
            needed: needed[..needed_len].to_vec(),
            useless: useless[..useless_len].to_vec(),
            jokers_used,
        }
    }
}

/// Room for a list of tiles of a hand (at most 14) and one more write of
/// [`put`] past it.
const TILE_BUFFER: usize = 2 * PUT_MOST;

/// The most copies of one tile [`put`] writes (more than a hand holds).
const PUT_MOST: usize = 16;

/// Appends `count` copies of `tile` to the list `buf[..*len]`: one store
/// of a fixed size, whatever the count (a loop of pushes, or `fill`, costs
/// a branch or a call per kind). A list of a hand never passes 14, so the
/// bounds below never clip.
#[inline(always)]
fn put(buf: &mut [Tile; TILE_BUFFER], len: &mut usize, tile: Tile, count: u8) {
    let at = (*len).min(PUT_MOST);
    buf[at..at + PUT_MOST].copy_from_slice(&[tile; PUT_MOST]);
    *len = at + (count as usize).min(PUT_MOST);
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
    fn counts_tiles_needed_with_jokers() {
        let c = Card::parse(SMALL).unwrap();
        // Missing one Flower and one 6: the joker can stand in the kong, not the pair.
        let near = c.nearest(&t("F 2Bx4 4Cx4 6Dx3 J"), &[], 5);
        assert_eq!(near[0].line, 1);
        assert_eq!(near[0].tiles_needed, 1);
        assert_eq!(near[0].needed, t("F"));
        assert_eq!(near[0].jokers_used, 1);
        assert_eq!(near[0].useless, vec![]);
        // A winning rack needs nothing.
        let near = c.nearest(&t("F F 2Bx4 4Cx4 6Dx4"), &[], 1);
        assert_eq!(near[0].tiles_needed, 0);
    }

    #[test]
    fn useless_tiles_are_listed() {
        let c = Card::parse(SMALL).unwrap();
        let near = c.nearest(&t("N N E E E W W W S 9D 9D 1B 1B"), &[], 2);
        assert_eq!(near[0].line, 2);
        assert_eq!(near[0].tiles_needed, 5);
        assert_eq!(near[0].useless, t("9D 9D 1B 1B"));
        assert_eq!(near[0].needed, t("S RD RD RD RD"));
    }

    #[test]
    fn exposures_rule_out_lines() {
        let c = Card::parse(SMALL).unwrap();
        // An exposure of a pung of East fits no group of 2468 and the C line is out.
        assert!(c.nearest(&t("F F 2Bx4 4Cx4"), &[t("E E E")], 5).is_empty());
        let near = c.nearest(&t("F F 4Cx4 6Dx4"), &[t("2B 2B 2B J")], 5);
        assert_eq!(near.len(), 1);
        assert_eq!(near[0].tiles_needed, 0);
    }
    #[test]
    fn put_appends_copies_after_the_list() {
        let (mut buf, mut len) = ([Tile::JOKER; TILE_BUFFER], 0);
        put(&mut buf, &mut len, Tile::FLOWER, 2);
        put(&mut buf, &mut len, Tile::JOKER, 0);
        let north = t("N")[0];
        put(&mut buf, &mut len, north, 3);
        assert_eq!(&buf[..len], t("F F N N N"));
        // A whole hand of one kind fits.
        let (mut buf, mut len) = ([Tile::JOKER; TILE_BUFFER], 0);
        put(&mut buf, &mut len, north, 14);
        assert_eq!(len, 14);
        assert!(buf[..len].iter().all(|&x| x == north));
    }
}
