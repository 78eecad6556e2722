//! Issue 34.7: nothing paced a socket's messages or the coach's reviews;
//! one connection sending acts or pings kept 1.45 of 2 cores busy. Now
//! each socket and each address has a pace (a bucket of messages that
//! refills); beyond it a message is not read, the first of a run is
//! answered `too_fast`, and a socket refused 100 times in a row is closed.
//! The coach's reviews are paced per address (429 with `Retry-After`).
//!
//! The buckets here barely refill (one message in 1,000 s), so what passes
//! is counted, not timed.

use super::socket_shares::{behind_proxy, connect, next, say, table};
use jongg_play::protocol::{ClientMessage, ServerMessage};
use jongg_play::refusal::RefusalCode;
use jongg_server::{PaceLimits, Rate};

const SLOW: f64 = 0.001;

fn rate(burst: f64) -> Rate {
    Rate {
        burst,
        per_second: SLOW,
    }
}

/// Sends `count` pings from a spectator's socket at `from`, then one more
/// message after the server has read them (none: the socket is closed
/// first): the pongs, the `too_fast` refusals and the close code.
async fn flood(
    addr: std::net::SocketAddr,
    id: &str,
    from: &str,
    count: u64,
) -> (usize, usize, Option<u16>) {
    let mut ws = connect(addr, id, from).await.unwrap();
    say(&mut ws, ClientMessage::Watch { table: id.into() }).await;
    for i in 0..count {
        say(&mut ws, ClientMessage::Ping { id: i }).await;
    }
    let (mut pongs, mut refused) = (0, 0);
    loop {
        match next(&mut ws).await {
            Ok(m) => match m.message {
                ServerMessage::Pong { id } => {
                    pongs += 1;
                    if id + 1 == count {
                        return (pongs, refused, None);
                    }
                }
                ServerMessage::Refused {
                    code: RefusalCode::TooFast,
                    ..
                } => {
                    assert_eq!(m.n, 0, "a socket's refusal is numbered 0");
                    refused += 1;
                }
                _ => {}
            },
            Err(code) => return (pongs, refused, code),
        }
    }
}

#[test]
fn a_flood_of_messages_on_one_socket_is_refused_too_fast_then_closed() {
    let app = behind_proxy(|c| {
        c.pace = PaceLimits {
            socket: rate(10.0),
            address: rate(1e9),
            ..PaceLimits::default()
        };
    });
    let (id, _) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        // Ten pings are read (a pong each, unless the close comes first),
        // the next hundred are not: one `too_fast`, then the close.
        let (pongs, refused, closed) = flood(addr, &id, "10.0.0.1", 110).await;
        assert!(pongs <= 10, "{pongs} pongs");
        assert_eq!((refused, closed), (1, Some(1008)));
        // Another socket has its own pace.
        assert_eq!(flood(addr, &id, "10.0.0.1", 10).await, (10, 0, None));
    });
}

#[test]
fn sockets_of_one_address_share_its_pace_and_others_keep_theirs() {
    let app = behind_proxy(|c| {
        c.pace = PaceLimits {
            socket: rate(1e9),
            address: rate(20.0),
            ..PaceLimits::default()
        };
    });
    let (id, _) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        // 1 watch + 9 pings, twice: the address's twenty.
        assert_eq!(flood(addr, &id, "10.0.0.1", 9).await, (9, 0, None));
        assert_eq!(flood(addr, &id, "10.0.0.1", 9).await, (9, 0, None));
        // A third socket from it is refused at its watch, and closed.
        let mut ws = connect(addr, &id, "10.0.0.1").await.unwrap();
        say(&mut ws, ClientMessage::Watch { table: id.clone() }).await;
        let m = next(&mut ws).await.unwrap();
        assert!(
            matches!(
                m.message,
                ServerMessage::Refused {
                    code: RefusalCode::TooFast,
                    ..
                }
            ),
            "{m:?}"
        );
        assert_eq!(next(&mut ws).await.unwrap_err(), Some(1013));
        // Another address is not held by this one.
        assert_eq!(flood(addr, &id, "10.0.0.2", 9).await, (9, 0, None));
    });
}

#[test]
fn coach_reviews_beyond_the_pace_of_an_address_get_429_with_retry_after() {
    let app = behind_proxy(|c| {
        c.pace = PaceLimits {
            reviews: rate(3.0),
            ..PaceLimits::default()
        };
    });
    let path = "/play/0123456789abcdef/replay?seat=east";
    let ask = |from: &str| {
        app.public()
            .request_with("GET", path, &[("X-Forwarded-For", from)], None)
            .unwrap()
    };
    // No such table: the pace is charged before any work all the same.
    for _ in 0..3 {
        assert_eq!(ask("10.0.0.1").status, 404);
    }
    let r = ask("10.0.0.1");
    assert_eq!(r.status, 429, "{}", r.text());
    let secs: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!(secs >= 1);
    assert!(r.text().contains("too often"), "{}", r.text());
    // Another address, and the replay without the coach, are not held.
    assert_eq!(ask("10.0.0.2").status, 404);
    let r = app
        .public()
        .request_with(
            "GET",
            "/play/0123456789abcdef/replay",
            &[("X-Forwarded-For", "10.0.0.1")],
            None,
        )
        .unwrap();
    assert_eq!(r.status, 404);
}
