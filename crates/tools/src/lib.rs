//! The command line's database tools and the sample tournaments.
//!
//! `jongg demo` stores a finished sample tournament, `jongg export` writes a
//! tournament's file, `jongg import` stores one ([`db`]); the demo's and the
//! benchmarks' tournaments are made in [`sample`]. These are not the HTTP
//! server's (`jongg-server`), which neither needs nor ships them: they sit
//! beside it, used by the `jongg` binary and by the benchmarks, which a
//! binary crate could not serve.

pub mod db;
pub mod sample;

pub use db::{demo, export, import};
pub use sample::{
    GameMaker, Sample, random_points, sample_tournament, sample_tournament_upto,
    sample_tournament_with,
};

use jongg_store::StoreError;
use jongg_tournament::DomainError;

/// Why a tool failed.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Domain(#[from] DomainError),
    #[error("unknown rules preset `{0}` (one of: {names})", names = jongg_rules::PRESET_NAMES.join(", "))]
    UnknownPreset(String),
    #[error("a simulated game failed: {0}")]
    Game(String),
    #[error(
        "this file is tournament {id} “{name}”, which is already in the database (the file has {events} events): nothing was imported. To keep both, import it again with `--name \"a new name\"`"
    )]
    AlreadyHere {
        id: i64,
        name: String,
        events: usize,
    },
}

/// The async runtime, named here so the `jongg` binary needs no tokio.
pub type Runtime = tokio::runtime::Runtime;

/// A tokio runtime for the command line.
pub fn runtime() -> std::io::Result<Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}
