//! The points of a finished live game, with the preset's reasons (issue
//! 23.5): the table page sends the game's `table` (from its `began` event)
//! and `outcome` (from `ended`), both public once the game is over, and gets
//! them scored as every game is (`Outcome::record`, then
//! `jongg_rules::score`), like the score page's preview. It stores nothing:
//! a page that sends another outcome only scores another game.

use crate::edge::access::Access;
use crate::edge::extract::body_object;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use axum::Json;
use axum::body::Bytes;
use jongg_game::{Outcome, Table};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![route(Access::Public, routes!(points))]
}

/// A finished game as the table page knows it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Finished {
    table: Table,
    outcome: Outcome,
}

/// The points of `finished` under its table's preset: `{"points", "lines"}`.
fn score(finished: &Finished) -> Result<Value, ApiError> {
    let rules = &finished.table.rules;
    let preset = jongg_rules::Preset::builtin(rules).ok_or_else(|| {
        ApiError::unprocessable(format!(
            "table.rules: `{}` is not a preset ({})",
            rules.chars().take(64).collect::<String>(),
            jongg_rules::PRESET_NAMES.join(", ")
        ))
    })?;
    let record = finished.outcome.record(&finished.table);
    let scored = jongg_rules::score(&preset, &record)
        .map_err(|e| ApiError::unprocessable(format!("the game does not score: {e}")))?;
    let points: serde_json::Map<String, Value> = scored
        .points
        .iter()
        .filter(|(s, _)| Some(*s) != scored.empty_seat)
        .map(|(s, p)| (s.name().to_string(), json!(p)))
        .collect();
    Ok(json!({ "points": points, "lines": scored.lines }))
}

/// Scores a finished live game: `{"table", "outcome"}` as the table's
/// `began` and `ended` events carry them (docs/play-protocol.md); answers
/// `{"points": {"east": 25, ...}, "lines": [{"seat", "points", "reason", "source"}]}`.
#[utoipa::path(post, path = "/play/points",
    request_body(content = Object, description = "The game's table and outcome, from its began and ended events"),
    responses((status = OK, description = "The points, with the preset's reasons", body = Object)))]
async fn points(body: Bytes) -> Result<Json<Value>, ApiError> {
    let map = body_object(&body)?;
    let finished: Finished = serde_path_to_error::deserialize(Value::Object(map))
        .map_err(|e| ApiError::unprocessable(format!("{}: {}", e.path(), e.inner())))?;
    score(&finished).map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::{Ending, Win};
    use jongg_tiles::{BySeat, Seat};

    fn won(winner: Seat, discarder: Option<Seat>, value: u32) -> Finished {
        Finished {
            table: Table::standard(),
            outcome: Outcome {
                ending: Ending::MahJongg {
                    winner,
                    discarder,
                    win: Win {
                        line: "practice line".into(),
                        value,
                        singles_and_pairs: false,
                        quints: false,
                        one_group_left: false,
                    },
                    self_picked: discarder.is_none(),
                    heavenly: false,
                    jokerless: false,
                    exposures: 0,
                },
                dead: BySeat::default(),
                penalties: vec![],
                turns: 20,
                wall_left: 40,
            },
        }
    }

    #[test]
    fn a_discard_win_pays_the_card_value_and_the_thrower_pays_standard_13() {
        // standard 13.5: the thrower of the winning tile to a hand with no
        // exposure pays 10; the others 0 (R2).
        let v = score(&won(Seat::North, Some(Seat::South), 25)).unwrap();
        assert_eq!(
            v["points"],
            json!({"east": 0, "south": -10, "west": 0, "north": 25})
        );
        let lines = v["lines"].as_array().unwrap();
        assert!(
            lines
                .iter()
                .all(|l| l["source"].as_str().is_some_and(|s| !s.is_empty())),
            "{v}"
        );
    }

    #[test]
    fn a_self_picked_win_adds_the_r9_bonus() {
        // R9 under `standard`: +10 for a self-picked Mah Jongg.
        let v = score(&won(Seat::East, None, 30)).unwrap();
        assert_eq!(v["points"]["east"], json!(40), "{v}");
    }

    #[test]
    fn a_table_of_unknown_rules_is_refused_naming_the_field() {
        let mut f = won(Seat::East, None, 30);
        f.table.rules = "nope".into();
        let e = score(&f).unwrap_err().message;
        assert!(e.contains("table.rules: `nope` is not a preset"), "{e}");
    }
}
