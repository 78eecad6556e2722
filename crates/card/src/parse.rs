//! Reading a card file (docs/card-format.md) into [`Line`]s.
//!
//! The parser keeps going after an error so that one run reports every
//! mistake, each with its line and column (1-based, counted in characters).
//! A hand's words are read by `token.rs`, what follows its colon by
//! `options.rs`.

use crate::options::parse_tail;
use crate::options::{LineOptions, Shift};
use crate::pattern::{Line, Pattern, SectionKind, SuitVar, Sym, Token, name_key};
use crate::token::parse_token;
use std::collections::HashMap;
use std::fmt;

/// Tiles in every hand.
pub const HAND_SIZE: usize = 14;
/// Largest group: a sextet.
pub const MAX_GROUP: usize = 6;
/// The most errors one run reports; one more counts the rest (a file of
/// thousands of mistakes is not read for each of them).
pub const MAX_ERRORS: usize = 100;

/// One problem in a card file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// Every error found in a card file (never empty when returned as an error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct CardErrors(pub Vec<Diagnostic>);

impl fmt::Display for CardErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        write!(f, "{n} error{} in the card", if n == 1 { "" } else { "s" })?;
        for d in &self.0 {
            write!(f, "\n  {d}")?;
        }
        Ok(())
    }
}

/// The card as read, before compiling.
#[derive(Clone, Debug, Default)]
pub struct ParsedCard {
    pub title: Option<String>,
    pub lines: Vec<Line>,
}

/// A word of a line with its 1-based starting column.
#[derive(Clone, Debug)]
pub(crate) struct Word {
    pub text: String,
    pub column: usize,
    pub quoted: bool,
}

/// Splits on whitespace, keeping `"..."` as one word. An unclosed quote runs to the end.
fn words(chars: &[char], start: usize, end: usize) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let column = i + 1;
        if chars[i] == '"' {
            let mut j = i + 1;
            while j < end && chars[j] != '"' {
                j += 1;
            }
            out.push(Word {
                text: chars[i + 1..j].iter().collect(),
                column,
                quoted: true,
            });
            i = j + 1;
        } else {
            let mut j = i;
            while j < end && !chars[j].is_whitespace() && chars[j] != '"' {
                j += 1;
            }
            out.push(Word {
                text: chars[i..j].iter().collect(),
                column,
                quoted: false,
            });
            i = j;
        }
    }
    out
}

struct Parser {
    errors: Vec<Diagnostic>,
    /// Every error found, shown or not.
    found: usize,
    card: ParsedCard,
    section: Option<String>,
    /// Hands read so far per section (by name, so that a section written in
    /// two parts of the file keeps counting).
    numbers: HashMap<String, usize>,
    /// Each line name (compared by [`name_key`]) to the index of its line.
    names: HashMap<String, usize>,
}

impl Parser {
    fn err(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.found += 1;
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(Diagnostic {
                line,
                column,
                message: message.into(),
            });
        }
    }
}

/// Parses a card file. All errors are returned together.
pub fn parse_card(text: &str) -> Result<ParsedCard, CardErrors> {
    let mut p = Parser {
        errors: Vec::new(),
        found: 0,
        card: ParsedCard::default(),
        section: None,
        numbers: HashMap::new(),
        names: HashMap::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        parse_line(&mut p, i + 1, raw);
    }
    if p.card.lines.is_empty() && p.found == 0 {
        p.err(1, 1, "the card has no hands");
    }
    if p.found > MAX_ERRORS {
        let (line, more) = (p.errors[MAX_ERRORS - 1].line, p.found - MAX_ERRORS);
        p.errors.push(Diagnostic {
            line,
            column: 1,
            message: format!("and {more} more errors (only the first {MAX_ERRORS} are shown)"),
        });
    }
    if p.errors.is_empty() {
        Ok(p.card)
    } else {
        Err(CardErrors(p.errors))
    }
}

fn parse_line(p: &mut Parser, ln: usize, raw: &str) {
    let chars: Vec<char> = raw.chars().collect();
    // A `#` outside quotes starts a comment.
    let mut end = chars.len();
    let mut in_quote = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' {
            in_quote = !in_quote;
        } else if c == '#' && !in_quote {
            end = i;
            break;
        }
    }
    let Some(first) = (0..end).find(|&i| !chars[i].is_whitespace()) else {
        return;
    };
    let body: String = chars[first..end].iter().collect();
    let body = body.trim_end();
    if body.starts_with('[') {
        if !body.ends_with(']') || body.len() < 3 {
            p.err(ln, first + 1, "a section header is written `[Name]`");
            return;
        }
        let name = body[1..body.len() - 1].trim();
        if name.is_empty() {
            p.err(ln, first + 1, "the section has no name");
            return;
        }
        p.section = Some(name.to_string());
        return;
    }
    if let Some(rest) = body.strip_prefix("title ") {
        p.card.title = Some(rest.trim().trim_matches('"').to_string());
        return;
    }
    parse_hand(p, ln, &chars, first, end);
}

/// The tiles before the colon: the alternatives, each checked for 14 tiles.
fn parse_alternatives(p: &mut Parser, ln: usize, words: &[Word], start: usize) -> Vec<Pattern> {
    let mut alternatives = Vec::new();
    let mut current = Pattern {
        groups: Vec::new(),
        tokens: Vec::new(),
    };
    // Column of the first word of the current alternative (for count errors).
    let mut current_col: Option<usize> = None;
    let finish = |p: &mut Parser, pat: Pattern, col: usize, alts: &mut Vec<Pattern>| {
        let n = pat.tile_count();
        if pat.groups.is_empty() {
            p.err(
                ln,
                col,
                "expected tiles here (an `or` with nothing on one side?)",
            );
        } else if n != HAND_SIZE {
            p.err(
                ln,
                col,
                format!("this hand has {n} tiles; a hand has {HAND_SIZE}"),
            );
        }
        alts.push(pat);
    };
    for w in words {
        if w.quoted {
            p.err(
                ln,
                w.column,
                "a note in quotes goes after the value, behind the `:`",
            );
            continue;
        }
        match w.text.as_str() {
            "or" | "OR" => {
                let pat = std::mem::replace(
                    &mut current,
                    Pattern {
                        groups: Vec::new(),
                        tokens: Vec::new(),
                    },
                );
                finish(
                    p,
                    pat,
                    current_col.take().unwrap_or(w.column),
                    &mut alternatives,
                );
            }
            "+" | "=" | "-" | "x" | "*" => current.tokens.push(Token::Decoration(w.text.clone())),
            _ => {
                current_col.get_or_insert(w.column);
                match parse_token(&w.text, w.column) {
                    Ok(groups) => {
                        current.tokens.push(Token::Groups {
                            first: current.groups.len(),
                            count: groups.len(),
                        });
                        current.groups.extend(groups);
                    }
                    Err(errors) => {
                        for (col, msg) in errors {
                            p.err(ln, col, msg);
                        }
                    }
                }
            }
        }
    }
    finish(
        p,
        current,
        current_col.unwrap_or(start + 1),
        &mut alternatives,
    );
    alternatives
}

fn parse_hand(p: &mut Parser, ln: usize, chars: &[char], start: usize, end: usize) {
    let before = p.found;
    let colon = (start..end).find(|&i| chars[i] == ':');
    let pattern_end = colon.unwrap_or(end);
    let alternatives = parse_alternatives(p, ln, &words(chars, start, pattern_end), start);

    let Some(colon) = colon else {
        p.err(
            ln,
            end.max(1),
            "missing `: VALUE X` (or `: VALUE C`) after the tiles",
        );
        return;
    };
    let tail = parse_tail(&words(chars, colon + 1, end), colon + 1);
    for (col, msg) in &tail.errors {
        p.err(ln, *col, msg.clone());
    }
    for msg in options_misfit(&alternatives, &tail.options) {
        p.err(ln, colon + 2, msg);
    }

    let section = match &p.section {
        Some(s) => s.clone(),
        None => {
            p.err(
                ln,
                start + 1,
                "a hand before any section; start the card with a `[Section]` line",
            );
            String::new()
        }
    };
    if p.found > before {
        return;
    }
    let (Some(value), Some(concealed_only)) = (tail.value, tail.concealed) else {
        return;
    };
    let number = {
        let n = p.numbers.entry(name_key(&section)).or_insert(0);
        *n += 1;
        *n
    };
    let name_given = tail.name.is_some();
    let name = tail
        .name
        .unwrap_or_else(|| Line::default_name(&section, number));
    let index = p.card.lines.len();
    if let Some(&other) = p.names.get(&name_key(&name)) {
        let o = &p.card.lines[other];
        let msg = format!(
            "the name `{}` is already the name of line {} (file line {}); every line needs its own name",
            jongg_tiles::excerpt(&name),
            o.id,
            o.source_line
        );
        p.err(ln, start + 1, msg);
        return;
    }
    p.names.insert(name_key(&name), index);
    p.card.lines.push(Line {
        id: index + 1,
        name,
        name_given,
        section_kind: SectionKind::of_name(&section),
        section,
        number,
        alternatives,
        value,
        concealed_only,
        options: tail.options,
        note: tail.note,
        source_line: ln,
    });
}

/// Options that do not fit the hand they are written on.
fn options_misfit(alternatives: &[Pattern], options: &LineOptions) -> Vec<String> {
    let mut out = Vec::new();
    let letters: Vec<u8> = alternatives.iter().flat_map(Pattern::letters).collect();
    let most_letters = alternatives
        .iter()
        .map(|a| a.letters().len())
        .max()
        .unwrap_or(0);
    let vars = alternatives.iter().fold(0, |m, a| m | a.vars_used());
    let has = |f: fn(Sym) -> bool| {
        alternatives
            .iter()
            .any(|a| a.groups.iter().any(|g| f(g.sym)))
    };
    let has_digits = has(|s| matches!(s, Sym::Num(_)));
    let has_numbers = has(Sym::is_number);
    for (i, pin) in options.pinned.iter().enumerate() {
        if pin.is_some() && !letters.contains(&(i as u8)) {
            out.push(format!(
                "suit letter `{}` is pinned but not used",
                SuitVar(i as u8).letter()
            ));
        }
    }
    if !has_numbers
        && (options.shift != Shift::Fixed || options.parity.is_some() || options.only.is_some())
    {
        out.push("number options (any, shift, odd, even, only) on a hand with no numbers".into());
    } else if !has_digits && options.shift != Shift::Fixed {
        out.push(
            "`any` and `shift` move the digits 1-9, and this hand has none; a number variable takes its values from `n=..`".into(),
        );
    }
    for (i, range) in options.ranges.iter().enumerate() {
        let letter = crate::pattern::NumVar(i as u8).letter();
        if range.is_some() && vars & (1 << i) == 0 {
            out.push(format!(
                "`{letter}=` gives variable {letter} its numbers, but the hand does not use {letter}"
            ));
        }
        if *range == Some(0) {
            out.push(format!("`{letter}=` leaves no number"));
        }
    }
    if let Some(suits) = options.suits {
        if most_letters == 0 {
            out.push("`suits=` on a hand with no suit letters".into());
        } else if let Some(too_many) =
            (1..=3u8).find(|&n| suits & (1 << n) != 0 && n as usize > most_letters)
        {
            out.push(format!(
                "`suits={too_many}`: the hand has only {most_letters} suit letter(s) to spread over suits"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Parity;
    use crate::pattern::{GroupPat, NumVar};
    use jongg_tiles::Suit;

    fn errs(text: &str) -> Vec<Diagnostic> {
        parse_card(text).unwrap_err().0
    }

    #[test]
    fn parses_a_simple_line() {
        let c = parse_card("title Test\n[2468]\nFF 2222a 4444b 6666c : 25 X \"three suits\"\n")
            .unwrap();
        assert_eq!(c.title.as_deref(), Some("Test"));
        let l = &c.lines[0];
        assert_eq!(
            (l.id, l.number, l.value, l.concealed_only),
            (1, 1, 25, false)
        );
        assert_eq!(l.alternatives[0].groups.len(), 4);
        assert_eq!(l.note.as_deref(), Some("three suits"));
        assert_eq!(l.name, "2468 #1");
    }

    #[test]
    fn year_and_news_tokens_split_into_singles() {
        let c = parse_card("[Y]\n2026a NEWS 2222b 00 : 30 C\n").unwrap();
        let g = &c.lines[0].alternatives[0].groups;
        assert_eq!(g.len(), 4 + 4 + 2);
        assert_eq!(
            g[1],
            GroupPat {
                sym: Sym::Zero,
                size: 1,
                suit: None
            }
        );
        assert_eq!(g[4].sym, Sym::Wind(jongg_tiles::Wind::North));
    }

    #[test]
    fn wrong_tile_count_is_an_error_with_column() {
        let e = errs("[S]\nFF 2222a 4444b 666c : 25 X\n");
        assert_eq!((e[0].line, e[0].column), (2, 1));
        assert!(e[0].message.contains("13 tiles"), "{}", e[0].message);
        let e = errs("[S]\nFF 2222a 4444b 6666c or FF 2222a : 25 X\n");
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].column, 25);
    }

    #[test]
    fn reports_every_error_with_line_and_column() {
        let e = errs(
            "FF 2222a 4444b 6666c : 25 X\n[S]\nFF 2222 4444b 6666c : 25 X\nFF 2Z22a 4444b 6666c : 25\n",
        );
        let at: Vec<(usize, usize)> = e.iter().map(|d| (d.line, d.column)).collect();
        assert!(at.contains(&(1, 1)), "{e:?}");
        assert!(at.contains(&(3, 4)), "{e:?}");
        assert!(at.contains(&(4, 5)), "{e:?}");
        assert!(
            e.iter()
                .any(|d| d.line == 4 && d.message.contains("X (exposures")),
            "{e:?}"
        );
    }

    #[test]
    fn groups_larger_than_six_are_errors() {
        let e = errs("[S]\n2222222a 4444b 666c : 25 X\n");
        assert!(e[0].message.contains("group of 7"), "{e:?}");
    }

    #[test]
    fn options_parse() {
        let c = parse_card("[S]\n1111a 3333b 5555c FF : 25 X shift=0,2,4 odd a=B\n").unwrap();
        let o = &c.lines[0].options;
        assert_eq!(o.shift, Shift::Offsets(vec![0, 2, 4]));
        assert_eq!(o.parity, Some(Parity::Odd));
        assert_eq!(o.pinned[0], Some(Suit::Bams));
        assert!(
            errs("[S]\n1111a 3333b 5555c FF : 25 X bogus\n")[0]
                .message
                .contains("unknown option")
        );
        assert!(
            errs("[S]\nFFFF NNNN EEEE WW : 25 X any\n")[0]
                .message
                .contains("no numbers")
        );
    }

    #[test]
    fn lines_are_named_by_section_and_number_unless_the_file_names_them() {
        let c = parse_card(
            "[2468]\nFF 2222a 4444b 6666c : 25 X\nFF 2222a 4444a 6666a : 25 X name=\"One suit\"\n[Runs]\nFF 1111a 2222b 3333c : 25 X any name=R1\n[2468]\nFF 4444a 6666b 8888c : 25 X\n",
        )
        .unwrap();
        let names: Vec<(&str, bool)> = c
            .lines
            .iter()
            .map(|l| (l.name.as_str(), l.name_given))
            .collect();
        assert_eq!(
            names,
            vec![
                ("2468 #1", false),
                ("One suit", true),
                ("R1", true),
                // A section written again keeps counting.
                ("2468 #3", false)
            ]
        );
        assert_eq!(c.lines[1].number, 2);
    }

    #[test]
    fn names_are_unique_and_not_empty() {
        let e =
            errs("[A]\nFF 2222a 4444b 6666c : 25 X\nFF 2222a 4444a 6666a : 25 X name=\"a #1\"\n");
        assert_eq!((e[0].line, e[0].column), (3, 1));
        assert!(e[0].message.contains("already the name of line 1"), "{e:?}");
        let e = errs("[A]\nFF 2222a 4444b 6666c : 25 X name=\n");
        assert!(e[0].message.contains("needs a name"), "{e:?}");
        let e = errs("[A]\nFF 2222a 4444b 6666c : 25 X name=\"  \"\n");
        assert!(e[0].message.contains("cannot be empty"), "{e:?}");
        let e = errs("[A]\nFF 2222a 4444b 6666c : 25 X name=P name=Q\n");
        assert!(e[0].message.contains("a second name"), "{e:?}");
    }

    #[test]
    fn number_variables_and_their_ranges() {
        let c = parse_card("[Y]\n2026a nnnnb (mm+1)c FFFF : 30 X n=odd m=2-7 suits=1,3\n").unwrap();
        let l = &c.lines[0];
        assert_eq!(l.alternatives[0].vars_used(), 0b11);
        assert_eq!(
            l.alternatives[0].groups[4],
            GroupPat {
                sym: Sym::Var {
                    var: NumVar(0),
                    offset: 0
                },
                size: 4,
                suit: Some(SuitVar(1))
            }
        );
        assert_eq!(l.options.ranges[0], Some(0b10_1010_1010));
        assert_eq!(l.options.ranges[1], Some(0b1111_1100));
        assert_eq!(l.options.suits, Some(0b1010));
        // Written back as read.
        assert_eq!(
            l.to_text(),
            "2026a nnnnb (mm+1)c FFFF : 30 X n=odd m=2-7 suits=1,3"
        );
    }

    #[test]
    fn options_that_do_not_fit_the_hand() {
        let e = errs("[Y]\nnnnna nnnnb nnnnc FF : 25 X any\n");
        assert!(e[0].message.contains("move the digits"), "{e:?}");
        let e = errs("[Y]\n2026a 2222b 6666c FF : 25 X n=odd\n");
        assert!(e[0].message.contains("does not use n"), "{e:?}");
        let e = errs("[Y]\nNEWS FFFF RRR GGG : 25 X suits=1\n");
        assert!(e[0].message.contains("no suit letters"), "{e:?}");
        let e = errs("[Y]\n1111a 2222a 3333b FF : 25 X suits=3\n");
        assert!(e[0].message.contains("only 2 suit letter"), "{e:?}");
        let e = errs("[Y]\n1111a 2222a 3333b FF : 25 X suits=4\n");
        assert!(e[0].message.contains("count of suits"), "{e:?}");
        let e = errs("[Y]\nnnnna 2222a 3333b FF : 25 X n=0\n");
        assert_eq!(e[0].column, 31);
        assert!(e[0].message.contains("`0` is not a number"), "{e:?}");
    }
}
