//! The engine's scenario tests as positions (`tests/positions/*.pos`, the
//! format of docs/positions.md): each file names the rule it pins and is run
//! here; a failed expectation is named with its file and line. Then the
//! format itself: random text never panics, and a script written out reads
//! back the same.

use jongg_game::position::{Script, StepKind, parse, run};
use jongg_rules::rng::Rng;
use jongg_tiles::{Seat, Tile};
use proptest::prelude::*;
use std::path::PathBuf;

fn position_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pos"))
        .collect();
    files.sort();
    files
}

/// A seed rule (`standard 16A`: a preset's name) or a ruling (`R1`-`R17`).
fn names_a_rule(comment: &str) -> bool {
    let ruling = comment
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| {
            w.strip_prefix('R')
                .and_then(|n| n.parse::<u8>().ok())
                .is_some_and(|n| (1..=17).contains(&n))
        });
    ruling
        || jongg_rules::PRESET_NAMES
            .iter()
            .any(|p| comment.contains(p))
}

#[test]
fn every_position_file_meets_its_expectations() {
    let files = position_files();
    assert!(files.len() >= 30, "{} position files", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        // Each file names the rule it pins: a seed rule or a ruling.
        let head: String = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(
            names_a_rule(&head),
            "{name}: the first comment names the rule"
        );
        let report = match parse(&text).and_then(|s| run(&s)) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        assert!(!report.checks.is_empty(), "{name}: no expectation");
        for c in report.failures() {
            failures.push(format!(
                "{name} line {}: {}: {}",
                c.line,
                c.text,
                c.failure.as_deref().unwrap_or("")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn a_changed_expectation_fails_on_its_line() {
    // The runner is not a yes-machine: one file with a wrong number fails.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let text =
        std::fs::read_to_string(dir.join("a-self-picked-win-records-r9-and-r11.pos")).unwrap();
    let wrong = text.replace("expect points E 80", "expect points E 81");
    let report = run(&parse(&wrong).unwrap()).unwrap();
    let failed: Vec<usize> = report.failures().map(|c| c.line).collect();
    let line = wrong
        .lines()
        .position(|l| l.starts_with("expect points E 81"))
        .unwrap()
        + 1;
    assert_eq!(failed, vec![line]);
}

#[test]
fn the_directors_ten_lines_in_the_docs_hold() {
    // docs/positions.md shows a ruling checked in ten lines: it must run.
    let doc = include_str!("../../../docs/positions.md");
    let block = doc
        .split("## Ten lines for a director")
        .nth(1)
        .and_then(|s| s.split("```").nth(1))
        .unwrap();
    let lines = block.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(lines, 10, "{block}");
    let report = run(&parse(block).unwrap()).unwrap();
    assert!(report.passed() && report.checks.len() == 2, "{report:?}");
}

/// Lines of every kind, to build random scripts from.
const STEPS: &[&str] = &[
    "E discard 7C",
    "W claim",
    "W claim 3",
    "S claim mahjong 12",
    "S claim mahjong",
    "N decline",
    "E pick",
    "W withdraw",
    "N expose 2 naturals 1 jokers",
    "N correct 0 naturals 3 jokers",
    "E exchange N 2",
    "E mahjong",
    "S mahjong verbal",
    "W throw-in",
    "N keep-hand",
    "S dead W",
    "E pass 1B 2B blind 1",
    "W pass blind 3",
    "N courtesy 1D",
    "S courtesy",
    "E stop",
    "expect turn W",
    "expect turn S expose",
    "expect pick N",
    "expect window 6B from E",
    "expect awaiting E W",
    "expect awaiting none",
    "expect charleston second-left",
    "expect ended mahjong-in-error",
    "expect playing",
    "expect winner S",
    "expect record self_picked true",
    "expect record exposed S W",
    "expect points E -10",
    "expect points 0 10 10 10",
    "expect dead N cannot_make_hand",
    "expect dead S none",
    "expect penalty W false_dead_call",
    "expect exposed N 6D 6D J | 9B 9B 9B",
    "expect exposed E none",
    "expect count E J 1",
    "expect rack E 1B 2B",
    "expect floor J 6B",
    "expect floor none",
    "expect wall-left 0",
    "expect bot strong E not discard 5B",
    "expect bot medium E discard",
];

/// A random position: tiles dealt from a shuffled set so that no kind is
/// named more often than the set holds and every rack fits its size.
fn random_script(seed: u64) -> Script {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    let pick = |rng: &mut Rng, n: usize| rng.below(n);
    let preset = jongg_rules::PRESET_NAMES[pick(&mut rng, 5)];
    text.push_str(&format!("rules {preset}\n"));
    text.push_str(["card toy\n", "card practice\n"][pick(&mut rng, 2)]);
    let dealer = Seat::from_index(pick(&mut rng, 4));
    text.push_str(&format!("dealer {}\n", dealer.name()));
    let empty = (pick(&mut rng, 3) == 0).then(|| dealer.next());
    if let Some(e) = empty {
        text.push_str(&format!("empty {}\n", e.name()));
    }
    let live: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| Some(*s) != empty)
        .collect();
    let charleston = empty.is_none() && pick(&mut rng, 4) == 0;
    if charleston {
        text.push_str("charleston second-right\n");
    } else if pick(&mut rng, 2) == 0 {
        let s = live[pick(&mut rng, live.len())];
        let pick_word = if pick(&mut rng, 2) == 0 { " pick" } else { "" };
        text.push_str(&format!("turn {}{pick_word}\n", s.name()));
    }
    let mut set = jongg_tiles::full_set();
    rng.shuffle(&mut set);
    let mut next = set.into_iter();
    let mut take = |n: usize| -> String {
        let ts: Vec<Tile> = next.by_ref().take(n).collect();
        jongg_tiles::format_tiles(&ts)
    };
    for s in &live {
        let n = pick(&mut rng, 14);
        if n > 0 {
            text.push_str(&format!("rack {} {}\n", s.name(), take(n)));
        }
    }
    if !charleston {
        for s in &live {
            if pick(&mut rng, 4) == 0 {
                text.push_str(&format!("discards {} {}\n", s.name(), take(2)));
            }
        }
    }
    if pick(&mut rng, 2) == 0 {
        text.push_str(&format!("wall {}\n", take(pick(&mut rng, 6))));
    }
    if pick(&mut rng, 3) == 0 {
        text.push_str("wall-left 40\n");
    }
    for _ in 0..pick(&mut rng, 12) {
        text.push_str(STEPS[pick(&mut rng, STEPS.len())]);
        text.push('\n');
    }
    match parse(&text) {
        Ok(s) => s,
        // Racks may overflow their size: the reader says so; try again.
        Err(_) => random_script(seed.wrapping_add(1_000_003)),
    }
}

fn kinds(s: &Script) -> Vec<StepKind> {
    s.steps.iter().map(|st| st.kind.clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        let _ = parse(&text).map(|s| run(&s));
    }

    #[test]
    fn random_lines_of_the_format_never_panic(lines in proptest::collection::vec(
        (0..STEPS.len(), "[ a-zA-Z0-9#\"|-]{0,12}"), 0..8)) {
        let text: String = lines
            .iter()
            .map(|(i, junk)| format!("{} {junk}\n", STEPS[*i]))
            .collect();
        let _ = parse(&format!("rack E 1B 2B\n{text}")).map(|s| run(&s));
    }

    #[test]
    fn a_script_written_out_reads_back_the_same(seed in any::<u64>()) {
        let script = random_script(seed);
        let text = script.to_string();
        let again = parse(&text).map_err(|e| format!("{e}\n{text}"));
        prop_assert!(again.is_ok(), "{:?}", again.err());
        let again = again.unwrap_or_else(|_| script.clone());
        prop_assert_eq!(&again.position, &script.position, "{}", text);
        prop_assert_eq!(kinds(&again), kinds(&script));
        // And every readable script runs without a panic.
        let _ = run(&script);
    }
}
