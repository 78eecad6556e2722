//! The audit log of score sheets: a view of the recorded events that touch a
//! sheet (who, when, before, after, and the reason of an amendment).

use crate::event::{Event, Recorded};
use crate::model::{Actor, GameEntry, GameNo, Millis, RoundNo, TableNo};
use crate::tournament::Tournament;
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// What was done to a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    Entered,
    Signed,
    Accepted,
    Amended,
    /// A table of three rolled again for East (R12): `seat` is East now.
    EastRerolled,
}

/// One change to a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    pub seq: u64,
    pub at: Millis,
    pub actor: Actor,
    pub round: RoundNo,
    pub table: TableNo,
    pub action: AuditAction,
    pub game: Option<GameNo>,
    pub seat: Option<Seat>,
    pub before: Option<GameEntry>,
    pub after: Option<GameEntry>,
    pub reason: Option<String>,
    /// The device a signature came from, where known: one phone signing
    /// for several seats shows here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
}

impl AuditEntry {
    fn of(r: &Recorded) -> Option<AuditEntry> {
        let entry = |round, table, action| AuditEntry {
            seq: r.seq,
            at: r.at,
            actor: r.actor,
            round,
            table,
            action,
            game: None,
            seat: None,
            before: None,
            after: None,
            reason: None,
            device: None,
        };
        Some(match &r.event {
            Event::GameEntered {
                round,
                table,
                game,
                before,
                after,
            } => AuditEntry {
                game: Some(*game),
                before: before.clone(),
                after: Some(after.clone()),
                ..entry(*round, *table, AuditAction::Entered)
            },
            Event::SheetSigned {
                round,
                table,
                seat,
                game,
                device,
                ..
            } => AuditEntry {
                seat: Some(*seat),
                game: *game,
                device: device.clone(),
                ..entry(*round, *table, AuditAction::Signed)
            },
            Event::SheetAccepted { round, table } => entry(*round, *table, AuditAction::Accepted),
            Event::SheetAmended {
                round,
                table,
                game,
                before,
                after,
                reason,
            } => AuditEntry {
                game: Some(*game),
                before: before.clone(),
                after: Some(after.clone()),
                reason: Some(reason.clone()),
                ..entry(*round, *table, AuditAction::Amended)
            },
            Event::EastRerolled { round, table, east } => AuditEntry {
                seat: Some(*east),
                ..entry(*round, *table, AuditAction::EastRerolled)
            },
            _ => return None,
        })
    }
}

impl Tournament {
    /// Every change to any score sheet, oldest first.
    pub fn audit(&self) -> Vec<AuditEntry> {
        self.log.iter().filter_map(AuditEntry::of).collect()
    }
}
