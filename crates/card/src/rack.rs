//! A rack as the card reads it: the concealed tiles and the exposures,
//! refused when no game could hold them. [`check_rack`] is the one check
//! every way a rack comes in goes through (the matcher, nearest hands, the
//! table engine's positions, score entry with tiles).

use crate::parse::{HAND_SIZE, MAX_GROUP};
use jongg_tiles::{Counts, KIND_COUNT, Tile};
use serde::Serialize;

/// Why a rack cannot be checked against the card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RackError {
    /// A Mah Jongg hand is not 14 tiles, exposures included.
    #[error("a Mah Jongg hand has 14 tiles (exposures included); this one has {0}")]
    WrongCount(usize),
    /// More than 14 tiles, exposures included.
    #[error("a rack holds at most 14 tiles (exposures included); this one has {0}")]
    TooManyTiles(usize),
    /// More copies of a tile than the 152-tile set holds.
    #[error("{count} × {tile} in the rack and its exposures; the set has only {most}")]
    TooManyOf { tile: Tile, count: u8, most: u8 },
    /// An exposure that is not one group of three or more.
    #[error("exposure {index} ({tiles}): {reason}")]
    BadExposure {
        /// 1-based, in the order given.
        index: usize,
        tiles: String,
        reason: String,
    },
}

/// An exposure read as a group: `size` tiles of `tile`, `jokers` of them jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Exposure {
    pub tile: Tile,
    pub size: u8,
    pub jokers: u8,
}

impl Exposure {
    /// Reads an exposure (0-based `index`, for the error): one group of 3
    /// to 6 tiles, naturals of one kind (at least one) and jokers. A pair or
    /// a single is never exposed: the tile that completes one for Mah Jongg
    /// joins the hand.
    pub fn read(index: usize, tiles: &[Tile]) -> Result<Exposure, RackError> {
        let bad = |reason: &str| RackError::BadExposure {
            index: index + 1,
            tiles: jongg_tiles::format_tiles(tiles),
            reason: reason.to_string(),
        };
        if tiles.len() < 3 {
            return Err(bad(
                "an exposure is three or more tiles; a pair or a single is never exposed (the tile that completes it for Mah Jongg joins the hand)",
            ));
        }
        if tiles.len() > MAX_GROUP {
            return Err(bad("an exposure is one group of 3 to 6 tiles"));
        }
        let jokers = tiles.iter().filter(|t| t.is_joker()).count();
        let mut naturals = tiles.iter().filter(|t| !t.is_joker());
        let Some(&tile) = naturals.next() else {
            return Err(bad("an exposure needs at least one natural tile"));
        };
        if naturals.any(|&t| t != tile) {
            return Err(bad(
                "an exposure is one group of identical tiles (and jokers)",
            ));
        }
        Ok(Exposure {
            tile,
            size: tiles.len() as u8,
            jokers: jokers as u8,
        })
    }

    /// The exposure's tiles: naturals, then jokers.
    pub fn tiles(self) -> Vec<Tile> {
        std::iter::repeat_n(self.tile, (self.size - self.jokers) as usize)
            .chain(std::iter::repeat_n(Tile::JOKER, self.jokers as usize))
            .collect()
    }
}

/// Checks a rack in play or a Mah Jongg hand: each exposure one group of 3
/// to 6 tiles; at most 14 tiles in all; and, over the concealed tiles and
/// the exposures together, no more of a tile than the set holds (4 of each,
/// 8 Flowers, 8 jokers). Gives back the exposures read. The error names what
/// is wrong: the exposure, the count, or the tile and how many there are.
pub fn check_rack(concealed: &[Tile], exposures: &[Vec<Tile>]) -> Result<Vec<Exposure>, RackError> {
    Rack::read(concealed, exposures).map(|r| r.expos)
}

/// The copies of each kind in the 152-tile set.
const IN_SET: [u8; KIND_COUNT] = {
    let mut most = [4u8; KIND_COUNT];
    most[Tile::FLOWER.index()] = 8;
    most[Tile::JOKER.index()] = 8;
    most
};

/// A checked rack as count vectors, for the queries.
pub(crate) struct Rack {
    /// The concealed tiles per kind.
    pub counts: Counts,
    pub jokers: u8,
    /// Natural kinds in the concealed tiles.
    pub mask: u64,
    pub expos: Vec<Exposure>,
}

impl Rack {
    /// Reads and checks a rack (see [`check_rack`]).
    pub fn read(concealed: &[Tile], exposures: &[Vec<Tile>]) -> Result<Rack, RackError> {
        let mut rack = Rack::empty();
        rack.fill(concealed, exposures)?;
        Ok(rack)
    }

    pub fn empty() -> Rack {
        Rack {
            counts: Counts::default(),
            jokers: 0,
            mask: 0,
            expos: Vec::new(),
        }
    }

    /// Reads and checks a rack into an empty one, in place: the matcher's
    /// hot path is a few nanoseconds a rack, and moving the counts once
    /// they are written byte by byte would cost as much again.
    #[inline(always)]
    pub fn fill(&mut self, concealed: &[Tile], exposures: &[Vec<Tile>]) -> Result<(), RackError> {
        let total = concealed.len() + exposures.iter().map(Vec::len).sum::<usize>();
        if total > HAND_SIZE {
            return Err(RackError::TooManyTiles(total));
        }
        self.expos = exposures
            .iter()
            .enumerate()
            .map(|(i, e)| Exposure::read(i, e))
            .collect::<Result<Vec<_>, _>>()?;
        // Counts and kinds held in one pass. `five` has bit 3 set once some
        // count reaches 5 (a count of 4 plus 3 is 7); only then, or with
        // exposures, are the counts checked against the set's copies.
        let mut five = 0u8;
        for t in concealed {
            let k = t.index();
            self.counts.0[k] += 1;
            five |= self.counts.0[k] + 3;
            self.mask |= 1 << k;
        }
        self.mask &= !(1 << Tile::JOKER.index());
        self.jokers = self.counts.get(Tile::JOKER);
        if five >= 8 || !self.expos.is_empty() {
            let mut all = self.counts.0;
            for e in &self.expos {
                all[e.tile.index()] += e.size - e.jokers;
                all[Tile::JOKER.index()] += e.jokers;
            }
            if all.iter().zip(&IN_SET).any(|(c, m)| c > m) {
                return Err(too_many(&all));
            }
        }
        Ok(())
    }
}

#[cold]
fn too_many(all: &[u8; KIND_COUNT]) -> RackError {
    let (k, &count) = all
        .iter()
        .enumerate()
        .find(|&(k, &c)| c > IN_SET[k])
        .expect("called when a count is over");
    RackError::TooManyOf {
        tile: Tile::from_index(k as u8).expect("a kind index"),
        count,
        most: IN_SET[k],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    #[test]
    fn the_set_bounds_every_tile() {
        let five = check_rack(&t("5Bx5 1Dx4 2Dx4 F"), &[]).unwrap_err();
        assert_eq!(
            five,
            RackError::TooManyOf {
                tile: t("5B")[0],
                count: 5,
                most: 4
            }
        );
        assert_eq!(
            five.to_string(),
            "5 × 5B in the rack and its exposures; the set has only 4"
        );
        // Fourteen jokers (8 + 6): jokers counted over the exposures too.
        let e = check_rack(&t("Jx8"), &[t("F Jx5")]).unwrap_err();
        assert!(
            matches!(
                e,
                RackError::TooManyOf {
                    count: 13,
                    most: 8,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().starts_with("13 × J"), "{e}");
        let e = check_rack(&t("Fx5"), &[t("Fx4")]).unwrap_err();
        assert!(e.to_string().starts_with("9 × F"), "{e}");
        // Exactly the set's copies pass.
        assert!(check_rack(&t("Fx4 Jx4 5Bx4 1D 1D"), &[]).is_ok());
        assert!(check_rack(&t("5B"), &[t("5Bx3")]).is_ok());
    }

    #[test]
    fn exposures_are_three_or_more() {
        for small in ["7C 7C", "N", "F J"] {
            let e = check_rack(&t("Fx4"), &[t(small)]).unwrap_err();
            assert!(
                e.to_string()
                    .contains("a pair or a single is never exposed"),
                "{small}: {e}"
            );
        }
        let e = check_rack(&[], &[t("2Bx4"), t("J J J")]).unwrap_err();
        assert!(matches!(e, RackError::BadExposure { index: 2, .. }), "{e}");
        assert!(check_rack(&[], &[t("2B 2B 4B")]).is_err());
        assert!(check_rack(&[], &[t("2Bx7")]).is_err());
        assert_eq!(check_rack(&[], &[t("2B J J")]).unwrap()[0].jokers, 2);
    }

    #[test]
    fn a_rack_holds_at_most_fourteen() {
        assert_eq!(
            check_rack(&t("Fx8 Jx7"), &[]),
            Err(RackError::TooManyTiles(15))
        );
        // A huge rack is refused by its length, before any count.
        let many = vec![Tile::JOKER; 1000];
        assert_eq!(check_rack(&many, &[]), Err(RackError::TooManyTiles(1000)));
    }
}
