//! The event's card (issue 14.1): setting it, and a winning hand's tiles.

use super::schema;
use jongg_rules::GameRecord;
use jongg_tournament::Command;
use jongg_tournament::card::{CardFile, HandTiles};
use serde::Deserialize;
use utoipa::ToSchema;

/// A winning hand's tiles in jongg's notation (docs/notation.md).
#[derive(Debug, Clone, PartialEq, serde::Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    /// The concealed tiles, e.g. `1Bx3 2Bx3 F J`.
    #[schema(schema_with = schema::tiles)]
    pub concealed: String,
    /// Each exposure's tiles.
    #[serde(default)]
    #[schema(schema_with = schema::exposures)]
    pub exposures: Vec<String>,
}

impl From<Hand> for HandTiles {
    fn from(h: Hand) -> Self {
        HandTiles {
            concealed: h.concealed,
            exposures: h.exposures,
        }
    }
}

crate::tagged! {
    /// Which card file the event uses.
    pub enum CardChoice {
        /// No card file: scorekeepers enter values.
        None = "none" {},
        /// jongg's practice card, for a demonstration.
        Practice = "practice" {},
        /// The director's own card file (docs/card-format.md).
        File = "file" {
            /// The name it is shown by.
            #[schema(schema_with = schema::label)]
            label: String,
            #[schema(schema_with = schema::card_file)]
            text: String,
        },
    }
}

/// Set the event's card: the card year chosen among the rules text's
/// readings (where it reads two ways) and the card file.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetCard {
    /// A card year the rules text names (st-louis-senior-olympics: 2022 or 2019).
    #[serde(default)]
    #[schema(minimum = 1960, maximum = 2100)]
    pub year: Option<u16>,
    /// The card file; left out, the file loaded now stays (to choose the
    /// year alone).
    #[serde(default)]
    pub card: Option<CardChoice>,
}

impl SetCard {
    /// The command, `now` the card file loaded now (kept when `card` is
    /// left out).
    pub fn command(self, now: Option<CardFile>) -> Command {
        Command::SetCard {
            year: self.year.map(jongg_rules::floor::CardYear::Year),
            file: match self.card {
                None => now,
                Some(CardChoice::None {}) => None,
                Some(CardChoice::Practice {}) => Some(CardFile::practice()),
                Some(CardChoice::File { label, text }) => Some(CardFile::new(label, text)),
            },
        }
    }
}

/// A game record with the winning hand's tiles, checked on the card.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckHand {
    #[serde(deserialize_with = "super::rounds::game_record")]
    #[schema(value_type = Object)]
    pub record: GameRecord,
    pub hand: Option<Hand>,
}

/// Load a card into the server's library (issue 32.1): its name, the year
/// of the card, and the card file (docs/card-format.md). The card is
/// checked as an event's card is, and its warnings answered.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoadCard {
    /// The name players choose it by, e.g. `Our club's 2026 card`.
    #[schema(schema_with = schema::label)]
    pub name: String,
    /// The year of the card.
    #[serde(default)]
    #[schema(minimum = 1960, maximum = 2100)]
    pub year: Option<u16>,
    #[schema(schema_with = schema::card_file)]
    pub text: String,
}
