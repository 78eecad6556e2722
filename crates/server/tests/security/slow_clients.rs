//! Issue 19, point 3: slow or silent clients took the server down. Sockets
//! that sent nothing, half a request or half a body, or idled after one
//! request, were never closed; enough of them held every file the process
//! could open. Each is made again here, on a server with short timeouts, and
//! each is now closed in time; beyond the bounds on connections and on the
//! live feed's subscribers, a client is refused politely (503,
//! `Retry-After`, a sentence), while this machine keeps its room.
//! (The thousand sockets against the real binary are in
//! crates/jongg/tests/serve_cli.rs.)

use crate::common::*;
use jongg_server::ConnectionLimits;
use jongg_store::Backend;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn server(limits: ConnectionLimits) -> App {
    App::start_with(Backend::Sqlite, |c| c.connections = limits)
}

fn short(header: f64, body: f64, idle: f64) -> ConnectionLimits {
    ConnectionLimits {
        header_timeout: Duration::from_secs_f64(header),
        body_timeout: Duration::from_secs_f64(body),
        idle_timeout: Duration::from_secs_f64(idle),
        ..ConnectionLimits::default()
    }
}

/// A connection from `from` (another loopback address stands for another
/// machine: only a connection whose two ends have one address is this one's).
fn connect_from(app: &App, from: &str) -> TcpStream {
    let to = app.addr;
    let stream = app.rt.block_on(async {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind(SocketAddr::new(from.parse().unwrap(), 0)).unwrap();
        s.connect(to).await.unwrap().into_std().unwrap()
    });
    stream.set_nonblocking(false).unwrap();
    stream
}

/// How long an answer, or a refused connection's 503 and close, may take:
/// generous, as the wait ends at the close; a loaded test machine (two cores
/// building beside the tests) has taken over 3 s.
const REFUSAL_WITHIN: Duration = Duration::from_secs(20);

/// Reads until the server closes the connection: what it sent, and when
/// (None: still open after `within`).
fn until_closed(s: &mut TcpStream, within: Duration) -> (String, Option<Duration>) {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = within.saturating_sub(start.elapsed());
        if left.is_zero() {
            return (String::from_utf8_lossy(&got).into_owned(), None);
        }
        s.set_read_timeout(Some(left)).unwrap();
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return (String::from_utf8_lossy(&got).into_owned(), None);
            }
            // A reset closes it too.
            Err(_) => break,
        }
    }
    (
        String::from_utf8_lossy(&got).into_owned(),
        Some(start.elapsed()),
    )
}

/// Reads one answer with a `Content-Length` (the connection stays open).
fn read_answer(s: &mut TcpStream) -> String {
    s.set_read_timeout(Some(REFUSAL_WITHIN)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = s.read(&mut buf).expect("an answer");
        assert!(n > 0, "closed before the answer");
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let len: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap())
                })
                .expect("a content-length");
            if body.len() >= len {
                return text;
            }
        }
    }
}

/// Reads an answer's head, byte by byte (what follows stays unread).
fn read_head(s: &mut TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while !got.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut byte).expect("an answer's head");
        assert!(n > 0, "closed before the answer's head");
        got.push(byte[0]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

const ME: &[u8] = b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

#[test]
fn a_silent_socket_and_half_a_request_line_are_closed_after_the_header_timeout() {
    let app = server(short(1.0, 30.0, 30.0));
    let mut silent = connect_from(&app, "127.0.0.2");
    let mut half = connect_from(&app, "127.0.0.2");
    half.write_all(b"GET /api/me HT").unwrap();
    let opened = Instant::now();
    for s in [&mut silent, &mut half] {
        let (said, closed) = until_closed(s, Duration::from_secs(6));
        assert!(
            closed.is_some(),
            "still open 6 s after a 1 s header timeout"
        );
        let closed = opened.elapsed();
        assert!(
            closed >= Duration::from_millis(800),
            "closed too soon: {closed:?}"
        );
        assert!(!said.contains("200 OK"), "{said}");
    }
    // A head sent in time is answered.
    let mut ok = connect_from(&app, "127.0.0.2");
    ok.write_all(ME).unwrap();
    assert!(read_answer(&mut ok).starts_with("HTTP/1.1 200"));
}

#[test]
fn a_slow_header_trickle_is_closed_after_the_header_timeout() {
    let app = server(short(1.5, 30.0, 30.0));
    let mut s = connect_from(&app, "127.0.0.2");
    let start = Instant::now();
    // A byte every 300 ms: never idle, never done.
    let mut closed = false;
    for b in
        b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    {
        if s.write_all(&[*b]).is_err() {
            closed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(300));
        if start.elapsed() > Duration::from_secs(6) {
            break;
        }
    }
    let (_, at) = until_closed(&mut s, Duration::from_millis(500));
    assert!(
        closed || at.is_some(),
        "a trickled head is still read after 6 s"
    );
}

#[test]
fn half_a_body_is_closed_after_the_body_timeout() {
    let app = server(short(10.0, 1.0, 30.0));
    let mut s = connect_from(&app, "127.0.0.2");
    s.write_all(
        b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"username\": \"dir",
    )
    .unwrap();
    let (said, closed) = until_closed(&mut s, Duration::from_secs(6));
    let closed = closed.expect("still open 6 s after a 1 s body timeout");
    assert!(
        closed >= Duration::from_millis(800),
        "closed too soon: {closed:?}"
    );
    assert!(said.starts_with("HTTP/1.1 408"), "{said}");
    assert!(said.contains("did not arrive within 1 seconds"), "{said}");
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let app = server(short(1.0, 1.0, 2.5));
    let mut s = connect_from(&app, "127.0.0.2");
    s.write_all(ME).unwrap();
    assert!(read_answer(&mut s).starts_with("HTTP/1.1 200"));
    let (said, closed) = until_closed(&mut s, Duration::from_secs(8));
    let closed = closed.expect("an idle connection still open 8 s after a 2.5 s idle timeout");
    // The idle timeout, not the (shorter) header timeout, governs an idle spell.
    assert!(
        closed >= Duration::from_secs(2),
        "closed too soon: {closed:?}"
    );
    assert_eq!(said, "");
    // A connection that keeps asking stays open past the idle timeout.
    let mut busy = connect_from(&app, "127.0.0.2");
    for _ in 0..4 {
        busy.write_all(ME).unwrap();
        assert!(read_answer(&mut busy).starts_with("HTTP/1.1 200"));
        std::thread::sleep(Duration::from_millis(800));
    }
}

#[test]
fn half_a_head_after_an_idle_spell_is_closed_after_the_header_timeout() {
    let app = server(short(1.0, 30.0, 20.0));
    let mut s = connect_from(&app, "127.0.0.2");
    s.write_all(ME).unwrap();
    assert!(read_answer(&mut s).starts_with("HTTP/1.1 200"));
    std::thread::sleep(Duration::from_millis(700));
    s.write_all(b"GET /api/me HT").unwrap();
    // Within one and a half header timeouts, long before the idle timeout.
    let (_, closed) = until_closed(&mut s, Duration::from_secs(5));
    let closed = closed.expect("half a head still open 5 s after a 1 s header timeout");
    assert!(
        closed >= Duration::from_millis(800),
        "closed too soon: {closed:?}"
    );
}

/// A connection that has been answered once (so the server counts it), then held.
fn held(app: &App, from: &str) -> TcpStream {
    let mut s = connect_from(app, from);
    s.write_all(ME).unwrap();
    assert!(read_answer(&mut s).starts_with("HTTP/1.1 200"));
    s
}

fn assert_polite_503(said: &str, sentence: &str) {
    assert!(said.starts_with("HTTP/1.1 503"), "{said}");
    let lower = said.to_ascii_lowercase();
    assert!(lower.contains("\r\nretry-after: "), "{said}");
    assert!(lower.contains("\r\nconnection: close"), "{said}");
    assert!(said.contains(sentence), "{said}");
}

#[test]
fn too_many_connections_from_one_address_are_refused_politely() {
    let app = server(ConnectionLimits {
        per_address: 4,
        ..ConnectionLimits::default()
    });
    let four: Vec<TcpStream> = (0..4).map(|_| held(&app, "127.0.0.2")).collect();
    // Refused at the accept, before any request (a request sent after the
    // refusal had closed could reset the 503 away on a loaded machine).
    let mut fifth = connect_from(&app, "127.0.0.2");
    let (said, closed) = until_closed(&mut fifth, REFUSAL_WITHIN);
    assert!(closed.is_some(), "the refused connection is closed");
    assert_polite_503(&said, "Too many connections are open from your address.");
    // Another address, and this machine, are served.
    for from in ["127.0.0.3", "127.0.0.1"] {
        let mut s = connect_from(&app, from);
        s.write_all(ME).unwrap();
        assert!(read_answer(&mut s).starts_with("HTTP/1.1 200"), "{from}");
    }
    // Once they are closed, more may come: as soon as the server has seen
    // the closes (waited for, not slept on: a fixed 200 ms was short on a
    // loaded machine; issue 34.10).
    drop(four);
    let until = Instant::now() + REFUSAL_WITHIN;
    while !answered_200(&app, "127.0.0.2") {
        assert!(Instant::now() < until, "the closed connections still count");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether a request from `from` is answered 200 (false: refused, however
/// the refusal reached the client, a 503 or a reset).
fn answered_200(app: &App, from: &str) -> bool {
    let mut s = connect_from(app, from);
    let _ = s.write_all(ME);
    s.set_read_timeout(Some(REFUSAL_WITHIN)).unwrap();
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while !got.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => got.push(byte[0]),
            _ => return false,
        }
    }
    got.starts_with(b"HTTP/1.1 200")
}

#[test]
fn this_machine_keeps_room_when_the_connections_are_full() {
    // 8 connections: the last one kept for this machine.
    let app = server(ConnectionLimits {
        max_connections: Some(8),
        per_address: 4,
        ..ConnectionLimits::default()
    });
    let mut seven: Vec<TcpStream> = (0..4).map(|_| held(&app, "127.0.0.2")).collect();
    seven.extend((0..3).map(|_| held(&app, "127.0.0.3")));
    // The refusal is written at the accept, without waiting for a request.
    // The phone sends none (issue 34.10): a request that reached the server
    // after its refusal had closed (a quarter second of lingering, overrun
    // on a loaded machine) made the kernel reset the connection and drop
    // the 503 unread, so the test failed under load only.
    let mut phone = connect_from(&app, "127.0.0.4");
    let (said, closed) = until_closed(&mut phone, REFUSAL_WITHIN);
    assert!(closed.is_some(), "the refused connection is closed");
    assert_polite_503(&said, "The server is busy: too many connections are open.");
    let mut director = connect_from(&app, "127.0.0.1");
    director.write_all(ME).unwrap();
    assert!(read_answer(&mut director).starts_with("HTTP/1.1 200"));
}

#[test]
fn the_live_feed_refuses_subscribers_beyond_its_limit_and_keeps_the_rest_alive() {
    // 8 connections: at most 4 subscribers; a comment every half second.
    let app = server(ConnectionLimits {
        max_connections: Some(8),
        idle_timeout: Duration::from_secs(1),
        ..ConnectionLimits::default()
    });
    let id = tournament(&app, "standard", 4, 1);
    let follow = format!(
        "GET /api/tournaments/{id}/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 999999\r\n\r\n"
    );
    // Each has its answer's head: it is counted.
    let mut subscribers: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = connect_from(&app, "127.0.0.2");
            s.write_all(follow.as_bytes()).unwrap();
            let head = read_head(&mut s);
            assert!(head.starts_with("HTTP/1.1 200"), "{head}");
            s
        })
        .collect();
    let mut fifth = connect_from(&app, "127.0.0.3");
    fifth.write_all(follow.as_bytes()).unwrap();
    let (said, closed) = until_closed(&mut fifth, REFUSAL_WITHIN);
    assert!(
        closed.is_some(),
        "the refused subscriber's connection is closed"
    );
    assert_polite_503(&said, "too many pages are following live changes");
    // The page itself is still served.
    let mut page = connect_from(&app, "127.0.0.3");
    page.write_all(
        format!("GET /api/tournaments/{id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes(),
    )
    .unwrap();
    assert!(read_answer(&mut page).starts_with("HTTP/1.1 200"));
    // The others hear a comment while they wait, and stay open past the idle timeout.
    for s in &mut subscribers {
        let (said, closed) = until_closed(s, Duration::from_millis(1500));
        assert!(closed.is_none(), "a waiting subscriber was closed: {said}");
        assert!(said.contains(":\n\n"), "no keep-alive comment: {said}");
    }
}
