//! Request pieces with our own error answers: path parameters and JSON
//! bodies whose mistakes come back as `ApiError`s. (Who is calling is
//! `access::Caller`.)

use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::Arc;

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

    /// The path of a key (`rules.name`) or of an item (`dates[2]`).
    fn child(&self, key: &str) -> StrictSeed<'_> {
        let path = if key.starts_with('[') || self.path.is_empty() {
            format!("{}{key}", self.path)
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
        while let Some(v) = seq.next_element_seed(self.child(&format!("[{}]", out.len())))? {
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

/// The numbers a route's path holds, each a type that reads them (with
/// [`Params`]) and documents them (`IntoParams`).
pub(crate) mod path {
    use jongg_tournament::{GameNo, RoundNo, TableNo};
    use serde::Deserialize;
    use utoipa::IntoParams;

    /// `/.../{id}`: a tournament.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub(crate) struct InTournament {
        /// The tournament's id.
        #[param(minimum = 1)]
        pub id: i64,
    }

    /// `/.../{id}/players/{n}`: a player.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub(crate) struct InPlayer {
        /// The tournament's id.
        #[param(minimum = 1)]
        pub id: i64,
        /// The player's badge number.
        #[param(minimum = 1)]
        pub n: u32,
    }

    /// `/.../{id}/rounds/{r}`: a round.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub(crate) struct InRound {
        /// The tournament's id.
        #[param(minimum = 1)]
        pub id: i64,
        /// The round, from 1.
        #[param(minimum = 1, value_type = u8)]
        pub r: RoundNo,
    }

    /// `/.../{id}/rounds/{r}/tables/{t}`: a table's sheet.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub(crate) struct InTable {
        /// The tournament's id.
        #[param(minimum = 1)]
        pub id: i64,
        /// The round, from 1.
        #[param(minimum = 1, value_type = u8)]
        pub r: RoundNo,
        /// The table, from 1.
        #[param(minimum = 1, value_type = u16)]
        pub t: TableNo,
    }

    /// `/.../{id}/rounds/{r}/tables/{t}/games/{g}`: a game of a sheet.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub(crate) struct InGame {
        /// The tournament's id.
        #[param(minimum = 1)]
        pub id: i64,
        /// The round, from 1.
        #[param(minimum = 1, value_type = u8)]
        pub r: RoundNo,
        /// The table, from 1.
        #[param(minimum = 1, value_type = u16)]
        pub t: TableNo,
        /// The game of the round, from 1.
        #[param(minimum = 1, value_type = u8)]
        pub g: GameNo,
    }
}
