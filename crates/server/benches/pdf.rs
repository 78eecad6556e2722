//! The PDF printables of a 200-player event (issue 13), over HTTP on
//! loopback: the standings, round 1's table assignments, table cards
//! (50, one a page, each with a QR code) and score sheets, and every
//! player's itinerary. Names are in several scripts (Latin with marks,
//! Greek, Cyrillic, Chinese), as a real club list may be.
//!
//! Run: `cargo bench -p jongg-server --bench pdf`. Before the benches it
//! prints each PDF's size in bytes.

use jongg_server::client::Client;
use jongg_server::{Config, Running, start};
use jongg_store::Store;
use jongg_tools::{runtime, sample_tournament_upto};
use jongg_tournament::{Actor, Command, PlayerNo, RoundNo};
use std::net::SocketAddr;
use std::sync::LazyLock;

const PLAYERS: u32 = 200;

/// Names in several scripts, given in turn to the players.
const NAMES: [&str; 8] = [
    "Łucja Wiśniewska",
    "Søren Ærøskøbing",
    "Ελένη Παπαδοπούλου",
    "Жанна Кузнецова",
    "José Müller",
    "Margaret O'Brien",
    "王秀英",
    "Zoë Brontë-Smith",
];

struct Bench {
    _rt: tokio::runtime::Runtime,
    _running: Running,
    addr: SocketAddr,
    token: String,
    id: i64,
}

static BENCH: LazyLock<Bench> = LazyLock::new(|| {
    let dir = std::env::temp_dir().join(format!("jongg-pdf-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bench.sqlite").display());
    let rt = runtime().unwrap();
    // Four rounds, three played: standings with points, round 1 seated.
    let mut t = sample_tournament_upto(
        "Spring Tournament of the Riverside Mah Jongg Club",
        "standard",
        PLAYERS,
        RoundNo(4),
        RoundNo(3),
        7,
        0,
    )
    .unwrap();
    for n in 1..=PLAYERS {
        let name = format!("{} {n}", NAMES[n as usize % NAMES.len()]);
        let cmd = Command::UpdatePlayer {
            number: PlayerNo(n),
            name: Some(name),
            club: None,
        };
        t.execute(Actor::System, cmd, 1).unwrap();
    }
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

const DOCS: [&str; 5] = [
    "standings.pdf",
    "round/1.pdf",
    "round/1/cards.pdf",
    "round/1/sheets.pdf",
    "itineraries.pdf",
];

fn get(doc: &str) -> usize {
    let b = &*BENCH;
    let mut c = Client::with_token(b.addr, &b.token);
    let r = c.get(&format!("/director/t/{}/print/{doc}", b.id)).unwrap();
    assert_eq!(r.status, 200, "{doc}: {}", r.text());
    assert!(r.body.starts_with(b"%PDF-"));
    r.body.len()
}

fn main() {
    for doc in DOCS {
        println!("{doc:<20} {:>9} bytes", get(doc));
    }
    divan::main();
}

#[divan::bench(args = DOCS, sample_count = 20)]
fn render(doc: &str) -> usize {
    get(doc)
}
