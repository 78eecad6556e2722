//! Discipline (`[discipline]`): the warning ladder for complaints about a
//! player's conduct (`standard` 2A-2B: first a warning, then
//! disqualification), disqualification at once (`standard` 27), and the
//! discretionary penalty outside a game's score (`standard` 2C,
//! `st-louis-senior-olympics`' "pot penalty").
//!
//! What a disqualification does to the player's games (kept or void) is the
//! director's choice at the time, not a rule of any text; the opponents'
//! scores never change.

use serde::{Deserialize, Serialize};

/// What one step of the ladder does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepAction {
    /// The player is asked to stop.
    Warning,
    /// The discretionary penalty, outside the game scores.
    Penalty,
    /// The player is disqualified.
    Disqualification,
}

/// One step of the ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub action: StepAction,
    /// More the text says about this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub source: String,
}

impl Step {
    /// The step in plain words.
    pub fn describe(&self, discipline: &Discipline) -> String {
        let mut s = match self.action {
            StepAction::Warning => "a warning: the player is asked to stop".to_string(),
            StepAction::Penalty => match &discipline.discretionary_penalty {
                Some(p) => format!("a {}", p.describe()),
                None => "a penalty outside the game scores".to_string(),
            },
            StepAction::Disqualification => "disqualification".to_string(),
        };
        if let Some(note) = &self.note {
            s.push_str(" (");
            s.push_str(note);
            s.push(')');
        }
        s
    }
}

/// Whether something is allowed, and the rule that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allowed {
    pub allowed: bool,
    pub source: String,
}

/// A penalty the director gives outside a game's score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscretionaryPenalty {
    /// What the text calls it ("penalty", "pot penalty").
    pub name: String,
    /// Its size, where the preset fixes one; absent, the director sets it
    /// each time (no text gives a size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    pub source: String,
}

impl DiscretionaryPenalty {
    /// "pot penalty of -25 points, outside the game scores".
    pub fn describe(&self) -> String {
        match self.points {
            Some(p) => format!("{} of {p:+} points, outside the game scores", self.name),
            None => format!(
                "{} outside the game scores, its size at the director's discretion",
                self.name
            ),
        }
    }
}

/// A preset's discipline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Discipline {
    /// The steps for the first, second, ... complaint; the last step repeats.
    pub ladder: Vec<Step>,
    /// Whether a player may be disqualified at once (arguing with the
    /// director, `standard` 27).
    pub immediate_disqualification: Allowed,
    /// The penalty outside the game scores, where the rules have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discretionary_penalty: Option<DiscretionaryPenalty>,
}

impl Discipline {
    /// The step for the next complaint about a player who already had
    /// `warnings_so_far` complaints acted on (0 for the first). Past the end
    /// of the ladder its last step applies. `None` only for an empty ladder,
    /// which reading a preset refuses.
    pub fn next_step(&self, warnings_so_far: u32) -> Option<&Step> {
        let i = usize::try_from(warnings_so_far).unwrap_or(usize::MAX);
        self.ladder.get(i).or(self.ladder.last())
    }

    /// The ladder in plain words: "first a warning ..., then disqualification".
    pub fn describe_ladder(&self) -> String {
        let steps: Vec<String> = self.ladder.iter().map(|s| s.describe(self)).collect();
        match steps.as_slice() {
            [] => "no steps".into(),
            [one] => format!("{one} at every complaint"),
            [first, rest @ ..] => format!("first {first}, then {}", rest.join(", then ")),
        }
    }

    pub(crate) fn check(&self) -> Result<(), (String, String)> {
        let bad = |k: &str, m: &str| Err((k.to_string(), m.to_string()));
        if self.ladder.is_empty() {
            return bad("discipline.ladder", "give at least one step");
        }
        if self.ladder.len() > 10 {
            return bad("discipline.ladder", "at most 10 steps");
        }
        if self.ladder.iter().any(|s| s.source.trim().is_empty()) {
            return bad("discipline.ladder", "every step needs a source");
        }
        if self.discretionary_penalty.is_none()
            && self.ladder.iter().any(|s| s.action == StepAction::Penalty)
        {
            return bad(
                "discipline.ladder",
                "a `penalty` step needs a discipline.discretionary_penalty",
            );
        }
        if let Some(p) = &self.discretionary_penalty {
            if p.name.trim().is_empty() {
                return bad("discipline.discretionary_penalty.name", "must not be empty");
            }
            if let Some(points) = p.points
                && !(-crate::preset::MAX_RULE_POINTS..=0).contains(&points)
            {
                return Err((
                    "discipline.discretionary_penalty.points".into(),
                    format!(
                        "{points} is not a penalty (-{} to 0)",
                        crate::preset::MAX_RULE_POINTS
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(action: StepAction) -> Step {
        Step {
            action,
            note: None,
            source: "s".into(),
        }
    }

    #[test]
    fn next_step_walks_the_ladder_and_stays_on_the_last() {
        let d = Discipline {
            ladder: vec![
                step(StepAction::Warning),
                step(StepAction::Penalty),
                step(StepAction::Disqualification),
            ],
            immediate_disqualification: Allowed {
                allowed: true,
                source: "s".into(),
            },
            discretionary_penalty: Some(DiscretionaryPenalty {
                name: "pot penalty".into(),
                points: Some(-25),
                source: "s".into(),
            }),
        };
        let actions: Vec<StepAction> = (0..5).map(|n| d.next_step(n).unwrap().action).collect();
        assert_eq!(
            actions,
            [
                StepAction::Warning,
                StepAction::Penalty,
                StepAction::Disqualification,
                StepAction::Disqualification,
                StepAction::Disqualification
            ]
        );
        assert_eq!(
            d.next_step(1).unwrap().describe(&d),
            "a pot penalty of -25 points, outside the game scores"
        );
        assert!(d.next_step(u32::MAX).is_some());
        assert_eq!(
            d.describe_ladder(),
            "first a warning: the player is asked to stop, then a pot penalty of -25 points, \
             outside the game scores, then disqualification"
        );
        assert!(d.check().is_ok());
        let empty = Discipline {
            ladder: vec![],
            ..d
        };
        assert_eq!(empty.next_step(0), None);
        assert_eq!(empty.check().unwrap_err().0, "discipline.ladder");
    }
}
