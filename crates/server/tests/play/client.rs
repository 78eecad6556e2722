//! A seat's client over a real WebSocket, as an outside program would be:
//! it folds the events it is sent into its own state (other seats' tiles
//! unknown) and, when the table waits for it, lets a bot choose from its
//! seat's view, or plays as the test says.

use futures_util::{SinkExt, StreamExt};
use jongg_card::Card;
use jongg_game::bot::{Bot, GreedyBot, RandomBot};
use jongg_game::{Action, CardJudge, Event, Game, Phase, State, Step};
use jongg_play::owner::safe_default;
use jongg_play::protocol::{ClientMessage, Numbered, Seen, ServerMessage};
use jongg_play::wall::Contribution;
use jongg_tiles::{Seat, Tile, full_set};
use std::net::SocketAddr;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

pub static CARD: LazyLock<Card> = LazyLock::new(Card::practice);
pub static JUDGE: LazyLock<CardJudge<'static>> = LazyLock::new(|| CardJudge::new(&CARD));

/// How long a test waits for the table's next message.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a seat's socket and says hello, taking the seat over.
pub async fn open_socket(
    addr: SocketAddr,
    table: &str,
    token: &str,
    last_seen: Option<Seen>,
) -> Socket {
    let url = format!("ws://{addr}/api/play/tables/{table}/ws");
    let (mut ws, _) = connect_async(url).await.expect("the WebSocket opens");
    let hello = ClientMessage::Hello {
        table: table.into(),
        token: token.into(),
        last_seen,
        // These sockets reconnect, or come back, as a page that played the
        // seat does: before the table may have noticed the old one close
        // (docs/play-protocol.md); a second device is asked first.
        take_over: true,
    };
    ws.send(Message::text(hello.write()))
        .await
        .expect("hello sent");
    ws
}

/// Opens a spectator's socket and says `watch` (no token).
pub async fn open_watch(addr: SocketAddr, table: &str) -> Socket {
    let url = format!("ws://{addr}/api/play/tables/{table}/ws");
    let (mut ws, _) = connect_async(url).await.expect("the WebSocket opens");
    let watch = ClientMessage::Watch {
        table: table.into(),
    };
    ws.send(Message::text(watch.write()))
        .await
        .expect("watch sent");
    ws
}

/// A spectator's messages until the game's reveal (or the socket's end).
pub async fn watch_to_the_end(mut ws: Socket) -> Vec<Numbered> {
    let mut got = vec![];
    while let Some(m) = next_message(&mut ws).await {
        let end = matches!(m.message, ServerMessage::Reveal { .. });
        got.push(m);
        if end {
            break;
        }
    }
    got
}

/// The next message of the table, or `None` once the socket has closed.
pub async fn next_message(ws: &mut Socket) -> Option<Numbered> {
    loop {
        let m = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("the table answers in time")?;
        match m {
            Ok(Message::Text(t)) => {
                return Some(Numbered::read(t.as_str()).unwrap_or_else(|e| panic!("{e}: {t}")));
            }
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => continue,
        }
    }
}

/// One seat's client.
pub struct SeatClient {
    pub seat: Option<Seat>,
    pub ws: Socket,
    /// Every message received, as sent (the hidden-information check reads them).
    pub got: Vec<Numbered>,
    pub run: u32,
    pub state: State,
    /// The last event's number.
    pub at: u64,
    pub last_discard: Option<u64>,
    /// Every discard's number, in order.
    pub discards: Vec<u64>,
    pub last_pick: Option<Tile>,
    /// A move sent whose answer (an event of this seat, or a refusal) has
    /// not come yet: no other move is sent meanwhile.
    pending: bool,
    bot: Option<Box<dyn Bot + Send>>,
    /// The server may die under this client (a kill test): a message that
    /// cannot be sent is dropped, and the next read finds the socket closed.
    pub may_lose_server: bool,
}

impl SeatClient {
    pub async fn connect(addr: SocketAddr, table: &str, token: &str) -> SeatClient {
        SeatClient::with_socket(open_socket(addr, table, token, None).await)
    }

    pub fn with_socket(ws: Socket) -> SeatClient {
        SeatClient {
            seat: None,
            ws,
            got: vec![],
            run: 0,
            state: State::default(),
            at: 0,
            last_discard: None,
            discards: vec![],
            last_pick: None,
            pending: false,
            bot: None,
            may_lose_server: false,
        }
    }

    /// A bot chooses this seat's moves: greedy, or random (the rare moves too).
    pub fn with_bot(mut self, greedy: bool, seed: u64) -> SeatClient {
        self.bot = Some(if greedy {
            Box::new(GreedyBot::new(&CARD, seed))
        } else {
            Box::new(RandomBot::new(seed))
        });
        self
    }

    pub fn last_seen(&self) -> Seen {
        Seen {
            run: self.run,
            n: self.got.last().map_or(0, |m| m.n),
        }
    }

    pub async fn send(&mut self, m: ClientMessage) {
        let sent = self.ws.send(Message::text(m.write())).await;
        if let Err(e) = sent {
            assert!(self.may_lose_server, "the message is sent: {e}");
        }
    }

    pub async fn act(&mut self, answers: u64, action: Action) {
        self.pending = true;
        self.send(ClientMessage::Act { answers, action }).await;
    }

    pub async fn contribute(&mut self, bytes: &[u8]) {
        let bytes = Contribution::new(bytes.to_vec()).expect("a contribution");
        self.send(ClientMessage::Contribute { bytes }).await;
    }

    /// Reads one message and folds it; `None` once the socket has closed.
    pub async fn read(&mut self) -> Option<Numbered> {
        let m = next_message(&mut self.ws).await?;
        self.fold(&m);
        self.got.push(m.clone());
        Some(m)
    }

    /// Folds a message into this seat's state (what [`SeatClient::read`]
    /// does with each; a kill test folds the events a new run's view
    /// skipped over, read from the store).
    pub fn fold(&mut self, m: &Numbered) {
        match &m.message {
            ServerMessage::Welcome { seat, run, .. } => {
                self.seat = Some(*seat);
                self.run = *run;
                // A new connection: a move sent on the last one was
                // answered there or lost with it.
                self.pending = false;
            }
            ServerMessage::Event { at, event } => {
                let event = match event {
                    // The wall is never sent: its length is the tile set's.
                    Event::Began {
                        seed, table, dice, ..
                    } => Event::Began {
                        seed: *seed,
                        table: table.clone(),
                        dice: *dice,
                        wall: Some(full_set()),
                    },
                    e => e.clone(),
                };
                self.state.apply(&event);
                self.at = *at;
                // This seat's move (`seat`, or `by` for a stop or a dead call).
                let me = self.seat.map(|s| s.name());
                let mine = serde_json::to_value(&event).is_ok_and(|v| {
                    ["seat", "by"]
                        .iter()
                        .any(|k| v[k].as_str().is_some() && v[k].as_str() == me)
                });
                if mine {
                    self.pending = false;
                }
                match &event {
                    Event::Discarded { .. } => {
                        self.last_discard = Some(*at);
                        self.discards.push(*at);
                    }
                    Event::Picked {
                        seat,
                        tile: Some(t),
                    } if Some(*seat) == self.seat => {
                        self.last_pick = Some(*t);
                    }
                    _ => {}
                }
            }
            ServerMessage::Refused { .. } => self.pending = false,
            _ => {}
        }
    }

    /// Whether a move was sent whose answer has not come yet.
    pub fn waiting(&self) -> bool {
        self.pending
    }

    /// Whether the table waits for this seat's move (not a pick: the table picks).
    pub fn my_move(&self) -> bool {
        let Some(seat) = self.seat else { return false };
        self.state.awaiting(seat)
            && !matches!(self.state.phase(), Phase::Play(Step::Pick(_)) | Phase::Over)
            && !self.waiting()
    }

    /// What an action answers: a call, its discard; any other, the last event.
    pub fn answers(&self, action: &Action) -> u64 {
        match action {
            Action::Claim { .. } | Action::Decline | Action::Withdraw => {
                self.last_discard.unwrap_or(self.at)
            }
            _ => self.at,
        }
    }

    /// The bot's move for this seat now.
    pub fn bot_move(&mut self) -> Option<Action> {
        let seat = self.seat?;
        let game = Game::resume(self.state.clone(), &*JUDGE);
        let view = game.view(seat);
        Some(self.bot.as_mut()?.act(&view, &*JUDGE))
    }

    /// The safe default for this seat now.
    pub fn default_move(&self) -> Option<Action> {
        let game = Game::resume(self.state.clone(), &*JUDGE);
        safe_default(&game.view(self.seat?), self.last_pick)
    }

    /// Moves if it is this seat's move (its bot's, or the safe default
    /// after a refusal).
    pub async fn play_if_my_move(&mut self, refused: bool) {
        if !self.my_move() {
            return;
        }
        let action = if refused {
            self.default_move()
        } else {
            self.bot_move()
        };
        if let Some(action) = action {
            let answers = self.answers(&action);
            self.act(answers, action).await;
        }
    }

    /// Plays with its bot until the game ends (the reveal) or `stop` says
    /// so, looked at before each move.
    pub async fn play_until(&mut self, mut stop: impl FnMut(&SeatClient) -> bool) {
        let mut refused = false;
        loop {
            if stop(self) {
                return;
            }
            self.play_if_my_move(refused).await;
            let Some(m) = self.read().await else { return };
            if matches!(m.message, ServerMessage::Reveal { .. }) {
                return;
            }
            refused = matches!(m.message, ServerMessage::Refused { .. });
        }
    }

    pub fn ended(&self) -> bool {
        self.got
            .iter()
            .any(|m| matches!(m.message, ServerMessage::Reveal { .. }))
    }

    pub fn refusals(&self) -> Vec<(String, Option<u64>)> {
        self.got
            .iter()
            .filter_map(|m| match &m.message {
                ServerMessage::Refused { code, answers, .. } => Some((
                    serde_json::to_value(code).ok()?.as_str()?.to_string(),
                    *answers,
                )),
                _ => None,
            })
            .collect()
    }
}
