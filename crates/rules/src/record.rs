//! The record of one finished game (JSON), as `docs/scoring.md` describes it.
//!
//! Every field but `result` is optional and defaults to false, 0, empty or
//! absent (`dealer`: east). A record without `empty_seat` is a table of four. [`GameRecord::from_json`] checks the shape (field names and types)
//! and names the field that is wrong; the checks that depend on the rules
//! (which fields apply to which result, dead winners, ...) are made by
//! [`crate::score()`].

use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// A player made Mah Jongg.
    Mahjong,
    /// The wall ran out.
    Wall,
    /// Time was called before the game ended (R7).
    Timeout,
    /// A Mah Jongg declared in error left fewer than two hands intact (R8).
    MahjongInError,
    /// A claim of a mis-named discard that does not complete the hand ended
    /// the game (R4; only where the preset says so).
    MisnamedMahjongClaim,
}

impl GameResult {
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Mahjong => "mahjong",
            GameResult::Wall => "wall",
            GameResult::Timeout => "timeout",
            GameResult::MahjongInError => "mahjong_in_error",
            GameResult::MisnamedMahjongClaim => "misnamed_mahjong_claim",
        }
    }
}

/// Why a hand is dead at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadReason {
    /// Picking ahead, a wrong exposure, ... (R6: -10 in `standard`).
    Infraction,
    /// Exposed tiles for, or because of, a Mah Jongg in error (R8: 0).
    MahjongInError,
}

/// A conduct penalty (R7: it stands whatever ends the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    /// Looked at a tile received in a blind pass (R17).
    BlindPassPeek,
    /// Mis-named a discard called for an exposure.
    MisnamedExposureTile,
    /// Wrongly declared another player's hand dead (R5).
    FalseDeadCall,
    /// Pushed the wall so its tail was hidden.
    HiddenWallTail,
}

impl PenaltyKind {
    pub const fn name(self) -> &'static str {
        match self {
            PenaltyKind::BlindPassPeek => "blind_pass_peek",
            PenaltyKind::MisnamedExposureTile => "misnamed_exposure_tile",
            PenaltyKind::FalseDeadCall => "false_dead_call",
            PenaltyKind::HiddenWallTail => "hidden_wall_tail",
        }
    }
}

/// One conduct penalty of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalty {
    pub seat: Seat,
    pub kind: PenaltyKind,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}
fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}
fn east() -> Seat {
    Seat::East
}
fn is_east(s: &Seat) -> bool {
    *s == Seat::East
}

/// The record of one game. Field meanings: `docs/scoring.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub result: GameResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub value: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub self_picked: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarder: Option<Seat>,
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub exposures: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub jokerless: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub singles_and_pairs: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub quints: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_group_left: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub heavenly: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub misnamed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Seat>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exposed: Vec<Seat>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dead: BTreeMap<Seat, DeadReason>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<Penalty>,
    /// The seat left empty at a table of three (R12); absent at a table of
    /// four, so every record written before this field still means four.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_seat: Option<Seat>,
    /// Who dealt this game: "East for the game" (R12: the deal starts at the
    /// East seat and passes to the right each game). Absent means East. Only
    /// the dealer's fourteen dealt tiles can be a heavenly hand (R10).
    #[serde(default = "east", skip_serializing_if = "is_east")]
    pub dealer: Seat,
}

impl GameRecord {
    /// A record with this result and every other field at its default.
    pub fn new(result: GameResult) -> GameRecord {
        GameRecord {
            result,
            winner: None,
            value: 0,
            self_picked: false,
            discarder: None,
            exposures: 0,
            jokerless: false,
            singles_and_pairs: false,
            quints: false,
            one_group_left: false,
            heavenly: false,
            misnamed: false,
            declarer: None,
            exposed: Vec::new(),
            dead: BTreeMap::new(),
            penalties: Vec::new(),
            empty_seat: None,
            dealer: Seat::East,
        }
    }

    /// Whether a player sits at `seat` (every seat but the empty one, R12).
    pub fn seated(&self, seat: Seat) -> bool {
        self.empty_seat != Some(seat)
    }

    /// The seats with a player, East first.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| self.seated(s))
    }
}

/// A record that is not valid: the field (a dotted path such as `dead.west`
/// or `penalties[1].kind`) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub field: String,
    pub reason: String,
}

impl RecordError {
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> RecordError {
        RecordError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The fields of a record, in the order of the contract.
pub const FIELDS: [&str; 18] = [
    "result",
    "winner",
    "value",
    "self_picked",
    "discarder",
    "exposures",
    "jokerless",
    "singles_and_pairs",
    "quints",
    "one_group_left",
    "heavenly",
    "misnamed",
    "declarer",
    "exposed",
    "dead",
    "penalties",
    "empty_seat",
    "dealer",
];

/// serde's message without its position (we give the field instead).
fn reason(e: serde_json::Error) -> String {
    let s = e.to_string();
    match s.find(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn field<T: serde::de::DeserializeOwned>(
    name: &str,
    v: &serde_json::Value,
    expected: &str,
) -> Result<T, RecordError> {
    T::deserialize(v)
        .map_err(|e| RecordError::new(name, format!("{} (expected {expected})", reason(e))))
}

const SEAT: &str = "\"east\", \"south\", \"west\" or \"north\"";

impl GameRecord {
    /// Reads a record from JSON. The error names the field and the reason.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new("record", format!("not valid JSON: {e}")))?;
        let serde_json::Value::Object(map) = value else {
            return Err(RecordError::new("record", "expected a JSON object {...}"));
        };
        for key in map.keys() {
            if !FIELDS.contains(&key.as_str()) {
                return Err(RecordError::new(
                    key.clone(),
                    format!("unknown field (expected one of {})", FIELDS.join(", ")),
                ));
            }
        }
        let Some(result) = map.get("result") else {
            return Err(RecordError::new(
                "result",
                "missing (expected \"mahjong\", \"wall\", \"timeout\", \"mahjong_in_error\" or \"misnamed_mahjong_claim\")",
            ));
        };
        let mut rec = GameRecord::new(field(
            "result",
            result,
            "\"mahjong\", \"wall\", \"timeout\", \"mahjong_in_error\" or \"misnamed_mahjong_claim\"",
        )?);
        for (key, v) in &map {
            let k = key.as_str();
            match k {
                "result" => {}
                "winner" => rec.winner = field(k, v, SEAT)?,
                "discarder" => rec.discarder = field(k, v, SEAT)?,
                "declarer" => rec.declarer = field(k, v, SEAT)?,
                "empty_seat" => rec.empty_seat = field(k, v, SEAT)?,
                "dealer" => rec.dealer = field(k, v, SEAT)?,
                "value" => rec.value = field(k, v, "a whole number 0 to 1000")?,
                "exposures" => rec.exposures = field(k, v, "a whole number 0 to 4")?,
                "self_picked" => rec.self_picked = field(k, v, "true or false")?,
                "jokerless" => rec.jokerless = field(k, v, "true or false")?,
                "singles_and_pairs" => rec.singles_and_pairs = field(k, v, "true or false")?,
                "quints" => rec.quints = field(k, v, "true or false")?,
                "one_group_left" => rec.one_group_left = field(k, v, "true or false")?,
                "heavenly" => rec.heavenly = field(k, v, "true or false")?,
                "misnamed" => rec.misnamed = field(k, v, "true or false")?,
                "exposed" => {
                    let items: Vec<serde_json::Value> = field(k, v, "a list of seats")?;
                    for (i, item) in items.iter().enumerate() {
                        rec.exposed
                            .push(field(&format!("exposed[{i}]"), item, SEAT)?);
                    }
                }
                "dead" => {
                    let entries: BTreeMap<String, serde_json::Value> =
                        field(k, v, "an object {seat: reason}")?;
                    for (seat, why) in &entries {
                        let name = format!("dead.{seat}");
                        let seat: Seat = seat.parse().map_err(|_| {
                            RecordError::new(
                                &name,
                                format!("`{seat}` is not a seat (expected {SEAT})"),
                            )
                        })?;
                        let why: DeadReason =
                            field(&name, why, "\"infraction\" or \"mahjong_in_error\"")?;
                        rec.dead.insert(seat, why);
                    }
                }
                "penalties" => {
                    let items: Vec<serde_json::Value> =
                        field(k, v, "a list of {\"seat\": ..., \"kind\": ...}")?;
                    for (i, item) in items.iter().enumerate() {
                        let at = format!("penalties[{i}]");
                        let serde_json::Value::Object(p) = item else {
                            return Err(RecordError::new(
                                at,
                                "expected {\"seat\": ..., \"kind\": ...}",
                            ));
                        };
                        if let Some(extra) = p.keys().find(|k| *k != "seat" && *k != "kind") {
                            return Err(RecordError::new(
                                format!("{at}.{extra}"),
                                "unknown field (expected seat, kind)",
                            ));
                        }
                        let seat = p
                            .get("seat")
                            .ok_or_else(|| RecordError::new(format!("{at}.seat"), "missing"))?;
                        let kind = p
                            .get("kind")
                            .ok_or_else(|| RecordError::new(format!("{at}.kind"), "missing"))?;
                        rec.penalties.push(Penalty {
                            seat: field(&format!("{at}.seat"), seat, SEAT)?,
                            kind: field(
                                &format!("{at}.kind"),
                                kind,
                                "\"blind_pass_peek\", \"misnamed_exposure_tile\", \"false_dead_call\" or \"hidden_wall_tail\"",
                            )?,
                        });
                    }
                }
                _ => {
                    return Err(RecordError::new(k, "unknown field"));
                }
            }
        }
        // serde_json keeps the last of two equal keys; the derived reader
        // refuses them, so ask it which field came twice.
        if let Err(e) = serde_json::from_str::<GameRecord>(text) {
            let msg = e.to_string();
            if let Some(rest) = msg.strip_prefix("duplicate field `") {
                let name = rest.split('`').next().unwrap_or("record");
                return Err(RecordError::new(name, "given twice"));
            }
        }
        Ok(rec)
    }

    /// The record as JSON (fields at their default are left out).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minimal_record_reads() {
        let r = GameRecord::from_json(r#"{"result": "wall"}"#).unwrap();
        assert_eq!(r, GameRecord::new(GameResult::Wall));
    }

    #[test]
    fn errors_name_the_field() {
        let e = GameRecord::from_json(r#"{"result": "wall", "colour": 1}"#).unwrap_err();
        assert_eq!(e.field, "colour");
        let e = GameRecord::from_json(r#"{"result": "mahjong", "winner": "centre"}"#).unwrap_err();
        assert_eq!(e.field, "winner");
        assert!(e.reason.contains("centre"), "{e}");
        let e = GameRecord::from_json(r#"{"result": "wall", "dead": {"up": "infraction"}}"#)
            .unwrap_err();
        assert_eq!(e.field, "dead.up");
        let e = GameRecord::from_json(
            r#"{"result": "wall", "penalties": [{"seat": "east", "kind": "rude"}]}"#,
        )
        .unwrap_err();
        assert_eq!(e.field, "penalties[0].kind");
        let e = GameRecord::from_json(r#"{"result": "mahjong", "value": -5}"#).unwrap_err();
        assert_eq!(e.field, "value");
        let e = GameRecord::from_json(r#"{"winner": "east"}"#).unwrap_err();
        assert_eq!(e.field, "result");
        let e = GameRecord::from_json("[1]").unwrap_err();
        assert_eq!(e.field, "record");
        let e = GameRecord::from_json(r#"{"result": "wall", "value": 1, "value": 2}"#).unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.reason.as_str()),
            ("value", "given twice")
        );
    }

    #[test]
    fn a_record_without_the_table_fields_is_four_seats_east_dealing_r12() {
        // Records stored before `empty_seat` and `dealer` existed read as before.
        let r = GameRecord::from_json(r#"{"result": "wall"}"#).unwrap();
        assert_eq!(r.empty_seat, None);
        assert_eq!(r.dealer, Seat::East);
        assert_eq!(r.seats().count(), 4);
        assert_eq!(r.to_json(), r#"{"result":"wall"}"#);
    }

    #[test]
    fn a_table_of_three_names_its_empty_seat_r12() {
        let text = r#"{"result":"wall","empty_seat":"north","dealer":"west"}"#;
        let r = GameRecord::from_json(text).unwrap();
        assert_eq!(r.empty_seat, Some(Seat::North));
        assert_eq!(r.dealer, Seat::West);
        assert!(!r.seated(Seat::North));
        assert_eq!(
            r.seats().collect::<Vec<_>>(),
            [Seat::East, Seat::South, Seat::West]
        );
        assert_eq!(r.to_json(), text);
        let e = GameRecord::from_json(r#"{"result": "wall", "empty_seat": "up"}"#).unwrap_err();
        assert_eq!(e.field, "empty_seat");
        let e = GameRecord::from_json(r#"{"result": "wall", "dealer": 3}"#).unwrap_err();
        assert_eq!(e.field, "dealer");
    }

    #[test]
    fn serde_and_from_json_agree() {
        let text = r#"{"result":"mahjong","winner":"south","value":30,"discarder":"west","exposures":2,"dead":{"north":"infraction"},"penalties":[{"seat":"east","kind":"blind_pass_peek"}]}"#;
        let a = GameRecord::from_json(text).unwrap();
        let b: GameRecord = serde_json::from_str(text).unwrap();
        assert_eq!(a, b);
        assert_eq!(GameRecord::from_json(&a.to_json()).unwrap(), a);
    }
}
