//! Fresh databases for tests (used by this crate's and the server's tests).
//!
//! SQLite: a new file in a new temporary folder. PostgreSQL: a new database
//! `jongg_test_<random>` created through the maintenance database named by
//! env `JONGG_TEST_POSTGRES` (default `postgres://postgres@127.0.0.1:5432/test`)
//! and dropped when the [`TestDb`] is dropped. If PostgreSQL is unreachable
//! the test fails: CI starts it.

use crate::secret::new_token;
use sqlx::Connection;
use std::path::PathBuf;

/// Each named case (an `async fn(&TestDb)`) as two tests, one on a fresh
/// SQLite file and one on a fresh PostgreSQL database: the store's tests
/// run every case on both backends.
#[macro_export]
macro_rules! on_both {
    ($($case:ident),* $(,)?) => { $(
        mod $case {
            #[tokio::test]
            async fn sqlite() {
                let db = $crate::testing::TestDb::sqlite();
                super::$case(&db).await;
            }
            #[tokio::test]
            async fn postgres() {
                let db = $crate::testing::TestDb::postgres().await;
                super::$case(&db).await;
            }
        }
    )* };
}

/// The maintenance database used to create per-test databases.
pub fn postgres_admin_url() -> String {
    std::env::var("JONGG_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

/// A database that exists for the life of one test.
#[derive(Debug)]
pub struct TestDb {
    pub url: String,
    dir: Option<PathBuf>,
    pg_name: Option<String>,
}

impl TestDb {
    /// A fresh SQLite file.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(format!("jongg-test-{}", &new_token()[..16]));
        std::fs::create_dir_all(&dir).expect("cannot create a temporary folder");
        let url = crate::sqlite_url(&dir.join("jongg.sqlite"));
        TestDb {
            url,
            dir: Some(dir),
            pg_name: None,
        }
    }

    /// A fresh PostgreSQL database; panics (fails the test) if PostgreSQL
    /// cannot be reached.
    pub async fn postgres() -> TestDb {
        sqlx::any::install_default_drivers();
        let admin = postgres_admin_url();
        let name = format!("jongg_test_{}", &new_token()[..20]);
        let mut conn = sqlx::AnyConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| {
                panic!("PostgreSQL is not reachable at {admin} (set JONGG_TEST_POSTGRES): {e}")
            });
        sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("cannot create test database {name}: {e}"));
        let _ = conn.close().await;
        let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
        TestDb {
            url: format!("{base}/{name}"),
            dir: None,
            pg_name: Some(name),
        }
    }

    /// `sqlite()` or `postgres()` by name, for tests run over both.
    pub async fn new(backend: crate::Backend) -> TestDb {
        match backend {
            crate::Backend::Sqlite => TestDb::sqlite(),
            crate::Backend::Postgres => TestDb::postgres().await,
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
        if let Some(name) = self.pg_name.take() {
            // Drop may run inside a runtime: do the async work on a thread.
            let admin = postgres_admin_url();
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                if let Ok(rt) = rt {
                    rt.block_on(async {
                        if let Ok(mut conn) = sqlx::AnyConnection::connect(&admin).await {
                            let _ = sqlx::raw_sql(&format!(
                                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                            ))
                            .execute(&mut conn)
                            .await;
                            let _ = conn.close().await;
                        }
                    });
                }
            })
            .join();
        }
    }
}

/// Runs one statement, its `binds` as text, on the database at `url`
/// while a server may hold it open: a test that damages what was stored,
/// as a bad disk or a hand edit would. Answers the rows it changed.
pub async fn execute(url: &str, sql: &str, binds: &[&str]) -> Result<u64, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await?;
    let mut q = sqlx::query(sql);
    for b in binds {
        q = q.bind(b.to_string());
    }
    let done = q.execute(&pool).await?.rows_affected();
    pool.close().await;
    Ok(done)
}
