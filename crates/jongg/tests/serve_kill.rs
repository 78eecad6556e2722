//! `jongg serve` killed (SIGKILL, `kill -9`: no clean stop) in the middle of
//! a stream of score-sheet writes, then started again on the same database,
//! SQLite and PostgreSQL: every write that got a 2xx is there. (A write cut
//! off in flight may or may not have landed; either way nothing is
//! half-written.) What a power cut would cost is in docs/api.md, "Storage and
//! durability". Live tables killed mid-game: `serve_kill/play.rs`.

#[path = "serve_kill/play.rs"]
mod play;

use jongg_server::client::Client;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Served {
    child: Child,
    addr: SocketAddr,
    setup_token: Option<String>,
}

/// A failing test still stops the servers it started.
impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &str, first: bool) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(["serve", "--database", db, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .stdin(Stdio::null())
        .spawn()
        .expect("cannot start jongg serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().expect("jongg serve printed nothing").unwrap();
    // "jongg is serving at http://127.0.0.1:PORT (database: ...)"
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect(&line);
    let addr: SocketAddr = url.trim_start_matches("http://").parse().expect(url);
    let setup_token = first.then(|| {
        // After the lines about the hall's addresses.
        let line = lines
            .by_ref()
            .map(Result::unwrap)
            .find(|l| l.starts_with("Set the director password: http://"))
            .expect("no setup link");
        line.rsplit_once("token=").unwrap().1.to_string()
    });
    // Keep draining stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Served {
        child,
        addr,
        setup_token,
    }
}

fn ok(r: std::io::Result<jongg_server::client::Response>) -> Value {
    let r = r.expect("request failed");
    assert!(r.is_success(), "{} {}", r.status, r.text());
    r.json()
}

#[test]
fn killed_during_writes_loses_nothing_it_confirmed_sqlite() {
    let db = jongg_store::testing::TestDb::sqlite();
    killed_during_writes_loses_nothing_it_confirmed(&db.url);
}

#[test]
fn killed_during_writes_loses_nothing_it_confirmed_postgres() {
    let rt = jongg_tools::runtime().unwrap();
    let db = rt.block_on(jongg_store::testing::TestDb::postgres());
    killed_during_writes_loses_nothing_it_confirmed(&db.url);
}

fn killed_during_writes_loses_nothing_it_confirmed(db: &str) {
    let mut s = serve(db, true);
    let mut p = Client::new(s.addr);
    let token = s.setup_token.clone().unwrap();
    ok(p.post(
        "/api/setup",
        &json!({ "token": token, "password": "kill test password" }),
    ));
    let login = ok(p.post("/api/login", &json!({ "password": "kill test password" })));
    let mut d = Client::with_token(s.addr, login["token"].as_str().unwrap());
    let id = ok(d.post(
        "/api/tournaments",
        &json!({ "name": "Kill", "rules": { "kind": "preset", "name": "standard" } }),
    ))["id"]
        .as_i64()
        .unwrap();
    for n in 1..=32 {
        ok(d.post(
            &format!("/api/tournaments/{id}/players"),
            &json!({ "number": n, "name": format!("P{n}") }),
        ));
    }
    ok(d.post(
        &format!("/api/tournaments/{id}/rounds/1/seat"),
        &json!({ "method": { "kind": "by_number" } }),
    ));
    ok(d.post(&format!("/api/tournaments/{id}/rounds/1/start"), &json!({})));
    let links = ok(d.get(&format!("/api/tournaments/{id}/rounds/1/links")));
    let tokens: Vec<String> = links["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["token"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(tokens.len(), 8);

    // Four writers, two tables each, correcting games over and over.
    // confirmed[(table, game)] = last value answered 2xx; in_flight = the
    // value of the request that got no answer.
    type Log = Arc<Mutex<(HashMap<(u16, u8), i32>, HashMap<(u16, u8), i32>)>>;
    let log: Log = Default::default();
    let done = Arc::new(AtomicUsize::new(0));
    let mut writers = Vec::new();
    for w in 0..4u16 {
        let (addr, log, done) = (s.addr, log.clone(), done.clone());
        let mine: Vec<(u16, String)> = (0..2)
            .map(|i| (w * 2 + i + 1, tokens[usize::from(w * 2 + i)].clone()))
            .collect();
        writers.push(std::thread::spawn(move || {
            let mut clients: Vec<(u16, Client)> = mine.iter().map(|(t, k)| (*t, Client::with_token(addr, k))).collect();
            for i in 0..20_000i32 {
                let (table, c) = &mut clients[(i % 2) as usize];
                let game = (i / 2 % 4 + 1) as u8;
                let v = i + 1;
                let body = json!({ "entry": { "kind": "points",
                    "points": { "east": 3 * v, "south": -v, "west": -v, "north": -v }, "mah_jongg": "east" } });
                log.lock().unwrap().1.insert((*table, game), v);
                match c.put(&format!("/api/tournaments/{id}/rounds/1/tables/{table}/games/{game}"), &body) {
                    Ok(r) if r.is_success() => {
                        let mut l = log.lock().unwrap();
                        l.0.insert((*table, game), v);
                        l.1.remove(&(*table, game));
                        done.fetch_add(1, Ordering::SeqCst);
                    }
                    Ok(r) => panic!("refused: {} {}", r.status, r.text()),
                    Err(_) => return, // the server is gone
                }
            }
        }));
    }
    let t0 = Instant::now();
    while done.load(Ordering::SeqCst) < 300 && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    s.child.kill().unwrap(); // SIGKILL (kill -9), mid-stream
    s.child.wait().unwrap();
    for w in writers {
        w.join().unwrap();
    }
    let (confirmed, in_flight) = log.lock().unwrap().clone();
    assert!(
        done.load(Ordering::SeqCst) >= 300,
        "too few writes before the kill"
    );
    assert!(
        done.load(Ordering::SeqCst) < 4 * 20_000,
        "the writers finished before the kill"
    );

    let s2 = serve(db, false);
    assert!(s2.setup_token.is_none());
    let mut p = Client::new(s2.addr);
    let mut checked = 0;
    for table in 1..=8u16 {
        let sheet = ok(p.get(&format!("/api/tournaments/{id}/rounds/1/tables/{table}")));
        for game in 1..=4u8 {
            let Some(&want) = confirmed.get(&(table, game)) else {
                continue;
            };
            let got = sheet["sheet"]["games"][usize::from(game - 1)]["points"]["south"]
                .as_i64()
                .map(|x| -x as i32);
            let cut = in_flight.get(&(table, game)).copied();
            assert!(
                got == Some(want) || (cut.is_some() && got == cut),
                "table {table} game {game}: confirmed {want}, in flight {cut:?}, stored {got:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 32, "every game was written at least once");
    drop(s2);
}
