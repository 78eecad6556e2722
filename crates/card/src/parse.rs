//! Reading a card file (docs/card-format.md) into [`Line`]s.
//!
//! The parser keeps going after an error so that one run reports every
//! mistake, each with its line and column (1-based, counted in characters).

use crate::pattern::{
    GroupPat, Line, LineOptions, Parity, Pattern, SectionKind, Shift, SuitVar, Sym,
};
use jongg_tiles::Suit;
use std::fmt;

/// Tiles in every hand.
pub const HAND_SIZE: usize = 14;
/// Largest group: a sextet.
pub const MAX_GROUP: usize = 6;

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
struct Word {
    text: String,
    column: usize,
    quoted: bool,
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
    card: ParsedCard,
    section: Option<String>,
    in_section: usize,
}

impl Parser {
    fn err(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.errors.push(Diagnostic {
            line,
            column,
            message: message.into(),
        });
    }
}

/// Parses a card file. All errors are returned together.
pub fn parse_card(text: &str) -> Result<ParsedCard, CardErrors> {
    let mut p = Parser {
        errors: Vec::new(),
        card: ParsedCard::default(),
        section: None,
        in_section: 0,
    };
    for (i, raw) in text.lines().enumerate() {
        parse_line(&mut p, i + 1, raw);
    }
    if p.card.lines.is_empty() && p.errors.is_empty() {
        p.err(1, 1, "the card has no hands");
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
        p.in_section = 0;
        return;
    }
    if let Some(rest) = body.strip_prefix("title ") {
        p.card.title = Some(rest.trim().trim_matches('"').to_string());
        return;
    }
    parse_hand(p, ln, &chars, first, end);
}

fn parse_hand(p: &mut Parser, ln: usize, chars: &[char], start: usize, end: usize) {
    let before = p.errors.len();
    let colon = (start..end).find(|&i| chars[i] == ':');
    let pattern_end = colon.unwrap_or(end);
    let mut alternatives = Vec::new();
    let mut current = Pattern {
        groups: Vec::new(),
        tokens: Vec::new(),
    };
    // Column of the first token of the current alternative (for count errors).
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
    for w in words(chars, start, pattern_end) {
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
            "+" | "=" | "-" | "x" | "*" => current.tokens.push(w.text.clone()),
            _ => {
                current_col.get_or_insert(w.column);
                if let Some(groups) = parse_token(p, ln, &w) {
                    current.groups.extend(groups);
                    current.tokens.push(w.text.clone());
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

    let Some(colon) = colon else {
        p.err(
            ln,
            end.max(1),
            "missing `: VALUE X` (or `: VALUE C`) after the tiles",
        );
        return;
    };
    let (value, concealed, options, note) =
        parse_tail(p, ln, &words(chars, colon + 1, end), colon + 1);

    // Options must fit the line.
    let tags_used: Vec<u8> = alternatives
        .iter()
        .flat_map(|a| a.groups.iter().filter_map(|g| g.suit.map(|s| s.0)))
        .collect();
    let has_numbers = alternatives
        .iter()
        .any(|a| a.groups.iter().any(|g| matches!(g.sym, Sym::Num(_))));
    for (i, pin) in options.pinned.iter().enumerate() {
        if pin.is_some() && !tags_used.contains(&(i as u8)) {
            p.err(
                ln,
                colon + 2,
                format!(
                    "suit letter `{}` is pinned but not used",
                    SuitVar(i as u8).letter()
                ),
            );
        }
    }
    if !has_numbers
        && (options.shift != Shift::Fixed || options.parity.is_some() || options.only.is_some())
    {
        p.err(
            ln,
            colon + 2,
            "number options (any, shift, odd, even, only) on a hand with no numbers",
        );
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
    if p.errors.len() > before {
        return;
    }
    let (Some(value), Some(concealed_only)) = (value, concealed) else {
        return;
    };
    p.in_section += 1;
    let id = p.card.lines.len() + 1;
    p.card.lines.push(Line {
        id,
        section_kind: SectionKind::of_name(&section),
        section,
        number: p.in_section,
        alternatives,
        value,
        concealed_only,
        options,
        note,
        source_line: ln,
    });
}

/// A group token such as `2222a`, `FF`, `NEWS`, `2026b`, `DDDc`.
fn parse_token(p: &mut Parser, ln: usize, w: &Word) -> Option<Vec<GroupPat>> {
    let chars: Vec<char> = w.text.chars().collect();
    let (body, tag) = match chars.last() {
        Some(&c @ ('a' | 'b' | 'c')) if chars.len() > 1 => {
            (&chars[..chars.len() - 1], Some(SuitVar(c as u8 - b'a')))
        }
        _ => (&chars[..], None),
    };
    let mut syms = Vec::with_capacity(body.len());
    let mut ok = true;
    for (i, &c) in body.iter().enumerate() {
        match Sym::from_char(c) {
            Some(s) => syms.push(s),
            None => {
                let hint = if c.is_ascii_lowercase() && "abc".contains(c) {
                    "a suit letter goes only at the end of a group"
                } else {
                    "expected 1-9, 0, D, d, R, G, F, E, S, W, N, w, then an optional suit letter a, b or c"
                };
                p.err(
                    ln,
                    w.column + i,
                    format!("unknown symbol `{c}` in `{}`: {hint}", w.text),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    let needs_suit = syms.iter().any(|s| s.needs_suit());
    if needs_suit && tag.is_none() {
        p.err(
            ln,
            w.column,
            format!("`{}` needs a suit letter (a, b or c) at its end", w.text),
        );
        return None;
    }
    if !needs_suit && tag.is_some() {
        p.err(
            ln,
            w.column + chars.len() - 1,
            format!("`{}`: a suit letter only goes on numbers and D", w.text),
        );
        return None;
    }
    let mut groups = Vec::new();
    let mut i = 0;
    while i < syms.len() {
        let mut j = i + 1;
        while j < syms.len() && syms[j] == syms[i] {
            j += 1;
        }
        let size = j - i;
        if size > MAX_GROUP {
            p.err(
                ln,
                w.column + i,
                format!(
                    "a group of {size} `{}`; a group has 1 to {MAX_GROUP} tiles",
                    syms[i].to_char()
                ),
            );
            return None;
        }
        let suit = if syms[i].needs_suit() { tag } else { None };
        groups.push(GroupPat {
            sym: syms[i],
            size: size as u8,
            suit,
        });
        i = j;
    }
    Some(groups)
}

type Tail = (Option<u32>, Option<bool>, LineOptions, Option<String>);

/// `25 X any odd a=B "note"` after the colon.
fn parse_tail(p: &mut Parser, ln: usize, words: &[Word], colon_col: usize) -> Tail {
    let mut value = None;
    let mut concealed = None;
    let mut options = LineOptions::default();
    let mut note = None;
    for w in words {
        let t = w.text.as_str();
        if w.quoted {
            note = Some(w.text.clone());
            continue;
        }
        if let Ok(v) = t.parse::<u32>() {
            if value.replace(v).is_some() {
                p.err(ln, w.column, "a second value");
            }
            continue;
        }
        match t {
            "X" | "x" | "C" | "c" => {
                if concealed.replace(t.eq_ignore_ascii_case("c")).is_some() {
                    p.err(ln, w.column, "a second X/C mark");
                }
            }
            "any" => options.shift = Shift::Any,
            "odd" => options.parity = Some(Parity::Odd),
            "even" => options.parity = Some(Parity::Even),
            _ => parse_option(p, ln, w, &mut options),
        }
    }
    if value.is_none() {
        p.err(ln, colon_col, "missing the value (points) after `:`");
    }
    if concealed.is_none() {
        p.err(
            ln,
            colon_col,
            "missing X (exposures allowed) or C (concealed) after `:`",
        );
    }
    (value, concealed, options, note)
}

fn parse_option(p: &mut Parser, ln: usize, w: &Word, options: &mut LineOptions) {
    let Some((key, val)) = w.text.split_once('=') else {
        p.err(
            ln,
            w.column,
            format!("unknown option `{}` (expected any, odd, even, shift=.., only=.., a=D|B|C, or a \"note\")", w.text),
        );
        return;
    };
    let val_col = w.column + key.chars().count() + 1;
    match key {
        "shift" => {
            let mut ks = Vec::new();
            for part in val.split(',') {
                match part.trim().parse::<i8>() {
                    Ok(k) if (-8..=8).contains(&k) => ks.push(k),
                    _ => {
                        p.err(
                            ln,
                            val_col,
                            format!("shift `{part}` is not an offset from -8 to 8"),
                        );
                        return;
                    }
                }
            }
            options.shift = Shift::Offsets(ks);
        }
        "only" => {
            let mut mask = 0u16;
            for part in val.split(',') {
                match part.trim().parse::<u8>() {
                    Ok(n) if (1..=9).contains(&n) => mask |= 1 << n,
                    _ => {
                        p.err(ln, val_col, format!("`{part}` is not a number from 1 to 9"));
                        return;
                    }
                }
            }
            options.only = Some(mask);
        }
        "a" | "b" | "c" => {
            let suit = match val {
                "D" | "d" => Suit::Dots,
                "B" | "b" => Suit::Bams,
                "C" | "c" => Suit::Craks,
                _ => {
                    p.err(ln, val_col, format!("`{val}` is not a suit (D, B or C)"));
                    return;
                }
            };
            let idx = (key.as_bytes()[0] - b'a') as usize;
            if options
                .pinned
                .iter()
                .enumerate()
                .any(|(i, s)| i != idx && *s == Some(suit))
            {
                p.err(
                    ln,
                    w.column,
                    format!(
                        "two suit letters pinned to {suit:?}; different letters are different suits"
                    ),
                );
                return;
            }
            options.pinned[idx] = Some(suit);
        }
        _ => p.err(ln, w.column, format!("unknown option `{key}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(l.label(), "2468 #1");
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
}
