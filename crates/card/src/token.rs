//! One word of a hand's tiles: `2222a`, `FF`, `NEWS`, `2026b`, `nnnb`,
//! `(n+1)(n+1)b` (docs/card-format.md, "Tiles"). Each run of one term is a
//! group; numbers, variables and `D` take the word's suit letter.

use crate::parse::MAX_GROUP;
use crate::pattern::{GroupPat, NumVar, SuitVar, Sym};
use jongg_tiles::excerpt;

/// The most errors one word reports: past them, one more says the word has
/// more (a 64 KB word of unknown symbols is one mistake, not 64,000).
pub(crate) const MAX_WORD_ERRORS: usize = 5;

/// An error inside a word: the column (1-based, in the line) and the message.
pub(crate) type TokenError = (usize, String);

/// Reads one word of tiles starting at `column`. The word's unknown symbols
/// are reported, up to [`MAX_WORD_ERRORS`]; each error quotes at most an
/// excerpt of the word.
pub(crate) fn parse_token(text: &str, column: usize) -> Result<Vec<GroupPat>, Vec<TokenError>> {
    let chars: Vec<char> = text.chars().collect();
    let (body, tag) = match chars.last() {
        Some(&c @ ('a' | 'b' | 'c')) if chars.len() > 1 => {
            (&chars[..chars.len() - 1], Some(SuitVar(c as u8 - b'a')))
        }
        _ => (&chars[..], None),
    };
    let terms = terms(body, text, column)?;
    let needs_suit = terms.iter().any(|(s, _)| s.needs_suit());
    if needs_suit && tag.is_none() {
        return Err(vec![(
            column,
            format!(
                "`{}` needs a suit letter (a, b or c) at its end",
                excerpt(text)
            ),
        )]);
    }
    if !needs_suit && tag.is_some() {
        return Err(vec![(
            column + chars.len() - 1,
            format!(
                "`{}`: a suit letter only goes on numbers, number variables and D",
                excerpt(text)
            ),
        )]);
    }
    let mut groups = Vec::new();
    let mut i = 0;
    while i < terms.len() {
        let mut j = i + 1;
        while j < terms.len() && terms[j].0 == terms[i].0 {
            j += 1;
        }
        let (sym, at) = terms[i];
        let size = j - i;
        if size > MAX_GROUP {
            return Err(vec![(
                at,
                format!(
                    "a group of {size} `{}`; a group has 1 to {MAX_GROUP} tiles",
                    sym.term()
                ),
            )]);
        }
        groups.push(GroupPat {
            sym,
            size: size as u8,
            suit: if sym.needs_suit() { tag } else { None },
        });
        i = j;
    }
    Ok(groups)
}

/// The terms of a word's body, each with its column.
fn terms(body: &[char], text: &str, column: usize) -> Result<Vec<(Sym, usize)>, Vec<TokenError>> {
    let mut out = Vec::with_capacity(body.len());
    let mut errors = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if errors.len() == MAX_WORD_ERRORS {
            errors.push((
                column + i,
                format!(
                    "`{}`: more mistakes in this word (only the first {MAX_WORD_ERRORS} are shown)",
                    excerpt(text)
                ),
            ));
            break;
        }
        let c = body[i];
        let at = column + i;
        if c == '(' {
            match offset_term(&body[i..]) {
                Ok((sym, count, len)) => {
                    out.extend(std::iter::repeat_n((sym, at), count));
                    i += len;
                }
                Err(msg) => {
                    errors.push((at, format!("`{}`: {msg}", excerpt(text))));
                    // Skip to the closing parenthesis, if any, and go on.
                    i += body[i..]
                        .iter()
                        .position(|&c| c == ')')
                        .unwrap_or(body.len() - i - 1)
                        + 1;
                }
            }
            continue;
        }
        match Sym::from_char(c) {
            Some(s) => out.push((s, at)),
            None => {
                let hint = if "abc".contains(c) {
                    "a suit letter goes only at the end of a word"
                } else if c == '+' || c == '-' {
                    "an offset goes in parentheses, as in (n+1)"
                } else {
                    "expected 1-9, 0, D, d, R, G, F, E, S, W, N, w, a number variable n, m, k or (n+1), then an optional suit letter a, b or c"
                };
                errors.push((
                    at,
                    format!("unknown symbol `{c}` in `{}`: {hint}", excerpt(text)),
                ));
            }
        }
        i += 1;
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// `(n+1)`, `(mmm-2)` at the start of `s`: a run of one number variable with
/// an offset. Gives the term, how many tiles, and the length in characters.
fn offset_term(s: &[char]) -> Result<(Sym, usize, usize), String> {
    const SHAPE: &str = "an offset is written in parentheses: a number variable (repeated for a group), + or -, one digit, as in (n+1) or (nnn-2)";
    let Some(close) = s.iter().position(|&c| c == ')') else {
        return Err(format!("`(` is not closed; {SHAPE}"));
    };
    let inner = &s[1..close];
    let count = inner
        .iter()
        .take_while(|&&c| Some(c) == inner.first().copied())
        .count();
    let (Some(var), Some(sign), Some(digit), true) = (
        inner.first().and_then(|&c| NumVar::from_char(c)),
        inner.get(count).filter(|c| matches!(c, '+' | '-')),
        inner.get(count + 1).and_then(|c| c.to_digit(10)),
        inner.len() == count + 2,
    ) else {
        let written: String = s[..=close].iter().collect();
        return Err(format!("`{}`: {SHAPE}", excerpt(&written)));
    };
    if digit > 8 {
        return Err(format!("an offset of {digit} leaves no number in 1-9"));
    }
    let offset = if *sign == '-' {
        -(digit as i8)
    } else {
        digit as i8
    };
    Ok((Sym::Var { var, offset }, count, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(text: &str) -> Vec<(String, u8, Option<char>)> {
        parse_token(text, 1)
            .unwrap()
            .iter()
            .map(|g| (g.text(), g.size, g.suit.map(SuitVar::letter)))
            .collect()
    }

    fn error(text: &str) -> TokenError {
        parse_token(text, 1).unwrap_err().remove(0)
    }

    #[test]
    fn runs_of_one_term_are_groups() {
        assert_eq!(
            groups("2026a"),
            vec![
                ("2".into(), 1, Some('a')),
                ("0".into(), 1, None),
                ("2".into(), 1, Some('a')),
                ("6".into(), 1, Some('a')),
            ]
        );
        assert_eq!(groups("nnnb"), vec![("nnn".into(), 3, Some('b'))]);
        assert_eq!(
            groups("n(n+1)(n+1)c"),
            vec![("n".into(), 1, Some('c')), ("(nn+1)".into(), 2, Some('c'))]
        );
        assert_eq!(groups("(mmm-2)a"), vec![("(mmm-2)".into(), 3, Some('a'))]);
        assert_eq!(
            groups("(m-2)(mm-2)a"),
            vec![("(mmm-2)".into(), 3, Some('a'))]
        );
        assert_eq!(
            groups("n(n+1)(n+2)b"),
            vec![
                ("n".into(), 1, Some('b')),
                ("(n+1)".into(), 1, Some('b')),
                ("(n+2)".into(), 1, Some('b')),
            ]
        );
    }

    #[test]
    fn bad_words_name_the_column() {
        assert_eq!(error("nnn").0, 1);
        assert!(error("nnn").1.contains("needs a suit letter"));
        let (col, msg) = error("nn(n+)a");
        assert_eq!(col, 3);
        assert!(msg.contains("(n+1)"), "{msg}");
        let (col, msg) = error("n+1a");
        assert_eq!(col, 2);
        assert!(msg.contains("parentheses"), "{msg}");
        assert!(error("(n+1").1.contains("not closed"));
        assert!(error("(n+9)a").1.contains("offset of 9"));
        assert!(error("(x+1)a").1.contains("in parentheses"));
        assert!(error("(nm+1)a").1.contains("in parentheses"));
        assert!(error("(n+12)a").1.contains("in parentheses"));
        assert!(error("nnnnnnnb").1.contains("group of 7"));
        assert!(error("FFa").1.contains("only goes on numbers"));
    }

    #[test]
    fn a_long_word_of_unknown_symbols_gives_few_short_errors() {
        let word = "Z".repeat(64 * 1024);
        let errors = parse_token(&word, 1).unwrap_err();
        assert_eq!(errors.len(), MAX_WORD_ERRORS + 1, "{:?}", errors.last());
        for (_, msg) in &errors {
            assert!(msg.chars().count() < 300, "{msg}");
        }
        assert!(errors[MAX_WORD_ERRORS].1.contains("more mistakes"));
    }
}
