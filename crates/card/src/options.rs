//! What follows the colon of a hand: `25 X any odd a=B n=2-7 suits=1,3
//! name="Big Kongs" "a note"` (docs/card-format.md, "After the colon"):
//! the options of a line, how they read, and how they are written back.

use crate::parse::Word;
use crate::pattern::{NumVar, SuitVar};
use jongg_tiles::{Suit, excerpt};

/// How the digits of a line may move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Shift {
    /// The digits are exactly as written.
    #[default]
    Fixed,
    /// `any`: all digits move together by any offset that keeps them in 1-9
    /// ("any like numbers", "any run", "any number, the next, the one after").
    Any,
    /// `shift=0,8`: all digits move together by one of these offsets.
    Offsets(Vec<i8>),
}

/// Parity constraint on every number of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    Odd,
    Even,
}

/// The numbers 1-9 as a bit set (bit n for number n).
pub type NumberSet = u16;

/// All of 1-9.
pub const ALL_NUMBERS: NumberSet = 0b11_1111_1110;
pub(crate) const ODD_NUMBERS: NumberSet = 0b10_1010_1010;
pub(crate) const EVEN_NUMBERS: NumberSet = 0b01_0101_0100;

/// A set of numbers written back as the format reads it: `odd`, `2-7`, `1,4,7`.
pub fn number_set_text(set: NumberSet) -> String {
    if set == ODD_NUMBERS {
        return "odd".into();
    }
    if set == EVEN_NUMBERS {
        return "even".into();
    }
    let nums: Vec<u8> = (1..=9).filter(|n| set & (1 << n) != 0).collect();
    let (Some(&lo), Some(&hi)) = (nums.first(), nums.last()) else {
        return String::new();
    };
    if nums.len() >= 3 && usize::from(hi - lo) + 1 == nums.len() {
        return format!("{lo}-{hi}");
    }
    nums.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The options written after the value of a line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LineOptions {
    pub shift: Shift,
    pub parity: Option<Parity>,
    /// `only=1,9`: every number must be one of these.
    pub only: Option<NumberSet>,
    /// `a=B`: suit variable pinned to one suit.
    pub pinned: [Option<Suit>; 3],
    /// `n=1-7`: the values a number variable may take (all of 1-9 when unset).
    pub ranges: [Option<NumberSet>; NumVar::COUNT],
    /// `suits=1,3`: how many different suits the suit letters may take
    /// (bit s for s suits). Unset: as many as there are letters.
    pub suits: Option<u8>,
}

impl LineOptions {
    /// Whether number `n` (after the move or offset) is allowed by `odd`, `even`, `only`.
    pub fn allows_number(&self, n: u8) -> bool {
        let parity_ok = match self.parity {
            None => true,
            Some(Parity::Odd) => n % 2 == 1,
            Some(Parity::Even) => n.is_multiple_of(2),
        };
        let set_ok = self.only.is_none_or(|m| m & (1 << n) != 0);
        parity_ok && set_ok
    }

    /// The values variable `v` may take before offsets.
    pub fn range(&self, v: NumVar) -> NumberSet {
        self.ranges[v.0 as usize].unwrap_or(ALL_NUMBERS)
    }

    /// The options written back in the format, e.g. `any odd a=B n=2-7 suits=1,3`.
    pub fn to_text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        match &self.shift {
            Shift::Fixed => {}
            Shift::Any => parts.push("any".into()),
            Shift::Offsets(v) => parts.push(format!(
                "shift={}",
                v.iter()
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )),
        }
        match self.parity {
            Some(Parity::Odd) => parts.push("odd".into()),
            Some(Parity::Even) => parts.push("even".into()),
            None => {}
        }
        if let Some(m) = self.only {
            let nums: Vec<String> = (1..=9)
                .filter(|n| m & (1 << n) != 0)
                .map(|n: u8| n.to_string())
                .collect();
            parts.push(format!("only={}", nums.join(",")));
        }
        for (i, p) in self.pinned.iter().enumerate() {
            if let Some(s) = p {
                parts.push(format!("{}={}", SuitVar(i as u8).letter(), s.letter()));
            }
        }
        for (i, r) in self.ranges.iter().enumerate() {
            if let Some(set) = r {
                parts.push(format!(
                    "{}={}",
                    NumVar(i as u8).letter(),
                    number_set_text(*set)
                ));
            }
        }
        if let Some(s) = self.suits {
            let counts: Vec<String> = (1..=3)
                .filter(|n| s & (1 << n) != 0)
                .map(|n: u8| n.to_string())
                .collect();
            parts.push(format!("suits={}", counts.join(",")));
        }
        parts.join(" ")
    }
}

/// The tail of a hand, with every error found (column, message).
#[derive(Debug, Default)]
pub(crate) struct Tail {
    pub value: Option<u32>,
    pub concealed: Option<bool>,
    pub options: LineOptions,
    pub name: Option<String>,
    pub note: Option<String>,
    pub errors: Vec<(usize, String)>,
}

impl Tail {
    fn err(&mut self, column: usize, message: impl Into<String>) {
        self.errors.push((column, message.into()));
    }
}

/// Reads the words after the colon (`colon_col` is the colon's column + 1).
pub(crate) fn parse_tail(words: &[Word], colon_col: usize) -> Tail {
    let mut tail = Tail::default();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        i += 1;
        let t = w.text.as_str();
        if w.quoted {
            tail.note = Some(w.text.clone());
            continue;
        }
        if let Ok(v) = t.parse::<u32>() {
            if tail.value.replace(v).is_some() {
                tail.err(w.column, "a second value");
            }
            continue;
        }
        match t {
            "X" | "x" | "C" | "c" => {
                if tail
                    .concealed
                    .replace(t.eq_ignore_ascii_case("c"))
                    .is_some()
                {
                    tail.err(w.column, "a second X/C mark");
                }
            }
            "any" => tail.options.shift = Shift::Any,
            "odd" => tail.options.parity = Some(Parity::Odd),
            "even" => tail.options.parity = Some(Parity::Even),
            "name=" => {
                // `name="Two words"`: the quoted word right behind.
                match words.get(i) {
                    Some(next) if next.quoted && next.column == w.column + 5 => {
                        set_name(&mut tail, next.column, &next.text);
                        i += 1;
                    }
                    _ => tail.err(
                        w.column,
                        "`name=` needs a name: name=Kongs or name=\"Big Kongs\"",
                    ),
                }
            }
            _ => parse_option(&mut tail, w),
        }
    }
    if tail.value.is_none() {
        tail.err(colon_col, "missing the value (points) after `:`");
    }
    if tail.concealed.is_none() {
        tail.err(
            colon_col,
            "missing X (exposures allowed) or C (concealed) after `:`",
        );
    }
    tail
}

fn set_name(tail: &mut Tail, column: usize, name: &str) {
    let name = name.trim();
    if name.is_empty() {
        tail.err(column, "a line name cannot be empty");
    } else if name.chars().any(char::is_control) {
        tail.err(column, "a line name is one line of plain text");
    } else if tail.name.replace(name.to_string()).is_some() {
        tail.err(column, "a second name");
    }
}

fn parse_option(tail: &mut Tail, w: &Word) {
    let Some((key, val)) = w.text.split_once('=') else {
        tail.err(
            w.column,
            format!(
                "unknown option `{}` (expected any, odd, even, shift=.., only=.., a=D|B|C, n=.., m=.., k=.., suits=.., name=.., or a \"note\")",
                excerpt(&w.text)
            ),
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
                        tail.err(
                            val_col,
                            format!("shift `{}` is not an offset from -8 to 8", excerpt(part)),
                        );
                        return;
                    }
                }
            }
            tail.options.shift = Shift::Offsets(ks);
        }
        "only" => match number_set(val) {
            Ok(set) => tail.options.only = Some(set),
            Err(e) => tail.err(val_col, e),
        },
        "a" | "b" | "c" => {
            let suit = match val {
                "D" | "d" => Suit::Dots,
                "B" | "b" => Suit::Bams,
                "C" | "c" => Suit::Craks,
                _ => {
                    tail.err(
                        val_col,
                        format!("`{}` is not a suit (D, B or C)", excerpt(val)),
                    );
                    return;
                }
            };
            let idx = (key.as_bytes()[0] - b'a') as usize;
            if tail
                .options
                .pinned
                .iter()
                .enumerate()
                .any(|(i, s)| i != idx && *s == Some(suit))
            {
                tail.err(
                    w.column,
                    format!(
                        "two suit letters pinned to {suit:?}; different letters are different suits"
                    ),
                );
                return;
            }
            tail.options.pinned[idx] = Some(suit);
        }
        "suits" => {
            let mut set = 0u8;
            for part in val.split(',') {
                match part.trim().parse::<u8>() {
                    Ok(n @ 1..=3) => set |= 1 << n,
                    _ => {
                        tail.err(
                            val_col,
                            format!("`{}` is not a count of suits (1, 2 or 3)", excerpt(part)),
                        );
                        return;
                    }
                }
            }
            tail.options.suits = Some(set);
        }
        "name" => set_name(tail, val_col, val),
        _ => match key.chars().next().and_then(NumVar::from_char) {
            Some(v) if key.len() == 1 => match number_set(val) {
                Ok(set) => tail.options.ranges[v.0 as usize] = Some(set),
                Err(e) => tail.err(val_col, e),
            },
            _ => tail.err(w.column, format!("unknown option `{}`", excerpt(key))),
        },
    }
}

/// `2,5,8`, `2-7`, `odd`, `even`, `1,4-6`: a set of numbers 1-9.
fn number_set(text: &str) -> Result<NumberSet, String> {
    let mut set: NumberSet = 0;
    for part in text.split(',') {
        let part = part.trim();
        let one = |s: &str| match s.parse::<u8>() {
            Ok(n @ 1..=9) => Ok(n),
            _ => Err(format!("`{}` is not a number from 1 to 9", excerpt(s))),
        };
        match part {
            "odd" => set |= ODD_NUMBERS,
            "even" => set |= EVEN_NUMBERS,
            _ => match part.split_once('-') {
                Some((lo, hi)) => {
                    let (lo, hi) = (one(lo)?, one(hi)?);
                    if lo > hi {
                        return Err(format!(
                            "`{}` runs backwards; write {hi}-{lo}",
                            excerpt(part)
                        ));
                    }
                    for n in lo..=hi {
                        set |= 1 << n;
                    }
                }
                None => set |= 1 << one(part)?,
            },
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_sets_print_short() {
        let set = |ns: &[u8]| ns.iter().fold(0, |m, n| m | 1 << n);
        assert_eq!(number_set_text(set(&[1, 3, 5, 7, 9])), "odd");
        assert_eq!(number_set_text(set(&[2, 4, 6, 8])), "even");
        assert_eq!(number_set_text(set(&[2, 3, 4, 5, 6, 7])), "2-7");
        assert_eq!(number_set_text(set(&[1, 4, 7])), "1,4,7");
        assert_eq!(number_set_text(set(&[3, 4])), "3,4");
        assert_eq!(number_set_text(ALL_NUMBERS), "1-9");
    }

    #[test]
    fn number_sets_read_lists_ranges_and_parities() {
        assert_eq!(number_set("2,5,8"), Ok(1 << 2 | 1 << 5 | 1 << 8));
        assert_eq!(number_set("2-4"), Ok(1 << 2 | 1 << 3 | 1 << 4));
        assert_eq!(number_set("odd"), Ok(0b10_1010_1010));
        assert_eq!(number_set("even,1"), Ok(0b01_0101_0110));
        assert!(number_set("0").unwrap_err().contains("`0`"));
        assert!(number_set("7-3").unwrap_err().contains("backwards"));
        assert!(number_set("").is_err());
        assert!(number_set("1-").is_err());
    }
}
