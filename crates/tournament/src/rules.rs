//! The tournament's view of its rules: the one file that talks to
//! `jongg-rules`. A tournament keeps its rules as a preset name or a rules
//! file's text (so the event log stands alone) and reads them here; a game
//! record is read here (bounded) and scored here, for the sheet and for the
//! score page's preview alike.

use crate::error::DomainError;
use crate::limits::{MAX_POINTS, MAX_RECORD, points_ok};
use crate::model::{GameNo, RulesSource};
use jongg_rules::record::{GameRecord, GameResult, RecordError, deserialize_at_most};
use jongg_rules::{Preset, ScoreLine, score};
use jongg_tiles::{BySeat, Seat};
use serde::Deserializer;

/// Read the rules of a tournament: the one place a [`RulesSource`] becomes
/// a [`Preset`] (the tournament keeps it, [`crate::Tournament::preset`]).
pub fn resolve(source: &RulesSource) -> Result<Preset, DomainError> {
    Ok(match source {
        RulesSource::Preset { name } => {
            Preset::builtin(name).ok_or_else(|| DomainError::UnknownPreset(name.clone()))?
        }
        RulesSource::File { label, toml } => {
            Preset::from_toml(toml, label).map_err(|e| DomainError::BadRulesFile {
                label: label.clone(),
                message: e.to_string(),
            })?
        }
    })
}

/// Reads a game record that comes in as JSON (the score page's preview):
/// at most [`MAX_RECORD`] bytes, the field that is wrong named.
pub fn read_record(value: &serde_json::Value) -> Result<GameRecord, RecordError> {
    GameRecord::from_value_at_most(value, MAX_RECORD)
}

/// serde's reader of a record in a command, an event or a tournament file,
/// with the same bound.
pub(crate) fn deserialize_record<'de, D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
    deserialize_at_most(d, MAX_RECORD)
}

/// One game at one table, as its record needs it (R12): who is seated, and
/// who dealt when the sheet can know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableGame {
    pub game: GameNo,
    pub seated: BySeat<bool>,
    /// East deals game 1 and the deal passes to the right among the players
    /// (R12); `None` once the players of a table of three have rolled again
    /// for East, when only the table knows.
    pub dealer: Option<Seat>,
}

impl TableGame {
    /// Game `game` at a table where `seated` players sit; at a table of three
    /// the players roll again for East before game `reroll` (if any).
    pub fn new(game: GameNo, seated: BySeat<bool>, reroll: Option<GameNo>) -> TableGame {
        let players: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| seated[s]).collect();
        let rolled = players.len() == 3 && reroll.is_some_and(|r| game >= r);
        let dealer = (seated[Seat::East] && !rolled && !players.is_empty())
            .then(|| players[game.index().unwrap_or(0) % players.len()]);
        TableGame {
            game,
            seated,
            dealer,
        }
    }

    /// The empty seat of a table of three.
    fn empty_seat(&self) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| !self.seated[s])
    }
}

/// A game record scored under the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredRecord {
    /// The record as entered, with what the sheet knows filled in: the empty
    /// seat of a table of three and the game's dealer (R12).
    pub record: GameRecord,
    pub points: BySeat<i32>,
    pub mah_jongg: Option<Seat>,
    pub lines: Vec<ScoreLine>,
}

/// Score a game record (the scoring contract of `jongg-rules`) for one game
/// at one table: the one path from a record to points, for the sheet and
/// the score page's preview. What the record leaves out and the sheet knows
/// is filled in: the empty seat of a table of three and the dealer of the
/// game (R12; after the roll for East at a table of three, a heavenly hand's
/// winner, R10). What it says must agree with the sheet, and no seat may
/// score beyond [`MAX_POINTS`]. The error names the field.
pub fn score_record(
    preset: &Preset,
    record: &GameRecord,
    at: &TableGame,
) -> Result<ScoredRecord, RecordError> {
    let mut rec = record.clone();
    match (rec.empty_seat, at.empty_seat()) {
        (None, empty) => rec.empty_seat = empty,
        (given, empty) if given == empty => {}
        (Some(_), Some(e)) => {
            return Err(RecordError::new(
                "empty_seat",
                format!("{e} is the empty seat at this table of three (R12)"),
            ));
        }
        (Some(_), None) => {
            return Err(RecordError::new(
                "empty_seat",
                "this table has four players: no seat is empty (R12)",
            ));
        }
    }
    match (rec.dealer, at.dealer) {
        (Some(given), Some(d)) if given != d => {
            return Err(RecordError::new(
                "dealer",
                format!(
                    "{d} deals game {}: East deals game 1 and the deal passes to the right (R12)",
                    at.game
                ),
            ));
        }
        // East is what a record without a dealer says.
        (None, Some(d)) => rec.dealer = (d != Seat::East).then_some(d),
        // After the roll for East only the table knows the dealer; a
        // heavenly hand is the dealer's own (R10).
        (None, None) if rec.heavenly => rec.dealer = rec.winner,
        _ => {}
    }
    let scored = score(preset, &rec)?;
    if let Some(s) = Seat::ALL
        .into_iter()
        .find(|&s| !points_ok(scored.points[s]))
    {
        return Err(RecordError::new(
            "value",
            format!(
                "{s} would score {}: beyond any game score (at most {MAX_POINTS} either way)",
                scored.points[s]
            ),
        ));
    }
    let mah_jongg = match rec.result {
        GameResult::Mahjong => rec.winner,
        _ => None,
    };
    Ok(ScoredRecord {
        record: rec,
        points: scored.points,
        mah_jongg,
        lines: scored.lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: BySeat<bool> = BySeat([true; 4]);
    const NO_NORTH: BySeat<bool> = BySeat([true, true, true, false]);
    const NO_SOUTH: BySeat<bool> = BySeat([true, false, true, true]);

    #[test]
    fn the_deal_passes_to_the_right_among_the_players_r12() {
        let dealers = |seated, reroll| -> Vec<Option<Seat>> {
            (1..=5)
                .map(|g| TableGame::new(GameNo(g), seated, reroll).dealer)
                .collect()
        };
        use Seat::*;
        let all = [East, South, West, North, East].map(Some);
        assert_eq!(dealers(FOUR, None), all);
        // A table of four never rolls again, whatever the preset says.
        assert_eq!(dealers(FOUR, Some(GameNo(4))), all);
        // A table of three: the deal skips the empty seat; from the roll
        // for East before game 4 on, only the table knows.
        assert_eq!(
            dealers(NO_NORTH, Some(GameNo(4))),
            [Some(East), Some(South), Some(West), None, None]
        );
        assert_eq!(
            dealers(NO_SOUTH, None),
            [Some(East), Some(West), Some(North), Some(East), Some(West)]
        );
    }

    fn standard() -> Preset {
        Preset::builtin("standard").unwrap()
    }

    fn rec(v: serde_json::Value) -> GameRecord {
        read_record(&v).unwrap()
    }

    fn json(r: &GameRecord) -> serde_json::Value {
        serde_json::to_value(r).unwrap()
    }

    #[test]
    fn the_sheet_fills_in_the_empty_seat_and_the_dealer_r12() {
        let at = TableGame::new(GameNo(2), NO_NORTH, Some(GameNo(4)));
        let r = rec(
            serde_json::json!({"result": "mahjong", "winner": "south", "value": 25, "heavenly": true}),
        );
        let s = score_record(&standard(), &r, &at).unwrap();
        assert_eq!(s.points, BySeat([0, 25, 0, 0]));
        assert_eq!(
            json(&s.record),
            serde_json::json!({"result": "mahjong", "winner": "south", "value": 25, "heavenly": true,
                "empty_seat": "north", "dealer": "south"})
        );
        // East dealing game 1 of a table of four is what the record says
        // without a dealer: nothing is added.
        let wall = rec(serde_json::json!({"result": "wall"}));
        let s = score_record(&standard(), &wall, &TableGame::new(GameNo(1), FOUR, None)).unwrap();
        assert_eq!(json(&s.record), serde_json::json!({"result": "wall"}));
    }

    #[test]
    fn a_record_is_read_at_most_4_kb_naming_the_field() {
        let big = serde_json::json!({"result": "wall", "comment": "x".repeat(5000)});
        let e = read_record(&big).unwrap_err();
        assert_eq!(e.field, "record");
        assert!(e.reason.contains("a game record has at most 4096"), "{e}");
        let e = read_record(&serde_json::json!({"result": "wall", "comment": 1})).unwrap_err();
        assert_eq!(e.field, "comment");
        // The same bound when a record comes in through serde (a command).
        let entry = serde_json::json!({"kind": "record", "record": big});
        let e = serde_json::from_value::<crate::Entry>(entry).unwrap_err();
        assert!(
            e.to_string().contains("a game record has at most 4096"),
            "{e}"
        );
    }

    #[test]
    fn what_the_record_says_must_agree_with_the_sheet_r12_r10() {
        let p = standard();
        let field =
            |r: serde_json::Value, at: TableGame| score_record(&p, &rec(r), &at).unwrap_err().field;
        let wall = |extra: serde_json::Value| {
            let mut v = serde_json::json!({"result": "wall"});
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            v
        };
        let game1 = TableGame::new(GameNo(1), NO_NORTH, Some(GameNo(4)));
        assert_eq!(
            field(wall(serde_json::json!({"empty_seat": "west"})), game1),
            "empty_seat"
        );
        assert_eq!(
            field(
                wall(serde_json::json!({"empty_seat": "north"})),
                TableGame::new(GameNo(1), FOUR, None)
            ),
            "empty_seat"
        );
        assert_eq!(
            field(wall(serde_json::json!({"dealer": "south"})), game1),
            "dealer"
        );
        // R10: East deals game 1, so South's fourteen tiles were never dealt.
        let heavenly = serde_json::json!({"result": "mahjong", "winner": "south", "value": 25, "heavenly": true});
        assert_eq!(field(heavenly.clone(), game1), "heavenly");
        // After the roll for East the winner of a heavenly hand dealt it.
        let game4 = TableGame::new(GameNo(4), NO_NORTH, Some(GameNo(4)));
        assert!(score_record(&p, &rec(heavenly), &game4).is_ok());
        // A wall game the sheet says nothing about its dealer.
        let s = score_record(&p, &rec(wall(serde_json::json!({}))), &game4).unwrap();
        assert_eq!(
            json(&s.record),
            serde_json::json!({"result": "wall", "empty_seat": "north"})
        );
        assert_eq!(s.points, BySeat([10, 10, 10, 0]));
    }
}
