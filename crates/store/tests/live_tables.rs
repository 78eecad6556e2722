//! Live tables' rows and logs (issue 23.2) on both backends: the play
//! crate's owner runs on the store's log, a restart resumes from it, and
//! the record that ends the game marks the table finished.

use jongg_card::Card;
use jongg_game::bot::{Bot, GreedyBot};
use jongg_game::{CardJudge, Event, Table};
use jongg_play::owner::{open, resume};
use jongg_play::settings::TableSettings;
use jongg_play::table_log::replay;
use jongg_play::wall::ServerSeed;
use jongg_play::{BotFor, LogRecord, Players, TableLog, TableSetup};
use jongg_store::testing::TestDb;
use jongg_store::{LiveTable, LiveTableId, Store};
use jongg_tiles::{BySeat, Seat};
use std::sync::{Arc, LazyLock};

static CARD: LazyLock<Card> = LazyLock::new(Card::practice);

fn players() -> Players {
    Players {
        judge: Arc::new(CardJudge::new(&CARD)),
        bots: Arc::new(|s: Seat, _: BotFor| -> Box<dyn Bot + Send> {
            Box::new(GreedyBot::new(&CARD, s.index() as u64))
        }),
    }
}

fn setup(id: &LiveTableId, tokens: BySeat<Option<String>>) -> TableSetup {
    TableSetup {
        id: id.to_string(),
        table: Table::standard(),
        settings: TableSettings::default(),
        tokens,
        secret: ServerSeed::from_bytes([7; 32]),
        position: None,
    }
}

fn hashes() -> BySeat<Option<String>> {
    BySeat::from_fn(|s| (s == Seat::East).then(|| format!("hash-{}", s.name())))
}

jongg_store::on_both!(
    a_table_row_reads_back_and_is_listed_while_open,
    a_bot_game_on_the_stored_log_ends_the_table_and_proves_its_wall,
    a_table_resumed_from_the_store_has_every_record_and_numbers_on,
    many_tables_append_at_once_and_none_is_refused,
    appends_waiting_together_are_committed_in_one_transaction,
    a_bad_append_in_a_group_fails_only_its_own_table,
);

async fn a_table_row_reads_back_and_is_listed_while_open(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let setup = serde_json::json!({"rules": "standard", "seats": {"east": "person"}});
    let a = LiveTable::new(setup.clone(), hashes());
    let b = LiveTable::new(setup, BySeat::default());
    store.create_live_table(&a).await.unwrap();
    store.create_live_table(&b).await.unwrap();
    assert_eq!(store.live_table(&a.id).await.unwrap(), Some(a.clone()));
    let open: Vec<LiveTableId> = store
        .open_live_tables()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(open.len(), 2);
    assert!(open.contains(&a.id) && open.contains(&b.id));
    store.finish_live_table(&a.id).await.unwrap();
    let open = store.open_live_tables().await.unwrap();
    assert_eq!(open, vec![b.clone()]);
    assert!(store.live_table(&a.id).await.unwrap().unwrap().finished);
    assert_eq!(store.live_table(&LiveTableId::new()).await.unwrap(), None);
    // A second row with the same id is refused, not merged.
    assert!(store.create_live_table(&b).await.is_err());
}

async fn a_bot_game_on_the_stored_log_ends_the_table_and_proves_its_wall(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let row = LiveTable::new(serde_json::json!({}), BySeat::default());
    store.create_live_table(&row).await.unwrap();
    let log = store.live_table_log(&row.id);
    // Four bots: the whole game is played as the table opens.
    let table = open(setup(&row.id, BySeat::default()), log, players())
        .await
        .unwrap();
    let status = table.status().await.unwrap();
    assert!(
        status
            .events
            .iter()
            .any(|e| matches!(e, Event::Ended { .. }))
    );
    table.stop().await;
    let records = store.live_table_log(&row.id).load().await.unwrap();
    let replayed = replay(&records).unwrap();
    assert_eq!(
        replayed.events, status.events,
        "every event stored, in order"
    );
    assert_eq!(replayed.fair_log().unwrap().verify(), Ok(()));
    assert!(store.live_table(&row.id).await.unwrap().unwrap().finished);
    assert!(store.open_live_tables().await.unwrap().is_empty());
}

async fn a_table_resumed_from_the_store_has_every_record_and_numbers_on(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let row = LiveTable::new(serde_json::json!({}), hashes());
    store.create_live_table(&row).await.unwrap();
    // East is a person who never connects: the table waits for its
    // contribution, so nothing is dealt yet.
    let table = open(
        setup(&row.id, hashes()),
        store.live_table_log(&row.id),
        players(),
    )
    .await
    .unwrap();
    table.start().await.unwrap();
    let before = table.status().await.unwrap();
    assert!(!before.events.is_empty(), "dealt");
    table.stop().await;
    assert!(table.status().await.is_err(), "the owner has stopped");
    // Another server: the same database, the log read back.
    let store = Store::connect(&db.url).await.unwrap();
    let resumed = resume(
        row.id.to_string(),
        hashes(),
        store.live_table_log(&row.id),
        players(),
    )
    .await
    .unwrap();
    let after = resumed.status().await.unwrap();
    assert_eq!(after.run, 1);
    assert_eq!(after.events[..before.events.len()], before.events[..]);
    resumed.stop().await;
    let records = store.live_table_log(&row.id).load().await.unwrap();
    assert!(matches!(records[0], LogRecord::Opened { .. }));
    assert!(records.contains(&LogRecord::Resumed { run: 1 }));
    assert!(!store.live_table(&row.id).await.unwrap().unwrap().finished);
}

/// Every table's owner appends on its own, many at once: none is refused
/// as busy. (SQLite: a deferred transaction that read the last record's
/// number could not take the write lock once another table had committed
/// meanwhile, and failed at once, busy timeout or not; the append takes the
/// lock at its `BEGIN IMMEDIATE` and waits its turn. Found by the
/// `play_load` bench.)
async fn many_tables_append_at_once_and_none_is_refused(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let mut all = tokio::task::JoinSet::new();
    for _ in 0..32 {
        let store = store.clone();
        all.spawn(async move {
            let row = LiveTable::new(serde_json::json!({}), hashes());
            store.create_live_table(&row).await.unwrap();
            let mut log = store.live_table_log(&row.id);
            for seat in Seat::ALL {
                let stand_in = LogRecord::StandIn { seat, bot: true };
                log.append(vec![stand_in]).await.unwrap();
            }
            // A log new to the table reads the last number first.
            let mut again = store.live_table_log(&row.id);
            again
                .append(vec![LogRecord::Resumed { run: 1 }])
                .await
                .unwrap();
            assert_eq!(again.load().await.unwrap().len(), 5);
        });
    }
    while let Some(done) = all.join_next().await {
        done.unwrap();
    }
    store.close().await;
}

/// Issue 23, "Speed": the appends that wait while a commit runs go in one
/// transaction together, so a thousand tables do not pay a thousand fsyncs
/// in a row; each keeps its own numbers and order.
async fn appends_waiting_together_are_committed_in_one_transaction(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let mut logs = Vec::new();
    for _ in 0..20 {
        let row = LiveTable::new(serde_json::json!({}), hashes());
        store.create_live_table(&row).await.unwrap();
        let mut log = store.live_table_log(&row.id);
        log.append(vec![LogRecord::Resumed { run: 1 }])
            .await
            .unwrap();
        logs.push(log);
    }
    let before = store.live_commits();
    // Twenty owners append at once; the committer runs only once they all wait.
    let appends = logs.iter_mut().map(|log| {
        log.append(vec![
            LogRecord::StandIn {
                seat: Seat::East,
                bot: true,
            },
            LogRecord::StandIn {
                seat: Seat::South,
                bot: false,
            },
        ])
    });
    for done in futures_util::future::join_all(appends).await {
        done.unwrap();
    }
    assert_eq!(
        store.live_commits() - before,
        1,
        "one transaction for the twenty appends"
    );
    for log in &mut logs {
        let records = log.load().await.unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(
            records[1],
            LogRecord::StandIn {
                seat: Seat::East,
                bot: true
            }
        );
        assert_eq!(
            records[2],
            LogRecord::StandIn {
                seat: Seat::South,
                bot: false
            }
        );
    }
    store.close().await;
}

/// A group's transaction failing for one table's append (here a record
/// number already taken: two logs of one table, which the server never
/// makes) must not fail the other tables' moves: the group is tried again
/// append by append, and only the bad one is refused.
async fn a_bad_append_in_a_group_fails_only_its_own_table(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let a = LiveTable::new(serde_json::json!({}), hashes());
    let b = LiveTable::new(serde_json::json!({}), hashes());
    store.create_live_table(&a).await.unwrap();
    store.create_live_table(&b).await.unwrap();
    let mut a1 = store.live_table_log(&a.id);
    let mut a2 = store.live_table_log(&a.id);
    let mut b1 = store.live_table_log(&b.id);
    for log in [&mut a1, &mut a2, &mut b1] {
        assert!(log.load().await.unwrap().is_empty());
    }
    let record = || vec![LogRecord::Resumed { run: 1 }];
    let before = store.live_commits();
    let (ra1, ra2, rb) = tokio::join!(
        a1.append(record()),
        a2.append(record()),
        b1.append(record())
    );
    assert!(
        ra1.is_ok(),
        "the first append of table a is stored: {ra1:?}"
    );
    let refused = ra2.expect_err("the second log of table a took a number already taken");
    assert!(!refused.is_empty());
    assert!(rb.is_ok(), "table b's append is not failed by a's: {rb:?}");
    assert_eq!(
        store.live_commits() - before,
        1,
        "the three appends waited as one group"
    );
    assert_eq!(a1.load().await.unwrap().len(), 1);
    assert_eq!(b1.load().await.unwrap().len(), 1);
    store.close().await;
}
