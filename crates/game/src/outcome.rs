//! How a game ended, in the engine's terms. `record.rs` turns it into the
//! scoring contract of `jongg-rules`.

use crate::event::DeadReason;
use crate::judge::Win;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    MahJongg {
        winner: Seat,
        /// Who threw the winning tile; `None` when not won on a discard.
        discarder: Option<Seat>,
        win: Win,
        /// R9.
        self_picked: bool,
        /// R10: East's hand before the first discard.
        heavenly: bool,
        /// R11: no joker in the whole hand, exposures included.
        jokerless: bool,
        /// Exposures on the winner's rack before Mah Jongg (the throw penalty).
        exposures: u8,
    },
    /// The wall ran out.
    Wall,
    /// R8: a shown false Mah Jongg left fewer than two hands intact.
    MahJonggInError {
        declarer: Seat,
        /// The players other than the declarer whose hands stayed intact.
        intact: Vec<Seat>,
        /// The value of the hand the declarer claimed (the record's `value`).
        #[serde(default)]
        claimed_value: u32,
    },
    /// Every hand at the table is dead.
    NoLiveHands,
    /// Time was called before the game ended (R7): the round's clock ran
    /// out, and the game stops where it stands.
    TimeCalled,
}

/// A conduct penalty recorded during the game (R7: it stands whatever happens).
pub type Conduct = jongg_rules::record::Penalty;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub ending: Ending,
    pub dead: BySeat<Option<DeadReason>>,
    pub penalties: Vec<Conduct>,
    /// Turns played (picks and claims, and the dealer's first turn).
    pub turns: u32,
    /// Tiles left in the wall.
    pub wall_left: u32,
}

impl Outcome {
    pub fn winner(&self) -> Option<Seat> {
        match &self.ending {
            Ending::MahJongg { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}
