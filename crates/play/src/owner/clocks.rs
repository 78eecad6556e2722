//! The calling window and the clocks (issue 23.4). The window is the same
//! length after every discard; a seat's move has its turn time, then its
//! reserve; half the connection's measured round trip is never charged.
//! When time runs out the table plays the safe default; a seat that timed
//! out twice, or is gone longer than `absent_ms`, is played by a bot until
//! its player connects again.

use super::Owner;
use super::play::window_open;
use crate::protocol::{ClockKind, ServerMessage};
use crate::table_log::{LogRecord, TableLog};
use jongg_game::{Action, Phase, Step};
use jongg_tiles::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// The most lag a connection is credited with per move.
pub const MAX_LAG: Duration = Duration::from_secs(1);

/// Timeouts after which a bot takes the seat.
const TIMEOUTS_FOR_A_BOT: u32 = 2;

fn ms(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

impl<L: TableLog> Owner<L> {
    /// Whether `seat`'s own clock runs: the table waits for its move (not a
    /// claim: that is the window's; not a pick: the table picks).
    fn clock_runs(&self, seat: Seat) -> bool {
        let Some(state) = &self.state else {
            return false;
        };
        let s = &self.seats[seat];
        s.human
            && s.bot.is_none()
            && state.awaiting(seat)
            && !matches!(
                state.phase(),
                Phase::Play(Step::Window(_)) | Phase::Play(Step::Pick(_)) | Phase::Over
            )
    }

    /// Starts and stops clocks after the state changed.
    pub(super) fn update_clocks(&mut self) {
        let now = Instant::now();
        let open = self.state.as_ref().is_some_and(window_open);
        match (open, self.last_discard) {
            (true, Some(at)) if self.window.as_ref().is_none_or(|w| w.at != at) => {
                // Lag of the slowest seat that may call: the same for all.
                let lag = Seat::ALL
                    .into_iter()
                    .filter(|s| self.state.as_ref().is_some_and(|st| st.awaiting(*s)))
                    .map(|s| self.seats[s].lag)
                    .max()
                    .unwrap_or_default();
                self.window = Some(super::WindowClock {
                    at,
                    deadline: now + self.settings.window() + lag,
                    expired: false,
                });
                self.tell_all(ServerMessage::Clock {
                    clock: ClockKind::Window,
                    seat: None,
                    left_ms: self.settings.window_ms,
                    reserve_ms: 0,
                });
            }
            (true, _) => {}
            (false, _) => self.window = None,
        }
        for seat in Seat::ALL {
            let runs = self.clock_runs(seat);
            let s = &mut self.seats[seat];
            match (runs, s.started) {
                (true, None) => {
                    s.started = Some(now);
                    let reserve = s.reserve;
                    self.tell_all(ServerMessage::Clock {
                        clock: ClockKind::Turn,
                        seat: Some(seat),
                        left_ms: ms(self.settings.turn() + reserve),
                        reserve_ms: ms(reserve),
                    });
                }
                (false, Some(_)) => self.end_move(seat),
                _ => {}
            }
        }
    }

    /// Stops `seat`'s clock and charges its reserve with what the move took
    /// beyond the turn time. Called when the seat moved, too: a seat awaited
    /// again at once (the last of a Charleston pass) starts a new move.
    pub(super) fn end_move(&mut self, seat: Seat) {
        let turn = self.settings.turn();
        let s = &mut self.seats[seat];
        if let Some(started) = s.started.take() {
            let used = Instant::now()
                .saturating_duration_since(started)
                .saturating_sub(s.lag);
            s.reserve = s.reserve.saturating_sub(used.saturating_sub(turn));
        }
    }

    fn turn_deadline(&self, seat: Seat) -> Option<Instant> {
        let s = &self.seats[seat];
        s.started
            .map(|t| t + self.settings.turn() + s.reserve + s.lag)
    }

    fn absent_deadline(&self, seat: Seat) -> Option<Instant> {
        let s = &self.seats[seat];
        if !s.human || s.bot.is_some() || !self.table.present[seat] {
            return None;
        }
        s.gone_since.map(|t| t + self.settings.absent())
    }

    /// The next moment a clock runs out.
    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let window = self
            .window
            .as_ref()
            .filter(|w| !w.expired)
            .map(|w| w.deadline);
        Seat::ALL
            .into_iter()
            .flat_map(|s| [self.turn_deadline(s), self.absent_deadline(s)])
            .chain([window, self.bot_at])
            .flatten()
            .min()
    }

    /// Plays what the clocks that ran out call for.
    pub(super) async fn on_time(&mut self) {
        let now = Instant::now();
        if let Some(w) = self
            .window
            .as_mut()
            .filter(|w| !w.expired && w.deadline <= now)
        {
            w.expired = true;
            for seat in Seat::ALL {
                let awaited = self.state.as_ref().is_some_and(|st| st.awaiting(seat));
                if awaited && self.state.as_ref().is_some_and(window_open) {
                    let _ = self.apply(seat, Action::Decline).await;
                }
            }
        }
        for seat in Seat::ALL {
            if self.turn_deadline(seat).is_some_and(|d| d <= now) {
                let s = &mut self.seats[seat];
                s.started = None;
                s.reserve = Duration::ZERO;
                s.timeouts += 1;
                let timeouts = s.timeouts;
                if let Some(action) = self.default_for(seat) {
                    let _ = self.apply(seat, action).await;
                }
                if timeouts >= TIMEOUTS_FOR_A_BOT {
                    self.take_over(seat).await;
                }
            }
            if self.absent_deadline(seat).is_some_and(|d| d <= now) {
                self.take_over(seat).await;
            }
        }
    }

    /// A bot plays `seat` until its player connects again.
    async fn take_over(&mut self, seat: Seat) {
        if self.seats[seat].bot.is_some() {
            return;
        }
        let record = LogRecord::StandIn { seat, bot: true };
        if self.log.append(vec![record]).await.is_err() {
            // Not stored: tried again at the next deadline.
            self.seats[seat].gone_since = Some(Instant::now());
            return;
        }
        self.seats[seat].bot = Some(self.stand_in(seat));
        self.seats[seat].started = None;
        self.tell_all(ServerMessage::StandIn { seat, bot: true });
    }

    /// The player is back: the bot leaves the seat.
    pub(super) async fn give_back(&mut self, seat: Seat) {
        if self.seats[seat].bot.is_none() || !self.seats[seat].human {
            return;
        }
        let record = LogRecord::StandIn { seat, bot: false };
        if self.log.append(vec![record]).await.is_err() {
            return;
        }
        self.seats[seat].bot = None;
        self.seats[seat].timeouts = 0;
        self.tell_all(ServerMessage::StandIn { seat, bot: false });
    }
}
