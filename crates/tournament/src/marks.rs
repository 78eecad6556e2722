//! How a game's score is written in a sheet's cell: its points, or the
//! preset's dead-hand mark (`[sign_off] dead_hand_mark`):
//! st-louis-senior-olympics writes "X" for a dead hand (6e, 6j), which
//! still scores its points in the totals.

use crate::model::{Entry, GameEntry};
use jongg_rules::Preset;
use jongg_tiles::Seat;

/// The cell of `seat` for one game on a score page or a printed sheet;
/// `signed`: points written with their sign (`+25`).
pub fn game_cell(preset: Option<&Preset>, entry: &GameEntry, seat: Seat, signed: bool) -> String {
    let points = entry.points[seat];
    let dead = match &entry.entry {
        Entry::Record { record } | Entry::Hand { record, .. } => record.dead.contains_key(&seat),
        Entry::Points { .. } => false,
    };
    match preset {
        Some(p) if dead => p.sign_off.dead_hand_cell(points),
        _ if signed => format!("{points:+}"),
        _ => points.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_rules::record::{DeadReason, GameRecord, GameResult};
    use jongg_tiles::BySeat;

    fn wall_with_dead_west() -> GameEntry {
        let mut r = GameRecord::new(GameResult::Wall);
        r.dead.insert(Seat::West, DeadReason::Infraction);
        GameEntry {
            entry: Entry::Record { record: r },
            points: BySeat([0, 0, 0, 0]),
            mah_jongg: None,
            lines: vec![],
            warnings: vec![],
        }
    }

    /// st-louis-senior-olympics 6e, 6j: "Use 'X' on the score card to
    /// designate a dead hand"; standard 14 writes its points.
    #[test]
    fn st_louis_marks_a_dead_hand_x_and_standard_its_points_6e_6j() {
        let g = wall_with_dead_west();
        let stl = Preset::builtin("st-louis-senior-olympics").unwrap();
        let std = Preset::builtin("standard").unwrap();
        assert_eq!(game_cell(Some(&stl), &g, Seat::West, true), "X");
        assert_eq!(game_cell(Some(&stl), &g, Seat::East, true), "+0");
        assert_eq!(game_cell(Some(&std), &g, Seat::West, false), "0");
    }
}
