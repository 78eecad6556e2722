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

    /// The audit log as CSV: seq, at (Unix ms), actor, round, table, action,
    /// game, seat, points before and after (east/south/west/north), reason.
    pub fn audit_csv(&self) -> String {
        let mut out =
            String::from("seq,at,actor,round,table,action,game,seat,before,after,reason\n");
        let pts = |g: &Option<GameEntry>| {
            g.as_ref()
                .map(|g| g.points.0.map(|p| p.to_string()).join("/"))
                .unwrap_or_default()
        };
        for e in self.audit() {
            let action = match e.action {
                AuditAction::Entered => "entered",
                AuditAction::Signed => "signed",
                AuditAction::Accepted => "accepted",
                AuditAction::Amended => "amended",
                AuditAction::EastRerolled => "east rerolled",
            };
            let fields = [
                e.seq.to_string(),
                e.at.to_string(),
                e.actor.to_string(),
                e.round.to_string(),
                e.table.to_string(),
                action.to_string(),
                e.game.map(|g| g.to_string()).unwrap_or_default(),
                e.seat.map(|s| s.to_string()).unwrap_or_default(),
                pts(&e.before),
                pts(&e.after),
                e.reason.clone().unwrap_or_default(),
            ];
            let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }
}

/// Quote a CSV field when it holds a comma, quote or line break.
pub(crate) fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
