//! Repeat meetings the movement will cause (R13): checked before round 1 so
//! the director can re-seat or change the table count.

use crate::model::{PlayerNo, RoundNo};
use crate::seating::{self, Slots};
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// seating over all rounds, if nobody arrives or leaves. Empty before
    /// round 1 is seated.
    pub fn movement_warnings(&self) -> Vec<RepeatMeeting> {
        let (Some(first), Some(rules), Some(settings)) = (
            self.rounds.first(),
            self.rules.as_ref(),
            self.settings.as_ref(),
        ) else {
            return vec![];
        };
        let mut tables: Vec<Slots> = first.seating.tables.iter().map(|t| t.seats.0).collect();
        let mut met: BTreeMap<(PlayerNo, PlayerNo), Vec<RoundNo>> = BTreeMap::new();
        for round in 1..=settings.rounds {
            if round > 1 {
                tables = seating::moved(&tables, rules);
            }
            for slots in &tables {
                let at: Vec<PlayerNo> = slots.iter().flatten().copied().collect();
                for (i, &a) in at.iter().enumerate() {
                    for &b in &at[i + 1..] {
                        met.entry((a.min(b), a.max(b))).or_default().push(round);
                    }
                }
            }
        }
        met.into_iter()
            .filter(|(_, rounds)| rounds.len() > 1)
            .map(|((a, b), rounds)| RepeatMeeting { a, b, rounds })
            .collect()
    }
}
