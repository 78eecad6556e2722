//! Schema migrations: numbered SQL files per backend, applied in order, each
//! in its own transaction together with its row in `jongg_schema`.
//! (A dozen lines of our own instead of sqlx's `migrate` feature, which
//! would need its macros to embed the files.)

use crate::{Backend, Store, StoreError, now_millis};
use sqlx::Row;

/// `(version, sql)` for each backend; append new files, never edit old ones.
const SQLITE: &[(i64, &str)] = &[
    (1, include_str!("../migrations/sqlite/0001_init.sql")),
    (2, include_str!("../migrations/sqlite/0002_devices.sql")),
    (3, include_str!("../migrations/sqlite/0003_table_codes.sql")),
    (4, include_str!("../migrations/sqlite/0004_officials.sql")),
    (
        5,
        include_str!("../migrations/sqlite/0005_player_codes.sql"),
    ),
    (
        6,
        include_str!("../migrations/sqlite/0006_official_devices.sql"),
    ),
    (7, include_str!("../migrations/sqlite/0007_live_tables.sql")),
    (
        8,
        include_str!("../migrations/sqlite/0008_player_accounts.sql"),
    ),
    (
        9,
        include_str!("../migrations/sqlite/0009_player_devices.sql"),
    ),
    (
        10,
        include_str!("../migrations/sqlite/0010_card_library.sql"),
    ),
    (
        11,
        include_str!("../migrations/sqlite/0011_lobby_bounds.sql"),
    ),
];
const POSTGRES: &[(i64, &str)] = &[
    (1, include_str!("../migrations/postgres/0001_init.sql")),
    (2, include_str!("../migrations/postgres/0002_devices.sql")),
    (
        3,
        include_str!("../migrations/postgres/0003_table_codes.sql"),
    ),
    (4, include_str!("../migrations/postgres/0004_officials.sql")),
    (
        5,
        include_str!("../migrations/postgres/0005_player_codes.sql"),
    ),
    (
        6,
        include_str!("../migrations/postgres/0006_official_devices.sql"),
    ),
    (
        7,
        include_str!("../migrations/postgres/0007_live_tables.sql"),
    ),
    (
        8,
        include_str!("../migrations/postgres/0008_player_accounts.sql"),
    ),
    (
        9,
        include_str!("../migrations/postgres/0009_player_devices.sql"),
    ),
    (
        10,
        include_str!("../migrations/postgres/0010_card_library.sql"),
    ),
    (
        11,
        include_str!("../migrations/postgres/0011_lobby_bounds.sql"),
    ),
];

pub(crate) async fn run(store: &Store) -> Result<(), StoreError> {
    let migrations = match store.backend {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    };
    sqlx::raw_sql(
        "CREATE TABLE IF NOT EXISTS jongg_schema (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
    )
    .execute(store.pool())
    .await?;
    let current: i64 = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM jongg_schema")
        .fetch_one(store.pool())
        .await?
        .try_get(0)?;
    for &(version, sql) in migrations.iter().filter(|(v, _)| *v > current) {
        let mut tx = store.pool().begin().await?;
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO jongg_schema (version, applied_at) VALUES ($1, $2)")
            .bind(version)
            .bind(now_millis())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_versions() {
        let a: Vec<i64> = SQLITE.iter().map(|m| m.0).collect();
        let b: Vec<i64> = POSTGRES.iter().map(|m| m.0).collect();
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] + 1 == w[1]));
    }
}
