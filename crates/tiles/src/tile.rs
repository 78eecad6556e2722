//! The tile kinds and the 152-tile set.

use std::fmt;

/// Number of distinct tile kinds: 27 suited, 4 winds, 3 dragons, flower, joker.
pub const KIND_COUNT: usize = 36;

/// The three suits. Each has the dragon that "matches" it on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Dots = 0,
    Bams = 1,
    Craks = 2,
}

impl Suit {
    pub const ALL: [Suit; 3] = [Suit::Dots, Suit::Bams, Suit::Craks];

    /// The dragon of the same suit: White with Dots, Green with Bams, Red with Craks.
    pub const fn dragon(self) -> Dragon {
        match self {
            Suit::Dots => Dragon::White,
            Suit::Bams => Dragon::Green,
            Suit::Craks => Dragon::Red,
        }
    }

    /// The letter of the notation: `D`, `B`, `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Dots => 'D',
            Suit::Bams => 'B',
            Suit::Craks => 'C',
        }
    }
}

/// The four winds, in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Wind {
    East = 0,
    South = 1,
    West = 2,
    North = 3,
}

impl Wind {
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }
}

/// The three dragons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Dragon {
    Red = 0,
    Green = 1,
    White = 2,
}

impl Dragon {
    pub const ALL: [Dragon; 3] = [Dragon::Red, Dragon::Green, Dragon::White];

    /// The suit this dragon matches (see [`Suit::dragon`]).
    pub const fn suit(self) -> Suit {
        match self {
            Dragon::Red => Suit::Craks,
            Dragon::Green => Suit::Bams,
            Dragon::White => Suit::Dots,
        }
    }
}

/// One tile kind, as an index `0..KIND_COUNT`:
/// 0-8 Dots 1-9, 9-17 Bams 1-9, 18-26 Craks 1-9, 27-30 Winds E S W N,
/// 31-33 Dragons Red Green White, 34 Flower, 35 Joker.
///
/// The index order is the sort order of racks in the notation.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    pub const FLOWER: Tile = Tile(34);
    pub const JOKER: Tile = Tile(35);

    /// The tile with this index, if it is below [`KIND_COUNT`].
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < KIND_COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A suited tile; `number` must be 1-9.
    pub const fn suited(suit: Suit, number: u8) -> Option<Tile> {
        if number >= 1 && number <= 9 {
            Some(Tile(suit as u8 * 9 + number - 1))
        } else {
            None
        }
    }

    pub const fn wind(wind: Wind) -> Tile {
        Tile(27 + wind as u8)
    }

    pub const fn dragon(dragon: Dragon) -> Tile {
        Tile(31 + dragon as u8)
    }

    /// Every kind, jokers and flowers included, in index order.
    pub fn all_kinds() -> impl Iterator<Item = Tile> {
        (0..KIND_COUNT as u8).map(Tile)
    }

    /// How many copies of this kind the 152-tile set holds.
    pub const fn copies_in_set(self) -> u8 {
        if self.0 >= 34 { 8 } else { 4 }
    }

    pub const fn suit(self) -> Option<Suit> {
        match self.0 {
            0..=8 => Some(Suit::Dots),
            9..=17 => Some(Suit::Bams),
            18..=26 => Some(Suit::Craks),
            _ => None,
        }
    }

    /// 1-9 for suited tiles.
    pub const fn number(self) -> Option<u8> {
        if self.0 < 27 {
            Some(self.0 % 9 + 1)
        } else {
            None
        }
    }

    pub const fn as_wind(self) -> Option<Wind> {
        match self.0 {
            27 => Some(Wind::East),
            28 => Some(Wind::South),
            29 => Some(Wind::West),
            30 => Some(Wind::North),
            _ => None,
        }
    }

    pub const fn as_dragon(self) -> Option<Dragon> {
        match self.0 {
            31 => Some(Dragon::Red),
            32 => Some(Dragon::Green),
            33 => Some(Dragon::White),
            _ => None,
        }
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 35
    }

    pub const fn is_flower(self) -> bool {
        self.0 == 34
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(suit), Some(n)) = (self.suit(), self.number()) {
            return write!(f, "{n}{}", suit.letter());
        }
        if let Some(w) = self.as_wind() {
            return write!(f, "{}", w.letter());
        }
        f.write_str(match self.0 {
            31 => "RD",
            32 => "GD",
            33 => "WD",
            34 => "F",
            _ => "J",
        })
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

/// A multiset of tiles as a count per kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; KIND_COUNT]);

impl Default for Counts {
    fn default() -> Counts {
        Counts([0; KIND_COUNT])
    }
}

impl Counts {
    pub fn from_tiles(tiles: &[Tile]) -> Counts {
        let mut c = Counts::default();
        for t in tiles {
            c.0[t.index()] += 1;
        }
        c
    }

    pub fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    pub fn add(&mut self, tile: Tile) {
        self.0[tile.index()] += 1;
    }

    /// Removes one copy; `false` (and nothing changed) when there is none.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let slot = &mut self.0[tile.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// The tiles in index order.
    pub fn to_tiles(&self) -> Vec<Tile> {
        Tile::all_kinds()
            .flat_map(|t| std::iter::repeat_n(t, self.get(t) as usize))
            .collect()
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Counts[{}]", crate::format_tiles(&self.to_tiles()))
    }
}

/// The full 152-tile set in index order.
pub fn full_set() -> Vec<Tile> {
    Tile::all_kinds()
        .flat_map(|t| std::iter::repeat_n(t, t.copies_in_set() as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_has_152_tiles_with_8_jokers_and_8_flowers() {
        let set = full_set();
        assert_eq!(set.len(), 152);
        let counts = Counts::from_tiles(&set);
        assert_eq!(counts.get(Tile::JOKER), 8);
        assert_eq!(counts.get(Tile::FLOWER), 8);
        for suit in Suit::ALL {
            for n in 1..=9 {
                assert_eq!(counts.get(Tile::suited(suit, n).unwrap()), 4);
            }
        }
        for w in Wind::ALL {
            assert_eq!(counts.get(Tile::wind(w)), 4);
        }
        for d in Dragon::ALL {
            assert_eq!(counts.get(Tile::dragon(d)), 4);
        }
    }

    #[test]
    fn dragons_match_their_suits() {
        for suit in Suit::ALL {
            assert_eq!(suit.dragon().suit(), suit);
        }
        assert_eq!(Suit::Dots.dragon(), Dragon::White);
    }

    #[test]
    fn accessors_agree_with_constructors() {
        for suit in Suit::ALL {
            for n in 1..=9 {
                let t = Tile::suited(suit, n).unwrap();
                assert_eq!(t.suit(), Some(suit));
                assert_eq!(t.number(), Some(n));
                assert_eq!(t.as_wind(), None);
            }
        }
        assert_eq!(Tile::suited(Suit::Bams, 0), None);
        assert_eq!(Tile::suited(Suit::Bams, 10), None);
        assert_eq!(Tile::from_index(36), None);
    }
}
