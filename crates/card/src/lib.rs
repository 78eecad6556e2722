//! The card of hands: a text format for it, a matcher that verifies Mah
//! Jongg, the nearest hands to a rack, and the dead-hand test.
//!
//! Pure: no I/O. The card text is parsed ([`Card::parse`]), its concrete
//! hands counted and refused past [`MAX_CARD_HANDS`], then compiled once into
//! concrete variants with count vectors and a per-kind index, which every
//! query uses ([`Card::mahjong`], [`Card::nearest`], [`Card::can_still_make`]).
//! Every rack goes through [`check_rack`] first: no game holds an exposed
//! pair, or five of a tile.
//!
//! jongg never ships the NMJL card (it is copyrighted): users load their own
//! file; [`Card::practice`] is an original card written for jongg.

mod columns;
mod compile;
mod expand;
mod lint;
mod live;
mod matcher;
mod near;
mod near_reference;
mod options;
mod parse;
mod pattern;
mod rack;
mod scan;
mod show;
mod suggest;
mod token;

pub use compile::{Group, Need, Variant};
pub use expand::hand_count;
pub use matcher::{AssignedGroup, MahjongMatch};
pub use near::NearHand;
pub use options::{ALL_NUMBERS, LineOptions, NumberSet, Parity, Shift};
pub use parse::{CardErrors, Diagnostic, HAND_SIZE, MAX_ERRORS, MAX_GROUP};
pub use pattern::{GroupPat, Line, NumVar, Pattern, SectionKind, SuitVar, Sym, Token, name_key};
pub use rack::{Exposure, RackError, check_rack};

use columns::Columns;
use compile::KindIndex;
use std::collections::HashMap;

/// The most concrete hands one line may stand for, counted before
/// duplicates merge (a yearly card's biggest line has a few hundred).
pub const MAX_LINE_HANDS: u64 = 20_000;
/// The most concrete hands a card may stand for, counted before duplicates
/// merge (a yearly card has about 1,000). Past it the card is refused
/// before anything is expanded.
pub const MAX_CARD_HANDS: u64 = 100_000;

/// The largest card file read, in bytes: a yearly card is a few KB. A
/// larger file is refused before it is read.
pub const MAX_CARD_FILE: usize = 64 * 1024;

/// The text of jongg's own practice card (`cards/practice.card`).
pub const PRACTICE_CARD: &str = include_str!("../../../cards/practice.card");

/// A parsed and compiled card.
#[derive(Clone, Debug)]
pub struct Card {
    title: Option<String>,
    lines: Vec<Line>,
    variants: Vec<Variant>,
    /// For line i, its variants are `variants[line_start[i]..line_start[i + 1]]`.
    line_start: Vec<usize>,
    /// Per line, the most tiles of each kind any of its variants holds: a
    /// bound that lets the nearest-hands search skip whole lines.
    line_max: Vec<[u8; jongg_tiles::KIND_COUNT]>,
    index: KindIndex,
    /// The variants in columns, for the nearest hands of a rack without exposures.
    columns: Columns,
    /// Each line's name (by [`name_key`]) to its index.
    names: HashMap<String, usize>,
}

impl Card {
    /// Parses and compiles a card file. Every error comes back at once, each
    /// with its line and column.
    pub fn parse(text: &str) -> Result<Card, CardErrors> {
        if text.len() > MAX_CARD_FILE {
            return Err(CardErrors(vec![Diagnostic {
                line: 1,
                column: 1,
                message: format!(
                    "the card file has {} bytes: a card file has at most {MAX_CARD_FILE} bytes (64 KB; a yearly card has a few KB)",
                    text.len()
                ),
            }]));
        }
        let parsed = parse::parse_card(text)?;
        check_size(&parsed.lines)?;
        Ok(Card::compile(parsed.title, parsed.lines))
    }

    fn compile(title: Option<String>, lines: Vec<Line>) -> Card {
        let mut variants = Vec::new();
        let mut line_start = Vec::with_capacity(lines.len() + 1);
        for (i, line) in lines.iter().enumerate() {
            line_start.push(variants.len());
            variants.extend(expand::expand(line, i as u32));
        }
        line_start.push(variants.len());
        let index = KindIndex::build(&variants);
        let columns = Columns::build(&variants);
        let line_max = (0..lines.len())
            .map(|i| {
                let mut m = [0u8; jongg_tiles::KIND_COUNT];
                for v in &variants[line_start[i]..line_start[i + 1]] {
                    for (k, &c) in v.counts.iter().enumerate() {
                        m[k] = m[k].max(c);
                    }
                }
                m
            })
            .collect();
        let names = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (name_key(&l.name), i))
            .collect();
        Card {
            names,
            title,
            lines,
            variants,
            line_start,
            line_max,
            index,
            columns,
        }
    }

    /// jongg's original practice card.
    pub fn practice() -> Card {
        Card::parse(PRACTICE_CARD).expect("the embedded practice card parses (tested)")
    }

    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The lines in card order; `lines()[i].id == i + 1`.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The line with this id (1-based).
    pub fn line(&self, id: usize) -> Option<&Line> {
        id.checked_sub(1).and_then(|i| self.lines.get(i))
    }

    /// The line with this name (`2468 #3`, or the name the file gives it);
    /// case and spaces do not matter.
    pub fn line_by_name(&self, name: &str) -> Option<&Line> {
        self.names.get(&name_key(name)).map(|&i| &self.lines[i])
    }

    /// The concrete variants of the line with this id.
    pub fn variants_of(&self, id: usize) -> &[Variant] {
        match id.checked_sub(1) {
            Some(i) if i < self.lines.len() => {
                &self.variants[self.line_start[i]..self.line_start[i + 1]]
            }
            _ => &[],
        }
    }

    /// Number of concrete variants over the whole card.
    pub fn variant_count(&self) -> usize {
        self.variants.len()
    }

    /// Warnings about the card (see [`lint`]); the card itself parsed.
    pub fn warnings(&self) -> Vec<Diagnostic> {
        lint::warnings(self)
    }

    /// The card printed back in the familiar layout.
    pub fn show(&self) -> String {
        show::show(self)
    }
}

/// Refuses a card whose lines stand for too many concrete hands, counting
/// them before any is built ([`MAX_LINE_HANDS`], [`MAX_CARD_HANDS`]).
fn check_size(lines: &[Line]) -> Result<(), CardErrors> {
    let mut errors = Vec::new();
    let mut total = 0u64;
    for line in lines {
        let at = |message: String| Diagnostic {
            line: line.source_line,
            column: 1,
            message,
        };
        let count = hand_count(line);
        if count > MAX_LINE_HANDS {
            errors.push(at(format!(
                "this line stands for {count} concrete hands (counted before duplicates merge); a line may stand for at most {MAX_LINE_HANDS}: split it, or narrow its options"
            )));
        }
        total = total.saturating_add(count);
        if total > MAX_CARD_HANDS {
            errors.push(at(format!(
                "with this line the card stands for more than {MAX_CARD_HANDS} concrete hands (counted before duplicates merge), the most a card may have; a yearly card has about 1,000"
            )));
            break;
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CardErrors(errors))
    }
}

/// Lints a card file: every error (line and column) or, when it parses,
/// every warning. Errors and warnings are told apart by the `Result`.
pub fn lint(text: &str) -> Result<Vec<Diagnostic>, CardErrors> {
    Card::parse(text).map(|c| c.warnings())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn practice_card_parses_without_warnings() {
        let card = Card::practice();
        assert!(card.lines().len() >= 50, "{}", card.lines().len());
        assert_eq!(card.warnings(), vec![], "the practice card lints clean");
        for (i, l) in card.lines().iter().enumerate() {
            assert_eq!(l.id, i + 1);
            assert!(!card.variants_of(l.id).is_empty(), "{}", l.name);
        }
    }
}
