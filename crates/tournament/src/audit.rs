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
    /// The source of the ruling that made the change, where a ruling on a
    /// call did (`reason` then names the ruling): a page cites it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cite: Option<String>,
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
            cite: None,
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
    /// Every change to any score sheet, oldest first. A game changed by a
    /// ruling (the call closed in the same command, just before) carries
    /// the ruling as its reason and its source to cite.
    pub fn audit(&self) -> Vec<AuditEntry> {
        let mut out = Vec::new();
        let mut before: Option<&Recorded> = None;
        for r in &self.log {
            if let Some(mut a) = AuditEntry::of(r) {
                if let Some((call, kept)) = before.and_then(|b| self.ruling_behind(b, &a)) {
                    a.reason = Some(kept.reason(call));
                    a.cite = Some(kept.ruling.source.clone());
                }
                out.push(a);
            }
            before = Some(r);
        }
        out
    }

    /// The ruling of `closed` (a call closed) that made the game change `a`.
    fn ruling_behind<'a>(
        &'a self,
        closed: &'a Recorded,
        a: &AuditEntry,
    ) -> Option<(crate::floor::CallNo, &'a crate::floor::KeptRuling)> {
        let Event::CallClosed {
            call,
            ruling: Some(kept),
            ..
        } = &closed.event
        else {
            return None;
        };
        let c = self.call(*call).ok()?;
        let change = matches!(a.action, AuditAction::Entered | AuditAction::Amended);
        (change && kept.applied && kept.game == a.game && c.round == a.round && c.table == a.table)
            .then_some((*call, kept))
    }
}
