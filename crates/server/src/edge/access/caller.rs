//! Who sent a request ([`Caller`]): the director's session (a bearer token
//! or the session cookie), a table's scorekeeper link (its key, as a bearer
//! token or `?key=`), or nobody. Table links are cached; sessions are looked
//! up on every request, so an ended one fails at once.

use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use jongg_store::{OfficialLink, TableLink};
use jongg_tournament::Actor;
use std::sync::Arc;

/// The name of the session cookie the login sets.
pub const SESSION_COOKIE: &str = "jongg_session";
/// The name of the cookie that marks a device the director logged in from.
pub const DEVICE_COOKIE: &str = "jongg_device";

/// Who sent a request, from its `Authorization: Bearer` token, its session
/// cookie or a scorekeeper link's `?key=`.
#[derive(Debug, Clone)]
pub enum Caller {
    Director {
        username: String,
        token: String,
    },
    Scorekeeper(TableLink),
    /// A floor official's session (issue 14.2): one official of one tournament.
    Official {
        link: OfficialLink,
        username: String,
        /// The session's token (so a logout can end it).
        token: String,
    },
    Public,
}

impl Caller {
    /// The domain's actor for a request about tournament `id`.
    pub fn actor(&self, id: i64) -> Result<Actor, ApiError> {
        match self {
            Caller::Director { .. } => Ok(Actor::Director),
            Caller::Scorekeeper(link) if link.tournament.0 == id => Ok(Actor::Scorekeeper {
                round: link.round,
                table: link.table,
            }),
            Caller::Scorekeeper(link) => Err(ApiError::forbidden(format!(
                "this scorekeeper link is for tournament {}, not tournament {id}",
                link.tournament
            ))),
            Caller::Official { link, .. } if link.tournament.0 == id => Ok(Actor::Official {
                official: link.official,
            }),
            Caller::Official { link, .. } => Err(ApiError::forbidden(format!(
                "this official's login is for tournament {}, not tournament {id}",
                link.tournament
            ))),
            Caller::Public => Ok(Actor::Public),
        }
    }

    /// The actor for a change: the public may not write at all (the access
    /// layer has refused it already; this is the domain's view).
    pub fn writer(&self, id: i64) -> Result<Actor, ApiError> {
        match self.actor(id)? {
            Actor::Public => Err(ApiError::unauthorized(
                "this needs the director's login or a table's scorekeeper link",
            )),
            a => Ok(a),
        }
    }
}

fn bearer(parts: &Parts) -> Option<String> {
    let h = parts
        .headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let t = h
        .strip_prefix("Bearer ")
        .or_else(|| h.strip_prefix("bearer "))?;
    Some(t.trim().to_string())
}

/// The value of cookie `name`, if the request has it.
pub fn cookie(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == name).then(|| v.to_string())
        })
}

fn key_param(parts: &Parts) -> Option<String> {
    parts.uri.query()?.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == "key").then(|| v.to_string())
    })
}

/// The caller the access layer found (`super::enforce`): a handler behind
/// any access but [`super::Access::Public`] takes it as an argument.
impl FromRequestParts<Arc<AppState>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &Arc<AppState>) -> Result<Caller, ApiError> {
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| {
            ApiError::internal(
                "a handler asked who calls, but its route reads no credentials (Access::Public)",
            )
        })
    }
}

/// Which credential counts when a request has several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prefer {
    /// `Authorization: Bearer`, then the session cookie, then `?key=`.
    Bearer,
    /// `?key=` first: a table link opened in a browser that also holds the
    /// director's session is that table's link.
    Key,
}

impl Caller {
    /// Who sent a request: the director (a session), a table (its link's
    /// key), or the public (no credential). A credential that is malformed,
    /// unknown, expired or ended is refused (401), never taken for the public.
    pub(crate) async fn resolve(
        parts: &Parts,
        app: &AppState,
        prefer: Prefer,
    ) -> Result<Caller, ApiError> {
        let found = match prefer {
            Prefer::Bearer => bearer(parts)
                .or_else(|| cookie(&parts.headers, SESSION_COOKIE))
                .or_else(|| key_param(parts)),
            Prefer::Key => key_param(parts)
                .or_else(|| bearer(parts))
                .or_else(|| cookie(&parts.headers, SESSION_COOKIE)),
        };
        let Some(token) = found else {
            return Ok(Caller::Public);
        };
        // Tokens are 64 hex digits; anything else is not worth a look-up.
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unauthorized(
                "the token is malformed (expected 64 hex digits); log in again or use the table link as printed",
            ));
        }
        if let Some(link) = app.tokens.get(&token) {
            return Ok(Caller::Scorekeeper(link));
        }
        let store = app.tournaments.store();
        if let Some(username) = store.session_user(&token).await? {
            return Ok(Caller::Director { username, token });
        }
        if let Some((username, link)) = store.official_session(&token).await? {
            return Ok(Caller::Official {
                link,
                username,
                token,
            });
        }
        if let Some(link) = store.find_table_token(&token).await? {
            app.tokens.put_table(&token, link);
            return Ok(Caller::Scorekeeper(link));
        }
        Err(ApiError::unauthorized(
            "the token is not valid (unknown, or the session expired): log in again",
        ))
    }
}
