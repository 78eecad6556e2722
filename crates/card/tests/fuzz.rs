//! Fuzz-style tests: random text, and the practice card with random edits,
//! fed to the card parser and linter. Errors, never panics; every error
//! points inside the text.

use jongg_card::{Card, PRACTICE_CARD, lint};
use proptest::prelude::*;

fn check_positions(text: &str) {
    let lines = text.lines().count().max(1);
    match Card::parse(text) {
        Ok(card) => {
            for w in card.warnings() {
                assert!(w.line >= 1 && w.line <= lines, "{w}");
            }
            let _ = card.show();
        }
        Err(errors) => {
            assert!(!errors.0.is_empty());
            for e in &errors.0 {
                assert!(e.line >= 1 && e.line <= lines, "{e} (of {lines} lines)");
                assert!(e.column >= 1, "{e}");
                let width = text
                    .lines()
                    .nth(e.line - 1)
                    .map_or(0, |l| l.chars().count());
                assert!(e.column <= width + 1, "{e}: column past the end ({width})");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        check_positions(&text);
    }

    #[test]
    fn card_alphabet_never_panics(text in "[\\[\\]0-9a-dDFRGESWNwx:=+\"# \n,.-]{0,300}") {
        check_positions(&text);
        let _ = lint(&text);
    }

    #[test]
    fn edited_practice_card_never_panics(edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..8)) {
        let mut chars: Vec<char> = PRACTICE_CARD.chars().collect();
        for (at, op, c) in edits {
            let i = at.index(chars.len().max(1)).min(chars.len());
            match op {
                0 if i < chars.len() => { chars.remove(i); }
                1 => chars.insert(i, c),
                _ if i < chars.len() => chars[i] = c,
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        check_positions(&text);
    }
}
