//! `jongg serve` killed (SIGKILL, `kill -9`) in the middle of live games
//! (issue 23), then started again on the same SQLite file: three tables of
//! four people, each seat a client over a real WebSocket whose bot chooses
//! its moves (the server's own bots wait a second a move, too slow here).
//!
//! A move is acknowledged by the numbered event that shows it applied;
//! every event any seat was sent, before the kill and after, is the
//! table's stored event of that number as that seat may see it. After the
//! restart each seat reconnects; the new run's view counts every event it
//! saw (and perhaps a few stored but not yet sent when the server died,
//! which the client takes from the store: its own state has no other way
//! to learn them), and the games go on to their end.

#[path = "../../../server/tests/play/client.rs"]
#[allow(dead_code)] // the server's tests use the rest of the client
mod client;

use super::{Served, ok, serve};
use client::{SeatClient, open_socket};
use jongg_game::Event;
use jongg_play::protocol::{Numbered, ServerMessage};
use jongg_play::{LogRecord, TableLog};
use jongg_server::client::Client;
use jongg_store::{LiveTableId, Store};
use jongg_tiles::Seat;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const TABLES: usize = 3;
/// Events each table has played (the Charleston over) before the kill.
const BEFORE_KILL: u64 = 60;

/// A table's id and its seats' tokens, East first.
type Seated = (String, Vec<String>);

fn create_tables(s: &Served) -> Vec<Seated> {
    let mut p = Client::new(s.addr);
    let person = "person";
    (0..TABLES)
        .map(|_| {
            let body = ok(p.post(
                "/api/play/tables",
                &json!({ "rules": "standard",
                    "seats": { "east": person, "south": person, "west": person, "north": person } }),
            ));
            let tokens = Seat::ALL
                .iter()
                .map(|s| body["seats"][s.name()]["token"].as_str().unwrap().to_string())
                .collect();
            (body["id"].as_str().unwrap().to_string(), tokens)
        })
        .collect()
}

/// Every event of table `id` in the store, in order (index `at - 1`).
async fn stored_events(store: &Store, id: &str) -> Vec<Event> {
    let id = LiveTableId::parse(id).unwrap();
    let records = store.live_table_log(&id).load().await.unwrap();
    records
        .into_iter()
        .flat_map(|r| match r {
            LogRecord::Played { events } => events,
            _ => vec![],
        })
        .collect()
}

/// Each event `c` was sent is the stored one of its number, as its seat sees it.
fn check_acknowledged(c: &SeatClient, stored: &[Event], table: usize) -> usize {
    let seat = c.seat.unwrap();
    let mut n = 0;
    for m in &c.got {
        if let ServerMessage::Event { at, event } = &m.message {
            let kept = stored.get(*at as usize - 1).map(|e| e.redacted_for(seat));
            assert_eq!(
                kept.as_ref(),
                Some(event),
                "table {table}, {seat:?}: event {at} was sent but is not the stored one"
            );
            n += 1;
        }
    }
    n
}

#[test]
fn killed_mid_game_keeps_every_acknowledged_move_and_the_games_go_on_sqlite() {
    let t0 = Instant::now();
    let db = jongg_store::testing::TestDb::sqlite();
    let mut s = serve(&db.url, false);
    let tables = create_tables(&s);
    let rt = jongg_tools::runtime().unwrap();

    // Every seat plays with its bot until the server dies under it; each
    // table's furthest event seen is kept for the moment of the kill.
    let progress: Arc<Vec<AtomicU64>> = Arc::new((0..TABLES).map(|_| AtomicU64::new(0)).collect());
    let mut seats = Vec::new();
    for (t, (id, tokens)) in tables.iter().enumerate() {
        for (i, token) in tokens.iter().enumerate() {
            let (addr, id, token, progress) = (s.addr, id.clone(), token.clone(), progress.clone());
            seats.push(rt.spawn(async move {
                let seed = (t * 4 + i) as u64;
                let mut c = SeatClient::connect(addr, &id, &token)
                    .await
                    .with_bot(i != 3, seed);
                c.may_lose_server = true;
                c.contribute(format!("seat {seed}").as_bytes()).await;
                c.play_until(|c| {
                    progress[t].fetch_max(c.at, Ordering::SeqCst);
                    false
                })
                .await;
                (t, id, token, c)
            }));
        }
    }
    let enough = || {
        progress
            .iter()
            .all(|p| p.load(Ordering::SeqCst) >= BEFORE_KILL)
    };
    while !enough() && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(enough(), "the tables did not get far enough in a minute");
    s.child.kill().unwrap(); // SIGKILL (kill -9), moves in flight
    s.child.wait().unwrap();
    let mut seats: Vec<_> = rt.block_on(async {
        let mut out = vec![];
        for h in seats {
            out.push(h.await.expect("a seat's client"));
        }
        out
    });
    for (t, _, _, c) in &seats {
        assert!(!c.ended(), "table {t} ended before the kill");
    }

    // Started again: each seat reconnects; the new run's view counts every
    // event the seat was sent.
    let s2 = serve(&db.url, false);
    let addr = s2.addr;
    let store = rt.block_on(Store::connect(&db.url)).unwrap();
    let mut caught_up = 0;
    rt.block_on(async {
        for (t, id, token, c) in &mut seats {
            let stored = stored_events(&store, id).await;
            check_acknowledged(c, &stored, *t);
            c.ws = open_socket(addr, id, token, Some(c.last_seen())).await;
            let welcome = c.read().await.expect("a welcome");
            assert!(
                matches!(
                    welcome.message,
                    ServerMessage::Welcome {
                        resumed: false,
                        run: 1,
                        ..
                    }
                ),
                "{welcome:?}"
            );
            let view = c.read().await.expect("a view");
            let ServerMessage::View { at, view: Some(_) } = view.message else {
                panic!("a view of the game: {view:?}");
            };
            assert!(
                at >= c.at,
                "table {t}: the view counts {at} events, the seat saw {}",
                c.at
            );
            let seat = c.seat.unwrap();
            for n in c.at + 1..=at {
                let event = stored[n as usize - 1].redacted_for(seat);
                c.fold(&Numbered {
                    n: 0,
                    message: ServerMessage::Event { at: n, event },
                });
                caught_up += 1;
            }
        }
    });

    // The games go on to their end.
    let seats: Vec<_> = rt.block_on(async {
        let handles: Vec<_> = seats
            .into_iter()
            .map(|(t, id, _, mut c)| {
                tokio::spawn(async move {
                    c.play_until(|_| false).await;
                    (t, id, c)
                })
            })
            .collect();
        let mut out = vec![];
        for h in handles {
            out.push(h.await.expect("a seat's client"));
        }
        out
    });
    let mut checked = 0;
    rt.block_on(async {
        for (t, id, c) in &seats {
            assert!(c.ended(), "table {t}: the game went on to its end");
            let stored = stored_events(&store, id).await;
            assert!(stored.iter().any(|e| matches!(e, Event::Ended { .. })));
            checked += check_acknowledged(c, &stored, *t);
        }
        assert!(store.open_live_tables().await.unwrap().is_empty());
        store.close().await;
    });
    drop(s2);
    println!(
        "{checked} events checked, {caught_up} caught up from the store, in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
}
