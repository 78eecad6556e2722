//! The messages of a live table (issue 23.3), one JSON object each, with
//! `"v": 1`. A seat sends [`ClientMessage`]s; the table sends each seat
//! [`Numbered`] messages, numbered from 1 for that seat within a run of the
//! table's owner. Every message and its schema: `docs/play-protocol.md`.

use crate::public::{Presence, PublicSnapshot};
use crate::refusal::RefusalCode;
use crate::settings::TableSettings;
use crate::wall::{Commitment, Contribution, WallProof};
use jongg_game::{Action, Event, Outcome, Snapshot};
use jongg_tiles::{BySeat, Seat, Tile};
use serde::{Deserialize, Serialize};

/// The protocol's version: `"v"` of every message.
pub const VERSION: u32 = 1;

/// The last message a client saw: its run and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    pub run: u32,
    pub n: u64,
}

/// What a seat sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of a connection: which table, which seat (by its
    /// token), and the last message seen before, to get what was missed.
    Hello {
        table: String,
        token: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_seen: Option<Seen>,
        /// Play the seat here even though it is open on another device:
        /// that connection is told `seat_taken_elsewhere` (issue 33.5).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        take_over: bool,
    },
    /// A move. `answers`: the table's number (`at`) of the event it answers;
    /// for a claim, decline or withdrawal, the discard's.
    Act {
        answers: u64,
        action: Action,
    },
    /// The first message of a spectator's connection instead of a hello:
    /// no token; the public view, then every public message. A spectator
    /// that reconnects gets the whole public view again.
    Watch {
        table: String,
    },
    /// This seat's random bytes for the wall, before the deal (hex, 0-32 bytes).
    Contribute {
        bytes: Contribution,
    },
    /// A chat line to everyone at the table (seats only; at most 200
    /// characters, control characters removed).
    Chat {
        text: String,
    },
    Ping {
        id: u64,
    },
}

/// A message the client could not send: the code and the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub code: RefusalCode,
    pub words: String,
}

impl ClientMessage {
    /// Reads one message; checks `"v"` first, so a newer client is told so.
    pub fn read(text: &str) -> Result<ClientMessage, Unreadable> {
        let bad = |words: String| Unreadable {
            code: RefusalCode::BadMessage,
            words,
        };
        // A key given twice is refused, not read as its last (issue 34.8).
        let mut value =
            crate::strict_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
        let Some(object) = value.as_object_mut() else {
            return Err(bad("a message is a JSON object".into()));
        };
        match object.remove("v").map(|v| v.as_u64()) {
            Some(Some(v)) if v == VERSION as u64 => {}
            Some(Some(v)) => {
                return Err(Unreadable {
                    code: RefusalCode::UnsupportedVersion,
                    words: format!("this table speaks version {VERSION}, not {v}"),
                });
            }
            _ => return Err(bad(format!("every message needs \"v\": {VERSION}"))),
        }
        serde_json::from_value(value).map_err(|e| bad(e.to_string()))
    }

    /// The message as a client sends it, with `"v"`.
    pub fn write(&self) -> String {
        with_version(serde_json::to_value(self).unwrap_or_default(), None).to_string()
    }
}

fn with_version(value: serde_json::Value, n: Option<u64>) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    out.insert("v".into(), VERSION.into());
    if let Some(n) = n {
        out.insert("n".into(), n.into());
    }
    if let serde_json::Value::Object(fields) = value {
        out.extend(fields);
    }
    serde_json::Value::Object(out)
}

/// Which clock a `clock` message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockKind {
    /// A seat's move: its turn time, then its reserve.
    Turn,
    /// The calling window after a discard.
    Window,
}

/// What the table sends a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to a hello. `resumed`: the messages missed since
    /// `last_seen` came just before; otherwise a `view` follows.
    Welcome {
        seat: Seat,
        run: u32,
        settings: TableSettings,
        commitment: Commitment,
        resumed: bool,
    },
    /// The whole of what this seat may see, after `at` events; `None`
    /// before the deal.
    View {
        at: u64,
        view: Option<Snapshot>,
    },
    /// The table's event number `at`, as this seat may see it.
    Event {
        at: u64,
        event: Event,
    },
    Refused {
        code: RefusalCode,
        words: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answers: Option<u64>,
    },
    /// A clock started: `seat` (none for the window) has `left_ms`, of
    /// which `reserve_ms` is reserve.
    Clock {
        clock: ClockKind,
        seat: Option<Seat>,
        left_ms: u64,
        reserve_ms: u64,
    },
    Pong {
        id: u64,
    },
    /// Before the deal: SHA-256 of the commitment tag followed by the seed
    /// (`wall::COMMITMENT_TAG`; docs/play-protocol.md, "The fair wall").
    Commitment {
        commitment: Commitment,
    },
    /// After the game: everything needed to check the wall.
    Reveal {
        proof: WallProof,
    },
    /// A bot plays `seat` (`bot`), or its player has taken it back.
    StandIn {
        seat: Seat,
        bot: bool,
    },
    /// The answer to a spectator's `watch`; a `public_view` follows.
    Watching {
        run: u32,
        settings: TableSettings,
        commitment: Commitment,
    },
    /// The whole of what a spectator may see, after `at` events; `None`
    /// before the deal.
    PublicView {
        at: u64,
        view: Option<PublicSnapshot>,
    },
    /// After the game (and to a connection that comes after it): how it
    /// ended and every seat's concealed tiles.
    Final {
        outcome: Outcome,
        racks: BySeat<Vec<Tile>>,
    },
    /// Who is at each seat, and how many spectators watch: sent when it
    /// changes, and after each `view`.
    Presence {
        seats: BySeat<Presence>,
        spectators: usize,
    },
    /// A seat's chat line (not part of the game's events).
    Chat {
        seat: Seat,
        text: String,
    },
}

/// A message to one seat with its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    pub n: u64,
    pub message: ServerMessage,
}

impl Numbered {
    /// The message as sent: `{"v": 1, "n": .., "type": .., ...}`.
    pub fn to_json(&self) -> serde_json::Value {
        with_version(
            serde_json::to_value(&self.message).unwrap_or_default(),
            Some(self.n),
        )
    }

    pub fn to_text(&self) -> String {
        self.to_json().to_string()
    }

    /// Reads a message as sent (for clients and tests).
    pub fn read(text: &str) -> Result<Numbered, String> {
        let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let object = value.as_object_mut().ok_or("not an object")?;
        if object.remove("v").and_then(|v| v.as_u64()) != Some(VERSION as u64) {
            return Err(format!("no \"v\": {VERSION}"));
        }
        let n = object
            .remove("n")
            .and_then(|n| n.as_u64())
            .ok_or("no \"n\"")?;
        let message = serde_json::from_value(value).map_err(|e| e.to_string())?;
        Ok(Numbered { n, message })
    }

    /// The refusal of a hello, before any seat is known: numbered 0.
    pub fn unseated(code: RefusalCode, words: String) -> Numbered {
        Numbered {
            n: 0,
            message: ServerMessage::Refused {
                code,
                words,
                answers: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::Call;

    #[test]
    fn a_client_message_round_trips_with_its_version() {
        let m = ClientMessage::Act {
            answers: 12,
            action: Action::Claim {
                call: Call::MahJongg,
            },
        };
        let text = m.write();
        assert!(text.contains(r#""v":1"#), "{text}");
        assert_eq!(ClientMessage::read(&text), Ok(m));
    }

    #[test]
    fn a_wrong_version_or_shape_is_refused_with_a_code() {
        let e = ClientMessage::read(r#"{"v":2,"type":"ping","id":1}"#).unwrap_err();
        assert_eq!(e.code, RefusalCode::UnsupportedVersion);
        let e = ClientMessage::read(r#"{"type":"ping","id":1}"#).unwrap_err();
        assert_eq!(e.code, RefusalCode::BadMessage);
        let e = ClientMessage::read(r#"{"v":1,"type":"ping","id":1,"x":0}"#).unwrap_err();
        assert!(e.words.contains("x"), "{}", e.words);
        let e = ClientMessage::read("[").unwrap_err();
        assert!(e.words.starts_with("not JSON"));
    }

    #[test]
    fn a_hello_with_a_key_given_twice_is_refused_naming_it() {
        let text = r#"{"v":1,"type":"hello","table":"t","token":"a","token":"b"}"#;
        let e = ClientMessage::read(text).unwrap_err();
        assert_eq!(e.code, RefusalCode::BadMessage);
        assert!(e.words.contains("`token` is given twice"), "{}", e.words);
    }

    #[test]
    fn a_server_message_carries_v_and_n_and_reads_back() {
        let m = Numbered {
            n: 7,
            message: ServerMessage::Pong { id: 3 },
        };
        let text = m.to_text();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"v": 1, "n": 7, "type": "pong", "id": 3})
        );
        assert_eq!(Numbered::read(&text), Ok(m));
    }
}
