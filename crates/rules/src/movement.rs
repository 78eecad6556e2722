//! Seat movement between rounds (R13).

use serde::{Deserialize, Serialize};

/// How many tables each seat moves up after a round (negative: down), table
/// numbers wrapping around (R13). East is the seat "A" of the standard text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatMovement {
    pub east: i32,
    pub south: i32,
    pub west: i32,
    pub north: i32,
}
