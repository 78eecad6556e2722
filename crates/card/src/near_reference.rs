//! The nearest-hands search as it was before the block search of
//! `columns.rs` (issue 24, point 4): every line variant by variant, each
//! result described kind by kind over all 35 kinds. Kept whole, and public
//! only for the tests and the bench that hold the two side by side on the
//! same racks (`tests/reference.rs`, `benches/matcher.rs`); play uses
//! [`Card::nearest_live`].

use crate::Card;
use crate::compile::Variant;
use crate::near::{Distance, NearHand, unexposed};
use crate::rack::Rack;
use jongg_tiles::{Counts, KIND_COUNT, Tile};

impl Card {
    /// As [`Card::nearest_live`], by the search before the block search.
    #[doc(hidden)]
    pub fn nearest_by_variant(
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
        let mut best = self.best_by_variant(&rack, unavailable, top);
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
            .map(|(d, vi)| self.near_hand_reference(&self.variants[vi], d, &rack))
            .collect()
    }

    fn near_hand_reference(&self, v: &Variant, d: Distance, rack: &Rack) -> NearHand {
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
}
