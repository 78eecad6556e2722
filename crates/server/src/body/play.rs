//! A new live table (issue 23.2): its preset, card, who plays each seat,
//! and its clocks.

use crate::state::tables::{SeatPlayer, TableSetupDoc, players::PRACTICE};
use jongg_game::bot::Strength;
use jongg_play::settings::{DEFAULT_SPECTATORS, TableSettings};
use jongg_tiles::BySeat;
use serde::Deserialize;
use utoipa::ToSchema;

/// The most seconds a move may take before the reserve is used.
pub(crate) const MOST_TURN_SECS: u64 = 600;

/// Who plays each seat; a seat left out is empty (a table of three, R12).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewSeats {
    #[serde(default)]
    pub east: Option<SeatPlayer>,
    #[serde(default)]
    pub south: Option<SeatPlayer>,
    #[serde(default)]
    pub west: Option<SeatPlayer>,
    #[serde(default)]
    pub north: Option<SeatPlayer>,
}

/// Open a practice table: people at the `person` seats (each gets a secret
/// link), bots at the others.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewTable {
    /// A rules preset: standard, beth-emeth, mahjong-mania-2026,
    /// mississippi-2025 or st-louis-senior-olympics.
    #[schema(min_length = 1, max_length = 64)]
    pub rules: String,
    /// The card: `practice` (jongg's practice card, the default and today
    /// the only one).
    #[serde(default)]
    #[schema(min_length = 1, max_length = 64)]
    pub card: Option<String>,
    pub seats: NewSeats,
    /// The calling window after each discard, the same after every one:
    /// 3-10 seconds (default 5).
    #[serde(default)]
    #[schema(minimum = 3, maximum = 10)]
    pub window_secs: Option<u64>,
    /// The time for each move before the seat's reserve is used: 1-600
    /// seconds (default 20).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 600)]
    pub turn_secs: Option<u64>,
    /// Whether the seats may chat (default true).
    #[serde(default)]
    pub chat: Option<bool>,
    /// How many spectators may watch at once: 0-50 (default 50).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 50)]
    pub spectators: Option<usize>,
    /// The bot that plays a person's seat while its player is gone:
    /// `easy`, `medium` (the default) or `strong`.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "medium")]
    pub stand_in: Option<Strength>,
}

impl NewTable {
    /// The table's setup and settings; the error names the field.
    pub(crate) fn read(self) -> Result<(TableSetupDoc, TableSettings), String> {
        let defaults = TableSettings::default();
        let window_ms = match self.window_secs {
            Some(s @ 3..=10) => s * 1_000,
            Some(s) => return Err(format!("window_secs must be from 3 to 10, not {s}")),
            None => defaults.window_ms,
        };
        let turn_ms = match self.turn_secs {
            Some(s @ 1..=MOST_TURN_SECS) => s * 1_000,
            Some(s) => {
                return Err(format!(
                    "turn_secs must be from 1 to {MOST_TURN_SECS}, not {s}"
                ));
            }
            None => defaults.turn_ms,
        };
        let s = self.seats;
        let setup = TableSetupDoc {
            rules: self.rules,
            card: self.card.unwrap_or_else(|| PRACTICE.to_string()),
            seats: BySeat([s.east, s.south, s.west, s.north]),
            round: None,
        };
        setup.table()?;
        let spectators = match self.spectators {
            Some(n @ 0..=DEFAULT_SPECTATORS) => n,
            Some(n) => {
                return Err(format!(
                    "spectators must be from 0 to {DEFAULT_SPECTATORS}, not {n}"
                ));
            }
            None => defaults.spectators,
        };
        let settings = TableSettings {
            window_ms,
            turn_ms,
            chat: self.chat.unwrap_or(defaults.chat),
            spectators,
            stand_in: self.stand_in.unwrap_or(defaults.stand_in),
            ..defaults
        };
        Ok((setup, settings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(json: serde_json::Value) -> Result<(TableSetupDoc, TableSettings), String> {
        crate::body::decode::<NewTable>(json)
            .map_err(|e| e.to_string())?
            .read()
    }

    #[test]
    fn a_new_table_reads_with_its_defaults() {
        let (setup, settings) = body(serde_json::json!({
            "rules": "standard",
            "seats": {"east": "person", "south": "easy", "west": "medium", "north": "strong"}
        }))
        .unwrap();
        assert_eq!(setup.card, "practice");
        assert_eq!(
            setup.seats[jongg_tiles::Seat::North],
            Some(SeatPlayer::Strong)
        );
        assert_eq!(settings, TableSettings::default());
    }

    #[test]
    fn a_new_table_may_turn_its_chat_off_and_take_no_spectators() {
        let seats = serde_json::json!({"east": "person", "south": "easy", "west": "easy"});
        let (_, s) = body(
            serde_json::json!({"rules": "standard", "seats": seats, "chat": false,
            "spectators": 0}),
        )
        .unwrap();
        assert!(!s.chat);
        assert_eq!(s.spectators, 0);
    }

    #[test]
    fn a_bad_new_table_is_named_by_its_field() {
        let seats = serde_json::json!({"east": "person", "south": "easy", "west": "easy"});
        let e = body(serde_json::json!({"rules": "standard", "seats": seats, "window_secs": 2}))
            .unwrap_err();
        assert_eq!(e, "window_secs must be from 3 to 10, not 2");
        let e = body(serde_json::json!({"rules": "standard", "seats": seats, "spectators": 51}))
            .unwrap_err();
        assert_eq!(e, "spectators must be from 0 to 50, not 51");
        let e = body(serde_json::json!({"rules": "standard", "seats": seats, "turn_secs": 0}))
            .unwrap_err();
        assert_eq!(e, "turn_secs must be from 1 to 600, not 0");
        let e = body(serde_json::json!({"rules": "standard", "seats": {"east": "wizard"}}))
            .unwrap_err();
        assert!(e.contains("seats.east"), "{e}");
        let e = body(serde_json::json!({"rules": "nope", "seats": seats})).unwrap_err();
        assert!(e.starts_with("rules: `nope` is not a preset"), "{e}");
        let e =
            body(serde_json::json!({"rules": "standard", "seats": seats, "stand_in": "wizard"}))
                .unwrap_err();
        assert!(e.contains("stand_in") && e.contains("wizard"), "{e}");
    }

    #[test]
    fn a_new_table_names_its_stand_in_or_gets_medium_issue_24() {
        let seats = serde_json::json!({"east": "person", "south": "person", "west": "easy"});
        let (_, settings) = body(serde_json::json!({"rules": "standard", "seats": seats})).unwrap();
        assert_eq!(settings.stand_in, Strength::Medium);
        for (name, strength) in [
            ("easy", Strength::Easy),
            ("medium", Strength::Medium),
            ("strong", Strength::Strong),
        ] {
            let (_, settings) =
                body(serde_json::json!({"rules": "standard", "seats": seats, "stand_in": name}))
                    .unwrap();
            assert_eq!(settings.stand_in, strength, "{name}");
        }
    }
}
