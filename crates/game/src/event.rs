//! What a seat asks ([`Action`]), what happened ([`Event`]), and why an action
//! was refused ([`Refusal`]).

use crate::judge::{Exposure, Win};
use crate::outcome::Outcome;
use crate::table::Table;
use jongg_rules::record::PenaltyKind;
use jongg_tiles::{BySeat, Seat, Tile};
use serde::{Deserialize, Serialize};

/// The passes of the Charleston, in order (`standard` 5A: "ROL LOR"), then
/// the optional courtesy pass across.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassKind {
    FirstRight,
    FirstAcross,
    FirstLeft,
    SecondLeft,
    SecondAcross,
    SecondRight,
    Courtesy,
}

impl PassKind {
    /// The seat that `seat` passes to.
    pub fn receiver(self, seat: Seat) -> Seat {
        match self {
            PassKind::FirstRight | PassKind::SecondRight => seat.next(),
            PassKind::FirstLeft | PassKind::SecondLeft => seat.prev(),
            _ => seat.across(),
        }
    }

    /// The seat that passes to `seat`.
    pub fn giver(self, seat: Seat) -> Seat {
        match self {
            PassKind::FirstRight | PassKind::SecondRight => seat.prev(),
            PassKind::FirstLeft | PassKind::SecondLeft => seat.next(),
            _ => seat.across(),
        }
    }

    /// The pass after this one when the Charleston goes on.
    pub fn following(self) -> Option<PassKind> {
        Some(match self {
            PassKind::FirstRight => PassKind::FirstAcross,
            PassKind::FirstAcross => PassKind::FirstLeft,
            PassKind::FirstLeft => PassKind::SecondLeft,
            PassKind::SecondLeft => PassKind::SecondAcross,
            PassKind::SecondAcross => PassKind::SecondRight,
            PassKind::SecondRight => PassKind::Courtesy,
            PassKind::Courtesy => return None,
        })
    }
}

/// A claim on a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    Exposure,
    MahJongg,
}

/// A seat's answer in a claim window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Decline,
    Claim(Call),
}

/// What a seat asks the engine to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// A Charleston pass: the tiles from the rack, plus `blind` tiles taken
    /// unseen from the tiles received (R17). Three in all; no joker.
    Pass {
        tiles: Vec<Tile>,
        #[serde(default)]
        blind: u8,
    },
    /// Stop the Charleston before the second left is received (`standard` 5B).
    StopCharleston,
    /// The courtesy pass across: 0-3 tiles in order of preference; the pair
    /// exchanges the smaller number of the two offers (`standard` 5B).
    Courtesy {
        tiles: Vec<Tile>,
    },
    /// Pick the next tile of the wall.
    Pick,
    Discard {
        tile: Tile,
    },
    /// Claim the discard on the table.
    Claim {
        call: Call,
    },
    /// Let the discard go.
    Decline,
    /// Take back a claim before the tile is taken (`standard` 20).
    Withdraw,
    /// Expose the claimed tile with `naturals` more of its kind and `jokers`
    /// jokers from the rack: a pung, kong, quint or sextet.
    Expose {
        naturals: u8,
        jokers: u8,
    },
    /// Change the exposure made this turn, before discarding (`standard` 16D).
    Correct {
        naturals: u8,
        jokers: u8,
    },
    /// Give a natural tile for a joker in an exposure (`standard` 19).
    ExchangeJoker {
        owner: Seat,
        exposure: u8,
    },
    /// Declare Mah Jongg with the 14 tiles held. `shown`: the hand was laid
    /// down (a false declaration then makes the hand dead, R8).
    MahJongg {
        #[serde(default)]
        shown: bool,
    },
    /// After a shown false Mah Jongg: this player exposed the hand too (R8).
    ThrowIn,
    /// After a shown false Mah Jongg: this player kept the hand intact.
    KeepHand,
    /// Declare another player's hand dead (`mahjong-mania-2026` rule 13).
    DeclareDead {
        target: Seat,
    },
}

/// Why a hand is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadReason {
    /// Declared dead rightly: its exposures and the dead tiles allow no line.
    CannotMakeHand,
    /// R5: declared another hand dead wrongly.
    WrongDeadCall,
    /// R8: showed a false Mah Jongg.
    MahJonggInError,
    /// R8: exposed the hand because of another player's false Mah Jongg.
    ExposedInError,
}

impl DeadReason {
    /// R6: a hand dead by R5 or R8 scores 0 rather than the dead-hand penalty.
    pub fn scores_zero(self) -> bool {
        !matches!(self, DeadReason::CannotMakeHand)
    }
}

/// Something that happened at the table. The state is the fold of these.
/// Fields in `Option` are private to one seat and are `None` in another
/// seat's copy (see [`Event::redacted_for`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Dice rolled and the wall broken; `wall` is the picking order.
    Began {
        seed: u64,
        table: Table,
        dice: [u8; 2],
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wall: Option<Vec<Tile>>,
    },
    /// The deal: dealer 14, others 13.
    Dealt {
        hands: BySeat<Option<Vec<Tile>>>,
    },
    /// A table set up as it stood after the Charleston (a director's replay):
    /// the racks, play starting with the dealer's discard.
    Arranged {
        hands: BySeat<Option<Vec<Tile>>>,
    },
    /// A seat has chosen its tiles for a pass; the tiles are private.
    PassChosen {
        seat: Seat,
        pass: PassKind,
        tiles: Option<Vec<Tile>>,
        blind: u8,
    },
    /// A pass was made: each seat gave `gave` from its rack (plus `blind`
    /// tiles it never saw) and kept `kept` of what it received.
    Passed {
        pass: PassKind,
        gave: BySeat<Option<Vec<Tile>>>,
        kept: BySeat<Option<Vec<Tile>>>,
        blind: BySeat<u8>,
    },
    CharlestonStopped {
        by: Seat,
    },
    Picked {
        seat: Seat,
        tile: Option<Tile>,
    },
    Discarded {
        seat: Seat,
        tile: Tile,
    },
    Answered {
        seat: Seat,
        answer: Answer,
    },
    Withdrew {
        seat: Seat,
    },
    /// A claim for an exposure won the window (R16).
    Took {
        seat: Seat,
        tile: Tile,
        from: Seat,
    },
    /// The window closed without a claim: `seat` picks next.
    Next {
        seat: Seat,
    },
    Exposed {
        seat: Seat,
        exposure: Exposure,
    },
    Corrected {
        seat: Seat,
        exposure: Exposure,
    },
    JokerExchanged {
        seat: Seat,
        owner: Seat,
        exposure: u8,
        tile: Tile,
    },
    /// A Mah Jongg declared or claimed that the card does not make.
    FalseMahJongg {
        seat: Seat,
        shown: bool,
        /// For a shown hand: the value of the hand it claimed (R8).
        #[serde(default, skip_serializing_if = "is_zero")]
        claimed_value: u32,
    },
    /// Answer to a shown false Mah Jongg (R8).
    ErrorAnswered {
        seat: Seat,
        threw_in: bool,
    },
    /// `by` declared `target` dead; `upheld` is the engine's judgement.
    DeadCalled {
        by: Seat,
        target: Seat,
        upheld: bool,
    },
    Dead {
        seat: Seat,
        reason: DeadReason,
    },
    /// A conduct penalty, scored by the preset (R7: it stands).
    Penalty {
        seat: Seat,
        kind: PenaltyKind,
    },
    /// A verified Mah Jongg; `hand` is the concealed part, shown to all.
    MahJongg {
        seat: Seat,
        from: Option<Seat>,
        hand: Vec<Tile>,
        win: Win,
    },
    Ended {
        outcome: Outcome,
    },
}

impl Event {
    /// This event as `seat` may see it: private fields of other seats are
    /// `None`. Every variant is listed so a new one must be considered.
    pub fn redacted_for(&self, seat: Seat) -> Event {
        self.redacted(Some(seat))
    }

    /// This event as a spectator may see it: no seat's private fields.
    pub fn public(&self) -> Event {
        self.redacted(None)
    }

    /// This event as `viewer` (a seat, or none: a spectator) may see it.
    fn redacted(&self, viewer: Option<Seat>) -> Event {
        let only = |v: &BySeat<Option<Vec<Tile>>>| {
            BySeat::from_fn(|s| {
                if Some(s) == viewer {
                    v[s].clone()
                } else {
                    None
                }
            })
        };
        match self {
            Event::Began {
                seed: _,
                table,
                dice,
                wall: _,
            } => Event::Began {
                // The seed gives the wall: never shown while the game is on.
                seed: 0,
                table: table.clone(),
                dice: *dice,
                wall: None,
            },
            Event::Dealt { hands } => Event::Dealt { hands: only(hands) },
            Event::Arranged { hands } => Event::Arranged { hands: only(hands) },
            Event::Passed {
                pass,
                gave,
                kept,
                blind,
            } => Event::Passed {
                pass: *pass,
                gave: only(gave),
                kept: only(kept),
                blind: *blind,
            },
            Event::Picked { seat: s, tile } => Event::Picked {
                seat: *s,
                tile: if Some(*s) == viewer { *tile } else { None },
            },
            Event::PassChosen {
                seat: s,
                pass,
                tiles,
                blind,
            } => Event::PassChosen {
                seat: *s,
                pass: *pass,
                tiles: if Some(*s) == viewer {
                    tiles.clone()
                } else {
                    None
                },
                blind: *blind,
            },
            Event::CharlestonStopped { .. }
            | Event::Discarded { .. }
            | Event::Answered { .. }
            | Event::Withdrew { .. }
            | Event::Took { .. }
            | Event::Next { .. }
            | Event::Exposed { .. }
            | Event::Corrected { .. }
            | Event::JokerExchanged { .. }
            | Event::FalseMahJongg { .. }
            | Event::ErrorAnswered { .. }
            | Event::DeadCalled { .. }
            | Event::Dead { .. }
            | Event::Penalty { .. }
            | Event::MahJongg { .. }
            | Event::Ended { .. } => self.clone(),
        }
    }
}

/// An action the engine refused, and why. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{seat}: {reason}")]
pub struct Refusal {
    pub seat: Seat,
    pub reason: String,
}

/// For `skip_serializing_if`: a zero is left out of the log.
fn is_zero(n: &u32) -> bool {
    *n == 0
}
