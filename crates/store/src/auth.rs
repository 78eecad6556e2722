//! The director's account, the one-time setup link, login sessions and the
//! scorekeepers' per-table links. Password hashing is the server's business
//! (argon2); the store only keeps the hash.

use crate::secret::{hash_token, new_token};
use crate::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::{RoundNo, TableNo};
use sqlx::Row;

/// How long a device is remembered after its last login: a year.
const DEVICE_MILLIS: i64 = 365 * 24 * 60 * 60 * 1000;

/// What a scorekeeper link is good for: one table of one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableLink {
    pub tournament: TournamentId,
    pub round: RoundNo,
    pub table: TableNo,
}

impl TableLink {
    /// A link from its row: the numbers checked, never cut to fit.
    fn read(row: &sqlx::any::AnyRow, at: usize) -> Result<TableLink, StoreError> {
        let (tournament, round, table): (i64, i64, i64) =
            (row.try_get(at)?, row.try_get(at + 1)?, row.try_get(at + 2)?);
        let bad = |e: jongg_tournament::NumberError| StoreError::BadLink(e.to_string());
        Ok(TableLink {
            tournament: TournamentId(tournament),
            round: RoundNo::try_from(round).map_err(bad)?,
            table: TableNo::try_from(table).map_err(bad)?,
        })
    }
}

/// What a setup link's token is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupToken {
    /// Not used yet, and the newest: it sets the password.
    Live,
    /// It set a password already (Unix milliseconds when).
    Used { at: i64 },
    /// Never printed, mistyped, or replaced by a newer link.
    Unknown,
}

/// What `jongg director reset-password` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reset {
    /// The token of the new one-time setup link.
    pub token: String,
    /// The director's username before (None: no password was set).
    pub username: Option<String>,
    /// How many of the director's login sessions it ended.
    pub sessions: u64,
    /// How many floor officials' sessions it ended (issue 19.7: whoever
    /// reset the password may suspect more than the director's was known).
    pub official_sessions: u64,
}

/// Whose remembered devices: the director's or the floor officials'.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Devices {
    Director,
    Official,
    /// A player's (`player_accounts.rs`): the account's name key.
    Player,
}

/// `text` as a query parameter: never with a NUL character in it.
fn no_nul<'a>(what: &'static str, text: &'a str) -> Result<&'a str, StoreError> {
    if text.contains('\0') {
        return Err(StoreError::Nul(what));
    }
    Ok(text)
}

/// A new setup token in place of any unused one (only the newest printed
/// link works); only its hash is stored.
async fn replace_setup_token(tx: &mut sqlx::AnyConnection) -> Result<String, StoreError> {
    let token = new_token();
    sqlx::query("DELETE FROM setup_tokens WHERE used_at IS NULL")
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO setup_tokens (token_hash, created_at) VALUES ($1, $2)")
        .bind(hash_token(&token))
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
    Ok(token)
}

impl Store {
    /// Whether any director account exists yet.
    pub async fn has_director(&self) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM accounts")
            .fetch_one(self.pool())
            .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// A fresh one-time setup token (only its hash is stored). Earlier unused
    /// setup tokens stop working, so only the newest printed link is live.
    pub async fn new_setup_token(&self) -> Result<String, StoreError> {
        let mut tx = self.pool().begin().await?;
        let token = replace_setup_token(&mut tx).await?;
        tx.commit().await?;
        Ok(token)
    }

    /// Uses up the setup token and creates the director account, in one
    /// transaction. `Ok(false)` if the token is unknown or already used, or
    /// if a director already exists.
    pub async fn complete_setup(
        &self,
        token: &str,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError> {
        let username = no_nul("the username", username)?;
        let token = no_nul("the setup token", token)?;
        let now = now_millis();
        let mut tx = self.pool().begin().await?;
        let used = sqlx::query(
            "UPDATE setup_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
        )
        .bind(now)
        .bind(hash_token(token))
        .execute(&mut *tx)
        .await?;
        if used.rows_affected() != 1 {
            return Ok(false);
        }
        let existing: i64 = sqlx::query("SELECT COUNT(*) FROM accounts")
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        if existing > 0 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO accounts (username, password_hash, created_at) VALUES ($1, $2, $3)",
        )
        .bind(username)
        .bind(password_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// What the setup token `token` is now: live, used, or unknown.
    pub async fn setup_token_state(&self, token: &str) -> Result<SetupToken, StoreError> {
        let token = no_nul("the setup token", token)?;
        let row = sqlx::query("SELECT used_at FROM setup_tokens WHERE token_hash = $1")
            .bind(hash_token(token))
            .fetch_optional(self.pool())
            .await?;
        Ok(match row {
            None => SetupToken::Unknown,
            Some(r) => match r.try_get::<Option<i64>, _>(0)? {
                Some(at) => SetupToken::Used { at },
                None => SetupToken::Live,
            },
        })
    }

    /// The director forgot the password (`jongg director reset-password`,
    /// run where the database is): in one transaction, the account, its
    /// sessions and its remembered devices are removed, the floor
    /// officials' sessions are ended, and a new one-time
    /// setup link is made, as on a first start. Whoever can open the
    /// database can do this: it needs no password.
    pub async fn reset_director(&self) -> Result<Reset, StoreError> {
        let mut tx = self.pool().begin().await?;
        let username: Option<String> = sqlx::query("SELECT username FROM accounts")
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
        let sessions = sqlx::query("DELETE FROM sessions")
            .execute(&mut *tx)
            .await?
            .rows_affected();
        // The officials' logins stay (the director set them), but their
        // sessions end: a session opened by whoever knew a password is not
        // left running past a reset.
        let official_sessions = sqlx::query("DELETE FROM official_sessions")
            .execute(&mut *tx)
            .await?
            .rows_affected();
        for table in ["DELETE FROM devices", "DELETE FROM accounts"] {
            sqlx::query(table).execute(&mut *tx).await?;
        }
        let token = replace_setup_token(&mut tx).await?;
        tx.commit().await?;
        Ok(Reset {
            token,
            username,
            sessions,
            official_sessions,
        })
    }

    /// The stored password hash of `username`, if that account exists.
    pub async fn password_hash(&self, username: &str) -> Result<Option<String>, StoreError> {
        let username = no_nul("the username", username)?;
        let row = sqlx::query("SELECT password_hash FROM accounts WHERE username = $1")
            .bind(username)
            .fetch_optional(self.pool())
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get(0)?),
            None => None,
        })
    }

    /// Starts a session for `username` lasting `ttl_millis`; returns its token.
    pub async fn new_session(&self, username: &str, ttl_millis: i64) -> Result<String, StoreError> {
        self.insert_session(
            "INSERT INTO sessions (token_hash, username, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            username,
            ttl_millis,
        )
        .await
    }

    /// A new session row by `insert` (the director's or an official's
    /// table): only the token's hash is stored; returns the token.
    pub(crate) async fn insert_session(
        &self,
        insert: &'static str,
        username: &str,
        ttl_millis: i64,
    ) -> Result<String, StoreError> {
        let username = no_nul("the username", username)?;
        let token = new_token();
        let now = now_millis();
        sqlx::query(insert)
            .bind(hash_token(&token))
            .bind(username)
            .bind(now)
            .bind(now.saturating_add(ttl_millis))
            .execute(self.pool())
            .await?;
        Ok(token)
    }

    /// The user of a live session, if `token` is one.
    pub async fn session_user(&self, token: &str) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT username FROM sessions WHERE token_hash = $1 AND expires_at > $2")
                .bind(hash_token(token))
                .bind(now_millis())
                .fetch_optional(self.pool())
                .await?;
        Ok(match row {
            Some(r) => Some(r.try_get(0)?),
            None => None,
        })
    }

    /// Remembers a device `username` logged in from; returns the token its
    /// cookie keeps (only the token's hash is stored). Devices unused for a
    /// year are forgotten meanwhile.
    pub async fn new_device(&self, username: &str) -> Result<String, StoreError> {
        self.remember_device(Devices::Director, username).await
    }

    /// Whether `token` is a device `username` logged in from (within the
    /// last year); marks it used.
    pub async fn known_device(&self, token: &str, username: &str) -> Result<bool, StoreError> {
        self.device_known(Devices::Director, token, username).await
    }

    /// A device of the director's or of an official's (`table`), as
    /// `new_device` says.
    pub(crate) async fn remember_device(
        &self,
        table: Devices,
        username: &str,
    ) -> Result<String, StoreError> {
        let username = no_nul("the username", username)?;
        let token = new_token();
        let now = now_millis();
        let (forget, insert) = match table {
            Devices::Director => (
                "DELETE FROM devices WHERE last_used_at < $1",
                "INSERT INTO devices (token_hash, username, created_at, last_used_at) VALUES ($1, $2, $3, $3)",
            ),
            Devices::Official => (
                "DELETE FROM official_devices WHERE last_used_at < $1",
                "INSERT INTO official_devices (token_hash, username, created_at, last_used_at) VALUES ($1, $2, $3, $3)",
            ),
            Devices::Player => (
                "DELETE FROM player_devices WHERE last_used_at < $1",
                "INSERT INTO player_devices (token_hash, username, created_at, last_used_at) VALUES ($1, $2, $3, $3)",
            ),
        };
        let mut tx = self.pool().begin().await?;
        sqlx::query(forget)
            .bind(now.saturating_sub(DEVICE_MILLIS))
            .execute(&mut *tx)
            .await?;
        sqlx::query(insert)
            .bind(hash_token(&token))
            .bind(username)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(token)
    }

    /// Whether `token` is a device of `username` in `table`, as
    /// `known_device` says.
    pub(crate) async fn device_known(
        &self,
        table: Devices,
        token: &str,
        username: &str,
    ) -> Result<bool, StoreError> {
        let (token, username) = (
            no_nul("the device", token)?,
            no_nul("the username", username)?,
        );
        let update = match table {
            Devices::Director => {
                "UPDATE devices SET last_used_at = $1 WHERE token_hash = $2 AND username = $3 AND last_used_at >= $4"
            }
            Devices::Official => {
                "UPDATE official_devices SET last_used_at = $1 WHERE token_hash = $2 AND username = $3 AND last_used_at >= $4"
            }
            Devices::Player => {
                "UPDATE player_devices SET last_used_at = $1 WHERE token_hash = $2 AND username = $3 AND last_used_at >= $4"
            }
        };
        let now = now_millis();
        let done = sqlx::query(update)
            .bind(now)
            .bind(hash_token(token))
            .bind(username)
            .bind(now.saturating_sub(DEVICE_MILLIS))
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends a session (logging out); unknown tokens are ignored.
    pub async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(hash_token(token))
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The scorekeeper token of one table of one round, made on first ask.
    /// Kept in clear (unlike login tokens) so the director can print the same
    /// link again; it only lets its holder write that table's sheet for that
    /// round, and the server refuses it once the round is over.
    pub async fn table_token(&self, link: TableLink) -> Result<String, StoreError> {
        let insert = sqlx::query(
            "INSERT INTO table_tokens (token, tournament_id, round, table_no, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, round, table_no) DO NOTHING",
        )
        .bind(new_token())
        .bind(link.tournament.0)
        .bind(i64::from(link.round))
        .bind(i64::from(link.table))
        .bind(now_millis())
        .execute(self.pool())
        .await;
        match insert {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                return Err(StoreError::NoTournament(link.tournament));
            }
            Err(e) => return Err(e.into()),
        }
        let row = sqlx::query(
            "SELECT token FROM table_tokens WHERE tournament_id = $1 AND round = $2 AND table_no = $3",
        )
        .bind(link.tournament.0)
        .bind(i64::from(link.round))
        .bind(i64::from(link.table))
        .fetch_one(self.pool())
        .await?;
        Ok(row.try_get(0)?)
    }

    /// Every scorekeeper token and its table (the server keeps them in
    /// memory, so a scorekeeper's first request needs no lookup).
    pub async fn table_tokens(&self) -> Result<Vec<(String, TableLink)>, StoreError> {
        let rows = sqlx::query("SELECT token, tournament_id, round, table_no FROM table_tokens")
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, TableLink::read(row, 1)?)))
            .collect()
    }

    /// Which table and round a scorekeeper token is for, if any.
    pub async fn find_table_token(&self, token: &str) -> Result<Option<TableLink>, StoreError> {
        let row =
            sqlx::query("SELECT tournament_id, round, table_no FROM table_tokens WHERE token = $1")
                .bind(token)
                .fetch_optional(self.pool())
                .await?;
        row.map(|row| TableLink::read(&row, 0)).transpose()
    }
}
