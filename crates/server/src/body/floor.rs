//! The floor (issue 14.2-14.4): appointing an official with their login,
//! calling the director, closing a call with a ruling, and discipline.

use super::rounds::Seat;
use jongg_rules::Incident;
use jongg_tournament::limits::{MAX_NAME, MAX_POINTS, MAX_REASON};
use jongg_tournament::{
    CallNo, Command, DisqualifiedScores, GameNo, MAX_CALL_REASON, OfficialNo, PlayerNo, RoundNo,
    TableNo,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};

fn text(max: usize, nullable: bool) -> RefOr<Schema> {
    let ty: SchemaType = if nullable {
        [Type::String, Type::Null].into_iter().collect()
    } else {
        Type::String.into()
    };
    ObjectBuilder::new()
        .schema_type(ty)
        .max_length(Some(max))
        .into()
}
fn call_reason() -> RefOr<Schema> {
    text(MAX_CALL_REASON, true)
}
fn note() -> RefOr<Schema> {
    text(MAX_REASON, true)
}
fn reason() -> RefOr<Schema> {
    text(MAX_REASON, false)
}
fn name() -> RefOr<Schema> {
    text(MAX_NAME, false)
}
/// An incident's id: one of the preset's incidents (`jongg rules incidents`).
fn incident() -> RefOr<Schema> {
    let ty: SchemaType = [Type::String, Type::Null].into_iter().collect();
    ObjectBuilder::new()
        .schema_type(ty)
        .enum_values(Some(
            Incident::ALL
                .iter()
                .map(|i| i.id())
                .chain(std::iter::once::<&str>("")),
        ))
        .into()
}
fn penalty_points() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(-MAX_POINTS))
        .maximum(Some(-1))
        .into()
}

/// The tables an official watches: numbers from 1, as a list (`[1, 2]`)
/// or as a form writes them (`"1, 2, 5-8"`).
fn official_tables() -> RefOr<Schema> {
    let list = utoipa::openapi::schema::ArrayBuilder::new().items(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(u16::MAX)),
    );
    utoipa::openapi::schema::OneOfBuilder::new()
        .item(list)
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(MAX_TABLES_TEXT)),
        )
        .into()
}

/// The longest written list of tables ("1, 2, 5-8").
const MAX_TABLES_TEXT: usize = 2000;

/// Reads "1, 2, 5-8" (commas or spaces between, a range with a dash) as
/// table numbers; the mistake named in plain words.
pub(crate) fn parse_tables(text: &str) -> Result<Vec<u16>, String> {
    if text.chars().count() > MAX_TABLES_TEXT {
        return Err(format!(
            "the list of tables is longer than {MAX_TABLES_TEXT} characters"
        ));
    }
    let max = jongg_tournament::MAX_OFFICIAL_TABLES;
    let number = |w: &str| {
        w.trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{w}` is not a table number: write numbers like 1, 2, 5-8"))
    };
    let mut out = Vec::new();
    for word in text
        .split([',', ' ', ';', '\n', '\t'])
        .filter(|w| !w.trim().is_empty())
    {
        match word.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b || usize::from(b - a) >= max {
                    return Err(format!(
                        "`{word}` is not a range of at most {max} tables, lowest first"
                    ));
                }
                out.extend(a..=b);
            }
            None => out.push(number(word)?),
        }
        if out.len() > max {
            return Err(format!("an official watches at most {max} tables"));
        }
    }
    Ok(out)
}

fn tables<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u16>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Tables {
        List(Vec<u16>),
        Text(String),
    }
    match Tables::deserialize(d).map_err(|_| {
        serde::de::Error::custom(
            "expected table numbers: a list like [1, 2] or text like \"1, 2, 5-8\"",
        )
    })? {
        Tables::List(v) => Ok(v),
        Tables::Text(t) => parse_tables(&t).map_err(serde::de::Error::custom),
    }
}

/// A floor official (a role below the director) for a set of tables, and
/// their login where given: a username and a password of 10 to 128
/// characters (a new login ends the official's earlier one).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppointOfficial {
    /// The official's number in this tournament, from 1.
    #[schema(minimum = 1)]
    pub number: u16,
    #[schema(schema_with = name)]
    pub name: String,
    /// The tables they watch: a list, or text like "1, 2, 5-8".
    #[serde(deserialize_with = "tables")]
    #[schema(schema_with = official_tables)]
    pub tables: Vec<u16>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
}

impl AppointOfficial {
    pub fn command(&self) -> Command {
        Command::AppointOfficial {
            number: OfficialNo(self.number),
            name: self.name.clone(),
            tables: self.tables.iter().map(|&t| TableNo(t)).collect(),
        }
    }
}

/// A table calls the director: which seat (optional) and a short reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CallDirector {
    #[serde(default)]
    pub seat: Option<Seat>,
    #[serde(default)]
    #[schema(schema_with = call_reason)]
    pub reason: Option<String>,
}

impl CallDirector {
    pub fn command(self, round: RoundNo, table: TableNo) -> Command {
        Command::CallDirector {
            round,
            table,
            seat: self.seat.map(Into::into),
            reason: self.reason.unwrap_or_default(),
        }
    }
}

/// What was decided: what happened (an incident the preset rules on; its
/// ruling is applied to `game` where it is a scoring matter, to the seat
/// of the player it is about) and a note.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseCall {
    #[serde(default)]
    #[schema(schema_with = incident)]
    pub incident: Option<String>,
    #[serde(default)]
    #[schema(minimum = 1)]
    pub game: Option<u8>,
    #[serde(default)]
    pub seat: Option<Seat>,
    #[serde(default)]
    #[schema(schema_with = note)]
    pub note: Option<String>,
}

impl CloseCall {
    /// The command, or what is wrong with the incident's id.
    pub fn command(self, call: CallNo) -> Result<Command, String> {
        let incident = match self.incident.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(id) => Some(id.parse::<Incident>().map_err(|e| e.to_string())?),
        };
        Ok(Command::CloseCall {
            call,
            incident,
            game: self.game.map(GameNo),
            seat: self.seat.map(Into::into),
            note: self.note.unwrap_or_default(),
        })
    }
}

/// A complaint about a player acted on: the preset's next step (standard 2A-2B).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WarnPlayer {
    #[schema(schema_with = reason)]
    pub reason: String,
}

impl WarnPlayer {
    pub fn command(self, player: u32) -> Command {
        Command::WarnPlayer {
            player: PlayerNo(player),
            reason: self.reason,
        }
    }
}

/// Points taken outside any game's score (standard 2C; st-louis' pot penalty).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PenalizePlayer {
    #[schema(schema_with = penalty_points)]
    pub points: i32,
    #[schema(schema_with = reason)]
    pub reason: String,
}

impl PenalizePlayer {
    pub fn command(self, player: u32) -> Command {
        Command::PenalizePlayer {
            player: PlayerNo(player),
            points: self.points,
            reason: self.reason,
        }
    }
}

/// What a disqualification does to the player's own scores.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scores {
    /// The points made so far stand.
    Kept,
    /// The player's own points are void; opponents' stand.
    Void,
}

/// Disqualify a player (standard 2B, 27).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DisqualifyPlayer {
    pub scores: Scores,
    #[schema(schema_with = reason)]
    pub reason: String,
}

impl DisqualifyPlayer {
    pub fn command(self, player: u32) -> Command {
        Command::DisqualifyPlayer {
            player: PlayerNo(player),
            scores: match self.scores {
                Scores::Kept => DisqualifiedScores::Kept,
                Scores::Void => DisqualifiedScores::Void,
            },
            reason: self.reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_tables;

    #[test]
    fn tables_are_read_as_a_form_writes_them() {
        assert_eq!(parse_tables("1, 3-4"), Ok(vec![1, 3, 4]));
        assert_eq!(parse_tables(" 2 5;7\n"), Ok(vec![2, 5, 7]));
        assert_eq!(parse_tables(""), Ok(vec![]));
        let e = parse_tables("1, two").unwrap_err();
        assert!(e.contains("`two` is not a table number"), "{e}");
        assert!(parse_tables("0").is_err());
        assert!(parse_tables("5-2").unwrap_err().contains("lowest first"));
        assert!(parse_tables("1-65535").is_err());
        assert!(
            parse_tables(&"1,".repeat(201))
                .unwrap_err()
                .contains("at most")
        );
        assert!(parse_tables(&"1".repeat(3000)).is_err());
    }
}
