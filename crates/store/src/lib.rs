//! Storage of jongg tournaments: an append-only event log per tournament,
//! plus the director's login, sessions and the scorekeepers' table links.
//!
//! One [`Store`] talks to SQLite (the default: one file) or PostgreSQL
//! (`postgres://...`) through `sqlx::Any`; queries are plain SQL checked at
//! run time, written once with `$1` placeholders that both backends accept.
//! Every write is one transaction. SQLite runs in WAL mode with
//! `synchronous=FULL`, so a commit that returned is on disk.
//!
//! The store does not know the domain's types: it stores any serde value as
//! JSON (`append` / `load` are generic), and the server folds what it loads.

mod auth;
mod migrate;
pub mod secret;
#[doc(hidden)]
pub mod testing;

pub use auth::{Reset, SetupToken, TableLink};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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
    NoTournament(i64),
    /// Another writer stored event `seq` first: the caller's state is stale.
    #[error("tournament {tournament} changed meanwhile (event {seq} is taken)")]
    Conflict { tournament: i64, seq: i64 },
    #[error("stored event {seq} of tournament {tournament} does not read back: {source}")]
    BadRow {
        tournament: i64,
        seq: i64,
        source: serde_json::Error,
    },
    /// PostgreSQL cannot store a NUL character in text (SQLite could, but
    /// both refuse it alike): refused before the query, never a 500.
    #[error("{0} contains a NUL character, which no text may hold")]
    Nul(&'static str),
    #[error("cannot write as JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// One stored event, as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored<A, E> {
    pub seq: i64,
    /// Unix milliseconds when it was stored.
    pub at: i64,
    pub actor: A,
    pub event: E,
}

/// A connection pool plus which backend it is.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// Milliseconds since the Unix epoch (0 if the clock is before 1970).
pub fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The file of a `sqlite:` database URL (None: not SQLite).
pub fn sqlite_file(url: &str) -> Option<&str> {
    let path = url.strip_prefix("sqlite:")?.trim_start_matches("//");
    path.split('?').next()
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
            if let Some(dir) = Path::new(file)
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir).map_err(|source| StoreError::DataFolder {
                    path: dir.display().to_string(),
                    source,
                })?;
            }
            (Backend::Sqlite, format!("sqlite://{file}?mode=rwc"))
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
        let store = Store { pool, backend };
        migrate::run(&store).await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the pool, waiting for connections to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Creates a tournament whose log starts with `events` (seq 1, 2, ...),
    /// stamped `at` (Unix milliseconds), all in one transaction; returns its id.
    pub async fn create_tournament<A: Serialize, E: Serialize>(
        &self,
        at: i64,
        actor: &A,
        events: &[E],
    ) -> Result<i64, StoreError> {
        let actor = serde_json::to_string(actor)?;
        let payloads = events
            .iter()
            .map(serde_json::to_string)
            .collect::<Result<Vec<_>, _>>()?;
        let now = at;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query("INSERT INTO tournaments (created_at) VALUES ($1) RETURNING id")
            .bind(now)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        for (i, payload) in payloads.iter().enumerate() {
            insert_event(&mut tx, id, i as i64 + 1, now, &actor, payload).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Creates a tournament from a whole stored log (an import), keeping each
    /// event's time and actor, in one transaction.
    pub async fn import_tournament<A: Serialize, E: Serialize>(
        &self,
        log: &[Stored<A, E>],
    ) -> Result<i64, StoreError> {
        let rows = log
            .iter()
            .map(|s| {
                Ok((
                    s.at,
                    serde_json::to_string(&s.actor)?,
                    serde_json::to_string(&s.event)?,
                ))
            })
            .collect::<Result<Vec<_>, serde_json::Error>>()?;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query("INSERT INTO tournaments (created_at) VALUES ($1) RETURNING id")
            .bind(now_millis())
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        for (i, (at, actor, payload)) in rows.iter().enumerate() {
            insert_event(&mut tx, id, i as i64 + 1, *at, actor, payload).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// All tournament ids, oldest first.
    pub async fn tournament_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<i64, _>(0).map_err(StoreError::from))
            .collect()
    }

    /// Appends `events` as seq `after + 1`, `after + 2`, ..., stamped `at`
    /// (Unix milliseconds), in one transaction. If another writer got there
    /// first, nothing is written and the answer is [`StoreError::Conflict`].
    pub async fn append<A: Serialize, E: Serialize>(
        &self,
        tournament: i64,
        after: i64,
        at: i64,
        actor: &A,
        events: &[E],
    ) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        let actor = serde_json::to_string(actor)?;
        let payloads = events
            .iter()
            .map(serde_json::to_string)
            .collect::<Result<Vec<_>, _>>()?;
        let now = at;
        let mut tx = self.pool.begin().await?;
        for (i, payload) in payloads.iter().enumerate() {
            let seq = after + 1 + i as i64;
            match insert_event(&mut tx, tournament, seq, now, &actor, payload).await {
                Ok(()) => {}
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(StoreError::Conflict { tournament, seq });
                }
                Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                    return Err(StoreError::NoTournament(tournament));
                }
                Err(e) => return Err(e.into()),
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Appends whole stored rows (each with its own seq, time and actor) in
    /// one transaction: several commands' events committed together (the
    /// server's group commit). All or nothing; a taken seq is a
    /// [`StoreError::Conflict`].
    pub async fn append_stored<A: Serialize, E: Serialize>(
        &self,
        tournament: i64,
        rows: &[Stored<A, E>],
    ) -> Result<(), StoreError> {
        let rows = rows
            .iter()
            .map(|s| {
                Ok((
                    s.seq,
                    s.at,
                    serde_json::to_string(&s.actor)?,
                    serde_json::to_string(&s.event)?,
                ))
            })
            .collect::<Result<Vec<_>, serde_json::Error>>()?;
        if rows.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await?;
        // Many rows per INSERT: one round trip per 100 events, not per event.
        for chunk in rows.chunks(100) {
            let mut sql =
                String::from("INSERT INTO events (tournament_id, seq, at, actor, payload) VALUES ");
            for i in 0..chunk.len() {
                let b = i * 5;
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&format!(
                    "(${}, ${}, ${}, ${}, ${})",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5
                ));
            }
            let mut q = sqlx::query(&sql);
            for (seq, at, actor, payload) in chunk {
                q = q
                    .bind(tournament)
                    .bind(*seq)
                    .bind(*at)
                    .bind(actor.as_str())
                    .bind(payload.as_str());
            }
            match q.execute(&mut *tx).await {
                Ok(_) => {}
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(StoreError::Conflict {
                        tournament,
                        seq: chunk.first().map_or(0, |r| r.0),
                    });
                }
                Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                    return Err(StoreError::NoTournament(tournament));
                }
                Err(e) => return Err(e.into()),
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// The whole log of one tournament, in order.
    pub async fn load<A: DeserializeOwned, E: DeserializeOwned>(
        &self,
        tournament: i64,
    ) -> Result<Vec<Stored<A, E>>, StoreError> {
        let exists = sqlx::query("SELECT id FROM tournaments WHERE id = $1")
            .bind(tournament)
            .fetch_optional(&self.pool)
            .await?;
        if exists.is_none() {
            return Err(StoreError::NoTournament(tournament));
        }
        let rows = sqlx::query(
            "SELECT seq, at, actor, payload FROM events WHERE tournament_id = $1 ORDER BY seq",
        )
        .bind(tournament)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let seq: i64 = row.try_get(0)?;
                let at: i64 = row.try_get(1)?;
                let actor: String = row.try_get(2)?;
                let payload: String = row.try_get(3)?;
                let bad = |source| StoreError::BadRow {
                    tournament,
                    seq,
                    source,
                };
                Ok(Stored {
                    seq,
                    at,
                    actor: serde_json::from_str(&actor).map_err(bad)?,
                    event: serde_json::from_str(&payload).map_err(bad)?,
                })
            })
            .collect()
    }
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    tournament: i64,
    seq: i64,
    at: i64,
    actor: &str,
    payload: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO events (tournament_id, seq, at, actor, payload) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(tournament)
    .bind(seq)
    .bind(at)
    .bind(actor)
    .bind(payload)
    .execute(&mut **tx)
    .await?;
    Ok(())
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
