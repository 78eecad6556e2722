//! The tournament's settings: creating it and changing them (R15: the
//! director sets the round length and count; missing numbers come from the
//! rules).

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::{
    MAX_DATES, MAX_GAMES, MAX_LABEL, MAX_MINUTES, MAX_NAME, MAX_POINTS, MAX_ROUNDS, MAX_RULES_FILE,
    check_text, is_iso_date, points_ok,
};
use crate::model::{GameNo, OddPlayers, RoundNo, RoundState, RulesSource, Settings, TieBreak, UTC};
use crate::rules;

/// The longest time zone name (the longest IANA name has 32 characters).
const MAX_TIME_ZONE: usize = 64;

/// What a create or update command asks for; `None` keeps the setting as it
/// is (update) or takes the default (create).
#[derive(Debug)]
pub(super) struct Asked {
    pub name: Option<String>,
    pub dates: Option<Vec<String>>,
    pub rules: Option<RulesSource>,
    pub rounds: Option<RoundNo>,
    pub games_per_round: Option<GameNo>,
    pub round_minutes: Option<u16>,
    pub tie_breaks: Option<Vec<TieBreak>>,
    pub odd_players: Option<OddPlayers>,
    pub time_zone: Option<String>,
}

/// Tables of three chosen under rules that seat four at every table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OddPlayersWarning {
    pub text: String,
    /// The rule that wants four at every table (`beth-emeth 1`).
    pub source: String,
}

/// The preset's default for players left over (`[three_player] odd_players`).
fn odd_players_default(preset: &jongg_rules::Preset) -> OddPlayers {
    let d = &preset.three_player.odd_players;
    if d.tables_of_three {
        OddPlayers::ThreePlayerTables
    } else {
        OddPlayers::SitOut {
            points: d.sit_out_points,
        }
    }
}

impl Tournament {
    /// A note for the director when the settings seat tables of three
    /// under rules that want four players at every table (beth-emeth 1).
    pub fn odd_players_warning(&self) -> Option<OddPlayersWarning> {
        let d = &self.preset.as_ref()?.three_player.odd_players;
        let chosen = self.settings.as_ref()?.odd_players;
        (!d.tables_of_three && chosen == OddPlayers::ThreePlayerTables).then(|| OddPlayersWarning {
            text: "These rules want four players at every table, but the settings seat the players left over at tables of three: choose sit-outs unless you mean it.".into(),
            source: d.source.clone(),
        })
    }
}

impl Tournament {
    /// Start the tournament. Missing numbers come from the rules (R15: four
    /// games a round; round minutes by preset); rounds default to 4,
    /// tie-breaks to points, Mah Jonggs, best game; odd player counts to
    /// the preset's default (three-player tables, R12; sit-outs under
    /// beth-emeth 1, "Four players at each table").
    pub(super) fn create(&self, asked: Asked) -> Result<Vec<Event>, DomainError> {
        if self.settings.is_some() {
            return Err(DomainError::AlreadyCreated);
        }
        let source = asked
            .rules
            .ok_or_else(|| DomainError::InvalidSettings("a tournament needs its rules".into()))?;
        check_rules(&source)?;
        let preset = rules::resolve(&source)?;
        let settings = Settings {
            name: asked.name.unwrap_or_default().trim().to_string(),
            dates: asked.dates.unwrap_or_default(),
            rounds: match asked.rounds {
                Some(n) => n,
                None => RoundNo::try_from(preset.round.rounds.unwrap_or(4))
                    .map_err(|e| from_rules("rounds", &e))?,
            },
            games_per_round: match asked.games_per_round {
                Some(n) => n,
                None => GameNo::try_from(preset.round.games)
                    .map_err(|e| from_rules("games a round", &e))?,
            },
            round_minutes: match asked.round_minutes {
                Some(n) => n,
                None => u16::try_from(preset.round.minutes).map_err(|_| {
                    from_rules(
                        "minutes a round",
                        &format!("{} is more than {}", preset.round.minutes, u16::MAX),
                    )
                })?,
            },
            tie_breaks: asked
                .tie_breaks
                .unwrap_or_else(|| TieBreak::DEFAULT.to_vec()),
            odd_players: asked
                .odd_players
                .unwrap_or_else(|| odd_players_default(&preset)),
            rules: source,
            time_zone: time_zone(asked.time_zone),
        };
        check_settings(&settings)?;
        Ok(vec![Event::TournamentCreated { settings }])
    }

    /// Change settings. Rules and games per round only before round 1
    /// starts; the number of rounds never below the rounds already seated;
    /// tables of three versus sit-outs only before a round is seated.
    pub(super) fn update_settings(&self, asked: Asked) -> Result<Vec<Event>, DomainError> {
        let before = self.settings_ok()?.clone();
        let mut after = before.clone();
        let started = self.rounds.iter().any(|r| r.state != RoundState::Seated);
        if let Some(name) = asked.name {
            after.name = name.trim().to_string();
        }
        if let Some(dates) = asked.dates {
            after.dates = dates;
        }
        if let Some(source) = asked.rules {
            if started && source != before.rules {
                return Err(conflict("the rules cannot change once round 1 has started"));
            }
            check_rules(&source)?;
            rules::resolve(&source)?;
            after.rules = source;
        }
        if let Some(g) = asked.games_per_round {
            if started && g != before.games_per_round {
                return Err(conflict(
                    "games per round cannot change once round 1 has started",
                ));
            }
            after.games_per_round = g;
        }
        if let Some(r) = asked.rounds {
            if usize::from(r) < self.rounds.len() {
                return Err(conflict(format!(
                    "{} rounds are seated already; the tournament cannot have {r}",
                    self.rounds.len()
                )));
            }
            after.rounds = r;
        }
        if let Some(m) = asked.round_minutes {
            after.round_minutes = m;
        }
        if let Some(t) = asked.tie_breaks {
            after.tie_breaks = t;
        }
        if let Some(o) = asked.odd_players {
            // Sit-out points may change between rounds (rounds seated
            // keep theirs); tables of three versus sit-outs may not.
            let same_kind =
                std::mem::discriminant(&o) == std::mem::discriminant(&before.odd_players);
            if !self.rounds.is_empty() && !same_kind {
                return Err(conflict(
                    "tables of three or sit-outs cannot change once a round is seated",
                ));
            }
            after.odd_players = o;
        }
        if let Some(z) = asked.time_zone {
            after.time_zone = time_zone(Some(z));
        }
        check_settings(&after)?;
        if after == before {
            return Ok(vec![]);
        }
        Ok(vec![Event::SettingsUpdated { before, after }])
    }
}

/// The time zone asked for, trimmed; none or blank is UTC.
fn time_zone(asked: Option<String>) -> String {
    match asked.as_deref().map(str::trim) {
        None | Some("") => UTC.to_string(),
        Some(z) => z.to_string(),
    }
}

/// A time zone's name has the shape of an IANA name (`America/Chicago`,
/// `UTC`, `Etc/GMT+5`); whether the zone exists is the server's check, as
/// only the server has a time zone database.
fn check_time_zone(z: &str) -> Result<(), DomainError> {
    let shown: String = z.chars().take(40).collect();
    let ok = z.len() <= MAX_TIME_ZONE
        && z.split('/').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
        });
    if ok {
        Ok(())
    } else {
        Err(DomainError::InvalidSettings(format!(
            "`{shown}` is not the name of a time zone: write one like America/Chicago, Europe/London or UTC"
        )))
    }
}

/// A default the rules give that does not fit the setting.
fn from_rules(what: &str, e: &dyn std::fmt::Display) -> DomainError {
    DomainError::InvalidSettings(format!("the rules' {what}: {e}"))
}

/// Settings a tournament can run with.
fn check_settings(s: &Settings) -> Result<(), DomainError> {
    let bad = |m: String| Err(DomainError::InvalidSettings(m));
    if s.name.is_empty() {
        return bad("the tournament needs a name".into());
    }
    check_text("the tournament's name", &s.name, MAX_NAME, false)?;
    if s.dates.len() > MAX_DATES {
        return bad(format!(
            "{} dates: a tournament lists at most {MAX_DATES} days of play",
            s.dates.len()
        ));
    }
    for d in &s.dates {
        if !is_iso_date(d) {
            // Say the date, but not a megabyte of it.
            let shown: String = d.chars().take(20).collect();
            return bad(format!(
                "`{shown}` is not a day of the calendar written like 2026-03-14"
            ));
        }
    }
    if s.rounds.0 == 0 || s.rounds > MAX_ROUNDS {
        return bad(format!(
            "{} rounds: a tournament has 1 to {MAX_ROUNDS}",
            s.rounds
        ));
    }
    if s.games_per_round.0 == 0 || s.games_per_round > MAX_GAMES {
        return bad(format!(
            "{} games a round: a round has 1 to {MAX_GAMES} (R15: four)",
            s.games_per_round
        ));
    }
    if s.round_minutes == 0 || s.round_minutes > MAX_MINUTES {
        return bad(format!(
            "{} minutes a round: 1 to {MAX_MINUTES}",
            s.round_minutes
        ));
    }
    if s.tie_breaks.is_empty() {
        return bad("the standings need at least one tie-break key".into());
    }
    for (i, t) in s.tie_breaks.iter().enumerate() {
        if s.tie_breaks[..i].contains(t) {
            return bad(format!("tie-break `{t:?}` is listed twice"));
        }
    }
    if let OddPlayers::SitOut { points } = s.odd_players
        && !points_ok(points)
    {
        return bad(format!(
            "{points} points for sitting out: at most {MAX_POINTS} either way"
        ));
    }
    check_time_zone(&s.time_zone)?;
    check_rules(&s.rules)
}

/// A director's rules file is bounded before it is read.
fn check_rules(source: &RulesSource) -> Result<(), DomainError> {
    let bad = |m: String| Err(DomainError::InvalidSettings(m));
    if let RulesSource::File { label, toml } = source {
        if label.trim().is_empty() || toml.trim().is_empty() {
            return bad("a rules file needs a label and its text".into());
        }
        check_text("the rules file's label", label, MAX_LABEL, false)?;
        if toml.len() > MAX_RULES_FILE {
            return bad(format!(
                "the rules file has {} bytes: at most {MAX_RULES_FILE}",
                toml.len()
            ));
        }
        check_text("the rules file", toml, MAX_RULES_FILE, true)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::*;

    fn update(z: &str) -> Command {
        Command::UpdateSettings {
            name: None,
            dates: None,
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: Some(z.into()),
        }
    }

    #[test]
    fn the_time_zone_is_utc_until_set_and_its_name_is_checked_for_shape() {
        let mut t = crate::testing::seated("standard", 4, None, false);
        assert_eq!(t.settings().unwrap().time_zone, "UTC");
        t.execute(Actor::Director, update(" America/Chicago "), 2_000)
            .unwrap();
        assert_eq!(t.settings().unwrap().time_zone, "America/Chicago");
        for bad in ["<b>", "America//Chicago", "/UTC", "a b", &"x".repeat(65)] {
            let e = t.decide(&Actor::Director, update(bad)).unwrap_err();
            assert!(
                e.to_string().contains("is not the name of a time zone"),
                "{bad}: {e}"
            );
        }
        // Blank is UTC again.
        t.execute(Actor::Director, update(""), 3_000).unwrap();
        assert_eq!(t.settings().unwrap().time_zone, "UTC");
    }

    #[test]
    fn a_tournament_stored_before_the_time_zone_reads_as_utc() {
        let t = crate::testing::seated("standard", 4, None, false);
        let mut json = serde_json::to_value(t.settings().unwrap()).unwrap();
        assert!(
            json.get("time_zone").is_none(),
            "UTC is not written: {json}"
        );
        json.as_object_mut().unwrap().remove("time_zone");
        let s: Settings = serde_json::from_value(json).unwrap();
        assert_eq!(s.time_zone, "UTC");
    }
}
