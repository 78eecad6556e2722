//! Warnings about a card that parsed: lines no set of 152 tiles can make,
//! lines that make the same tiles as an earlier line, and `or` lists one
//! pattern could write once (`suggest.rs`).

use crate::Card;
use crate::parse::Diagnostic;
use std::collections::HashMap;

pub fn warnings(card: &Card) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // The natural tiles of a jokerless make, per variant, to the first line making them.
    let mut first: HashMap<[u8; jongg_tiles::KIND_COUNT], usize> = HashMap::new();
    for line in card.lines() {
        let variants = card.variants_of(line.id);
        let at = |message: String| Diagnostic {
            line: line.source_line,
            column: 1,
            message,
        };
        if variants.is_empty() {
            out.push(at(format!(
                "{}: no numbers fit the options, so the line has no hand",
                line.name
            )));
            continue;
        }
        if !variants.iter().any(|v| v.makeable()) {
            out.push(at(format!(
                "{}: no set of 152 tiles can make this line (singles and pairs need naturals; 4 of each tile, 8 Flowers, 8 jokers)",
                line.name
            )));
        }
        if let Some(short) = crate::suggest::short_form(line, variants) {
            out.push(at(format!(
                "{}: its {} `or` alternatives can be written once: {}",
                line.name,
                line.alternatives.len(),
                short.to_text()
            )));
        }
        let mut reported = false;
        for v in variants {
            match first.get(&v.counts) {
                Some(&other) if other != line.id && !reported => {
                    let o = card.line(other).map(|l| l.name.clone()).unwrap_or_default();
                    out.push(at(format!(
                        "{}: makes the same tiles as {o} (line {other})",
                        line.name
                    )));
                    reported = true;
                }
                Some(_) => {}
                None => {
                    first.insert(v.counts, line.id);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Card, lint};

    #[test]
    fn unmakeable_and_duplicate_lines_warn() {
        let text = "[A]\nFF 2222a 4444b 6666c : 25 X\n[B]\nFF 6666a 4444b 2222c : 30 X\n22a 22a 22a 44b 4444c FF : 25 X\n";
        let w = lint(text).unwrap();
        assert_eq!(w.len(), 2, "{w:?}");
        assert_eq!(w[0].line, 4);
        assert!(
            w[0].message.contains("same tiles as A #1"),
            "{}",
            w[0].message
        );
        assert_eq!(w[1].line, 5);
        assert!(w[1].message.contains("no set of 152"), "{}", w[1].message);
        assert!(Card::parse(text).is_ok());
    }

    #[test]
    fn errors_come_back_as_errors() {
        let e = lint("[A]\nFF 2222a 4444b 666c : 25 X\n").unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 1));
    }
}
