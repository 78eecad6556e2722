//! A signed-in player (issue 23, point 6): their session's cookie
//! ([`PLAYER_COOKIE`]), apart from the director's and the officials'
//! `jongg_session`, so that one browser may be both. A route of
//! [`super::Access::Player`] gets the [`Player`] from the access layer;
//! a public page that only shows more to a player reads [`MaybePlayer`].

use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use jongg_store::PlayerAccount;
use std::sync::Arc;

/// The name of a player's session cookie.
pub const PLAYER_COOKIE: &str = "jongg_player";

/// A signed-in player, and the token of their session (to sign out).
#[derive(Debug, Clone)]
pub struct Player {
    pub account: PlayerAccount,
    pub token: String,
}

impl Player {
    /// The player of a request's cookie: `Ok(None)` without one; a cookie
    /// that is malformed, unknown or expired is refused (401).
    pub(crate) async fn resolve(
        headers: &HeaderMap,
        app: &AppState,
    ) -> Result<Option<Player>, ApiError> {
        let Some(token) = super::cookie(headers, PLAYER_COOKIE) else {
            return Ok(None);
        };
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unauthorized(
                "the player's session is malformed: sign in again",
            ));
        }
        match app.tournaments.store().player_session(&token).await? {
            Some(account) => Ok(Some(Player { account, token })),
            None => Err(ApiError::unauthorized(
                "your session has ended (signed out, or a day old): sign in again",
            )),
        }
    }
}

/// The player the access layer found (a route of `Access::Player`).
impl FromRequestParts<Arc<AppState>> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &Arc<AppState>) -> Result<Player, ApiError> {
        parts.extensions.get::<Player>().cloned().ok_or_else(|| {
            ApiError::internal(
                "a handler asked for the player, but its route is not Access::Player",
            )
        })
    }
}

/// The signed-in player, if any, on a public page: a session that has
/// ended is no one (the page shows the way to sign in).
#[derive(Debug, Clone)]
pub struct MaybePlayer(pub Option<Player>);

impl FromRequestParts<Arc<AppState>> for MaybePlayer {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<AppState>,
    ) -> Result<MaybePlayer, ApiError> {
        match Player::resolve(&parts.headers, app).await {
            Ok(p) => Ok(MaybePlayer(p)),
            Err(e) if e.status == axum::http::StatusCode::UNAUTHORIZED => Ok(MaybePlayer(None)),
            Err(e) => Err(e),
        }
    }
}

/// How long a player's session lasts: a day.
pub(crate) const PLAYER_SESSION_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// Sets (or, with `""` and age 0, clears) the player's cookie on `r`:
/// `HttpOnly`, `SameSite=Lax` (a link to a room from a chat opens it signed
/// in; every change is a same-origin POST all the same), `Secure` when the
/// public address is https.
pub(crate) fn set_player_cookie(
    app: &AppState,
    r: &mut axum::response::Response,
    token: &str,
    age_secs: i64,
) {
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    let cookie = format!(
        "{PLAYER_COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={age_secs}{secure}"
    );
    if let Ok(v) = axum::http::HeaderValue::from_str(&cookie) {
        r.headers_mut().append(axum::http::header::SET_COOKIE, v);
    }
}
