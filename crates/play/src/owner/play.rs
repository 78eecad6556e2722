//! The owner's moves: a seat's message, an action checked by the engine,
//! stored, and only then told to each seat as it may see it; the deal on
//! the fair wall; the moves no one chooses (bots, the pick).

use super::Owner;
use super::defaults::safe_default;
use crate::protocol::{ClientMessage, ServerMessage};
use crate::public::{racks, seen_awaiting};
use crate::refusal::{RefusalCode, code_of};
use crate::table_log::{LogRecord, TableLog};
use crate::wall::{WallProof, fair_wall};
use jongg_game::{Action, Event, Game, Phase, Situation, State, Step};
use jongg_tiles::{BySeat, Seat};

/// A refusal: its code and words.
pub(super) type Refused = (RefusalCode, String);

/// Most moves the table makes on its own in a row (a game has a few hundred).
const MOST_AUTOMATIC_MOVES: usize = 5_000;

/// Whether a claim window is open on a discard.
pub(super) fn window_open(state: &State) -> bool {
    matches!(state.phase(), Phase::Play(Step::Window(w)) if w.callable.is_some())
}

/// Whether a move's events leave the mover's turn as it was, so that its
/// clock runs on: a Mah Jongg the card does not make, said and not shown
/// (R8: it costs nothing but time), or an exposure corrected (16D).
fn keeps_the_turn(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(
                e,
                Event::FalseMahJongg { shown: false, .. } | Event::Corrected { .. }
            )
        })
}

impl<L: TableLog> Owner<L> {
    pub(super) async fn message(&mut self, seat: Seat, message: ClientMessage) {
        match message {
            ClientMessage::Hello { .. } | ClientMessage::Watch { .. } => self.refuse(
                seat,
                RefusalCode::BadMessage,
                "this connection has said hello already".into(),
                None,
            ),
            ClientMessage::Chat { text } => {
                if let Err((code, words)) = self.chat_line(seat, &text) {
                    self.refuse(seat, code, words, None);
                }
            }
            ClientMessage::Ping { id } => self.outboxes[seat].push(ServerMessage::Pong { id }),
            ClientMessage::Contribute { bytes } => {
                let refusal = if self.position.is_some() {
                    Some((
                        RefusalCode::ContributionClosed,
                        "this table was set up from a position: its wall is not drawn",
                    ))
                } else if self.state.is_some() {
                    Some((RefusalCode::ContributionClosed, "the wall is dealt already"))
                } else if self.contributions[seat].is_some() {
                    Some((RefusalCode::AlreadyContributed, "this seat has contributed"))
                } else {
                    None
                };
                if let Some((code, words)) = refusal {
                    return self.refuse(seat, code, words.into(), None);
                }
                let record = LogRecord::Contributed {
                    seat,
                    contribution: bytes.clone(),
                };
                match self.log.append(vec![record]).await {
                    Ok(()) => self.contributions[seat] = Some(bytes),
                    Err(e) => self.refuse(seat, RefusalCode::NotSaved, e, None),
                }
            }
            ClientMessage::Act { answers, action } => {
                let result = match self.check_answers(answers, &action) {
                    Ok(()) => self.apply(seat, action).await,
                    Err(r) => Err(r),
                };
                if let Err((code, words)) = result {
                    self.refuse(seat, code, words, Some(answers));
                }
            }
        }
    }

    /// An action names the event it answers; a claim, its discard (23.3).
    fn check_answers(&self, answers: u64, action: &Action) -> Result<(), Refused> {
        if answers > self.at {
            return Err((
                RefusalCode::UnknownEvent,
                format!(
                    "the action answers event {answers}, but the table is at event {}",
                    self.at
                ),
            ));
        }
        if !matches!(
            action,
            Action::Claim { .. } | Action::Decline | Action::Withdraw
        ) {
            return Ok(());
        }
        let open = self.window_at();
        match (open, self.last_discard) {
            // The last discard is taken too when the window is on the
            // natural before a discarded joker (`beth-emeth`): clients
            // written before the window told its discard named it.
            (Some(w), Some(d)) if answers == w || answers == d => Ok(()),
            (None, Some(d)) if d == answers => Err((
                RefusalCode::WindowClosed,
                format!("the calling window on discard {answers} has closed"),
            )),
            // Any older event, a discard or not, is past (docs/play-protocol.md).
            (_, Some(d)) if answers < d => Err((
                RefusalCode::StaleClaim,
                format!("event {answers} is past: the last discard is {d}"),
            )),
            _ => Err((
                RefusalCode::BadMessage,
                format!("event {answers} is not a discard"),
            )),
        }
    }

    /// The number of the discard the open calling window is on, if one is.
    pub(super) fn window_at(&self) -> Option<u64> {
        let open = self.state.as_ref().is_some_and(window_open);
        self.open_discard.filter(|_| open)
    }

    /// Checks `action` with the engine, stores its events, then tells them.
    pub(super) async fn apply(&mut self, seat: Seat, action: Action) -> Result<(), Refused> {
        let Some(state) = &self.state else {
            return Err((RefusalCode::NotDealt, "the game has not been dealt".into()));
        };
        let (events, after) = {
            let mut game = Game::resume(state.clone(), &*self.players.judge);
            let events = game
                .act(seat, &action)
                .map_err(|r| (code_of(&r), r.reason.clone()))?
                .to_vec();
            (events, game.state().clone())
        };
        let runs_on = keeps_the_turn(&events);
        self.store_and_tell(events, after).await?;
        // A wrong Mah Jongg said or an exposure corrected leaves the turn
        // as it was: its clock runs on (issue 33.5), or one player could
        // stall the table by saying it again and again.
        if !runs_on {
            self.end_move(seat);
        }
        Ok(())
    }

    /// Time is called (R7): the engine ends the game, which is stored and
    /// then told, as an action's events are.
    pub(super) async fn call_time(&mut self) -> Result<(), String> {
        let Some(state) = &self.state else {
            return Err("the game has not been dealt".into());
        };
        let (events, after) = {
            let mut game = Game::resume(state.clone(), &*self.players.judge);
            let events = game.call_time()?.to_vec();
            (events, game.state().clone())
        };
        self.store_and_tell(events, after)
            .await
            .map_err(|(_, words)| words)
    }

    async fn store_and_tell(&mut self, events: Vec<Event>, after: State) -> Result<(), Refused> {
        let record = LogRecord::Played {
            events: events.clone(),
        };
        self.log.append(vec![record]).await.map_err(|e| {
            (
                RefusalCode::NotSaved,
                format!("the table could not store the move, so it did not happen: {e}"),
            )
        })?;
        self.state = Some(after);
        for e in &events {
            self.track(e);
            self.tell_event(self.at, e);
            if matches!(e, Event::Ended { .. }) {
                for m in self.ending() {
                    self.tell_all(m);
                }
            }
        }
        if self.window_at().is_none() {
            self.tell_held();
        }
        Ok(())
    }

    /// After the game: how it ended with every rack, then the wall's proof.
    pub(super) fn ending(&self) -> Vec<ServerMessage> {
        let Some(state) = self.state.as_ref() else {
            return vec![];
        };
        let game = Game::resume(state.clone(), &*self.players.judge);
        let Some(outcome) = game.outcome().cloned() else {
            return vec![];
        };
        let proof = WallProof {
            commitment: self.secret.commitment(),
            contributions: self.contributions_or_none(),
            seed: self.secret,
        };
        let mut out = vec![ServerMessage::Final {
            outcome,
            racks: racks(&game),
        }];
        // A set-up table's wall was not drawn from the seed: nothing to reveal.
        if self.position.is_none() {
            out.push(ServerMessage::Reveal { proof });
        }
        out
    }

    fn contributions_or_none(&self) -> BySeat<crate::wall::Contribution> {
        BySeat::from_fn(|s| self.contributions[s].clone().unwrap_or_default())
    }

    /// Numbers an event and notes what the clocks and defaults need.
    pub(super) fn track(&mut self, e: &Event) {
        self.at += 1;
        match e {
            Event::Discarded { tile, .. } => {
                self.last_discard = Some(self.at);
                // As the engine's open discard (State::apply): a joker
                // covers the tile before it unless the table says not.
                if !tile.is_joker() {
                    self.open_discard = Some(self.at);
                } else if self.table.joker_covers {
                    self.open_discard = None;
                }
            }
            Event::Took { .. } => self.open_discard = None,
            Event::Picked {
                seat,
                tile: Some(t),
            } => self.last_pick[*seat] = Some(*t),
            Event::Dealt { hands } => {
                let dealer = self.table.dealer;
                self.last_pick[dealer] = hands[dealer].as_ref().and_then(|h| h.last().copied());
            }
            _ => {}
        }
    }

    /// The whole view of `seat`.
    pub(super) fn view(&self, seat: Seat) -> ServerMessage {
        let view = self.state.as_ref().map(|st| {
            let mut snapshot = Game::resume(st.clone(), &*self.players.judge)
                .view(seat)
                .snapshot();
            if let Situation::Window { at, .. } = &mut snapshot.situation {
                *at = self.window_at();
            }
            // Others' answers are not told while the window is open.
            let seen = seen_awaiting(st);
            for s in Seat::ALL.into_iter().filter(|s| *s != seat) {
                snapshot.awaiting[s] = seen[s];
            }
            snapshot
        });
        ServerMessage::View { at: self.at, view }
    }

    /// Deals the fair wall once every player has contributed, or when told to.
    async fn deal_when_ready(&mut self) {
        // A seat a bot plays holds nothing up.
        let waiting = Seat::ALL.into_iter().any(|s| {
            let seat = &self.seats[s];
            seat.human && seat.bot.is_none() && self.contributions[s].is_none()
        });
        if self.state.is_some() || (waiting && !self.start) {
            return;
        }
        if self.position.is_some() {
            return self.set_out().await;
        }
        let wall = fair_wall(&self.secret, &self.contributions_or_none());
        let dealt = Game::from_wall(self.table.clone(), wall, &*self.players.judge)
            .map(|g| (g.events().to_vec(), g.state().clone()));
        // The table was checked when it opened; a failed store is tried again
        // at the next message.
        if let Ok((events, after)) = dealt {
            let _ = self.store_and_tell(events, after).await;
        }
    }

    /// Sets the position out once the players are here (as a drawn table
    /// deals): stored, then each seat told its whole view, spectators theirs.
    async fn set_out(&mut self) {
        let Some(text) = &self.position else { return };
        // Read when the table opened; a text that no longer reads sets nothing out.
        let Ok(set) = crate::position::set_out(text) else {
            return;
        };
        // A failed store is tried again at the next message.
        if self.log.append(vec![LogRecord::SetOut]).await.is_err() {
            return;
        }
        self.state = Some(set.state);
        // A whole view clears a page's chat: the kept lines follow it.
        let joining = self.joining();
        for s in Seat::ALL {
            let view = self.view(s);
            self.outboxes[s].push(view);
            for m in &joining {
                self.outboxes[s].push(m.clone());
            }
        }
        let public = self.public_view();
        for w in self.watchers.values_mut() {
            w.push(public.clone());
            for m in &joining {
                w.push(m.clone());
            }
        }
    }

    /// Plays the moves no one chooses: the deal, bots' moves, a pick (the
    /// table picks for a player); then sets the clocks.
    pub(super) async fn settle(&mut self) {
        // A connection cut as too slow, or whose goodbye was lost, is gone.
        for s in Seat::ALL {
            if self.seats[s].conn.is_some() && !self.outboxes[s].connected() {
                self.seats[s].conn = None;
                self.seats[s].gone_since = Some(tokio::time::Instant::now());
            }
        }
        self.deal_when_ready().await;
        for _ in 0..MOST_AUTOMATIC_MOVES {
            if !self.bot_may_move() {
                break;
            }
            let Some((seat, action)) = self.automatic_move() else {
                break;
            };
            if self.apply(seat, action.clone()).await.is_ok() {
                continue;
            }
            // A bot's move the rules refuse: the safe default instead.
            let fallback = self.default_for(seat).filter(|d| *d != action);
            let Some(d) = fallback else { break };
            if self.apply(seat, d).await.is_err() {
                break;
            }
        }
        self.update_clocks();
        self.tell_presence();
    }

    /// Whether a bot whose move is due may make it now: after the table's
    /// `bot_delay_ms`, counted from when its move became due (a person's
    /// pace; the table's own pick never waits).
    fn bot_may_move(&mut self) -> bool {
        let delay = self.settings.bot_delay();
        let due = self.state.as_ref().is_some_and(|state| {
            !matches!(state.phase(), Phase::Over | Phase::Play(Step::Pick(_)))
                && Seat::ALL
                    .into_iter()
                    .any(|s| state.awaiting(s) && self.seats[s].bot.is_some())
        });
        if delay.is_zero() || !due {
            self.bot_at = None;
            return true;
        }
        let now = tokio::time::Instant::now();
        match self.bot_at {
            None => {
                self.bot_at = Some(now + delay);
                false
            }
            Some(at) if at > now => false,
            Some(_) => {
                // This move now; the next bot's move waits again.
                self.bot_at = None;
                true
            }
        }
    }

    fn automatic_move(&mut self) -> Option<(Seat, Action)> {
        let state = self.state.as_ref()?;
        if matches!(state.phase(), Phase::Over) {
            return None;
        }
        let judge = self.players.judge.clone();
        for seat in Seat::ALL.into_iter().filter(|s| state.awaiting(*s)) {
            let game = Game::resume(state.clone(), &*judge);
            if let Some(bot) = self.seats[seat].bot.as_mut() {
                return Some((seat, bot.act(&game.view(seat), &*judge)));
            }
            if matches!(state.phase(), Phase::Play(Step::Pick(s)) if *s == seat) {
                return Some((seat, Action::Pick));
            }
        }
        None
    }

    pub(super) fn default_for(&self, seat: Seat) -> Option<Action> {
        let state = self.state.as_ref()?;
        let game = Game::resume(state.clone(), &*self.players.judge);
        safe_default(&game.view(seat), self.last_pick[seat])
    }
}
