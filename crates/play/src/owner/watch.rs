//! Everyone at the table, not only the four seats: spectators (a public
//! view, every public message, never a concealed tile or the wall before the
//! end), who is at each seat, and the chat.

use super::Owner;
use crate::chat::{self, KEPT_LINES};
use crate::outbox::{Outbox, Sender};
use crate::protocol::{ClientMessage, ServerMessage, Unreadable};
use crate::public::{Presence, PublicSnapshot};
use crate::refusal::RefusalCode;
use crate::table_log::TableLog;
use jongg_game::{Event, Game};
use jongg_tiles::{BySeat, Seat};
use tokio::time::Instant;

/// Messages a spectator's outbox keeps: it never resumes (a spectator that
/// reconnects gets the whole public view), so only the live one.
const WATCHER_KEEPS: usize = 1;

impl<L: TableLog> Owner<L> {
    /// Tells every seat and every spectator a public message.
    pub(super) fn tell_all(&mut self, message: ServerMessage) {
        for s in Seat::ALL {
            self.outboxes[s].push(message.clone());
        }
        for w in self.watchers.values_mut() {
            w.push(message.clone());
        }
    }

    /// Tells the table's event `at`: each seat its share, spectators the
    /// public part. An answer in a calling window (a claim, a decline, a
    /// withdrawal) that leaves it open is told at once only to the seat that
    /// gave it; everyone is told the window's answers (each seat those it
    /// was not told yet), in order, when it closes, before what follows (at
    /// a real table a pass is silent).
    pub(super) fn tell_event(&mut self, at: u64, e: &Event) {
        match e {
            Event::Answered { seat, .. } | Event::Withdrew { seat } => {
                // An answer that closes the window is told with the others,
                // in order, to everyone (the seat that gave it included).
                let told = self.window_at().is_some().then_some(*seat);
                if let Some(seat) = told {
                    self.outboxes[seat].push(ServerMessage::Event {
                        at,
                        event: e.redacted_for(seat),
                    });
                }
                self.held.push((at, e.clone(), told));
            }
            // What may come while a window stays open (a hand called dead).
            Event::DeadCalled { .. } | Event::Dead { .. } | Event::Penalty { .. } => {
                self.tell_everyone(at, e, None);
            }
            // Anything else comes after the window closed.
            _ => {
                self.tell_held();
                self.tell_everyone(at, e, None);
            }
        }
    }

    /// Tells everyone the answers held while the window was open (each
    /// seat those it did not give): before the event that follows the
    /// window, or after a move that closed it.
    pub(super) fn tell_held(&mut self) {
        for (at, e, told) in std::mem::take(&mut self.held) {
            self.tell_everyone(at, &e, told);
        }
    }

    /// Tells event `at` to every seat but `except` and every spectator.
    fn tell_everyone(&mut self, at: u64, e: &Event, except: Option<Seat>) {
        for s in Seat::ALL.into_iter().filter(|s| Some(*s) != except) {
            self.outboxes[s].push(ServerMessage::Event {
                at,
                event: e.redacted_for(s),
            });
        }
        let public = e.public();
        for w in self.watchers.values_mut() {
            w.push(ServerMessage::Event {
                at,
                event: public.clone(),
            });
        }
    }

    /// A spectator's `watch`: refused past the table's bound of spectators.
    pub(super) fn watch(&mut self, table: &str, tx: Sender) -> Result<u64, Unreadable> {
        if table != self.id {
            return Err(Unreadable {
                code: RefusalCode::WrongTable,
                words: format!("this is table {}, not {table}", self.id),
            });
        }
        self.drop_closed_watchers();
        let most = self.settings.spectators;
        if self.watchers.len() >= most {
            return Err(Unreadable {
                code: RefusalCode::TooManySpectators,
                words: format!("this table has its {most} spectators already: try again later"),
            });
        }
        self.next_conn += 1;
        let conn = self.next_conn;
        let mut outbox = Outbox::new(self.run, WATCHER_KEEPS);
        outbox.attach(conn, tx, None);
        outbox.push(ServerMessage::Watching {
            run: self.run,
            settings: self.settings.clone(),
            commitment: self.secret.commitment(),
        });
        outbox.push(self.public_view());
        for m in self.joining() {
            outbox.push(m);
        }
        self.watchers.insert(conn, outbox);
        // Who is here (and how many watch) is told to everyone after this command.
        self.presence = None;
        Ok(conn)
    }

    /// A spectator's message after its watch: pings are answered; it may not play or chat.
    pub(super) fn watcher_message(
        &mut self,
        conn: u64,
        message: Result<ClientMessage, Unreadable>,
    ) {
        let Some(outbox) = self.watchers.get_mut(&conn) else {
            return;
        };
        let (code, words) = match message {
            Ok(ClientMessage::Ping { id }) => return outbox.push(ServerMessage::Pong { id }),
            Ok(ClientMessage::Hello { .. } | ClientMessage::Watch { .. }) => (
                RefusalCode::BadMessage,
                "this connection watches already".to_string(),
            ),
            Ok(ClientMessage::Act { .. } | ClientMessage::Contribute { .. }) => (
                RefusalCode::SpectatorsOnlyWatch,
                "a spectator watches: only the seats play".to_string(),
            ),
            Ok(ClientMessage::Chat { .. }) => (
                RefusalCode::SpectatorsOnlyWatch,
                "a spectator reads the chat but does not write in it".to_string(),
            ),
            Err(u) => (u.code, u.words),
        };
        outbox.push(ServerMessage::Refused {
            code,
            words,
            answers: None,
        });
    }

    fn drop_closed_watchers(&mut self) {
        self.watchers.retain(|_, w| w.connected());
    }

    /// The whole public view.
    pub(super) fn public_view(&self) -> ServerMessage {
        let view = self.state.as_ref().map(|st| {
            PublicSnapshot::from_game(&Game::resume(st.clone(), &*self.players.judge))
                .as_told(st, self.window_at())
        });
        ServerMessage::PublicView { at: self.at, view }
    }

    /// What a connection that got the whole view is told after it: the
    /// end if the game is over, and the chat lines kept.
    pub(super) fn joining(&self) -> Vec<ServerMessage> {
        let mut out = self.ending();
        out.extend(self.chat.iter().map(|(seat, text)| ServerMessage::Chat {
            seat: *seat,
            text: text.clone(),
        }));
        out
    }

    fn presence_now(&self) -> (BySeat<Presence>, usize) {
        let seats = BySeat::from_fn(|s| {
            let seat = &self.seats[s];
            if !self.table.present[s] {
                Presence::Empty
            } else if !seat.human {
                Presence::Bot
            } else if seat.bot.is_some() {
                Presence::StandIn
            } else if seat.conn.is_some() {
                Presence::Connected
            } else {
                Presence::Away
            }
        });
        (seats, self.watchers.len())
    }

    /// Tells everyone who is here when that changed, or after a connection
    /// came (after every command).
    pub(super) fn tell_presence(&mut self) {
        self.drop_closed_watchers();
        let now = self.presence_now();
        if self.presence.as_ref() != Some(&now) {
            let (seats, spectators) = now;
            self.presence = Some(now);
            self.tell_all(ServerMessage::Presence { seats, spectators });
        }
    }

    /// A seat's chat line, told to everyone and kept for a while (never logged).
    pub(super) fn chat_line(
        &mut self,
        seat: Seat,
        text: &str,
    ) -> Result<(), (RefusalCode, String)> {
        if !self.settings.chat {
            return Err((RefusalCode::ChatOff, "this table's chat is off".into()));
        }
        let line = chat::clean(text)?;
        self.seats[seat].pace.take(Instant::now())?;
        if self.chat.len() == KEPT_LINES {
            self.chat.pop_front();
        }
        self.chat.push_back((seat, line.clone()));
        self.tell_all(ServerMessage::Chat { seat, text: line });
        Ok(())
    }
}
