//! Positions: a short text that sets up a table (preset, card, racks,
//! exposures, discards, the wall's front, the Charleston or whose turn) and
//! scripts actions against it with expectations, so that a director can check
//! a ruling in ten lines (issue 23.9, `docs/positions.md`).
//!
//! `parse.rs` reads the text into a [`Script`] (every error names its line),
//! `write.rs` writes one back, `setup.rs` turns a [`Position`] into a game,
//! `run.rs` plays the script and checks each expectation (`expect.rs`).

mod action;
mod check;
mod expect;
mod parse;
mod run;
mod setup;
pub(crate) mod words;
mod write;

pub use expect::{EndKind, Expect, PointsOf};
pub use parse::parse;
pub use run::{Check, Report, run};
pub use setup::{Judges, setup};

use crate::event::{Action, PassKind};
use crate::judge::Exposure;
use jongg_tiles::{BySeat, Seat, Tile};

/// The card that judges Mah Jongg at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardName {
    /// The engine's made-up test card ([`crate::ToyJudge`]): one suit, a
    /// pair and groups of three or four; 25, or 50 without a joker.
    Toy,
    /// The repository's practice card (`cards/practice.card`).
    Practice,
}

/// Where the position stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// This seat holds fourteen and is to discard (the dealer's first turn
    /// when nothing is on the floor, else a turn after a pick).
    Turn(Seat),
    /// Every rack holds thirteen; this seat picks next.
    Pick(Seat),
    /// The Charleston, this pass under way, nothing chosen yet.
    Charleston(PassKind),
}

/// A table set up tile by tile. Racks shorter than their size are filled up
/// with tiles nobody named (see [`setup`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The rules preset's name.
    pub rules: String,
    pub card: CardName,
    pub dealer: Seat,
    /// The empty seat of a table of three (R12).
    pub empty: Option<Seat>,
    /// Each rack's concealed tiles as written.
    pub racks: BySeat<Vec<Tile>>,
    pub exposed: BySeat<Vec<Exposure>>,
    /// The floor in order: who threw what.
    pub discards: Vec<(Seat, Tile)>,
    /// The front of the wall, next pick first.
    pub wall: Vec<Tile>,
    /// The wall holds only this many tiles (the rest are already picked).
    pub wall_left: Option<usize>,
    /// `None`: the dealer's first turn after the Charleston.
    pub start: Option<Start>,
}

impl Default for Position {
    fn default() -> Position {
        Position {
            rules: "standard".into(),
            card: CardName::Toy,
            dealer: Seat::East,
            empty: None,
            racks: BySeat::default(),
            exposed: BySeat::default(),
            discards: Vec::new(),
            wall: Vec::new(),
            wall_left: None,
            start: None,
        }
    }
}

impl Position {
    /// The seat whose turn it is at the start, if play is under way.
    pub fn turn(&self) -> Option<Seat> {
        match self.start {
            None => Some(self.dealer),
            Some(Start::Turn(s)) => Some(s),
            Some(Start::Pick(_) | Start::Charleston(_)) => None,
        }
    }

    /// The tiles `seat` holds at the start, concealed and exposed.
    pub fn rack_size(&self, seat: Seat) -> usize {
        if Some(seat) == self.empty {
            return 0;
        }
        let fourteen = match self.start {
            Some(Start::Charleston(_)) => seat == self.dealer,
            _ => self.turn() == Some(seat),
        };
        if fourteen { 14 } else { 13 }
    }
}

/// One line of the script after the set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// `discard`: the discard a claim names (`W claim 12`), counted from
    /// the game's first; a claim for another is refused (issue 23.3).
    Act {
        seat: Seat,
        action: Action,
        discard: Option<u32>,
    },
    Expect(Expect),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The line of the file, from 1.
    pub line: usize,
    pub kind: StepKind,
}

/// A position and what is played and expected from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub position: Position,
    pub steps: Vec<Step>,
}

/// A mistake in a position's text: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PositionError {
    pub line: usize,
    pub message: String,
}

impl PositionError {
    pub fn new(line: usize, message: impl Into<String>) -> PositionError {
        PositionError {
            line,
            message: message.into(),
        }
    }
}
