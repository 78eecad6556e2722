//! Repeat meetings the movement will cause (R13): checked before round 1 so
//! the director can re-seat or change the table count.

use crate::model::{PlayerNo, RoundNo};
use crate::tournament::Tournament;
use jongg_rules::movement::repeats;
use serde::{Deserialize, Serialize};

/// Two players who will sit at the same table in more than one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepeatMeeting {
    pub a: PlayerNo,
    pub b: PlayerNo,
    /// The rounds they share a table.
    pub rounds: Vec<RoundNo>,
}

impl Tournament {
    /// The repeat meetings the preset's movement would cause from round 1's
    /// seating over all rounds, if nobody arrives or leaves (the movement
    /// analysis of `jongg_rules::movement::repeats`, named by player).
    /// Empty before round 1 is seated.
    pub fn movement_warnings(&self) -> Vec<RepeatMeeting> {
        let (Some(first), Some(rules), Some(settings)) = (
            self.rounds.first(),
            self.rules.as_ref(),
            self.settings.as_ref(),
        ) else {
            return vec![];
        };
        let tables = u32::try_from(first.seating.tables.len()).unwrap_or(u32::MAX);
        let Ok(found) = repeats(tables, u32::from(settings.rounds), &rules.preset.movement) else {
            return vec![];
        };
        let who = |id: jongg_rules::movement::PlayerId| {
            first.seating.table(u16::try_from(id.table).ok()?)?.seats[id.seat]
        };
        let mut out: Vec<RepeatMeeting> = found
            .into_iter()
            .filter_map(|m| {
                let (a, b) = (who(m.a)?, who(m.b)?);
                Some(RepeatMeeting {
                    a: a.min(b),
                    b: a.max(b),
                    rounds: m.rounds.iter().map(|&r| r as RoundNo).collect(),
                })
            })
            .collect();
        out.sort_by_key(|m| (m.a, m.b));
        out
    }
}
