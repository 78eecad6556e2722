//! Reading a game record: one reader behind [`GameRecord::from_json`],
//! [`GameRecord::from_value`] and serde (a record inside a tournament's
//! command, event or file). The error names the field (`dead.west`,
//! `penalties[1].kind`) and the reason; a key given twice is refused (serde_json
//! alone keeps the last of two); [`deserialize_at_most`] bounds the size
//! before anything else is looked at.

use super::{DeadReason, FIELDS, GameRecord, Penalty, RecordError};
use jongg_tiles::Seat;
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

impl GameRecord {
    /// Reads a record from JSON.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let pairs: Pairs = serde_json::from_str(text).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => {
                RecordError::new("record", "expected a JSON object {...}")
            }
            _ => RecordError::new("record", format!("not valid JSON: {e}")),
        })?;
        pairs.read()
    }

    /// Reads a record from a JSON value (whose keys are distinct already).
    pub fn from_value(value: &Value) -> Result<GameRecord, RecordError> {
        GameRecord::from_value_at_most(value, usize::MAX)
    }

    /// [`GameRecord::from_value`] of a record of at most `max` bytes as
    /// JSON (checked first, as [`deserialize_at_most`] does).
    pub fn from_value_at_most(value: &Value, max: usize) -> Result<GameRecord, RecordError> {
        let Value::Object(map) = value else {
            return Err(RecordError::new("record", "expected a JSON object {...}"));
        };
        let pairs = Pairs(map.iter().map(|(k, v)| (k.clone(), v.clone())).collect());
        pairs.at_most(max)?;
        pairs.read()
    }

    /// The record as JSON (fields at their default are left out).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
        deserialize_at_most(d, usize::MAX)
    }
}

/// Reads a record through serde, refusing one of more than `max` bytes as
/// JSON before its fields are read (a tournament's bound on what it
/// stores). The error reads "invalid game record: `field`: reason".
pub fn deserialize_at_most<'de, D: Deserializer<'de>>(
    d: D,
    max: usize,
) -> Result<GameRecord, D::Error> {
    let pairs = Pairs::deserialize(d)?;
    pairs
        .at_most(max)
        .and_then(|()| pairs.read())
        .map_err(|e| de::Error::custom(format!("invalid game record: {e}")))
}

/// A JSON object's keys and values in the order given, a key given twice
/// kept twice (so it can be refused by name).
struct Pairs(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pairs, D::Error> {
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = Pairs;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a game record, a JSON object {...}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry::<String, Value>()? {
                    pairs.push(pair);
                }
                Ok(Pairs(pairs))
            }
        }
        d.deserialize_map(PairsVisitor)
    }
}

impl Pairs {
    /// The object has at most `max` bytes as compact JSON.
    fn at_most(&self, max: usize) -> Result<(), RecordError> {
        let text = |s: &str| Value::from(s).to_string().len();
        let inner: usize = self
            .0
            .iter()
            .map(|(k, v)| text(k) + 1 + v.to_string().len())
            .sum();
        let size = inner + self.0.len().saturating_sub(1) + 2;
        if size > max {
            return Err(RecordError::new(
                "record",
                format!("the record has {size} bytes as JSON: a game record has at most {max}"),
            ));
        }
        Ok(())
    }

    fn read(self) -> Result<GameRecord, RecordError> {
        let mut map = BTreeMap::new();
        for (key, value) in self.0 {
            if map.contains_key(&key) {
                return Err(RecordError::new(key, "given twice"));
            }
            map.insert(key, value);
        }
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
                "dealer" => rec.dealer = Some(field(k, v, SEAT)?),
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
                    let items: Vec<Value> = field(k, v, "a list of seats")?;
                    for (i, item) in items.iter().enumerate() {
                        rec.exposed
                            .push(field(&format!("exposed[{i}]"), item, SEAT)?);
                    }
                }
                "dead" => {
                    let entries: BTreeMap<String, Value> = field(k, v, "an object {seat: reason}")?;
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
                    let items: Vec<Value> =
                        field(k, v, "a list of {\"seat\": ..., \"kind\": ...}")?;
                    for (i, item) in items.iter().enumerate() {
                        let at = format!("penalties[{i}]");
                        let Value::Object(p) = item else {
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
        Ok(rec)
    }
}

/// A value of a record as a person reads it: `2.5`, the text "x", a list.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "nothing".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            let s: String = s.chars().take(40).collect();
            format!("the text {s:?}")
        }
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// A field of a record in words, for the person at the table (issue 13.6):
/// `value` is "the card value", `dead.east` "East's dead hand".
fn field_words(name: &str) -> String {
    let seat = |s: &str| match s {
        "east" => "East".to_string(),
        "south" => "South".to_string(),
        "west" => "West".to_string(),
        "north" => "North".to_string(),
        other => format!("the seat {other:?}"),
    };
    if let Some(s) = name.strip_prefix("dead.") {
        return format!("{}'s dead hand", seat(s));
    }
    if let Some(rest) = name.strip_prefix("penalties[")
        && let Some((i, tail)) = rest.split_once(']')
    {
        let n = i.parse::<usize>().map_or(0, |i| i + 1);
        return match tail {
            ".seat" => format!("whose penalty {n} is"),
            ".kind" => format!("what penalty {n} is for"),
            _ => format!("penalty {n}"),
        };
    }
    if let Some(rest) = name.strip_prefix("exposed[") {
        let n = rest
            .trim_end_matches(']')
            .parse::<usize>()
            .map_or(0, |i| i + 1);
        return format!("hand {n} of those exposed");
    }
    match name {
        "record" => "the game".into(),
        "result" => "how the game ended".into(),
        "winner" => "the winner".into(),
        "discarder" => "who threw the tile".into(),
        "declarer" => "who declared Mah Jongg".into(),
        "empty_seat" => "the empty seat".into(),
        "dealer" => "the dealer".into(),
        "value" => "the card value".into(),
        "exposures" => "the number of exposures".into(),
        "self_picked" => "“self-picked”".into(),
        "singles_and_pairs" => "“singles and pairs”".into(),
        "one_group_left" => "“one group left”".into(),
        "exposed" => "who exposed their hand".into(),
        "dead" => "the dead hands".into(),
        "penalties" => "the penalties".into(),
        other => format!("“{}”", other.replace('_', " ")),
    }
}

/// `name`'s value as a `T`, or an error in words: what the field must be,
/// and what it was (never serde's own words).
fn field<T: serde::de::DeserializeOwned>(
    name: &str,
    v: &Value,
    expected: &str,
) -> Result<T, RecordError> {
    T::deserialize(v).map_err(|_| {
        RecordError::new(
            name,
            format!("{} must be {expected}, not {}", field_words(name), shown(v)),
        )
    })
}

const SEAT: &str = "\"east\", \"south\", \"west\" or \"north\"";

#[cfg(test)]
mod tests {
    use super::super::*;
    use serde_json::json;

    #[test]
    fn a_minimal_record_reads() {
        let r = GameRecord::from_json(r#"{"result": "wall"}"#).unwrap();
        assert_eq!(r, GameRecord::new(GameResult::Wall));
    }

    #[test]
    fn errors_say_the_field_in_words_without_serdes_own() {
        let e = GameRecord::from_json(r#"{"result": "mahjong", "value": 2.5}"#).unwrap_err();
        assert_eq!(e.field, "value");
        assert_eq!(
            e.reason,
            "the card value must be a whole number 0 to 1000, not 2.5"
        );
        let e = GameRecord::from_json(r#"{"result": "wall", "dead": {"east": 1}}"#).unwrap_err();
        assert!(e.reason.starts_with("East's dead hand must be"), "{e}");
        let e = GameRecord::from_json(r#"{"result": "mahjong", "exposures": "x"}"#).unwrap_err();
        assert_eq!(
            e.reason,
            "the number of exposures must be a whole number 0 to 4, not the text \"x\""
        );
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
        assert_eq!((r.dealer, r.dealer()), (None, Seat::East));
        assert_eq!(r.seats().count(), 4);
        assert_eq!(r.to_json(), r#"{"result":"wall"}"#);
    }

    #[test]
    fn a_table_of_three_names_its_empty_seat_r12() {
        let text = r#"{"result":"wall","empty_seat":"north","dealer":"west"}"#;
        let r = GameRecord::from_json(text).unwrap();
        assert_eq!(r.empty_seat, Some(Seat::North));
        assert_eq!(r.dealer(), Seat::West);
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
        let c = GameRecord::from_value(&serde_json::from_str(text).unwrap()).unwrap();
        assert_eq!(a, c);
        assert_eq!(GameRecord::from_json(&a.to_json()).unwrap(), a);
    }

    #[test]
    fn serde_names_the_field_and_a_key_given_twice() {
        let e = serde_json::from_str::<GameRecord>(r#"{"result": "wall", "winner": "up"}"#)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("invalid game record: `winner`: "), "{e}");
        let e = serde_json::from_str::<GameRecord>(r#"{"result": "wall", "value": 1, "value": 1}"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("invalid game record: `value`: given twice"),
            "{e}"
        );
        assert!(serde_json::from_str::<GameRecord>("[1]").is_err());
    }

    #[test]
    fn a_dealer_given_is_kept_even_when_east_r12() {
        // "East" said is not "nothing said": a sheet checks a dealer given
        // against the game's, and fills in one left out.
        let said = GameRecord::from_json(r#"{"result": "wall", "dealer": "east"}"#).unwrap();
        assert_eq!(said.dealer, Some(Seat::East));
        assert_eq!(said.to_json(), r#"{"result":"wall","dealer":"east"}"#);
        let e = GameRecord::from_json(r#"{"result": "wall", "dealer": null}"#).unwrap_err();
        assert_eq!(e.field, "dealer");
    }

    #[test]
    fn the_size_is_bounded_before_the_fields_are_read() {
        let big = json!({ "result": "wall", "comment": "x".repeat(100) });
        let read = |max| deserialize_at_most(&big, max).map_err(|e| e.to_string());
        assert_eq!(
            read(50).unwrap_err(),
            format!(
                "invalid game record: `record`: the record has {} bytes as JSON: a game record has at most 50",
                big.to_string().len()
            )
        );
        // Within the bound, the unknown field is what is wrong.
        assert!(read(4096).unwrap_err().contains("`comment`: unknown field"));
        let e = GameRecord::from_value_at_most(&big, 50).unwrap_err();
        assert_eq!(
            (e.field.as_str(), read(50).unwrap_err()),
            ("record", format!("invalid game record: {e}"))
        );
    }

    /// Each field of a record lands in its own place: one record with every
    /// field given reads as the record built field by field, and writes back.
    #[test]
    fn every_field_of_a_record_reads_into_its_own_place() {
        let text = r#"{"result":"mahjong","winner":"south","value":50,"self_picked":true,"discarder":"west","exposures":3,"jokerless":true,"singles_and_pairs":true,"quints":true,"one_group_left":true,"heavenly":true,"misnamed":true,"declarer":"north","exposed":["east","west"],"dead":{"east":"mahjong_in_error"},"penalties":[{"seat":"north","kind":"hidden_wall_tail"}],"empty_seat":"north","dealer":"south"}"#;
        let mut want = GameRecord::new(GameResult::Mahjong);
        want.winner = Some(Seat::South);
        want.value = 50;
        want.self_picked = true;
        want.discarder = Some(Seat::West);
        want.exposures = 3;
        want.jokerless = true;
        want.singles_and_pairs = true;
        want.quints = true;
        want.one_group_left = true;
        want.heavenly = true;
        want.misnamed = true;
        want.declarer = Some(Seat::North);
        want.exposed = vec![Seat::East, Seat::West];
        want.dead.insert(Seat::East, DeadReason::MahjongInError);
        want.penalties.push(Penalty {
            seat: Seat::North,
            kind: PenaltyKind::HiddenWallTail,
        });
        want.empty_seat = Some(Seat::North);
        want.dealer = Some(Seat::South);
        let read = GameRecord::from_json(text).unwrap();
        assert_eq!(read, want);
        assert_eq!(GameRecord::from_json(&read.to_json()).unwrap(), want);
    }

    /// A penalty has a seat and a kind and nothing else; the field named is
    /// the one that is wrong.
    #[test]
    fn a_penalty_with_a_field_besides_seat_and_kind_names_it() {
        let e = GameRecord::from_json(
            r#"{"result": "wall", "penalties": [{"seat": "east", "kind": "blind_pass_peek", "points": 5}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.reason.as_str()),
            ("penalties[0].points", "unknown field (expected seat, kind)")
        );
        let e = GameRecord::from_json(
            r#"{"result": "wall", "penalties": [{"kind": "blind_pass_peek"}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.reason.as_str()),
            ("penalties[0].seat", "missing")
        );
    }

    /// A penalty's and an exposed hand's place is counted from 1 in words,
    /// and says which part of the penalty is wrong.
    #[test]
    fn list_items_are_counted_from_one_in_words() {
        let penalties = r#"{"result": "wall", "penalties": [{"seat": "east", "kind": "blind_pass_peek"}, {"seat": "up", "kind": "rude"}]}"#;
        let e = GameRecord::from_json(penalties).unwrap_err();
        assert_eq!(e.field, "penalties[1].seat");
        assert_eq!(
            e.reason,
            "whose penalty 2 is must be \"east\", \"south\", \"west\" or \"north\", not the text \"up\""
        );
        let kind = r#"{"result": "wall", "penalties": [{"seat": "east", "kind": "rude"}]}"#;
        assert!(
            GameRecord::from_json(kind)
                .unwrap_err()
                .reason
                .starts_with("what penalty 1 is for must be \"blind_pass_peek\""),
        );
        let e = GameRecord::from_json(
            r#"{"result": "wall", "penalties": [{"seat": "east", "kind": "rude"}, 3]}"#,
        )
        .unwrap_err();
        assert_eq!(e.field, "penalties[0].kind");
        let e = GameRecord::from_json(r#"{"result": "mahjong", "exposed": ["east", "east", 7]}"#)
            .unwrap_err();
        assert_eq!(e.field, "exposed[2]");
        assert_eq!(
            e.reason,
            "hand 3 of those exposed must be \"east\", \"south\", \"west\" or \"north\", not 7"
        );
    }

    /// Text that is not JSON and JSON that is not an object are told apart.
    #[test]
    fn a_record_that_is_not_json_is_told_from_one_that_is_not_an_object() {
        let e = GameRecord::from_json("[1]").unwrap_err();
        assert_eq!(e.reason, "expected a JSON object {...}");
        let e = GameRecord::from_json(r#"{"result": "wall""#).unwrap_err();
        assert!(e.reason.starts_with("not valid JSON: "), "{e}");
        let e = serde_json::from_str::<GameRecord>("[1]")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("expected a game record, a JSON object {...}"),
            "{e}"
        );
    }

    /// The size bound is inclusive: a record of exactly `max` bytes is read.
    #[test]
    fn a_record_of_exactly_the_bound_is_read() {
        let text = r#"{"result":"wall"}"#;
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let size = text.len();
        assert!(GameRecord::from_value_at_most(&value, size).is_ok());
        let e = GameRecord::from_value_at_most(&value, size - 1).unwrap_err();
        assert_eq!(e.field, "record");
    }
}
