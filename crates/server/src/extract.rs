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

/// Scorekeeper links already looked up, so most requests do not touch the
/// database. Table links never change. Sessions are not cached: a session
/// that expired or was ended (here, or by another server on the same
/// database) must fail on its very next request.
#[derive(Debug, Default)]
pub struct TokenCache {
    tables: RwLock<HashMap<String, TableLink>>,
}

impl TokenCache {
    fn get(&self, token: &str) -> Option<Caller> {
        self.tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .map(|link| Caller::Scorekeeper(*link))
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
}

/// The name of the session cookie the login sets.
pub const SESSION_COOKIE: &str = "jongg_session";
/// The name of the cookie that marks a device the director logged in from.
pub const DEVICE_COOKIE: &str = "jongg_device";

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
            Caller::Scorekeeper(link) if link.tournament.0 == id => Ok(Actor::Scorekeeper {
                round: link.round,
                table: link.table,
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

impl FromRequestParts<Arc<AppState>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<AppState>,
    ) -> Result<Caller, ApiError> {
        let Some(token) = bearer(parts)
            .or_else(|| cookie(&parts.headers, SESSION_COOKIE))
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
            return Ok(Caller::Director { username, token });
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

/// A JSON object body; an empty body reads as `{}`. Read strictly: a key
/// given twice, or a NUL character in any text, is refused naming where
/// (serde_json alone keeps the last of two keys without a word, and
/// PostgreSQL cannot store a NUL).
pub fn body_object(bytes: &[u8]) -> Result<serde_json::Map<String, Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Default::default());
    }
    match strict_json(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(ApiError::bad_request(format!(
            "the body must be a JSON object, not {}",
            kind_of(&other)
        ))),
        Err(Strict::Json(e)) => Err(ApiError::bad_request(format!(
            "the body is not valid JSON: {e}"
        ))),
        Err(Strict::Duplicate(path)) => Err(ApiError::bad_request(format!(
            "the body gives `{path}` twice"
        ))),
        Err(Strict::Nul(path)) => Err(ApiError::unprocessable(format!(
            "`{path}` contains a NUL character, which no text may hold"
        ))),
        Err(Strict::Kind(path)) => Err(ApiError::unprocessable(format!(
            "`{path}` must be a name (like \"preset\" or \"points\"), not a number or an object"
        ))),
    }
}

/// Why [`strict_json`] refused a text.
#[derive(Debug)]
pub enum Strict {
    Json(serde_json::Error),
    /// The dotted path of a key given twice.
    Duplicate(String),
    /// The dotted path of a text (or key) holding a NUL character.
    Nul(String),
    /// The dotted path of a `kind` that is not a text (serde would take a
    /// number as the index of a kind: `{"kind": 0}` as the first one).
    Kind(String),
}

/// JSON read into a [`Value`], refusing duplicate keys, NUL characters and
/// a `kind` that is not a text.
pub fn strict_json(bytes: &[u8]) -> Result<Value, Strict> {
    use serde::de::DeserializeSeed;
    let found = std::cell::RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let seed = StrictSeed {
        path: String::new(),
        found: &found,
    };
    let parsed = seed.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    if let Some(refusal) = found.into_inner() {
        return Err(refusal);
    }
    parsed.map_err(Strict::Json)
}

struct StrictSeed<'a> {
    path: String,
    found: &'a std::cell::RefCell<Option<Strict>>,
}

impl StrictSeed<'_> {
    fn refuse<E: serde::de::Error>(&self, why: Strict) -> E {
        let message = match &why {
            Strict::Duplicate(p) => format!("`{p}` twice"),
            Strict::Nul(p) => format!("NUL in `{p}`"),
            Strict::Kind(p) => format!("`{p}` is not a name"),
            Strict::Json(e) => e.to_string(),
        };
        self.found.borrow_mut().get_or_insert(why);
        E::custom(message)
    }

    fn child(&self, key: &str) -> StrictSeed<'_> {
        let path = if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        };
        StrictSeed {
            path,
            found: self.found,
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for StrictSeed<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for StrictSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
        self.visit_string(v.to_string())
    }
    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Value, E> {
        if v.contains('\0') {
            return Err(self.refuse(Strict::Nul(self.path.clone())));
        }
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(self.child(&out.len().to_string()))? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if key.contains('\0') {
                return Err(self.refuse(Strict::Nul(self.child(&key).path)));
            }
            if out.contains_key(&key) {
                return Err(self.refuse(Strict::Duplicate(self.child(&key).path)));
            }
            let v = map.next_value_seed(self.child(&key))?;
            if key == "kind" && !v.is_string() {
                return Err(self.refuse(Strict::Kind(self.child(&key).path)));
            }
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Reads a typed value from a JSON object, naming what is wrong.
pub fn from_object<T: DeserializeOwned>(
    map: serde_json::Map<String, Value>,
) -> Result<T, ApiError> {
    let value = Value::Object(map);
    T::deserialize(&value).map_err(|e| {
        // serde loses the field's name inside tagged enums ("invalid type:
        // string \"one\", expected u32"): find the field holding that value.
        let msg = e.to_string();
        match holder(&value, &msg, String::new()) {
            Some(k) => ApiError::unprocessable(format!("invalid request body: field `{k}`: {msg}")),
            None => ApiError::unprocessable(format!("invalid request body: {msg}")),
        }
    })
}

/// The dotted path of the first value (at any depth) that `msg` quotes.
fn holder(v: &Value, msg: &str, path: String) -> Option<String> {
    let at = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    let shown = match v {
        Value::Object(m) => return m.iter().find_map(|(k, x)| holder(x, msg, at(k))),
        Value::Array(a) => {
            return a
                .iter()
                .enumerate()
                .find_map(|(i, x)| holder(x, msg, at(&i.to_string())));
        }
        Value::String(s) => format!("string \"{s}\""),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::Null => return None,
    };
    (!path.is_empty() && msg.contains(&shown)).then_some(path)
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
