//! How a game's score is written in a sheet's cell: its points, or the
//! preset's dead-hand mark (`[sign_off] dead_hand_mark`):
//! st-louis-senior-olympics writes "X" for a dead hand (6e, 6j), which
//! still scores its points in the totals. A hand is dead however it died
//! (`Preset::dead_hands`): an infraction, a wrong dead call (R5), a Mah
//! Jongg in error (R8).

use crate::model::{Entry, GameEntry};
use jongg_rules::Preset;
use jongg_tiles::Seat;

/// The cell of `seat` for one game on a score page or a printed sheet;
/// `signed`: points written with their sign (`+25`).
pub fn game_cell(preset: Option<&Preset>, entry: &GameEntry, seat: Seat, signed: bool) -> String {
    let points = entry.points[seat];
    let record = match &entry.entry {
        Entry::Record { record } | Entry::Hand { record, .. } => Some(record),
        Entry::Points { .. } => None,
    };
    match preset {
        // Dead also by a wrong dead call (R5) or a Mah Jongg in error (R8).
        Some(p) if record.is_some_and(|r| p.dead_hands(r).contains(&seat)) => {
            p.sign_off.dead_hand_cell(points)
        }
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

    fn entry(r: GameRecord) -> GameEntry {
        GameEntry {
            entry: Entry::Record { record: r },
            points: BySeat([0, 0, 0, 0]),
            mah_jongg: None,
            lines: vec![],
            warnings: vec![],
        }
    }

    /// st-louis-senior-olympics 6e, 6j ("Use 'X' ... to designate a DEAD
    /// HAND"): a hand dead by a wrong dead call (R5) or by a Mah Jongg in
    /// error (R8) is marked X too, not "+0".
    #[test]
    fn st_louis_6e_6j_marks_x_for_a_wrong_dead_call_and_a_mahjong_in_error() {
        use jongg_rules::record::{Penalty, PenaltyKind};
        let stl = Preset::builtin("st-louis-senior-olympics").unwrap();
        let mut r = GameRecord::new(GameResult::Wall);
        r.penalties.push(Penalty {
            seat: Seat::North,
            kind: PenaltyKind::FalseDeadCall,
        });
        let g = entry(r);
        assert_eq!(game_cell(Some(&stl), &g, Seat::North, true), "X");
        assert_eq!(game_cell(Some(&stl), &g, Seat::South, true), "+0");
        let mut r = GameRecord::new(GameResult::MahjongInError);
        r.declarer = Some(Seat::South);
        r.exposed = vec![Seat::East, Seat::West];
        r.value = 25;
        let g = entry(r);
        for s in [Seat::South, Seat::East, Seat::West] {
            assert_eq!(game_cell(Some(&stl), &g, s, true), "X", "{s}");
        }
        assert_eq!(game_cell(Some(&stl), &g, Seat::North, true), "+0");
        // mahjong-mania-2026: a wrong dead call is -10 and play goes on (R5).
        let mania = Preset::builtin("mahjong-mania-2026").unwrap();
        let mut r = GameRecord::new(GameResult::Wall);
        r.penalties.push(Penalty {
            seat: Seat::North,
            kind: PenaltyKind::FalseDeadCall,
        });
        assert!(mania.dead_hands(&r).is_empty());
    }
}
