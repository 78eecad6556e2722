//! Stable refusal codes (issue 23.3): the engine's crate holds them
//! (`jongg_game::refusal_code`), so that the position format reads the same
//! codes; re-exported here at the path the protocol has always used.

pub use jongg_game::refusal_code::{RefusalCode, code_of};
