//! Repeat meetings the movement will cause (R13): checked before round 1 so
//! the director can re-seat or change the table count.

use crate::model::{PlayerNo, RoundNo, TableNo};
use crate::tournament::Tournament;
use jongg_rules::movement::{Proposal, find_repeat_free, repeats};
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
            self.preset.as_ref(),
            self.settings.as_ref(),
        ) else {
            return vec![];
        };
        let Ok(tables) = u32::try_from(first.seating.tables.len()) else {
            return vec![];
        };
        let Ok(found) = repeats(tables, u32::from(settings.rounds), &rules.movement) else {
            return vec![];
        };
        let who = |id: jongg_rules::movement::PlayerId| {
            first
                .seating
                .table(TableNo::try_from(id.table).ok()?)?
                .seats[id.seat]
        };
        let mut out: Vec<RepeatMeeting> = found
            .into_iter()
            .filter_map(|m| {
                let (a, b) = (who(m.a)?, who(m.b)?);
                Some(RepeatMeeting {
                    a: a.min(b),
                    b: a.max(b),
                    rounds: m
                        .rounds
                        .iter()
                        .map(|&r| RoundNo::try_from(r))
                        .collect::<Result<_, _>>()
                        .ok()?,
                })
            })
            .collect();
        out.sort_by_key(|m| (m.a, m.b));
        out
    }
}

impl Tournament {
    /// When the movement causes repeat meetings, the nearest movement that
    /// causes none at round 1's table count (East staying; `jongg-rules`'
    /// search), or why none exists. The director can adopt it with a rules
    /// file based on the preset (`base = "standard"`, `[movement]`) before
    /// round 1 starts. `None` when there is nothing to fix or nothing seated.
    pub fn repeat_free_movement(&self) -> Option<Proposal> {
        if self.movement_warnings().is_empty() {
            return None;
        }
        let (first, rules, settings) = (
            self.rounds.first()?,
            self.preset.as_ref()?,
            self.settings.as_ref()?,
        );
        let tables = u32::try_from(first.seating.tables.len()).ok()?;
        find_repeat_free(tables, u32::from(settings.rounds), &rules.movement).ok()
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use jongg_rules::movement::Proposal;

    fn seated(preset: &str, players: u32, rounds: RoundNo) -> Tournament {
        crate::testing::seated(preset, players, Some(rounds), false)
    }

    #[test]
    fn repeat_meetings_come_with_a_repeat_free_movement_when_one_exists_r13() {
        // Standard at 5 tables: the offsets +1, -2, +2, -1 are four different
        // residues mod 5, every difference is a unit, every pair's period is
        // 5 rounds: 4 rounds are repeat-free.
        assert!(
            seated("standard", 20, RoundNo(4))
                .repeat_free_movement()
                .is_none()
        );
        // At 4 tables West +2 and South -2 travel together: a repeat every round.
        let t = seated("standard", 16, RoundNo(4));
        assert!(!t.movement_warnings().is_empty());
        match t.repeat_free_movement() {
            Some(Proposal::NoneExists { max_rounds, .. }) => assert_eq!(max_rounds, 2),
            other => panic!("{other:?}"),
        }
        // At 8 tables West +2 and South -2 differ by 4 and meet every other
        // round; a repeat-free movement for 4 rounds exists (at most 8/2).
        let t = seated("standard", 32, RoundNo(4));
        assert!(!t.movement_warnings().is_empty(), "repeats at 8 tables");
        let p = t.repeat_free_movement();
        assert!(matches!(p, Some(Proposal::Found { .. })), "{p:?}");
    }
}
