//! The data a tournament is made of: settings, players, seatings, score sheets.
//!
//! Every type here is plain data with serde, so it can travel in events, in
//! the exported file and in the server's JSON.

pub use crate::numbers::{GameNo, RoundNo, TableNo};
use jongg_rules::record::GameRecord;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's tournament number (the badge number). It is the player's identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerNo(pub u32);

impl fmt::Display for PlayerNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A moment, in Unix milliseconds, always supplied by the caller (the domain has no clock).
pub type Millis = i64;

/// Where the tournament's rules come from. The text of a rules file is kept
/// whole so the event log stands on its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum RulesSource {
    /// One of the built-in presets (`standard`, `beth-emeth`, ...).
    Preset { name: String },
    /// A director's own rules file (TOML), with a label for messages.
    File { label: String, toml: String },
}

/// What to do when the number of players is not a multiple of four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum OddPlayers {
    /// Tables of three (R12: no Charleston, roll again for East before game 4;
    /// standard 3A, 5C). The empty seat is North.
    ThreePlayerTables,
    /// Tables of four only; the players left over sit the round out and get
    /// `points` for it, as the director sets.
    SitOut { points: i32 },
}

/// One key of the standings order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Total points, sit-out points included.
    Points,
    /// Number of Mah Jonggs.
    MahJonggs,
    /// The best score in a single game.
    BestGame,
}

impl TieBreak {
    /// The default order: points, then Mah Jonggs, then best single game.
    pub const DEFAULT: [TieBreak; 3] = [TieBreak::Points, TieBreak::MahJonggs, TieBreak::BestGame];
}

/// The settings of a tournament, resolved (no defaults left to apply).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: String,
    /// The days of play, as ISO dates (`2026-03-14`).
    pub dates: Vec<String>,
    pub rules: RulesSource,
    pub rounds: RoundNo,
    pub games_per_round: GameNo,
    pub round_minutes: u16,
    pub tie_breaks: Vec<TieBreak>,
    pub odd_players: OddPlayers,
    /// The event's time zone, an IANA name such as `America/Chicago`: the
    /// pages show the audit log's times in it. The domain keeps the name
    /// only (it has no clock and no time zone database); the server checks
    /// it against its database and formats the times.
    #[serde(default = "utc", skip_serializing_if = "is_utc")]
    pub time_zone: String,
}

/// The time zone of a tournament that names none.
pub const UTC: &str = "UTC";

fn utc() -> String {
    UTC.to_string()
}

fn is_utc(z: &str) -> bool {
    z == UTC
}

/// Whether a player is playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum PlayerStatus {
    /// Playing; seated in every round.
    Active,
    /// Registered but not here yet; not seated until arrival.
    Late,
    /// Left the tournament after the given round (0: before round 1); keeps
    /// the scores made so far.
    Withdrawn { after_round: RoundNo },
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub number: PlayerNo,
    pub name: String,
    pub club: Option<String>,
    pub status: PlayerStatus,
    /// The player this one replaced, if a substitute.
    pub substitute_for: Option<PlayerNo>,
}

/// Who sits where at one table. Table `table` of the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSeats {
    pub table: TableNo,
    pub seats: BySeat<Option<PlayerNo>>,
}

impl TableSeats {
    /// The players at the table, in seat order.
    pub fn players(&self) -> impl Iterator<Item = (Seat, PlayerNo)> + '_ {
        self.seats.iter().filter_map(|(s, p)| p.map(|p| (s, p)))
    }

    pub fn player_count(&self) -> usize {
        self.seats.0.iter().flatten().count()
    }

    /// A table of three plays without a Charleston and rolls again for East
    /// before the fourth game (R12; standard 3A, 5C).
    pub fn is_three_player(&self) -> bool {
        self.player_count() == 3
    }

    pub fn seat_of(&self, player: PlayerNo) -> Option<Seat> {
        self.players().find(|&(_, p)| p == player).map(|(s, _)| s)
    }
}

/// A player who sits a round out, with the points the director gives for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SitOut {
    pub player: PlayerNo,
    pub points: i32,
}

/// How a round is seated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum SeatingMethod {
    /// A shuffle of the players from `seed` (reproducible).
    Random { seed: u64 },
    /// Players in number order: table 1 East, South, West, North, table 2 ...
    ByNumber,
    /// The director's own seating.
    Imported {
        tables: Vec<TableSeats>,
        #[serde(default)]
        sit_outs: Vec<PlayerNo>,
    },
    /// The preset's movement from the round before (R13).
    Movement,
    /// The computed seating the director adopted for this round (14.8).
    Scheduled,
    /// The seating of a round that was already seated, re-seated after an
    /// arrival, withdrawal or substitution (never asked for in a command).
    Adjusted,
}

/// The seating of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seating {
    pub round: RoundNo,
    pub method: SeatingMethod,
    pub tables: Vec<TableSeats>,
    pub sit_outs: Vec<SitOut>,
}

impl Seating {
    /// Where a player sits this round, if at a table.
    pub fn place_of(&self, player: PlayerNo) -> Option<(TableNo, Seat)> {
        self.tables
            .iter()
            .find_map(|t| t.seat_of(player).map(|s| (t.table, s)))
    }

    pub fn table(&self, table: TableNo) -> Option<&TableSeats> {
        self.tables.iter().find(|t| t.table == table)
    }
}

/// Where a round is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum RoundState {
    /// Seated, not started: the seating can still change.
    Seated,
    Started {
        at: Millis,
    },
    /// Every sheet accepted; the round is over.
    Closed {
        at: Millis,
    },
}

/// How a game is entered on a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A game record (the scoring contract of `jongg-rules`), read once
    /// where it comes in (bounded, `crate::rules::read_record`); the preset
    /// computes the points.
    Record {
        #[serde(deserialize_with = "crate::rules::deserialize_record")]
        record: GameRecord,
    },
    /// A game record with the winning hand's tiles (issue 14.1): checked
    /// against the event's card, which fills in the value and what the
    /// tiles say; stored as the record it makes with the tiles beside it,
    /// so that deciding it again makes the same game (issue 19.1).
    Hand {
        #[serde(deserialize_with = "crate::rules::deserialize_record")]
        record: GameRecord,
        hand: crate::card::HandTiles,
    },
    /// Plain points as the table wrote them, and who made Mah Jongg (if anyone).
    Points {
        points: BySeat<i32>,
        mah_jongg: Option<Seat>,
    },
}

/// One game on a score sheet, with the points computed when it was entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    pub entry: Entry,
    /// Points by seat (the empty seat of a three-player table is 0).
    pub points: BySeat<i32>,
    pub mah_jongg: Option<Seat>,
    /// The scoring lines of a game record, or empty for plain points.
    pub lines: Vec<String>,
    /// Why the points look impossible under the preset (plain points only).
    pub warnings: Vec<String>,
}

/// Where a score sheet is in its life (R14; standard 4, 25, 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SheetState {
    /// Being filled in.
    Draft,
    /// Every game entered and every seat's scores verified by the seats R14 names.
    Signed,
    /// Accepted by the director: locked; only the director amends it, with a reason.
    Accepted,
}

/// The score sheet of one table for one round; East keeps it (R14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    pub round: RoundNo,
    pub table: TableNo,
    pub players: BySeat<Option<PlayerNo>>,
    /// One slot per game of the round.
    pub games: Vec<Option<GameEntry>>,
    /// Which seats have signed.
    pub signed: BySeat<bool>,
    /// Per game, which seats have signed its line (where the preset has
    /// seats sign each game, mississippi-2025); one slot per game.
    #[serde(default)]
    pub game_signed: Vec<BySeat<bool>>,
    pub state: SheetState,
    /// The seq of the last event that changed this sheet (0: none yet): an
    /// edit names the version it started from, so a stale one is refused
    /// instead of silently overwriting (issue 13).
    #[serde(default)]
    pub version: u64,
    /// Who is East after the table of three rolled again for East (R12,
    /// standard 3A), once the table has said so.
    #[serde(default)]
    pub east_after_reroll: Option<Seat>,
    /// Played at a live table (issue 23.7): its games come from the table
    /// and the table signs them; no scorekeeper writes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
    /// The seats a bot played for an absent player (issue 23.7, "bots fill
    /// absent seats (marked as such on the sheet)"): their points stay on
    /// the sheet, but no player receives them (`Tournament::standings`).
    #[serde(default, skip_serializing_if = "no_bots")]
    pub bots: BySeat<bool>,
}

pub(crate) fn no_bots(bots: &BySeat<bool>) -> bool {
    !bots.0.iter().any(|&b| b)
}

impl Sheet {
    /// The games with their numbers, game 1 first.
    pub fn numbered_games(&self) -> impl Iterator<Item = (GameNo, &Option<GameEntry>)> {
        GameNo::MAX.upto().zip(&self.games)
    }

    /// Points by seat over the games entered so far. The bounds `decide`
    /// keeps (12 games of at most 10 000) make these far smaller than an
    /// i32; saturating keeps a log from before those bounds from wrapping.
    pub fn totals(&self) -> BySeat<i32> {
        let mut t = BySeat([0i32; 4]);
        for g in self.games.iter().flatten() {
            for s in Seat::ALL {
                t[s] = t[s].saturating_add(g.points[s]);
            }
        }
        t
    }

    pub fn is_complete(&self) -> bool {
        self.games.iter().all(Option::is_some)
    }
}

/// Who is asking. The server turns its tokens into one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Actor {
    /// The tournament director: may do everything, and alone may amend an accepted sheet.
    Director,
    /// A table's scorekeeper (East, R14): may write only its own table's sheet
    /// in the round under way, and only before the director accepts it.
    Scorekeeper { round: RoundNo, table: TableNo },
    /// Anyone: may read, never write.
    Public,
    /// A floor official, below the director: accepts sheets of their
    /// tables and takes calls; never changes settings or amends a sheet.
    Official { official: crate::floor::OfficialNo },
    /// The server itself (import, demo data): like the director, but may not amend.
    System,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Director => f.write_str("director"),
            Actor::Scorekeeper { round, table } => {
                write!(f, "scorekeeper of table {table}, round {round}")
            }
            Actor::Public => f.write_str("public"),
            Actor::Official { official } => write!(f, "floor {official}"),
            Actor::System => f.write_str("system"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_json_shapes_the_server_speaks() {
        let entry: Entry = serde_json::from_value(json!({
            "kind": "points",
            "points": {"east": 30, "south": -10, "west": 0, "north": 0},
            "mah_jongg": "east"
        }))
        .unwrap();
        assert_eq!(
            entry,
            Entry::Points {
                points: BySeat([30, -10, 0, 0]),
                mah_jongg: Some(Seat::East)
            }
        );
        let actor: Actor =
            serde_json::from_value(json!({"kind": "scorekeeper", "round": 2, "table": 7})).unwrap();
        assert_eq!(
            actor,
            Actor::Scorekeeper {
                round: RoundNo(2),
                table: TableNo(7)
            }
        );
        assert_eq!(actor.to_string(), "scorekeeper of table 7, round 2");
        let m: SeatingMethod =
            serde_json::from_value(json!({"kind": "random", "seed": 9})).unwrap();
        assert_eq!(m, SeatingMethod::Random { seed: 9 });
        assert_eq!(serde_json::to_value(PlayerNo(12)).unwrap(), json!(12));
        assert!(serde_json::from_value::<Entry>(json!({"kind": "guess"})).is_err());
    }

    #[test]
    fn a_sheet_adds_up_the_games_entered() {
        let game = |p: [i32; 4]| {
            Some(GameEntry {
                entry: Entry::Points {
                    points: BySeat(p),
                    mah_jongg: None,
                },
                points: BySeat(p),
                mah_jongg: None,
                lines: vec![],
                warnings: vec![],
            })
        };
        let sheet = Sheet {
            round: RoundNo(1),
            table: TableNo(1),
            players: BySeat([
                Some(PlayerNo(1)),
                Some(PlayerNo(2)),
                Some(PlayerNo(3)),
                None,
            ]),
            games: vec![game([25, -10, 0, 0]), None, game([10, 10, 10, 0])],
            signed: BySeat([false; 4]),
            game_signed: vec![],
            state: SheetState::Draft,
            version: 0,
            east_after_reroll: None,
            online: false,
            bots: BySeat([false; 4]),
        };
        assert_eq!(sheet.totals(), BySeat([35, 0, 10, 0]));
        assert!(!sheet.is_complete());
    }
}
