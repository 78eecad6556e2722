//! Typed request bodies: every route that takes a body names a type here,
//! which both reads the body and is the OpenAPI document's schema of it
//! (`utoipa`), so the two cannot drift. Handlers turn a body and the path's
//! numbers into the domain's `Command` directly.
//! Beside them, words a response shows that both the API and the pages use
//! (`rulings.rs`: a closed call's ruling as people read it).
//!
//! A body is read in two steps. First strictly, as JSON (`extract.rs`): a
//! key given twice or a NUL character anywhere is refused, naming where.
//! Then as its type, with `serde_path_to_error`: every mistake names the
//! exact field (`entry.points.east`, `method.tables[2].seats.north`) in
//! words a person understands ("must be a whole number, not the text
//! \"ten\"", "is missing", "unknown field `colour`: expected one of: ...").
//! Every body type refuses fields it does not have.
//!
//! A value tagged by `kind` (an entry, a seating method, the rules) is read
//! by [`tagged`] rather than serde's own tagged enums, which read a variant
//! from a buffered copy and so lose the path of a mistake inside it: the
//! [`tagged!`](crate::tagged) macro writes the enum (its schema, one object
//! per kind) and its reader together.

pub(crate) mod accounts;
pub(crate) mod auth;
pub(crate) mod card;
pub(crate) mod clock;
pub(crate) mod command;
pub(crate) mod floor;
pub(crate) mod form;
pub(crate) mod game_form;
pub(crate) mod online;
pub(crate) mod pages;
pub(crate) mod play;
pub(crate) mod players;
pub(crate) mod rounds;
pub(crate) mod rulings;
pub(crate) mod schema;
pub(crate) mod settings;

use crate::edge::extract::body_object;
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::sync::Arc;

pub(crate) use form::read_form;

/// A request body read as `T` (see the module's comment); an empty body
/// reads as `{}`. On a route that takes a page's form (`Route::form`), a
/// url-encoded form is read into the same `T` (`form.rs`); the guard and the
/// route's form layer have let no form through anywhere else.
#[derive(Debug)]
pub(crate) struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<AppState>) -> Result<Body<T>, ApiError> {
        let form = crate::edge::guard::is_form(req.headers());
        let bytes = Bytes::from_request(req, app).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(e.status(), crate::edge::guard::TOO_LARGE)
            } else {
                ApiError::bad_request(format!("the body cannot be read: {}", e.body_text()))
            }
        })?;
        if form {
            return read_form(&bytes).map(Body);
        }
        read(&bytes).map(Body)
    }
}

/// A body that is JSON, or a plain HTML form (`application/x-www-form-urlencoded`)
/// on a route that takes a page's form (`Route::form`): a page
/// that works before its script loads (issue 13.7). Form fields are text;
/// `form` says which it was, so the answer can be a page rather than JSON.
#[derive(Debug)]
pub(crate) struct JsonOrForm<T> {
    pub body: T,
    pub form: bool,
}

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for JsonOrForm<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<AppState>) -> Result<Self, ApiError> {
        if !crate::edge::guard::is_form(req.headers()) {
            let Body(body) = Body::from_request(req, app).await?;
            return Ok(JsonOrForm { body, form: false });
        }
        let bytes = Bytes::from_request(req, app)
            .await
            .map_err(|e| ApiError::new(e.status(), crate::edge::guard::TOO_LARGE))?;
        read_form(&bytes).map(|body| JsonOrForm { body, form: true })
    }
}

/// A body a page's form sends flat where the JSON nests (the score page's
/// game: `game_form.rs`): JSON is read as `T` as [`Body`] reads it; a form
/// (on a route that takes one) is read as `F`, then turned into `T` by its
/// one conversion.
#[derive(Debug)]
pub(crate) struct FlatBody<T, F>(pub T, pub std::marker::PhantomData<F>);

impl<T, F> FromRequest<Arc<AppState>> for FlatBody<T, F>
where
    T: DeserializeOwned + TryFrom<F, Error = ApiError>,
    F: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<AppState>) -> Result<Self, ApiError> {
        if !crate::edge::guard::is_form(req.headers()) {
            let Body(body) = Body::from_request(req, app).await?;
            return Ok(FlatBody(body, std::marker::PhantomData));
        }
        let bytes = Bytes::from_request(req, app)
            .await
            .map_err(|e| ApiError::new(e.status(), crate::edge::guard::TOO_LARGE))?;
        let flat: F = read_form(&bytes)?;
        T::try_from(flat).map(|body| FlatBody(body, std::marker::PhantomData))
    }
}

/// Reads a body as `T`, naming what is wrong.
pub(crate) fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let object = Value::Object(body_object(bytes)?);
    decode(object).map_err(|e| ApiError::unprocessable(e.to_string()))
}

/// A body with no fields (`{}`, or nothing at all).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Empty {}

/// What is wrong with a body, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BodyError {
    /// The field: `entry.points.east`, `tables[0]` (empty: the body itself).
    pub path: String,
    /// serde's own words, made plain by [`explain`] when shown.
    raw: String,
}

impl std::fmt::Display for BodyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&explain(&self.path, &self.raw))
    }
}

/// Marks an error of a tagged value's variant, which carries its own path
/// out through serde's error type: `MARK path MARK message`.
const MARK: char = '\u{1f}';

impl BodyError {
    pub(crate) fn new(path: &str, raw: impl Into<String>) -> BodyError {
        BodyError {
            path: path.to_string(),
            raw: raw.into(),
        }
    }

    pub(crate) fn carried<E: serde::de::Error>(&self) -> E {
        E::custom(format!("{MARK}{}{MARK}{}", self.path, self.raw))
    }
}

/// `a` then `b`: `entry` + `points.east`, `tables` + `[0]`.
fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ if b.starts_with('[') => format!("{a}{b}"),
        _ => format!("{a}.{b}"),
    }
}

/// Reads `value` as `T`; an error says at which field.
pub(crate) fn decode<T: DeserializeOwned>(value: Value) -> Result<T, BodyError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let mut path = String::new();
        for segment in e.path().iter() {
            use serde_path_to_error::Segment;
            match segment {
                Segment::Seq { index } => path.push_str(&format!("[{index}]")),
                Segment::Map { key } => path = join(&path, key),
                Segment::Enum { .. } | Segment::Unknown => {}
            }
        }
        let raw = e.inner().to_string();
        // An error inside a tagged value's variant: its path goes on.
        let mut carried = raw.splitn(3, MARK);
        match (carried.next(), carried.next(), carried.next()) {
            (Some(""), Some(inner), Some(raw)) => BodyError::new(&join(&path, inner), raw),
            _ => BodyError::new(&path, raw),
        }
    })
}

/// Reads a value tagged by `kind`, one of `kinds`: `variant` reads the rest
/// of the object as the kind's fields.
pub(crate) fn tagged<'de, D, T>(
    d: D,
    kinds: &[&str],
    variant: impl FnOnce(&str, Value) -> Result<T, BodyError>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let mut object = serde_json::Map::<String, Value>::deserialize(d)?;
    let one_of = kinds
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let kind = match object.remove("kind") {
        None => return Err(D::Error::custom("missing field `kind`")),
        Some(Value::String(kind)) if kinds.contains(&kind.as_str()) => kind,
        Some(Value::String(kind)) => {
            let raw = format!("unknown variant `{kind}`, expected one of {one_of}");
            return Err(BodyError::new("kind", raw).carried());
        }
        Some(other) => {
            let raw = format!("invalid type: {}, expected one of {one_of}", shown(&other));
            return Err(BodyError::new("kind", raw).carried());
        }
    };
    variant(&kind, Value::Object(object)).map_err(|e| e.carried())
}

/// A JSON value as serde names one in an error.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(s) => format!("string {s:?}"),
        Value::Array(_) => "sequence".into(),
        Value::Object(_) => "map".into(),
    }
}

/// An enum whose values are objects tagged by `kind`, with its reader (see
/// the module's comment). Each variant is written `Name = "kind" { fields }`,
/// its kind the snake case of its name (the schema's; a test reads back what
/// is written);
/// a field's attributes go both on the enum (for its schema) and on the
/// struct its kind is read into, which refuses unknown fields.
#[macro_export]
#[doc(hidden)]
macro_rules! tagged {
    (
        $(#[$attr:meta])*
        pub enum $name:ident {
            $(
                $(#[$vattr:meta])*
                $variant:ident = $kind:literal {
                    $( $(#[$fattr:meta])* $field:ident : $ty:ty ),* $(,)?
                }
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum $name {
            $(
                $(#[$vattr])*
                $variant { $( $(#[$fattr])* $field: $ty ),* }
            ),*
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::body::tagged(d, &[$($kind),*], |kind, rest| match kind {
                    $(
                        $kind => {
                            #[derive(serde::Deserialize, utoipa::ToSchema)]
                            #[serde(deny_unknown_fields)]
                            #[allow(dead_code)]
                            struct $variant { $( $(#[$fattr])* $field: $ty ),* }
                            let _v: $variant = $crate::body::decode(rest)?;
                            Ok($name::$variant { $( $field: _v.$field ),* })
                        }
                    )*
                    other => Err($crate::body::BodyError::unknown_kind(other)),
                })
            }
        }
    };
}

impl BodyError {
    /// A kind [`tagged`] let through that its variants do not know (never:
    /// both come from one list in [`tagged!`](crate::tagged)).
    #[doc(hidden)]
    pub fn unknown_kind(kind: &str) -> BodyError {
        BodyError::new("kind", format!("unknown variant `{kind}`"))
    }
}

/// serde's words about a mistake at `path`, as a person would say them.
fn explain(path: &str, raw: &str) -> String {
    let ticked = |s: &str| -> Option<(String, String)> {
        let (name, rest) = s.strip_prefix('`')?.split_once('`')?;
        Some((name.to_string(), rest.to_string()))
    };
    let list = |s: &str| s.replace('`', "");
    if let Some((field, _)) = raw.strip_prefix("missing field ").and_then(ticked) {
        let what = words::path_words(&join(path, &field));
        return format!("{what} {} missing", words::is(&what));
    }
    if let Some((field, rest)) = raw.strip_prefix("unknown field ").and_then(ticked) {
        let expected = match rest.trim_start_matches(", ") {
            "there are no fields" => "this takes no fields".to_string(),
            r => match (
                r.strip_prefix("expected one of "),
                r.strip_prefix("expected "),
            ) {
                (Some(l), _) => format!("expected one of: {}", list(l)),
                (None, Some(one)) => format!("the only field here is {}", list(one)),
                _ => list(r),
            },
        };
        // The reader stands on an unknown key when it refuses it.
        let at = if path == field || path.ends_with(&format!(".{field}")) {
            path.to_string()
        } else {
            join(path, &field)
        };
        return format!("unknown field `{at}`: {expected}");
    }
    if let Some((value, rest)) = raw.strip_prefix("unknown variant ").and_then(ticked) {
        let expected = list(rest.trim_start_matches(", "));
        let expected = expected
            .strip_prefix("expected one of ")
            .map_or(expected.clone(), |l| format!("expected one of: {l}"));
        return format!("`{path}` is `{value}`: {expected}");
    }
    // The field in words where a person may see it (issue 13.6).
    let at = words::path_words(path);
    if let Some((got, expected)) = raw
        .strip_prefix("invalid type: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        return format!(
            "{at} must be {}, not {}",
            wanted(expected, false),
            found(got)
        );
    }
    if let Some((got, expected)) = raw
        .strip_prefix("invalid value: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        // Out of range: here the bounds help.
        return format!(
            "{at} {} {}: expected {}",
            words::is(&at),
            found(got),
            wanted(expected, true)
        );
    }
    if path.is_empty() {
        raw.to_string()
    } else {
        format!("{at}: {raw}")
    }
}

/// What serde expected, in words; the bounds of the widest numbers only
/// where the value was out of them (`bounds`): to a person they are noise.
fn wanted(expected: &str, bounds: bool) -> String {
    let range = |lo: i128, hi: i128| format!("a whole number from {lo} to {hi}");
    match expected {
        "u8" => range(0, u8::MAX.into()),
        "u16" => range(0, u16::MAX.into()),
        "u32" if bounds => range(0, u32::MAX.into()),
        "u64" if bounds => range(0, u64::MAX.into()),
        "u32" | "u64" => "a whole number, 0 or more".into(),
        "i8" => range(i8::MIN.into(), i8::MAX.into()),
        "i16" => range(i16::MIN.into(), i16::MAX.into()),
        "i32" if bounds => range(i32::MIN.into(), i32::MAX.into()),
        "i64" if bounds => range(i64::MIN.into(), i64::MAX.into()),
        "i32" | "i64" => "a whole number".into(),
        "a string" => "a text".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        e if e.starts_with("struct ") => "an object".into(),
        e if e.starts_with("one of ") => format!("one of: {}", e[7..].replace('`', "")),
        e => e.replace('`', ""),
    }
}

/// What serde found, in words.
fn found(got: &str) -> String {
    if let Some(s) = got.strip_prefix("string ") {
        return format!("the text {s}");
    }
    for prefix in ["integer ", "floating point ", "boolean "] {
        if let Some(v) = got.strip_prefix(prefix) {
            return v.trim_matches('`').to_string();
        }
    }
    match got {
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        "null" | "unit value" => "null".into(),
        g => g.to_string(),
    }
}

#[cfg(test)]
mod tests;
pub(crate) mod words;
