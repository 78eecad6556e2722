//! Fuzz-style tests: random text, lines built from the format's words (right
//! and wrong: variables, offsets, ranges, `suits=`, `name=`), and the
//! practice and feature cards with random edits, fed to the card parser and
//! linter. Errors, never panics; every error points inside the text; a card
//! that parses reads back the same from its own printing.

use jongg_card::{Card, PRACTICE_CARD, lint};

const FEATURES: &str = include_str!("../../../cards/features.card");

/// Words of the format, some right, some wrong.
const WORDS: &[&str] = &[
    "FF",
    "FFFF",
    "2222a",
    "4444b",
    "6666c",
    "2026a",
    "NEWS",
    "0000",
    "dd",
    "ww",
    "DDDa",
    "nnnb",
    "nnnna",
    "mmmmc",
    "kk",
    "(nn+1)b",
    "(n-2)a",
    "(n+",
    "(q+1)b",
    "(nm+1)a",
    "n(n+1)(n+2)c",
    "nnnnnnnb",
    "1a",
    "or",
    "+",
    "=",
    ":",
    "25",
    "X",
    "C",
    "any",
    "odd",
    "even",
    "shift=0,2",
    "shift=9",
    "only=2-5",
    "only=5-2",
    "a=B",
    "b=D",
    "n=odd",
    "n=2-7",
    "m=1,9",
    "k=",
    "n=0",
    "suits=1,3",
    "suits=1",
    "suits=4",
    "suits=",
    "name=",
    "name=Kongs",
    "name=\"Big",
    "\"note\"",
    "[S]",
    "\n",
    "\n",
    "\n",
];

/// Random edits: (where, remove / insert / replace, the character).
type Edits = Vec<(prop::sample::Index, u8, char)>;

/// `text` with the edits applied in turn.
fn edit(text: &str, edits: &Edits) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, op, c) in edits {
        let i = at.index(chars.len().max(1)).min(chars.len());
        match op {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 => chars.insert(i, *c),
            _ if i < chars.len() => chars[i] = *c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A card that parses reads back the same from its printed lines.
fn check_round_trip(text: &str) {
    let Ok(card) = Card::parse(text) else {
        return;
    };
    let mut printed = String::new();
    for l in card.lines() {
        printed.push_str(&format!("[{}]\n{}\n", l.section, l.to_text()));
    }
    let again = Card::parse(&printed).unwrap_or_else(|e| panic!("{printed}\n{e}"));
    assert_eq!(again.lines().len(), card.lines().len());
    for (a, b) in card.lines().iter().zip(again.lines()) {
        assert_eq!(&a.alternatives, &b.alternatives, "{printed}");
        assert_eq!(&a.options, &b.options, "{printed}");
        assert_eq!(a.name, b.name, "{printed}");
        assert_eq!(card.variants_of(a.id).len(), again.variants_of(b.id).len());
    }
}
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
    fn lines_of_format_words_never_panic(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..40)) {
        let text = format!("[S]\n{}", words.join(" "));
        check_positions(&text);
        check_round_trip(&text);
    }

    #[test]
    fn variable_alphabet_never_panics(text in "[\\[\\]0-9a-dDFRGESWNwnmk()+=:, \n\"#-]{0,200}") {
        check_positions(&text);
        check_round_trip(&text);
    }

    #[test]
    fn edited_feature_card_never_panics(edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..8)) {
        let text = edit(FEATURES, &edits);
        check_positions(&text);
        check_round_trip(&text);
    }

    #[test]
    fn edited_practice_card_never_panics(edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..8)) {
        let text = edit(PRACTICE_CARD, &edits);
        check_positions(&text);
    }
}
