//! Issue 34.2: a spectator's socket needs no token and had no share of its
//! own: 806 `watch` sockets from two addresses held every connection and
//! every other address got 503s for 75 s. Spectators now hold a share per
//! address and in all, a socket that has not said its first message one
//! per address, and a seat with its token takes neither.

use crate::common::*;
use futures_util::{SinkExt, StreamExt};
use jongg_play::protocol::{ClientMessage, Numbered, ServerMessage};
use jongg_play::refusal::RefusalCode;
use jongg_server::SocketLimits;
use jongg_store::Backend;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A server behind a "proxy" on loopback: each socket says its address.
pub fn behind_proxy(configure: impl FnOnce(&mut jongg_server::Config)) -> App {
    App::start_bare_with(Backend::Sqlite, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        configure(c);
    })
}

/// A table of one person (east) and three bots: its id and east's token.
pub fn table(app: &App) -> (String, String) {
    let body = expect(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "seats":
                {"east": "person", "south": "easy", "west": "easy", "north": "easy"} }),
        ),
        201,
    );
    let token = body["seats"]["east"]["token"].as_str().unwrap().to_string();
    (body["id"].as_str().unwrap().to_string(), token)
}

/// Opens the table's socket from address `from`: the socket, or the
/// status the upgrade was answered with.
pub async fn connect(addr: SocketAddr, table: &str, from: &str) -> Result<Socket, u16> {
    let mut req = format!("ws://{addr}/api/play/tables/{table}/ws")
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("X-Forwarded-For", from.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("the socket did not open: {e}"),
    }
}

pub async fn say(ws: &mut Socket, m: ClientMessage) {
    ws.send(Message::text(m.write())).await.expect("sent");
}

/// The next message of the table, or the close code once it closed.
pub async fn next(ws: &mut Socket) -> Result<Numbered, Option<u16>> {
    // One deadline for the message, whatever pings come meanwhile.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let m = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("the server answers in time");
        match m {
            Some(Ok(Message::Text(t))) => return Ok(Numbered::read(t.as_str()).unwrap()),
            Some(Ok(Message::Close(f))) => return Err(f.map(|f| u16::from(f.code))),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return Err(None),
        }
    }
}

/// Watches `table` from `from`: the first message the table answers.
async fn watch(addr: SocketAddr, table: &str, from: &str) -> (Socket, Numbered) {
    let mut ws = connect(addr, table, from).await.expect("the upgrade");
    say(
        &mut ws,
        ClientMessage::Watch {
            table: table.into(),
        },
    )
    .await;
    let first = next(&mut ws).await.expect("an answer");
    (ws, first)
}

fn watching(m: &Numbered) -> bool {
    matches!(m.message, ServerMessage::Watching { .. })
}

fn busy(m: &Numbered) -> bool {
    matches!(
        m.message,
        ServerMessage::Refused {
            code: RefusalCode::SpectatorsBusy,
            ..
        }
    ) && m.n == 0
}

#[test]
fn spectators_beyond_their_share_are_refused_and_seats_still_get_in() {
    let app = behind_proxy(|c| {
        c.sockets = SocketLimits {
            spectators: Some(4),
            spectators_per_address: 2,
            pending_per_address: 64,
        };
    });
    let (id, token) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        let (a1, m) = watch(addr, &id, "10.0.0.1").await;
        assert!(watching(&m), "{m:?}");
        let (_a2, m) = watch(addr, &id, "10.0.0.1").await;
        assert!(watching(&m), "{m:?}");
        // A third from the same address is refused, and its socket closed.
        let (mut a3, m) = watch(addr, &id, "10.0.0.1").await;
        assert!(busy(&m), "{m:?}");
        assert_eq!(next(&mut a3).await.unwrap_err(), Some(1013));
        let (_b1, m) = watch(addr, &id, "10.0.0.2").await;
        assert!(watching(&m), "{m:?}");
        let (_b2, m) = watch(addr, &id, "10.0.0.2").await;
        assert!(watching(&m), "{m:?}");
        // The server's four are taken: a new address is refused too.
        let (_, m) = watch(addr, &id, "10.0.0.3").await;
        assert!(busy(&m), "{m:?}");
        // The seat gets in, from the spectators' own address.
        let mut seat = connect(addr, &id, "10.0.0.1").await.unwrap();
        say(
            &mut seat,
            ClientMessage::Hello {
                table: id.clone(),
                token,
                last_seen: None,
                take_over: false,
            },
        )
        .await;
        let m = next(&mut seat).await.unwrap();
        assert!(matches!(m.message, ServerMessage::Welcome { .. }), "{m:?}");
        // A spectator that leaves gives its place back.
        let mut a1 = a1;
        a1.close(None).await.unwrap();
        while a1.next().await.is_some() {}
        let mut tries = 0;
        loop {
            let (_c, m) = watch(addr, &id, "10.0.0.3").await;
            if watching(&m) {
                break;
            }
            tries += 1;
            assert!(tries < 100, "the place was never given back");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
}

#[test]
fn sockets_that_never_say_hello_are_bounded_per_address() {
    let app = behind_proxy(|c| {
        c.sockets = SocketLimits {
            pending_per_address: 3,
            ..SocketLimits::default()
        };
    });
    let (id, token) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        let mut silent = Vec::new();
        for _ in 0..3 {
            silent.push(
                connect(addr, &id, "10.0.0.7")
                    .await
                    .expect("within the share"),
            );
        }
        assert_eq!(connect(addr, &id, "10.0.0.7").await.err(), Some(503));
        // Another address is not held by this one: the seat gets in.
        let mut seat = connect(addr, &id, "10.0.0.8")
            .await
            .expect("another address");
        say(
            &mut seat,
            ClientMessage::Hello {
                table: id.clone(),
                token,
                last_seen: None,
                take_over: false,
            },
        )
        .await;
        let m = next(&mut seat).await.unwrap();
        assert!(matches!(m.message, ServerMessage::Welcome { .. }), "{m:?}");
        // Once one says its hello, its place is free again.
        say(&mut silent[0], ClientMessage::Watch { table: id.clone() }).await;
        assert!(watching(&next(&mut silent[0]).await.unwrap()));
        assert!(connect(addr, &id, "10.0.0.7").await.is_ok());
    });
}
