//! Floor officials' logins (issue 14.2): a username and password the
//! director sets for one official of one tournament, and their sessions.
//! Kept as the director's are (`auth.rs`): the password's argon2 hash (made
//! by the server) and the hash of each session token, never the token.

use crate::auth::Devices;
use crate::secret::hash_token;
use crate::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::OfficialNo;
use sqlx::Row;

/// Whom an official's login is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfficialLink {
    pub tournament: TournamentId,
    pub official: OfficialNo,
}

impl OfficialLink {
    fn read(row: &sqlx::any::AnyRow, at: usize) -> Result<OfficialLink, StoreError> {
        let (tournament, official): (i64, i64) = (row.try_get(at)?, row.try_get(at + 1)?);
        let official = u16::try_from(official)
            .map_err(|_| StoreError::BadLink(format!("{official} is not an official's number")))?;
        Ok(OfficialLink {
            tournament: TournamentId(tournament),
            official: OfficialNo(official),
        })
    }
}

fn no_nul<'a>(what: &'static str, text: &'a str) -> Result<&'a str, StoreError> {
    if text.contains('\0') {
        return Err(StoreError::Nul(what));
    }
    Ok(text)
}

impl Store {
    /// Sets the login of one official (replacing their earlier one and
    /// ending its sessions). `Ok(false)` if another official has the username.
    pub async fn set_official_login(
        &self,
        link: OfficialLink,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError> {
        let username = no_nul("the username", username)?;
        let mut tx = self.pool().begin().await?;
        let taken = sqlx::query(
            "SELECT tournament_id, official_no FROM official_accounts WHERE username = $1",
        )
        .bind(username)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = taken
            && OfficialLink::read(&row, 0)? != link
        {
            return Ok(false);
        }
        delete_login(&mut tx, link).await?;
        let insert = sqlx::query(
            "INSERT INTO official_accounts (username, password_hash, tournament_id, official_no, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(username)
        .bind(password_hash)
        .bind(link.tournament.0)
        .bind(i64::from(link.official.0))
        .bind(now_millis())
        .execute(&mut *tx)
        .await;
        match insert {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                return Err(StoreError::NoTournament(link.tournament));
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The password hash of an official's username, and whom it is for.
    pub async fn official_login(
        &self,
        username: &str,
    ) -> Result<Option<(String, OfficialLink)>, StoreError> {
        let username = no_nul("the username", username)?;
        let row = sqlx::query(
            "SELECT password_hash, tournament_id, official_no FROM official_accounts WHERE username = $1",
        )
        .bind(username)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok((r.try_get(0)?, OfficialLink::read(&r, 1)?)))
            .transpose()
    }

    /// A new session for an official; only the token's hash is stored.
    pub async fn new_official_session(
        &self,
        username: &str,
        ttl_millis: i64,
    ) -> Result<String, StoreError> {
        self.insert_session(
            "INSERT INTO official_sessions (token_hash, username, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            username,
            ttl_millis,
        )
        .await
    }

    /// The official a live session token is for, with their username.
    pub async fn official_session(
        &self,
        token: &str,
    ) -> Result<Option<(String, OfficialLink)>, StoreError> {
        let token = no_nul("the token", token)?;
        let row = sqlx::query(
            "SELECT a.username, a.tournament_id, a.official_no FROM official_sessions s \
             JOIN official_accounts a ON a.username = s.username \
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(hash_token(token))
        .bind(now_millis())
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok((r.try_get(0)?, OfficialLink::read(&r, 1)?)))
            .transpose()
    }

    /// The usernames of a tournament's officials, by official number.
    pub async fn official_usernames(
        &self,
        tournament: TournamentId,
    ) -> Result<Vec<(OfficialNo, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT official_no, username FROM official_accounts WHERE tournament_id = $1 ORDER BY official_no",
        )
        .bind(tournament.0)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let n: i64 = r.try_get(0)?;
                let n = u16::try_from(n)
                    .map_err(|_| StoreError::BadLink(format!("{n} is not an official's number")))?;
                Ok((OfficialNo(n), r.try_get(1)?))
            })
            .collect()
    }

    /// Removes an official's login and ends their sessions (an official
    /// removed from the tournament). Nothing to remove is not an error.
    pub async fn remove_official_login(&self, link: OfficialLink) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await?;
        delete_login(&mut tx, link).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Remembers a device an official logged in from (as the director's,
    /// `new_device`); returns the token its cookie keeps.
    pub async fn new_official_device(&self, username: &str) -> Result<String, StoreError> {
        self.remember_device(Devices::Official, username).await
    }

    /// Whether `token` is a device the official `username` logged in from
    /// within the last year; marks it used.
    pub async fn known_official_device(
        &self,
        token: &str,
        username: &str,
    ) -> Result<bool, StoreError> {
        self.device_known(Devices::Official, token, username).await
    }

    /// Ends an official's session; unknown tokens are ignored.
    pub async fn end_official_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM official_sessions WHERE token_hash = $1")
            .bind(hash_token(token))
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

/// Deletes one official's login and its sessions, in the caller's transaction
/// (a new login replaces it; a removal ends it).
async fn delete_login(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    link: OfficialLink,
) -> Result<(), StoreError> {
    sqlx::query(
        "DELETE FROM official_sessions WHERE username IN \
         (SELECT username FROM official_accounts WHERE tournament_id = $1 AND official_no = $2)",
    )
    .bind(link.tournament.0)
    .bind(i64::from(link.official.0))
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM official_accounts WHERE tournament_id = $1 AND official_no = $2")
        .bind(link.tournament.0)
        .bind(i64::from(link.official.0))
        .execute(&mut **tx)
        .await?;
    Ok(())
}
