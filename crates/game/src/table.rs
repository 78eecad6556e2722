//! The table's settings for one game: who sits where, who deals, and the
//! play options of the rules preset the engine must follow.

use jongg_rules::Preset;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};

/// The engine's settings for one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The rules preset's name, for the record.
    pub rules: String,
    /// The dealer (East for the game, R12).
    pub dealer: Seat,
    /// Which seats are taken. Three seats taken means no Charleston (R12,
    /// `standard` 5C).
    pub present: BySeat<bool>,
    /// R16: a discarded joker covers the tile before it. `false` in
    /// `beth-emeth` (its rule 11): the natural tile before it stays callable.
    pub joker_covers: bool,
    /// R17: blind passing allowed on the first left.
    pub blind_first_left: bool,
    /// R17: blind passing allowed on the last right.
    pub blind_last_right: bool,
    /// R17: at most this many tiles passed blind.
    pub blind_max: u8,
    /// `standard` 5A: the second Charleston is played unless a player stops it.
    pub second_charleston: bool,
    /// `standard` 5B: the optional courtesy pass across.
    pub courtesy_pass: bool,
    /// Whether a three-player table plays the Charleston (R12: no).
    pub three_player_charleston: bool,
    /// R5: a player who declares a live hand dead becomes dead (`false` in
    /// `mahjong-mania-2026` rule 13: a penalty, and play on). The penalty
    /// itself is recorded either way and scored by the preset.
    pub false_dead_call_makes_dead: bool,
    /// The discard after the wall's last tile may be claimed (`standard` 12);
    /// `false` in `mississippi-2025` ("Game ends when the last tile is
    /// discarded"): a wall game. A log from before this field: claimable.
    #[serde(default = "claimable")]
    pub last_discard_callable: bool,
}

fn claimable() -> bool {
    true
}

impl Table {
    /// Four players, East dealing, `standard` play rules.
    pub fn standard() -> Table {
        Table {
            rules: "standard".into(),
            dealer: Seat::East,
            present: BySeat([true; 4]),
            joker_covers: true,
            blind_first_left: true,
            blind_last_right: true,
            blind_max: 3,
            second_charleston: true,
            courtesy_pass: true,
            three_player_charleston: false,
            false_dead_call_makes_dead: true,
            last_discard_callable: true,
        }
    }

    /// The play options of a rules preset, four players, `dealer` dealing.
    pub fn from_preset(preset: &Preset, dealer: Seat) -> Table {
        let c = &preset.charleston;
        Table {
            rules: preset.name.clone(),
            dealer,
            present: BySeat([true; 4]),
            joker_covers: preset.calls.joker_covers,
            blind_first_left: c.blind_pass.first_left,
            blind_last_right: c.blind_pass.last_right,
            blind_max: c.blind_pass.max_tiles.min(3),
            second_charleston: c.second_optional,
            courtesy_pass: c.courtesy_pass,
            three_player_charleston: preset.three_player.charleston,
            false_dead_call_makes_dead: preset.false_dead_call.makes_dead,
            last_discard_callable: preset.calls.last_discard.callable,
        }
    }

    /// The same table with `empty` left empty (a three-player table, R12).
    pub fn without(mut self, empty: Seat) -> Table {
        self.present[empty] = false;
        self
    }

    /// Whether `pass` may include blind tiles (R17).
    pub fn blind_allowed(&self, pass: crate::event::PassKind) -> u8 {
        use crate::event::PassKind;
        match pass {
            PassKind::FirstLeft if self.blind_first_left => self.blind_max,
            PassKind::SecondRight if self.blind_last_right => self.blind_max,
            _ => 0,
        }
    }

    /// Whether this table plays the Charleston at all.
    pub fn charleston(&self) -> bool {
        self.players() == 4 || self.three_player_charleston
    }

    pub fn players(&self) -> usize {
        self.present.0.iter().filter(|p| **p).count()
    }

    /// Checks the settings make a playable table.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players();
        if !(3..=4).contains(&n) {
            return Err(format!("a table needs three or four players, not {n}"));
        }
        if !self.present[self.dealer] {
            return Err(format!("the dealer's seat ({}) is empty", self.dealer));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_give_their_play_options() {
        for name in jongg_rules::PRESET_NAMES {
            let p = Preset::builtin(name).unwrap();
            let t = Table::from_preset(&p, Seat::South);
            assert!(t.check().is_ok());
            assert_eq!(t.rules, name);
            // R16: only beth-emeth (rule 11) lets a joker leave the tile before it open.
            assert_eq!(t.joker_covers, name != "beth-emeth", "{name}");
            // R5: mahjong-mania-2026 rule 13 charges a penalty and plays on.
            assert_eq!(
                t.false_dead_call_makes_dead,
                name != "mahjong-mania-2026",
                "{name}"
            );
            // R17: blind passes on the first left and the last right.
            assert!(t.blind_first_left && t.blind_last_right, "{name}");
            // R12: no Charleston at a three-player table.
            assert!(!t.clone().without(Seat::North).charleston(), "{name}");
        }
    }

    #[test]
    fn a_table_needs_three_or_four_players_and_a_dealer() {
        let t = Table::standard().without(Seat::North);
        assert!(t.check().is_ok());
        assert!(t.clone().without(Seat::West).check().is_err());
        let mut t = Table::standard().without(Seat::East);
        assert!(t.check().unwrap_err().contains("dealer"));
        t.dealer = Seat::South;
        assert!(t.check().is_ok());
    }
}
