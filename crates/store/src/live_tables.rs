//! Live tables (issue 23.2): each table's row (its setup, its seats' token
//! hashes, open or finished) and its log, which [`StoredTableLog`] appends
//! for the table's one owner and reads back to resume it after a restart.
//! The log's records are `jongg_play::LogRecord`s as JSON, numbered from 1.

use crate::live_commits::LiveAppend;
use crate::secret::new_token;
use crate::{Store, StoreError, now_millis};
use jongg_play::{LogRecord, TableLog};
use jongg_tiles::BySeat;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use std::fmt;

/// A live table's id: 16 lowercase hex digits, random (it is in the
/// table's address; the seats' tokens are the secrets).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LiveTableId(String);

/// The length of a [`LiveTableId`].
pub const LIVE_TABLE_ID_LEN: usize = 16;

impl LiveTableId {
    /// A fresh random id.
    pub fn new() -> LiveTableId {
        LiveTableId(new_token()[..LIVE_TABLE_ID_LEN].to_string())
    }

    /// An id as written in an address; None if it cannot be one.
    pub fn parse(text: &str) -> Option<LiveTableId> {
        let ok = text.len() == LIVE_TABLE_ID_LEN
            && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        ok.then(|| LiveTableId(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for LiveTableId {
    fn default() -> LiveTableId {
        LiveTableId::new()
    }
}

impl fmt::Display for LiveTableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A live table's row.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveTable {
    pub id: LiveTableId,
    /// Milliseconds since the Unix epoch.
    pub created: i64,
    pub finished: bool,
    /// What the server needs to mount the table again besides its log (the
    /// preset, the card, who plays each seat), as the server writes it.
    pub setup: serde_json::Value,
    /// SHA-256 of each person seat's token (`secret::hash_token`); `None`:
    /// a bot's seat, or an empty one.
    pub token_hashes: BySeat<Option<String>>,
}

impl LiveTable {
    /// A new open table with a fresh id, created now.
    pub fn new(setup: serde_json::Value, token_hashes: BySeat<Option<String>>) -> LiveTable {
        LiveTable {
            id: LiveTableId::new(),
            created: now_millis(),
            finished: false,
            setup,
            token_hashes,
        }
    }

    fn read(row: &sqlx::any::AnyRow) -> Result<LiveTable, StoreError> {
        let id: String = row.try_get(0)?;
        let status: String = row.try_get(2)?;
        let setup: String = row.try_get(3)?;
        let hashes: String = row.try_get(4)?;
        Ok(LiveTable {
            id: LiveTableId(id),
            created: row.try_get(1)?,
            finished: status == "finished",
            setup: serde_json::from_str(&setup)?,
            token_hashes: serde_json::from_str(&hashes)?,
        })
    }
}

const COLUMNS: &str = "id, created_at, status, setup, token_hashes";

impl Store {
    /// Stores a new table's row (open); its log is [`Store::live_table_log`].
    pub async fn create_live_table(&self, table: &LiveTable) -> Result<(), StoreError> {
        sqlx::query(&format!(
            "INSERT INTO live_tables ({COLUMNS}) VALUES ($1, $2, $3, $4, $5)"
        ))
        .bind(table.id.as_str())
        .bind(table.created)
        .bind(if table.finished { "finished" } else { "open" })
        .bind(serde_json::to_string(&table.setup)?)
        .bind(serde_json::to_string(&table.token_hashes)?)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Every open table, oldest first (the server resumes them at start).
    pub async fn open_live_tables(&self) -> Result<Vec<LiveTable>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM live_tables WHERE status = 'open' ORDER BY created_at, id"
        ))
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(LiveTable::read).collect()
    }

    /// The finished tables created at or after `since` (Unix ms), oldest
    /// first: after a restart, the server looks among them for a
    /// tournament game whose end was stored but not yet put on its sheet.
    pub async fn finished_live_tables_since(
        &self,
        since: i64,
    ) -> Result<Vec<LiveTable>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM live_tables WHERE status = 'finished' AND created_at >= $1 \
             ORDER BY created_at, id"
        ))
        .bind(since)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(LiveTable::read).collect()
    }

    /// One table's row, open or finished.
    pub async fn live_table(&self, id: &LiveTableId) -> Result<Option<LiveTable>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM live_tables WHERE id = $1"))
            .bind(id.as_str())
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(LiveTable::read).transpose()
    }

    /// Marks a table finished: it is no longer resumed at start.
    pub async fn finish_live_table(&self, id: &LiveTableId) -> Result<(), StoreError> {
        sqlx::query("UPDATE live_tables SET status = 'finished' WHERE id = $1")
            .bind(id.as_str())
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The log of table `id`, for its owner.
    pub fn live_table_log(&self, id: &LiveTableId) -> StoredTableLog {
        StoredTableLog {
            store: self.clone(),
            table: id.clone(),
            next: None,
        }
    }
}

/// A live table's log in the store: `append` returns once its records are
/// committed (all or none, in a group commit with other tables' appends:
/// `live_commits.rs`; the record that ends the game marks the table
/// finished in the same transaction); `load` reads them in order.
#[derive(Debug, Clone)]
pub struct StoredTableLog {
    store: Store,
    table: LiveTableId,
    /// The number of the next record (read from the database at first need).
    next: Option<i64>,
}

impl StoredTableLog {
    async fn append_records(&mut self, records: Vec<LogRecord>) -> Result<(), String> {
        if records.is_empty() {
            return Ok(());
        }
        let first = match self.next {
            Some(n) => n,
            // Only this table's owner appends to it, so the last number
            // cannot change between this read and the commit.
            None => self.last_record_no().await.map_err(|e| e.to_string())? + 1,
        };
        let count = records.len() as i64;
        self.store
            .append_live(LiveAppend {
                table: self.table.clone(),
                first,
                records,
            })
            .await?;
        self.next = Some(first + count);
        Ok(())
    }

    async fn last_record_no(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query(
            "SELECT COALESCE(MAX(record_no), 0) FROM live_table_records WHERE table_id = $1",
        )
        .bind(self.table.as_str())
        .fetch_one(self.store.pool())
        .await?
        .try_get(0)?)
    }

    async fn load_records(&mut self) -> Result<Vec<LogRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT record_no, record FROM live_table_records WHERE table_id = $1 ORDER BY record_no",
        )
        .bind(self.table.as_str())
        .fetch_all(self.store.pool())
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let no: i64 = row.try_get(0)?;
            let text: String = row.try_get(1)?;
            if no != i as i64 + 1 {
                return Err(StoreError::BadLiveRecord {
                    table: self.table.clone(),
                    no,
                    reason: format!("record {} is missing", i + 1),
                });
            }
            let record = serde_json::from_str(&text).map_err(|e| StoreError::BadLiveRecord {
                table: self.table.clone(),
                no,
                reason: e.to_string(),
            })?;
            out.push(record);
        }
        self.next = Some(out.len() as i64 + 1);
        Ok(out)
    }
}

impl TableLog for StoredTableLog {
    async fn append(&mut self, records: Vec<LogRecord>) -> Result<(), String> {
        self.append_records(records).await
    }

    async fn load(&mut self) -> Result<Vec<LogRecord>, String> {
        self.load_records().await.map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_id_is_sixteen_lowercase_hex_digits() {
        let id = LiveTableId::new();
        assert_eq!(LiveTableId::parse(id.as_str()), Some(id.clone()));
        assert_ne!(id, LiveTableId::new());
        for bad in [
            "",
            "0123456789abcde",
            "0123456789abcdef0",
            "0123456789ABCDEF",
            "../../etc/passwd",
        ] {
            assert_eq!(LiveTableId::parse(bad), None, "{bad}");
        }
    }
}
