//! JSON read strictly (issue 34.8): a key given twice in an object, at any
//! depth, is refused naming it. `serde_json` keeps the last of two, so
//! `{"type": "hello", "token": A, "token": B}` was read as a hello with B
//! while another reader of the same text would see A. The server's request
//! bodies are read the same way (`crates/server/src/body`).

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A JSON value whose objects have no key twice.
struct Strict(Value);

impl<'de> de::Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("the key `{key}` is given twice")));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Reads `text` as JSON, refusing a key given twice in any object.
pub(crate) fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Strict>(text).map(|Strict(v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_at_any_depth_is_refused_by_name() {
        let e = from_str(r#"{"type": "hello", "token": "a", "token": "b"}"#).unwrap_err();
        assert!(e.to_string().contains("`token` is given twice"), "{e}");
        let e = from_str(r#"{"action": {"kind": "discard", "kind": "pick"}}"#).unwrap_err();
        assert!(e.to_string().contains("`kind`"), "{e}");
        let e = from_str(r#"[{"a": 1}, {"b": 2, "b": 3}]"#).unwrap_err();
        assert!(e.to_string().contains("`b`"), "{e}");
    }

    #[test]
    fn json_without_repeated_keys_reads_as_serde_json_reads_it() {
        let text =
            r#"{"v": 1, "n": -2, "x": 1.5, "s": "é\n", "a": [true, null, {"k": []}], "o": {}}"#;
        assert_eq!(
            from_str(text).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
        assert!(from_str("{").is_err());
    }
}
