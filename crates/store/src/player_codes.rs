//! Each player's personal sign-off code (issue 14, point 6): six digits the
//! player types when signing a score sheet, where the rules ask for one
//! (`[sign_off] personal_code`), and the key of the player's own page
//! (`/me?key=`, printed on their badge as a QR code) where they read it.
//! Both are made on first ask and stay the same for the event.

use crate::secret::{new_personal_code, new_token};
use crate::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::PlayerNo;
use sqlx::Row;

/// A player's code and the key of their page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerCode {
    pub tournament: TournamentId,
    pub player: PlayerNo,
    /// Six digits, shown on the player's own page.
    pub code: String,
    /// 64 hex digits: the player's page's key, on their badge.
    pub key: String,
}

impl PlayerCode {
    fn read(row: &sqlx::any::AnyRow) -> Result<PlayerCode, StoreError> {
        let player: i64 = row.try_get(1)?;
        let player = u32::try_from(player)
            .map_err(|_| StoreError::BadLink(format!("{player} is not a player's number")))?;
        Ok(PlayerCode {
            tournament: TournamentId(row.try_get(0)?),
            player: PlayerNo(player),
            code: row.try_get(2)?,
            key: row.try_get(3)?,
        })
    }
}

const COLUMNS: &str = "tournament_id, player_no, code, page_key";

impl Store {
    /// The code of `player` of `tournament`, made on first ask.
    pub async fn player_code(
        &self,
        tournament: TournamentId,
        player: PlayerNo,
    ) -> Result<PlayerCode, StoreError> {
        for _ in 0..8 {
            let insert = sqlx::query(
                "INSERT INTO player_codes (tournament_id, player_no, code, page_key, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, player_no) DO NOTHING",
            )
            .bind(tournament.0)
            .bind(i64::from(player.0))
            .bind(new_personal_code())
            .bind(new_token())
            .bind(now_millis())
            .execute(self.pool())
            .await;
            match insert {
                Ok(_) => break,
                Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                    return Err(StoreError::NoTournament(tournament));
                }
                // The key is taken (never in practice): again.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM player_codes WHERE tournament_id = $1 AND player_no = $2"
        ))
        .bind(tournament.0)
        .bind(i64::from(player.0))
        .fetch_one(self.pool())
        .await?;
        PlayerCode::read(&row)
    }

    /// The player whose page's key is `key`, if any.
    pub async fn player_by_key(&self, key: &str) -> Result<Option<PlayerCode>, StoreError> {
        if key.len() != 64 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM player_codes WHERE page_key = $1"
        ))
        .bind(key)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(PlayerCode::read).transpose()
    }
}
