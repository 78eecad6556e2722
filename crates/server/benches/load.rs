//! The server's speed targets (issue 5, item 8), over HTTP on loopback,
//! SQLite (WAL, synchronous=FULL) in a temporary folder:
//!
//! 1. standings of a finished 800-player, 8-round tournament: GET
//!    `/standings` one request at a time (target: under 20 ms);
//! 2. 100 concurrent clients, each a scorekeeper of two tables of an
//!    800-player tournament whose round 8 is under way, each entering a game
//!    (PUT) and reading its sheet back (GET), 30 times (target: p99 under
//!    50 ms).
//!
//! Bounded: a fixed number of requests, then it stops by itself. Run with
//! `cargo bench -p jongg-server --bench load`. Without `--bench` (as
//! `cargo test --benches` runs it, in CI) it makes a quick run with small
//! numbers, so its own checks execute without the wait.

mod common;

use common::{disk_sync, report};
use jongg_server::client::Client;
use jongg_server::{Config, start};
use jongg_store::Store;
use jongg_tools::{runtime, sample_tournament, sample_tournament_upto};
use jongg_tournament::RoundNo;
use serde_json::json;
use std::sync::{Arc, Barrier, Mutex};
use std::time::Instant;

/// The sizes of a run.
struct Sizes {
    players: u32,
    rounds: u8,
    standings_requests: usize,
    clients: usize,
    iterations: usize,
    syncs: usize,
}

const FULL: Sizes = Sizes {
    players: 800,
    rounds: 8,
    standings_requests: 200,
    clients: 100,
    iterations: 30,
    syncs: 200,
};

/// `cargo test --benches`: every check, in a second or two.
const QUICK: Sizes = Sizes {
    players: 40,
    rounds: 2,
    standings_requests: 5,
    clients: 5,
    iterations: 4,
    syncs: 5,
};

/// The server's log as `jongg serve` writes it (`info`, text), into a sink:
/// the cost of each request's line is measured, not the terminal's.
fn log_into_sink() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new(
            jongg_server::logging::DEFAULT_FILTER,
        ))
        .with(jongg_server::logging::layer(
            jongg_server::logging::LogFormat::Text,
            std::io::sink,
        ))
        .init();
}

fn main() {
    log_into_sink();
    let quick = !std::env::args().any(|a| a == "--bench");
    let Sizes {
        players,
        rounds,
        standings_requests,
        clients,
        iterations,
        syncs,
    } = if quick { QUICK } else { FULL };
    if quick {
        println!("quick run (no --bench): small sizes, the checks only");
    }
    let dir = std::env::temp_dir().join(format!("jongg-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bench.sqlite").display());
    report("disk: 4 KB write + fdatasync", disk_sync(&dir, syncs));
    let rt = runtime().unwrap();

    // Two stored tournaments: one finished, one with round 8 under way.
    let t0 = Instant::now();
    let (last, before) = (RoundNo(rounds), RoundNo(rounds - 1));
    let finished = sample_tournament("Bench finished", "standard", players, last, 1, 0).unwrap();
    let open =
        sample_tournament_upto("Bench open", "standard", players, last, before, 2, 0).unwrap();
    let (finished_id, open_id) = rt.block_on(async {
        let store = Store::connect(&url).await.unwrap();
        let a = store.create(finished.log()).await.unwrap().0;
        let b = store.create(open.log()).await.unwrap().0;
        store.close().await;
        (a, b)
    });
    println!(
        "stored: {} + {} events in {:.1} s ({} players, {} rounds)",
        finished.log().len(),
        open.log().len(),
        t0.elapsed().as_secs_f64(),
        players,
        rounds
    );

    // The domain alone, for reference.
    let mut domain = Vec::new();
    for _ in 0..standings_requests {
        let s = Instant::now();
        std::hint::black_box(finished.standings());
        domain.push(s.elapsed());
    }
    report("standings (domain only)", domain);

    let t0 = Instant::now();
    let running = rt
        .block_on(start(Config::new(&url, "127.0.0.1:0".parse().unwrap())))
        .unwrap();
    println!(
        "server start (replays both logs): {:.2} s",
        t0.elapsed().as_secs_f64()
    );
    let addr = running.addr;
    let token = Client::director_token(
        addr,
        &running.setup_token.clone().unwrap(),
        "bench password",
    );
    let mut d = Client::with_token(addr, &token);
    let mut p = Client::new(addr);

    // 1. Standings over HTTP.
    let path = format!("/api/tournaments/{finished_id}/standings");
    let mut http = Vec::new();
    let mut bytes = 0;
    for _ in 0..standings_requests {
        let s = Instant::now();
        let r = p.get(&path).unwrap();
        http.push(s.elapsed());
        assert_eq!(r.status, 200);
        bytes = r.body.len();
    }
    println!("standings body: {} KB", bytes / 1024);
    report("standings (HTTP GET)", http);

    // 2. 100 concurrent scorekeepers.
    let links = d
        .get(&format!("/api/tournaments/{open_id}/rounds/{rounds}/links"))
        .unwrap()
        .json();
    let tokens: Vec<(u64, String)> = links["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["table"].as_u64().unwrap(),
                l["token"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(tokens.len(), players as usize / 4);
    let writes = Arc::new(Mutex::new(Vec::new()));
    let reads = Arc::new(Mutex::new(Vec::new()));
    let barrier = Arc::new(Barrier::new(clients));
    let commits_before = running.commits();
    let t0 = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|c| {
            let mine = [tokens[c].clone(), tokens[c + clients].clone()];
            let (writes, reads, barrier) = (writes.clone(), reads.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut clients: Vec<(u64, Client)> =
                    mine.iter().map(|(t, k)| (*t, Client::with_token(addr, k))).collect();
                let (mut w, mut r) = (Vec::new(), Vec::new());
                barrier.wait();
                for i in 0..iterations {
                    let (table, client) = &mut clients[i % 2];
                    let game = i / 2 % 4 + 1;
                    let v = (i + c) as i32 % 40 + 10;
                    let body = json!({ "entry": { "kind": "points",
                        "points": { "east": v, "south": -10, "west": 0, "north": 0 }, "mah_jongg": "east" } });
                    let s = Instant::now();
                    let resp = client
                        .put(&format!("/api/tournaments/{open_id}/rounds/{rounds}/tables/{table}/games/{game}"), &body)
                        .unwrap();
                    w.push(s.elapsed());
                    assert!(resp.is_success(), "{} {}", resp.status, resp.text());
                    let s = Instant::now();
                    let resp = client.get(&format!("/api/tournaments/{open_id}/rounds/{rounds}/tables/{table}")).unwrap();
                    r.push(s.elapsed());
                    assert_eq!(resp.status, 200);
                }
                writes.lock().unwrap().extend(w);
                reads.lock().unwrap().extend(r);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let wall = t0.elapsed();
    let writes = std::mem::take(&mut *writes.lock().unwrap());
    let reads = std::mem::take(&mut *reads.lock().unwrap());
    let mut all = writes.clone();
    all.extend(reads.iter().copied());
    println!(
        "{clients} clients x {iterations} (PUT game + GET sheet): {} requests in {:.2} s = {:.0} req/s",
        all.len(),
        wall.as_secs_f64(),
        all.len() as f64 / wall.as_secs_f64()
    );
    println!(
        "{} games written in {} grouped commits",
        writes.len(),
        running.commits() - commits_before
    );
    report("submit a game (PUT)", writes);
    report("read the sheet (GET)", reads);
    report("all requests", all);

    rt.block_on(running.stop()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
