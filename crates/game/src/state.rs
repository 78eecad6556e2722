//! The table's state, and how each event changes it ([`State::apply`]).
//! `apply` trusts the event: events come from `Game::act`, which checks every
//! action first. The state is the fold of the events from an empty table.

use crate::event::{Answer, DeadReason, Event, PassKind};
use crate::judge::Exposure;
use crate::outcome::{Conduct, Outcome};
use crate::table::Table;
use jongg_tiles::{BySeat, Counts, Seat, Tile};

/// A seat's chosen tiles for the current pass (private to the seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub tiles: Vec<Tile>,
    pub blind: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charleston {
    pub pass: PassKind,
    pub chosen: BySeat<Option<Choice>>,
}

/// How the current turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Began {
    /// The dealer's first turn, with the dealt fourteenth tile.
    Dealt,
    Picked,
    Claimed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: Seat,
    pub began: Began,
    /// A claimed tile not yet exposed.
    pub must_expose: Option<Tile>,
    /// The exposure made this turn (its index), open to correction.
    pub made: Option<u8>,
    /// A joker was taken from another player's exposure this turn (R9).
    pub exchanged_other: bool,
    /// Who threw the claimed tile, when the turn began with a claim.
    pub claimed_from: Option<Seat>,
}

/// The claim window on a discard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// The tile that may be claimed, who threw it and where it lies on the
    /// floor; `None` when nothing can be claimed (a discarded joker).
    pub callable: Option<(Tile, Seat, usize)>,
    /// Who discarded last: the next pick is the seat after.
    pub last: Seat,
    /// `None` while awaited.
    pub answers: BySeat<Option<Answer>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Turn(Turn),
    Window(Window),
    Pick(Seat),
    /// After a shown false Mah Jongg (R8): the others say whether they exposed.
    Error {
        declarer: Seat,
        /// The value of the hand the declarer claimed.
        claimed_value: u32,
        answers: BySeat<Option<bool>>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the deal.
    Setup,
    Charleston(Charleston),
    Play(Step),
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) seed: u64,
    pub(crate) table: Table,
    pub(crate) dice: [u8; 2],
    /// The picking order of the wall.
    pub(crate) wall: Vec<Tile>,
    pub(crate) drawn: usize,
    /// Concealed tiles of each rack.
    pub(crate) hands: BySeat<Counts>,
    pub(crate) exposures: BySeat<Vec<Exposure>>,
    /// Discards in order, with who threw them (claimed ones removed).
    pub(crate) floor: Vec<(Seat, Tile)>,
    /// Where on the floor the last natural discard lies while it can still be
    /// claimed under R16 (a joker covers it unless the table says otherwise).
    pub(crate) open: Option<usize>,
    pub(crate) dead: BySeat<Option<DeadReason>>,
    pub(crate) penalties: Vec<Conduct>,
    pub(crate) phase: Phase,
    pub(crate) turns: u32,
    pub(crate) discards: u32,
    pub(crate) outcome: Option<Outcome>,
}

impl Default for State {
    fn default() -> State {
        State {
            seed: 0,
            table: Table::standard(),
            dice: [0; 2],
            wall: Vec::new(),
            drawn: 0,
            hands: BySeat::default(),
            exposures: BySeat::default(),
            floor: Vec::new(),
            open: None,
            dead: BySeat::default(),
            penalties: Vec::new(),
            phase: Phase::Setup,
            turns: 0,
            discards: 0,
            outcome: None,
        }
    }
}

impl State {
    /// The state after these events, from an empty table.
    pub fn fold<'a>(events: impl IntoIterator<Item = &'a Event>) -> State {
        let mut s = State::default();
        for e in events {
            s.apply(e);
        }
        s
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn wall_left(&self) -> usize {
        self.wall.len() - self.drawn
    }

    pub fn exposures(&self, seat: Seat) -> &[Exposure] {
        &self.exposures[seat]
    }

    pub fn floor(&self) -> &[(Seat, Tile)] {
        &self.floor
    }

    pub fn dead(&self, seat: Seat) -> Option<DeadReason> {
        self.dead[seat]
    }

    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Seated and not dead.
    pub fn live(&self, seat: Seat) -> bool {
        self.table.present[seat] && self.dead[seat].is_none()
    }

    /// Tiles on the rack, concealed and exposed.
    pub fn rack_len(&self, seat: Seat) -> usize {
        self.hands[seat].total()
            + self.exposures[seat]
                .iter()
                .map(Exposure::len)
                .sum::<usize>()
    }

    /// The next live seat after `seat` in turn, if any other is live.
    pub fn next_live(&self, seat: Seat) -> Option<Seat> {
        (1..=4)
            .map(|i| Seat::from_index(seat.index() + i))
            .find(|s| self.live(*s))
    }

    /// Every tile at the table by kind: wall left, racks, floor. Always the
    /// full set (the engine's first invariant).
    pub fn census(&self) -> Counts {
        let mut c = Counts::default();
        for t in &self.wall[self.drawn..] {
            c.add(*t);
        }
        for s in Seat::ALL {
            for t in Tile::all_kinds() {
                c.0[t.index()] += self.hands[s].get(t);
            }
            for e in &self.exposures[s] {
                c.0[e.tile.index()] += e.naturals;
                c.0[Tile::JOKER.index()] += e.jokers;
            }
        }
        for (_, t) in &self.floor {
            c.add(*t);
        }
        c
    }

    /// Who the engine waits for.
    pub fn awaiting(&self, seat: Seat) -> bool {
        match &self.phase {
            Phase::Setup | Phase::Over => false,
            Phase::Charleston(c) => {
                c.chosen[seat].is_none() || (seat == self.table.dealer && c.east_completes())
            }
            Phase::Play(Step::Turn(t)) => t.seat == seat,
            Phase::Play(Step::Pick(s)) => *s == seat,
            Phase::Play(Step::Window(w)) => w.answers[seat].is_none(),
            Phase::Play(Step::Error { answers, .. }) => answers[seat].is_none(),
        }
    }

    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Began {
                seed,
                table,
                dice,
                wall,
            } => {
                *self = State {
                    seed: *seed,
                    table: table.clone(),
                    dice: *dice,
                    wall: wall.clone().unwrap_or_default(),
                    ..State::default()
                };
            }
            Event::Dealt { hands } => {
                for (s, h) in hands.iter() {
                    if let Some(h) = h {
                        self.hands[s] = Counts::from_tiles(h);
                        self.drawn += h.len();
                    }
                }
                self.phase = if self.table.charleston() {
                    Phase::Charleston(Charleston {
                        pass: PassKind::FirstRight,
                        chosen: BySeat::default(),
                    })
                } else {
                    self.start_play()
                };
            }
            Event::Arranged { hands } => {
                for (s, h) in hands.iter() {
                    self.hands[s] = Counts::from_tiles(h.as_deref().unwrap_or_default());
                }
                self.phase = self.start_play();
            }
            Event::PassChosen {
                seat, tiles, blind, ..
            } => {
                if let Phase::Charleston(c) = &mut self.phase {
                    c.chosen[*seat] = Some(Choice {
                        tiles: tiles.clone().unwrap_or_default(),
                        blind: *blind,
                    });
                }
            }
            Event::Passed {
                pass, gave, kept, ..
            } => {
                for s in Seat::ALL {
                    for t in gave[s].iter().flatten() {
                        self.hands[s].remove(*t);
                    }
                    for t in kept[s].iter().flatten() {
                        self.hands[s].add(*t);
                    }
                }
                let next = match pass {
                    PassKind::SecondRight if !self.table.courtesy_pass => None,
                    PassKind::FirstLeft if !self.table.second_charleston => {
                        Some(PassKind::Courtesy).filter(|_| self.table.courtesy_pass)
                    }
                    p => p.following(),
                };
                self.phase = match next {
                    Some(pass) => Phase::Charleston(Charleston {
                        pass,
                        chosen: BySeat::default(),
                    }),
                    None => self.start_play(),
                };
            }
            Event::CharlestonStopped { .. } => {
                self.phase = if self.table.courtesy_pass {
                    Phase::Charleston(Charleston {
                        pass: PassKind::Courtesy,
                        chosen: BySeat::default(),
                    })
                } else {
                    self.start_play()
                };
            }
            Event::Picked { seat, tile } => {
                if let Some(t) = tile {
                    self.hands[*seat].add(*t);
                }
                self.drawn += 1;
                self.turns += 1;
                self.phase = Phase::Play(Step::Turn(Turn {
                    seat: *seat,
                    began: Began::Picked,
                    must_expose: None,
                    made: None,
                    exchanged_other: false,
                    claimed_from: None,
                }));
            }
            Event::Discarded { seat, tile } => {
                self.hands[*seat].remove(*tile);
                self.floor.push((*seat, *tile));
                self.discards += 1;
                if !self.table.last_discard_callable && self.wall_left() == 0 {
                    // mississippi-2025: the game ends with the last discard.
                    self.open = None;
                } else if !tile.is_joker() {
                    self.open = Some(self.floor.len() - 1);
                } else if self.table.joker_covers {
                    self.open = None;
                }
                let callable = self.callable();
                let answers = BySeat::from_fn(|s| {
                    let can = callable.is_some_and(|(_, from, _)| s != from)
                        && s != *seat
                        && self.live(s);
                    if can { None } else { Some(Answer::Decline) }
                });
                self.phase = Phase::Play(Step::Window(Window {
                    callable,
                    last: *seat,
                    answers,
                }));
            }
            Event::Answered { seat, answer } => {
                if let Phase::Play(Step::Window(w)) = &mut self.phase {
                    w.answers[*seat] = Some(*answer);
                }
            }
            Event::Withdrew { seat } => {
                if let Phase::Play(Step::Window(w)) = &mut self.phase {
                    w.answers[*seat] = None;
                }
            }
            Event::Took { seat, tile, from } => {
                if let Phase::Play(Step::Window(Window {
                    callable: Some((_, _, i)),
                    ..
                })) = self.phase
                {
                    self.floor.remove(i);
                }
                self.open = None;
                self.hands[*seat].add(*tile);
                self.turns += 1;
                self.phase = Phase::Play(Step::Turn(Turn {
                    seat: *seat,
                    began: Began::Claimed,
                    must_expose: Some(*tile),
                    made: None,
                    exchanged_other: false,
                    claimed_from: Some(*from),
                }));
            }
            Event::Next { seat } => self.phase = Phase::Play(Step::Pick(*seat)),
            Event::Exposed { seat, exposure } => {
                let h = &mut self.hands[*seat];
                for _ in 0..exposure.naturals {
                    h.remove(exposure.tile);
                }
                for _ in 0..exposure.jokers {
                    h.remove(Tile::JOKER);
                }
                self.exposures[*seat].push(*exposure);
                let index = (self.exposures[*seat].len() - 1) as u8;
                if let Phase::Play(Step::Turn(t)) = &mut self.phase {
                    t.must_expose = None;
                    t.made = Some(index);
                }
            }
            Event::Corrected { seat, exposure } => {
                if let Phase::Play(Step::Turn(Turn { made: Some(i), .. })) = self.phase {
                    let old = self.exposures[*seat][i as usize];
                    let h = &mut self.hands[*seat];
                    for _ in 0..old.naturals {
                        h.add(old.tile);
                    }
                    for _ in 0..old.jokers {
                        h.add(Tile::JOKER);
                    }
                    for _ in 0..exposure.naturals {
                        h.remove(exposure.tile);
                    }
                    for _ in 0..exposure.jokers {
                        h.remove(Tile::JOKER);
                    }
                    self.exposures[*seat][i as usize] = *exposure;
                }
            }
            Event::JokerExchanged {
                seat,
                owner,
                exposure,
                tile,
            } => {
                if let Some(e) = self.exposures[*owner].get_mut(*exposure as usize) {
                    e.jokers -= 1;
                    e.naturals += 1;
                }
                self.hands[*seat].remove(*tile);
                self.hands[*seat].add(Tile::JOKER);
                if let Phase::Play(Step::Turn(t)) = &mut self.phase
                    && owner != seat
                {
                    t.exchanged_other = true;
                }
            }
            Event::FalseMahJongg {
                seat,
                shown,
                claimed_value,
            } => {
                if *shown {
                    self.dead[*seat] = Some(DeadReason::MahJonggInError);
                    let answers = BySeat::from_fn(|s| {
                        if s != *seat && self.live(s) {
                            None
                        } else {
                            Some(false)
                        }
                    });
                    self.phase = Phase::Play(Step::Error {
                        declarer: *seat,
                        claimed_value: *claimed_value,
                        answers,
                    });
                } else if let Phase::Play(Step::Window(w)) = &mut self.phase {
                    // A false claim on a discard is void (R8: a verbal claim costs nothing).
                    w.answers[*seat] = Some(Answer::Decline);
                }
            }
            Event::ErrorAnswered { seat, threw_in } => {
                if *threw_in {
                    self.dead[*seat] = Some(DeadReason::ExposedInError);
                }
                if let Phase::Play(Step::Error { answers, .. }) = &mut self.phase {
                    answers[*seat] = Some(*threw_in);
                }
            }
            Event::DeadCalled { .. } => {}
            Event::Dead { seat, reason } => {
                self.dead[*seat] = Some(*reason);
                match &mut self.phase {
                    Phase::Play(Step::Window(w)) => {
                        w.answers[*seat] = Some(Answer::Decline);
                    }
                    Phase::Play(Step::Error { answers, .. }) => {
                        answers[*seat].get_or_insert(false);
                    }
                    _ => {}
                }
            }
            Event::Penalty { seat, kind } => self.penalties.push(Conduct {
                seat: *seat,
                kind: *kind,
            }),
            Event::MahJongg { seat, from, .. } => {
                if from.is_some()
                    && let Phase::Play(Step::Window(Window {
                        callable: Some((tile, _, i)),
                        ..
                    })) = self.phase
                {
                    self.floor.remove(i);
                    self.hands[*seat].add(tile);
                }
                self.phase = Phase::Over;
            }
            Event::Ended { outcome } => {
                self.outcome = Some(outcome.clone());
                self.phase = Phase::Over;
            }
        }
    }

    fn start_play(&mut self) -> Phase {
        self.turns += 1;
        Phase::Play(Step::Turn(Turn {
            seat: self.table.dealer,
            began: Began::Dealt,
            must_expose: None,
            made: None,
            exchanged_other: false,
            claimed_from: None,
        }))
    }

    /// The tile a claim may take after the last discard (R16; `beth-emeth`
    /// rule 11 keeps the natural before a discarded joker open).
    fn callable(&self) -> Option<(Tile, Seat, usize)> {
        let i = self.open?;
        let (seat, tile) = self.floor[i];
        Some((tile, seat, i))
    }
}
