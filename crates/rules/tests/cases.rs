//! Data-driven scoring tests: every file in `tests/cases/` is a list of
//! cases, each a game record with the expected points under each of the five
//! presets (or the field an error must name). Each case names the rules it
//! tests (`name`, `sources`).
//!
//! A case at a table of three (`empty_seat` in the record, R12) expects the
//! three seated players only; the empty seat must score 0 with no line.

use jongg_rules::{GameRecord, PRESET_NAMES, Preset, score};
use jongg_tiles::{BySeat, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    sources: String,
    record: serde_json::Value,
    #[serde(default)]
    expect: BTreeMap<String, BTreeMap<Seat, i32>>,
    #[serde(default)]
    errors: BTreeMap<String, String>,
}

/// Expands the `all` key to the five presets.
fn per_preset<T: Clone>(m: &BTreeMap<String, T>) -> BTreeMap<String, T> {
    let mut out = BTreeMap::new();
    for (k, v) in m {
        if k == "all" {
            for n in PRESET_NAMES {
                out.insert(n.to_string(), v.clone());
            }
        } else {
            assert!(PRESET_NAMES.contains(&k.as_str()), "unknown preset {k}");
            out.insert(k.clone(), v.clone());
        }
    }
    out
}

fn run_case(case: &Case, failures: &mut Vec<String>) {
    assert!(!case.sources.is_empty(), "{}: cite the rules", case.name);
    let expect = per_preset(&case.expect);
    let errors = per_preset(&case.errors);
    for name in PRESET_NAMES {
        let preset = Preset::builtin(name).unwrap();
        let text = case.record.to_string();
        let record = GameRecord::from_json(&text);
        let seated: Vec<Seat> = match &record {
            Ok(r) => r.seats().collect(),
            Err(_) => Seat::ALL.to_vec(),
        };
        let outcome = record.and_then(|r| score(&preset, &r));
        match (expect.get(name), errors.get(name), outcome) {
            (Some(want), None, Ok(scored)) => {
                if !want.keys().copied().eq(seated.iter().copied()) {
                    failures.push(format!(
                        "{} [{name}]: expect the seated players {seated:?}, not {:?}",
                        case.name,
                        want.keys().collect::<Vec<_>>()
                    ));
                    continue;
                }
                let want = BySeat::from_fn(|s| want.get(&s).copied().unwrap_or(0));
                let empty = Seat::ALL.into_iter().find(|s| !seated.contains(s));
                if let Some(e) = empty
                    && (scored.points[e] != 0 || scored.lines.iter().any(|l| l.seat == e))
                {
                    failures.push(format!(
                        "{} [{name}]: the empty seat {e} scored {} or has a line (R12)",
                        case.name, scored.points[e]
                    ));
                }
                if scored.points != want {
                    let lines: Vec<String> = scored.lines.iter().map(|l| l.to_string()).collect();
                    failures.push(format!(
                        "{} [{name}]: got {}, want {}\n    {}",
                        case.name,
                        scored.points_json(),
                        serde_json::to_string(&want).unwrap(),
                        lines.join("\n    ")
                    ));
                }
            }
            (None, Some(field), Err(e)) => {
                if e.field != *field {
                    failures.push(format!(
                        "{} [{name}]: error names `{}`, want `{field}`: {e}",
                        case.name, e.field
                    ));
                }
            }
            (Some(_), None, Err(e)) => {
                failures.push(format!("{} [{name}]: unexpected error {e}", case.name))
            }
            (None, Some(field), Ok(s)) => failures.push(format!(
                "{} [{name}]: scored {} but want an error on `{field}`",
                case.name,
                s.points_json()
            )),
            _ => failures.push(format!(
                "{} [{name}]: the case must give exactly one of expect/errors for every preset",
                case.name
            )),
        }
    }
}

#[test]
fn every_case_file_scores_as_expected_under_every_preset() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "case files missing");
    let mut failures = Vec::new();
    let mut count = 0;
    let mut names = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let cases: Vec<Case> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for case in &cases {
            assert!(
                names.insert(case.name.clone()),
                "duplicate case {}",
                case.name
            );
            run_case(case, &mut failures);
            count += 1;
        }
    }
    assert!(count >= 50, "only {count} cases");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
