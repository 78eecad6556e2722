//! CSV by the `csv` crate (RFC 4180): the director's pasted player list and
//! seating in ([`read`]); every CSV out ([`write`]).

mod read;
mod write;

pub(crate) use read::{faults_message, player_list, seating};
pub(crate) use write::{audit, floor, games, standings};
