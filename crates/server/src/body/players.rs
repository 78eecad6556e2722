//! Players: register, correct, substitute.

use super::schema;
use jongg_tournament::{Command, PlayerNo};
use serde::Deserialize;
use utoipa::ToSchema;

/// A new player; a `late` one is not seated until they arrive.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterPlayer {
    /// The badge number.
    #[schema(minimum = 1)]
    pub number: u32,
    #[schema(schema_with = schema::name)]
    pub name: String,
    #[schema(schema_with = schema::club_or_null)]
    pub club: Option<String>,
    #[serde(default)]
    pub late: bool,
}

impl From<RegisterPlayer> for Command {
    fn from(b: RegisterPlayer) -> Command {
        Command::RegisterPlayer {
            number: PlayerNo(b.number),
            name: b.name,
            club: b.club,
            late: b.late,
        }
    }
}

/// A player's name or club corrected; what is left out stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdatePlayer {
    #[schema(schema_with = schema::name_or_null)]
    pub name: Option<String>,
    #[schema(schema_with = schema::club_or_null)]
    pub club: Option<String>,
}

impl UpdatePlayer {
    pub fn command(self, number: u32) -> Command {
        Command::UpdatePlayer {
            number: PlayerNo(number),
            name: self.name,
            club: self.club.map(Some),
        }
    }
}

/// The new player who takes the place of the one in the path.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Substitute {
    /// The new player's badge number.
    #[schema(minimum = 1)]
    pub number: u32,
    #[schema(schema_with = schema::name)]
    pub name: String,
    #[schema(schema_with = schema::club_or_null)]
    pub club: Option<String>,
}

impl Substitute {
    pub fn command(self, out: u32) -> Command {
        Command::Substitute {
            out: PlayerNo(out),
            number: PlayerNo(self.number),
            name: self.name,
            club: self.club,
        }
    }
}
