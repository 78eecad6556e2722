//! A seat's outbox: its messages numbered, the last ones kept for a
//! reconnect, and the live connection (if any) they are sent to.

use crate::protocol::{Numbered, Seen, ServerMessage};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::mpsc;

/// How many messages a connection's channel holds before the connection is
/// dropped as too slow (its client reconnects and catches up).
pub const CONNECTION_BUFFER: usize = 1024;

/// Where a connection's messages go.
pub type Sender = mpsc::Sender<Arc<Numbered>>;

#[derive(Debug)]
struct Live {
    conn: u64,
    tx: Sender,
}

#[derive(Debug)]
pub struct Outbox {
    run: u32,
    /// The number of the last message.
    last: u64,
    /// The last messages, each kept as the text it is sent as: a
    /// `ServerMessage` takes the room of its largest variant (272 bytes)
    /// even for a clock reading, and the kept messages were most of a live
    /// table's memory (BENCHMARKS.md, "Live tables under load"); the text
    /// is about a third of that. Read back only for a reconnect.
    kept: VecDeque<(u64, Box<str>)>,
    keep: usize,
    live: Option<Live>,
}

impl Outbox {
    pub fn new(run: u32, keep: usize) -> Outbox {
        Outbox {
            run,
            last: 0,
            kept: VecDeque::new(),
            keep: keep.max(1),
            live: None,
        }
    }

    /// Numbers `message`, keeps it and sends it to the live connection.
    pub fn push(&mut self, message: ServerMessage) {
        self.last += 1;
        let m = Arc::new(Numbered {
            n: self.last,
            message,
        });
        if self.kept.len() == self.keep {
            self.kept.pop_front();
        }
        self.kept.push_back((m.n, m.to_text().into_boxed_str()));
        self.send(m);
    }

    fn send(&mut self, m: Arc<Numbered>) {
        if let Some(live) = &self.live
            && live.tx.try_send(m).is_err()
        {
            // Full or closed: the client is cut off and reconnects.
            self.live = None;
        }
    }

    /// A new connection. Returns true when the messages after `last_seen`
    /// were all kept and have been sent again; false when the client needs
    /// the whole view.
    pub fn attach(&mut self, conn: u64, tx: Sender, last_seen: Option<Seen>) -> bool {
        self.live = Some(Live { conn, tx });
        let Some(seen) = last_seen else {
            return false;
        };
        let first_kept = self.kept.front().map_or(self.last + 1, |m| m.0);
        if seen.run != self.run || seen.n > self.last || seen.n + 1 < first_kept {
            return false;
        }
        let missed: Result<Vec<Numbered>, String> = self
            .kept
            .iter()
            .filter(|m| m.0 > seen.n)
            .map(|(_, text)| Numbered::read(text))
            .collect();
        // A kept text that does not read back: the whole view instead.
        let Ok(missed) = missed else {
            return false;
        };
        for m in missed {
            self.send(Arc::new(m));
        }
        true
    }

    /// The connection `conn` is gone (a newer one stays attached).
    /// Tells the live connection `last` (unnumbered: not kept) and lets it
    /// go: its seat moves to another connection.
    pub fn displace(&mut self, last: Numbered) {
        if let Some(live) = self.live.take() {
            let _ = live.tx.try_send(Arc::new(last));
        }
    }

    pub fn detach(&mut self, conn: u64) {
        if self.live.as_ref().is_some_and(|l| l.conn == conn) {
            self.live = None;
        }
    }

    /// Whether a connection is attached and still open.
    pub fn connected(&self) -> bool {
        self.live.as_ref().is_some_and(|l| !l.tx.is_closed())
    }

    /// Every message kept, read back from its text (a reconnect, tests,
    /// and the hidden-information check).
    pub fn kept(&self) -> impl Iterator<Item = Numbered> + '_ {
        self.kept
            .iter()
            .filter_map(|(_, text)| Numbered::read(text).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pong(id: u64) -> ServerMessage {
        ServerMessage::Pong { id }
    }

    fn numbers(rx: &mut mpsc::Receiver<Arc<Numbered>>) -> Vec<u64> {
        let mut out = vec![];
        while let Ok(m) = rx.try_recv() {
            out.push(m.n);
        }
        out
    }

    #[test]
    fn a_reconnect_gets_exactly_what_it_missed_or_needs_the_view() {
        let mut o = Outbox::new(1, 3);
        for i in 0..5 {
            o.push(pong(i));
        }
        let (tx, mut rx) = mpsc::channel(16);
        assert!(o.attach(1, tx.clone(), Some(Seen { run: 1, n: 3 })));
        assert_eq!(numbers(&mut rx), vec![4, 5]);
        // Message 2 is no longer kept: the whole view.
        assert!(!o.attach(2, tx.clone(), Some(Seen { run: 1, n: 1 })));
        assert!(o.attach(3, tx.clone(), Some(Seen { run: 1, n: 2 })));
        assert_eq!(numbers(&mut rx), vec![3, 4, 5]);
        // Another run of the owner, or a number from the future: the view.
        assert!(!o.attach(4, tx.clone(), Some(Seen { run: 0, n: 4 })));
        assert!(!o.attach(5, tx, Some(Seen { run: 1, n: 9 })));
        o.push(pong(6));
        assert_eq!(numbers(&mut rx), vec![6]);
    }

    #[test]
    fn a_slow_connection_is_cut_off_and_an_old_one_does_not_detach_the_new() {
        let mut o = Outbox::new(0, 10);
        let (tx, _rx) = mpsc::channel(1);
        o.attach(1, tx, None);
        assert!(o.connected());
        o.push(pong(1));
        o.push(pong(2));
        assert!(o.live.is_none() && !o.connected());
        let (tx, mut rx) = mpsc::channel(4);
        o.attach(2, tx, None);
        o.detach(1);
        o.push(pong(3));
        assert_eq!(numbers(&mut rx), vec![3]);
    }

    /// A kept message is its text; what a reconnect is sent again is the
    /// message as it was first sent, whatever its kind.
    #[test]
    fn a_missed_message_is_sent_again_as_it_was_sent() {
        use crate::refusal::RefusalCode;
        use jongg_game::Event;
        use jongg_tiles::{Seat, Tile};
        let sent = [
            ServerMessage::Event {
                at: 7,
                event: Event::Discarded {
                    seat: Seat::West,
                    tile: "5B".parse::<Tile>().unwrap(),
                },
            },
            ServerMessage::Refused {
                code: RefusalCode::WrongTable,
                words: "another table".into(),
                answers: Some(6),
            },
            ServerMessage::Chat {
                seat: Seat::North,
                text: "\"quoted\" <b>".into(),
            },
            pong(3),
        ];
        let mut o = Outbox::new(2, 8);
        for m in sent.clone() {
            o.push(m);
        }
        let (tx, mut rx) = mpsc::channel(16);
        assert!(o.attach(1, tx, Some(Seen { run: 2, n: 0 })));
        let mut again = vec![];
        while let Ok(m) = rx.try_recv() {
            again.push((m.n, m.message.clone()));
        }
        let expected: Vec<(u64, ServerMessage)> = (1..).zip(sent).collect();
        assert_eq!(again, expected);
        assert_eq!(o.kept().count(), 4);
    }
}
