//! Plain points: the checks that warn (never refuse) when a game's points
//! could not come from any game record.
//!
//! The checks hold under every preset (see the scoring table of RULINGS.md):
//! - every card value, bonus and penalty is a multiple of 5;
//! - the lowest card value is 25, so a Mah Jongg scores at least 25;
//! - in a Mah Jongg game only the winner scores above 0 (R2: a loser who
//!   neither threw nor was penalised scores 0);
//! - only the discarder pays for the throw, so a second loser needs a penalty;
//! - without a Mah Jongg nobody scores above 10 (a wall game gives +10 to
//!   each live hand; mahjong-mania-2026's mis-named discard gives +10, R4).

use jongg_tiles::{BySeat, Seat};

/// The warnings for a game entered as plain points.
pub fn warnings(
    points: &BySeat<i32>,
    mah_jongg: Option<Seat>,
    seated: &BySeat<bool>,
) -> Vec<String> {
    let mut out = Vec::new();
    let seats = || Seat::ALL.into_iter().filter(|s| seated[*s]);
    for s in seats() {
        if points[s] % 5 != 0 {
            out.push(format!(
                "{s}'s {} is not a multiple of 5: every card value, bonus and penalty is",
                points[s]
            ));
        }
    }
    match mah_jongg {
        Some(winner) => {
            if points[winner] < 25 {
                out.push(format!(
                    "the winner ({winner}) has {}: a Mah Jongg scores at least 25, the lowest card value",
                    points[winner]
                ));
            }
            for s in seats().filter(|&s| s != winner && points[s] > 0) {
                out.push(format!(
                    "{s} scores {} in a game {winner} won: only the winner scores above 0 (R2)",
                    points[s]
                ));
            }
            let losers = seats().filter(|&s| s != winner && points[s] < 0).count();
            if losers > 1 {
                out.push(format!(
                    "{losers} players lose points in a Mah Jongg game: only the discarder pays for the throw, any other loss needs a penalty"
                ));
            }
        }
        None => {
            for s in seats().filter(|&s| points[s] > 10) {
                out.push(format!(
                    "{s} scores {} but nobody made Mah Jongg: without one a player scores at most 10 (wall game)",
                    points[s]
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: BySeat<bool> = BySeat([true; 4]);

    #[test]
    fn a_plain_discard_win_has_no_warning_standard_13_5() {
        // 30-point hand, East threw to a winner with one exposure: -10 (standard 13.5).
        assert!(warnings(&BySeat([-10, 30, 0, 0]), Some(Seat::South), &FULL).is_empty());
    }

    #[test]
    fn a_wall_game_has_no_warning_standard_13_3() {
        assert!(warnings(&BySeat([10, 10, 10, -10]), None, &FULL).is_empty());
    }

    #[test]
    fn two_winners_are_flagged() {
        let w = warnings(&BySeat([30, 25, 0, -10]), Some(Seat::East), &FULL);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("south scores 25"));
    }

    #[test]
    fn odd_values_and_low_winners_are_flagged() {
        let w = warnings(&BySeat([12, 0, 0, 0]), Some(Seat::East), &FULL);
        assert_eq!(w.len(), 2, "{w:?}");
    }

    #[test]
    fn a_second_loser_needs_a_penalty() {
        let w = warnings(&BySeat([40, -10, -10, 0]), Some(Seat::East), &FULL);
        assert!(w.iter().any(|m| m.contains("only the discarder")), "{w:?}");
    }

    #[test]
    fn points_without_mah_jongg_above_ten_are_flagged() {
        let w = warnings(&BySeat([0, 35, 0, 0]), None, &FULL);
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn the_empty_seat_of_a_three_player_table_is_ignored() {
        let seated = BySeat([true, true, true, false]);
        assert!(warnings(&BySeat([10, 10, 10, 3]), None, &seated).is_empty());
    }
}
