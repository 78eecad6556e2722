//! The real card as the engine's [`Judge`].

use crate::judge::{Exposure, Judge, Win};
use jongg_card::Card;
use jongg_tiles::{Counts, Tile};

fn racks(exposures: &[Exposure]) -> Vec<Vec<Tile>> {
    exposures.iter().map(Exposure::tiles).collect()
}

impl Judge for Card {
    /// The highest-valued line the hand makes (the player shows the best one).
    fn mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> Option<Win> {
        let matches = Card::mahjong(self, &concealed.to_tiles(), &racks(exposures));
        // Ties keep card order: max_by_key returns the last maximum, so reverse.
        let best = matches.iter().rev().max_by_key(|m| m.value)?;
        Some(Win {
            line: best.label.clone(),
            value: best.value,
            singles_and_pairs: best.singles_and_pairs,
            quints: best.quints,
            one_group_left: best.one_group_left,
        })
    }

    fn can_still_make(&self, exposures: &[Exposure], dead: &Counts) -> bool {
        Card::can_still_make(self, &racks(exposures), dead)
    }

    fn might_be_mahjong(&self, concealed: &Counts, exposures: &[Exposure]) -> bool {
        Card::is_mahjong(self, &concealed.to_tiles(), &racks(exposures))
    }
}
