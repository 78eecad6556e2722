//! The store against both backends: every case runs once on a fresh SQLite
//! file and once on a fresh PostgreSQL database.

use jongg_store::testing::TestDb;
use jongg_store::{Backend, Store, StoreError, TableLink, TournamentId};
use jongg_tournament::{Actor, Event, PlayerNo, Recorded, RoundNo, TableNo, Tournament};

/// Event `seq` at `at` by `actor`: player `n` arrives (the store keeps any
/// event; only `load_tournament` folds them).
fn arrived(seq: u64, at: i64, actor: Actor, n: u32) -> Recorded {
    Recorded {
        seq,
        at,
        actor,
        event: Event::PlayerArrived {
            number: PlayerNo(n),
        },
    }
}

fn table(t: u16) -> Actor {
    Actor::Scorekeeper {
        round: RoundNo(1),
        table: TableNo(t),
    }
}

/// `n` events from `from` on, by `actor`, at time `at`.
fn events(from: u64, n: u64, at: i64, actor: Actor) -> Vec<Recorded> {
    (from..from + n)
        .map(|seq| arrived(seq, at, actor, seq as u32))
        .collect()
}

jongg_store::on_both!(
    append_then_load_gives_the_same_events,
    a_stale_writer_conflicts_and_writes_nothing,
    unknown_tournament_is_named,
    concurrent_writers_never_interleave,
    reconnecting_finds_everything,
    create_keeps_times_and_actors,
    group_append_is_all_or_nothing,
    a_log_stored_before_issue_12_loads_and_folds,
    setup_token_works_once,
    sessions_expire_and_end,
    table_tokens_are_stable_per_table_and_round,
    a_checkpoint_keeps_every_event,
    devices_are_known_to_their_account_only,
    a_nul_character_never_reaches_the_database,
);

async fn append_then_load_gives_the_same_events(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let first = arrived(1, 5, Actor::Director, 1);
    let id = store.create(std::slice::from_ref(&first)).await.unwrap();
    let more = events(2, 2, 1_700_000_000_123, table(3));
    store.append(id, &more).await.unwrap();
    let log = store.load(id).await.unwrap();
    assert_eq!(log, [vec![first], more].concat());
    assert_eq!(store.tournament_ids().await.unwrap(), vec![id]);
}

async fn a_stale_writer_conflicts_and_writes_nothing(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create(&events(1, 1, 5, Actor::Director))
        .await
        .unwrap();
    store
        .append(id, &events(2, 1, 9, Actor::Director))
        .await
        .unwrap();
    // Decided on a state of 1 event, but the log has 2: seq 2 is taken.
    let err = store
        .append(id, &events(2, 2, 9, Actor::Director))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { seq: 2, .. }), "{err}");
    // A batch whose *second* event collides leaves nothing behind either.
    store.append(id, &events(3, 1, 9, table(1))).await.unwrap();
    let mut batch = events(4, 1, 9, table(2));
    batch.extend(events(3, 1, 9, table(2)));
    let err = store.append(id, &batch).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    let log = store.load(id).await.unwrap();
    let actors: Vec<Actor> = log.iter().map(|r| r.actor).collect();
    assert_eq!(actors, [Actor::Director, Actor::Director, table(1)]);
}

async fn unknown_tournament_is_named(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let err = store.load(TournamentId(42)).await.unwrap_err();
    assert_eq!(err.to_string(), "tournament 42 does not exist");
    let err = store
        .append(TournamentId(42), &events(1, 1, 9, Actor::Director))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::NoTournament(TournamentId(42))),
        "{err}"
    );
}

async fn concurrent_writers_never_interleave(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create(&events(1, 1, 5, Actor::Director))
        .await
        .unwrap();
    let mut tasks = Vec::new();
    for writer in 0..6u16 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut written = 0;
            while written < 5 {
                let len = store.load(id).await.unwrap().len() as u64;
                let batch = events(len + 1, 2, 9, table(writer));
                match store.append(id, &batch).await {
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
    let log = store.load(id).await.unwrap();
    assert_eq!(log.len(), 1 + 6 * 5 * 2);
    // Each batch of two is contiguous: event 2k and 2k+1 come from one writer.
    for pair in log[1..].chunks(2) {
        assert_eq!(pair[0].actor, pair[1].actor);
    }
    let seqs: Vec<u64> = log.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (1..=61).collect::<Vec<_>>());
}

async fn reconnecting_finds_everything(db: &TestDb) {
    let (id, log) = {
        let store = Store::connect(&db.url).await.unwrap();
        let log = events(1, 2, 9, table(1));
        let id = store.create(&log).await.unwrap();
        store.close().await;
        (id, log)
    };
    // Connecting again runs the migrations again: they must be a no-op.
    let store = Store::connect(&db.url).await.unwrap();
    assert_eq!(store.load(id).await.unwrap(), log);
}

async fn create_keeps_times_and_actors(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let log = vec![
        arrived(1, 1_700_000_000_000, Actor::Director, 1),
        arrived(2, 1_700_000_000_500, table(2), 2),
        arrived(3, 1_700_000_000_501, Actor::System, 3),
    ];
    let id = store.create(&log).await.unwrap();
    assert_eq!(store.load(id).await.unwrap(), log);
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
        .create(&events(1, 1, 5, Actor::Director))
        .await
        .unwrap();
    let link = |round, table| TableLink {
        tournament: id,
        round: RoundNo(round),
        table: TableNo(table),
    };
    let (t1, t2, r2) = (link(1, 1), link(1, 2), link(2, 1));
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
            tournament: TournamentId(999),
            ..t1
        })
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::NoTournament(TournamentId(999))),
        "{err}"
    );
    // A stored round that is no round number is refused by name, not cut
    // to fit.
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    sqlx::query(
        "INSERT INTO table_tokens (token, tournament_id, round, table_no, created_at) VALUES ('odd', $1, 300, 1, 0)",
    )
    .bind(id.0)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let err = store.find_table_token("odd").await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "a stored table link does not read back: 300 is not a round number (0 to 255)"
    );
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
        .create(&events(1, 1, 1, Actor::Director))
        .await
        .unwrap();
    // Large events: amendments with a long reason.
    let log: Vec<Recorded> = (2..=501)
        .map(|seq| Recorded {
            seq,
            at: 2,
            actor: Actor::Director,
            event: Event::SheetAccepted {
                round: RoundNo(1),
                table: TableNo(seq as u16),
            },
        })
        .collect();
    let reason = "x".repeat(200);
    let log: Vec<Recorded> = log
        .into_iter()
        .map(|mut r| {
            r.event = Event::PlayerUpdated {
                before: player(&reason),
                after: player(&reason),
            };
            r
        })
        .collect();
    store.append(id, &log).await.unwrap();
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
    let loaded = store.load(id).await.unwrap();
    assert_eq!(loaded.len(), 501);
    assert_eq!(loaded[500], log[499]);
}

fn player(name: &str) -> jongg_tournament::Player {
    jongg_tournament::Player {
        number: PlayerNo(1),
        name: name.into(),
        club: None,
        status: jongg_tournament::PlayerStatus::Active,
        substitute_for: None,
    }
}

async fn group_append_is_all_or_nothing(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let id = store
        .create(&events(1, 1, 5, Actor::Director))
        .await
        .unwrap();
    let batch = [arrived(2, 12, table(1), 2), arrived(3, 13, table(2), 3)];
    store.append(id, &batch).await.unwrap();
    // Seq 4 is free but 3 is taken: nothing of the batch is written.
    let err = store
        .append(
            id,
            &[arrived(4, 14, table(1), 4), arrived(3, 13, table(3), 3)],
        )
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    let log = store.load(id).await.unwrap();
    assert_eq!(log.len(), 3);
    assert_eq!(log[2], batch[1]);
}

/// Rows the server wrote before issue 12 (the actor and the event as JSON,
/// exactly as the tournament file of that code holds them) load and fold
/// into the tournament the file imports as.
async fn a_log_stored_before_issue_12_loads_and_folds(db: &TestDb) {
    let text = include_str!("../../tournament/tests/data/before-issue-12-three-player-tables.json");
    let file: serde_json::Value = serde_json::from_str(text).unwrap();
    let store = Store::connect(&db.url).await.unwrap();
    let id = store.create(&[]).await.unwrap();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    for e in file["events"].as_array().unwrap() {
        sqlx::query(
            "INSERT INTO events (tournament_id, seq, at, actor, payload) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id.0)
        .bind(e["seq"].as_i64().unwrap())
        .bind(e["at"].as_i64().unwrap())
        .bind(e["actor"].to_string())
        .bind(e["event"].to_string())
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
    let loaded = store.load_tournament(id).await.unwrap();
    assert_eq!(loaded, Tournament::import_json(text).unwrap());
    assert_eq!(loaded.log().len(), file["events"].as_array().unwrap().len());
}

/// A data folder may be named anything a laptop allows: `#`, `?` and `%`
/// must not cut the file's path (issue 21.1's data folder).
#[tokio::test]
async fn a_database_in_a_folder_named_with_hash_question_and_percent_opens_there() {
    let db = TestDb::sqlite();
    let base = jongg_store::sqlite_file(&db.url).unwrap();
    let folder = std::path::Path::new(&base)
        .parent()
        .unwrap()
        .join("Club #2? 50% off");
    let file = folder.join("jongg.sqlite");
    let url = jongg_store::sqlite_url(&file);
    let store = Store::connect(&url).await.unwrap();
    let id = store
        .create(&events(1, 1, 1, Actor::Director))
        .await
        .unwrap();
    store.close().await;
    assert!(file.is_file(), "the database is not at {}", file.display());
    let again = Store::connect(&url).await.unwrap();
    assert_eq!(again.load(id).await.unwrap().len(), 1);
    let _ = std::fs::remove_dir_all(&folder);
}
