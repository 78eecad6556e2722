//! Reading a preset from TOML text, with `base = "<built-in>"` overrides.
//!
//! The crate reads no files: the caller passes the text and a label (usually
//! the path) that errors name. Errors give the label, the 1-based line and the
//! dotted key, e.g. `club.toml:3: scoring.self_picked.points: invalid type...`.
//!
//! How a file with `base` is read: the base preset's table is the starting
//! point and every value of the file (a "leaf": a number, string, boolean or
//! array) replaces the one at the same dotted key. When the result is not a
//! valid preset, the leaves are applied again one at a time to find the first
//! one that breaks it, so the error points at a line of the file.
//! `toml_edit` gives the position of every key, also in dotted keys.

use crate::preset::{Change, PRESET_NAMES, Preset};
use std::fmt;

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

/// Where a key of the file is: its dotted path, its line, and whether it
/// holds a value (a leaf) or a table.
#[derive(Debug)]
struct Place {
    path: Vec<String>,
    line: usize,
    leaf: bool,
}

/// Byte offsets of the line ends of a text, to turn an offset into a line.
struct LineIndex(Vec<usize>);

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        LineIndex(text.match_indices('\n').map(|(i, _)| i).collect())
    }

    /// The 1-based line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        self.0.partition_point(|&n| n < offset) + 1
    }
}

/// Every key of the document with its line, in document order.
fn places(text: &str, lines: &LineIndex) -> Result<Vec<Place>, toml_edit::TomlError> {
    let doc = toml_edit::ImDocument::parse(text)?;
    let mut out = Vec::new();
    walk_table(lines, doc.as_table(), &[], 1, &mut out);
    out.sort_by_key(|p| p.line);
    Ok(out)
}

fn walk_table(
    lines: &LineIndex,
    table: &toml_edit::Table,
    prefix: &[String],
    parent_line: usize,
    out: &mut Vec<Place>,
) {
    for (k, item) in table.iter() {
        let mut path = prefix.to_vec();
        path.push(k.to_string());
        let key_line = table
            .key(k)
            .and_then(|key| key.span())
            .map(|s| lines.line(s.start));
        let span = item.span().map(|s| lines.line(s.start));
        let line = key_line.or(span).unwrap_or(parent_line);
        match item {
            toml_edit::Item::Table(t) => {
                let line = t.span().map(|s| lines.line(s.start)).unwrap_or(line);
                out.push(Place {
                    path: path.clone(),
                    line,
                    leaf: false,
                });
                walk_table(lines, t, &path, line, out);
            }
            toml_edit::Item::Value(toml_edit::Value::InlineTable(t)) => {
                out.push(Place {
                    path: path.clone(),
                    line,
                    leaf: false,
                });
                walk_inline(lines, t, &path, line, out);
            }
            toml_edit::Item::None => {}
            _ => out.push(Place {
                path,
                line,
                leaf: true,
            }),
        }
    }
}

fn walk_inline(
    lines: &LineIndex,
    table: &toml_edit::InlineTable,
    prefix: &[String],
    parent_line: usize,
    out: &mut Vec<Place>,
) {
    for (k, value) in table.iter() {
        let mut path = prefix.to_vec();
        path.push(k.to_string());
        let line = table
            .key(k)
            .and_then(|key| key.span())
            .or_else(|| value.span())
            .map(|s| lines.line(s.start))
            .unwrap_or(parent_line);
        if let toml_edit::Value::InlineTable(t) = value {
            out.push(Place {
                path: path.clone(),
                line,
                leaf: false,
            });
            walk_inline(lines, t, &path, line, out);
        } else {
            out.push(Place {
                path,
                line,
                leaf: true,
            });
        }
    }
}

/// The first key or text of the file holding a control character, with
/// its place when known. The raw text is checked by the caller, but a TOML
/// escape (`"\\u0000"`) puts one in a value past that check. Texts may
/// hold line breaks and tabs.
fn control_text<'a>(table: &toml::Table, places: &'a [Place]) -> Option<(Option<&'a Place>, char)> {
    fn in_key(k: &str) -> Option<char> {
        k.chars().find(|c| c.is_control())
    }
    fn in_value(v: &toml::Value) -> Option<char> {
        match v {
            toml::Value::String(s) => s
                .chars()
                .find(|&c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')),
            toml::Value::Array(a) => a.iter().find_map(in_value),
            toml::Value::Table(t) => t
                .iter()
                .find_map(|(k, v)| in_key(k).or_else(|| in_value(v))),
            _ => None,
        }
    }
    let placed = places.iter().find_map(|p| {
        let key = p.path.iter().find_map(|k| in_key(k));
        let value = || {
            p.leaf
                .then(|| get_path(table, &p.path).and_then(in_value))
                .flatten()
        };
        key.or_else(value).map(|c| (Some(p), c))
    });
    placed.or_else(|| {
        table
            .iter()
            .find_map(|(k, v)| in_key(k).or_else(|| in_value(v)))
            .map(|c| (None, c))
    })
}

fn get_path<'a>(table: &'a toml::Table, path: &[String]) -> Option<&'a toml::Value> {
    let (last, parents) = path.split_last()?;
    let mut t = table;
    for p in parents {
        match t.get(p) {
            Some(toml::Value::Table(inner)) => t = inner,
            _ => return None,
        }
    }
    t.get(last)
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

/// Deserialises and checks a whole preset table.
fn build(table: &toml::Table) -> Result<Preset, (Option<String>, String)> {
    let mut preset: Preset = toml::Value::Table(table.clone())
        .try_into()
        .map_err(|e: toml::de::Error| (None, e.message().trim().to_string()))?;
    preset.complete_by_r1();
    preset.check().map_err(|(k, m)| (Some(k), m))?;
    Ok(preset)
}

/// The name in serde's "unknown field `x`, expected ..." message.
fn unknown_field(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("unknown field `")?;
    rest.split('`').next()
}

impl Preset {
    /// Reads a preset from TOML text. `label` names the text in errors (the
    /// file path). A file with `base = "<built-in name>"` starts from that
    /// preset and overrides single values; a file without `base` must give
    /// every value.
    pub fn from_toml(text: &str, label: &str) -> Result<Preset, PresetError> {
        let err = |line: Option<usize>, key: Option<&str>, message: String| PresetError {
            file: label.to_string(),
            line,
            key: key.map(str::to_string),
            message,
        };
        let lines = LineIndex::new(text);
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let line = e.span().map(|s| lines.line(s.start));
            err(line, None, e.message().trim().to_string())
        })?;
        let places = places(text, &lines).map_err(|e| {
            let line = e.span().map(|s| lines.line(s.start));
            err(line, None, e.message().trim().to_string())
        })?;
        if let Some((place, c)) = control_text(&table, &places) {
            return Err(err(
                place.map(|p| p.line),
                place.map(|p| p.path.join(".")).as_deref(),
                format!(
                    "contains the control character U+{:04X} (written as an escape such as \\u0000?): a rules file's texts are shown on the pages, so they may not hold one",
                    u32::from(c)
                ),
            ));
        }
        let line_of_key = |key: &str| {
            places
                .iter()
                .find(|p| p.path.join(".") == key)
                .map(|p| p.line)
        };

        let Some(base) = table.get("base") else {
            return Self::from_full_toml(text, label, &places, &lines);
        };
        let base_line = line_of_key("base");
        let Some(base_name) = base.as_str() else {
            return Err(err(
                base_line,
                Some("base"),
                "expected the name of a built-in preset in quotes".into(),
            ));
        };
        if Preset::builtin_text(base_name).is_none() {
            return Err(err(
                base_line,
                Some("base"),
                format!(
                    "`{base_name}` is not a built-in preset (expected one of {})",
                    PRESET_NAMES.join(", ")
                ),
            ));
        }
        // The base as read, R1 gaps filled, so a file may change a single
        // value of a rule the base inherits from `standard`.
        let base_table = Preset::builtin(base_name)
            .and_then(|p| toml::Table::try_from(&p).ok())
            .ok_or_else(|| {
                err(
                    base_line,
                    Some("base"),
                    format!(
                        "the built-in preset `{base_name}` does not read (a bug, please report)"
                    ),
                )
            })?;

        // The values of the file, in file order.
        let leaves: Vec<(&Place, toml::Value)> = places
            .iter()
            .filter(|p| p.leaf && p.path != ["base"])
            .filter_map(|p| get_path(&table, &p.path).map(|v| (p, v.clone())))
            .collect();

        // Looked up once per value below: a set, not a scan of the file's
        // keys (a 64 KB file of keys cost their count squared: issue 19.4).
        let given: std::collections::HashSet<&[String]> =
            leaves.iter().map(|(p, _)| p.path.as_slice()).collect();

        let mut merged = base_table.clone();
        for (place, value) in &leaves {
            set_path(&mut merged, &place.path, value.clone());
        }
        // A value changed without its `source` now cites this file: the
        // nearest `source` above it (`incidents.x.source` for
        // `incidents.x.effect.dead`).
        for (place, _) in &leaves {
            if place.path.last().is_some_and(|l| l == "source") {
                continue;
            }
            let source_path = (1..place.path.len()).rev().find_map(|n| {
                let mut p = place.path[..n].to_vec();
                p.push("source".into());
                get_path(&base_table, &p).is_some().then_some(p)
            });
            let Some(source_path) = source_path else {
                continue;
            };
            if !given.contains(source_path.as_slice()) {
                let cite = format!("{label} line {}", place.line);
                set_path(&mut merged, &source_path, toml::Value::String(cite));
            }
        }
        // Without its own `name`, the file is named by its label.
        if !leaves.iter().any(|(p, _)| p.path == ["name"]) {
            set_path(
                &mut merged,
                &["name".into()],
                toml::Value::String(label.into()),
            );
        }

        match build(&merged) {
            Ok(mut preset) => {
                preset.based_on = Some(base_name.to_string());
                preset.changes = leaves
                    .iter()
                    .map(|(p, v)| Change {
                        key: p.path.join("."),
                        value: v.to_string(),
                        line: p.line,
                    })
                    .collect();
                Ok(preset)
            }
            Err((key, message)) => {
                // Find the first value of the file that breaks the preset.
                let mut partial = base_table;
                for (place, value) in &leaves {
                    set_path(&mut partial, &place.path, value.clone());
                    if let Err((_, m)) = build(&partial) {
                        let key = place.path.join(".");
                        return Err(err(Some(place.line), Some(&key), m));
                    }
                }
                let line = key.as_deref().and_then(line_of_key);
                Err(err(line, key.as_deref(), message))
            }
        }
    }

    /// A file without `base`: every value must be there.
    fn from_full_toml(
        text: &str,
        label: &str,
        places: &[Place],
        lines: &LineIndex,
    ) -> Result<Preset, PresetError> {
        let mut preset: Preset = toml::from_str(text).map_err(|e: toml::de::Error| {
            let message = e.message().trim().to_string();
            let at = e.span().map(|s| lines.line(s.start));
            // The key on the error's line; for an unknown field, that field
            // inside the table the error points at.
            let mut found = places.iter().rfind(|p| Some(p.line) == at);
            if let (Some(name), Some(table)) = (unknown_field(&message), found) {
                let depth = table.path.len();
                found = places
                    .iter()
                    .filter(|p| p.line >= table.line && p.path.len() == depth + 1)
                    .find(|p| p.path.starts_with(&table.path) && p.path[depth] == name)
                    .or(found);
            }
            PresetError {
                file: label.to_string(),
                line: found.map(|p| p.line).or(at),
                key: found.map(|p| p.path.join(".")),
                message,
            }
        })?;
        preset.complete_by_r1();
        preset.check().map_err(|(key, message)| PresetError {
            file: label.to_string(),
            line: places
                .iter()
                .find(|p| p.path.join(".") == key)
                .map(|p| p.line),
            key: Some(key),
            message,
        })?;
        Ok(preset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_control_character_escaped_in_a_text_is_refused_with_its_line_and_key() {
        let text = "base = \"standard\"\n# our club\nname = \"ok\\u0000bad\"\n";
        let e = Preset::from_toml(text, "club.toml").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(3), Some("name")));
        assert!(e.message.contains("U+0000"), "{e}");
        let esc = "base = \"standard\"\nname = \"Red \\u001b[31m\"\n";
        let e = Preset::from_toml(esc, "club.toml").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        // A line break written as an escape is a text's own.
        let fine = "base = \"standard\"\nname = \"Club\\nrules\"\n";
        assert!(Preset::from_toml(fine, "club.toml").is_ok());
    }

    #[test]
    fn places_give_lines_of_dotted_and_inline_keys() {
        let text = "a = 1\n[t]\nb.c = 2\nd = { e = 3 }\n";
        let p = places(text, &LineIndex::new(text)).unwrap();
        let find = |k: &str| {
            p.iter()
                .find(|x| x.path.join(".") == k)
                .map(|x| (x.line, x.leaf))
        };
        assert_eq!(find("a"), Some((1, true)));
        assert_eq!(find("t"), Some((2, false)));
        assert_eq!(find("t.b.c"), Some((3, true)));
        assert_eq!(find("t.d.e"), Some((4, true)));
    }

    /// Issue 19.4's audit: each key of a table with a `source` looked for
    /// that `source` among every key of the file, so a 64 KB file of keys
    /// cost their count squared.
    #[test]
    fn a_64_kb_rules_file_of_many_keys_is_read_in_linear_time() {
        let mut text = String::from("base = \"standard\"\n[scoring.self_picked]\n");
        let mut i = 0;
        while text.len() < 64 * 1024 - 16 {
            text.push_str(&format!("k{i} = 1\n"));
            i += 1;
        }
        let clock = Instant::now();
        let read = Preset::from_toml(&text, "many.toml");
        let took = clock.elapsed();
        assert!(read.is_err(), "unknown keys are refused");
        assert!(took < Duration::from_millis(500), "{i} keys: {took:?}");
    }
}
