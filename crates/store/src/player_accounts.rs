//! Players' accounts (issue 23, point 6): a name, unique without regard to
//! case, and the argon2 hash of its password (made by the server, as the
//! director's is), and their sessions, of which only the token's SHA-256
//! is kept.

use crate::secret::hash_token;
use crate::{Store, StoreError};
use sqlx::Row;

/// The key a player's name is unique by: its lowercase form (`Ann` and
/// `ann` are one account).
pub fn player_key(name: &str) -> String {
    name.to_lowercase()
}

/// A signed-in player: the name as they wrote it at sign-up, and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerAccount {
    pub name: String,
    pub key: String,
}

fn no_nul<'a>(what: &'static str, text: &'a str) -> Result<&'a str, StoreError> {
    if text.contains('\0') {
        return Err(StoreError::Nul(what));
    }
    Ok(text)
}

impl Store {
    /// A new account. `Ok(false)`: the name (in any case) is taken.
    pub async fn create_player(&self, name: &str, password_hash: &str) -> Result<bool, StoreError> {
        let name = no_nul("the name", name)?;
        let done = sqlx::query(
            "INSERT INTO player_accounts (name_key, name, password_hash, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(player_key(name))
        .bind(name)
        .bind(password_hash)
        .bind(crate::now_millis())
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The account of `name` (in any case) and its password hash.
    pub async fn player_login(
        &self,
        name: &str,
    ) -> Result<Option<(PlayerAccount, String)>, StoreError> {
        let name = no_nul("the name", name)?;
        let row = sqlx::query(
            "SELECT name_key, name, password_hash FROM player_accounts WHERE name_key = $1",
        )
        .bind(player_key(name))
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok((
                PlayerAccount {
                    key: r.try_get(0)?,
                    name: r.try_get(1)?,
                },
                r.try_get(2)?,
            ))
        })
        .transpose()
    }

    /// A new session for the account `key`; returns its token.
    pub async fn new_player_session(
        &self,
        key: &str,
        ttl_millis: i64,
    ) -> Result<String, StoreError> {
        self.insert_session(
            "INSERT INTO player_sessions (token_hash, name_key, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            key,
            ttl_millis,
        )
        .await
    }

    /// The player a live session token is for.
    pub async fn player_session(&self, token: &str) -> Result<Option<PlayerAccount>, StoreError> {
        let token = no_nul("the token", token)?;
        let row = sqlx::query(
            "SELECT a.name_key, a.name FROM player_sessions s \
             JOIN player_accounts a ON a.name_key = s.name_key \
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(hash_token(token))
        .bind(crate::now_millis())
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(PlayerAccount {
                key: r.try_get(0)?,
                name: r.try_get(1)?,
            })
        })
        .transpose()
    }

    /// Remembers a device the player `key` signed in (or up) from, as the
    /// director's (`new_device`); returns the token its cookie keeps.
    pub async fn new_player_device(&self, key: &str) -> Result<String, StoreError> {
        self.remember_device(crate::auth::Devices::Player, key)
            .await
    }

    /// Whether `token` is a device the player `key` signed in from within
    /// the last year; marks it used.
    pub async fn known_player_device(&self, token: &str, key: &str) -> Result<bool, StoreError> {
        self.device_known(crate::auth::Devices::Player, token, key)
            .await
    }

    /// Ends a player's session (signing out); an unknown token is ignored.
    pub async fn end_player_session(&self, token: &str) -> Result<(), StoreError> {
        let token = no_nul("the token", token)?;
        sqlx::query("DELETE FROM player_sessions WHERE token_hash = $1")
            .bind(hash_token(token))
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_key_is_their_name_in_lowercase() {
        assert_eq!(player_key("Ann Lee"), "ann lee");
        assert_eq!(player_key("ÉVA"), player_key("éva"));
    }
}
