//! A live table's owner (issue 23.2): one tokio task per table holds the
//! engine's state and is the table's only writer. It takes the seats'
//! messages, appends the events to the table's log and only then tells each
//! seat what it may see; it runs the calling window and the clocks, and
//! bots for seats that are gone. Everything else talks to it through a
//! [`TableHandle`] (the server's WebSockets, a director's page), so the
//! owner could later run in another process.

mod clocks;
mod defaults;
mod handle;
mod play;
mod watch;

pub use defaults::safe_default;
use handle::Command;
pub use handle::{Connection, TableHandle};

use crate::chat::Pace;
use crate::outbox::Outbox;
use crate::protocol::{ClientMessage, Numbered, Seen, ServerMessage, Unreadable};
use crate::public::Presence;
use crate::refusal::RefusalCode;
use crate::settings::TableSettings;
use crate::table_log::{LogRecord, TableLog, replay};
use crate::wall::{Contribution, ServerSeed};
use jongg_game::bot::{Bot, Strength};
use jongg_game::{Event, Judge, Outcome, State, Table};
use jongg_tiles::{BySeat, Seat, Tile};
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The judge of a table (the event's card), shared with the server.
pub type SharedJudge = Arc<dyn Judge + Send + Sync>;
/// Which bot a table asks its [`BotMaker`] for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotFor {
    /// A seat no person holds: the seat's own bot, as the table was set up.
    Seat,
    /// A person's seat while its player is gone: a bot of the table's
    /// `stand_in` strength ([`TableSettings::stand_in`]).
    StandIn(Strength),
}

/// Makes the bot that plays a seat: its own, or a stand-in for a player
/// who is gone.
pub type BotMaker = Arc<dyn Fn(Seat, BotFor) -> Box<dyn Bot + Send> + Send + Sync>;

/// A new table.
#[derive(Clone, Debug)]
pub struct TableSetup {
    pub id: String,
    pub table: Table,
    pub settings: TableSettings,
    /// Each seat's secret token; `None`: a bot plays the seat from the start.
    pub tokens: BySeat<Option<String>>,
    pub secret: ServerSeed,
    /// A practice table set up from this position (docs/positions.md)
    /// instead of a drawn wall; its table must be the position's.
    pub position: Option<String>,
}

/// The card and the bots a table plays with.
#[derive(Clone)]
pub struct Players {
    pub judge: SharedJudge,
    pub bots: BotMaker,
}

impl fmt::Debug for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Players")
    }
}

/// The table as its owner holds it, for the server and tests: never sent to
/// a seat (it holds every rack and the wall).
#[derive(Clone, Debug)]
pub struct TableStatus {
    pub run: u32,
    /// The game's events, read back from the table's log (the owner keeps
    /// only the state they fold to: a live table's memory, BENCHMARKS.md).
    pub events: Vec<Event>,
    pub state: Option<State>,
    pub bots: BySeat<bool>,
    pub connected: BySeat<bool>,
    pub reserve: BySeat<Duration>,
    pub timeouts: BySeat<u32>,
    /// Each seat's kept messages (its outbox's replay buffer).
    pub kept: BySeat<Vec<Numbered>>,
}

/// Whether a table's game has been dealt and how it ended, from the owner's
/// state without reading its log ([`TableHandle::glance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glance {
    pub dealt: bool,
    /// How the game ended; `None` while it is played (or not dealt).
    pub outcome: Option<Outcome>,
}

impl Glance {
    pub fn over(&self) -> bool {
        self.outcome.is_some()
    }
}

/// A seat as the owner sees it.
struct SeatState {
    human: bool,
    conn: Option<u64>,
    gone_since: Option<Instant>,
    bot: Option<Box<dyn Bot + Send>>,
    timeouts: u32,
    reserve: Duration,
    /// When its clock started, while it is awaited.
    started: Option<Instant>,
    /// Half the measured round trip, not charged to it.
    lag: Duration,
    /// Its connection's chat lines, for the rate limit.
    pace: Pace,
}

struct WindowClock {
    /// The discard's event number.
    at: u64,
    deadline: Instant,
    expired: bool,
}

struct Owner<L> {
    id: String,
    tokens: BySeat<Option<String>>,
    settings: TableSettings,
    table: Table,
    secret: ServerSeed,
    /// The position the table is set up from (no fair wall, no contributions).
    position: Option<String>,
    contributions: BySeat<Option<Contribution>>,
    start: bool,
    state: Option<State>,
    /// The number of the game's last event (the events are in the log).
    at: u64,
    /// The number of the last discard.
    last_discard: Option<u64>,
    /// The number of the discard a claim may take (the engine's open
    /// discard: the last one, or under `beth-emeth` the natural before a
    /// discarded joker); a calling window is on it.
    open_discard: Option<u64>,
    /// The answers (and withdrawals) of the open calling window, each with
    /// the seat told it already (the one that gave it, while the window
    /// stayed open): everyone else is told them when the window closes (a
    /// pass is silent at a real table).
    held: Vec<(u64, Event, Option<Seat>)>,
    last_pick: BySeat<Option<Tile>>,
    window: Option<WindowClock>,
    /// When the bot whose move is due may make it (`bot_delay_ms`).
    bot_at: Option<Instant>,
    seats: BySeat<SeatState>,
    outboxes: BySeat<Outbox>,
    log: L,
    players: Players,
    run: u32,
    next_conn: u64,
    /// Each spectator's connection and its outbox.
    watchers: BTreeMap<u64, Outbox>,
    /// The last chat lines, for a connection that gets the whole view.
    chat: VecDeque<(Seat, String)>,
    /// The presence last told to everyone.
    presence: Option<(BySeat<Presence>, usize)>,
}

/// Opens a new table: its opening is stored before anyone is told.
pub async fn open<L: TableLog>(
    setup: TableSetup,
    mut log: L,
    players: Players,
) -> Result<TableHandle, String> {
    setup.settings.check()?;
    setup.table.check()?;
    if let Some(text) = &setup.position {
        let set = crate::position::set_out(text)?;
        if set.state.table() != &setup.table {
            return Err(format!(
                "the position's table ({} rules, {} deals) is not the table's ({} rules, {} deals, \
                 the same seats empty)",
                set.state.table().rules,
                set.state.table().dealer,
                setup.table.rules,
                setup.table.dealer
            ));
        }
    }
    log.append(vec![LogRecord::Opened {
        table: setup.table.clone(),
        settings: setup.settings.clone(),
        secret: setup.secret,
        position: setup.position.clone(),
    }])
    .await?;
    let mut owner = Owner::new(setup, log, players, 0);
    let commitment = owner.secret.commitment();
    // A set-up table draws no wall: nothing to commit to.
    for s in Seat::ALL.into_iter().filter(|_| owner.position.is_none()) {
        owner.outboxes[s].push(ServerMessage::Commitment { commitment });
    }
    Ok(owner.spawn())
}

/// Resumes a table from its log after a restart: the same state, every
/// acknowledged action in it; its messages numbered in a new run.
pub async fn resume<L: TableLog>(
    id: String,
    tokens: BySeat<Option<String>>,
    mut log: L,
    players: Players,
) -> Result<TableHandle, String> {
    let r = replay(&log.load().await?)?;
    let run = r.runs + 1;
    log.append(vec![LogRecord::Resumed { run }]).await?;
    let setup = TableSetup {
        id,
        table: r.table.clone(),
        settings: r.settings.clone(),
        tokens,
        secret: r.secret,
        position: r.position.clone(),
    };
    let mut owner = Owner::new(setup, log, players, run);
    owner.contributions = r.contributions.clone();
    let start = match &r.position {
        // Set out again from its text: the log holds the text, not the tiles.
        Some(text) if r.set_out => Some(crate::position::set_out(text)?.state),
        Some(_) => None,
        None if r.events.is_empty() => None,
        None => Some(State::default()),
    };
    if let Some(mut state) = start {
        owner.start = true;
        for e in &r.events {
            state.apply(e);
            owner.track(e);
        }
        owner.state = Some(state);
    }
    for s in Seat::ALL {
        if r.bots[s] && owner.seats[s].bot.is_none() {
            owner.seats[s].bot = Some(owner.stand_in(s));
        }
    }
    Ok(owner.spawn())
}

async fn until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Compares tokens without stopping at the first difference.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl<L: TableLog> Owner<L> {
    fn new(setup: TableSetup, log: L, players: Players, run: u32) -> Owner<L> {
        let now = Instant::now();
        let seats = BySeat::from_fn(|s| {
            let human = setup.tokens[s].is_some();
            SeatState {
                human,
                conn: None,
                gone_since: human.then_some(now),
                bot: (!human && setup.table.present[s]).then(|| (players.bots)(s, BotFor::Seat)),
                timeouts: 0,
                reserve: setup.settings.reserve(),
                started: None,
                lag: Duration::ZERO,
                pace: Pace::default(),
            }
        });
        Owner {
            id: setup.id,
            tokens: setup.tokens,
            outboxes: BySeat::from_fn(|_| Outbox::new(run, setup.settings.replay)),
            settings: setup.settings,
            table: setup.table,
            secret: setup.secret,
            position: setup.position,
            contributions: BySeat::default(),
            start: false,
            state: None,
            at: 0,
            last_discard: None,
            open_discard: None,
            held: Vec::new(),
            last_pick: BySeat::default(),
            window: None,
            bot_at: None,
            seats,
            log,
            players,
            run,
            next_conn: 0,
            watchers: BTreeMap::new(),
            chat: VecDeque::new(),
            presence: None,
        }
    }

    /// The bot that plays a person's seat while its player is gone.
    fn stand_in(&self, seat: Seat) -> Box<dyn Bot + Send> {
        (self.players.bots)(seat, BotFor::StandIn(self.settings.stand_in))
    }

    fn spawn(self) -> TableHandle {
        let (tx, rx) = mpsc::channel(256);
        tokio::spawn(self.run_loop(rx));
        TableHandle { tx }
    }

    async fn run_loop(mut self, mut rx: mpsc::Receiver<Command>) {
        // Who is at each seat, before anything is played.
        self.tell_presence();
        self.settle().await;
        loop {
            let deadline = self.next_deadline();
            // A deadline passed is handled before a message that comes after it.
            tokio::select! {
                biased;
                () = until(deadline) => self.on_time().await,
                command = rx.recv() => match command {
                    Some(Command::Stop(reply)) => {
                        // The log is closed before the stop is answered.
                        drop(self);
                        let _ = reply.send(());
                        return;
                    }
                    Some(c) => self.handle(c).await,
                    None => break,
                },
            }
            self.settle().await;
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                table,
                token,
                last_seen,
                take_over,
                tx,
                reply,
            } => {
                let answer = self.connect(&table, &token, last_seen, take_over, tx);
                let seat = answer.as_ref().ok().map(|(s, _)| *s);
                let _ = reply.send(answer.map(|(s, c)| (Some(s), c)));
                if let Some(seat) = seat {
                    self.give_back(seat).await;
                }
            }
            Command::Watch { table, tx, reply } => {
                let answer = self.watch(&table, tx);
                let _ = reply.send(answer.map(|c| (None, c)));
            }
            Command::Message {
                seat: None,
                conn,
                message,
            } => self.watcher_message(conn, message),
            Command::Message {
                seat: Some(seat),
                conn,
                message,
            } if self.seats[seat].conn == Some(conn) => match message {
                Ok(m) => {
                    // A player still connected when a bot stood in (two
                    // timeouts) takes the seat back with their next move,
                    // as one who comes back: the bot leaves first, so the
                    // seat never has two players (docs/play-protocol.md).
                    if let ClientMessage::Act { answers, .. } = &m {
                        self.give_back(seat).await;
                        if self.seats[seat].bot.is_some() {
                            // Not stored: the bot keeps the seat for now.
                            let words = "the table could not store that you took your seat \
                                         back: send the move again"
                                .to_string();
                            return self.refuse(seat, RefusalCode::NotSaved, words, Some(*answers));
                        }
                    }
                    self.message(seat, m).await
                }
                Err(u) => self.refuse(seat, u.code, u.words, None),
            },
            Command::Message { .. } => {}
            Command::Disconnect { seat: None, conn } => {
                self.watchers.remove(&conn);
            }
            Command::Disconnect {
                seat: Some(seat),
                conn,
            } => {
                if self.seats[seat].conn == Some(conn) {
                    self.seats[seat].conn = None;
                    self.seats[seat].gone_since = Some(Instant::now());
                    self.outboxes[seat].detach(conn);
                }
            }
            Command::Lag { seat: None, .. } => {}
            Command::Lag {
                seat: Some(seat),
                rtt,
            } => {
                self.seats[seat].lag = (rtt / 2).min(clocks::MAX_LAG);
            }
            Command::Start => self.start = true,
            Command::CallTime(reply) => {
                let _ = reply.send(self.call_time().await);
            }
            Command::Status(reply) => {
                let _ = reply.send(self.status().await);
            }
            Command::Glance(reply) => {
                let _ = reply.send(Glance {
                    dealt: self.state.is_some(),
                    outcome: self.state.as_ref().and_then(|s| s.outcome().cloned()),
                });
            }
            // Taken in the loop, before any command reaches here.
            Command::Stop(reply) => {
                let _ = reply.send(());
            }
        }
    }

    fn connect(
        &mut self,
        table: &str,
        token: &str,
        last_seen: Option<Seen>,
        take_over: bool,
        tx: mpsc::Sender<Arc<Numbered>>,
    ) -> Result<(Seat, u64), Unreadable> {
        if table != self.id {
            return Err(Unreadable {
                code: RefusalCode::WrongTable,
                words: format!("this is table {}, not {table}", self.id),
            });
        }
        let Some(seat) = Seat::ALL.into_iter().find(|s| {
            self.tokens[*s]
                .as_deref()
                .is_some_and(|t| same_token(t, token))
        }) else {
            return Err(Unreadable {
                code: RefusalCode::UnknownToken,
                words: "this seat token is not one of this table's".into(),
            });
        };
        // A seat open on another device moves only when asked (issue 33.5):
        // two devices never take it back and forth.
        let open_elsewhere = self.seats[seat].conn.is_some() && self.outboxes[seat].connected();
        if open_elsewhere && !take_over {
            return Err(Unreadable {
                code: RefusalCode::SeatOpenElsewhere,
                words: "this seat is open on another device: play here instead to move it here"
                    .into(),
            });
        }
        if open_elsewhere {
            self.outboxes[seat].displace(Numbered::unseated(
                RefusalCode::SeatTakenElsewhere,
                "this seat is now played on another device".into(),
            ));
        }
        self.next_conn += 1;
        let conn = self.next_conn;
        self.seats[seat].conn = Some(conn);
        self.seats[seat].gone_since = None;
        // The chat's pace stays the seat's: a reconnect does not reset it.
        let resumed = self.outboxes[seat].attach(conn, tx, last_seen);
        self.outboxes[seat].push(ServerMessage::Welcome {
            seat,
            run: self.run,
            settings: self.settings.clone(),
            commitment: self.secret.commitment(),
            resumed,
        });
        if !resumed {
            // The whole view, then what it does not hold: the end (a seat
            // that comes back after it gets the result and every rack) and
            // the chat. (Resumed: the messages it missed hold them.)
            let view = self.view(seat);
            self.outboxes[seat].push(view);
            for m in self.joining() {
                self.outboxes[seat].push(m);
            }
        }
        // Who is here is told to everyone after this command.
        self.presence = None;
        Ok((seat, conn))
    }

    fn refuse(&mut self, seat: Seat, code: RefusalCode, words: String, answers: Option<u64>) {
        self.outboxes[seat].push(ServerMessage::Refused {
            code,
            words,
            answers,
        });
    }

    async fn status(&mut self) -> Result<TableStatus, String> {
        let events = replay(&self.log.load().await?)?.events;
        Ok(TableStatus {
            run: self.run,
            events,
            state: self.state.clone(),
            bots: BySeat::from_fn(|s| self.seats[s].bot.is_some()),
            connected: BySeat::from_fn(|s| self.seats[s].conn.is_some()),
            reserve: BySeat::from_fn(|s| self.seats[s].reserve),
            timeouts: BySeat::from_fn(|s| self.seats[s].timeouts),
            kept: BySeat::from_fn(|s| self.outboxes[s].kept().collect()),
        })
    }
}
