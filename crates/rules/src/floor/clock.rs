//! The clock (`[timing]`): each preset's timing rule, who at the table keeps
//! the games on time, and when every clock warns before time is called.
//!
//! The round's length is `[round] minutes` (R15); what happens to a game
//! still open at time called is the `time_called` incident (R7).

use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// A rule in plain words and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Noted {
    pub text: String,
    pub source: String,
}

/// A seat at each table with a duty, and where the text gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatDuty {
    pub seat: Seat,
    pub source: String,
}

/// The warning before time is called.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeWarning {
    /// Minutes before time is called; 0 for no warning.
    pub minutes: u32,
    pub source: String,
}

/// The clock of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// The preset's timing rule.
    pub rule: Noted,
    /// The seat at each table that makes sure the games finish on time,
    /// where the text names one (`mississippi-2025`: East).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_time_duty: Option<SeatDuty>,
    /// When every clock warns before time is called.
    pub warning: TimeWarning,
}

impl Timing {
    /// Checks what the types cannot say, against the round's length.
    pub(crate) fn check(&self, round_minutes: u32) -> Result<(), (String, String)> {
        if self.rule.text.trim().is_empty() || self.rule.source.trim().is_empty() {
            return Err((
                "timing.rule".into(),
                "give the rule's text and source".into(),
            ));
        }
        if self.warning.minutes >= round_minutes {
            return Err((
                "timing.warning.minutes".into(),
                format!(
                    "{} is not less than the {round_minutes} minutes of a round (0 for no warning)",
                    self.warning.minutes
                ),
            ));
        }
        Ok(())
    }
}
