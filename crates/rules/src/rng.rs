//! The one seeded random generator of jongg: the wall and the bots
//! (`jongg-game`), the schedule search (here), random seatings
//! (`jongg-tournament`) and the demo's games all draw from it.
//!
//! SplitMix64 (Steele, Lea and Flood, 2014): one `u64` of state, a few
//! arithmetic steps per number, passes BigCrush, and gives the same stream on
//! every platform and every version of this crate. A game must replay from its
//! seed forever, and a seating from its seed, so the generator is written here
//! rather than borrowed from a crate whose stream may change between releases.
//! It lives in the rules crate because that is the lowest crate all its users
//! depend on.

/// A SplitMix64 generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (bias below
    /// 2^-32 for our n).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A number in `0..n` as the remainder of the next number (0 for
    /// `n == 0`). Random seatings and the demo's games have always been
    /// drawn this way, and a seed must keep giving the seating stored with
    /// it (an import decides every seating again), so they keep it.
    pub fn remainder(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Fisher-Yates shuffle drawing by [`Rng::remainder`] (the random
    /// seating's shuffle).
    pub fn shuffle_by_remainder<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.remainder(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A seed for a sub-stream (game `i` of a simulation, a bot's own stream).
    pub fn derive(seed: u64, salt: u64) -> u64 {
        Rng::new(seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // Reference values of SplitMix64 seeded with 0 (published test vector).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
            assert!(r.remainder(n as u64) < n as u64);
        }
        assert_eq!(r.remainder(0), 0);
        for shuffle in [Rng::shuffle::<u32>, Rng::shuffle_by_remainder::<u32>] {
            let mut v: Vec<u32> = (0..152).collect();
            shuffle(&mut r, &mut v);
            let mut sorted = v.clone();
            sorted.sort();
            assert_eq!(sorted, (0..152).collect::<Vec<_>>());
            assert_ne!(v, sorted);
        }
    }

    #[test]
    fn the_remainder_draw_is_the_seatings_of_before() {
        // The orders of 1..=8 that random seatings drew for these seeds
        // before issue 12 (`next % (i + 1)` over SplitMix64, the seating's
        // own copy then): a stored seed keeps its seating.
        let order = |seed| {
            let mut v: Vec<u32> = (1..=8).collect();
            Rng::new(seed).shuffle_by_remainder(&mut v);
            v
        };
        assert_eq!(order(1), [5, 4, 3, 8, 6, 7, 1, 2]);
        assert_eq!(order(42), [4, 2, 7, 3, 5, 1, 8, 6]);
        assert_eq!(order(u64::MAX), [8, 4, 6, 5, 3, 7, 2, 1]);
    }
}
