//! The event's card: the year of the NMJL card the rules text requires.
//!
//! A text may name one year (`mahjong-mania-2026` rule 1: 2026), say "the
//! current card" (`standard` 13), or contradict itself
//! (`st-louis-senior-olympics`: 2022 in its heading, 2019 in 6a). The preset
//! records every reading with its source; where there are several, the
//! director chooses one ([`EventCard::choose`]).

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The earliest and latest card year a preset may name.
pub const CARD_YEARS: std::ops::RangeInclusive<u16> = 1960..=2100;

/// The year of the card: a given year, or the current year's card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardYear {
    /// The card of the year the event is played in.
    Current,
    /// The card of this year.
    Year(u16),
}

impl CardYear {
    /// The year itself, `this_year` standing for the current one (the rules
    /// crate has no clock: the caller gives it).
    pub fn resolve(self, this_year: u16) -> u16 {
        match self {
            CardYear::Current => this_year,
            CardYear::Year(y) => y,
        }
    }
}

impl fmt::Display for CardYear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardYear::Current => f.write_str("the current year's card"),
            CardYear::Year(y) => write!(f, "the {y} card"),
        }
    }
}

impl Serialize for CardYear {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CardYear::Current => s.serialize_str("current"),
            CardYear::Year(y) => s.serialize_u16(*y),
        }
    }
}

struct CardYearVisitor;

impl Visitor<'_> for CardYearVisitor {
    type Value = CardYear;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a card year from {} to {} or \"current\"",
            CARD_YEARS.start(),
            CARD_YEARS.end()
        )
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CardYear, E> {
        match u16::try_from(v) {
            Ok(y) if CARD_YEARS.contains(&y) => Ok(CardYear::Year(y)),
            _ => Err(E::invalid_value(de::Unexpected::Signed(v), &self)),
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CardYear, E> {
        match u16::try_from(v) {
            Ok(y) if CARD_YEARS.contains(&y) => Ok(CardYear::Year(y)),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(v), &self)),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<CardYear, E> {
        if v == "current" {
            Ok(CardYear::Current)
        } else {
            Err(E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
}

impl<'de> Deserialize<'de> for CardYear {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardYear, D::Error> {
        d.deserialize_any(CardYearVisitor)
    }
}

/// One reading of the text: a card year and where the text says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardReading {
    pub year: CardYear,
    pub source: String,
}

/// The event's card (`[card]`): every reading of the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    /// One reading, or several when the text contradicts itself.
    pub readings: Vec<CardReading>,
}

/// A card year the director chose that is not a reading of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAReading {
    pub chosen: CardYear,
    pub readings: Vec<CardYear>,
}

impl fmt::Display for NotAReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.readings.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{} is not what the rules text says (it says {})",
            self.chosen,
            list.join(" or ")
        )
    }
}

impl std::error::Error for NotAReading {}

impl EventCard {
    /// Whether the text reads more than one way and the director must choose.
    pub fn needs_choice(&self) -> bool {
        self.readings.len() > 1
    }

    /// The card when the text reads one way only.
    pub fn only(&self) -> Option<&CardReading> {
        match self.readings.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// The reading the director chose; an error names the readings there are.
    pub fn choose(&self, year: CardYear) -> Result<&CardReading, NotAReading> {
        self.readings
            .iter()
            .find(|r| r.year == year)
            .ok_or_else(|| NotAReading {
                chosen: year,
                readings: self.readings.iter().map(|r| r.year).collect(),
            })
    }

    /// Checks what the types cannot say: the key and the reason.
    pub(crate) fn check(&self) -> Result<(), (String, String)> {
        if self.readings.is_empty() {
            return Err(("card.readings".into(), "give at least one reading".into()));
        }
        if self.readings.len() > 4 {
            return Err(("card.readings".into(), "at most 4 readings".into()));
        }
        for (i, r) in self.readings.iter().enumerate() {
            if self.readings[..i].iter().any(|o| o.year == r.year) {
                return Err(("card.readings".into(), format!("{} is given twice", r.year)));
            }
            if r.source.trim().is_empty() {
                return Err(("card.readings".into(), format!("{} has no source", r.year)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct T {
        year: CardYear,
    }

    #[test]
    fn a_year_reads_from_a_number_or_current() {
        let t: T = toml::from_str("year = 2026").unwrap();
        assert_eq!(t.year, CardYear::Year(2026));
        let t: T = toml::from_str("year = \"current\"").unwrap();
        assert_eq!(t.year, CardYear::Current);
        let e = toml::from_str::<T>("year = 26").unwrap_err().to_string();
        assert!(e.contains("a card year from 1960 to 2100"), "{e}");
        let e = toml::from_str::<T>("year = \"this\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("\"current\""), "{e}");
        assert_eq!(CardYear::Current.resolve(2031), 2031);
        assert_eq!(CardYear::Year(2019).resolve(2031), 2019);
    }

    #[test]
    fn choosing_a_reading() {
        let card = EventCard {
            readings: vec![
                CardReading {
                    year: CardYear::Year(2022),
                    source: "a".into(),
                },
                CardReading {
                    year: CardYear::Year(2019),
                    source: "b".into(),
                },
            ],
        };
        assert!(card.needs_choice());
        assert_eq!(card.only(), None);
        assert_eq!(card.choose(CardYear::Year(2019)).unwrap().source, "b");
        let e = card.choose(CardYear::Year(2024)).unwrap_err().to_string();
        assert_eq!(
            e,
            "the 2024 card is not what the rules text says (it says the 2022 card or the 2019 card)"
        );
    }
}
