//! The tournament's view of its rules: the one file that talks to
//! `jongg-rules`. A tournament keeps its rules as a preset name or a rules
//! file's text (so the event log stands alone) and reads them here.

use crate::error::DomainError;
use crate::limits::MAX_RECORD;
use crate::model::RulesSource;
use jongg_rules::record::{GameRecord, GameResult};
use jongg_rules::{Preset, score};
use jongg_tiles::{BySeat, Seat};

/// The rules of a tournament, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub preset: Preset,
}

/// Read the rules of a tournament.
pub fn resolve(source: &RulesSource) -> Result<Rules, DomainError> {
    let preset = match source {
        RulesSource::Preset { name } => {
            Preset::builtin(name).ok_or_else(|| DomainError::UnknownPreset(name.clone()))?
        }
        RulesSource::File { label, toml } => {
            Preset::from_toml(toml, label).map_err(|e| DomainError::BadRulesFile {
                label: label.clone(),
                message: e.to_string(),
            })?
        }
    };
    Ok(Rules { preset })
}

/// A game record scored under the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredRecord {
    pub points: BySeat<i32>,
    pub mah_jongg: Option<Seat>,
    pub lines: Vec<String>,
}

/// Score a game record (the scoring contract of `jongg-rules`) at a table
/// where `seated` says who is there. At a three-player table (R12) the record
/// may not name the empty seat, and whatever the empty seat would get (a
/// wall game's +10 to each live hand, say) is dropped.
pub fn score_record(
    rules: &Rules,
    record: &serde_json::Value,
    seated: &BySeat<bool>,
) -> Result<ScoredRecord, DomainError> {
    let bad = |m: String| DomainError::InvalidRecord(m);
    let text = record.to_string();
    if text.len() > MAX_RECORD {
        return Err(bad(format!(
            "the record has {} bytes as JSON: a game record has at most {MAX_RECORD}",
            text.len()
        )));
    }
    let rec = GameRecord::from_json(&text).map_err(|e| bad(e.to_string()))?;
    let named = rec
        .winner
        .into_iter()
        .chain(rec.discarder)
        .chain(rec.declarer)
        .chain(rec.exposed.iter().copied())
        .chain(rec.dead.keys().copied())
        .chain(rec.penalties.iter().map(|p| p.seat));
    for s in named {
        if !seated[s] {
            return Err(bad(format!(
                "{s} is empty at this three-player table (R12)"
            )));
        }
    }
    let scored = score(&rules.preset, &rec).map_err(|e| bad(e.to_string()))?;
    let points = BySeat::from_fn(|s| if seated[s] { scored.points[s] } else { 0 });
    let lines = scored
        .lines
        .iter()
        .filter(|l| seated[l.seat])
        .map(ToString::to_string)
        .collect();
    let mah_jongg = match rec.result {
        GameResult::Mahjong => rec.winner,
        _ => None,
    };
    Ok(ScoredRecord {
        points,
        mah_jongg,
        lines,
    })
}
