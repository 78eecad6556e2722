//! A seat's WebSocket (issue 23.3): the hello given to the table's owner,
//! then both ways pumped. The client is pinged every [`PING_EVERY`]; the
//! measured round trip goes to the owner (half of it is not charged to the
//! player's clock), and a client that answers no ping for [`DEAD_AFTER`]
//! is gone. Buffers are bounded: the owner cuts a connection 1,024 messages
//! behind, and a client that does not take a message within
//! [`SEND_TIMEOUT`] is cut here; it reconnects and catches up.
//!
//! Issue 34: a spectator (a `watch`, no token) holds a slot of the
//! spectators' share, per address and in all (`state/sockets.rs`), or is
//! refused `spectators_busy`; every message a client sends is paced, per
//! socket and per address (`state/pace.rs`): beyond the pace it is not
//! passed on, the first of a run is answered `too_fast`, and a socket
//! refused [`Pace::CLOSE_AFTER`] times in a row is closed.

use crate::state::AppState;
use crate::state::pace::{Pace, SocketPace};
use crate::state::sockets::Slot;
use crate::state::tables::Mounted;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use jongg_play::Connection;
use jongg_play::protocol::{ClientMessage, Numbered};
use jongg_play::refusal::RefusalCode;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, MissedTickBehavior};

/// The first message, the hello, must come within this.
pub(crate) const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How often the client is pinged.
pub(crate) const PING_EVERY: Duration = Duration::from_secs(5);
/// A client that answers no ping for this long is gone.
pub(crate) const DEAD_AFTER: Duration = Duration::from_secs(30);
/// A message the client does not take within this cuts it off.
pub(crate) const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest message a client may send (a move is a few hundred bytes).
pub(crate) const MAX_MESSAGE: usize = 16 * 1024;

/// The socket's own bounds. The read buffer is 4 KB, not the library's
/// 128 KB (filled with zeros at each read, so resident): a client's
/// messages are small, and four sockets a table made most of a live
/// table's memory (`benches/play_load.rs`, BENCHMARKS.md). 1 KB saved 12 KB
/// a table more but did worse past 1,000 tables (BENCHMARKS.md).
pub(crate) fn limits(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .read_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .write_buffer_size(16 * 1024)
        .max_write_buffer_size(256 * 1024)
}

/// Sends one message, or fails when the client does not take it in time.
async fn send(ws: &mut WebSocket, message: Message) -> Result<(), ()> {
    match tokio::time::timeout(SEND_TIMEOUT, ws.send(message)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}

async fn close(mut ws: WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = send(&mut ws, Message::Close(Some(frame))).await;
}

/// The first text: the hello, or why the socket closes instead.
async fn first_text(ws: &mut WebSocket) -> Result<String, (u16, &'static str)> {
    const NO_HELLO: (u16, &str) = (1008, "the first message is a hello");
    let read = async {
        loop {
            match ws.recv().await {
                Some(Ok(Message::Text(t))) => return Ok(t.to_string()),
                Some(Ok(Message::Binary(b))) => {
                    return Ok(String::from_utf8_lossy(&b).into_owned());
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Err(e)) if too_big(&e) => return Err(TOO_BIG),
                Some(Ok(Message::Close(_)) | Err(_)) | None => return Err(NO_HELLO),
            }
        }
    };
    tokio::time::timeout(HELLO_TIMEOUT, read)
        .await
        .unwrap_or(Err(NO_HELLO))
}

/// The close of a message past [`MAX_MESSAGE`]: 1009, "message too big"
/// (RFC 6455 7.4.1), not a normal close (issue 34.8).
const TOO_BIG: (u16, &str) = (1009, "a message is at most 16 KB");

/// Whether a read failed on a message or frame past the bounds of
/// [`limits`] (the WebSocket library's "space limit exceeded").
fn too_big(e: &axum::Error) -> bool {
    let mut cause: Option<&dyn std::error::Error> = Some(e);
    while let Some(c) = cause {
        if c.to_string().contains("Space limit exceeded") {
            return true;
        }
        cause = c.source();
    }
    false
}

/// Where a socket comes from: the server's state, the client's address,
/// and its place in the address's share of sockets yet to say hello.
pub(crate) struct Peer {
    pub app: Arc<AppState>,
    pub client: IpAddr,
    pub pending: Slot,
}

/// One seat's (or spectator's) socket, from the upgrade to its end.
pub(crate) async fn pump(
    mut ws: WebSocket,
    table: Arc<Mounted>,
    stopping: watch::Receiver<bool>,
    from: Peer,
) {
    let Peer {
        app,
        client,
        pending,
    } = from;
    let hello = first_text(&mut ws).await;
    drop(pending);
    let hello = match hello {
        Ok(hello) => hello,
        Err((code, reason)) => return close(ws, code, reason).await,
    };
    // The first message is paced by the address too: reconnecting does
    // not get round the pace (issue 34.7).
    if app.pace.addresses.take(client).is_err() {
        let _ = send(&mut ws, text(&too_fast())).await;
        return close(
            ws,
            1013,
            "too many messages from this address: try again later",
        )
        .await;
    }
    // A spectator takes a slot of its share for as long as it watches.
    let _spectator = match ClientMessage::read(&hello) {
        Ok(ClientMessage::Watch { .. }) => match app.sockets.spectator(client) {
            Ok(slot) => Some(slot),
            Err(words) => {
                let refusal = Numbered::unseated(RefusalCode::SpectatorsBusy, words.into());
                let _ = send(&mut ws, text(&refusal)).await;
                return close(ws, 1013, "too many spectators: try again later").await;
            }
        },
        _ => None,
    };
    let conn = match table.hello(&hello).await {
        Ok(conn) => conn,
        Err(refusal) => {
            // The refusal, numbered 0, then the socket closes.
            let _ = send(&mut ws, Message::Text(refusal.to_text().into())).await;
            return close(ws, 1008, "refused").await;
        }
    };
    drop(table);
    let pace = SocketPace::new(&app.pace, client);
    let reason = serve(&mut ws, conn, stopping, pace).await;
    close(ws, reason.0, reason.1).await;
}

/// Pumps until either side ends; says why, as a close frame.
async fn serve(
    ws: &mut WebSocket,
    mut conn: Connection,
    mut stopping: watch::Receiver<bool>,
    mut pace: SocketPace<'_>,
) -> (u16, &'static str) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut pings: u64 = 0;
    let mut sent: Option<(u64, Instant)> = None;
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            () = stopped(&mut stopping) => return (1012, "the server is restarting: connect again"),
            m = conn.messages.recv() => match m {
                Some(m) => {
                    if send(ws, text(&m)).await.is_err() {
                        return (1008, "too slow to read the table's messages");
                    }
                }
                // The owner cut this connection (too slow, or a newer one
                // took the seat), or has stopped.
                None => return (1000, "the table closed this connection: connect again"),
            },
            incoming = ws.recv() => {
                heard = Instant::now();
                // Every message is paced but a close and the pong that
                // answers this side's own ping (a client's library sends
                // it by itself).
                let answer = |p: &[u8]| sent.is_some_and(|(id, _)| p == id.to_be_bytes());
                let paced = match &incoming {
                    Some(Ok(Message::Close(_))) => false,
                    Some(Ok(Message::Pong(p))) => !answer(p),
                    Some(Ok(_)) => true,
                    _ => false,
                };
                if paced && !pace.take() {
                    if pace.refused_in_a_row >= Pace::CLOSE_AFTER {
                        return (1008, "too many messages too fast");
                    }
                    if pace.refused_in_a_row == 1 && send(ws, text(&too_fast())).await.is_err() {
                        return (1008, "too slow to read the table's messages");
                    }
                    continue;
                }
                match incoming {
                    Some(Ok(Message::Text(t))) => {
                        if conn.send_text(t.as_str()).await.is_err() {
                            return (1011, "the table has stopped");
                        }
                    }
                    Some(Ok(Message::Binary(b))) => {
                        if conn.send_text(&String::from_utf8_lossy(&b)).await.is_err() {
                            return (1011, "the table has stopped");
                        }
                    }
                    Some(Ok(Message::Pong(p))) => {
                        if let Some((id, at)) = sent
                            && p.as_ref() == id.to_be_bytes()
                        {
                            let _ = conn.lag(at.elapsed()).await;
                            sent = None;
                        }
                    }
                    Some(Ok(Message::Ping(_))) => {}
                    Some(Err(e)) if too_big(&e) => return TOO_BIG,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return (1000, "goodbye"),
                }
            },
            _ = ping.tick() => {
                if heard.elapsed() > DEAD_AFTER {
                    return (1001, "no answer to pings");
                }
                pings += 1;
                sent = Some((pings, Instant::now()));
                let payload = pings.to_be_bytes().to_vec();
                if send(ws, Message::Ping(payload.into())).await.is_err() {
                    return (1008, "too slow to read the table's messages");
                }
            }
        }
    }
}

/// Returns once the server stops.
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` gives is dropped here, not held across awaits.
    let _ = stopping.wait_for(|s| *s).await.map(|_| ());
}

/// The refusal of a message sent beyond the pace (numbered 0: the
/// table never saw it).
fn too_fast() -> Numbered {
    Numbered::unseated(
        RefusalCode::TooFast,
        "messages sent faster than the server reads them: this one and those \
         after it until the pace allows were not read; slow down"
            .into(),
    )
}

fn text(m: &Numbered) -> Message {
    Message::Text(m.to_text().into())
}
