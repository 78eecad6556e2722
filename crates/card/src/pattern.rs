//! The parsed form of a card line: what the director typed, before it is
//! expanded into concrete tiles (see `compile.rs`). docs/card-format.md
//! describes the text these types come from; [`Line::to_text`] writes it back.

use jongg_tiles::{Suit, Wind};
use std::fmt;

/// A number variable: `n`, `m` or `k`. Different variables of a line are
/// different numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NumVar(pub u8);

impl NumVar {
    pub const LETTERS: [char; 3] = ['n', 'm', 'k'];
    pub const COUNT: usize = 3;

    pub fn from_char(c: char) -> Option<NumVar> {
        NumVar::LETTERS
            .iter()
            .position(|&l| l == c)
            .map(|i| NumVar(i as u8))
    }

    pub fn letter(self) -> char {
        NumVar::LETTERS[self.0 as usize]
    }
}

/// One symbol of a hand pattern. Every group is a run of one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    /// `1`-`9`: a number, in the group's suit (moved by the line's `any` or `shift`).
    Num(u8),
    /// `n`, `(n+1)`, `(mmm-2)`: a number variable plus an offset, in the group's suit.
    Var { var: NumVar, offset: i8 },
    /// `0`: the White Dragon standing for zero (as in year hands); also plain "White".
    Zero,
    /// `D`: the dragon of the group's suit (Red with Craks, Green with Bams,
    /// White with Dots). A different suit letter than the numbers gives an
    /// "opposite" dragon, as colours do on a printed card.
    SuitDragon,
    /// `d`: any dragon, different from the line's other `d`, `R`, `G`, `0` groups.
    AnyDragon,
    /// `R`: the Red Dragon.
    Red,
    /// `G`: the Green Dragon.
    Green,
    /// `F`: a Flower.
    Flower,
    /// `E` `S` `W` `N`: a wind by name.
    Wind(Wind),
    /// `w`: any wind, different from the line's other wind groups.
    AnyWind,
}

impl Sym {
    /// The symbol for a one-character term (variables without an offset included).
    pub fn from_char(c: char) -> Option<Sym> {
        Some(match c {
            '1'..='9' => Sym::Num(c as u8 - b'0'),
            '0' => Sym::Zero,
            'D' => Sym::SuitDragon,
            'd' => Sym::AnyDragon,
            'R' => Sym::Red,
            'G' => Sym::Green,
            'F' => Sym::Flower,
            'E' => Sym::Wind(Wind::East),
            'S' => Sym::Wind(Wind::South),
            'W' => Sym::Wind(Wind::West),
            'N' => Sym::Wind(Wind::North),
            'w' => Sym::AnyWind,
            _ => {
                return NumVar::from_char(c).map(|var| Sym::Var { var, offset: 0 });
            }
        })
    }

    /// The symbol as written once: `2`, `D`, `n`, `(n+1)`.
    pub fn term(self) -> String {
        match self {
            Sym::Var { var, offset: 0 } => var.letter().to_string(),
            Sym::Var { var, offset } => format!("({}{offset:+})", var.letter()),
            Sym::Num(n) => ((b'0' + n) as char).to_string(),
            Sym::Zero => "0".into(),
            Sym::SuitDragon => "D".into(),
            Sym::AnyDragon => "d".into(),
            Sym::Red => "R".into(),
            Sym::Green => "G".into(),
            Sym::Flower => "F".into(),
            Sym::Wind(w) => w.letter().to_string(),
            Sym::AnyWind => "w".into(),
        }
    }

    /// Numbers, variables and `D` take their suit from the token's suit letter.
    pub fn needs_suit(self) -> bool {
        matches!(self, Sym::Num(_) | Sym::Var { .. } | Sym::SuitDragon)
    }

    /// A number (written or variable).
    pub fn is_number(self) -> bool {
        matches!(self, Sym::Num(_) | Sym::Var { .. })
    }
}

/// A suit variable: the letters `a`, `b`, `c` of the format. Different letters
/// in one line are different suits (like the colours of a printed card),
/// unless the line's `suits=` option lets them share one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SuitVar(pub u8);

impl SuitVar {
    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }
}

/// One group: 1-6 identical tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupPat {
    pub sym: Sym,
    /// 1 single, 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet.
    pub size: u8,
    /// Set for numbers, variables and `D`: the token's suit letter.
    pub suit: Option<SuitVar>,
}

impl GroupPat {
    /// The group as written, without its suit letter: `2222`, `nnn`, `(nn+1)`.
    pub fn text(&self) -> String {
        match self.sym {
            Sym::Var { var, offset } if offset != 0 => format!(
                "({}{offset:+})",
                var.letter().to_string().repeat(self.size as usize)
            ),
            sym => sym.term().repeat(self.size as usize),
        }
    }
}

/// A word of a hand as written: some groups (with one suit letter), or a
/// decoration (`+`, `=`, `-`, `x`, `*`) printed back but meaning nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `groups[first..first + count]` of the pattern, written together.
    Groups {
        first: usize,
        count: usize,
    },
    Decoration(String),
}

/// One way of writing a hand (a line may offer several, joined by `or`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub groups: Vec<GroupPat>,
    /// How the groups were written (tokens and decorations), for printing.
    pub tokens: Vec<Token>,
}

impl Pattern {
    pub fn tile_count(&self) -> usize {
        self.groups.iter().map(|g| g.size as usize).sum()
    }

    /// The number variables the pattern uses, as a bit set over [`NumVar`].
    pub fn vars_used(&self) -> u8 {
        self.groups.iter().fold(0, |m, g| match g.sym {
            Sym::Var { var, .. } => m | 1 << var.0,
            _ => m,
        })
    }

    /// The suit letters the pattern uses, ascending.
    pub fn letters(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .groups
            .iter()
            .filter_map(|g| g.suit.map(|s| s.0))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tokens.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match t {
                Token::Decoration(d) => f.write_str(d)?,
                Token::Groups { first, count } => {
                    let groups = &self.groups[*first..first + count];
                    for g in groups {
                        f.write_str(&g.text())?;
                    }
                    if let Some(s) = groups.iter().find_map(|g| g.suit) {
                        write!(f, "{}", s.letter())?;
                    }
                }
            }
        }
        Ok(())
    }
}

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

/// The kind of section a line is in, for the rules that care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    SinglesAndPairs,
    Quints,
    Other,
}

impl SectionKind {
    /// Recognises the section names the scoring rules name (R3, standard
    /// jokerless/S&P bonuses): "Singles and Pairs" (also "Singles & Pairs",
    /// "S&P") and any name containing "Quint".
    pub fn of_name(name: &str) -> SectionKind {
        let squashed: String = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(|c| c.to_lowercase())
            .collect();
        if matches!(squashed.as_str(), "singlesandpairs" | "singlespairs" | "sp") {
            SectionKind::SinglesAndPairs
        } else if squashed.contains("quint") {
            SectionKind::Quints
        } else {
            SectionKind::Other
        }
    }
}

/// A line name as compared: case and spaces do not matter (`2468 #3`,
/// `2468#3` and `2468 # 3` are one name).
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// One hand of the card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based number over the whole card, stable for a given file.
    pub id: usize,
    /// The line's name: `name=` from the file, or `Section #number`.
    pub name: String,
    /// Whether the name was given in the file (`name=`).
    pub name_given: bool,
    pub section: String,
    pub section_kind: SectionKind,
    /// 1-based number within its section.
    pub number: usize,
    /// The ways of writing the hand (`or`); at least one.
    pub alternatives: Vec<Pattern>,
    pub value: u32,
    /// `C`: concealed only (no exposure allowed). `X`: exposures allowed.
    pub concealed_only: bool,
    pub options: LineOptions,
    pub note: Option<String>,
    /// The line of the file it was read from (1-based).
    pub source_line: usize,
}

impl Line {
    /// The name a line has when the file gives none: `2468 #3`.
    pub fn default_name(section: &str, number: usize) -> String {
        format!("{section} #{number}")
    }

    /// The hand written back in the card format (pattern part only).
    pub fn pattern_text(&self) -> String {
        self.alternatives
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// The whole line in the card format: `FF 2222a ... : 25 X any "note"`.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{} : {} {}",
            self.pattern_text(),
            self.value,
            if self.concealed_only { 'C' } else { 'X' }
        );
        let opts = self.options.to_text();
        if !opts.is_empty() {
            s.push(' ');
            s.push_str(&opts);
        }
        if self.name_given {
            s.push_str(&format!(" name=\"{}\"", self.name));
        }
        if let Some(n) = &self.note {
            s.push_str(&format!(" \"{n}\""));
        }
        s
    }

    pub fn singles_and_pairs(&self) -> bool {
        self.section_kind == SectionKind::SinglesAndPairs
    }

    pub fn quints(&self) -> bool {
        self.section_kind == SectionKind::Quints
    }
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
    fn names_compare_without_case_or_spaces() {
        assert_eq!(name_key("2468 #3"), name_key("2468#3"));
        assert_eq!(
            name_key("Consecutive Run # 5"),
            name_key("consecutive run #5")
        );
        assert_ne!(name_key("2468 #3"), name_key("2468 #4"));
    }

    #[test]
    fn terms_print_as_written() {
        let v = |offset| Sym::Var {
            var: NumVar(0),
            offset,
        };
        assert_eq!(v(0).term(), "n");
        assert_eq!(v(1).term(), "(n+1)");
        assert_eq!(v(-2).term(), "(n-2)");
        assert_eq!(
            Sym::from_char('m'),
            Some(Sym::Var {
                var: NumVar(1),
                offset: 0
            })
        );
        assert_eq!(Sym::from_char('x'), None);
    }
}
