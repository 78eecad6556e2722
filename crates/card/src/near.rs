//! The nearest hands to a rack, and whether a hand can still be made at all
//! (the dead-hand rule, mahjong-mania-2026 rule 13e).

use crate::Card;
use crate::compile::Variant;
use crate::matcher::{place_exposures, remaining};
use crate::parse::HAND_SIZE;
use crate::rack::{Exposure, Rack};
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

/// The distance of a rack to one variant, and what it takes.
#[derive(Clone, Copy, Debug)]
struct Distance {
    needed: u8,
    jokers_used: u8,
    used: u32,
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
fn unexposed(v: &Variant, used: u32) -> ([u8; KIND_COUNT], [u8; KIND_COUNT]) {
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
    /// [`Card::can_still_make`]) make impossible.
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
        // Without tiles out of play, still only what the set can make:
        // with no exposures either, that is the variant's own `makeable`.
        let plain = unavailable.is_none() && rack.expos.is_empty();
        let pool = Pool::new(&rack.expos, unavailable.unwrap_or(&Counts::default()));
        let exposed = !rack.expos.is_empty();
        if top == 0 {
            return Vec::new();
        }
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
                let Some(d) = distance(v, &rack) else {
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
        // Fewest needed, then highest value, then card order: one integer key.
        let key = |(d, vi): &(Distance, usize)| {
            let line = &self.lines[self.variants[*vi].line as usize];
            ((d.needed as u64) << 56) | ((u32::MAX - line.value) as u64) << 24 | line.id as u64
        };
        if best.len() > top {
            best.select_nth_unstable_by_key(top - 1, key);
            best.truncate(top);
        }
        best.sort_unstable_by_key(key);
        best.truncate(top);
        best.into_iter()
            .map(|(d, vi)| self.near_hand(&self.variants[vi], d, &rack))
            .collect()
    }

    fn near_hand(&self, v: &Variant, d: Distance, rack: &Rack) -> NearHand {
        let line = &self.lines[v.line as usize];
        let (natural, eligible) = unexposed(v, d.used);
        // Naturals of each kind the rack holds, exposures included: the set
        // has only so many more to get.
        let mut held = rack.counts.0;
        for e in &rack.expos {
            held[e.tile.index()] += e.size - e.jokers;
        }
        let mut short = [0u8; KIND_COUNT];
        for k in 0..KIND_COUNT - 1 {
            let extra = rack.counts.0[k].saturating_sub(natural[k]);
            short[k] = eligible[k] - extra.min(eligible[k]);
        }
        // Jokers held stand first where the set has no natural left to get,
        // then in the lowest kinds.
        let obtainable: [u8; KIND_COUNT] = std::array::from_fn(|k| {
            Tile::from_index(k as u8)
                .map_or(0, |t| t.copies_in_set())
                .saturating_sub(held[k])
        });
        let mut by_joker = [0u8; KIND_COUNT];
        let mut jokers_left = rack.jokers;
        for k in 0..KIND_COUNT - 1 {
            let forced = short[k].saturating_sub(obtainable[k]).min(jokers_left);
            by_joker[k] = forced;
            jokers_left -= forced;
        }
        for k in 0..KIND_COUNT - 1 {
            let more = (short[k] - by_joker[k]).min(jokers_left);
            by_joker[k] += more;
            jokers_left -= more;
        }
        let mut needed = Vec::with_capacity(d.needed as usize);
        let mut useless = Vec::new();
        let mut jokers_needed = 0;
        for k in 0..KIND_COUNT - 1 {
            let c = rack.counts.0[k];
            let nat = c.min(natural[k]);
            let extra = c - nat;
            let in_groups = extra.min(eligible[k]);
            // What jokers held do not cover: naturals while the set has
            // them, then jokers to get.
            let open = short[k] - by_joker[k];
            let naturals = (natural[k] - nat) + open.min(obtainable[k]);
            let tile = Tile::from_index(k as u8).expect("kind below 35");
            needed.extend(std::iter::repeat_n(tile, naturals as usize));
            jokers_needed += open - open.min(obtainable[k]);
            useless.extend(std::iter::repeat_n(tile, (extra - in_groups) as usize));
        }
        needed.extend(std::iter::repeat_n(Tile::JOKER, jokers_needed as usize));
        useless.extend(std::iter::repeat_n(Tile::JOKER, jokers_left as usize));
        NearHand {
            line: line.id,
            name: line.name.clone(),
            value: line.value,
            concealed_only: line.concealed_only,
            tiles_needed: d.needed,
            needed,
            useless,
            jokers_used: d.jokers_used,
        }
    }

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
struct Pool {
    naturals: [u8; KIND_COUNT],
    jokers: u8,
}

impl Pool {
    fn new(expos: &[Exposure], unavailable: &Counts) -> Pool {
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
    fn can_make(&self, v: &Variant, used: u32) -> bool {
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
}
