//! Live tables of jongg (issue 23): one owner task per table holding the
//! engine's state, its seats and clocks, the fair wall, and the types of the
//! protocol a seat speaks. Transport-free: the server mounts it on its
//! WebSockets; no HTTP and no database here (the store implements
//! [`TableLog`]). See `docs/play-protocol.md`.

pub mod chat;
pub mod game_log;
pub mod outbox;
pub mod owner;
pub mod position;
pub mod protocol;
pub mod public;
pub mod refusal;
pub mod settings;
mod strict_json;
pub mod table_log;
#[cfg(feature = "test-support")]
pub mod testing;
pub mod wall;

pub use owner::{
    BotFor, BotMaker, Connection, Glance, Players, SharedJudge, TableHandle, TableSetup,
    TableStatus,
};
pub use table_log::{LogRecord, MemoryLog, TableLog};
