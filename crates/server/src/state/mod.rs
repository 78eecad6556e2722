//! The application's state: every tournament folded in memory, and the
//! event's time zone and clock readings.

pub(crate) mod time;
pub(crate) mod tournaments;
pub(crate) mod zone;
