//! Seats at the table and per-seat data.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A seat for the round (R12): East (A), South, West, North.
/// Play passes to the right: East, South, West, North, East...
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Seat {
    East = 0,
    South = 1,
    West = 2,
    North = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::East, Seat::South, Seat::West, Seat::North];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat in turn (the player to the right).
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The seat across the table.
    pub const fn across(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The previous seat in turn (the player to the left).
    pub const fn prev(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// How many turns after `from` this seat plays (0 for itself).
    pub const fn turns_after(self, from: Seat) -> usize {
        (self as usize + 4 - from as usize) % 4
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::East => "east",
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a word that is not a seat name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a seat (expected east, south, west or north)")]
pub struct BadSeat(pub String);

impl FromStr for Seat {
    type Err = BadSeat;
    fn from_str(s: &str) -> Result<Seat, BadSeat> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| BadSeat(s.to_string()))
    }
}

/// One value per seat, indexed by [`Seat`].
/// Serialises as `{"east": .., "south": .., "west": .., "north": ..}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(4))?;
        for (seat, v) in self.iter() {
            map.serialize_entry(seat.name(), v)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let map = std::collections::BTreeMap::<Seat, T>::deserialize(d)?;
        let mut slots: [Option<T>; 4] = [None, None, None, None];
        for (seat, v) in map {
            slots[seat.index()] = Some(v);
        }
        let mut out = Vec::with_capacity(4);
        for (i, slot) in slots.into_iter().enumerate() {
            out.push(slot.ok_or_else(|| D::Error::missing_field(Seat::from_index(i).name()))?);
        }
        let arr: [T; 4] = out.try_into().map_err(|_| D::Error::custom("four seats"))?;
        Ok(BySeat(arr))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_passes_to_the_right() {
        assert_eq!(Seat::East.next(), Seat::South);
        assert_eq!(Seat::North.next(), Seat::East);
        assert_eq!(Seat::East.across(), Seat::West);
        assert_eq!(Seat::East.prev(), Seat::North);
        assert_eq!(Seat::West.turns_after(Seat::East), 2);
        assert_eq!(Seat::East.turns_after(Seat::West), 2);
        assert_eq!(Seat::South.turns_after(Seat::North), 2);
    }

    #[test]
    fn seats_parse_case_insensitively_and_reject_others() {
        assert_eq!("West".parse::<Seat>(), Ok(Seat::West));
        assert!("centre".parse::<Seat>().is_err());
    }

    #[test]
    fn by_seat_round_trips_as_a_json_object() {
        let v = BySeat([0, 40, -20, 0]);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"{"east":0,"south":40,"west":-20,"north":0}"#);
        let back: BySeat<i32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v);
        assert!(serde_json::from_str::<BySeat<i32>>(r#"{"east":0}"#).is_err());
    }
}
