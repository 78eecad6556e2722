//! The jongg tile notation (docs/notation.md).
//!
//! A tile is `1D`-`9D` (Dots), `1B`-`9B` (Bams), `1C`-`9C` (Craks), `E` `S` `W` `N`
//! (Winds), `RD` `GD` `WD` (Red, Green, White Dragon), `F` (Flower) or `J` (Joker).
//! A list of tiles is tokens separated by spaces or commas; a token may carry a
//! count, `5Bx3` meaning three 5 Bams. Input is case-insensitive; output is the
//! canonical upper-case form, with runs of one kind written `TILExN`.

use crate::tile::{Dragon, Suit, Tile, Wind};
use std::fmt;
use std::str::FromStr;

/// A token that is not a tile, with where it stood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad tile `{token}` at column {column} (token {position}): {reason}")]
pub struct ParseError {
    /// The offending token, as written.
    pub token: String,
    /// 1-based index of the token in the list.
    pub position: usize,
    /// 1-based character column where the token starts.
    pub column: usize,
    pub reason: String,
}

/// Largest count a token may carry (`Jx8`): no kind has more copies.
pub const MAX_TOKEN_COUNT: usize = 8;

fn parse_one(word: &str) -> Result<Tile, String> {
    let upper = word.to_ascii_uppercase();
    let tile = match upper.as_str() {
        "E" => Tile::wind(Wind::East),
        "S" => Tile::wind(Wind::South),
        "W" => Tile::wind(Wind::West),
        "N" => Tile::wind(Wind::North),
        "RD" => Tile::dragon(Dragon::Red),
        "GD" => Tile::dragon(Dragon::Green),
        "WD" => Tile::dragon(Dragon::White),
        "F" => Tile::FLOWER,
        "J" => Tile::JOKER,
        _ => {
            let mut chars = upper.chars();
            let (Some(d), Some(s), None) = (chars.next(), chars.next(), chars.next()) else {
                return Err("expected a tile such as 5B, E, RD, F or J".into());
            };
            let suit = match s {
                'D' => Suit::Dots,
                'B' => Suit::Bams,
                'C' => Suit::Craks,
                _ => return Err(format!("unknown suit `{s}` (expected D, B or C)")),
            };
            let n = d
                .to_digit(10)
                .filter(|n| (1..=9).contains(n))
                .ok_or_else(|| format!("`{d}` is not a number from 1 to 9"))?;
            Tile::suited(suit, n as u8).expect("checked 1-9")
        }
    };
    Ok(tile)
}

impl FromStr for Tile {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Tile, ParseError> {
        parse_one(s.trim()).map_err(|reason| ParseError {
            token: s.to_string(),
            position: 1,
            column: 1,
            reason,
        })
    }
}

/// Parses a list of tiles such as `"F F 1Bx3 2B,2B J"`. Order is kept.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, ParseError> {
    let mut tiles = Vec::new();
    let mut position = 0;
    let mut start: Option<usize> = None;
    // Walk by chars so columns count characters, not bytes.
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i <= chars.len() {
        let sep = i == chars.len() || chars[i].is_whitespace() || chars[i] == ',';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                position += 1;
                let token: String = chars[s..i].iter().collect();
                let err = |reason: String| ParseError {
                    token: token.clone(),
                    position,
                    column: s + 1,
                    reason,
                };
                let (word, count) = split_count(&token).map_err(err)?;
                let tile = parse_one(word).map_err(err)?;
                tiles.extend(std::iter::repeat_n(tile, count));
                start = None;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(tiles)
}

/// `5Bx3` -> (`5B`, 3); `5B` -> (`5B`, 1).
fn split_count(token: &str) -> Result<(&str, usize), String> {
    // A count is an `x` followed by digits at the end; no tile itself ends that way.
    if let Some(pos) = token.rfind(['x', 'X']) {
        let digits = &token[pos + 1..];
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            let n: usize = digits
                .parse()
                .map_err(|_| format!("count `{digits}` is too large"))?;
            if n == 0 || n > MAX_TOKEN_COUNT {
                return Err(format!("count {n} must be from 1 to {MAX_TOKEN_COUNT}"));
            }
            return Ok((&token[..pos], n));
        }
    }
    Ok((token, 1))
}

/// Writes tiles in order, runs of one kind as `TILExN`: `F 1Bx3 2B J`.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < tiles.len() {
        let mut j = i + 1;
        while j < tiles.len() && tiles[j] == tiles[i] {
            j += 1;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&tiles[i].to_string());
        if j - i > 1 {
            out.push_str(&format!("x{}", j - i));
        }
        i = j;
    }
    out
}

/// Tiles displayed in the notation, for `format!("{}", Tiles(&v))`.
#[derive(Debug)]
pub struct Tiles<'a>(pub &'a [Tile]);

impl fmt::Display for Tiles<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tiles(self.0))
    }
}

impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::full_set;
    use proptest::prelude::*;

    #[test]
    fn every_kind_round_trips() {
        for t in Tile::all_kinds() {
            assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
            assert_eq!(t.to_string().to_lowercase().parse::<Tile>().unwrap(), t);
        }
    }

    #[test]
    fn counts_and_separators() {
        let tiles = parse_tiles("F, f 1bx3  2B J").unwrap();
        assert_eq!(format_tiles(&tiles), "Fx2 1Bx3 2B J");
        assert_eq!(parse_tiles("").unwrap(), vec![]);
    }

    #[test]
    fn errors_name_the_token_and_its_position() {
        let e = parse_tiles("1B 2B 0D").unwrap_err();
        assert_eq!((e.token.as_str(), e.position, e.column), ("0D", 3, 7));
        assert!(e.to_string().contains("`0D`"), "{e}");
        let e = parse_tiles("5Z").unwrap_err();
        assert!(e.reason.contains("suit"), "{e}");
        let e = parse_tiles("J Jx9").unwrap_err();
        assert_eq!(e.position, 2);
        let e = parse_tiles("5Bx0").unwrap_err();
        assert!(e.reason.contains("count"), "{e}");
        assert!(parse_tiles("10B").is_err());
        assert!(parse_tiles("x3").is_err());
    }

    #[test]
    fn full_set_formats_and_parses_back() {
        let set = full_set();
        assert_eq!(parse_tiles(&format_tiles(&set)).unwrap(), set);
    }

    proptest! {
        #[test]
        fn parse_never_panics(s in "\\PC{0,40}") {
            let _ = parse_tiles(&s);
        }

        #[test]
        fn format_then_parse_is_identity(idx in proptest::collection::vec(0u8..36, 0..20)) {
            let tiles: Vec<Tile> = idx.into_iter().map(|i| Tile::from_index(i).unwrap()).collect();
            prop_assert_eq!(parse_tiles(&format_tiles(&tiles)).unwrap(), tiles);
        }
    }
}
