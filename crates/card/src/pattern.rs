//! The parsed form of a card line: what the director typed, before it is
//! expanded into concrete tiles (see `compile.rs`). docs/card-format.md
//! describes the text these types come from; [`Line::to_text`] writes it back.

use crate::options::LineOptions;
use jongg_tiles::Wind;
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
