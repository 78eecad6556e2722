//! The backup through a database (issue 19.1): random event days of every
//! command kind stored, exported with `jongg export`'s code, imported into
//! a fresh database with `jongg import`'s, exported again: byte for byte
//! the same file, the same standings. A second import is refused naming
//! the tournament; `--name` keeps both. On SQLite and PostgreSQL.

use jongg_store::testing::TestDb;
use jongg_store::{Backend, Store, TournamentId};
use jongg_tools::ToolError;
use jongg_tournament::event_day::random_event_day;

async fn round_trip(backend: Backend) {
    for seed in [1u64, 7, 19, 42] {
        let day = random_event_day(seed, 250);
        let first = TestDb::new(backend).await;
        let store = Store::connect(&first.url).await.unwrap();
        let id = store.create(day.t.log()).await.unwrap();
        store.close().await;
        let file = jongg_tools::export(&first.url, id.0).await.unwrap();
        assert!(file.broken.is_none());
        let fresh = TestDb::new(backend).await;
        let (copy, t) = jongg_tools::import(&fresh.url, &file.text, None)
            .await
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let again = jongg_tools::export(&fresh.url, copy).await.unwrap();
        assert!(again.text == file.text, "seed {seed}: the file differs");
        assert_eq!(t.standings(), day.t.standings(), "seed {seed}");
        let store = Store::connect(&fresh.url).await.unwrap();
        let stored = store.load_tournament(TournamentId(copy)).await.unwrap();
        assert_eq!(stored.standings(), day.t.standings(), "seed {seed}");
        store.close().await;
        // Once is enough: the same file again is refused, in words.
        let e = jongg_tools::import(&fresh.url, &file.text, None)
            .await
            .unwrap_err();
        assert!(
            matches!(e, ToolError::AlreadyHere { id, .. } if id == copy),
            "{e}"
        );
        assert!(e.to_string().contains("--name"), "{e}");
        let (kept, t) = jongg_tools::import(&fresh.url, &file.text, Some("Kept copy".into()))
            .await
            .unwrap();
        assert_ne!(kept, copy);
        assert_eq!(t.settings().unwrap().name, "Kept copy");
        assert_eq!(t.standings().rows.len(), day.t.standings().rows.len());
    }
}

#[tokio::test]
async fn r19_1_export_import_export_through_sqlite_is_the_same_file() {
    round_trip(Backend::Sqlite).await;
}

#[tokio::test]
async fn r19_1_export_import_export_through_postgres_is_the_same_file() {
    round_trip(Backend::Postgres).await;
}
