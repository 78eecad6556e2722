//! A round's clock: the director pauses, resumes, extends or restarts it,
//! with a reason (14.5).

use super::schema;
use jongg_tournament::{Command, RoundNo};
use serde::Deserialize;
use utoipa::ToSchema;

crate::tagged! {
    /// What the director does to the clock.
    pub enum ClockAction {
        /// Stop the clock.
        Pause = "pause" {},
        /// Run a paused clock on.
        Resume = "resume" {},
        /// Add minutes (after time was called too: the clock runs again).
        Extend = "extend" {
            #[schema(minimum = 1, maximum = 600)]
            minutes: u16,
        },
        /// The round's full minutes again from now.
        Restart = "restart" {},
    }
}

impl From<ClockAction> for jongg_tournament::ClockAction {
    fn from(a: ClockAction) -> Self {
        match a {
            ClockAction::Pause {} => Self::Pause,
            ClockAction::Resume {} => Self::Resume,
            ClockAction::Extend { minutes } => Self::Extend { minutes },
            ClockAction::Restart {} => Self::Restart,
        }
    }
}

/// Change a round's clock, saying why (kept in the log); `at` in Unix
/// milliseconds, left out: now.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustClock {
    pub action: ClockAction,
    #[schema(schema_with = schema::reason)]
    pub reason: String,
    #[schema(minimum = 0)]
    pub at: Option<i64>,
}

impl AdjustClock {
    pub fn command(self, round: RoundNo, now: i64) -> Command {
        Command::AdjustClock {
            round,
            action: self.action.into(),
            reason: self.reason,
            at: self.at.unwrap_or(now),
        }
    }
}
