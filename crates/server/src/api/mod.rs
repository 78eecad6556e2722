//! The JSON API, one module per area, each listing its routes.

pub(crate) mod auth;
pub(crate) mod card;
pub(crate) mod clock;
pub(crate) mod floor;
pub(crate) mod live;
pub(crate) mod player_code;
pub(crate) mod players;
pub(crate) mod rounds;
pub(crate) mod schedule;
pub(crate) mod sheet_edits;
pub(crate) mod signer;
pub(crate) mod tournaments;
