//! The store against both backends: every case runs once on a fresh SQLite
//! file and once on a fresh PostgreSQL database.

use jongg_store::testing::TestDb;
use jongg_store::{Backend, Store, StoreError, Stored, TableLink};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Ev {
    Named(String),
    Scored { table: u32, points: i64 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Who {
    Director,
    Table(u32),
}

macro_rules! on_both {
    ($($case:ident),* $(,)?) => { $(
        mod $case {
            #[tokio::test]
            async fn sqlite() {
                let db = jongg_store::testing::TestDb::sqlite();
                super::$case(&db).await;
            }
            #[tokio::test]
            async fn postgres() {
                let db = jongg_store::testing::TestDb::postgres().await;
                super::$case(&db).await;
            }
        }
    )* };
}

on_both!(
    append_then_load_gives_the_same_events,
    a_stale_writer_conflicts_and_writes_nothing,
    unknown_tournament_is_named,
    concurrent_writers_never_interleave,
    reconnecting_finds_everything,
    import_keeps_times_and_actors,
    group_append_is_all_or_nothing,
    setup_token_works_once,
    sessions_expire_and_end,
    table_tokens_are_stable_per_table_and_round,
    a_checkpoint_keeps_every_event,
    devices_are_known_to_their_account_only,
    a_nul_character_never_reaches_the_database,
);

async fn append_then_load_gives_the_same_events(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(5, &Who::Director, &[Ev::Named("Spring".into())])
        .await
        .unwrap();
    store
        .append(
            id,
            1,
            1_700_000_000_123,
            &Who::Table(3),
            &[
                Ev::Scored {
                    table: 3,
                    points: 25,
                },
                Ev::Scored {
                    table: 3,
                    points: -10,
                },
            ],
        )
        .await
        .unwrap();
    let log: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    let seqs: Vec<i64> = log.iter().map(|s| s.seq).collect();
    assert_eq!(seqs, [1, 2, 3]);
    assert_eq!(log[0].actor, Who::Director);
    assert_eq!(log[2].actor, Who::Table(3));
    assert_eq!((log[0].at, log[2].at), (5, 1_700_000_000_123));
    assert_eq!(
        log[2].event,
        Ev::Scored {
            table: 3,
            points: -10
        }
    );
    assert_eq!(store.tournament_ids().await.unwrap(), vec![id]);
}

async fn a_stale_writer_conflicts_and_writes_nothing(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(5, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap();
    store
        .append(id, 1, 9, &Who::Director, &[Ev::Named("a".into())])
        .await
        .unwrap();
    // Decided on a state of 1 event, but the log has 2: seq 2 is taken.
    let err = store
        .append(
            id,
            1,
            9,
            &Who::Director,
            &[Ev::Named("b".into()), Ev::Named("c".into())],
        )
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { seq: 2, .. }), "{err}");
    // A batch whose *second* event collides leaves nothing behind either.
    store
        .append(id, 2, 9, &Who::Director, &[Ev::Named("d".into())])
        .await
        .unwrap();
    let err = store
        .append(
            id,
            2,
            9,
            &Who::Director,
            &[Ev::Named("e".into()), Ev::Named("f".into())],
        )
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { seq: 3, .. }), "{err}");
    let log: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    let names: Vec<Ev> = log.into_iter().map(|s| s.event).collect();
    assert_eq!(
        names,
        [
            Ev::Named("x".into()),
            Ev::Named("a".into()),
            Ev::Named("d".into())
        ]
    );
}

async fn unknown_tournament_is_named(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let err = store.load::<Who, Ev>(42).await.unwrap_err();
    assert_eq!(err.to_string(), "tournament 42 does not exist");
    let err = store
        .append(42, 0, 9, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::NoTournament(42)), "{err}");
}

async fn concurrent_writers_never_interleave(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(5, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap();
    let mut tasks = Vec::new();
    for writer in 0..6u32 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut written = 0;
            while written < 5 {
                let len = store.load::<Who, Ev>(id).await.unwrap().len() as i64;
                let batch = [
                    Ev::Scored {
                        table: writer,
                        points: written,
                    },
                    Ev::Scored {
                        table: writer,
                        points: -written,
                    },
                ];
                match store.append(id, len, 9, &Who::Table(writer), &batch).await {
                    Ok(()) => written += 1,
                    Err(StoreError::Conflict { .. }) => tokio::task::yield_now().await,
                    Err(e) => panic!("{e}"),
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let log: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    assert_eq!(log.len(), 1 + 6 * 5 * 2);
    // Each batch of two is contiguous: event 2k and 2k+1 come from one writer.
    for pair in log[1..].chunks(2) {
        assert_eq!(pair[0].actor, pair[1].actor);
        match (&pair[0].event, &pair[1].event) {
            (Ev::Scored { points: a, .. }, Ev::Scored { points: b, .. }) => assert_eq!(*a, -*b),
            other => panic!("unexpected {other:?}"),
        }
    }
}

async fn reconnecting_finds_everything(db: &TestDb) {
    let id = {
        let store = Store::connect(&db.url).await.unwrap();
        let id = store
            .create_tournament(5, &Who::Director, &[Ev::Named("x".into())])
            .await
            .unwrap();
        store
            .append(
                id,
                1,
                9,
                &Who::Table(1),
                &[Ev::Scored {
                    table: 1,
                    points: 7,
                }],
            )
            .await
            .unwrap();
        store.close().await;
        id
    };
    // Connecting again runs the migrations again: they must be a no-op.
    let store = Store::connect(&db.url).await.unwrap();
    let log: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(
        log[1].event,
        Ev::Scored {
            table: 1,
            points: 7
        }
    );
}

async fn import_keeps_times_and_actors(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let log = vec![
        Stored {
            seq: 1,
            at: 1_700_000_000_000,
            actor: Who::Director,
            event: Ev::Named("a".into()),
        },
        Stored {
            seq: 2,
            at: 1_700_000_000_500,
            actor: Who::Table(2),
            event: Ev::Scored {
                table: 2,
                points: 1,
            },
        },
    ];
    let id = store.import_tournament(&log).await.unwrap();
    let back: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    assert_eq!(back, log);
}

async fn setup_token_works_once(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    assert!(!store.has_director().await.unwrap());
    let old = store.new_setup_token().await.unwrap();
    let token = store.new_setup_token().await.unwrap();
    // Only the newest printed link is live.
    assert!(
        !store
            .complete_setup(&old, "director", "hash")
            .await
            .unwrap()
    );
    assert!(
        !store
            .complete_setup("nonsense", "director", "hash")
            .await
            .unwrap()
    );
    assert!(
        store
            .complete_setup(&token, "director", "hash")
            .await
            .unwrap()
    );
    assert!(
        !store
            .complete_setup(&token, "director", "other")
            .await
            .unwrap()
    );
    assert!(store.has_director().await.unwrap());
    assert_eq!(
        store.password_hash("director").await.unwrap().as_deref(),
        Some("hash")
    );
    assert_eq!(store.password_hash("nobody").await.unwrap(), None);
}

/// A store whose director account exists.
async fn with_director(db: &TestDb) -> Store {
    let store = Store::connect(&db.url).await.unwrap();
    let setup = store.new_setup_token().await.unwrap();
    assert!(
        store
            .complete_setup(&setup, "director", "hash")
            .await
            .unwrap()
    );
    store
}

async fn sessions_expire_and_end(db: &TestDb) {
    let store = with_director(db).await;
    let live = store.new_session("director", 60_000).await.unwrap();
    let expired = store.new_session("director", -1).await.unwrap();
    assert_eq!(
        store.session_user(&live).await.unwrap().as_deref(),
        Some("director")
    );
    assert_eq!(store.session_user(&expired).await.unwrap(), None);
    assert_eq!(store.session_user("guess").await.unwrap(), None);
    store.end_session(&live).await.unwrap();
    assert_eq!(store.session_user(&live).await.unwrap(), None);
}

async fn devices_are_known_to_their_account_only(db: &TestDb) {
    let store = with_director(db).await;
    let device = store.new_device("director").await.unwrap();
    assert_eq!(device.len(), 64);
    assert!(store.known_device(&device, "director").await.unwrap());
    assert!(!store.known_device(&device, "someone").await.unwrap());
    assert!(
        !store
            .known_device(&"0".repeat(64), "director")
            .await
            .unwrap()
    );
    // A new device of the same account is another device.
    let other = store.new_device("director").await.unwrap();
    assert_ne!(device, other);
    assert!(store.known_device(&other, "director").await.unwrap());
}

/// PostgreSQL refuses a NUL in text with an error of its own (a 500 once);
/// the store refuses it first, alike on both, naming what held it.
async fn a_nul_character_never_reaches_the_database(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    fn nul<T>(r: Result<T, StoreError>) -> &'static str {
        match r {
            Err(StoreError::Nul(what)) => what,
            Err(e) => panic!("not refused for its NUL: {e}"),
            Ok(_) => panic!("not refused for its NUL"),
        }
    }
    assert_eq!(nul(store.password_hash("dir\0ector").await), "the username");
    let setup = store.new_setup_token().await.unwrap();
    assert_eq!(
        nul(store.complete_setup(&setup, "a\0", "hash").await),
        "the username"
    );
    assert_eq!(nul(store.new_session("a\0", 1000).await), "the username");
    assert_eq!(nul(store.new_device("a\0").await), "the username");
    // The setup token was not used up by the refused attempt.
    assert!(
        store
            .complete_setup(&setup, "director", "hash")
            .await
            .unwrap()
    );
}

async fn table_tokens_are_stable_per_table_and_round(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(5, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap();
    let t1 = TableLink {
        tournament: id,
        round: 1,
        table: 1,
    };
    let t2 = TableLink {
        tournament: id,
        round: 1,
        table: 2,
    };
    let r2 = TableLink {
        tournament: id,
        round: 2,
        table: 1,
    };
    let a = store.table_token(t1).await.unwrap();
    assert_eq!(store.table_token(t1).await.unwrap(), a);
    let b = store.table_token(t2).await.unwrap();
    let c = store.table_token(r2).await.unwrap();
    assert!(a != b && a != c && b != c);
    assert_eq!(store.find_table_token(&a).await.unwrap(), Some(t1));
    assert_eq!(store.find_table_token(&c).await.unwrap(), Some(r2));
    assert_eq!(store.find_table_token("nope").await.unwrap(), None);
    let mut all = store.table_tokens().await.unwrap();
    all.sort_by_key(|(_, l)| (l.round, l.table));
    assert_eq!(all, vec![(a.clone(), t1), (b.clone(), t2), (c.clone(), r2)]);
    let err = store
        .table_token(TableLink {
            tournament: 999,
            round: 1,
            table: 1,
        })
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::NoTournament(999)), "{err}");
}

#[tokio::test]
async fn bad_urls_are_named() {
    for url in ["mysql://x", "sqlite::memory:", "", "sqlite://"] {
        let err = Store::connect(url).await.unwrap_err();
        assert!(err.to_string().contains("neither sqlite"), "{url}: {err}");
    }
}

#[tokio::test]
async fn sqlite_is_in_wal_mode_with_full_sync() {
    let db = TestDb::sqlite();
    let store = Store::connect(&db.url).await.unwrap();
    assert_eq!(store.backend(), Backend::Sqlite);
    let (mode, sync) = store.sqlite_settings().await.unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(sync, 2, "synchronous=FULL is 2");
}

async fn a_checkpoint_keeps_every_event(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(1, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap();
    let events: Vec<Ev> = (0..500)
        .map(|i| Ev::Named(format!("event {i} {}", "x".repeat(200))))
        .collect();
    store
        .append(id, 1, 2, &Who::Director, &events)
        .await
        .unwrap();
    let file = db
        .url
        .strip_prefix("sqlite://")
        .map(std::path::PathBuf::from);
    let size = |f: &std::path::PathBuf| std::fs::metadata(f).unwrap().len();
    let before = file.as_ref().map(size);
    store.checkpoint().await.unwrap();
    if let (Some(file), Some(before)) = (&file, before) {
        // The events were in the write-ahead log only; now they are in the
        // database file itself.
        assert!(size(file) > before + 100_000, "{before} -> {}", size(file));
    }
    let loaded: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    assert_eq!(loaded.len(), 501);
    assert_eq!(loaded[500].event, events[499]);
}

async fn group_append_is_all_or_nothing(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create_tournament(5, &Who::Director, &[Ev::Named("x".into())])
        .await
        .unwrap();
    let row = |seq, who| Stored {
        seq,
        at: 10 + seq,
        actor: who,
        event: Ev::Scored {
            table: 1,
            points: seq,
        },
    };
    store
        .append_stored(id, &[row(2, Who::Table(1)), row(3, Who::Table(2))])
        .await
        .unwrap();
    // Seq 4 is free but 3 is taken: nothing of the batch is written.
    let err = store
        .append_stored(id, &[row(4, Who::Table(1)), row(3, Who::Table(3))])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    let log: Vec<Stored<Who, Ev>> = store.load(id).await.unwrap();
    assert_eq!(log.len(), 3);
    assert_eq!(log[2], row(3, Who::Table(2)));
}
