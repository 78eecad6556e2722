//! The HTTP pieces that need no application state: error answers, the log,
//! the limiters, the names we answer for, local paths, signed flashes, the
//! accept loop and the hall's addresses.

pub(crate) mod error;
pub(crate) mod flash;
pub mod hall;
pub(crate) mod hosts;
pub(crate) mod limiter;
pub(crate) mod listen;
pub(crate) mod local_path;
pub mod logging;
