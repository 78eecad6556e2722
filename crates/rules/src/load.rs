//! Reading a preset from TOML text, with `base = "<built-in>"` overrides.
//!
//! The crate reads no files: the caller passes the text and a label (usually
//! the path) that errors name. Errors give the label, the 1-based line and the
//! dotted key, e.g. `club.toml:3: scoring.self_picked.points: invalid type...`.
//!
//! How a file with `base` is read: the base preset's table is the starting
//! point and every value of the file (a "leaf": a number, string, boolean or
//! array) replaces the one at the same dotted key. When the result does not
//! make a valid preset, the leaves are applied again one at a time to find
//! the first one that breaks it, so the error points at a line of the file.

use crate::preset::{PRESET_NAMES, Preset};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use toml::Spanned;

/// A preset file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetError {
    /// The label the caller gave (usually the file path).
    pub file: String,
    /// 1-based line of the offending key, when known.
    pub line: Option<usize>,
    /// Dotted key, e.g. `scoring.self_picked.points`, when known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PresetError {}

/// A TOML document with the position of every key: tables are walked, other
/// values are kept whole.
#[derive(Debug)]
enum Node {
    Leaf(toml::Value),
    Table(Vec<(Spanned<String>, Spanned<Node>)>),
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a TOML value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Leaf(toml::Value::Boolean(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Leaf(toml::Value::Integer(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Node, E> {
        i64::try_from(v)
            .map(|v| Node::Leaf(toml::Value::Integer(v)))
            .map_err(|_| E::custom("integer out of range"))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Leaf(toml::Value::Float(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Leaf(toml::Value::String(v.to_string())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Node, E> {
        Ok(Node::Leaf(toml::Value::String(v)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element::<toml::Value>()? {
            items.push(v);
        }
        Ok(Node::Leaf(toml::Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(k) = map.next_key::<Spanned<String>>()? {
            let v = map.next_value::<Spanned<Node>>()?;
            entries.push((k, v));
        }
        Ok(Node::Table(entries))
    }
}

/// One value of a director's file: its dotted path and its line.
struct Leaf {
    path: Vec<String>,
    value: toml::Value,
    line: usize,
}

fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn collect_leaves(
    text: &str,
    entries: &[(Spanned<String>, Spanned<Node>)],
    prefix: &[String],
    out: &mut Vec<Leaf>,
) {
    for (k, v) in entries {
        let mut path = prefix.to_vec();
        path.push(k.get_ref().clone());
        match v.get_ref() {
            Node::Table(inner) => collect_leaves(text, inner, &path, out),
            Node::Leaf(value) => out.push(Leaf {
                path,
                value: value.clone(),
                line: line_of(text, k.span().start),
            }),
        }
    }
}

/// The deepest key whose key or value covers `offset`, and its line.
fn key_at(
    text: &str,
    entries: &[(Spanned<String>, Spanned<Node>)],
    offset: usize,
    prefix: &str,
) -> Option<(String, usize)> {
    for (k, v) in entries {
        let name = if prefix.is_empty() {
            k.get_ref().clone()
        } else {
            format!("{prefix}.{}", k.get_ref())
        };
        let covers = k.span().contains(&offset) || v.span().contains(&offset);
        if let Node::Table(inner) = v.get_ref()
            && let Some(found) = key_at(text, inner, offset, &name)
        {
            return Some(found);
        }
        if covers {
            return Some((name, line_of(text, k.span().start)));
        }
    }
    None
}

/// The line of a dotted key in the file, if the file writes it.
fn line_of_key(
    text: &str,
    entries: &[(Spanned<String>, Spanned<Node>)],
    key: &str,
) -> Option<usize> {
    let mut leaves = Vec::new();
    collect_leaves(text, entries, &[], &mut leaves);
    leaves
        .iter()
        .filter(|l| {
            let p = l.path.join(".");
            p == key || p.starts_with(&format!("{key}."))
        })
        .map(|l| l.line)
        .next()
}

fn set_path(table: &mut toml::Table, path: &[String], value: toml::Value) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut t = table;
    for p in parents {
        let slot = t
            .entry(p.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if !slot.is_table() {
            *slot = toml::Value::Table(toml::Table::new());
        }
        let toml::Value::Table(inner) = slot else {
            return;
        };
        t = inner;
    }
    t.insert(last.clone(), value);
}

fn has_path(table: &toml::Table, path: &[String]) -> bool {
    let Some((last, parents)) = path.split_last() else {
        return false;
    };
    let mut t = table;
    for p in parents {
        match t.get(p) {
            Some(toml::Value::Table(inner)) => t = inner,
            _ => return false,
        }
    }
    t.contains_key(last)
}

/// Deserialises and checks a whole preset table.
fn build(table: &toml::Table) -> Result<Preset, (Option<String>, String)> {
    let preset: Preset = toml::Value::Table(table.clone())
        .try_into()
        .map_err(|e: toml::de::Error| (None, e.message().to_string()))?;
    preset.check().map_err(|(k, m)| (Some(k), m))?;
    Ok(preset)
}

impl Preset {
    /// Reads a preset from TOML text. `label` names the text in errors (the
    /// file path). A file with `base = "<built-in name>"` starts from that
    /// preset and overrides single values; a file without `base` must give
    /// every value.
    pub fn from_toml(text: &str, label: &str) -> Result<Preset, PresetError> {
        let err = |line: Option<usize>, key: Option<String>, message: String| PresetError {
            file: label.to_string(),
            line,
            key,
            message,
        };
        let doc: Spanned<Node> = toml::from_str(text).map_err(|e: toml::de::Error| {
            let line = e.span().map(|s| line_of(text, s.start));
            err(line, None, e.message().trim().to_string())
        })?;
        let Node::Table(entries) = doc.into_inner() else {
            return Err(err(None, None, "expected a TOML table".into()));
        };

        let base_entry = entries.iter().find(|(k, _)| k.get_ref() == "base");
        let Some((base_key, base_value)) = base_entry else {
            return Self::from_full_toml(text, label, &entries);
        };

        // A file that starts from a built-in preset.
        let base_line = line_of(text, base_key.span().start);
        let base_name = match base_value.get_ref() {
            Node::Leaf(toml::Value::String(s)) => s.clone(),
            _ => {
                return Err(err(
                    Some(base_line),
                    Some("base".into()),
                    "expected the name of a built-in preset in quotes".into(),
                ));
            }
        };
        let Some(base_text) = Preset::builtin_text(&base_name) else {
            return Err(err(
                Some(base_line),
                Some("base".into()),
                format!(
                    "`{base_name}` is not a built-in preset (expected one of {})",
                    PRESET_NAMES.join(", ")
                ),
            ));
        };
        let base_table: toml::Table = base_text.parse().map_err(|e: toml::de::Error| {
            err(None, Some("base".into()), e.message().to_string())
        })?;

        let mut leaves = Vec::new();
        collect_leaves(text, &entries, &[], &mut leaves);
        leaves.retain(|l| l.path != ["base"]);

        // A value changed without its `source` now comes from this file.
        let mut sourced = Vec::new();
        for leaf in &leaves {
            let Some((last, parent)) = leaf.path.split_last() else {
                continue;
            };
            if last == "source" {
                continue;
            }
            let mut source_path = parent.to_vec();
            source_path.push("source".into());
            let file_sets_source = leaves.iter().any(|l| l.path == source_path);
            if !file_sets_source
                && has_path(&base_table, &source_path)
                && !sourced
                    .iter()
                    .any(|(p, _): &(Vec<String>, _)| *p == source_path)
            {
                sourced.push((
                    source_path,
                    toml::Value::String(format!("{label} line {}", leaf.line)),
                ));
            }
        }

        let mut merged = base_table.clone();
        for leaf in &leaves {
            set_path(&mut merged, &leaf.path, leaf.value.clone());
        }
        // `name` defaults to the label: this is not the base preset any more.
        if !leaves.iter().any(|l| l.path == ["name"]) {
            set_path(
                &mut merged,
                &["name".into()],
                toml::Value::String(label.into()),
            );
        }
        for (path, v) in &sourced {
            set_path(&mut merged, path, v.clone());
        }

        match build(&merged) {
            Ok(mut preset) => {
                preset.based_on = Some(base_name);
                preset.changes = leaves
                    .iter()
                    .map(|l| crate::preset::Change {
                        key: l.path.join("."),
                        value: l.value.to_string(),
                        line: l.line,
                    })
                    .collect();
                Ok(preset)
            }
            Err((key, message)) => {
                // Find the first value of the file that breaks the preset.
                let mut partial = base_table;
                for leaf in &leaves {
                    set_path(&mut partial, &leaf.path, leaf.value.clone());
                    if let Err((_, m)) = build(&partial) {
                        return Err(err(Some(leaf.line), Some(leaf.path.join(".")), m));
                    }
                }
                Err(err(None, key, message))
            }
        }
    }

    /// A file without `base`: every value must be there.
    fn from_full_toml(
        text: &str,
        label: &str,
        entries: &[(Spanned<String>, Spanned<Node>)],
    ) -> Result<Preset, PresetError> {
        let preset: Preset = toml::from_str(text).map_err(|e: toml::de::Error| {
            let found = e.span().and_then(|s| key_at(text, entries, s.start, ""));
            let line = found
                .as_ref()
                .map(|(_, l)| *l)
                .or_else(|| e.span().map(|s| line_of(text, s.start)));
            PresetError {
                file: label.to_string(),
                line,
                key: found.map(|(k, _)| k),
                message: e.message().trim().to_string(),
            }
        })?;
        preset.check().map_err(|(key, message)| PresetError {
            file: label.to_string(),
            line: line_of_key(text, entries, &key),
            key: Some(key),
            message,
        })?;
        Ok(preset)
    }
}
