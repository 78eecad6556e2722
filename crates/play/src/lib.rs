//! Live tables of jongg (issue 23): one owner task per table holding the
//! engine's state, its seats and clocks, the fair wall, and the types of the
//! protocol a seat speaks. Transport-free: the server mounts it on its
//! WebSockets; no HTTP and no database here (the store implements
//! [`TableLog`]). See `docs/play-protocol.md`.

pub mod wall;
