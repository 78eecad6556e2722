//! Import: a tournament file is hostile until checked. Every event is
//! turned back into the command that made it and that command is decided,
//! by its recorded actor, on the state so far, exactly as a live command
//! is; the events `decide` makes must be the file's, one for one. So an
//! import cannot hold anything a live tournament could not (an actor who
//! may not write, a seating with an unknown player, points beyond the
//! bounds, a broken rules file). The first event that fails refuses the
//! whole file, naming its number and why; otherwise the whole file is taken.

use super::export::TournamentFile;
use super::{Tournament, file_version};
use crate::command::Command;
use crate::error::DomainError;
use crate::event::{Event, Recorded};
use crate::floor::Sanction;
use crate::limits::{MAX_EVENTS, MAX_FILE, MAX_MILLIS, time_ok};
use crate::model::{PlayerStatus, SeatingMethod};
use serde_json::Value;

impl Tournament {
    /// Rebuild a tournament from a file, checking every event as above.
    pub fn import(file: TournamentFile) -> Result<Tournament, DomainError> {
        let bad = |m: String| Err(DomainError::BadFile(m));
        file_version::check(&file.format, file.version, file.written_by.as_deref())?;
        if file.events.is_empty() {
            return bad("it has no events: the first must create the tournament".into());
        }
        if file.events.len() > MAX_EVENTS {
            return bad(format!(
                "it has {} events: a tournament file holds at most {MAX_EVENTS}",
                file.events.len()
            ));
        }
        let mut t = Tournament::new();
        let mut next = 0;
        while next < file.events.len() {
            next += replay_one(&mut t, &file.events[next..], next)?;
        }
        Ok(t)
    }

    /// An imported tournament kept beside the one it is a copy of, under a
    /// new name: the file's log, then the director's change of its name at
    /// `at` (issue 19.1), so both stay whole and tell apart.
    pub fn renamed(
        mut self,
        name: String,
        at: crate::model::Millis,
    ) -> Result<Tournament, DomainError> {
        self.execute(
            crate::model::Actor::Director,
            Command::UpdateSettings {
                name: Some(name),
                dates: None,
                rules: None,
                rounds: None,
                games_per_round: None,
                round_minutes: None,
                tie_breaks: None,
                odd_players: None,
                time_zone: None,
            },
            at,
        )?;
        Ok(self)
    }

    /// [`Tournament::import`] of a file's text (at most [`MAX_FILE`] bytes).
    pub fn import_json(text: &str) -> Result<Tournament, DomainError> {
        if text.len() > MAX_FILE {
            return Err(DomainError::BadFile(format!(
                "it has {} bytes: a tournament file has at most {MAX_FILE}",
                text.len()
            )));
        }
        // A newer file may hold what this program cannot read: it is named
        // as newer before its events are read.
        file_version::check_text(text)?;
        let file: TournamentFile =
            serde_json::from_str(text).map_err(|e| DomainError::BadFile(e.to_string()))?;
        Tournament::import(file)
    }
}

/// Decides the command behind `rest[0]` and records the events it makes,
/// which must be the next ones of the file. Returns how many were taken.
/// `done` events came before (so `rest[0]` is event `done + 1`).
fn replay_one(t: &mut Tournament, rest: &[Recorded], done: usize) -> Result<usize, DomainError> {
    let first = &rest[0];
    let number = done as u64 + 1;
    let refused = |event: u64, reason: String| DomainError::BadImport { event, reason };
    let refuse = |event: u64, reason: String| Err(refused(event, reason));
    if first.seq != number {
        return refuse(number, format!("its seq is {}, not {number}", first.seq));
    }
    if !time_ok(first.at) {
        return refuse(
            number,
            format!(
                "its time {} is not a moment between 1970 and 9999 (0 to {MAX_MILLIS} ms)",
                first.at
            ),
        );
    }
    let command = command_of(&first.event).map_err(|reason| refused(number, reason))?;
    let made = t
        .decide(&first.actor, command)
        .map_err(|e| refused(number, e.to_string()))?;
    if made.is_empty() {
        return refuse(number, "it changes nothing".into());
    }
    for (i, event) in made.iter().enumerate() {
        let n = number + i as u64;
        let Some(r) = rest.get(i) else {
            return refuse(
                n,
                format!("the file ends where `{}` must follow", kind(event)),
            );
        };
        if r.seq != n {
            return refuse(n, format!("its seq is {}, not {n}", r.seq));
        }
        if r.actor != first.actor || r.at != first.at {
            return refuse(
                n,
                "it follows from the event before, so it has that event's actor and time".into(),
            );
        }
        if &r.event != event && !written_before_19(t, &r.event, event) {
            return refuse(n, difference(&r.event, event));
        }
    }
    for r in &rest[..made.len()] {
        t.record(r.clone()).map_err(|e| refused(e.seq, e.reason))?;
    }
    Ok(made.len())
}

/// The command whose `decide` makes `event` (as its first event).
fn command_of(event: &Event) -> Result<Command, String> {
    Ok(match event.clone() {
        Event::TournamentCreated { settings: s } => Command::CreateTournament {
            name: s.name,
            dates: s.dates,
            rules: s.rules,
            rounds: Some(s.rounds),
            games_per_round: Some(s.games_per_round),
            round_minutes: Some(s.round_minutes),
            tie_breaks: Some(s.tie_breaks),
            odd_players: Some(s.odd_players),
            time_zone: Some(s.time_zone),
        },
        Event::SettingsUpdated { after: s, .. } => Command::UpdateSettings {
            name: Some(s.name),
            dates: Some(s.dates),
            rules: Some(s.rules),
            rounds: Some(s.rounds),
            games_per_round: Some(s.games_per_round),
            round_minutes: Some(s.round_minutes),
            tie_breaks: Some(s.tie_breaks),
            odd_players: Some(s.odd_players),
            time_zone: Some(s.time_zone),
        },
        Event::PlayerRegistered { player } => Command::RegisterPlayer {
            number: player.number,
            name: player.name,
            club: player.club,
            late: player.status == PlayerStatus::Late,
        },
        Event::PlayerUpdated { after, .. } => Command::UpdatePlayer {
            number: after.number,
            name: Some(after.name),
            club: Some(after.club),
        },
        Event::PlayerWithdrawn { number, .. } => Command::WithdrawPlayer { number },
        Event::PlayerMarkedLate { number } => Command::MarkLate { number },
        Event::PlayerArrived { number } => Command::Arrive { number },
        Event::PlayerSubstituted { out, player, .. } => Command::Substitute {
            out,
            number: player.number,
            name: player.name,
            club: player.club,
        },
        Event::RoundSeated { seating } => {
            if seating.method == SeatingMethod::Adjusted {
                return Err(
                    "an adjusted seating follows a change of players, and none comes before it"
                        .into(),
                );
            }
            Command::SeatRound {
                round: seating.round,
                method: seating.method,
            }
        }
        Event::RoundStarted { round, at } => Command::StartRound { round, at },
        Event::CardSet { after, .. } => Command::SetCard {
            year: after.year,
            file: after.file,
        },
        Event::GameEntered {
            round,
            table,
            game,
            after,
            ..
        } => Command::EnterGame {
            round,
            table,
            game,
            entry: after.entry,
        },
        Event::SheetSigned {
            round,
            table,
            seat,
            game,
            device,
            ..
        } => Command::SignSheet {
            round,
            table,
            seat,
            game,
            device,
        },
        Event::SheetAccepted { round, table } => Command::AcceptSheet { round, table },
        Event::SheetAmended {
            round,
            table,
            game,
            after,
            reason,
            ..
        } => Command::AmendSheet {
            round,
            table,
            game,
            entry: after.entry,
            reason,
        },
        Event::RoundClosed { round, at } => Command::CloseRound { round, at },
        Event::EastRerolled { round, table, east } => Command::RecordEast { round, table, east },
        Event::ClockAdjusted { round, change } => Command::AdjustClock {
            round,
            action: change.action,
            reason: change.reason,
            at: change.at,
        },
        Event::ScheduleAdopted { offer } => Command::AdoptSchedule { offer },
        Event::TableOnline { round, table } => Command::OpenOnline {
            round,
            tables: vec![table],
        },
        Event::BotsSeated {
            round,
            table,
            seats,
        } => Command::FillWithBots {
            round,
            table,
            seats,
        },
        Event::OfficialAppointed { official } => Command::AppointOfficial {
            number: official.number,
            name: official.name,
            tables: official.tables,
        },
        Event::OfficialRemoved { number } => Command::RemoveOfficial { number },
        Event::DirectorCalled {
            round,
            table,
            seat,
            reason,
            ..
        } => Command::CallDirector {
            round,
            table,
            seat,
            reason,
        },
        Event::CallTaken { call, .. } => Command::TakeCall { call },
        Event::CallClosed {
            call, note, ruling, ..
        } => Command::CloseCall {
            call,
            incident: ruling.as_ref().map(|r| r.ruling.incident),
            game: ruling.as_ref().and_then(|r| r.game),
            seat: ruling.as_ref().and_then(|r| r.seat),
            note,
        },
        Event::PlayerSanctioned { player, sanction } => match sanction {
            Sanction::Warning { reason, .. } => Command::WarnPlayer { player, reason },
            Sanction::Penalty { points, reason, .. } => Command::PenalizePlayer {
                player,
                points,
                reason,
            },
            Sanction::Disqualification { scores, reason, .. } => Command::DisqualifyPlayer {
                player,
                scores,
                reason,
            },
        },
    })
}

/// A game entered by its tiles before issue 19.1 was stored as the record
/// they made, without the tiles, and with the card's word on them as its
/// first line, which deciding the record again cannot make. Such a file
/// (every backup of an event that checked hands on its card) is taken when
/// that line is the only difference and is one the card could have
/// written for this record: a line of the card worth the record's value,
/// or, for a Mah Jongg in error, the card's "not a hand on it".
fn written_before_19(t: &Tournament, file: &Event, made: &Event) -> bool {
    use crate::card::{NOT_ON_THE_CARD, line_note};
    use crate::model::Entry;
    use jongg_rules::record::GameResult;
    let (Some(card), Some(after)) = (t.card(), game_after(file)) else {
        return false;
    };
    let Entry::Record { record } = &after.entry else {
        return false;
    };
    let Some(note) = after.lines.first() else {
        return false;
    };
    let mut without = file.clone();
    if let Some(a) = game_after_mut(&mut without) {
        a.lines.remove(0);
    }
    if &without != made {
        return false;
    }
    match record.result {
        GameResult::MahjongInError => note == NOT_ON_THE_CARD,
        GameResult::Mahjong => card.lines().iter().any(|line| {
            line.value == record.value
                && *note
                    == line_note(
                        &line.name,
                        line.value,
                        record.exposures == 0,
                        record.jokerless,
                    )
        }),
        _ => false,
    }
}

fn game_after(e: &Event) -> Option<&crate::model::GameEntry> {
    match e {
        Event::GameEntered { after, .. } | Event::SheetAmended { after, .. } => Some(after),
        _ => None,
    }
}

fn game_after_mut(e: &mut Event) -> Option<&mut crate::model::GameEntry> {
    match e {
        Event::GameEntered { after, .. } | Event::SheetAmended { after, .. } => Some(after),
        _ => None,
    }
}

/// The event's `kind`, as the file spells it.
fn kind(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("kind").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_default()
}

/// Where the file's event differs from the one its command makes now.
fn difference(file: &Event, made: &Event) -> String {
    let (a, b) = (
        serde_json::to_value(file).unwrap_or_default(),
        serde_json::to_value(made).unwrap_or_default(),
    );
    match first_difference(&a, &b, String::new()) {
        Some((path, x, y)) => format!(
            "`{}` at `{path}` is {}, but the command behind it makes {}",
            kind(file),
            shown(&x),
            shown(&y)
        ),
        None => format!("`{}` is not what its command makes", kind(file)),
    }
}

fn first_difference(a: &Value, b: &Value, path: String) -> Option<(String, Value, Value)> {
    let at = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(p, q, at(k)),
                (p, q) => Some((
                    at(k),
                    p.cloned().unwrap_or(Value::Null),
                    q.cloned().unwrap_or(Value::Null),
                )),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, at(&i.to_string()))),
        _ if a == b => None,
        _ => Some((path, a.clone(), b.clone())),
    }
}

/// A value in a message, cut short if long.
fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 80 {
        format!("{}…", s.chars().take(80).collect::<String>())
    } else {
        s
    }
}
