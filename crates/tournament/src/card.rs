//! The event's card (issue 14.1): the card year the rules text requires
//! (the preset's `[card]` readings; st-louis-senior-olympics reads 2022 in
//! its heading and 2019 in 6a, and the director chooses) and the card file
//! the director loads (jongg's card format, kept in the event log as text).
//! With a card loaded a scorekeeper may enter the winning hand's tiles
//! instead of its value: [`verify_hand`] checks the Mah Jongg against the
//! card and fills in what the tiles say; a value typed without tiles must be
//! one the card has ([`check_value`]). The one path for the sheet and the
//! score page's preview.

use jongg_card::{Card, MahjongMatch};
use jongg_rules::floor::CardYear;
use jongg_rules::record::{GameRecord, GameResult, RecordError};
use jongg_tiles::Tile;
use jongg_tiles::notation::parse_tiles;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// The most bytes a card file may have (a yearly card is a few kilobytes).
pub const MAX_CARD_FILE: usize = jongg_card::MAX_CARD_FILE;
/// The most exposures a winning hand may have.
pub const MAX_EXPOSURES: usize = 6;
/// The most characters of one group of tiles as typed.
pub const MAX_TILES_TEXT: usize = 200;

/// A card file as the director loaded it: its label and its text. The card
/// parsed from it is kept once parsed, and shared by its clones: the server
/// parses the file before it takes the tournament's lock (issue 19.4), and
/// the command's `decide` and the event's `apply` find it parsed.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub label: String,
    pub text: String,
    #[serde(skip)]
    parsed: Arc<OnceLock<Result<Arc<Card>, String>>>,
}

impl PartialEq for CardFile {
    fn eq(&self, other: &Self) -> bool {
        self.label == other.label && self.text == other.text
    }
}

impl Eq for CardFile {}

impl std::fmt::Debug for CardFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardFile")
            .field("label", &self.label)
            .field("text", &self.text)
            .finish_non_exhaustive()
    }
}

impl CardFile {
    pub fn new(label: impl Into<String>, text: impl Into<String>) -> CardFile {
        CardFile {
            label: label.into(),
            text: text.into(),
            parsed: Arc::default(),
        }
    }

    /// jongg's own practice card, for a demonstration.
    pub fn practice() -> CardFile {
        CardFile::new("jongg's practice card", jongg_card::PRACTICE_CARD)
    }

    /// The card parsed from the file (once; every later call, on this file or
    /// a clone, answers the same); the error names each line and column
    /// that is wrong.
    pub fn parse(&self) -> Result<Arc<Card>, String> {
        self.parsed
            .get_or_init(|| self.read().map(Arc::new))
            .clone()
    }

    /// Whether the file was parsed already (then [`CardFile::parse`] is free).
    pub fn is_parsed(&self) -> bool {
        self.parsed.get().is_some()
    }

    fn read(&self) -> Result<Card, String> {
        if self.text.len() > MAX_CARD_FILE {
            return Err(format!(
                "the card file has {} bytes: at most {MAX_CARD_FILE}",
                self.text.len()
            ));
        }
        Card::parse(&self.text).map_err(|e| {
            let lines: Vec<String> =
                e.0.iter()
                    .take(5)
                    .map(|d| format!("line {}, column {}: {}", d.line, d.column, d.message))
                    .collect();
            format!("the card file is not a card: {}", lines.join("; "))
        })
    }
}

/// The event's card as the director set it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSetting {
    /// The card year the director chose among the text's readings; `None`:
    /// the text's only reading (or none chosen yet where it reads two ways).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<CardYear>,
    /// The card file loaded, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<CardFile>,
}

/// A loaded card: the file and the card parsed from it once. Equal when the
/// files are (the parsed card is the file's function).
#[derive(Clone, Debug)]
pub struct LoadedCard {
    pub file: CardFile,
    pub card: Arc<Card>,
}

impl PartialEq for LoadedCard {
    fn eq(&self, other: &Self) -> bool {
        self.file == other.file
    }
}

/// The winning hand's tiles as a scorekeeper typed them (jongg's tile
/// notation, docs/notation.md): the concealed tiles and each exposure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandTiles {
    pub concealed: String,
    #[serde(default)]
    pub exposures: Vec<String>,
}

/// What the card said of a hand: the record filled in and the line matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardCheck {
    pub record: GameRecord,
    /// The line the hand made (`None`: a Mah Jongg in error, on no line).
    pub line: Option<MahjongMatch>,
    /// What the sheet says of it, in plain words (`None`: no tiles given).
    pub note: Option<String>,
}

fn read_tiles(field: &str, text: &str) -> Result<Vec<Tile>, RecordError> {
    if text.chars().nth(MAX_TILES_TEXT).is_some() {
        return Err(RecordError::new(
            field,
            format!("at most {MAX_TILES_TEXT} characters"),
        ));
    }
    parse_tiles(text).map_err(|e| RecordError::new(field, e.to_string()))
}

/// What the sheet says of a Mah Jongg's tiles found on the card's line.
pub fn line_note(name: &str, value: u32, concealed: bool, jokerless: bool) -> String {
    format!(
        "on the card: {name} ({value}), {}{}",
        if concealed { "concealed" } else { "exposed" },
        if jokerless { ", jokerless" } else { "" }
    )
}

/// What the sheet says of a Mah Jongg in error's tiles, on no line.
pub const NOT_ON_THE_CARD: &str =
    "checked against the card: not a hand on it (a Mah Jongg in error)";

/// Checks a hand's tiles against the card and fills in the record (issue
/// 14.1). A Mah Jongg must be a hand on the card: its value, jokerless (R11:
/// no joker anywhere, exposures included), concealed (no exposure),
/// Singles and Pairs, Quints (R3) and one group left come from the line it
/// makes, the highest-valued line where it makes several. A Mah Jongg in
/// error (R8) is checked the same way and must not be a hand on the card.
/// A value typed with the tiles must be the line's.
pub fn verify_hand(
    card: &Card,
    record: &GameRecord,
    hand: &HandTiles,
) -> Result<CardCheck, RecordError> {
    if hand.exposures.len() > MAX_EXPOSURES {
        return Err(RecordError::new(
            "hand.exposures",
            format!("at most {MAX_EXPOSURES} exposures"),
        ));
    }
    let concealed = read_tiles("hand.concealed", &hand.concealed)?;
    let exposures = hand
        .exposures
        .iter()
        .enumerate()
        .map(|(i, e)| read_tiles(&format!("hand.exposures[{i}]"), e))
        .collect::<Result<Vec<_>, _>>()?;
    let matches = card
        .mahjong(&concealed, &exposures)
        .map_err(|e| RecordError::new("hand", e.to_string()))?;
    let best = MahjongMatch::best(&matches).cloned();
    let mut rec = record.clone();
    match (record.result, best) {
        (GameResult::Mahjong, Some(m)) => {
            if record.value != 0 && record.value != m.value {
                return Err(RecordError::new(
                    "value",
                    format!(
                        "the tiles make {} on the card, worth {}, not {}",
                        m.name, m.value, record.value
                    ),
                ));
            }
            rec.value = m.value;
            rec.jokerless = m.jokerless;
            rec.singles_and_pairs = m.singles_and_pairs;
            rec.quints = m.quints;
            rec.one_group_left = m.one_group_left;
            rec.exposures = u8::try_from(exposures.len()).unwrap_or(u8::MAX);
            let note = line_note(&m.name, m.value, m.concealed, m.jokerless);
            Ok(CardCheck {
                record: rec,
                line: Some(m),
                note: Some(note),
            })
        }
        (GameResult::Mahjong, None) => Err(RecordError::new(
            "hand",
            "these tiles are not a hand on the card: this is not a Mah Jongg (enter it as a Mah Jongg in error if it was declared)",
        )),
        (GameResult::MahjongInError, Some(m)) => Err(RecordError::new(
            "hand",
            format!(
                "these tiles are a Mah Jongg on the card ({}, {}): not a Mah Jongg in error",
                m.name, m.value
            ),
        )),
        (GameResult::MahjongInError, None) => Ok(CardCheck {
            record: rec,
            line: None,
            note: Some(NOT_ON_THE_CARD.into()),
        }),
        (other, _) => Err(RecordError::new(
            "hand",
            format!(
                "tiles are checked for a Mah Jongg or a Mah Jongg in error, not a game ended by {}",
                other.name().replace('_', " ")
            ),
        )),
    }
}

/// A Mah Jongg's value typed without tiles must be a value the card has
/// (issue 14.1); other results carry no value to check.
pub fn check_value(card: &Card, record: &GameRecord) -> Result<(), RecordError> {
    if record.result != GameResult::Mahjong {
        return Ok(());
    }
    let mut values: Vec<u32> = card.lines().iter().map(|l| l.value).collect();
    values.sort_unstable();
    values.dedup();
    if values.contains(&record.value) {
        return Ok(());
    }
    let list: Vec<String> = values.iter().map(ToString::to_string).collect();
    Err(RecordError::new(
        "value",
        format!(
            "no hand on the event's card is worth {}: the card's values are {}",
            record.value,
            list.join(", ")
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn practice() -> Card {
        Card::clone(&CardFile::practice().parse().unwrap())
    }

    fn mahjong(value: u32) -> GameRecord {
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.winner = Some(jongg_tiles::Seat::South);
        r.value = value;
        r
    }

    /// A hand made from the practice card's first line's first variant.
    fn a_winning_hand(card: &Card) -> (HandTiles, MahjongMatch) {
        let v = &card.variants_of(1)[0];
        let tiles: Vec<Tile> = v
            .groups
            .iter()
            .flat_map(|g| std::iter::repeat_n(g.tile, usize::from(g.size)))
            .collect();
        let text = jongg_tiles::notation::format_tiles(&tiles);
        let hand = HandTiles {
            concealed: text,
            exposures: vec![],
        };
        let m = card.mahjong(&tiles, &[]).unwrap();
        (hand, MahjongMatch::best(&m).unwrap().clone())
    }

    #[test]
    fn a_hand_on_the_card_fills_in_the_record() {
        let card = practice();
        let (hand, m) = a_winning_hand(&card);
        let c = verify_hand(&card, &mahjong(0), &hand).unwrap();
        assert_eq!(c.record.value, m.value);
        assert_eq!(c.record.exposures, 0);
        assert!(c.record.jokerless, "no joker in it (R11)");
        assert!(c.note.unwrap().contains(&m.name));
        // A value typed with the tiles must be the line's.
        let e = verify_hand(&card, &mahjong(m.value + 5), &hand).unwrap_err();
        assert_eq!(e.field, "value");
    }

    #[test]
    fn tiles_not_on_the_card_are_refused_in_plain_words() {
        let card = practice();
        let hand = HandTiles {
            concealed: "1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 9C 7D".into(),
            exposures: vec![],
        };
        let e = verify_hand(&card, &mahjong(0), &hand).unwrap_err();
        assert_eq!(e.field, "hand");
        assert!(e.reason.contains("not a hand on the card"), "{e}");
        // The same tiles are a Mah Jongg in error (R8), checked the same way.
        let mut err = GameRecord::new(GameResult::MahjongInError);
        err.declarer = Some(jongg_tiles::Seat::South);
        let c = verify_hand(&card, &err, &hand).unwrap();
        assert!(c.line.is_none());
        // And a real hand is no Mah Jongg in error.
        let (good, _) = a_winning_hand(&card);
        let e = verify_hand(&card, &err, &good).unwrap_err();
        assert!(e.reason.contains("not a Mah Jongg in error"), "{e}");
        // Tiles that are no tiles name the field.
        let bad = HandTiles {
            concealed: "1B zz".into(),
            exposures: vec![],
        };
        assert_eq!(
            verify_hand(&card, &mahjong(0), &bad).unwrap_err().field,
            "hand.concealed"
        );
    }

    #[test]
    fn a_value_typed_without_tiles_must_be_on_the_card() {
        let card = practice();
        let on_card = card.lines()[0].value;
        assert!(check_value(&card, &mahjong(on_card)).is_ok());
        let e = check_value(&card, &mahjong(7)).unwrap_err();
        assert_eq!(e.field, "value");
        assert!(
            e.reason.contains("no hand on the event's card is worth 7"),
            "{e}"
        );
        assert!(check_value(&card, &GameRecord::new(GameResult::Wall)).is_ok());
    }

    #[test]
    fn a_card_file_that_is_no_card_is_named_by_line() {
        let f = CardFile::new("x", "this is not a card");
        let e = f.parse().unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        let big = CardFile::new("x", "#".repeat(MAX_CARD_FILE + 1));
        assert!(big.parse().unwrap_err().contains("at most"));
    }

    #[test]
    fn a_card_file_is_parsed_once_for_all_its_clones() {
        let f = CardFile::practice();
        let copy = f.clone();
        assert!(!copy.is_parsed());
        let card = f.parse().unwrap();
        assert!(copy.is_parsed());
        assert!(Arc::ptr_eq(&card, &copy.parse().unwrap()));
        // Read back from the log, a file is parsed again.
        let back: CardFile = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
        assert!(!back.is_parsed());
        assert_eq!(back, f);
    }
}
