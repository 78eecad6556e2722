//! Each table's card for the whole event (issue 13): a long secret key for
//! the QR code and a short printed code, both stable for the event and
//! made on first ask. The key finds the table; the server finds its
//! current round.

use crate::secret::{new_code, new_token};
use crate::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::TableNo;
use sqlx::Row;

/// One table's card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCard {
    pub tournament: TournamentId,
    pub table: TableNo,
    /// Six letters, printed on the card.
    pub code: String,
    /// 64 hex digits, in the card's QR code.
    pub key: String,
}

impl TableCard {
    fn read(row: &sqlx::any::AnyRow) -> Result<TableCard, StoreError> {
        let table: i64 = row.try_get(1)?;
        Ok(TableCard {
            tournament: TournamentId(row.try_get(0)?),
            table: TableNo::try_from(table).map_err(|e| StoreError::BadLink(e.to_string()))?,
            code: row.try_get(2)?,
            key: row.try_get(3)?,
        })
    }
}

const COLUMNS: &str = "tournament_id, table_no, code, card_key";

impl Store {
    /// The card of `table` of `tournament`, made on first ask. A new code
    /// that happens to be taken already is drawn again.
    pub async fn table_card(
        &self,
        tournament: TournamentId,
        table: TableNo,
    ) -> Result<TableCard, StoreError> {
        for _ in 0..8 {
            let insert = sqlx::query(
                "INSERT INTO table_codes (tournament_id, table_no, code, card_key, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, table_no) DO NOTHING",
            )
            .bind(tournament.0)
            .bind(i64::from(table))
            .bind(new_code())
            .bind(new_token())
            .bind(now_millis())
            .execute(self.pool())
            .await;
            match insert {
                Ok(_) => break,
                Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                    return Err(StoreError::NoTournament(tournament));
                }
                // The code (or, never in practice, the key) is taken: again.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM table_codes WHERE tournament_id = $1 AND table_no = $2"
        ))
        .bind(tournament.0)
        .bind(i64::from(table))
        .fetch_one(self.pool())
        .await?;
        TableCard::read(&row)
    }

    /// The card whose QR key is `key`, if any.
    pub async fn card_by_key(&self, key: &str) -> Result<Option<TableCard>, StoreError> {
        self.card_where("card_key", key).await
    }

    /// The card whose printed code is `code` (as printed), if any.
    pub async fn card_by_code(&self, code: &str) -> Result<Option<TableCard>, StoreError> {
        self.card_where("code", code).await
    }

    async fn card_where(
        &self,
        column: &'static str,
        value: &str,
    ) -> Result<Option<TableCard>, StoreError> {
        if value.contains('\0') {
            return Ok(None);
        }
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM table_codes WHERE {column} = $1"
        ))
        .bind(value)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(TableCard::read).transpose()
    }
}
