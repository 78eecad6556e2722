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

/// Who verifies whose scores on the sheet (R14), shaped as in `jongg-rules`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    pub sheet_keeper: Seat,
    pub sign_own: bool,
    pub verifies: BySeat<Vec<Seat>>,
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
    use Seat::*;
    let pairs = Verification {
        sheet_keeper: East,
        sign_own: false,
        verifies: BySeat([vec![West], vec![North], vec![East], vec![South]]),
    };
    let own = Verification {
        sheet_keeper: East,
        sign_own: true,
        verifies: BySeat([vec![], vec![], vec![East], vec![]]),
    };
    let (movement, minutes, verification) = match name {
        "standard" => (mv(1, -2, 2, -1), 60, pairs),
        "beth-emeth" => (mv(0, -2, 2, -1), 45, pairs),
        "mahjong-mania-2026" => (mv(0, -1, 2, 1), 60, own),
        "mississippi-2025" => (mv(0, 2, 1, 3), 60, own),
        "st-louis-senior-olympics" => (mv(0, -1, 2, 1), 60, pairs),
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
