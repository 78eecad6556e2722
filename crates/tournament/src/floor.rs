//! The floor as data: officials below the director (st-louis-senior-olympics'
//! table monitors), calls to the director (standard 22, 27; every seed's
//! "call the director"), the rulings that close them (with the preset's
//! text and source) and discipline (standard 2A-2C, 27; st-louis NOTE).
//! What decides them is in `tournament/floor.rs` and
//! `tournament/discipline.rs`; this is what the events carry and the fold keeps.

use crate::model::{Actor, GameNo, Millis, PlayerNo, RoundNo, TableNo};
use jongg_rules::floor::{Ruling, StepAction};
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The most characters of a call's reason: a phone's short line.
pub const MAX_CALL_REASON: usize = 140;
/// The most tables one official watches.
pub const MAX_OFFICIAL_TABLES: usize = 200;
/// The most officials a tournament appoints.
pub const MAX_OFFICIALS: usize = 100;
/// The most calls a tournament keeps (far beyond any day's floor).
pub const MAX_CALLS: usize = 20_000;

/// A floor official's number in the tournament (their identity in the log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OfficialNo(pub u16);

impl fmt::Display for OfficialNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "official {}", self.0)
    }
}

/// A call's number, 1, 2, 3 ... in the order called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CallNo(pub u32);

impl fmt::Display for CallNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "call {}", self.0)
    }
}

/// A floor official: a role below the director, for a set of tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Official {
    pub number: OfficialNo,
    pub name: String,
    /// The tables they watch (the same numbers every round).
    pub tables: Vec<TableNo>,
}

impl Official {
    pub fn watches(&self, table: TableNo) -> bool {
        self.tables.contains(&table)
    }
}

/// Where a call is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum CallState {
    /// Waiting for an official.
    Waiting,
    /// An official (or the director) is on the way.
    Taken { by: Actor },
    /// Decided.
    Closed { by: Actor },
}

/// A ruling as kept with the call that led to it: the preset's ruling
/// (text, penalty, source) and where it applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptRuling {
    pub ruling: Ruling,
    /// The game it is about, where it is a scoring matter.
    pub game: Option<GameNo>,
    /// The seat of the incident's subject.
    pub seat: Option<Seat>,
    /// Whether the game on the sheet was changed by it.
    pub applied: bool,
}

impl KeptRuling {
    /// The ruling in one line for a page: "Picking ahead — hand dead:
    /// the player who picked ahead -10". Its source is [`Ruling::source`],
    /// shown apart (a page puts it in a citation).
    pub fn line(&self) -> String {
        format!("{} — {}", self.ruling.title, self.ruling.effect_words())
    }

    /// What the ruling did to the score sheet of `table`, in plain words:
    /// applied to a game, or why nothing was and how to apply it.
    pub fn outcome(&self, table: TableNo) -> String {
        let seat = self
            .seat
            .map(|s| {
                let n = s.name();
                format!(", {}{}", n[..1].to_ascii_uppercase(), &n[1..])
            })
            .unwrap_or_default();
        // Only a dead hand and a penalty line are written on a record; an
        // ended game or a mis-named discard is the table's entry of the game.
        let e = &self.ruling.effect;
        let writes = e.dead.is_some() || e.penalty.is_some();
        match (
            self.applied,
            self.game,
            self.ruling.is_scoring_matter(),
            writes,
        ) {
            (true, Some(g), ..) => format!("put on table {table}'s sheet: game {g}{seat}"),
            (_, _, false, _) => "no change to any game's score".into(),
            (_, _, true, false) => {
                format!("no game was changed: table {table} enters it as how the game ended")
            }
            (_, None, true, true) => format!(
                "nothing was applied to any game: no game was chosen. To apply it, open \
                 table {table}'s sheet and correct the game it was about"
            ),
            (false, Some(g), true, true) => format!(
                "game {g} of table {table} was not changed: it has no record yet, or the \
                 record already says so. Check the game on the sheet"
            ),
        }
    }

    /// The reason an audit row gives for the change the ruling made.
    pub fn reason(&self, call: CallNo) -> String {
        format!("ruling on {call}: {}", self.line())
    }
}

/// One call to the director.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub number: CallNo,
    pub round: RoundNo,
    pub table: TableNo,
    pub seat: Option<Seat>,
    pub reason: String,
    pub state: CallState,
    /// The sequence number of the event that made the call (its time is in the log).
    pub seq: u64,
    /// What was decided, once closed.
    pub note: Option<String>,
    pub ruling: Option<KeptRuling>,
}

/// A call still open, for the officials' page and round control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenCall {
    pub number: CallNo,
    pub round: RoundNo,
    pub table: TableNo,
    pub seat: Option<Seat>,
    pub reason: String,
    /// When called (Unix ms), if the log says.
    pub at: Option<Millis>,
    /// Who took it, if anyone has.
    pub taken_by: Option<Actor>,
}

/// What a disqualification does to the player's own games (the
/// director's choice: no text fixes it); opponents' scores never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisqualifiedScores {
    /// The points made so far stand.
    Kept,
    /// The player's own points are void (0 in the standings).
    Void,
}

/// One entry of a player's discipline record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Sanction {
    /// A complaint acted on: `step` is what the ladder gives for it
    /// (`Discipline::next_step`), `count` its place (1 for the first).
    Warning {
        count: u32,
        step: StepAction,
        text: String,
        source: String,
        reason: String,
    },
    /// Points outside any game's score (standard 2C; st-louis' pot penalty).
    Penalty {
        points: i32,
        name: String,
        source: String,
        reason: String,
    },
    /// Disqualified (standard 2B, 27).
    Disqualification {
        scores: DisqualifiedScores,
        after_round: RoundNo,
        source: String,
        reason: String,
    },
}

/// The floor's state in the fold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Floor {
    pub(crate) officials: BTreeMap<OfficialNo, Official>,
    pub(crate) calls: Vec<Call>,
    pub(crate) sanctions: BTreeMap<PlayerNo, Vec<Sanction>>,
}

impl Floor {
    /// Points outside the games for a player (the sum of their penalties).
    pub fn penalty_points(&self, player: PlayerNo) -> i64 {
        self.sanctions.get(&player).map_or(0, |s| {
            s.iter()
                .map(|x| match x {
                    Sanction::Penalty { points, .. } => i64::from(*points),
                    _ => 0,
                })
                .sum()
        })
    }

    /// How the player was disqualified, if they were.
    pub fn disqualified(&self, player: PlayerNo) -> Option<DisqualifiedScores> {
        self.sanctions.get(&player)?.iter().find_map(|x| match x {
            Sanction::Disqualification { scores, .. } => Some(*scores),
            _ => None,
        })
    }

    /// Warnings acted on so far.
    pub fn warnings(&self, player: PlayerNo) -> u32 {
        self.sanctions.get(&player).map_or(0, |s| {
            s.iter()
                .filter(|x| matches!(x, Sanction::Warning { .. }))
                .count() as u32
        })
    }
}
