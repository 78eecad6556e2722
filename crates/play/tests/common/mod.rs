//! Helpers of the owner's tests: tables with bots from the practice card,
//! seats connected through the protocol.
#![allow(dead_code)]

use jongg_card::Card;
use jongg_game::bot::{Bot, GreedyBot, RandomBot};
use jongg_game::{CardJudge, Game, State, Table, ToyJudge};
use jongg_play::owner::{open, safe_default};
use jongg_play::protocol::{ClientMessage, Numbered, Seen, ServerMessage};
use jongg_play::settings::TableSettings;
use jongg_play::wall::ServerSeed;
use jongg_play::{BotFor, Connection, MemoryLog, Players, TableHandle, TableSetup};
use jongg_tiles::{BySeat, Seat};
use std::sync::{Arc, LazyLock};

pub static CARD: LazyLock<Card> = LazyLock::new(Card::practice);

/// Greedy bots East and West, random ones South and North; a stand-in of
/// the strength the table asks for.
pub fn players(seed: u64) -> Players {
    Players {
        judge: Arc::new(CardJudge::new(&CARD)),
        bots: Arc::new(move |s: Seat, role: BotFor| -> Box<dyn Bot + Send> {
            let seed = seed * 8 + s.index() as u64;
            if let BotFor::StandIn(strength) = role {
                strength.make(&CARD, seed)
            } else if s.index().is_multiple_of(2) {
                Box::new(GreedyBot::new(&CARD, seed))
            } else {
                Box::new(RandomBot::new(seed))
            }
        }),
    }
}

pub fn token(s: Seat) -> String {
    format!("token-{}", s.name())
}

pub fn setup(table: Table, humans: &[Seat], secret: u8) -> TableSetup {
    TableSetup {
        id: "t1".into(),
        table,
        settings: TableSettings::default(),
        tokens: BySeat::from_fn(|s| humans.contains(&s).then(|| token(s))),
        secret: ServerSeed::from_bytes([secret; 32]),
        position: None,
    }
}

/// Three players (no Charleston, R12): East discards first.
pub fn three() -> Table {
    Table::standard().without(Seat::North)
}

pub async fn open_table(setup: TableSetup, log: MemoryLog) -> TableHandle {
    open(setup, log, players(1)).await.unwrap()
}

pub fn hello(s: Seat, last_seen: Option<Seen>) -> String {
    ClientMessage::Hello {
        table: "t1".into(),
        token: token(s),
        last_seen,
        take_over: false,
    }
    .write()
}

/// A hello that plays the seat here though it is open on another device.
pub fn hello_taking_over(s: Seat) -> String {
    ClientMessage::Hello {
        table: "t1".into(),
        token: token(s),
        last_seen: None,
        take_over: true,
    }
    .write()
}

pub fn watch() -> String {
    ClientMessage::Watch { table: "t1".into() }.write()
}

/// A seat's connection (or a spectator's) and every message it received.
pub struct Client {
    pub conn: Connection,
    pub got: Vec<Numbered>,
}

impl Client {
    pub async fn connect(table: &TableHandle, s: Seat, last_seen: Option<Seen>) -> Client {
        let conn = table.connect(&hello(s, last_seen)).await.unwrap();
        Client { conn, got: vec![] }
    }

    /// A seat's connection that plays it here though it is open elsewhere.
    pub async fn take_over(table: &TableHandle, s: Seat) -> Client {
        let conn = table.connect(&hello_taking_over(s)).await.unwrap();
        Client { conn, got: vec![] }
    }

    /// A spectator's connection.
    pub async fn watch(table: &TableHandle) -> Client {
        let conn = table.connect(&watch()).await.unwrap();
        Client { conn, got: vec![] }
    }

    pub async fn chat(&self, text: &str) {
        self.conn
            .send(ClientMessage::Chat { text: text.into() })
            .await
            .unwrap();
    }

    /// The chat lines received: seat and text.
    pub fn chat_lines(&self) -> Vec<(Seat, String)> {
        self.got
            .iter()
            .filter_map(|m| match &m.message {
                ServerMessage::Chat { seat, text } => Some((*seat, text.clone())),
                _ => None,
            })
            .collect()
    }

    /// Takes what has arrived (call after a status round trip).
    pub fn drain(&mut self) -> Vec<Numbered> {
        let mut new = vec![];
        while let Ok(m) = self.conn.messages.try_recv() {
            new.push((*m).clone());
        }
        self.got.extend(new.iter().cloned());
        new
    }

    pub fn last_seen(&self, run: u32) -> Seen {
        Seen {
            run,
            n: self.got.last().map_or(0, |m| m.n),
        }
    }

    pub async fn act(&self, answers: u64, action: jongg_game::Action) {
        self.conn
            .send(ClientMessage::Act { answers, action })
            .await
            .unwrap();
    }

    pub fn refusals(&self) -> Vec<(String, Option<u64>)> {
        self.got
            .iter()
            .filter_map(|m| match &m.message {
                ServerMessage::Refused { code, answers, .. } => Some((
                    serde_json::to_value(code)
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_string(),
                    *answers,
                )),
                _ => None,
            })
            .collect()
    }
}

/// The state and the number of events, after every command sent so far.
pub async fn now(table: &TableHandle) -> (State, u64) {
    let st = table.status().await.unwrap();
    (st.state.expect("dealt"), st.events.len() as u64)
}

/// What the table would play for `seat` when its time ran out.
pub fn default_move(state: &State, seat: Seat) -> jongg_game::Action {
    // A view needs no judge.
    let game = Game::resume(state.clone(), &ToyJudge);
    safe_default(&game.view(seat), None).expect("the seat has a move")
}

pub fn hand(state: &State, seat: Seat) -> Vec<jongg_tiles::Tile> {
    Game::resume(state.clone(), &ToyJudge)
        .view(seat)
        .hand()
        .to_tiles()
}
