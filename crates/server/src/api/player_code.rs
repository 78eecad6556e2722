//! The personal sign-off code (issue 14, point 6): where the rules ask for
//! one (`[sign_off] personal_code`), a seat signs the score sheet with the
//! six digits its player reads on their own page (`pages/player_code.rs`:
//! `/me?key=`, the key on their badge). The server checks the code and the
//! signature records "personal code" instead of the device
//! (`jongg_tournament::PERSONAL_CODE`).
//!
//! The code is checked last (issue 19.8): only once the link, the round and
//! the sheet would let the signature happen (`sheet_edits::refusal`), so
//! a code sent anywhere else tells nothing and counts no guess. Wrong codes
//! are counted per source, never per player, so a guesser cannot make the
//! real player wait: per device at the table's link (`CODE_POLICY`: 20
//! free, then up to 5 minutes), and per table link as a whole (200 free,
//! then up to an hour), which bounds a guesser who sends each guess as a
//! new device. Only the holders of the table's link for the round under
//! way can be counted at all: the players at that table.

use crate::api::signer::Device;
use crate::http::error::ApiError;
use crate::http::limiter::Key;
use crate::state::AppState;
use axum::http::StatusCode;
use jongg_store::TournamentId;
use jongg_tiles::Seat;
use jongg_tournament::{RoundNo, TableNo};

/// Wrong codes one table's link may send in its round, whatever the
/// device: a guess sent as a new device each time is still bounded.
pub(crate) const LINK_POLICY: crate::http::limiter::Policy = crate::http::limiter::Policy {
    free: 200,
    wait: std::time::Duration::from_secs(60),
    max_wait: std::time::Duration::from_secs(3600),
    forget: std::time::Duration::from_secs(6 * 3600),
};

/// Checks `code` against the personal code of the player at `seat` of the
/// table, sent from `device`; the refusal names the player in plain words.
/// Call it only once everything else would let the signature happen.
pub(crate) async fn check(
    app: &AppState,
    id: i64,
    (round, table): (RoundNo, TableNo),
    seat: Seat,
    code: &str,
    device: &Device,
) -> Result<(), ApiError> {
    let player = app.tournaments.get(id)?.read(|t| {
        let sheet = t.sheet(round, table)?;
        let Some(p) = sheet.players[seat] else {
            return Err(ApiError::unprocessable(format!(
                "{seat} is empty at table {table}: nobody there can sign"
            )));
        };
        Ok((p, crate::body::words::who(t, Some(p))))
    });
    let (player, name) = player?;
    let source = format!("personal code {id} r{} t{}", round.0, table.0);
    // Requests without a device cookie are one source between them.
    let at_device = [Key::Device(if device.known() {
        format!("{source} {}", device.id)
    } else {
        format!("{source} without a device cookie")
    })];
    let at_link = [Key::Account(source)];
    let waiting = app
        .code_limiter
        .charge(&at_device)
        .and_then(|()| app.sign_link_limiter.charge(&at_link));
    if let Err(wait) = waiting {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many wrong codes from this table: try again in {} s, or call the director",
                crate::http::limiter::retry_after_secs(wait)
            ),
        )
        .retry_after(crate::http::limiter::retry_after_secs(wait)));
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
    // The device's count starts afresh; the link's is kept, so a player who
    // knows their own code cannot wipe a guesser's count with it.
    app.code_limiter.clear(&at_device);
    Ok(())
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
