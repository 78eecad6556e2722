//! The numbers of a tournament's parts: a round, a table, a game of a round.
//! Each is its own type, so a table number never stands where a round's
//! should; each is written exactly as the bare number (serde transparent),
//! so stored events, tournament files and the API's JSON read as before.
//! Conversions from other integers are checked: a number that does not fit
//! is an error naming it, never a silent largest value or 0.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A number that does not fit: `value` is not a `what` number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{value} is not a {what} number (0 to {max})")]
pub struct NumberError {
    pub what: &'static str,
    pub value: i128,
    pub max: u64,
}

macro_rules! number {
    ($(#[$doc:meta])* $name:ident($int:ty), $what:literal) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub $int);

        impl $name {
            /// The largest number the type holds.
            pub const MAX: $name = $name(<$int>::MAX);

            /// The place in a list counted from 0 (`None` for number 0).
            pub fn index(self) -> Option<usize> {
                usize::from(self.0).checked_sub(1)
            }

            /// The number of place `index` (counted from 0) in a list.
            pub fn at(index: usize) -> Result<$name, NumberError> {
                $name::try_from(index as u128 + 1)
            }

            /// The number after this one, if the type holds it.
            pub fn next(self) -> Option<$name> {
                self.0.checked_add(1).map($name)
            }

            /// The number before this one (`None` for 0 and 1).
            pub fn before(self) -> Option<$name> {
                self.0.checked_sub(1).filter(|&n| n > 0).map($name)
            }

            /// Numbers `1..=self`.
            pub fn upto(self) -> impl DoubleEndedIterator<Item = $name> {
                (1..=self.0).map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }

        impl From<$name> for usize {
            fn from(n: $name) -> usize {
                usize::from(n.0)
            }
        }

        impl From<$name> for u32 {
            fn from(n: $name) -> u32 {
                u32::from(n.0)
            }
        }

        impl From<$name> for i64 {
            fn from(n: $name) -> i64 {
                i64::from(n.0)
            }
        }

        number!(@try $name($int), $what, u32 u64 u128 usize i32 i64);
    };
    (@try $name:ident($int:ty), $what:literal, $($from:ty)*) => {
        $(
            impl TryFrom<$from> for $name {
                type Error = NumberError;
                fn try_from(n: $from) -> Result<$name, NumberError> {
                    <$int>::try_from(n).map($name).map_err(|_| NumberError {
                        what: $what,
                        value: n as i128,
                        max: <$int>::MAX as u64,
                    })
                }
            }
        )*
    };
}

number!(
    /// A round number, counted from 1.
    RoundNo(u8),
    "round"
);
number!(
    /// A table number, counted from 1.
    TableNo(u16),
    "table"
);
number!(
    /// A game number within a round, counted from 1.
    GameNo(u8),
    "game"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_the_bare_number() {
        assert_eq!(serde_json::to_string(&RoundNo(3)).unwrap(), "3");
        assert_eq!(serde_json::from_str::<TableNo>("70").unwrap(), TableNo(70));
        assert!(serde_json::from_str::<GameNo>("256").is_err());
        assert!(serde_json::from_str::<GameNo>("-1").is_err());
        assert_eq!(format!("table {}", TableNo(7)), "table 7");
        assert_eq!("12".parse::<GameNo>(), Ok(GameNo(12)));
    }

    #[test]
    fn conversions_are_checked() {
        assert_eq!(RoundNo::try_from(8u32), Ok(RoundNo(8)));
        let e = RoundNo::try_from(300i64).unwrap_err();
        assert_eq!(e.to_string(), "300 is not a round number (0 to 255)");
        assert_eq!(
            TableNo::try_from(-1i64).unwrap_err().to_string(),
            "-1 is not a table number (0 to 65535)"
        );
        assert_eq!(TableNo::at(0), Ok(TableNo(1)));
        assert!(GameNo::at(255).is_err());
        assert_eq!(GameNo(3).index(), Some(2));
        assert_eq!(GameNo(0).index(), None);
        assert_eq!(RoundNo(1).before(), None);
        assert_eq!(RoundNo(2).before(), Some(RoundNo(1)));
        assert_eq!(RoundNo::MAX.next(), None);
        assert_eq!(
            RoundNo(3).upto().collect::<Vec<_>>(),
            [RoundNo(1), RoundNo(2), RoundNo(3)]
        );
    }
}
