//! What one table plays by in one round, read from the preset: who keeps and
//! hands in the sheet, and what changes at a table of three.

use crate::error::DomainError;
use crate::model::{GameNo, RoundNo, TableNo};
use crate::rules::TableGame;
use crate::tournament::Tournament;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};

/// The table's duties and play for the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRules {
    /// Who keeps the score sheet (R14: East).
    pub sheet_keeper: Seat,
    /// Who hands the sheet in after the round (standard 25: A, B, C, D by
    /// round; East in beth-emeth 14 and st-louis-senior-olympics 5d). At a
    /// table of three where that seat is empty, the sheet keeper.
    pub collector: Seat,
    pub three_player: bool,
    /// Whether the table plays the Charleston (R12: not at a table of three).
    pub charleston: bool,
    /// Before which game the players roll again for East (R12: game 4 at a
    /// table of three), if they do.
    pub reroll_east_before_game: Option<GameNo>,
}

impl Tournament {
    /// Game `game` of table `table` in round `round`: who sits there (the
    /// sheet's players once the round is under way) and who deals (R12).
    pub fn table_game(
        &self,
        round: RoundNo,
        table: TableNo,
        game: GameNo,
    ) -> Result<TableGame, DomainError> {
        let rules = self.table_rules(round, table)?;
        let players = match self.sheet(round, table) {
            Ok(sheet) => sheet.players,
            Err(_) => {
                self.seating(round)?
                    .table(table)
                    .ok_or(DomainError::TableNotFound { round, table })?
                    .seats
            }
        };
        let seated = BySeat::from_fn(|s| players[s].is_some());
        let mut at = TableGame::new(game, seated, rules.reroll_east_before_game);
        // After the roll for East, the sheet knows the dealer once it is
        // recorded (R12; standard 3 at a table of four).
        let roll = crate::tournament::roll_for_east(&rules);
        if let Some(dealer) = self.dealer_after_reroll(round, table, game, roll) {
            at.dealer = Some(dealer);
        }
        Ok(at)
    }

    pub fn table_rules(&self, round: RoundNo, table: TableNo) -> Result<TableRules, DomainError> {
        let seats = self
            .seating(round)?
            .table(table)
            .ok_or(DomainError::TableNotFound { round, table })?;
        let preset = self.preset()?;
        let v = &preset.verification;
        let three = seats.is_three_player();
        let mut collector = v.collector(u32::from(round));
        if seats.seats[collector].is_none() {
            collector = v.sheet_keeper;
        }
        let reroll = preset.three_player.reroll_east_before_game;
        Ok(TableRules {
            sheet_keeper: v.sheet_keeper,
            collector,
            three_player: three,
            charleston: !three || preset.three_player.charleston,
            reroll_east_before_game: if three && reroll > 0 {
                GameNo::try_from(reroll).ok()
            } else {
                None
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use jongg_tiles::Seat;

    fn seated(preset: &str, players: u32) -> Tournament {
        crate::testing::seated(preset, players, None, true)
    }

    #[test]
    fn a_table_of_three_has_no_charleston_and_rolls_for_east_before_game_4_r12() {
        let t = seated("standard", 7);
        let full = t.table_rules(RoundNo(1), TableNo(1)).unwrap();
        assert!(full.charleston && !full.three_player);
        assert_eq!(full.reroll_east_before_game, None);
        let three = t.table_rules(RoundNo(1), TableNo(2)).unwrap();
        assert!(!three.charleston && three.three_player);
        assert_eq!(three.reroll_east_before_game, Some(GameNo(4)));
    }

    #[test]
    fn east_keeps_the_sheet_and_a_collects_in_round_1_standard_25_r14() {
        let t = seated("standard", 8);
        let r = t.table_rules(RoundNo(1), TableNo(1)).unwrap();
        assert_eq!((r.sheet_keeper, r.collector), (Seat::East, Seat::East));
        assert!(t.table_rules(RoundNo(1), TableNo(3)).is_err());
    }
}
