//! The engine: checks each action against the state and the table's rules,
//! turns it into events, and applies them. A refused action changes nothing.

use crate::event::{Action, Answer, Call, DeadReason, Event, PassKind, Refusal};
use crate::judge::{Exposure, Judge};
use crate::outcome::{Ending, Outcome};
use crate::pass::{courtesy, resolve_pass};
use crate::state::{Began, Choice, Phase, State, Step, Turn};
use crate::table::Table;
use crate::view::View;
use jongg_rules::record::PenaltyKind;
use jongg_rules::rng::Rng;
use jongg_tiles::{BySeat, Counts, Seat, Tile, full_set};
use std::fmt;

/// One game at one table.
pub struct Game<'j> {
    state: State,
    events: Vec<Event>,
    judge: &'j dyn Judge,
}

impl fmt::Debug for Game<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

/// Tiles in each of the four walls (19 stacks of two).
const WALL_SIDE: usize = 38;

fn refuse<T>(seat: Seat, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        seat,
        reason: reason.into(),
    })
}

/// The first kind of tile whose count differs from the 152-tile set, said
/// with both counts.
fn off_the_set(all: &Counts) -> Option<String> {
    Tile::all_kinds()
        .find(|&t| all.get(t) != t.copies_in_set())
        .map(|t| {
            format!(
                "{} × {t} where the set has {}",
                all.get(t),
                t.copies_in_set()
            )
        })
}

impl<'j> Game<'j> {
    /// Shuffles the wall from `seed`, rolls the dice, breaks the wall and deals.
    pub fn new(table: Table, seed: u64, judge: &'j dyn Judge) -> Result<Game<'j>, String> {
        table.check()?;
        let mut rng = Rng::new(seed);
        let mut ring = full_set();
        rng.shuffle(&mut ring);
        let dice = [1 + rng.below(6) as u8, 1 + rng.below(6) as u8];
        // The dealer's wall is broken `dice` stacks in; picking starts there.
        let start = 2 * (dice[0] + dice[1]) as usize % WALL_SIDE;
        ring.rotate_left(start);
        let mut game = Game {
            state: State::default(),
            events: Vec::with_capacity(640),
            judge,
        };
        game.push(Event::Began {
            seed,
            table: table.clone(),
            dice,
            wall: Some(ring.clone()),
        });
        game.push(Event::Dealt {
            hands: deal(&table, &ring),
        });
        game.settle();
        Ok(game)
    }

    /// A game dealt from a wall given in picking order (152 tiles): for a
    /// director replaying a physical game, and for tests.
    pub fn from_wall(
        table: Table,
        wall: Vec<Tile>,
        judge: &'j dyn Judge,
    ) -> Result<Game<'j>, String> {
        table.check()?;
        if wall.len() != 152 {
            return Err(format!("the wall holds {} tiles, not 152", wall.len()));
        }
        if let Some(off) = off_the_set(&Counts::from_tiles(&wall)) {
            return Err(format!("the wall is not the 152 tiles of the set: {off}"));
        }
        let mut game = Game {
            state: State::default(),
            events: Vec::with_capacity(640),
            judge,
        };
        game.push(Event::Began {
            seed: 0,
            table: table.clone(),
            dice: [0, 0],
            wall: Some(wall.clone()),
        });
        game.push(Event::Dealt {
            hands: deal(&table, &wall),
        });
        game.settle();
        Ok(game)
    }

    /// A table set up as it stood when play began (after the Charleston):
    /// the racks (dealer 14, others 13) and the wall's picking order. Racks
    /// and wall together must be the 152 tiles. For directors and tests.
    pub fn from_position(
        table: Table,
        hands: BySeat<Vec<Tile>>,
        wall: Vec<Tile>,
        judge: &'j dyn Judge,
    ) -> Result<Game<'j>, String> {
        table.check()?;
        let mut in_racks = 0;
        for (s, h) in hands.iter() {
            let want = match (table.present[s], s == table.dealer) {
                (false, _) => 0,
                (true, true) => 14,
                (true, false) => 13,
            };
            if h.len() != want {
                return Err(format!(
                    "{s} holds {} tiles; it should hold {want}",
                    h.len()
                ));
            }
            // The card's one rack check: no more of a tile than the set has.
            jongg_card::check_rack(h, &[]).map_err(|e| format!("{s}'s rack: {e}"))?;
            in_racks += h.len();
        }
        if in_racks + wall.len() != 152 {
            return Err(format!(
                "the racks and the wall hold {} tiles, not 152",
                in_racks + wall.len()
            ));
        }
        let mut all = Counts::from_tiles(&wall);
        for t in hands.iter().flat_map(|(_, h)| h) {
            all.add(*t);
        }
        if let Some(off) = off_the_set(&all) {
            return Err(format!(
                "the racks and the wall are not the 152 tiles of the set: {off}"
            ));
        }
        let mut game = Game {
            state: State::default(),
            events: Vec::with_capacity(640),
            judge,
        };
        game.push(Event::Began {
            seed: 0,
            table: table.clone(),
            dice: [0, 0],
            wall: Some(wall),
        });
        let hands = BySeat::from_fn(|s| table.present[s].then(|| hands[s].clone()));
        game.push(Event::Arranged { hands });
        game.settle();
        Ok(game)
    }

    /// Rebuilds a game from its full event log (the fold of the events).
    pub fn from_events(events: Vec<Event>, judge: &'j dyn Judge) -> Game<'j> {
        let state = State::fold(&events);
        Game {
            state,
            events,
            judge,
        }
    }

    /// A game resumed from a state, with no event history (tests, analysis).
    pub fn resume(state: State, judge: &'j dyn Judge) -> Game<'j> {
        Game {
            state,
            events: Vec::new(),
            judge,
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn judge(&self) -> &'j dyn Judge {
        self.judge
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View::new(&self.state, seat)
    }

    pub fn is_over(&self) -> bool {
        matches!(self.state.phase, Phase::Over)
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }

    /// The finished game as a game record for the score sheet.
    pub fn record(&self) -> Option<jongg_rules::GameRecord> {
        self.outcome().map(|o| o.record(&self.state.table))
    }

    /// The seats the engine waits for.
    pub fn awaiting(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.state.awaiting(*s))
    }

    fn push(&mut self, e: Event) {
        self.state.apply(&e);
        self.events.push(e);
    }

    /// Performs `action` for `seat`; returns the events it caused.
    pub fn act(&mut self, seat: Seat, action: &Action) -> Result<&[Event], Refusal> {
        let start = self.events.len();
        let primary = self.check(seat, action)?;
        for e in primary {
            self.push(e);
        }
        self.settle();
        Ok(&self.events[start..])
    }

    /// Time is called (R7): the round's clock ran out before the game
    /// ended, which ends where it stands, as `Ended` with
    /// [`Ending::TimeCalled`]; the record it makes scores 0 for every
    /// player under the presets' `timeout`, conduct penalties standing.
    /// Refused before the deal and after the end.
    pub fn call_time(&mut self) -> Result<&[Event], String> {
        match self.state.phase {
            Phase::Setup => return Err("the game has not been dealt".into()),
            Phase::Over => return Err("the game is over".into()),
            _ => {}
        }
        let start = self.events.len();
        let ended = self.end(Ending::TimeCalled);
        self.push(ended);
        Ok(&self.events[start..])
    }

    /// The events `action` causes directly, or why it is refused.
    fn check(&self, seat: Seat, action: &Action) -> Result<Vec<Event>, Refusal> {
        let st = &self.state;
        if !st.table.present[seat] {
            return refuse(seat, "this seat is empty");
        }
        if let Action::DeclareDead { target } = action {
            return self.check_dead_call(seat, *target);
        }
        if st.dead[seat].is_some() {
            return refuse(
                seat,
                "a dead hand stops picking and discarding (standard 17C)",
            );
        }
        match &st.phase {
            Phase::Setup => refuse(seat, "the game has not been dealt"),
            Phase::Over => refuse(seat, "the game is over"),
            Phase::Charleston(c) => self.check_charleston(seat, c.pass, &c.chosen, action),
            Phase::Play(step) => match step {
                Step::Turn(t) if t.seat == seat => self.check_turn(seat, t, action),
                Step::Window(w) => {
                    let Some((tile, from, _)) = w.callable else {
                        return refuse(seat, "no tile can be claimed");
                    };
                    self.check_window(seat, tile, from, w.answers[seat], action)
                }
                Step::Pick(s) if *s == seat => match action {
                    Action::Pick => Ok(vec![Event::Picked {
                        seat,
                        tile: Some(st.wall[st.drawn]),
                    }]),
                    _ => refuse(seat, "pick from the wall first (standard 7A)"),
                },
                Step::Error { answers, .. } if answers[seat].is_none() => match action {
                    Action::ThrowIn => Ok(vec![Event::ErrorAnswered {
                        seat,
                        threw_in: true,
                    }]),
                    Action::KeepHand => Ok(vec![Event::ErrorAnswered {
                        seat,
                        threw_in: false,
                    }]),
                    _ => refuse(
                        seat,
                        "say whether you exposed your hand (throw_in or keep_hand)",
                    ),
                },
                _ => refuse(seat, "it is not your turn"),
            },
        }
    }

    fn check_charleston(
        &self,
        seat: Seat,
        pass: PassKind,
        chosen: &BySeat<Option<Choice>>,
        action: &Action,
    ) -> Result<Vec<Event>, Refusal> {
        let st = &self.state;
        let hand = &st.hands[seat];
        match action {
            Action::MahJongg { .. } if seat == st.table.dealer && chosen[seat].is_none() => {
                // R10, standard 5D: the dealer's heavenly hand stops the Charleston.
                match self.judge.mahjong(hand, &[]) {
                    Some(win) => Ok(vec![
                        Event::MahJongg {
                            seat,
                            from: None,
                            hand: hand.to_tiles(),
                            win: win.clone(),
                        },
                        Event::Ended {
                            outcome: self.outcome_of(Ending::MahJongg {
                                winner: seat,
                                discarder: None,
                                jokerless: hand.get(Tile::JOKER) == 0,
                                win,
                                self_picked: false,
                                heavenly: true,
                                exposures: 0,
                            }),
                        },
                    ]),
                    None => refuse(seat, "these fourteen tiles are not a Mah Jongg"),
                }
            }
            Action::StopCharleston => {
                if pass == PassKind::SecondLeft {
                    Ok(vec![Event::CharlestonStopped { by: seat }])
                } else {
                    refuse(
                        seat,
                        "the Charleston can be stopped only after the first Charleston and before the second left is received (standard 5B)",
                    )
                }
            }
            Action::Pass { tiles, blind } => {
                if pass == PassKind::Courtesy {
                    return refuse(seat, "this is the courtesy pass: offer 0-3 tiles across");
                }
                // Standard 5E: when all four wait for a blind tile, East
                // chooses again, three tiles from the rack.
                let deadlock =
                    chosen.0.iter().all(Option::is_some) && resolve_pass(pass, chosen).is_none();
                if deadlock && seat == st.table.dealer {
                    if *blind > 0 {
                        return refuse(
                            seat,
                            "every player is waiting for a blind tile: East completes the pass with three tiles from the rack, none blind (standard 5E)",
                        );
                    }
                } else if deadlock {
                    return refuse(
                        seat,
                        "every player is waiting for a blind tile: East must complete the pass from the rack first (standard 5E)",
                    );
                } else if chosen[seat].is_some() {
                    return refuse(seat, "you have already chosen your tiles for this pass");
                }
                if tiles.len() + *blind as usize != 3 {
                    return refuse(
                        seat,
                        "a Charleston pass is three tiles, blind ones included",
                    );
                }
                if *blind > st.table.blind_allowed(pass) {
                    return refuse(
                        seat,
                        format!(
                            "at most {} tiles may be passed blind on this pass (R17: only on the first left and the last right)",
                            st.table.blind_allowed(pass)
                        ),
                    );
                }
                check_tiles(seat, hand, tiles)?;
                // The last seat to choose may complete the deadlock of
                // standard 5E: the pass then waits for East (`east_completes`).
                Ok(vec![Event::PassChosen {
                    seat,
                    pass,
                    tiles: Some(tiles.clone()),
                    blind: *blind,
                }])
            }
            Action::Courtesy { tiles } => {
                if pass != PassKind::Courtesy {
                    return refuse(seat, "the courtesy pass comes after the Charleston");
                }
                if chosen[seat].is_some() {
                    return refuse(seat, "you have already made your courtesy offer");
                }
                if tiles.len() > 3 {
                    return refuse(seat, "the courtesy pass is 0 to 3 tiles (standard 5B)");
                }
                check_tiles(seat, hand, tiles)?;
                Ok(vec![Event::PassChosen {
                    seat,
                    pass,
                    tiles: Some(tiles.clone()),
                    blind: 0,
                }])
            }
            _ => refuse(seat, "the Charleston is under way: pass tiles (standard 5)"),
        }
    }

    fn check_turn(&self, seat: Seat, t: &Turn, action: &Action) -> Result<Vec<Event>, Refusal> {
        let st = &self.state;
        let hand = &st.hands[seat];
        if let Some(tile) = t.must_expose {
            return match action {
                Action::Expose { naturals, jokers } => {
                    let e = Exposure {
                        tile,
                        naturals: naturals + 1,
                        jokers: *jokers,
                    };
                    check_exposure(seat, hand, &e, None)?;
                    Ok(vec![Event::Exposed { seat, exposure: e }])
                }
                _ => refuse(
                    seat,
                    format!(
                        "expose the claimed {tile} first: a taken tile must be exposed (standard 16A)"
                    ),
                ),
            };
        }
        match action {
            Action::Discard { tile } => {
                if hand.get(*tile) == 0 {
                    return refuse(seat, format!("you have no {tile} on your rack"));
                }
                Ok(vec![Event::Discarded { seat, tile: *tile }])
            }
            Action::Correct { naturals, jokers } => {
                let Some(i) = t.made else {
                    return refuse(
                        seat,
                        "only the exposure made this turn can be corrected (standard 16D)",
                    );
                };
                let old = st.exposures[seat][i as usize];
                let e = Exposure {
                    tile: old.tile,
                    naturals: naturals + 1,
                    jokers: *jokers,
                };
                check_exposure(seat, hand, &e, Some(&old))?;
                Ok(vec![Event::Corrected { seat, exposure: e }])
            }
            Action::ExchangeJoker { owner, exposure } => {
                if t.began == Began::Dealt {
                    return refuse(
                        seat,
                        "pick a tile before exchanging for a joker (standard 19A)",
                    );
                }
                let Some(e) = st.exposures[*owner].get(*exposure as usize) else {
                    return refuse(seat, format!("{owner} has no exposure number {exposure}"));
                };
                if e.jokers == 0 {
                    return refuse(seat, format!("that exposure of {} holds no joker", e.tile));
                }
                if hand.get(e.tile) == 0 {
                    return refuse(
                        seat,
                        format!("you need a {} to exchange for that joker", e.tile),
                    );
                }
                Ok(vec![Event::JokerExchanged {
                    seat,
                    owner: *owner,
                    exposure: *exposure,
                    tile: e.tile,
                }])
            }
            Action::MahJongg { shown } => {
                let exposures = &st.exposures[seat];
                match self.judge.mahjong(hand, exposures) {
                    Some(win) => {
                        let heavenly = t.began == Began::Dealt && st.discards == 0;
                        let jokerless =
                            hand.get(Tile::JOKER) == 0 && exposures.iter().all(|e| e.jokers == 0);
                        let self_picked =
                            !heavenly && (t.began == Began::Picked || t.exchanged_other);
                        // Won on a tile claimed for an exposure (standard 17B): its
                        // discarder threw it, to the exposures made before it.
                        let discarder = if self_picked { None } else { t.claimed_from };
                        let made = usize::from(discarder.is_some() && t.made.is_some());
                        let ending = Ending::MahJongg {
                            winner: seat,
                            discarder,
                            self_picked,
                            heavenly,
                            jokerless,
                            exposures: (exposures.len() - made) as u8,
                            win: win.clone(),
                        };
                        Ok(vec![
                            Event::MahJongg {
                                seat,
                                from: None,
                                hand: hand.to_tiles(),
                                win,
                            },
                            Event::Ended {
                                outcome: self.outcome_of(ending),
                            },
                        ])
                    }
                    None => Ok(vec![Event::FalseMahJongg {
                        seat,
                        shown: *shown,
                        claimed_value: if *shown {
                            self.judge.claimed_value(hand, exposures)
                        } else {
                            0
                        },
                    }]),
                }
            }
            Action::Pick => refuse(seat, "you hold fourteen tiles: discard (standard 9)"),
            Action::Expose { .. } => refuse(seat, "exposures are made with a claimed discard"),
            _ => refuse(
                seat,
                "it is your turn: discard, exchange a joker or declare Mah Jongg",
            ),
        }
    }

    fn check_window(
        &self,
        seat: Seat,
        tile: Tile,
        from: Seat,
        answer: Option<Answer>,
        action: &Action,
    ) -> Result<Vec<Event>, Refusal> {
        match action {
            Action::Withdraw => match answer {
                Some(Answer::Claim(_)) => Ok(vec![Event::Withdrew { seat }]),
                _ => refuse(seat, "you have no claim to withdraw"),
            },
            _ if answer.is_some() => refuse(
                seat,
                if seat == from {
                    "you cannot claim your own discard"
                } else {
                    "you have already answered"
                },
            ),
            Action::Decline => Ok(vec![Event::Answered {
                seat,
                answer: Answer::Decline,
            }]),
            Action::Claim {
                call: Call::Exposure,
            } => {
                let hand = &self.state.hands[seat];
                if hand.get(tile) + hand.get(Tile::JOKER) < 2 {
                    return refuse(
                        seat,
                        format!(
                            "you cannot make a pung with the {tile}: exposures are three or more (standard 16)"
                        ),
                    );
                }
                Ok(vec![Event::Answered {
                    seat,
                    answer: Answer::Claim(Call::Exposure),
                }])
            }
            Action::Claim {
                call: Call::MahJongg,
            } => Ok(vec![Event::Answered {
                seat,
                answer: Answer::Claim(Call::MahJongg),
            }]),
            _ => refuse(
                seat,
                format!("the {tile} is open for claims: claim it or decline"),
            ),
        }
    }

    fn check_dead_call(&self, seat: Seat, target: Seat) -> Result<Vec<Event>, Refusal> {
        let st = &self.state;
        if !matches!(st.phase, Phase::Play(_)) {
            return refuse(seat, "hands are declared dead during play");
        }
        if !st.live(seat) {
            return refuse(seat, "a dead hand cannot declare another dead");
        }
        if target == seat {
            return refuse(seat, "you may not declare yourself dead (standard 14E)");
        }
        if !st.live(target) {
            return refuse(seat, format!("{target} is not a live hand"));
        }
        // Judged on what all can see: the target's exposures against every
        // tile out of play (discards and the others' exposures).
        let mut dead = Counts::default();
        for (_, t) in &st.floor {
            dead.add(*t);
        }
        for s in Seat::ALL.into_iter().filter(|s| *s != target) {
            // Exposed jokers stay out: they can still be redeemed.
            for e in &st.exposures[s] {
                dead.0[e.tile.index()] += e.naturals;
            }
        }
        let upheld = !self.judge.can_still_make(&st.exposures[target], &dead);
        let mut out = vec![Event::DeadCalled {
            by: seat,
            target,
            upheld,
        }];
        if upheld {
            out.push(Event::Dead {
                seat: target,
                reason: DeadReason::CannotMakeHand,
            });
        } else {
            out.push(Event::Penalty {
                seat,
                kind: PenaltyKind::FalseDeadCall,
            });
            if st.table.false_dead_call_makes_dead {
                out.push(Event::Dead {
                    seat,
                    reason: DeadReason::WrongDeadCall,
                });
            }
        }
        Ok(out)
    }

    /// Applies the moves no one chooses: a completed pass, a closed window,
    /// a dead hand's turn skipped, the end of the wall.
    fn settle(&mut self) {
        while let Some(e) = self.automatic() {
            self.push(e);
        }
    }

    fn automatic(&self) -> Option<Event> {
        let st = &self.state;
        match &st.phase {
            Phase::Setup => None,
            Phase::Over if st.outcome.is_some() => None,
            Phase::Over => self.discard_win_ending(),
            Phase::Charleston(c) => {
                if c.chosen.0.iter().any(Option::is_none) {
                    return None;
                }
                let chosen = BySeat::from_fn(|s| {
                    c.chosen[s].clone().unwrap_or(Choice {
                        tiles: vec![],
                        blind: 0,
                    })
                });
                let (gave, kept) = if c.pass == PassKind::Courtesy {
                    courtesy(&chosen)
                } else {
                    resolve_pass(c.pass, &c.chosen)?
                };
                Some(Event::Passed {
                    pass: c.pass,
                    gave: gave.map(Some),
                    kept: kept.map(Some),
                    blind: chosen.map(|c| c.blind),
                })
            }
            Phase::Play(step) => {
                // Every other hand exposed after a shown false Mah Jongg is
                // R8's "all hands exposed", not a table of dead hands.
                let error_answered = matches!(step, Step::Error { answers, .. }
                    if answers.0.iter().all(Option::is_some));
                if !error_answered && !Seat::ALL.into_iter().any(|s| st.live(s)) {
                    return Some(self.end(Ending::NoLiveHands));
                }
                match step {
                    Step::Turn(t) if !st.live(t.seat) => Some(self.next_after(t.seat)),
                    Step::Pick(s) if !st.live(*s) => Some(self.next_after(*s)),
                    Step::Pick(_) if st.wall_left() == 0 => Some(self.end(Ending::Wall)),
                    Step::Window(w) if w.answers.0.iter().all(Option::is_some) => {
                        let Some((tile, from, _)) = w.callable else {
                            return Some(self.next_after(w.last));
                        };
                        let mut claims: Vec<(Seat, Call)> = Seat::ALL
                            .into_iter()
                            .filter_map(|s| match w.answers[s] {
                                Some(Answer::Claim(c)) => Some((s, c)),
                                _ => None,
                            })
                            .collect();
                        // R16: Mah Jongg beats an exposure; then nearest after the discarder.
                        claims.sort_by_key(|(s, c)| (*c != Call::MahJongg, s.turns_after(from)));
                        match claims.first() {
                            None => Some(self.next_after(w.last)),
                            Some(&(seat, Call::MahJongg)) => {
                                let mut hand = st.hands[seat];
                                hand.add(tile);
                                Some(self.mahjong_on_discard(seat, from, &hand))
                            }
                            Some(&(seat, Call::Exposure)) => Some(Event::Took { seat, tile, from }),
                        }
                    }
                    Step::Error {
                        declarer,
                        claimed_value,
                        answers,
                    } if answers.0.iter().all(Option::is_some) => {
                        let intact: Vec<Seat> =
                            Seat::ALL.into_iter().filter(|s| st.live(*s)).collect();
                        if intact.len() >= 2 {
                            Some(self.next_after(*declarer))
                        } else {
                            Some(self.end(Ending::MahJonggInError {
                                declarer: *declarer,
                                intact,
                                claimed_value: *claimed_value,
                            }))
                        }
                    }
                    _ => None,
                }
            }
        }
    }

    /// The claim for Mah Jongg nearest the discarder: a win, or a void claim.
    fn mahjong_on_discard(&self, seat: Seat, from: Seat, hand: &Counts) -> Event {
        let exposures = &self.state.exposures[seat];
        match self.judge.mahjong(hand, exposures) {
            Some(win) => Event::MahJongg {
                seat,
                from: Some(from),
                hand: hand.to_tiles(),
                win,
            },
            None => Event::FalseMahJongg {
                seat,
                shown: false,
                claimed_value: 0,
            },
        }
    }

    /// The `Ended` event after a Mah Jongg on a discard.
    fn discard_win_ending(&self) -> Option<Event> {
        let Some(Event::MahJongg {
            seat,
            from: Some(from),
            win,
            ..
        }) = self.events.last()
        else {
            return None;
        };
        let hand = &self.state.hands[*seat];
        let exposures = &self.state.exposures[*seat];
        Some(self.end(Ending::MahJongg {
            winner: *seat,
            discarder: Some(*from),
            win: win.clone(),
            self_picked: false,
            heavenly: false,
            jokerless: hand.get(Tile::JOKER) == 0 && exposures.iter().all(|e| e.jokers == 0),
            exposures: exposures.len() as u8,
        }))
    }

    fn next_after(&self, seat: Seat) -> Event {
        match self.state.next_live(seat) {
            Some(s) => Event::Next { seat: s },
            None => self.end(Ending::NoLiveHands),
        }
    }

    fn end(&self, ending: Ending) -> Event {
        Event::Ended {
            outcome: self.outcome_of(ending),
        }
    }

    fn outcome_of(&self, ending: Ending) -> Outcome {
        let st = &self.state;
        Outcome {
            ending,
            dead: st.dead,
            penalties: st.penalties.clone(),
            turns: st.turns,
            wall_left: st.wall_left() as u32,
        }
    }
}

fn check_tiles(seat: Seat, hand: &Counts, tiles: &[Tile]) -> Result<(), Refusal> {
    let mut left = *hand;
    for t in tiles {
        if t.is_joker() {
            return refuse(seat, "jokers are never passed in the Charleston");
        }
        if !left.remove(*t) {
            return refuse(seat, format!("you do not hold that many {t}"));
        }
    }
    Ok(())
}

/// A pung, kong, quint or sextet with its first tile natural, from the rack
/// (plus the tiles of `old`, the exposure being corrected).
fn check_exposure(
    seat: Seat,
    hand: &Counts,
    e: &Exposure,
    old: Option<&Exposure>,
) -> Result<(), Refusal> {
    if !(3..=6).contains(&e.len()) {
        return refuse(
            seat,
            "an exposure is a pung, kong, quint or sextet: 3 to 6 tiles (singles and pairs only for Mah Jongg)",
        );
    }
    let mut have = *hand;
    if let Some(o) = old {
        have.0[o.tile.index()] += o.naturals;
        have.0[Tile::JOKER.index()] += o.jokers;
    }
    if have.get(e.tile) < e.naturals {
        return refuse(
            seat,
            format!("you do not hold {} of the {}", e.naturals, e.tile),
        );
    }
    if have.get(Tile::JOKER) < e.jokers {
        return refuse(seat, format!("you do not hold {} jokers", e.jokers));
    }
    Ok(())
}

/// The deal from the broken wall: three rounds of four tiles, then one each
/// and a last one for the dealer (dealer 14, others 13).
fn deal(table: &Table, wall: &[Tile]) -> BySeat<Option<Vec<Tile>>> {
    let order: Vec<Seat> = (0..4)
        .map(|i| Seat::from_index(table.dealer.index() + i))
        .filter(|s| table.present[*s])
        .collect();
    let mut hands: BySeat<Vec<Tile>> = BySeat::default();
    let mut at = 0;
    for _ in 0..3 {
        for s in &order {
            hands[*s].extend_from_slice(&wall[at..at + 4]);
            at += 4;
        }
    }
    for s in &order {
        hands[*s].push(wall[at]);
        at += 1;
    }
    hands[table.dealer].push(wall[at]);
    BySeat::from_fn(|s| {
        if table.present[s] {
            Some(std::mem::take(&mut hands[s]))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::ToyJudge;

    /// East holds `east` (and fillers); the rest of the set is the other racks and the wall.
    fn position(east: Vec<Tile>) -> Result<(), String> {
        let mut rest = Counts::from_tiles(&full_set());
        for t in &east {
            rest.remove(*t);
        }
        let mut rest = rest.to_tiles();
        let mut hands: BySeat<Vec<Tile>> = BySeat::default();
        hands[Seat::East] = east;
        for s in [Seat::South, Seat::West, Seat::North] {
            hands[s] = rest.drain(..13).collect();
        }
        Game::from_position(Table::standard(), hands, rest, &ToyJudge).map(|_| ())
    }

    #[test]
    fn a_position_names_the_tile_no_set_holds_so_many_of() {
        let five = jongg_tiles::parse_tiles("5Bx5 1Dx4 2Dx4 F").unwrap();
        let e = position(five).unwrap_err();
        assert!(e.starts_with("east's rack: 5 × 5B"), "{e}");
        let ok = jongg_tiles::parse_tiles("5Bx4 1Dx4 2Dx4 F F").unwrap();
        assert_eq!(position(ok), Ok(()));
    }

    #[test]
    fn a_wall_off_the_set_is_named_not_a_panic() {
        let judge = ToyJudge;
        let e = Game::from_wall(Table::standard(), vec![Tile::JOKER; 1000], &judge).unwrap_err();
        assert_eq!(e, "the wall holds 1000 tiles, not 152");
        let mut wall = full_set();
        wall[0] = Tile::JOKER;
        let e = Game::from_wall(Table::standard(), wall, &judge).unwrap_err();
        assert!(e.ends_with("3 × 1D where the set has 4"), "{e}");
    }

    /// R7: time called ends the game where it stands; its record is the
    /// `timeout` result, 0 for every player under every preset; nothing
    /// is played after it, and it is called once.
    #[test]
    fn r7_time_called_ends_the_game_and_scores_zero_for_everyone() {
        let judge = ToyJudge;
        let mut game = Game::new(Table::standard(), 7, &judge).unwrap();
        assert!(!game.is_over());
        let events = game.call_time().unwrap().to_vec();
        assert_eq!(events.len(), 1);
        assert!(matches!(
            &events[0],
            Event::Ended { outcome } if outcome.ending == Ending::TimeCalled
        ));
        assert!(game.is_over());
        let record = game.record().unwrap();
        assert_eq!(record.result, jongg_rules::record::GameResult::Timeout);
        for name in jongg_rules::PRESET_NAMES.iter().copied() {
            let preset = jongg_rules::Preset::builtin(name).unwrap();
            let scored = jongg_rules::score(&preset, &record).unwrap();
            assert_eq!(scored.points, BySeat([0; 4]), "{name}");
        }
        assert_eq!(game.call_time().unwrap_err(), "the game is over");
        let e = game.act(Seat::East, &Action::Pick).unwrap_err();
        assert!(e.reason.contains("over"), "{e:?}");
        // Folded again from its events, the game is over the same way.
        let again = Game::from_events(game.events().to_vec(), &judge);
        assert_eq!(again.outcome(), game.outcome());
    }

    #[test]
    fn r7_time_cannot_be_called_on_a_game_not_yet_dealt() {
        let mut game = Game::resume(State::default(), &ToyJudge);
        assert_eq!(game.call_time().unwrap_err(), "the game has not been dealt");
        assert!(game.events().is_empty());
    }
}
