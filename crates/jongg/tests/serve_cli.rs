//! `jongg demo`, `jongg export` and `jongg import` on a temporary SQLite file.

use serde_json::{Value, json};
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("cannot run jongg")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn demo_then_export_import_round_trips_exactly() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("sub/jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "13",
        "--rounds",
        "3",
        "--preset",
        "beth-emeth",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Created tournament 1: 13 players, 3 rounds under `beth-emeth`"),
        "{said}"
    );
    assert!(said.contains("http://127.0.0.1:8080/t/1"), "{said}");
    assert!(said.contains("games played by bots"), "{said}");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    let out = jongg(&[
        "export",
        "--tournament",
        "1",
        "--database",
        &db,
        a.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Into the same database: it is already there (issue 19.1), unless kept
    // under a new name.
    let out = jongg(&["import", "--database", &db, a.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("already in the database"),
        "{}",
        text(&out.stderr)
    );
    let out = jongg(&[
        "import",
        "--database",
        &db,
        "--name",
        "Copy",
        a.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("`Copy` as tournament 2"),
        "{}",
        text(&out.stdout)
    );
    // The backup restored into a fresh database, as after a lost laptop.
    let fresh = format!("sqlite://{}", dir.join("fresh.sqlite").display());
    let out = jongg(&["import", "--database", &fresh, a.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("as tournament 1"),
        "{}",
        text(&out.stdout)
    );
    let out = jongg(&[
        "export",
        "--tournament",
        "1",
        "--database",
        &fresh,
        b.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (a, b) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    assert!(a == b, "the backup round-trips exactly");
    assert!(a.contains("\"format\": \"jongg-tournament\""));
    let writer = format!("\"written_by\": \"{}\"", jongg_tournament::PROGRAM);
    assert!(
        a.contains(&writer),
        "the file names the jongg that wrote it"
    );
    // Every game was played out and entered as its record, scored by the preset.
    let file: serde_json::Value = serde_json::from_str(&a).unwrap();
    let games: Vec<&serde_json::Value> = file["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["event"])
        .filter(|e| e["kind"] == "game_entered")
        .collect();
    // beth-emeth 1, four players at each table: 13 players sit at 3 tables
    // and one sits out each round (issue 20.11).
    assert_eq!(games.len(), 3 * 4 * 3, "3 tables x 4 games x 3 rounds");
    assert!(
        games
            .iter()
            .all(|g| g["after"]["entry"]["kind"] == "record")
    );
    assert!(games.iter().all(|g| {
        g["after"]["lines"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
    }));
    // Plain points on request, for big demos.
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "8",
        "--rounds",
        "1",
        "--games",
        "points",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("plain points"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_named_with_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-bad-{}", std::process::id()));
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let cases: [(&[&str], &str); 5] = [
        (&["serve", "--bind", "nowhere"], "--bind `nowhere`"),
        (
            &["demo", "--database", &db, "--preset", "nope"],
            "unknown rules preset `nope`",
        ),
        (&["demo", "--database", "mysql://x"], "neither sqlite"),
        (
            &["export", "--tournament", "9", "--database", &db, "-"],
            "tournament 9 does not exist",
        ),
        (
            &["import", "--database", &db, "/no/such/file.json"],
            "cannot read /no/such/file.json",
        ),
    ];
    for (args, needle) in cases {
        let out = jongg(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(needle),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    std::fs::write(
        dir.join("bad.json"),
        "{\"format\": \"x\", \"version\": 1, \"events\": []}",
    )
    .unwrap();
    let out = jongg(&[
        "import",
        "--database",
        &db,
        dir.join("bad.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("format is `x`"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 10, finding 6, through `jongg import`: a hostile file is refused
/// whole, with the first bad event's number and why, exit code 2, nothing
/// stored; a file larger than a tournament file may be is not read past its
/// limit. (Every hostile import of the issue is tested over HTTP in
/// crates/server/tests/security/hostile_imports.rs; both run one function.)
#[test]
fn jongg_import_refuses_a_hostile_file_whole() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "8",
        "--rounds",
        "1",
        "--games",
        "points",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let good = dir.join("good.json");
    let out = jongg(&[
        "export",
        "--tournament",
        "1",
        "--database",
        &db,
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();

    // A game whose points wrap an i32.
    let events = file["events"].as_array_mut().unwrap();
    let i = events
        .iter()
        .position(|e| e["event"]["kind"] == "game_entered")
        .unwrap();
    events[i]["event"]["after"]["entry"]["points"]["east"] = json!(i32::MIN);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, file.to_string()).unwrap();
    let out = jongg(&["import", "--database", &db, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(
        said.contains(&format!("event {} of the file is refused", i + 1))
            && said.contains("-2147483648 is beyond any game score"),
        "{said}"
    );
    let events = file["events"].as_array_mut().unwrap();
    events[i]["event"]["after"]["entry"]["points"]["east"] = json!(0);
    events[1]["actor"] = json!({ "kind": "public" });
    std::fs::write(&bad, file.to_string()).unwrap();
    let out = jongg(&["import", "--database", &db, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("event 2 of the file is refused: the public may not change the tournament"),
        "{}",
        text(&out.stderr)
    );
    // Nothing was stored: there is no tournament 2.
    let out = jongg(&["export", "--tournament", "2", "--database", &db, "-"]);
    assert!(
        text(&out.stderr).contains("tournament 2 does not exist"),
        "{}",
        text(&out.stderr)
    );

    // Past 64 MB, the file is not even read whole.
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((64 << 20) + 10).unwrap();
    let out = jongg(&["import", "--database", &db, big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("larger than a tournament file may be"),
        "{}",
        text(&out.stderr)
    );

    // The good file is taken whole (under a new name: its tournament is
    // already in this database, issue 19.1).
    let out = jongg(&[
        "import",
        "--database",
        &db,
        "--name",
        "Good",
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("as tournament 2"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `jongg serve` started by `sh -c 'ulimit ...; exec jongg serve ...'`:
/// the server's address and what it printed about its connections.
struct Served {
    child: std::process::Child,
    addr: std::net::SocketAddr,
    connections: String,
}

/// A failing test still stops the server it started.
impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve_under(ulimit: &str, db: &str, flags: &[&str]) -> Served {
    use std::io::BufRead;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{ulimit}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_jongg"))
        .args(["serve", "--database", db, "--bind", "127.0.0.1:0"])
        .args(flags)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .stdin(std::process::Stdio::null())
        .spawn()
        .expect("cannot start jongg serve");
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().expect("jongg serve printed nothing").unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect(&first);
    let addr = url.trim_start_matches("http://").parse().expect(url);
    let connections = lines
        .by_ref()
        .map(Result::unwrap)
        .find(|l| l.starts_with("Connections: "))
        .expect("no line about connections");
    std::thread::spawn(move || for _ in lines {});
    Served {
        child,
        addr,
        connections,
    }
}

/// A database with tournament 1 (for the live feed).
fn demo_database(name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("jongg-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "8",
        "--rounds",
        "1",
        "--games",
        "points",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    (dir, db)
}

/// Issue 19.3: `jongg serve` raises its open-file soft limit to the hard
/// limit, and says what it has.
#[test]
fn jongg_serve_raises_its_open_file_limit_to_the_hard_limit() {
    let hard = jongg_server::raise_open_file_limit()
        .unwrap()
        .expect("an open-file limit");
    let (dir, db) = demo_database("nofile");
    let served = serve_under("ulimit -Sn 256", &db, &[]);
    assert!(
        served
            .connections
            .ends_with(&format!("open files: up to {hard}.")),
        "{}",
        served.connections
    );
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 19.3: 1,100 silent sockets held every file of a server whose
/// limit is 1,024, and it answered no one (still so after 330 s). Here its
/// soft and hard limits are both 1,024 (raising cannot help: the bounds
/// must), 1,100 silent sockets and 900 subscribers of the live feed are
/// opened from other addresses, and a request from this machine is still
/// answered in under a second; the silent sockets are closed by the header
/// timeout (3 s here), or refused at once with a 503.
#[test]
fn a_thousand_silent_sockets_do_not_stop_the_server() {
    use std::io::{Read, Write};
    use std::net::SocketAddr;
    use std::time::{Duration, Instant};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    // The test's own sockets: 2,000 and more.
    let own = jongg_server::raise_open_file_limit().unwrap().unwrap_or(0);
    assert!(own >= 2_500, "the test needs 2,500 open files, has {own}");
    let (dir, db) = demo_database("silent");
    let served = serve_under("ulimit -n 1024", &db, &["--header-timeout", "3"]);
    // 1,024 files less 128 and one in sixteen; one in 32 kept for this machine.
    assert_eq!(
        served.connections,
        "Connections: up to 832 at once (512 from one address; the last 26 kept for this \
         machine), open files: up to 1024."
    );
    let to = served.addr;
    let rt = jongg_tools::runtime().unwrap();
    // Before the fix, the server out of files took no more: its backlog
    // filled and a connect hung.
    let connect = |from: String| async move {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind(SocketAddr::new(from.parse().unwrap(), 0)).unwrap();
        tokio::time::timeout(Duration::from_secs(5), s.connect(to))
            .await
            .expect("the server took no connection in 5 s")
            .unwrap()
    };

    let follow = "GET /api/tournaments/1/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 999999999\r\n\r\n";
    let (subscribers, silent, opened) = rt.block_on(async {
        let mut subscribers = Vec::new();
        for i in 0..900 {
            let mut s = connect(format!("127.0.0.{}", 10 + i % 2)).await;
            // A refused one may be closed already.
            let _ = s.write_all(follow.as_bytes()).await;
            subscribers.push(s);
        }
        let mut silent = Vec::new();
        for i in 0..1_100 {
            let s = connect(format!("127.0.0.{}", 20 + i % 4)).await;
            silent.push((s, Instant::now()));
        }
        (subscribers, silent, Instant::now())
    });

    // This machine's request, while all of them are open.
    let asked = Instant::now();
    let mut me = std::net::TcpStream::connect(to).unwrap();
    me.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    me.write_all(
        b"GET /api/tournaments/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut answer = String::new();
    let _ = me.read_to_string(&mut answer);
    let answered = asked.elapsed();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
    assert!(
        answered < Duration::from_secs(1),
        "answered after {answered:?}"
    );

    // What each socket heard, and when it was closed (after `since`).
    let heard = |s: tokio::net::TcpStream, since: Instant, within: Duration| async move {
        let mut s = s;
        let mut got = Vec::new();
        let read = tokio::time::timeout(within, s.read_to_end(&mut got)).await;
        let text = String::from_utf8_lossy(&got).into_owned();
        // A reset after the answer counts as closed too.
        (text, read.is_ok().then(|| since.elapsed()))
    };
    let (silent, subscribers) = rt.block_on(async {
        let silent: Vec<_> = silent
            .into_iter()
            .map(|(s, since)| tokio::spawn(heard(s, since, Duration::from_secs(10))))
            .collect();
        let subscribers: Vec<_> = subscribers
            .into_iter()
            .map(|s| tokio::spawn(heard(s, opened, Duration::from_secs(1))))
            .collect();
        let mut a = Vec::new();
        for t in silent {
            a.push(t.await.unwrap());
        }
        let mut b = Vec::new();
        for t in subscribers {
            b.push(t.await.unwrap());
        }
        (a, b)
    });
    let refused = |said: &str| {
        said.starts_with("HTTP/1.1 503") && said.to_ascii_lowercase().contains("\r\nretry-after: ")
    };
    let refused_silent = silent.iter().filter(|(said, _)| refused(said)).count();
    // Closed without a word: after the header timeout (held), or at once
    // (beyond the refusals under way).
    let closed: Vec<Duration> = silent
        .iter()
        .filter(|(said, _)| said.is_empty())
        .map(|(_, at)| at.expect("a silent socket still open 10 s after a 3 s header timeout"))
        .collect();
    assert_eq!(
        refused_silent + closed.len(),
        1_100,
        "each was refused or closed"
    );
    let held: Vec<Duration> = closed
        .iter()
        .copied()
        .filter(|at| *at >= Duration::from_millis(2_500))
        .collect();
    assert!(!held.is_empty(), "no silent socket was held");
    let last_closed = held.iter().max().copied().unwrap_or_default();
    assert!(
        last_closed < Duration::from_secs(5),
        "one closed {last_closed:?} after it opened"
    );
    let following = subscribers
        .iter()
        .filter(|(said, at)| said.starts_with("HTTP/1.1 200") && at.is_none())
        .count();
    let refused_subscribers = subscribers.iter().filter(|(said, _)| refused(said)).count();
    assert_eq!(
        following + refused_subscribers,
        900,
        "each followed or was refused"
    );
    assert!(following >= 100, "only {following} follow the feed");
    eprintln!(
        "{}: {following} subscribers followed, {refused_subscribers} refused; {} silent \
         sockets held until the header timeout (the last closed {last_closed:?} after it \
         opened), {refused_silent} refused with a 503, {} closed at once; this machine \
         answered in {answered:?}",
        served.connections,
        held.len(),
        closed.len() - held.len(),
    );
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}
