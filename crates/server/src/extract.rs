//! Request pieces with our own error answers: who is calling ([`Caller`]),
//! path parameters and JSON bodies whose mistakes come back as `ApiError`s.

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use jongg_store::TableLink;
use jongg_tournament::Actor;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// How long a session found in the database is believed without asking again.
const SESSION_CACHE: Duration = Duration::from_secs(60);

/// Tokens already looked up, so most requests do not touch the database.
/// Table links never change; sessions are asked again after a minute, and
/// logging out forgets them at once.
#[derive(Debug, Default)]
pub struct TokenCache {
    tables: RwLock<HashMap<String, TableLink>>,
    sessions: RwLock<HashMap<String, (String, Instant)>>,
}

impl TokenCache {
    fn get(&self, token: &str) -> Option<Caller> {
        if let Some(link) = self
            .tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
        {
            return Some(Caller::Scorekeeper(*link));
        }
        let sessions = self.sessions.read().unwrap_or_else(|e| e.into_inner());
        let (username, seen) = sessions.get(token)?;
        (seen.elapsed() < SESSION_CACHE).then(|| Caller::Director {
            username: username.clone(),
            token: token.to_string(),
        })
    }

    fn put_session(&self, caller: &Caller) {
        if let Caller::Director { username, token } = caller {
            let mut s = self.sessions.write().unwrap_or_else(|e| e.into_inner());
            if s.len() > 10_000 {
                s.clear();
            }
            s.insert(token.clone(), (username.clone(), Instant::now()));
        }
    }

    /// Remembers table links already known (all of them, at start).
    pub fn preload(&self, links: Vec<(String, TableLink)>) {
        let mut t = self.tables.write().unwrap_or_else(|e| e.into_inner());
        for (token, link) in links.into_iter().take(100_000) {
            t.insert(token, link);
        }
    }

    pub(crate) fn put_table(&self, token: &str, link: TableLink) {
        let mut t = self.tables.write().unwrap_or_else(|e| e.into_inner());
        if t.len() > 100_000 {
            t.clear();
        }
        t.insert(token.to_string(), link);
    }

    /// Forgets a session (logout).
    pub fn forget(&self, token: &str) {
        self.sessions
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(token);
    }
}

/// The name of the session cookie the login sets.
pub const SESSION_COOKIE: &str = "jongg_session";

/// Who sent a request, from its `Authorization: Bearer` token, its session
/// cookie or a scorekeeper link's `?key=`.
#[derive(Debug, Clone)]
pub enum Caller {
    Director { username: String, token: String },
    Scorekeeper(TableLink),
    Public,
}

impl Caller {
    /// The domain's actor for a request about tournament `id`.
    pub fn actor(&self, id: i64) -> Result<Actor, ApiError> {
        match self {
            Caller::Director { .. } => Ok(Actor::Director),
            Caller::Scorekeeper(link) if link.tournament == id => Ok(Actor::Scorekeeper {
                round: u8::try_from(link.round).unwrap_or(u8::MAX),
                table: u16::try_from(link.table).unwrap_or(u16::MAX),
            }),
            Caller::Scorekeeper(link) => Err(ApiError::forbidden(format!(
                "this scorekeeper link is for tournament {}, not tournament {id}",
                link.tournament
            ))),
            Caller::Public => Ok(Actor::Public),
        }
    }

    /// The actor for a change: the public may not write at all.
    pub fn writer(&self, id: i64) -> Result<Actor, ApiError> {
        match self.actor(id)? {
            Actor::Public => Err(ApiError::unauthorized(
                "this needs the director's login or a table's scorekeeper link",
            )),
            a => Ok(a),
        }
    }

    /// Only the director may go on.
    pub fn director(&self) -> Result<(), ApiError> {
        match self {
            Caller::Director { .. } => Ok(()),
            Caller::Scorekeeper(_) => Err(ApiError::forbidden("only the director may do this")),
            Caller::Public => Err(ApiError::unauthorized("this needs the director's login")),
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

fn cookie(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == SESSION_COOKIE).then(|| v.to_string())
        })
}

fn key_param(parts: &Parts) -> Option<String> {
    parts.uri.query()?.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == "key").then(|| v.to_string())
    })
}

impl FromRequestParts<Arc<AppState>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<AppState>,
    ) -> Result<Caller, ApiError> {
        let Some(token) = bearer(parts)
            .or_else(|| cookie(parts))
            .or_else(|| key_param(parts))
        else {
            return Ok(Caller::Public);
        };
        // Tokens are 64 hex digits; anything else is not worth a look-up.
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unauthorized(
                "the token is malformed (expected 64 hex digits); log in again or use the table link as printed",
            ));
        }
        if let Some(caller) = app.tokens.get(&token) {
            return Ok(caller);
        }
        let store = app.tournaments.store();
        if let Some(username) = store.session_user(&token).await? {
            let caller = Caller::Director { username, token };
            app.tokens.put_session(&caller);
            return Ok(caller);
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

/// Path parameters, with a 400 naming the bad one.
#[derive(Debug)]
pub struct Params<T>(pub T);

impl<T: DeserializeOwned + Send> FromRequestParts<Arc<AppState>> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<AppState>,
    ) -> Result<Params<T>, ApiError> {
        match Path::<T>::from_request_parts(parts, app).await {
            Ok(Path(v)) => Ok(Params(v)),
            Err(e) => Err(ApiError::bad_request(format!(
                "bad path: {}",
                e.body_text()
            ))),
        }
    }
}

/// A JSON object body; an empty body reads as `{}`.
pub fn body_object(bytes: &[u8]) -> Result<serde_json::Map<String, Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Default::default());
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(ApiError::bad_request(format!(
            "the body must be a JSON object, not {}",
            kind_of(&other)
        ))),
        Err(e) => Err(ApiError::bad_request(format!(
            "the body is not valid JSON: {e}"
        ))),
    }
}

/// Reads a typed value from a JSON object, naming what is wrong.
pub fn from_object<T: DeserializeOwned>(
    map: serde_json::Map<String, Value>,
) -> Result<T, ApiError> {
    serde_json::from_value(Value::Object(map.clone())).map_err(|e| {
        // serde loses the field's name inside tagged enums ("invalid type:
        // string \"one\", expected u32"): find the field holding that value.
        let msg = e.to_string();
        let field = map.iter().find_map(|(k, v)| {
            let shown = match v {
                Value::String(s) => format!("string \"{s}\""),
                Value::Bool(b) => format!("boolean `{b}`"),
                Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
                Value::Number(n) => format!("integer `{n}`"),
                _ => return None,
            };
            msg.contains(&shown).then(|| k.clone())
        });
        match field {
            Some(k) => ApiError::unprocessable(format!("invalid request body: field `{k}`: {msg}")),
            None => ApiError::unprocessable(format!("invalid request body: {msg}")),
        }
    })
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
