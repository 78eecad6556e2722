//! The floor's audit: every call, ruling and sanction as the log recorded
//! it (who, when, which table, round and game, the text and its source),
//! as rows and as CSV for the export.

use crate::event::{Event, Recorded};
use crate::floor::Sanction;
use crate::model::{Actor, GameNo, Millis, PlayerNo, RoundNo, TableNo};
use crate::tournament::Tournament;
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// One floor event, in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorEntry {
    pub seq: u64,
    pub at: Millis,
    pub actor: Actor,
    /// "call", "taken", "ruling", "closed", "warning", "penalty",
    /// "disqualification", "official".
    pub what: String,
    pub round: Option<RoundNo>,
    pub table: Option<TableNo>,
    pub game: Option<GameNo>,
    pub seat: Option<Seat>,
    pub player: Option<PlayerNo>,
    /// The ruling, the step or the reason, in plain words.
    pub text: String,
    /// The penalty in plain words, where there is one.
    pub penalty: String,
    pub source: String,
}

impl Tournament {
    /// Every floor event, oldest first.
    pub fn floor_log(&self) -> Vec<FloorEntry> {
        self.log
            .iter()
            .filter_map(|r| self.floor_entry(r))
            .collect()
    }

    fn floor_entry(&self, r: &Recorded) -> Option<FloorEntry> {
        let blank = |what: &str| FloorEntry {
            seq: r.seq,
            at: r.at,
            actor: r.actor,
            what: what.into(),
            round: None,
            table: None,
            game: None,
            seat: None,
            player: None,
            text: String::new(),
            penalty: String::new(),
            source: String::new(),
        };
        let at_call = |what: &str, call: crate::floor::CallNo| {
            let c = self.call(call).ok();
            FloorEntry {
                round: c.map(|c| c.round),
                table: c.map(|c| c.table),
                seat: c.and_then(|c| c.seat),
                ..blank(what)
            }
        };
        Some(match &r.event {
            Event::OfficialAppointed { official } => FloorEntry {
                text: format!(
                    "{} ({}) for tables {}",
                    official.name,
                    official.number,
                    official
                        .tables
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                ..blank("official")
            },
            Event::OfficialRemoved { number } => FloorEntry {
                text: format!("{} ({number}) removed", self.official_name(*number)),
                ..blank("official")
            },
            Event::DirectorCalled {
                round,
                table,
                seat,
                reason,
                ..
            } => FloorEntry {
                round: Some(*round),
                table: Some(*table),
                seat: *seat,
                text: reason.clone(),
                ..blank("call")
            },
            Event::CallTaken { call, .. } => at_call("taken", *call),
            Event::CallClosed {
                call, note, ruling, ..
            } => match ruling {
                Some(k) => FloorEntry {
                    game: k.game,
                    seat: k.seat.or(at_call("", *call).seat),
                    text: [k.ruling.title.as_str(), k.ruling.text.as_str(), note]
                        .iter()
                        .filter(|s| !s.is_empty())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" — "),
                    penalty: k.ruling.effect_words()
                        + if k.applied {
                            " (applied to the sheet)"
                        } else {
                            ""
                        },
                    source: k.ruling.source.clone(),
                    ..at_call("ruling", *call)
                },
                None => FloorEntry {
                    text: note.clone(),
                    ..at_call("closed", *call)
                },
            },
            Event::PlayerSanctioned { player, sanction } => {
                let base = |what: &str| FloorEntry {
                    player: Some(*player),
                    ..blank(what)
                };
                match sanction {
                    Sanction::Warning {
                        count,
                        text,
                        source,
                        reason,
                        ..
                    } => FloorEntry {
                        text: format!("complaint {count}: {reason}"),
                        penalty: text.clone(),
                        source: source.clone(),
                        ..base("warning")
                    },
                    Sanction::Penalty {
                        points,
                        name,
                        source,
                        reason,
                    } => FloorEntry {
                        text: reason.clone(),
                        penalty: format!("{name}: {points}"),
                        source: source.clone(),
                        ..base("penalty")
                    },
                    Sanction::Disqualification {
                        scores,
                        source,
                        reason,
                        ..
                    } => FloorEntry {
                        text: reason.clone(),
                        penalty: match scores {
                            crate::floor::DisqualifiedScores::Kept => {
                                "disqualified; scores so far kept".into()
                            }
                            crate::floor::DisqualifiedScores::Void => {
                                "disqualified; own scores void".into()
                            }
                        },
                        source: source.clone(),
                        ..base("disqualification")
                    },
                }
            }
            _ => return None,
        })
    }
}
