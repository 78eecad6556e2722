//! Seat movement between rounds (R13). Owned by the movement work.
