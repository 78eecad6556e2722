//! The server's library of cards (issue 32.1): every card loaded on this
//! server, once, by the SHA-256 of its text, with the name and year it was
//! loaded under. The server checks a card before it is added (it parses and
//! is linted); the store keeps what it is given. A table copies the text it
//! plays by into its own setup, so nothing here is needed to replay it.

use crate::secret::hex;
use crate::{Store, StoreError};
use sha2::{Digest, Sha256};
use sqlx::Row;

/// A card of the library, without its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryCard {
    pub id: i64,
    pub name: String,
    pub year: Option<i64>,
    /// How many lines (hands) the card has.
    pub lines: i64,
    /// `director`, or the key of the player account that loaded it.
    pub added_by: String,
    /// Milliseconds since the Unix epoch.
    pub added_at: i64,
}

/// A card to add: what the server checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLibraryCard<'a> {
    pub name: &'a str,
    pub year: Option<i64>,
    pub lines: i64,
    pub text: &'a str,
    pub added_by: &'a str,
}

/// The SHA-256 of a card's text, in hex: the library's key.
pub fn card_digest(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

const COLUMNS: &str = "id, name, year, lines, added_by, added_at";

fn read_card(r: &sqlx::any::AnyRow) -> Result<LibraryCard, StoreError> {
    Ok(LibraryCard {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        year: r.try_get(2)?,
        lines: r.try_get(3)?,
        added_by: r.try_get(4)?,
        added_at: r.try_get(5)?,
    })
}

impl Store {
    /// Adds a card unless the same text is in the library already.
    /// Answers the library's card and whether it is new (`false`: the
    /// card already there, under the name it was first loaded with).
    pub async fn add_library_card(
        &self,
        card: NewLibraryCard<'_>,
    ) -> Result<(LibraryCard, bool), StoreError> {
        if card.text.contains('\0') || card.name.contains('\0') {
            return Err(StoreError::Nul("the card"));
        }
        let digest = card_digest(card.text);
        let done = sqlx::query(
            "INSERT INTO card_library (sha256, name, year, lines, text, added_by, added_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (sha256) DO NOTHING",
        )
        .bind(&digest)
        .bind(card.name)
        .bind(card.year)
        .bind(card.lines)
        .bind(card.text)
        .bind(card.added_by)
        .bind(crate::now_millis())
        .execute(self.pool())
        .await?;
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM card_library WHERE sha256 = $1"
        ))
        .bind(&digest)
        .fetch_one(self.pool())
        .await?;
        Ok((read_card(&row)?, done.rows_affected() == 1))
    }

    /// The library, newest year first, then by name; at most `limit`.
    pub async fn library_cards(&self, limit: i64) -> Result<Vec<LibraryCard>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM card_library \
             ORDER BY COALESCE(year, 0) DESC, name, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(read_card).collect()
    }

    /// One card of the library and its text.
    pub async fn library_card(&self, id: i64) -> Result<Option<(LibraryCard, String)>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS}, text FROM card_library WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok((read_card(&r)?, r.try_get(6)?))).transpose()
    }

    /// How many cards the library has: in all, and loaded by `added_by`.
    pub async fn library_counts(&self, added_by: &str) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN added_by = $1 THEN 1 ELSE 0 END), 0) \
             FROM card_library",
        )
        .bind(added_by)
        .fetch_one(self.pool())
        .await?;
        Ok((row.try_get(0)?, row.try_get(1)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cards_key_is_the_sha256_of_its_text() {
        assert_eq!(
            card_digest(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_ne!(card_digest("a"), card_digest("a\n"));
    }
}
