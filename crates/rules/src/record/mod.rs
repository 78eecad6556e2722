//! The record of one finished game (JSON), as `docs/scoring.md` describes it.
//!
//! Every field but `result` is optional and defaults to false, 0, empty or
//! absent (`dealer`: east). A record without `empty_seat` is a table of four.
//! Reading one (`read.rs`: [`GameRecord::from_json`], [`GameRecord::from_value`]
//! and serde) checks the shape (field names and types) and names the field
//! that is wrong; the checks that depend on the rules (which fields apply to
//! which result, dead winners, ...) are made by [`crate::score()`].

mod read;

pub use read::deserialize_at_most;

use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// A player made Mah Jongg.
    Mahjong,
    /// The wall ran out.
    Wall,
    /// Time was called before the game ended (R7).
    Timeout,
    /// A Mah Jongg declared in error left fewer than two hands intact (R8).
    MahjongInError,
    /// A claim of a mis-named discard that does not complete the hand ended
    /// the game (R4; only where the preset says so).
    MisnamedMahjongClaim,
}

impl GameResult {
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Mahjong => "mahjong",
            GameResult::Wall => "wall",
            GameResult::Timeout => "timeout",
            GameResult::MahjongInError => "mahjong_in_error",
            GameResult::MisnamedMahjongClaim => "misnamed_mahjong_claim",
        }
    }

    /// How the game ended, in plain words for a page.
    pub const fn words(self) -> &'static str {
        match self {
            GameResult::Mahjong => "Mah Jongg",
            GameResult::Wall => "a wall game",
            GameResult::Timeout => "time called",
            GameResult::MahjongInError => "Mah Jongg in error",
            GameResult::MisnamedMahjongClaim => "a claim of a mis-named discard",
        }
    }
}

/// Why a hand is dead at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadReason {
    /// Picking ahead, a wrong exposure, ... (R6: -10 in `standard`).
    Infraction,
    /// Exposed tiles for, or because of, a Mah Jongg in error (R8: 0).
    MahjongInError,
}

/// A conduct penalty (R7: it stands whatever ends the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    /// Looked at a tile received in a blind pass (R17).
    BlindPassPeek,
    /// Mis-named a discard called for an exposure.
    MisnamedExposureTile,
    /// Wrongly declared another player's hand dead (R5).
    FalseDeadCall,
    /// Pushed the wall so its tail was hidden.
    HiddenWallTail,
}

impl PenaltyKind {
    pub const fn name(self) -> &'static str {
        match self {
            PenaltyKind::BlindPassPeek => "blind_pass_peek",
            PenaltyKind::MisnamedExposureTile => "misnamed_exposure_tile",
            PenaltyKind::FalseDeadCall => "false_dead_call",
            PenaltyKind::HiddenWallTail => "hidden_wall_tail",
        }
    }

    /// The penalty's name in plain words for a page.
    pub const fn words(self) -> &'static str {
        match self {
            PenaltyKind::BlindPassPeek => "blind-pass peek",
            PenaltyKind::MisnamedExposureTile => "mis-named exposure tile",
            PenaltyKind::FalseDeadCall => "wrong dead-hand call",
            PenaltyKind::HiddenWallTail => "hidden wall tail",
        }
    }
}

/// One conduct penalty of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalty {
    pub seat: Seat,
    pub kind: PenaltyKind,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}
fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}

/// The record of one game. Field meanings: `docs/scoring.md`. Read it
/// with [`GameRecord::from_json`], [`GameRecord::from_value`] or serde (all
/// one reader, `read.rs`); it is written with the fields at their default
/// left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub result: GameResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub value: u32,
    #[serde(skip_serializing_if = "is_false")]
    pub self_picked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discarder: Option<Seat>,
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub exposures: u8,
    #[serde(skip_serializing_if = "is_false")]
    pub jokerless: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub singles_and_pairs: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub quints: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub one_group_left: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub heavenly: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub misnamed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exposed: Vec<Seat>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub dead: BTreeMap<Seat, DeadReason>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<Penalty>,
    /// The seat left empty at a table of three (R12); absent at a table of
    /// four, so every record written before this field still means four.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empty_seat: Option<Seat>,
    /// Who dealt this game: "East for the game" (R12: the deal starts at the
    /// East seat and passes to the right each game). Absent means East
    /// ([`GameRecord::dealer`]); a tournament's sheet fills it in when the
    /// record leaves it out. Only the dealer's fourteen dealt tiles can be a
    /// heavenly hand (R10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
}

impl GameRecord {
    /// A record with this result and every other field at its default.
    pub fn new(result: GameResult) -> GameRecord {
        GameRecord {
            result,
            winner: None,
            value: 0,
            self_picked: false,
            discarder: None,
            exposures: 0,
            jokerless: false,
            singles_and_pairs: false,
            quints: false,
            one_group_left: false,
            heavenly: false,
            misnamed: false,
            declarer: None,
            exposed: Vec::new(),
            dead: BTreeMap::new(),
            penalties: Vec::new(),
            empty_seat: None,
            dealer: None,
        }
    }

    /// Who dealt: the `dealer` given, else East.
    pub fn dealer(&self) -> Seat {
        self.dealer.unwrap_or(Seat::East)
    }

    /// Whether a player sits at `seat` (every seat but the empty one, R12).
    pub fn seated(&self, seat: Seat) -> bool {
        self.empty_seat != Some(seat)
    }

    /// The seats with a player, East first.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| self.seated(s))
    }
}

/// A record that is not valid: the field (a dotted path such as `dead.west`
/// or `penalties[1].kind`) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub field: String,
    pub reason: String,
}

impl RecordError {
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> RecordError {
        RecordError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The fields of a record, in the order of the contract.
pub const FIELDS: [&str; 18] = [
    "result",
    "winner",
    "value",
    "self_picked",
    "discarder",
    "exposures",
    "jokerless",
    "singles_and_pairs",
    "quints",
    "one_group_left",
    "heavenly",
    "misnamed",
    "declarer",
    "exposed",
    "dead",
    "penalties",
    "empty_seat",
    "dealer",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A result's and a penalty's name is the word the record file uses
    /// (`docs/scoring.md`); its words are what a page prints.
    #[test]
    fn results_and_penalties_are_named_as_in_the_record_file_and_in_words() {
        for r in [
            GameResult::Mahjong,
            GameResult::Wall,
            GameResult::Timeout,
            GameResult::MahjongInError,
            GameResult::MisnamedMahjongClaim,
        ] {
            assert_eq!(serde_json::to_value(r).unwrap(), r.name(), "{r:?}");
        }
        assert_eq!(GameResult::Wall.words(), "a wall game");
        assert_eq!(GameResult::MahjongInError.words(), "Mah Jongg in error");
        for k in [
            PenaltyKind::BlindPassPeek,
            PenaltyKind::MisnamedExposureTile,
            PenaltyKind::FalseDeadCall,
            PenaltyKind::HiddenWallTail,
        ] {
            assert_eq!(serde_json::to_value(k).unwrap(), k.name(), "{k:?}");
        }
    }

    /// A record is written with the flags that are set and without those
    /// that are not.
    #[test]
    fn a_record_writes_its_true_flags_and_leaves_out_the_false() {
        let text = r#"{"result": "mahjong", "winner": "east", "value": 25, "self_picked": true}"#;
        let rec = GameRecord::from_json(text).unwrap();
        let written = serde_json::to_value(&rec).unwrap();
        assert_eq!(written["self_picked"], true);
        assert!(written.get("jokerless").is_none(), "{written}");
    }
}
