//! What every table is reminded of, on its table card and its score page,
//! each citing its rule: display the card (standard 1, mahjong-mania-2026
//! rule 1, mississippi-2025), stay until the sheets are handed in
//! (standard 25). A file without `[[reminders]]` takes `standard`'s (R1).

use serde::{Deserialize, Serialize};

/// One reminder to the players at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reminder {
    /// In plain words, to the players.
    pub text: String,
    pub source: String,
}
