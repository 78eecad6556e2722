//! What one seat may see: its own tiles and everything public, nothing else.
//! [`View`] borrows the state and offers only those accessors; bots and the
//! server see the table only through it. [`Snapshot`] is its serialisable copy.

use crate::event::{Answer, DeadReason, PassKind};
use crate::judge::Exposure;
use crate::state::{Began, Phase, State, Step};
use crate::table::Table;
use jongg_tiles::{BySeat, Counts, Seat, Tile};
use serde::{Deserialize, Serialize};

/// Where the game stands, as the viewing seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Situation {
    /// A Charleston pass; `chosen`: this seat has chosen its tiles (East
    /// chooses again when all four wait for a blind tile, standard 5E).
    Charleston {
        pass: PassKind,
        chosen: bool,
    },
    /// This seat's turn: it holds fourteen tiles.
    MyTurn {
        /// A claimed tile that must be exposed first.
        must_expose: Option<Tile>,
        /// The exposure made this turn, still open to correction.
        made: Option<u8>,
        /// The turn began with a pick or a claim (not the dealer's first turn).
        begun: bool,
    },
    /// This seat must pick from the wall.
    MustPick,
    /// A discard is open for claims.
    Window {
        tile: Tile,
        from: Seat,
        answer: Option<Answer>,
        /// The discard's event number, which a claim or decline names: the
        /// engine does not number events, a live table does (`jongg-play`
        /// fills it in every view it sends; docs/play-protocol.md).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// After a shown false Mah Jongg (R8): did this seat expose its hand?
    MahJonggInError {
        declarer: Seat,
        answered: bool,
    },
    /// Another seat is to act.
    Waiting {
        on: Option<Seat>,
    },
    Over,
}

/// A seat's window on the table.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    state: &'a State,
    seat: Seat,
}

impl<'a> View<'a> {
    pub(crate) fn new(state: &'a State, seat: Seat) -> View<'a> {
        View { state, seat }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn table(&self) -> &'a Table {
        &self.state.table
    }

    /// This seat's concealed tiles.
    pub fn hand(&self) -> &'a Counts {
        &self.state.hands[self.seat]
    }

    pub fn exposures(&self, seat: Seat) -> &'a [Exposure] {
        &self.state.exposures[seat]
    }

    /// Discards on the table, oldest first.
    pub fn floor(&self) -> &'a [(Seat, Tile)] {
        &self.state.floor
    }

    pub fn wall_left(&self) -> usize {
        self.state.wall_left()
    }

    /// Tiles on a seat's rack (concealed and exposed): public, they can be counted.
    pub fn rack_len(&self, seat: Seat) -> usize {
        self.state.rack_len(seat)
    }

    pub fn dead(&self, seat: Seat) -> Option<DeadReason> {
        self.state.dead[seat]
    }

    pub fn live(&self, seat: Seat) -> bool {
        self.state.live(seat)
    }

    /// The tiles this seat chose for the current pass.
    pub fn my_pass(&self) -> Option<(&'a [Tile], u8)> {
        match &self.state.phase {
            Phase::Charleston(c) => c.chosen[self.seat]
                .as_ref()
                .map(|c| (&c.tiles[..], c.blind)),
            _ => None,
        }
    }

    /// Standard 5E: this seat is East and every seat waits for a blind tile;
    /// East must pass three tiles from the rack, none blind.
    pub fn east_completes(&self) -> bool {
        matches!(&self.state.phase, Phase::Charleston(c)
            if self.seat == self.state.table.dealer && c.east_completes())
    }

    /// Every tile this seat knows is out of its reach: the floor and all exposures.
    pub fn seen(&self) -> Counts {
        let mut c = Counts::default();
        for (_, t) in self.floor() {
            c.add(*t);
        }
        for s in Seat::ALL {
            for e in self.exposures(s) {
                c.0[e.tile.index()] += e.naturals;
                c.0[Tile::JOKER.index()] += e.jokers;
            }
        }
        c
    }

    pub fn situation(&self) -> Situation {
        let me = self.seat;
        match &self.state.phase {
            Phase::Setup => Situation::Waiting { on: None },
            Phase::Over => Situation::Over,
            Phase::Charleston(c) => Situation::Charleston {
                pass: c.pass,
                chosen: c.chosen[me].is_some() && !self.east_completes(),
            },
            Phase::Play(Step::Turn(t)) if t.seat == me => Situation::MyTurn {
                must_expose: t.must_expose,
                made: t.made,
                begun: t.began != Began::Dealt,
            },
            Phase::Play(Step::Turn(t)) => Situation::Waiting { on: Some(t.seat) },
            Phase::Play(Step::Pick(s)) if *s == me => Situation::MustPick,
            Phase::Play(Step::Pick(s)) => Situation::Waiting { on: Some(*s) },
            Phase::Play(Step::Window(w)) => match w.callable {
                Some((tile, from, _)) if from != me && self.state.live(me) => Situation::Window {
                    tile,
                    from,
                    answer: w.answers[me],
                    at: None,
                },
                _ => Situation::Waiting { on: None },
            },
            Phase::Play(Step::Error {
                declarer, answers, ..
            }) => Situation::MahJonggInError {
                declarer: *declarer,
                answered: answers[me].is_some(),
            },
        }
    }

    /// Whether the engine waits for this seat.
    pub fn awaited(&self) -> bool {
        self.state.awaiting(self.seat)
    }

    /// A serialisable copy, for a client.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            seat: self.seat,
            table: self.state.table.clone(),
            hand: self.hand().to_tiles(),
            my_pass: self.my_pass().map(|(t, _)| t.to_vec()),
            exposures: BySeat::from_fn(|s| self.exposures(s).to_vec()),
            rack_len: BySeat::from_fn(|s| self.rack_len(s)),
            dead: BySeat::from_fn(|s| self.dead(s)),
            floor: self.floor().to_vec(),
            wall_left: self.wall_left(),
            situation: self.situation(),
            awaiting: BySeat::from_fn(|s| self.state.awaiting(s)),
        }
    }
}

/// A seat's view as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub seat: Seat,
    pub table: Table,
    pub hand: Vec<Tile>,
    pub my_pass: Option<Vec<Tile>>,
    pub exposures: BySeat<Vec<Exposure>>,
    pub rack_len: BySeat<usize>,
    pub dead: BySeat<Option<DeadReason>>,
    pub floor: Vec<(Seat, Tile)>,
    pub wall_left: usize,
    pub situation: Situation,
    /// Who the engine waits for (public: a table sees who is thinking).
    pub awaiting: BySeat<bool>,
}
