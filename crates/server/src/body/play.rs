//! A new live table (issue 23.2): its preset, card, who plays each seat,
//! and its clocks.

use crate::state::card_library::{CardPick, TableCard};
use crate::state::tables::{SeatPlayer, TableSetupDoc};
use jongg_game::Table;
use jongg_game::bot::Strength;
use jongg_play::settings::{DEFAULT_SPECTATORS, TableSettings};
use jongg_tiles::{BySeat, Seat};
use serde::Deserialize;
use utoipa::ToSchema;

/// The longest position a practice table takes (a whole table is a few
/// hundred bytes).
pub(crate) const MOST_POSITION_BYTES: usize = 16_384;

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
    /// The card: `practice` (jongg's practice card, the default) or the id
    /// of a card of the server's library (`GET /api/cards`).
    #[serde(default)]
    #[schema(value_type = Option<String>, min_length = 1, max_length = 20, example = "practice")]
    pub card: Option<CardPick>,
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
    /// A practice table only: start from this position (docs/positions.md:
    /// racks, exposures, discards, the wall's front, whose turn) instead of
    /// a drawn wall. Its rules are the table's, its card the practice card,
    /// East deals; set-up lines only. Such a table has no fair wall.
    #[serde(default)]
    #[schema(max_length = 16_384)]
    pub position: Option<String>,
}

/// Opens the practice table `b` asks for, for the client at `client`: its
/// card found, its body read, the creation charged to the address (429 with
/// Retry-After), the table stored. The one path of `POST /api/play/tables`
/// and of the practice form sent without a script (issue 36.4).
pub(crate) async fn open_practice(
    app: &crate::state::AppState,
    client: std::net::IpAddr,
    b: NewTable,
) -> Result<crate::state::tables::Created, crate::http::error::ApiError> {
    use crate::http::error::ApiError;
    let card = crate::state::card_library::resolve(app, b.card).await?;
    let (setup, settings) = b.read(card).map_err(ApiError::unprocessable)?;
    if let Err((secs, words)) = crate::state::tables::charge_creation(&app.play_limiter, client) {
        return Err(
            ApiError::new(axum::http::StatusCode::TOO_MANY_REQUESTS, words).retry_after(secs),
        );
    }
    app.tables.create(setup, settings).await
}

impl NewTable {
    /// The table's setup and settings, with the card the server found for
    /// [`NewTable::card`]; the error names the field.
    pub(crate) fn read(self, card: TableCard) -> Result<(TableSetupDoc, TableSettings), String> {
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
        let position = self.position.filter(|p| !p.trim().is_empty());
        let setup = TableSetupDoc {
            rules: self.rules,
            card: card.name,
            card_text: card.text,
            seats: BySeat([s.east, s.south, s.west, s.north]),
            round: None,
            position,
            dealer: None,
            east_roll: None,
        };
        let table = setup.table()?;
        if setup.position.is_some() && setup.card_text.is_some() {
            return Err(format!(
                "position: a table set up from a position plays the practice card, not `{}`",
                setup.card
            ));
        }
        if let Some(text) = &setup.position {
            if text.len() > MOST_POSITION_BYTES {
                return Err(format!(
                    "position: at most {MOST_POSITION_BYTES} bytes, not {}",
                    text.len()
                ));
            }
            check_position(text, &table).map_err(|e| format!("position: {e}"))?;
        }
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

/// A position a practice table can start from: it reads (the parser's
/// error names the line), and its table is the one the form chose: the
/// same rules, East the dealer, the same seats empty, the practice card.
fn check_position(text: &str, table: &Table) -> Result<(), String> {
    let set = jongg_play::position::set_out(text)?;
    if let Some(n) = toy_card_line(text) {
        return Err(format!(
            "line {n}: a live table plays the practice card, not the toy card \
             (write `card practice` or leave the line out)"
        ));
    }
    let p = &set.position;
    if p.rules != table.rules {
        return Err(format!(
            "it plays {} rules (its `rules` line, or standard without one); the table's are {}: \
             choose the same",
            p.rules, table.rules
        ));
    }
    if p.dealer != table.dealer {
        return Err(format!(
            "its dealer is {}; at a practice table East deals (leave out `dealer`)",
            p.dealer
        ));
    }
    let empty = Seat::ALL.into_iter().find(|s| !table.present[*s]);
    if p.empty != empty {
        let name = |s: Option<Seat>| s.map_or("none".to_string(), |s| s.name().to_string());
        return Err(format!(
            "its empty seat is {}; the seats chosen leave {} empty: choose the same",
            name(p.empty),
            name(empty)
        ));
    }
    Ok(())
}

/// The line (from 1) that names the toy card, if one does.
fn toy_card_line(text: &str) -> Option<usize> {
    text.lines().enumerate().find_map(|(i, line)| {
        let line = line.split('#').next().unwrap_or_default();
        let words: Vec<&str> = line.split_whitespace().collect();
        matches!(words.as_slice(), [c, t] if c.eq_ignore_ascii_case("card") && t.eq_ignore_ascii_case("toy"))
            .then_some(i + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(json: serde_json::Value) -> Result<(TableSetupDoc, TableSettings), String> {
        crate::body::decode::<NewTable>(json)
            .map_err(|e| e.to_string())?
            .read(TableCard::practice())
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

    #[test]
    fn a_practice_table_may_start_from_a_position_that_it_keeps() {
        let seats = serde_json::json!({"east": "person", "south": "person", "west": "easy", "north": "easy"});
        let (setup, _) = body(serde_json::json!({"rules": "standard", "seats": seats,
            "position": "turn E\nrack E 6C 6C\nrack S 6C J"}))
        .unwrap();
        assert_eq!(
            setup.position.as_deref(),
            Some("turn E\nrack E 6C 6C\nrack S 6C J")
        );
        // An empty box is no position: a drawn wall.
        let (setup, _) =
            body(serde_json::json!({"rules": "standard", "seats": seats, "position": "  \n"}))
                .unwrap();
        assert_eq!(setup.position, None);
    }

    #[test]
    fn a_position_longer_than_the_bound_is_refused_in_words() {
        let seats =
            serde_json::json!({"east": "person", "south": "easy", "west": "easy", "north": "easy"});
        let long = format!("turn E\n{}", "# padding\n".repeat(2_000));
        let e = body(serde_json::json!({"rules": "standard", "seats": seats, "position": long}))
            .unwrap_err();
        assert_eq!(
            e,
            format!("position: at most 16384 bytes, not {}", long.len())
        );
    }

    #[test]
    fn a_position_that_cannot_be_read_is_refused_naming_its_line() {
        let seats =
            serde_json::json!({"east": "person", "south": "easy", "west": "easy", "north": "easy"});
        let e = body(serde_json::json!({"rules": "standard", "seats": seats,
            "position": "rack E 1B\nrack S 1Bx9"}))
        .unwrap_err();
        assert!(e.starts_with("position: line 2:"), "{e}");
        let e = body(serde_json::json!({"rules": "standard", "seats": seats,
            "position": "card toy\nrack E 1B"}))
        .unwrap_err();
        assert!(
            e.starts_with("position: line 1: a live table plays the practice card"),
            "{e}"
        );
        let e = body(
            serde_json::json!({"rules": "mississippi-2025", "seats": seats,
            "position": "rack E 1B"}),
        )
        .unwrap_err();
        assert!(
            e.contains("it plays standard rules") && e.contains("mississippi-2025"),
            "{e}"
        );
        let e = body(serde_json::json!({"rules": "standard", "seats": seats,
            "position": "dealer S"}))
        .unwrap_err();
        assert!(e.contains("East deals"), "{e}");
        let three = serde_json::json!({"east": "person", "south": "easy", "west": "easy"});
        let e = body(serde_json::json!({"rules": "standard", "seats": three,
            "position": "rack E 1B"}))
        .unwrap_err();
        assert!(
            e.contains("its empty seat is none") && e.contains("north"),
            "{e}"
        );
        let (setup, _) = body(serde_json::json!({"rules": "standard", "seats": three,
            "position": "empty N\nrack E 1B"}))
        .unwrap();
        assert!(setup.position.is_some());
    }
}
