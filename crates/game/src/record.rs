//! A finished game as the scoring contract of `jongg-rules` (the foundation
//! issue): a [`GameRecord`] that `jongg_rules::score` turns into points.

use crate::event::DeadReason;
use crate::outcome::{Ending, Outcome};
use crate::table::Table;
use jongg_rules::record::{self, GameRecord, GameResult};
use jongg_tiles::Seat;

impl Outcome {
    /// The game record of this outcome at `table`: who dealt, and the empty
    /// seat of a table of three (R12), as the score sheet needs them.
    pub fn record(&self, table: &Table) -> GameRecord {
        let mut r = match &self.ending {
            Ending::MahJongg {
                winner,
                discarder,
                win,
                self_picked,
                heavenly,
                jokerless,
                exposures,
            } => {
                let mut r = GameRecord::new(GameResult::Mahjong);
                r.winner = Some(*winner);
                r.value = win.value;
                r.self_picked = *self_picked;
                r.discarder = *discarder;
                r.exposures = *exposures;
                r.jokerless = *jokerless;
                r.singles_and_pairs = win.singles_and_pairs;
                r.quints = win.quints;
                r.one_group_left = win.one_group_left;
                r.heavenly = *heavenly;
                r
            }
            Ending::Wall | Ending::NoLiveHands => GameRecord::new(GameResult::Wall),
            // R7: the preset's `timeout` scores it (0 for every player
            // under every preset); the conduct penalties stand.
            Ending::TimeCalled => GameRecord::new(GameResult::Timeout),
            Ending::MahJonggInError {
                declarer,
                intact,
                claimed_value,
            } => {
                let mut r = GameRecord::new(GameResult::MahjongInError);
                r.declarer = Some(*declarer);
                r.value = *claimed_value;
                r.exposed = Seat::ALL
                    .into_iter()
                    .filter(|s| {
                        s != declarer
                            && !intact.contains(s)
                            && self.dead[*s] == Some(DeadReason::ExposedInError)
                    })
                    .collect();
                r
            }
        };
        for (seat, why) in self.dead.iter() {
            let reason = match why {
                Some(DeadReason::CannotMakeHand) => record::DeadReason::Infraction,
                Some(DeadReason::MahJonggInError | DeadReason::ExposedInError) => {
                    record::DeadReason::MahjongInError
                }
                // R5: the recorded false-dead-call penalty makes it dead in the scoring.
                Some(DeadReason::WrongDeadCall) | None => continue,
            };
            r.dead.insert(seat, reason);
        }
        r.penalties = self.penalties.clone();
        // East dealing is what a record without `dealer` says (R12).
        r.dealer = (table.dealer != Seat::East).then_some(table.dealer);
        r.empty_seat = Seat::ALL.into_iter().find(|&s| !table.present[s]);
        r
    }
}
