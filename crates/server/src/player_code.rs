//! The personal sign-off code (issue 14, point 6): where the rules ask for
//! one (`[sign_off] personal_code`), a seat signs the score sheet with the
//! six digits its player reads on their own page (`pages/player_code.rs`:
//! `/me?key=`, the key on their badge). The server checks the code and the
//! signature records "personal code" instead of the device
//! (`jongg_tournament::PERSONAL_CODE`). Guesses are limited per player as
//! a table's printed code is (`CODE_POLICY`).

use crate::AppState;
use crate::error::ApiError;
use crate::limiter::Key;
use axum::http::StatusCode;
use jongg_store::TournamentId;
use jongg_tiles::Seat;
use jongg_tournament::{RoundNo, TableNo};

/// Checks `code` against the personal code of the player at `seat` of the
/// table; the refusal names the player in plain words.
pub(crate) async fn check(
    app: &AppState,
    id: i64,
    (round, table): (RoundNo, TableNo),
    seat: Seat,
    code: &str,
) -> Result<(), ApiError> {
    let player = app.tournaments.get(id)?.read(|t| {
        let sheet = t.sheet(round, table)?;
        let Some(p) = sheet.players[seat] else {
            return Err(ApiError::unprocessable(format!(
                "{seat} is empty at table {table}: nobody there can sign"
            )));
        };
        Ok((p, crate::pages::who(t, Some(p))))
    });
    let (player, name) = player?;
    let key = [Key::Account(format!("personal code {id} {}", player.0))];
    if let Err(wait) = app.code_limiter.charge(&key) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many wrong codes for {name}: try again in {} s, or call the director",
                wait.as_secs().max(1)
            ),
        ));
    }
    let stored = app
        .tournaments
        .store()
        .player_code(TournamentId(id), player)
        .await?;
    let typed: String = code.chars().filter(char::is_ascii_digit).collect();
    if typed.len() != stored.code.len() || !same(typed.as_bytes(), stored.code.as_bytes()) {
        return Err(ApiError::unprocessable(format!(
            "that is not {name}'s personal code: {name} reads it on their own page (the QR code on their badge)"
        )));
    }
    app.code_limiter.clear(&key);
    Ok(())
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
