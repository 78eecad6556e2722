//! A small JSON Schema checker for the keywords docs/play-protocol.md uses
//! (no dependency: the `jsonschema` crate would bring a large tree for
//! one test). An unknown keyword is an error, so none is silently ignored.

use serde_json::Value;

/// The schema of docs/play-protocol.md (the block after `<!-- schema -->`).
pub fn protocol_schema() -> Value {
    let doc = include_str!("../../../../docs/play-protocol.md");
    let after = doc
        .split("<!-- schema -->")
        .nth(1)
        .expect("the schema marker");
    let body = after.split("```json").nth(1).expect("a json block");
    let body = body.split("```").next().expect("the block's end");
    serde_json::from_str(body).expect("the schema is JSON")
}

pub fn check(root: &Value, def: &str, value: &Value) -> Result<(), String> {
    let schema = &root["$defs"][def];
    assert!(!schema.is_null(), "no definition {def}");
    validate(root, schema, value, def)
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_u64() || v.is_i64(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        other => panic!("type {other} is not known to this checker"),
    }
}

fn validate(root: &Value, schema: &Value, v: &Value, path: &str) -> Result<(), String> {
    let Some(obj) = schema.as_object() else {
        return Err(format!("{path}: the schema is not an object"));
    };
    let fail = |why: String| Err(format!("{path}: {why} (value {v})"));
    for (key, s) in obj {
        match key.as_str() {
            "$ref" => {
                let name = s.as_str().unwrap().trim_start_matches("#/$defs/");
                validate(root, &root["$defs"][name], v, &format!("{path}>{name}"))?;
            }
            "type" => {
                if !type_ok(s.as_str().unwrap(), v) {
                    return fail(format!("not of type {s}"));
                }
            }
            "enum" => {
                if !s.as_array().unwrap().contains(v) {
                    return fail(format!("not one of {s}"));
                }
            }
            "const" => {
                if s != v {
                    return fail(format!("not {s}"));
                }
            }
            "required" => {
                for r in s.as_array().unwrap() {
                    if v.get(r.as_str().unwrap()).is_none() {
                        return fail(format!("no field {r}"));
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (k, field) in o {
                        if let Some(ps) = s.get(k) {
                            validate(root, ps, field, &format!("{path}.{k}"))?;
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(s, &Value::Bool(false), "only `false` is supported");
                let known = obj.get("properties").and_then(Value::as_object);
                if let Some(o) = v.as_object() {
                    for k in o.keys() {
                        if known.is_none_or(|p| !p.contains_key(k)) {
                            return fail(format!("a field {k} the schema does not have"));
                        }
                    }
                }
            }
            "items" => {
                for (i, item) in v.as_array().into_iter().flatten().enumerate() {
                    validate(root, s, item, &format!("{path}[{i}]"))?;
                }
            }
            "prefixItems" => {
                let items = v.as_array().cloned().unwrap_or_default();
                for (i, (ps, item)) in s.as_array().unwrap().iter().zip(&items).enumerate() {
                    validate(root, ps, item, &format!("{path}[{i}]"))?;
                }
            }
            "oneOf" | "anyOf" => {
                let passed = s
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|alt| validate(root, alt, v, path).is_ok())
                    .count();
                if passed == 0 || (key == "oneOf" && passed > 1) {
                    return fail(format!("{passed} of the {key} alternatives match"));
                }
            }
            "minimum" | "maximum" => {
                let (n, bound) = (v.as_f64(), s.as_f64().unwrap());
                let bad = n.is_some_and(|n| {
                    if key == "minimum" {
                        n < bound
                    } else {
                        n > bound
                    }
                });
                if bad {
                    return fail(format!("outside {key} {bound}"));
                }
            }
            "minLength" | "maxLength" => {
                let bound = s.as_u64().unwrap() as usize;
                if let Some(text) = v.as_str() {
                    let n = text.chars().count();
                    if (key == "minLength" && n < bound) || (key == "maxLength" && n > bound) {
                        return fail(format!("length outside {key} {bound}"));
                    }
                }
            }
            "minItems" | "maxItems" => {
                let bound = s.as_u64().unwrap() as usize;
                if let Some(items) = v.as_array() {
                    let n = items.len();
                    if (key == "minItems" && n < bound) || (key == "maxItems" && n > bound) {
                        return fail(format!("{n} items, outside {key} {bound}"));
                    }
                }
            }
            "$schema" | "$defs" | "description" => {}
            other => panic!("keyword {other} is not known to this checker"),
        }
    }
    Ok(())
}
