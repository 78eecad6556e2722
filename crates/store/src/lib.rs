//! Storage of jongg tournaments: an append-only event log per tournament
//! (`events.rs`), plus the director's login, sessions and the scorekeepers'
//! table links (`auth.rs`).
//!
//! One [`Store`] talks to SQLite (the default: one file) or PostgreSQL
//! (`postgres://...`) through `sqlx::Any`; queries are plain SQL checked at
//! run time, written once with `$1` placeholders that both backends accept.
//! Every write is one transaction. SQLite runs in WAL mode with
//! `synchronous=FULL`, so a commit that returned is on disk.
//!
//! The log holds the domain's [`jongg_tournament::Recorded`] events, each
//! as a row of JSON (the event and its actor) with its seq and time;
//! `events.rs` is the one place they convert. Live tables' logs
//! (`live_tables.rs`) are the play crate's records, one JSON row each.

mod auth;
mod card_library;
mod codes;
mod events;
mod live_commits;
mod live_tables;
mod lobby;
mod lobby_list;
mod migrate;
mod officials;
mod player_accounts;
mod player_codes;
pub mod secret;
mod sqlite_url;
#[cfg(feature = "test-support")]
pub mod testing;

pub use auth::{Reset, SetupToken, TableLink};
pub use card_library::{LibraryCard, NewLibraryCard, card_digest};
pub use codes::TableCard;
pub use live_tables::{LIVE_TABLE_ID_LEN, LiveTable, LiveTableId, StoredTableLog};
pub use lobby::{Joined, Left, Room, RoomSeat, RoomStatus};
pub use lobby_list::{Rooms, SetAside};
pub use officials::OfficialLink;
pub use player_accounts::{PlayerAccount, player_key};
pub use player_codes::PlayerCode;
pub use sqlite_url::{sqlite_file, sqlite_url};

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use std::fmt;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A tournament's number in the store (its row id), written as the bare
/// number in the API's paths and JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database URL `{0}` is neither sqlite:... nor postgres://...")]
    BadUrl(String),
    #[error("cannot create the data folder {path}: {source}")]
    DataFolder {
        path: String,
        source: std::io::Error,
    },
    #[error("tournament {0} does not exist")]
    NoTournament(TournamentId),
    /// Another writer stored event `seq` first: the caller's state is stale.
    #[error("tournament {tournament} changed meanwhile (event {seq} is taken)")]
    Conflict { tournament: TournamentId, seq: i64 },
    #[error("stored event {seq} of tournament {tournament} does not read back: {reason}")]
    BadRow {
        tournament: TournamentId,
        seq: i64,
        reason: String,
    },
    /// The stored log does not fold into a tournament.
    #[error("stored tournament {tournament} does not read back: {source}")]
    Unfolded {
        tournament: TournamentId,
        source: jongg_tournament::FoldError,
    },
    /// An event numbered beyond what the database's seq column holds.
    #[error("event {0} is numbered beyond what the store holds")]
    Seq(u64),
    /// A live table's stored log record that does not read back.
    #[error("record {no} of live table {table} does not read back: {reason}")]
    BadLiveRecord {
        table: LiveTableId,
        no: i64,
        reason: String,
    },
    /// A stored table link that is not a round and a table.
    #[error("a stored table link does not read back: {0}")]
    BadLink(String),
    /// A stored lobby room that does not read back.
    #[error("a stored room of the lobby does not read back: {0}")]
    BadRoom(String),
    /// PostgreSQL cannot store a NUL character in text (SQLite could, but
    /// both refuse it alike): refused before the query, never a 500.
    #[error("{0} contains a NUL character, which no text may hold")]
    Nul(&'static str),
    #[error("cannot write as JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// A connection pool plus which backend it is.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// Live tables' appends waiting for their group commit.
    live_commits: std::sync::Arc<live_commits::LiveCommits>,
}

/// Milliseconds since the Unix epoch (0 if the clock is before 1970).
pub fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The URL of the default database: `./data/jongg.sqlite`.
pub const DEFAULT_DATABASE: &str = "sqlite://data/jongg.sqlite";

impl Store {
    /// Connects to `url` (`sqlite://path/to/file.sqlite` or
    /// `postgres://user@host:port/db`) and brings its schema up to date.
    /// For SQLite the file and its folder are created if missing.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let (backend, url) = if let Some(file) = sqlite_file(url) {
            if file.is_empty() || file == ":memory:" {
                return Err(StoreError::BadUrl(url.to_string()));
            }
            if let Some(dir) = Path::new(&file)
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir).map_err(|source| StoreError::DataFolder {
                    path: dir.display().to_string(),
                    source,
                })?;
            }
            (
                Backend::Sqlite,
                format!("{}?mode=rwc", sqlite_url(Path::new(&file))),
            )
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(StoreError::BadUrl(url.to_string()));
        };
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                // One writer at a time anyway; a few readers beside it.
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10));
        let options = if backend == Backend::Sqlite {
            options.after_connect(|conn, _meta| {
                Box::pin(async move {
                    // WAL: readers don't block the writer. FULL: a commit that
                    // returned survives a kill or a power cut. The busy timeout
                    // makes a second writer wait instead of failing. The WAL is
                    // copied back into the database by `checkpoint` (the server
                    // calls it every second, beside the commits); the automatic
                    // checkpoint, which runs inside a commit and makes it wait
                    // for two more fsyncs, is only a backstop at 40 MB.
                    use sqlx::Executor;
                    for pragma in [
                        "PRAGMA journal_mode = WAL",
                        "PRAGMA synchronous = FULL",
                        "PRAGMA foreign_keys = ON",
                        "PRAGMA busy_timeout = 5000",
                        "PRAGMA wal_autocheckpoint = 10000",
                    ] {
                        conn.execute(pragma).await?;
                    }
                    Ok(())
                })
            })
        } else {
            options
        };
        let pool = options.connect(&url).await?;
        let store = Store {
            pool,
            backend,
            live_commits: Default::default(),
        };
        migrate::run(&store).await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// A transaction that writes after it reads. On SQLite it takes the
    /// write lock at its start and waits for it (the busy timeout): a
    /// deferred one that read first cannot take the lock once another
    /// connection has committed meanwhile, and fails at once with
    /// "database is locked".
    pub(crate) async fn begin_write(
        &self,
    ) -> Result<sqlx::Transaction<'_, sqlx::Any>, sqlx::Error> {
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        self.pool.begin_with(begin).await
    }

    /// Closes the pool, waiting for connections to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

impl Store {
    /// Copies what the SQLite write-ahead log holds into the database file
    /// (a passive checkpoint: it never blocks a commit, and skips what a
    /// reader still needs). Nothing to do on PostgreSQL.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        if self.backend == Backend::Sqlite {
            sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .fetch_all(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// SQLite's `journal_mode` and `synchronous` as the pool's connections
    /// see them (for tests and `jongg serve`'s start-up line).
    pub async fn sqlite_settings(&self) -> Result<(String, i64), StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mode: String = sqlx::query("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        let sync: i64 = sqlx::query("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        Ok((mode, sync))
    }
}
