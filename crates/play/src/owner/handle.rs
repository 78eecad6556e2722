//! How the rest of the server reaches a table's owner: the handle, and a
//! seat's connection (its messages in, the table's numbered messages out).

use super::{Glance, TableStatus};
use crate::outbox::CONNECTION_BUFFER;
use crate::protocol::{ClientMessage, Numbered, Seen, Unreadable};
use crate::refusal::RefusalCode;
use jongg_tiles::Seat;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The seat (none for a spectator) and the connection's number, or the refusal.
pub(super) type Reply = oneshot::Sender<Result<(Option<Seat>, u64), Unreadable>>;

pub(super) enum Command {
    Connect {
        table: String,
        token: String,
        last_seen: Option<Seen>,
        take_over: bool,
        tx: mpsc::Sender<Arc<Numbered>>,
        reply: Reply,
    },
    /// A spectator's `watch`.
    Watch {
        table: String,
        tx: mpsc::Sender<Arc<Numbered>>,
        reply: Reply,
    },
    /// From a seat, or (`None`) a spectator.
    Message {
        seat: Option<Seat>,
        conn: u64,
        message: Result<ClientMessage, Unreadable>,
    },
    Disconnect {
        seat: Option<Seat>,
        conn: u64,
    },
    Lag {
        seat: Option<Seat>,
        rtt: Duration,
    },
    Start,
    /// Time is called (R7): the game ends where it stands.
    CallTime(oneshot::Sender<Result<(), String>>),
    Status(oneshot::Sender<Result<TableStatus, String>>),
    Glance(oneshot::Sender<Glance>),
    /// Ends the owner; answered once it has stopped.
    Stop(oneshot::Sender<()>),
}

/// How the rest of the server reaches a table's owner. Cheap to clone; the
/// owner ends when the last handle and connection are gone.
#[derive(Clone, Debug)]
pub struct TableHandle {
    pub(super) tx: mpsc::Sender<Command>,
}

fn gone() -> String {
    "the table's owner has stopped".into()
}

impl TableHandle {
    /// A seat connects with its hello, or a spectator with its watch (as
    /// sent). A refusal is the message to send before closing (numbered 0).
    pub async fn connect(&self, hello: &str) -> Result<Connection, Numbered> {
        let refuse = |u: Unreadable| Numbered::unseated(u.code, u.words);
        let (tx, messages) = mpsc::channel(CONNECTION_BUFFER);
        let (reply, answer) = oneshot::channel();
        let command = match ClientMessage::read(hello).map_err(refuse)? {
            ClientMessage::Hello {
                table,
                token,
                last_seen,
                take_over,
            } => Command::Connect {
                table,
                token,
                last_seen,
                take_over,
                tx,
                reply,
            },
            ClientMessage::Watch { table } => Command::Watch { table, tx, reply },
            _ => {
                return Err(Numbered::unseated(
                    RefusalCode::BadMessage,
                    "the first message is a hello (or a spectator's watch)".into(),
                ));
            }
        };
        let stopped = || Numbered::unseated(RefusalCode::NotSaved, gone());
        self.tx.send(command).await.map_err(|_| stopped())?;
        let (seat, conn) = answer.await.map_err(|_| stopped())?.map_err(refuse)?;
        Ok(Connection {
            seat,
            conn,
            messages,
            tx: self.tx.clone(),
        })
    }

    /// Deal now, without waiting for the seats' contributions.
    pub async fn start(&self) -> Result<(), String> {
        self.tx.send(Command::Start).await.map_err(|_| gone())
    }

    /// Time is called (R7, the round's clock ran out): the game ends where
    /// it stands, stored and then told to every seat as any end is.
    /// Refused (with why) before the deal and after the end.
    pub async fn call_time(&self) -> Result<(), String> {
        self.ask(Command::CallTime).await?
    }

    /// Ends the owner after the command under way (the server stops):
    /// everything acknowledged is in its log, and a new owner resumes from
    /// it. Returns once it has stopped; its seats' connections then end.
    pub async fn stop(&self) {
        let (reply, answer) = oneshot::channel();
        if self.tx.send(Command::Stop(reply)).await.is_ok() {
            let _ = answer.await;
        }
    }

    /// Everything the owner holds, the game's events read back from its log.
    pub async fn status(&self) -> Result<TableStatus, String> {
        self.ask(Command::Status).await?
    }

    /// Whether the game has been dealt and how it ended: cheap (no log read).
    pub async fn glance(&self) -> Result<Glance, String> {
        self.ask(Command::Glance).await
    }

    /// Sends the command `make` builds around a reply channel and waits for
    /// the owner's answer.
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, String> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(make(reply)).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())
    }
}

/// One seat's connection, or a spectator's: its messages in, the table's out.
#[derive(Debug)]
pub struct Connection {
    /// The seat; `None`: a spectator.
    pub seat: Option<Seat>,
    conn: u64,
    /// The numbered messages to send to the client, in order.
    pub messages: mpsc::Receiver<Arc<Numbered>>,
    tx: mpsc::Sender<Command>,
}

impl Connection {
    /// A message from the client, as received (read here, refused by
    /// number when unreadable).
    pub async fn send_text(&self, text: &str) -> Result<(), String> {
        self.command(ClientMessage::read(text)).await
    }

    pub async fn send(&self, message: ClientMessage) -> Result<(), String> {
        self.command(Ok(message)).await
    }

    async fn command(&self, message: Result<ClientMessage, Unreadable>) -> Result<(), String> {
        let c = Command::Message {
            seat: self.seat,
            conn: self.conn,
            message,
        };
        self.tx.send(c).await.map_err(|_| gone())
    }

    /// The round trip the server measured on this connection: half of it
    /// is not charged to the player's clock.
    pub async fn lag(&self, rtt: Duration) -> Result<(), String> {
        let c = Command::Lag {
            seat: self.seat,
            rtt,
        };
        self.tx.send(c).await.map_err(|_| gone())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        let _ = self.tx.try_send(Command::Disconnect {
            seat: self.seat,
            conn: self.conn,
        });
    }
}
