//! Entry points for the fuzz run (`scripts/fuzz.sh`, which runs
//! crates/jongg/benches/fuzz.rs): every request body the API reads, read
//! the way its route reads it, then decided on a tournament with a round
//! under way, without HTTP or a database. Not an API of the server.

use crate::extract::{body_object, from_object};
use crate::pages::csv;
use jongg_tournament::{Actor, Command, Tournament};
use serde_json::json;

/// Every body the API takes, by the command its route makes (or what it is).
pub const BODIES: &[&str] = &[
    "setup",
    "login",
    "command",
    "create_tournament",
    "update_settings",
    "register_player",
    "update_player",
    "substitute",
    "seat_round",
    "start_round",
    "close_round",
    "enter_game",
    "amend_sheet",
    "sign_sheet",
    "accept_sheet",
    "players_csv",
    "seating_csv",
];

/// Reads `bytes` as the body of `route` (one of [`BODIES`]) as its handler
/// does, with round `round`, table 1, game 1 and player 3 in its path, and
/// decides the command it makes on `t` as the director. The answer says what
/// was refused; it never panics (that is what is tested).
pub fn body(route: &str, bytes: &[u8], t: &Tournament, round: u8) -> Result<usize, String> {
    let map = body_object(bytes).map_err(|e| e.message)?;
    let (r, table, g) = (json!(round), json!(1), json!(1));
    let cmd: Command = match route {
        "setup" => {
            let _: crate::auth::SetupBody = from_object(map).map_err(|e| e.message)?;
            return Ok(0);
        }
        "login" => {
            let _: crate::auth::LoginBody = from_object(map).map_err(|e| e.message)?;
            return Ok(0);
        }
        "players_csv" | "seating_csv" => {
            let text = map.get("csv").and_then(|v| v.as_str()).unwrap_or("");
            return if route == "players_csv" {
                players_csv(text)
            } else {
                seating_csv(text)
            };
        }
        "command" => from_object(map),
        "create_tournament" | "update_settings" | "register_player" => {
            crate::command(route, map, [])
        }
        "update_player" => crate::command(route, map, [("number", json!(3))]),
        "substitute" => crate::command(route, map, [("out", json!(3))]),
        "seat_round" | "start_round" | "close_round" => crate::command(route, map, [("round", r)]),
        "enter_game" | "amend_sheet" => {
            crate::command(route, map, [("round", r), ("table", table), ("game", g)])
        }
        "sign_sheet" | "accept_sheet" => {
            crate::command(route, map, [("round", r), ("table", table)])
        }
        other => return Err(format!("no body `{other}`")),
    }
    .map_err(|e| e.message)?;
    t.decide(&Actor::Director, cmd)
        .map(|events| events.len())
        .map_err(|e| e.to_string())
}

/// A pasted player list, read as the players page reads it.
pub fn players_csv(text: &str) -> Result<usize, String> {
    csv::players(text).map(|rows| rows.len())
}

/// A pasted seating, read as the seating page reads it.
pub fn seating_csv(text: &str) -> Result<usize, String> {
    csv::seating(text).map(|s| s.tables.len())
}
