//! Hidden information over the wire (issue 23): for N games of four bot
//! clients played through the server's WebSockets, watched by two
//! spectators, no message a seat received holds another seat's concealed
//! tile or the wall's order, none a spectator received holds any concealed
//! tile, and the seed and every rack appear only after the game; checked on
//! the JSON as received, beside the truth the table stored. N is
//! `JONGG_PLAY_WIRE_GAMES` (default 5), played `JONGG_PLAY_WIRE_AT_ONCE` at
//! a time (default 5). The issue's thousand games (BENCHMARKS.md, "Hidden
//! information over the wire"):
//! `JONGG_PLAY_WIRE_GAMES=1000 JONGG_PLAY_WIRE_AT_ONCE=25 cargo nextest run
//! -p jongg-server --test play -E 'test(no_message)' --no-capture`.

use crate::client::{SeatClient, open_watch, watch_to_the_end};
use crate::common::{App, expect};
use jongg_play::TableLog;
use jongg_play::protocol::ServerMessage;
use jongg_play::table_log::replay;
use jongg_play::testing::{check_seat, check_spectator, racks_after, seed_hex};
use jongg_store::{Backend, LiveTableId, Store};
use jongg_tiles::Seat;
use serde_json::json;
use std::time::Instant;

fn games() -> u64 {
    env_or("JONGG_PLAY_WIRE_GAMES", 5)
}

/// Games played at once (each its own table, its own four clients and two
/// spectators): the server's group commit serves them together.
fn at_once() -> u64 {
    env_or("JONGG_PLAY_WIRE_AT_ONCE", 5).max(1)
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(default)
}

/// What one game left: its table, what each seat's client and each
/// spectator received.
struct Played {
    game: u64,
    id: String,
    clients: Vec<SeatClient>,
    watched: Vec<Vec<jongg_play::protocol::Numbered>>,
}

/// Plays game `g` at table `id` with four clients and two spectators.
async fn play(addr: std::net::SocketAddr, g: u64, id: String, body: serde_json::Value) -> Played {
    // Two spectators from before the deal, reading as the game goes.
    let watchers: Vec<_> = futures_util::future::join_all((0..2).map(|_| open_watch(addr, &id)))
        .await
        .into_iter()
        .map(|ws| tokio::spawn(watch_to_the_end(ws)))
        .collect();
    let mut clients = vec![];
    for (i, s) in Seat::ALL.into_iter().enumerate() {
        let token = body["seats"][s.name()]["token"].as_str().unwrap();
        let mut c = SeatClient::connect(addr, &id, token)
            .await
            .with_bot(i % 2 == 0, g * 4 + i as u64);
        c.contribute(&g.to_le_bytes()).await;
        clients.push(c);
    }
    let plays = clients.iter_mut().map(|c| c.play_until(|_| false));
    futures_util::future::join_all(plays).await;
    let mut watched = vec![];
    for w in watchers {
        watched.push(w.await.expect("the spectator read to the end"));
    }
    Played {
        game: g,
        id,
        clients,
        watched,
    }
}

#[test]
fn no_message_over_the_wire_holds_another_seats_tiles_or_the_wall() {
    let n = games();
    let app = App::start_bare_with(Backend::Sqlite, |c| {
        c.play_tables_free = u32::MAX;
        c.play_bot_delay_ms = 0;
    });
    let addr = app.addr;
    let url = app.db.as_ref().unwrap().url.clone();
    let store = app.rt.block_on(Store::connect(&url)).unwrap();
    let four = json!({"east": "person", "south": "person", "west": "person", "north": "person"});
    let began = Instant::now();
    let mut g = 0;
    while g < n {
        let wave: Vec<(u64, String, serde_json::Value)> = (g..n.min(g + at_once()))
            .map(|game| {
                let body = expect(
                    app.public().post(
                        "/api/play/tables",
                        &json!({"rules": "standard", "seats": four}),
                    ),
                    201,
                );
                (game, body["id"].as_str().unwrap().to_string(), body)
            })
            .collect();
        g += wave.len() as u64;
        let played = app.rt.block_on(futures_util::future::join_all(
            wave.into_iter()
                .map(|(game, id, body)| play(addr, game, id, body)),
        ));
        for p in played {
            check(&store, &app, p);
        }
    }
    eprintln!(
        "{n} games through WebSockets, {} at once, checked in {:.1} s",
        at_once(),
        began.elapsed().as_secs_f64()
    );
}

/// Every seat's and spectator's messages against the truth: the table's
/// log as stored.
fn check(store: &Store, app: &App, p: Played) {
    let Played {
        game: g,
        id,
        clients,
        watched,
    } = p;
    let records = app.rt.block_on(async {
        let id = LiveTableId::parse(&id).unwrap();
        let records = store.live_table_log(&id).load().await.unwrap();
        assert!(store.live_table(&id).await.unwrap().unwrap().finished);
        records
    });
    let r = replay(&records).unwrap();
    let fair = r.fair_log().expect("the game ended");
    assert_eq!(
        fair.verify(),
        Ok(()),
        "game {g}: the wall follows from the seed"
    );
    let seed_hex = seed_hex(&r.secret);
    let racks = racks_after(&r.events);
    for c in &clients {
        let seat = c.seat.expect("seated");
        assert!(c.ended(), "game {g}: {seat} saw the end");
        // Every seat played by its own client: no bot stood in.
        assert!(
            !c.got
                .iter()
                .any(|m| matches!(m.message, ServerMessage::StandIn { .. })),
            "game {g}: a bot stood in for a client"
        );
        check_seat(seat, &c.got, &racks, &seed_hex);
    }
    for got in &watched {
        assert!(
            got.iter()
                .any(|m| matches!(m.message, ServerMessage::Final { .. })),
            "game {g}: the spectator saw every rack at the end"
        );
        check_spectator(got, &racks, &seed_hex);
    }
}
