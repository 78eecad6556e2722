//! The words of the position format shared by the reader and the writer:
//! seats, passes, tiles, and the names of serde enums (codes, reasons).

use crate::event::PassKind;
use jongg_tiles::{Seat, Tile, excerpt, parse_tiles};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `E`, `S`, `W`, `N` or the seat's name, any case.
pub fn seat(word: &str) -> Result<Seat, String> {
    let by_letter = match word.to_ascii_uppercase().as_str() {
        "E" => Some(Seat::East),
        "S" => Some(Seat::South),
        "W" => Some(Seat::West),
        "N" => Some(Seat::North),
        _ => None,
    };
    by_letter
        .or_else(|| word.parse().ok())
        .ok_or_else(|| format!("`{}` is not a seat (E, S, W or N)", excerpt(word)))
}

/// The letter a seat is written with.
pub fn seat_letter(seat: Seat) -> &'static str {
    match seat {
        Seat::East => "E",
        Seat::South => "S",
        Seat::West => "W",
        Seat::North => "N",
    }
}

pub const PASSES: [(&str, PassKind); 7] = [
    ("first-right", PassKind::FirstRight),
    ("first-across", PassKind::FirstAcross),
    ("first-left", PassKind::FirstLeft),
    ("second-left", PassKind::SecondLeft),
    ("second-across", PassKind::SecondAcross),
    ("second-right", PassKind::SecondRight),
    ("courtesy", PassKind::Courtesy),
];

pub fn pass(word: &str) -> Result<PassKind, String> {
    PASSES
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
        .map(|(_, p)| *p)
        .ok_or_else(|| {
            let names: Vec<&str> = PASSES.iter().map(|(w, _)| *w).collect();
            format!("`{}` is not a pass ({})", excerpt(word), names.join(", "))
        })
}

pub fn pass_name(pass: PassKind) -> &'static str {
    PASSES
        .iter()
        .find(|(_, p)| *p == pass)
        .map_or("courtesy", |(w, _)| w)
}

/// Tiles in the notation of `docs/notation.md` (`1Bx3 J F`).
pub fn tiles(text: &str) -> Result<Vec<Tile>, String> {
    parse_tiles(text).map_err(|e| {
        format!(
            "bad tile `{}` at column {}: {}",
            excerpt(&e.token),
            e.column,
            e.reason
        )
    })
}

pub fn tile(word: &str) -> Result<Tile, String> {
    match tiles(word)?.as_slice() {
        [t] => Ok(*t),
        _ => Err(format!("`{}` is not one tile", excerpt(word))),
    }
}

/// One tile after another, each written out (`5B 5B J`), so the text says
/// the order the tiles have.
pub fn write_tiles(tiles: &[Tile]) -> String {
    let words: Vec<String> = tiles.iter().map(Tile::to_string).collect();
    words.join(" ")
}

/// A value of a serde enum from its snake_case name (`not_held`).
pub fn named<T: DeserializeOwned>(word: &str, what: &str) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::String(word.to_ascii_lowercase()))
        .map_err(|_| format!("`{}` is not a {what}", excerpt(word)))
}

/// The snake_case name of a serde enum's value.
pub fn name_of<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// A whole number, named in the error.
pub fn number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, String> {
    word.parse()
        .map_err(|_| format!("`{}` is not a number ({what})", excerpt(word)))
}

/// The line without its comment: `#` to the end, outside double quotes.
pub fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_letters_or_names_and_passes_have_names() {
        assert_eq!(seat("w"), Ok(Seat::West));
        assert_eq!(seat("North"), Ok(Seat::North));
        assert!(seat("X").unwrap_err().contains("`X` is not a seat"));
        for (w, p) in PASSES {
            assert_eq!(pass(w), Ok(p));
            assert_eq!(pass_name(p), w);
        }
        assert!(pass("third").is_err());
    }

    #[test]
    fn comments_end_a_line_but_not_inside_quotes() {
        assert_eq!(strip_comment("E pick # why"), "E pick ");
        assert_eq!(strip_comment("x \"a # b\" # c"), "x \"a # b\" ");
    }
}
