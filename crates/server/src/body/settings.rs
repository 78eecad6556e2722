//! A tournament's settings: creating one, changing them (R15).

use super::schema;
use jongg_tournament::Command;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::tagged! {
    /// Where the rules come from.
    pub enum RulesSource {
        /// A built-in preset, by name.
        Preset = "preset" {
            #[schema(schema_with = schema::preset_name)]
            name: String,
        },
        /// The director's own rules file (TOML, docs/rules.md).
        File = "file" {
            /// The name it is shown by.
            #[schema(schema_with = schema::label)]
            label: String,
            #[schema(schema_with = schema::rules_file)]
            toml: String,
        },
    }
}

impl From<RulesSource> for jongg_tournament::RulesSource {
    fn from(r: RulesSource) -> Self {
        match r {
            RulesSource::Preset { name } => Self::Preset { name },
            RulesSource::File { label, toml } => Self::File { label, toml },
        }
    }
}

crate::tagged! {
    /// When the players do not make whole tables of four (R12).
    pub enum OddPlayers {
        /// Some tables play with three.
        ThreePlayerTables = "three_player_tables" {},
        /// The players left over sit the round out, given these points.
        SitOut = "sit_out" {
            #[schema(schema_with = schema::points)]
            points: i32,
        },
    }
}

impl From<OddPlayers> for jongg_tournament::OddPlayers {
    fn from(o: OddPlayers) -> Self {
        match o {
            OddPlayers::ThreePlayerTables {} => Self::ThreePlayerTables,
            OddPlayers::SitOut { points } => Self::SitOut { points },
        }
    }
}

/// A key of the ranking, in order after points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    Points,
    MahJonggs,
    BestGame,
}

impl From<TieBreak> for jongg_tournament::TieBreak {
    fn from(t: TieBreak) -> Self {
        match t {
            TieBreak::Points => Self::Points,
            TieBreak::MahJonggs => Self::MahJonggs,
            TieBreak::BestGame => Self::BestGame,
        }
    }
}

fn tie_breaks(v: Option<Vec<TieBreak>>) -> Option<Vec<jongg_tournament::TieBreak>> {
    v.map(|v| v.into_iter().map(Into::into).collect())
}

/// A new tournament. Numbers left out come from the rules (R15: four games a
/// round; the round's minutes by preset); rounds default to 4, the ranking to
/// points, Mah Jonggs, best game; odd players to tables of three.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    #[schema(schema_with = schema::name)]
    pub name: String,
    /// The days it is played, as ISO dates.
    #[serde(default)]
    #[schema(schema_with = schema::dates)]
    pub dates: Vec<String>,
    pub rules: RulesSource,
    #[schema(schema_with = schema::rounds_or_null)]
    pub rounds: Option<u8>,
    #[schema(schema_with = schema::games_or_null)]
    pub games_per_round: Option<u8>,
    #[schema(schema_with = schema::minutes_or_null)]
    pub round_minutes: Option<u16>,
    pub tie_breaks: Option<Vec<TieBreak>>,
    pub odd_players: Option<OddPlayers>,
    /// The event's time zone, an IANA name such as `America/Chicago`
    /// (UTC when left out): the audit log's times are shown in it.
    #[serde(default)]
    #[schema(schema_with = schema::time_zone_or_null)]
    pub time_zone: Option<String>,
}

impl From<CreateTournament> for Command {
    fn from(b: CreateTournament) -> Command {
        Command::CreateTournament {
            name: b.name,
            dates: b.dates,
            rules: b.rules.into(),
            rounds: b.rounds.map(jongg_tournament::RoundNo),
            games_per_round: b.games_per_round.map(jongg_tournament::GameNo),
            round_minutes: b.round_minutes,
            tie_breaks: tie_breaks(b.tie_breaks),
            odd_players: b.odd_players.map(Into::into),
            time_zone: b.time_zone,
        }
    }
}

/// Any of a tournament's settings; those left out stay. The rules and the
/// games a round only before round 1 starts (R15).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateSettings {
    #[schema(schema_with = schema::name_or_null)]
    pub name: Option<String>,
    #[schema(schema_with = schema::dates_or_null)]
    pub dates: Option<Vec<String>>,
    pub rules: Option<RulesSource>,
    #[schema(schema_with = schema::rounds_or_null)]
    pub rounds: Option<u8>,
    #[schema(schema_with = schema::games_or_null)]
    pub games_per_round: Option<u8>,
    #[schema(schema_with = schema::minutes_or_null)]
    pub round_minutes: Option<u16>,
    pub tie_breaks: Option<Vec<TieBreak>>,
    pub odd_players: Option<OddPlayers>,
    /// The event's time zone, an IANA name such as `America/Chicago`
    /// (UTC when left out): the audit log's times are shown in it.
    #[serde(default)]
    #[schema(schema_with = schema::time_zone_or_null)]
    pub time_zone: Option<String>,
}

impl From<UpdateSettings> for Command {
    fn from(b: UpdateSettings) -> Command {
        Command::UpdateSettings {
            name: b.name,
            dates: b.dates,
            rules: b.rules.map(Into::into),
            rounds: b.rounds.map(jongg_tournament::RoundNo),
            games_per_round: b.games_per_round.map(jongg_tournament::GameNo),
            round_minutes: b.round_minutes,
            tie_breaks: tie_breaks(b.tie_breaks),
            odd_players: b.odd_players.map(Into::into),
            time_zone: b.time_zone,
        }
    }
}
