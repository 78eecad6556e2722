//! Round control at 200 players (issue 13.2), over HTTP on loopback, SQLite
//! in a temporary folder: a 200-player `standard` event, rounds 1 and 2
//! played, round 3 under way with its 50 sheets empty.
//!
//! Before the benches it prints each page's weight (bytes of HTML; the
//! stylesheet and scripts are cached) and measures the dashboard's update
//! latency: 50 scorekeepers each save a game at the same moment while a
//! round-control client does what the page does (wait on the change feed
//! with the last seq it saw, then fetch the tiles fragment again); the time
//! from the first save to the first fragment in which all 50 tiles show
//! their game (target: within 1 s), over `RUNS` runs.
//!
//! Run: `cargo bench -p jongg-server --bench hall`.

use jongg_server::client::Client;
use jongg_server::{Config, Running, start};
use jongg_store::Store;
use jongg_tools::{runtime, sample_tournament_upto};
use jongg_tournament::RoundNo;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::{Arc, Barrier, LazyLock};
use std::time::{Duration, Instant};

const PLAYERS: u32 = 200;
const TABLES: usize = PLAYERS as usize / 4;
const RUNS: u8 = 4;

struct Bench {
    _rt: tokio::runtime::Runtime,
    _running: Running,
    addr: SocketAddr,
    token: String,
    id: i64,
}

static BENCH: LazyLock<Bench> = LazyLock::new(|| {
    let dir = std::env::temp_dir().join(format!("jongg-hall-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bench.sqlite").display());
    let rt = runtime().unwrap();
    let now = jongg_store::now_millis();
    let t = sample_tournament_upto(
        "Hall bench",
        "standard",
        PLAYERS,
        RoundNo(4),
        RoundNo(2),
        11,
        now,
    )
    .unwrap();
    let id = rt.block_on(async {
        let store = Store::connect(&url).await.unwrap();
        let id = store.create(t.log()).await.unwrap().0;
        store.close().await;
        id
    });
    let running = rt
        .block_on(start(Config::new(&url, "127.0.0.1:0".parse().unwrap())))
        .unwrap();
    let addr = running.addr;
    let token = Client::director_token(
        addr,
        &running.setup_token.clone().unwrap(),
        "bench password",
    );
    Bench {
        _rt: rt,
        _running: running,
        addr,
        token,
        id,
    }
});

const PAGES: [&str; 4] = ["round control", "tiles", "standings", "projector"];

fn path(page: &str) -> String {
    let id = BENCH.id;
    match page {
        "round control" => format!("/director/t/{id}"),
        "tiles" => format!("/director/t/{id}/tiles"),
        "standings" => format!("/t/{id}"),
        _ => format!("/t/{id}/projector"),
    }
}

fn get(page: &str) -> usize {
    let b = &*BENCH;
    let mut c = Client::with_token(b.addr, &b.token);
    let r = c.get(&path(page)).unwrap();
    assert_eq!(r.status, 200, "{page}: {}", r.text());
    r.body.len()
}

/// Tiles showing `games` games entered, in a fragment.
fn current(fragment: &str, games: usize) -> usize {
    fragment.matches(&format!("Games {games} of 4")).count()
}

/// One run: every table saves game `game` at once; how long until a
/// round-control client following the change feed sees all 50.
fn latency(game: usize) -> Duration {
    let b = &*BENCH;
    let mut d = Client::with_token(b.addr, &b.token);
    let links = d
        .get(&format!("/api/tournaments/{}/rounds/3/links", b.id))
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
    assert_eq!(tokens.len(), TABLES);
    // The page as loaded: its seq, from the fragment.
    let fragment = d
        .get(&format!("/director/t/{}/tiles", b.id))
        .unwrap()
        .text();
    let seq_of = |f: &str| -> u64 {
        let at = f.find("data-seq=\"").unwrap() + 10;
        f[at..].split('"').next().unwrap().parse().unwrap()
    };
    let mut seen = seq_of(&fragment);
    let barrier = Arc::new(Barrier::new(TABLES + 1));
    let writers: Vec<_> = tokens
        .into_iter()
        .map(|(table, key)| {
            let (barrier, addr, id) = (barrier.clone(), b.addr, b.id);
            std::thread::spawn(move || {
                let mut k = Client::with_token(addr, &key);
                let body = json!({ "entry": { "kind": "points",
                    "points": { "east": 25, "south": -10, "west": 0, "north": 0 }, "mah_jongg": "east" } });
                barrier.wait();
                let r = k
                    .put(
                        &format!("/api/tournaments/{id}/rounds/3/tables/{table}/games/{game}"),
                        &body,
                    )
                    .unwrap();
                assert!(r.is_success(), "{}", r.text());
            })
        })
        .collect();
    let mut feed = Client::new(b.addr);
    barrier.wait();
    let t0 = Instant::now();
    loop {
        let id = seen.to_string();
        let r = feed
            .request_with(
                "GET",
                &format!("/api/tournaments/{}/changes", b.id),
                &[("Last-Event-ID", &id)],
                None,
            )
            .unwrap();
        if r.text().trim().is_empty() {
            continue;
        }
        let fragment = d
            .get(&format!("/director/t/{}/tiles", b.id))
            .unwrap()
            .text();
        seen = seq_of(&fragment);
        if current(&fragment, game) == TABLES {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "tiles never current"
        );
    }
    let took = t0.elapsed();
    for w in writers {
        w.join().unwrap();
    }
    took
}

fn main() {
    for page in PAGES {
        println!("{page:<14} {:>8} bytes", get(page));
    }
    let mut runs: Vec<Duration> = (1..=usize::from(RUNS)).map(latency).collect();
    runs.sort_unstable();
    println!(
        "50 tables save at once, all tiles current after: {}",
        runs.iter()
            .map(|d| format!("{:.0} ms", d.as_secs_f64() * 1000.0))
            .collect::<Vec<_>>()
            .join(", ")
    );
    divan::main();
}

#[divan::bench(args = PAGES, sample_count = 30)]
fn render(page: &str) -> usize {
    get(page)
}
