//! Live tables under load (issue 23, "Speed"), over real WebSockets on
//! loopback, SQLite (WAL, synchronous=FULL: the store's only setting) in a
//! temporary folder:
//!
//! 1. tables of four seats, each a client acting at a person's pace (1-2 s
//!    after its move comes, seeded; the safe default move), stepped up in
//!    number; at each step the latency from a move sent to the seat
//!    receiving the event that shows it applied (or its refusal), and the
//!    server's memory per table. Stops by itself after the first step whose
//!    p99 passes 50 ms, or at the last step;
//! 2. the server killed (`kill -9`) with those tables open, started again:
//!    the time its start takes to resume them (every open table resumed
//!    before it listens);
//! 3. flat-out: tables of one client (no pause) and three easy bots with no
//!    delay, new tables as games end; events applied and delivered a second.
//!
//! The server runs in a child process (this program again, `SERVE_ENV`
//! set) on a ONE-thread tokio runtime, so its memory is its own (read from
//! `/proc/PID/statm`); the clients run here on one runtime thread. Both
//! raise their open-file limit to the hard one (four sockets a table on
//! each side): the hard limit bounds the largest step.
//!
//! Run: `cargo bench -p jongg-server --bench play_load` (full sizes), or
//! without `--bench` (as `cargo test --benches` runs it in CI) a quick run
//! of small sizes. Sizes by env: PLAY_LOAD_TABLES (steps, e.g.
//! `100,250,500`), PLAY_LOAD_SECS (measured seconds a step),
//! PLAY_LOAD_FLAT_TABLES, PLAY_LOAD_FLAT_SECS. Figures in BENCHMARKS.md.

#[path = "../tests/play/client.rs"]
#[allow(dead_code)] // the tests use the rest of the client
mod client;
mod common;

use client::SeatClient;
use common::{disk_sync, ms, pct, report};
use jongg_play::protocol::ServerMessage;
use jongg_play::{LogRecord, TableLog};
use jongg_server::client::Client;
use jongg_server::{Config, start};
use jongg_store::{LiveTable, Store};
use jongg_tiles::{BySeat, Seat};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Set in the child: the database it serves.
const SERVE_ENV: &str = "JONGG_PLAY_LOAD_SERVE";
/// Set in the child: its bots' delay before each move.
const DELAY_ENV: &str = "JONGG_PLAY_LOAD_BOT_DELAY_MS";
/// The latency target (issue 23): p99 action-to-delivery.
const TARGET: Duration = Duration::from_millis(50);
/// From a step's last table opened to its measuring (the deals).
const SETTLE: Duration = Duration::from_secs(3);
/// Files kept aside from the open-file limit for the rest of the process.
const SPARE_FILES: u64 = 200;

struct Sizes {
    steps: Vec<usize>,
    step_secs: u64,
    flat_tables: usize,
    flat_secs: u64,
    appends: usize,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}=`{v}` is not a number")),
        Err(_) => default,
    }
}

fn sizes(quick: bool) -> Sizes {
    let steps = match std::env::var("PLAY_LOAD_TABLES") {
        Ok(v) => v
            .split(',')
            .map(|s| {
                s.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("PLAY_LOAD_TABLES: `{s}`"))
            })
            .collect(),
        Err(_) if quick => vec![4, 8],
        Err(_) => vec![100, 250, 500, 1_000, 2_000, 3_000, 4_000],
    };
    Sizes {
        steps,
        step_secs: env_or("PLAY_LOAD_SECS", if quick { 2 } else { 20 }),
        flat_tables: env_or("PLAY_LOAD_FLAT_TABLES", if quick { 2 } else { 20 }),
        flat_secs: env_or("PLAY_LOAD_FLAT_SECS", if quick { 2 } else { 10 }),
        appends: if quick { 20 } else { 300 },
    }
}

/// The child: serves `db` on one runtime thread until its stdin closes;
/// its first line says where, and how long its start (the resume) took.
fn serve_child(db: String) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    // Its warnings and errors to the bench's terminal, not every request.
    tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new("warn"))
        .with(jongg_server::logging::layer(
            jongg_server::logging::LogFormat::Text,
            std::io::stderr,
        ))
        .init();
    let _ = jongg_server::raise_open_file_limit();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut config = Config::new(db, "127.0.0.1:0".parse().unwrap());
        config.play_tables_free = u32::MAX;
        config.play_bot_delay_ms = env_or(DELAY_ENV, 1_000);
        let t0 = Instant::now();
        let running = start(config).await.unwrap();
        println!("serving {} {}", running.addr, t0.elapsed().as_micros());
        let _ = tokio::task::spawn_blocking(|| {
            let _ = std::io::stdin().read_line(&mut String::new());
        })
        .await;
        running.stop().await.unwrap();
    });
}

/// The server's process.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    addr: SocketAddr,
    /// How long its start took (the resume of every open table in it).
    started: Duration,
}

impl Server {
    fn start(db: &str, bot_delay_ms: u64) -> Server {
        // `PLAY_LOAD_WRAP=heaptrack`: the server runs under that program (a
        // memory profiler from its first allocation); the RSS column is then
        // the wrapper's, not the server's.
        let exe = std::env::current_exe().unwrap();
        let mut command = match std::env::var_os("PLAY_LOAD_WRAP") {
            Some(wrap) => {
                let mut c = Command::new(wrap);
                c.arg(exe);
                c
            }
            None => Command::new(exe),
        };
        let mut child = command
            .env(SERVE_ENV, db)
            .env(DELAY_ENV, bot_delay_ms.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // The first line that says where it serves (a wrapper may print
        // before it).
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while !line.starts_with("serving ") {
            line.clear();
            assert!(out.read_line(&mut line).unwrap() > 0, "the server ended");
        }
        let mut words = line.split_whitespace().skip(1);
        let addr = words.next().expect(&line).parse().unwrap();
        let started = Duration::from_micros(words.next().expect(&line).parse().unwrap());
        let stdin = child.stdin.take();
        Server {
            child,
            stdin,
            addr,
            started,
        }
    }

    /// Its resident memory, in KB (4 KB pages).
    fn rss_kb(&self) -> u64 {
        let statm =
            std::fs::read_to_string(format!("/proc/{}/statm", self.child.id())).unwrap_or_default();
        statm
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u64>().ok())
            .unwrap_or(0)
            * 4
    }

    /// Stops it cleanly: its tables' sockets close.
    fn stop(mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// A failed run still stops its server (SIGKILL, as `kill -9`).
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Creates a table; its id and each person seat's token.
fn create(p: &mut Client, seats: &Value) -> (String, Vec<String>) {
    let r = p
        .post(
            "/api/play/tables",
            &json!({ "rules": "standard", "seats": seats }),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let body = r.json();
    let tokens = Seat::ALL
        .iter()
        .filter_map(|s| body["seats"][s.name()]["token"].as_str())
        .map(str::to_string)
        .collect();
    (body["id"].as_str().unwrap().to_string(), tokens)
}

/// What the seats of a run share.
#[derive(Default)]
struct Tally {
    /// Each move's time from sent to answered.
    latencies: Mutex<Vec<Duration>>,
    /// Moves sent.
    moves: AtomicU64,
    /// Events received by the seats that count them.
    events: AtomicU64,
    /// Games seen to their end.
    ended: AtomicUsize,
}

/// A seeded pace: 1-2 s (splitmix64).
fn pace(state: &mut u64) -> Duration {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Duration::from_millis(1_000 + (z ^ (z >> 31)) % 1_000)
}

/// One seat: its safe default move, `pace` after the move comes (None: at
/// once), until the game ends or the server goes. Counts the events it
/// receives if `counts`.
async fn seat(
    addr: SocketAddr,
    id: String,
    token: String,
    mut seed: Option<u64>,
    counts: bool,
    tally: Arc<Tally>,
) {
    let mut c = SeatClient::connect(addr, &id, &token).await;
    c.may_lose_server = true;
    c.contribute(&seed.unwrap_or(0).to_le_bytes()).await;
    let mut due: Option<Instant> = None;
    let mut sent: Option<Instant> = None;
    loop {
        if sent.is_none() && c.my_move() {
            let wait = seed.as_mut().map_or(Duration::ZERO, pace);
            due.get_or_insert_with(|| Instant::now() + wait);
        } else {
            due = None;
        }
        let message = match due {
            Some(at) => tokio::select! {
                m = c.read() => Some(m),
                () = tokio::time::sleep_until(at.into()) => None,
            },
            None => Some(c.read().await),
        };
        let Some(message) = message else {
            due = None;
            if let Some(action) = c.default_move() {
                let answers = c.answers(&action);
                sent = Some(Instant::now());
                c.act(answers, action).await;
                tally.moves.fetch_add(1, Ordering::Relaxed);
            }
            continue;
        };
        // Closed: the server went.
        let Some(m) = message else { return };
        if let Some(t) = sent
            && !c.waiting()
        {
            tally.latencies.lock().unwrap().push(t.elapsed());
            sent = None;
        }
        match m.message {
            ServerMessage::Event { .. } if counts => {
                tally.events.fetch_add(1, Ordering::Relaxed);
            }
            ServerMessage::Reveal { .. } => {
                tally.ended.fetch_add(1, Ordering::Relaxed);
                return;
            }
            _ => {}
        }
        // The messages are not kept: the client's memory stays flat.
        c.got.clear();
    }
}

/// What one append to a table's log costs (one transaction, FULL sync):
/// the floor under every move.
fn store_appends(rt: &tokio::runtime::Runtime, url: &str, n: usize) -> Vec<Duration> {
    rt.block_on(async {
        let store = Store::connect(url).await.unwrap();
        let row = LiveTable::new(json!({}), BySeat::from_fn(|_| None));
        store.create_live_table(&row).await.unwrap();
        let mut log = store.live_table_log(&row.id);
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let record = LogRecord::StandIn {
                seat: Seat::ALL[i % 4],
                bot: i % 2 == 0,
            };
            let t = Instant::now();
            log.append(vec![record]).await.unwrap();
            out.push(t.elapsed());
        }
        store.close().await;
        out
    })
}

/// Part 1: the steps; returns the tables opened.
fn steps(rt: &tokio::runtime::Runtime, server: &Server, sizes: &Sizes, most: usize) -> usize {
    let tally = Arc::new(Tally::default());
    let mut p = Client::new(server.addr);
    let people = json!({"east": "person", "south": "person", "west": "person", "north": "person"});
    let base = server.rss_kb();
    let mut opened = 0;
    println!(
        "{:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9}",
        "tables",
        "sockets",
        "moves/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "RSS MB",
        "KB/table",
        "open s"
    );
    for &n in &sizes.steps {
        if n > most {
            println!("{n} tables: beyond this machine's open-file limit ({most} tables)");
            break;
        }
        let t = Instant::now();
        while opened < n {
            let (id, tokens) = create(&mut p, &people);
            for (i, token) in tokens.into_iter().enumerate() {
                let seed = Some(opened as u64 * 4 + i as u64);
                let (id, tally) = (id.clone(), tally.clone());
                rt.spawn(seat(server.addr, id, token, seed, false, tally));
            }
            opened += 1;
        }
        let opening = t.elapsed();
        std::thread::sleep(SETTLE);
        tally.latencies.lock().unwrap().clear();
        let moves = tally.moves.load(Ordering::Relaxed);
        let t = Instant::now();
        std::thread::sleep(Duration::from_secs(sizes.step_secs));
        let mut d = std::mem::take(&mut *tally.latencies.lock().unwrap());
        let rate = (tally.moves.load(Ordering::Relaxed) - moves) as f64 / t.elapsed().as_secs_f64();
        let rss = server.rss_kb();
        d.sort_unstable();
        assert!(!d.is_empty(), "{n} tables: no move answered in the step");
        let p99 = pct(&d, 0.99);
        println!(
            "{:>7} {:>7} {:>8.0} {:>8.2} {:>8.2} {:>8.2} {:>8.1} {:>8.1} {:>9.1}",
            n,
            n * 4,
            rate,
            ms(pct(&d, 0.5)),
            ms(p99),
            ms(*d.last().unwrap()),
            rss as f64 / 1024.0,
            rss.saturating_sub(base) as f64 / n as f64,
            opening.as_secs_f64()
        );
        if p99 > TARGET {
            println!("p99 passed {} ms at {n} tables: stopped", ms(TARGET));
            break;
        }
    }
    let ended = tally.ended.load(Ordering::Relaxed) / 4;
    println!("({ended} of {opened} games ended during the steps)");
    opened
}

/// Part 3: flat-out, for `secs`; events delivered a second.
fn flat_out(rt: &tokio::runtime::Runtime, db: &str, tables: usize, secs: u64) {
    let server = Server::start(db, 0);
    let tally = Arc::new(Tally::default());
    let addr = server.addr;
    let workers: Vec<_> = (0..tables)
        .map(|_| {
            let tally = tally.clone();
            rt.spawn(async move {
                let one =
                    json!({"east": "person", "south": "easy", "west": "easy", "north": "easy"});
                loop {
                    let one = one.clone();
                    let (id, tokens) =
                        tokio::task::spawn_blocking(move || create(&mut Client::new(addr), &one))
                            .await
                            .unwrap();
                    let token = tokens.into_iter().next().unwrap();
                    seat(addr, id, token, None, true, tally.clone()).await;
                }
            })
        })
        .collect();
    // A second for the first deals, then `secs` counted.
    std::thread::sleep(Duration::from_secs(1));
    let (events, games) = (
        tally.events.load(Ordering::Relaxed),
        tally.ended.load(Ordering::Relaxed),
    );
    let t = Instant::now();
    std::thread::sleep(Duration::from_secs(secs));
    let wall = t.elapsed().as_secs_f64();
    let events = tally.events.load(Ordering::Relaxed) - events;
    let games = tally.ended.load(Ordering::Relaxed) - games;
    for w in workers {
        w.abort();
    }
    assert!(events > 0, "flat-out: no event in {secs} s");
    println!(
        "flat-out, {tables} tables (a client + 3 easy bots, no delay): {events} events in {wall:.1} s = {:.0} events/s, {games} games ended",
        events as f64 / wall,
    );
    server.stop();
}

fn main() {
    if let Ok(db) = std::env::var(SERVE_ENV) {
        return serve_child(db);
    }
    let quick = !std::env::args().any(|a| a == "--bench");
    let sizes = sizes(quick);
    if quick {
        println!("quick run (no --bench): small sizes, the checks only");
    }
    let files = jongg_server::raise_open_file_limit()
        .ok()
        .flatten()
        .or_else(jongg_server::open_file_limit)
        .unwrap_or(1024);
    let most = (files.saturating_sub(SPARE_FILES) / 4) as usize;
    println!("open-file limit {files}: at most {most} tables of four sockets");
    let dir = std::env::temp_dir().join(format!("jongg-play-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = |name: &str| format!("sqlite://{}", dir.join(name).display());
    // The clients: one runtime thread.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();

    report(
        "disk: 4 KB write + fdatasync",
        disk_sync(&dir, sizes.appends),
    );
    report(
        "store: one append (FULL)",
        store_appends(&rt, &url("appends.sqlite"), sizes.appends),
    );

    // 1. Tables at a person's pace, stepped up.
    let db = url("tables.sqlite");
    let server = Server::start(&db, 1_000);
    let opened = steps(&rt, &server, &sizes, most);

    // 2. Killed with them open; the time the start takes to resume them.
    drop(server); // SIGKILL
    let server = Server::start(&db, 1_000);
    let listed = Client::new(server.addr)
        .get("/api/play/tables")
        .unwrap()
        .json();
    let open = listed["tables"].as_array().map_or(0, Vec::len);
    assert!(
        open > 0 && open <= opened,
        "{open} of {opened} tables resumed"
    );
    println!(
        "resume after kill -9: {open} open tables in {:.2} s (the whole start); RSS then {:.1} MB",
        server.started.as_secs_f64(),
        server.rss_kb() as f64 / 1024.0
    );
    server.stop();

    // 3. Flat-out.
    flat_out(&rt, &url("flat.sqlite"), sizes.flat_tables, sizes.flat_secs);

    rt.shutdown_timeout(Duration::from_secs(1));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::io::stdout().flush();
}
