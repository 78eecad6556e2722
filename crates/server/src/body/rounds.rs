//! Rounds and score sheets: seat, start and close a round; enter, amend
//! and sign games.

use super::schema;
use jongg_rules::GameRecord;
use jongg_tiles::BySeat;
use jongg_tournament::{Command, GameNo, PlayerNo, RoundNo, TableNo};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A seat at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    East,
    South,
    West,
    North,
}

impl From<Seat> for jongg_tiles::Seat {
    fn from(s: Seat) -> Self {
        match s {
            Seat::East => Self::East,
            Seat::South => Self::South,
            Seat::West => Self::West,
            Seat::North => Self::North,
        }
    }
}

/// Who sits where at one table (a badge number, or nothing: an empty seat).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPlayers {
    #[schema(minimum = 1)]
    pub east: Option<u32>,
    #[schema(minimum = 1)]
    pub south: Option<u32>,
    #[schema(minimum = 1)]
    pub west: Option<u32>,
    #[schema(minimum = 1)]
    pub north: Option<u32>,
}

/// One table of a seating the director gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSeats {
    #[schema(minimum = 1)]
    pub table: u16,
    pub seats: SeatPlayers,
}

impl From<TableSeats> for jongg_tournament::TableSeats {
    fn from(t: TableSeats) -> Self {
        let s = t.seats;
        Self {
            table: TableNo(t.table),
            seats: BySeat([s.east, s.south, s.west, s.north].map(|p| p.map(PlayerNo))),
        }
    }
}

crate::tagged! {
    /// How a round is seated.
    pub enum SeatingMethod {
        /// A shuffle of the players from `seed` (the same seed, the same seating).
        Random = "random" {
            seed: u64,
        },
        /// In number order: table 1 East, South, West, North, table 2 ...
        ByNumber = "by_number" {},
        /// The preset's movement from the round before (R13).
        Movement = "movement" {},
        /// The computed seating the director adopted (14.8).
        Scheduled = "scheduled" {},
        /// The director's own seating; everyone playing seated once.
        Imported = "imported" {
            tables: Vec<TableSeats>,
            /// Players who sit the round out.
            #[serde(default)]
            sit_outs: Vec<u32>,
        },
    }
}

impl From<SeatingMethod> for jongg_tournament::SeatingMethod {
    fn from(m: SeatingMethod) -> Self {
        match m {
            SeatingMethod::Random { seed } => Self::Random { seed },
            SeatingMethod::ByNumber {} => Self::ByNumber,
            SeatingMethod::Movement {} => Self::Movement,
            SeatingMethod::Scheduled {} => Self::Scheduled,
            SeatingMethod::Imported { tables, sit_outs } => Self::Imported {
                tables: tables.into_iter().map(Into::into).collect(),
                sit_outs: sit_outs.into_iter().map(PlayerNo).collect(),
            },
        }
    }
}

/// Seat a round (again, while it has not started).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatRound {
    pub method: SeatingMethod,
}

impl SeatRound {
    pub fn command(self, round: RoundNo) -> Command {
        Command::SeatRound {
            round,
            method: self.method.into(),
        }
    }
}

/// When a round starts or closes (Unix milliseconds; left out: now).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundClock {
    #[schema(minimum = 0)]
    pub at: Option<i64>,
}

/// One game's points at a table, by seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPoints {
    #[schema(schema_with = schema::points)]
    pub east: i32,
    #[schema(schema_with = schema::points)]
    pub south: i32,
    #[schema(schema_with = schema::points)]
    pub west: i32,
    #[schema(schema_with = schema::points)]
    pub north: i32,
}

crate::tagged! {
    /// A game as entered on a sheet.
    pub enum Entry {
        /// Points as the table wrote them, and who made Mah Jongg (if anyone).
        Points = "points" {
            points: SeatPoints,
            mah_jongg: Option<Seat>,
        },
        /// A game record (docs/scoring.md): the preset computes the points.
        Record = "record" {
            #[serde(deserialize_with = "game_record")]
            #[schema(value_type = Object)]
            record: GameRecord,
        },
        /// A game record with the winning hand's tiles: checked on the
        /// event's card, which fills in the value (issue 14.1).
        Hand = "hand" {
            #[serde(deserialize_with = "game_record")]
            #[schema(value_type = Object)]
            record: GameRecord,
            hand: super::card::Hand,
        },
    }
}

/// A game record, read once where it comes in, as the domain reads one (at
/// most `MAX_RECORD` bytes); a mistake is named by its field in the record.
pub(crate) fn game_record<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
    let value = Value::deserialize(d)?;
    jongg_tournament::read_record(&value)
        .map_err(|e| super::BodyError::new(&e.field, e.reason).carried())
}

impl From<Entry> for jongg_tournament::Entry {
    fn from(e: Entry) -> Self {
        match e {
            Entry::Points { points, mah_jongg } => Self::Points {
                points: BySeat([points.east, points.south, points.west, points.north]),
                mah_jongg: mah_jongg.map(Into::into),
            },
            Entry::Record { record } => Self::Record { record },
            Entry::Hand { record, hand } => Self::Hand {
                record,
                hand: hand.into(),
            },
        }
    }
}

/// Enter (or correct) a game on a sheet not yet accepted.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnterGame {
    pub entry: Entry,
    /// The sheet's `version` this edit was made on: if someone saved the
    /// sheet since, nothing is saved and the answer (409) shows the sheet
    /// now. Left out: not checked.
    #[serde(default)]
    #[schema(minimum = 0)]
    pub version: Option<u64>,
    /// The sheet is signed and the editor knows the signatures will be
    /// cleared (without it an edit of a signed sheet is refused, 409).
    #[serde(default)]
    pub clear_signatures: bool,
}

impl EnterGame {
    pub fn basis(&self) -> jongg_tournament::EditBasis {
        jongg_tournament::EditBasis {
            version: self.version,
            clear_signatures: self.clear_signatures,
        }
    }

    pub fn command(self, round: RoundNo, table: TableNo, game: GameNo) -> Command {
        Command::EnterGame {
            round,
            table,
            game,
            entry: self.entry.into(),
        }
    }
}

/// Change a game on an accepted sheet, saying why (R14).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AmendGame {
    pub entry: Entry,
    #[schema(schema_with = schema::reason)]
    pub reason: String,
}

impl AmendGame {
    pub fn command(self, round: RoundNo, table: TableNo, game: GameNo) -> Command {
        Command::AmendSheet {
            round,
            table,
            game,
            entry: self.entry.into(),
            reason: self.reason,
        }
    }
}

/// A seat signs the sheet, verifying the scores R14 gives it to verify.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignSheet {
    pub seat: Seat,
    /// The sheet's `version` the player checked: if the sheet changed
    /// since, the signature is refused (409) with the sheet now.
    #[serde(default)]
    #[schema(minimum = 0)]
    pub version: Option<u64>,
    /// The game whose line is signed, where the rules have a seat sign each
    /// game (mississippi-2025); absent: the round's signature.
    #[schema(schema_with = schema::games_or_null)]
    #[serde(default)]
    pub game: Option<u8>,
    /// The player's own personal code, where the rules ask for one
    /// (`[sign_off] personal_code`; issue 14, point 6): read on their own
    /// page, whose key is on their badge.
    #[serde(default)]
    #[schema(max_length = 32)]
    pub code: Option<String>,
}

impl SignSheet {
    /// The command, recording the device that signed (the server knows
    /// it), or [`jongg_tournament::PERSONAL_CODE`] once the server checked
    /// the player's code.
    pub fn command(&self, round: RoundNo, table: TableNo, device: String) -> Command {
        Command::SignSheet {
            round,
            table,
            seat: self.seat.into(),
            game: self.game.map(GameNo),
            device: Some(device),
        }
    }
}

/// A table of three rolled again for East (R12, standard 3A).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordEast {
    /// Who is East now (one of the three players).
    pub east: Seat,
    /// The sheet's `version` this was made on (see entering a game).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub version: Option<u64>,
}
