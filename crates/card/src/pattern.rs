//! The parsed form of a card line: what the director typed, before it is
//! expanded into concrete tiles (see `compile.rs`). docs/card-format.md
//! describes the text these types come from.

use jongg_tiles::{Suit, Wind};
use std::fmt;

/// One symbol of a hand pattern. Every group is a run of one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    /// `1`-`9`: a number, in the group's suit (shifted by the line's offset).
    Num(u8),
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
    /// The symbol for a pattern character.
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
            _ => return None,
        })
    }

    pub fn to_char(self) -> char {
        match self {
            Sym::Num(n) => (b'0' + n) as char,
            Sym::Zero => '0',
            Sym::SuitDragon => 'D',
            Sym::AnyDragon => 'd',
            Sym::Red => 'R',
            Sym::Green => 'G',
            Sym::Flower => 'F',
            Sym::Wind(w) => w.letter(),
            Sym::AnyWind => 'w',
        }
    }

    /// Numbers and `D` take their suit from the token's suit letter.
    pub fn needs_suit(self) -> bool {
        matches!(self, Sym::Num(_) | Sym::SuitDragon)
    }
}

/// A suit variable: the letters `a`, `b`, `c` of the format. Different letters
/// in one line are different suits (like the colours of a printed card).
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
    /// Set for numbers and `D` (and carried, unused, by the rest of their token).
    pub suit: Option<SuitVar>,
}

/// One way of writing a hand (a line may offer several, joined by `or`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub groups: Vec<GroupPat>,
    /// The tokens as typed (groups, `+`, `=`), for printing the card back.
    pub tokens: Vec<String>,
}

impl Pattern {
    pub fn tile_count(&self) -> usize {
        self.groups.iter().map(|g| g.size as usize).sum()
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tokens.join(" "))
    }
}

/// How the numbers of a line may move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Shift {
    /// The numbers are exactly as written.
    #[default]
    Fixed,
    /// `any`: all numbers move together by any offset that keeps them in 1-9
    /// ("any like numbers", "any run", "any number, the next, the one after").
    Any,
    /// `shift=0,8`: all numbers move together by one of these offsets.
    Offsets(Vec<i8>),
}

/// Parity constraint on every number of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    Odd,
    Even,
}

/// The options written after the value of a line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LineOptions {
    pub shift: Shift,
    pub parity: Option<Parity>,
    /// `only=1,9`: every number must be one of these (bit n set for number n).
    pub only: Option<u16>,
    /// `a=B`: suit variable pinned to one suit.
    pub pinned: [Option<Suit>; 3],
}

impl LineOptions {
    /// Whether number `n` (after the shift) is allowed.
    pub fn allows_number(&self, n: u8) -> bool {
        let parity_ok = match self.parity {
            None => true,
            Some(Parity::Odd) => n % 2 == 1,
            Some(Parity::Even) => n.is_multiple_of(2),
        };
        let set_ok = self.only.is_none_or(|m| m & (1 << n) != 0);
        parity_ok && set_ok
    }

    /// The options written back in the format, e.g. `any odd a=B`.
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

/// One hand of the card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based number over the whole card, stable for a given file.
    pub id: usize,
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
    /// A short human name such as `2468 #3`.
    pub fn label(&self) -> String {
        format!("{} #{}", self.section, self.number)
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
