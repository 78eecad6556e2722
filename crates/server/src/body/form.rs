//! A plain HTML form's body (`application/x-www-form-urlencoded`) read into
//! the same typed body as the script's JSON (issue 13.7), field for field
//! as `assets/jongg.js` builds its JSON:
//!
//! - a dotted name is a nested field (`method.kind`, `odd_players.points`);
//! - an empty field is left out (a blank box is "not given");
//! - every value is text: where the body's type wants something else, the
//!   text is read as that (a whole number, `true`/`on` for a ticked box, a
//!   list of lines, or JSON text for a list a `<select>` offers), one field at
//!   a time, by the very mistake the strict reader names at that field; a
//!   text that cannot be read so stays the mistake the JSON reader would name;
//! - a box left unticked is not sent: its field has `#[serde(default)]`
//!   (false) in the body's type;
//! - the hidden field `_optional` lists (comma-separated) the fields only
//!   some kinds take (a draw number only with a random draw): one the body
//!   refuses is dropped rather than refused.

use super::{BodyError, decode};
use crate::http::error::ApiError;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The name of the hidden field listing fields that may be dropped.
pub(crate) const OPTIONAL: &str = "_optional";

/// Reads a url-encoded form as `T`: each field once, no NUL.
pub(crate) fn read_form<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(bytes)
        .map_err(|e| ApiError::bad_request(format!("the form cannot be read: {e}")))?;
    let mut object = Map::new();
    let mut optional = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (key, value) in pairs {
        if key.contains('\0') || value.contains('\0') {
            return Err(ApiError::bad_request(format!(
                "the form's field `{}` holds a NUL character",
                key.replace('\0', "")
            )));
        }
        if !seen.insert(key.clone()) {
            return Err(ApiError::bad_request(format!(
                "the form gives the field `{key}` twice"
            )));
        }
        if key == OPTIONAL {
            optional = value.split(',').map(|s| s.trim().to_string()).collect();
            continue;
        }
        if value.trim().is_empty() {
            continue;
        }
        put(&mut object, &key, value)?;
    }
    read_text(Value::Object(object), &optional).map_err(|e| ApiError::unprocessable(e.to_string()))
}

/// Sets `object[a][b]` for the dotted name `a.b`.
fn put(object: &mut Map<String, Value>, name: &str, value: String) -> Result<(), ApiError> {
    let clash = || ApiError::bad_request(format!("the form's field `{name}` clashes with another"));
    match name.split_once('.') {
        None => {
            if object.contains_key(name) {
                return Err(clash());
            }
            object.insert(name.to_string(), Value::String(value));
            Ok(())
        }
        Some((head, rest)) => match object
            .entry(head.to_string())
            .or_insert_with(|| Value::Object(Map::new()))
        {
            Value::Object(inner) => put(inner, rest, value),
            _ => Err(clash()),
        },
    }
}

/// Reads `value` (text everywhere) as `T`, reading a text as what the type
/// wants where it says so (see the module's comment).
fn read_text<T: DeserializeOwned>(mut value: Value, optional: &[String]) -> Result<T, BodyError> {
    // Each turn settles one field; a form has far fewer.
    for _ in 0..256 {
        match decode::<T>(value.clone()) {
            Ok(t) => return Ok(t),
            Err(e) => {
                if !settle(&mut value, &e, optional) {
                    return Err(e);
                }
            }
        }
    }
    decode::<T>(value)
}

/// Settles the field a mistake names, if a form's text can be read as
/// what it wants (or, listed as optional, dropped); false if not.
fn settle(value: &mut Value, e: &BodyError, optional: &[String]) -> bool {
    if let Some(rest) = e.raw.strip_prefix("unknown field `")
        && let Some((field, _)) = rest.split_once('`')
    {
        let full = if e.path.ends_with(field) {
            e.path.clone()
        } else {
            super::join(&e.path, field)
        };
        if optional.contains(&full) {
            return remove(value, &full);
        }
        return false;
    }
    let Some(rest) = e.raw.strip_prefix("invalid type: string ") else {
        return false;
    };
    let expected = rest.rsplit_once(", expected ").map_or("", |(_, x)| x);
    let Some(Value::String(text)) = at(value, &e.path) else {
        return false;
    };
    let text = text.trim().to_string();
    let read = if expected.contains("sequence") || expected.contains("list") {
        match serde_json::from_str::<Value>(&text) {
            Ok(v @ Value::Array(_)) => v,
            _ => Value::Array(
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(|l| Value::String(l.to_string()))
                    .collect(),
            ),
        }
    } else if let Ok(n) = text.parse::<i64>() {
        Value::from(n)
    } else if let Ok(n) = text.parse::<u64>() {
        Value::from(n)
    } else if matches!(text.as_str(), "true" | "on") {
        Value::Bool(true)
    } else if text == "false" {
        Value::Bool(false)
    } else if let Ok(n) = text.parse::<f64>()
        && expected.starts_with('f')
    {
        Value::from(n)
    } else {
        return false;
    };
    match at(value, &e.path) {
        Some(slot) => {
            *slot = read;
            true
        }
        None => false,
    }
}

/// The field at a dotted path.
fn at<'a>(value: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    if path.is_empty() {
        return None;
    }
    path.split('.')
        .try_fold(value, |v, key| v.as_object_mut()?.get_mut(key))
}

/// Removes the field at a dotted path.
fn remove(value: &mut Value, path: &str) -> bool {
    let (parent, key) = match path.rsplit_once('.') {
        Some((p, k)) => (at(value, p), k),
        None => (Some(value), path),
    };
    parent
        .and_then(Value::as_object_mut)
        .is_some_and(|o| o.remove(key).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::players::RegisterPlayer;
    use crate::body::rounds::SeatRound;
    use crate::body::settings::UpdateSettings;

    #[test]
    fn texts_are_read_as_numbers_ticks_and_lines_where_the_type_says() {
        let p: RegisterPlayer = read_form(b"number=7&name=Ann+Lee&club=&late=on").unwrap();
        assert_eq!((p.number, p.name.as_str(), p.late), (7, "Ann Lee", true));
        let p: RegisterPlayer = read_form(b"number=8&name=Ben").unwrap();
        assert!(!p.late, "a box left unticked is false");
        let s: UpdateSettings = read_form(
            b"dates=2026-03-14%0D%0A2026-03-15&rounds=5&tie_breaks=%5B%22points%22%5D&odd_players.kind=sit_out&odd_players.points=10",
        )
        .unwrap();
        assert_eq!(s.dates.unwrap().len(), 2);
        assert_eq!(s.rounds, Some(5));
        assert!(s.tie_breaks.is_some() && s.odd_players.is_some());
    }

    #[test]
    fn a_text_that_is_not_what_the_type_wants_is_named() {
        let e = read_form::<RegisterPlayer>(b"number=seven&name=Ann").unwrap_err();
        assert!(
            e.message
                .contains("the player's number must be a whole number"),
            "{}",
            e.message
        );
        let e = read_form::<RegisterPlayer>(b"number=1&name=Ann&colour=red").unwrap_err();
        assert!(
            e.message.contains("unknown field `colour`"),
            "{}",
            e.message
        );
        let e = read_form::<RegisterPlayer>(b"number=1&number=2&name=A").unwrap_err();
        assert!(e.message.contains("twice"), "{}", e.message);
    }

    #[test]
    fn a_field_listed_optional_is_dropped_where_its_kind_refuses_it() {
        let form = b"method.kind=movement&method.seed=4&_optional=method.seed";
        assert!(read_form::<SeatRound>(form).is_ok());
        let form = b"method.kind=random&method.seed=4&_optional=method.seed";
        assert!(read_form::<SeatRound>(form).is_ok());
        let e = read_form::<SeatRound>(b"method.kind=movement&method.seed=4").unwrap_err();
        assert!(e.message.contains("seed"), "{}", e.message);
    }
}
