//! Data-driven Mah Jongg checks on the practice card: every section, and
//! every matcher rule (jokers only in groups of three or more, each exposure
//! exactly one group, no exposure on a C line, 14 tiles, R3, R11), with
//! positive and negative cases, and racks no set holds (refused). The cases
//! are in `tests/data/practice.cases`.

use jongg_card::{Card, MahjongMatch};
use jongg_tiles::parse_tiles;

const CASES: &str = include_str!("data/practice.cases");

fn flag(m: &MahjongMatch, name: &str) -> bool {
    match name {
        "jokerless" => m.jokerless,
        "concealed" => m.concealed,
        "singles_and_pairs" => m.singles_and_pairs,
        "quints" => m.quints,
        "one_group_left" => m.one_group_left,
        other => panic!("unknown flag `{other}` in the cases file"),
    }
}

#[test]
fn practice_card_cases() {
    let card = Card::practice();
    let mut sections_won = std::collections::BTreeSet::new();
    let mut ran = 0;
    for (n, raw) in CASES.lines().enumerate() {
        let ln = n + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = raw.splitn(3, '|').collect();
        assert_eq!(
            parts.len(),
            3,
            "case line {ln}: expected EXPECT | CONCEALED | EXPOSURES"
        );
        let exposures_text = parts[2].split('#').next().unwrap_or("");
        let concealed = parse_tiles(parts[1]).unwrap_or_else(|e| panic!("case line {ln}: {e}"));
        let exposures: Vec<_> = exposures_text
            .split(';')
            .filter(|s| !s.trim().is_empty())
            .map(|s| parse_tiles(s).unwrap_or_else(|e| panic!("case line {ln}: {e}")))
            .collect();
        let words: Vec<&str> = parts[0].split_whitespace().collect();
        if words.first() == Some(&"refused") {
            let want = words[1..].join(" ");
            let err = card
                .mahjong(&concealed, &exposures)
                .expect_err(&format!("case line {ln}: expected a refusal"));
            assert!(
                err.to_string().contains(&want),
                "case line {ln}: `{err}` does not say `{want}`"
            );
            assert!(!card.is_mahjong(&concealed, &exposures), "case line {ln}");
            ran += 1;
            continue;
        }
        let got = card
            .mahjong(&concealed, &exposures)
            .unwrap_or_else(|e| panic!("case line {ln}: {e}"));
        let labels: Vec<String> = got.iter().map(|m| m.name.clone()).collect();
        match words.first().copied() {
            Some("none") => assert!(
                got.is_empty(),
                "case line {ln}: expected no Mah Jongg, got {labels:?}"
            ),
            Some(kind @ ("win" | "not")) => {
                let flags_at = words
                    .iter()
                    .position(|w| w.starts_with('+') || w.starts_with('-'))
                    .unwrap_or(words.len());
                let label = words[1..flags_at].join(" ");
                let m = got.iter().find(|m| m.name == label);
                if kind == "not" {
                    assert!(m.is_none(), "case line {ln}: {label} should not match");
                    continue;
                }
                let m =
                    m.unwrap_or_else(|| panic!("case line {ln}: expected {label}, got {labels:?}"));
                assert!(card.is_mahjong(&concealed, &exposures), "case line {ln}");
                for f in &words[flags_at..] {
                    let want = f.starts_with('+');
                    assert_eq!(flag(m, &f[1..]), want, "case line {ln}: {f}");
                }
                sections_won.insert(m.section.clone());
            }
            _ => panic!("case line {ln}: EXPECT must be win, not, none or refused"),
        }
        ran += 1;
    }
    assert!(ran >= 40, "{ran} cases");
    // Every section of the practice card has at least one winning case.
    let sections: std::collections::BTreeSet<String> =
        card.lines().iter().map(|l| l.section.clone()).collect();
    assert_eq!(sections_won, sections);
}

#[test]
fn every_practice_line_is_won_by_its_own_tiles() {
    // Each line, made jokerless from its first makeable variant, is Mah Jongg on
    // that line, with the line's value and section flags.
    let card = Card::practice();
    for line in card.lines() {
        let Some(v) = card
            .variants_of(line.id)
            .iter()
            .find(|v| v.needs.iter().all(|n| n.total <= 4 || n.kind == 34))
        else {
            continue;
        };
        let tiles: Vec<_> = v
            .groups
            .iter()
            .flat_map(|g| std::iter::repeat_n(g.tile, g.size as usize))
            .collect();
        let m = card.mahjong(&tiles, &[]).expect("a rack of the set");
        let hit = m
            .iter()
            .find(|m| m.line == line.id)
            .unwrap_or_else(|| panic!("{} not won by {tiles:?}", line.name));
        assert_eq!(hit.value, line.value);
        assert_eq!(hit.singles_and_pairs, line.section == "Singles and Pairs");
        assert_eq!(hit.quints, line.section == "Quints");
        assert!(hit.jokerless && hit.concealed);
    }
}
