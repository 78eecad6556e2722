//! The tournament's view of its rules: the few facts it needs from a preset.
//!
//! This is the only file that talks to `jongg-rules`. Until the `Preset` type
//! and the game-record scorer land there, `resolve` knows the five built-in
//! presets' movement (R13), round length (R15) and signing duties (R14) from
//! a small private table, and game records cannot be scored yet.
// TODO(rules): switch `resolve` to `jongg_rules::Preset` and `score_record`
// to `jongg_rules::score` when they land; delete the private table.

use crate::error::DomainError;
use crate::model::RulesSource;
use jongg_rules::movement::SeatMovement;
use jongg_tiles::{BySeat, Seat};

/// Who verifies whose scores on the sheet (R14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification {
    /// East and West verify each other, North and South verify each other
    /// (standard 4, beth-emeth, st-louis-senior-olympics 5b).
    Pairs,
    /// Every player signs for their own scores and West signs for East
    /// (mahjong-mania-2026 "Tournament Format", mississippi-2025 "Scorekeeping").
    OwnWestForEast,
}

impl Verification {
    /// The seat that verifies `seat`'s scores at a full table.
    pub fn verifier(self, seat: Seat) -> Seat {
        match (self, seat) {
            (Verification::Pairs, s) => s.across(),
            (Verification::OwnWestForEast, Seat::East) => Seat::West,
            (Verification::OwnWestForEast, s) => s,
        }
    }
}

/// What the tournament needs to know of its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub movement: SeatMovement,
    pub games: u8,
    pub minutes: u16,
    pub verification: Verification,
}

/// Read the rules of a tournament.
pub fn resolve(source: &RulesSource) -> Result<Rules, DomainError> {
    match source {
        RulesSource::Preset { name } => {
            builtin(name).ok_or_else(|| DomainError::UnknownPreset(name.clone()))
        }
        RulesSource::File { label, .. } => Err(DomainError::BadRulesFile {
            label: label.clone(),
            message: "rules files are not supported until jongg-rules can read them".into(),
        }),
    }
}

// Temporary: R13, R14 and R15 as they apply to each preset.
fn builtin(name: &str) -> Option<Rules> {
    let mv = |east, south, west, north| SeatMovement {
        east,
        south,
        west,
        north,
    };
    let (movement, minutes, verification) = match name {
        "standard" => (mv(1, -2, 2, -1), 60, Verification::Pairs),
        "beth-emeth" => (mv(0, -2, 2, -1), 45, Verification::Pairs),
        "mahjong-mania-2026" => (mv(0, -1, 2, 1), 60, Verification::OwnWestForEast),
        "mississippi-2025" => (mv(0, 2, 1, 3), 60, Verification::OwnWestForEast),
        "st-louis-senior-olympics" => (mv(0, -1, 2, 1), 60, Verification::Pairs),
        _ => return None,
    };
    Some(Rules {
        movement,
        games: 4,
        minutes,
        verification,
    })
}

/// A game record scored under the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredRecord {
    pub points: BySeat<i32>,
    pub mah_jongg: Option<Seat>,
    pub lines: Vec<String>,
}

/// Score a game record (the scoring contract of `jongg-rules`).
pub fn score_record(
    _rules: &Rules,
    _record: &serde_json::Value,
) -> Result<ScoredRecord, DomainError> {
    Err(DomainError::InvalidRecord(
        "game records cannot be scored yet: enter plain points".into(),
    ))
}

impl Rules {
    /// How many tables each seat moves after a round (R13).
    pub fn delta(&self, seat: Seat) -> i32 {
        match seat {
            Seat::East => self.movement.east,
            Seat::South => self.movement.south,
            Seat::West => self.movement.west,
            Seat::North => self.movement.north,
        }
    }
}
