//! `jongg movement`: where every player sits in every round under a preset's
//! seat movement (R13), the pairs who meet more than once, and when there
//! are such repeats a repeat-free movement with East staying (or why none
//! exists). See docs/movement.md.

use jongg_rules::Preset;
use jongg_rules::movement::{
    Proposal, RepeatMeeting, RoundSeating, Schedule, SeatMovement, find_repeat_free,
    meeting_period, repeats, seating,
};
use jongg_tiles::Seat;
use std::fmt::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct MovementArgs {
    /// A built-in preset name (e.g. `standard`) or the path of a rules file.
    #[arg(long, value_name = "NAME|PATH")]
    rules: String,
    /// The number of tables (1 to 500).
    #[arg(long, value_name = "T")]
    tables: u32,
    /// The number of rounds (at least 1).
    #[arg(long, value_name = "R")]
    rounds: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(a: MovementArgs) -> ExitCode {
    let preset = match super::rules::load_rules(&a.rules) {
        Ok(p) => p,
        Err(message) => return super::bad_input(message),
    };
    let m = preset.movement;
    let report = seating(a.tables, a.rounds, &m).and_then(|schedule| {
        let found = repeats(a.tables, a.rounds, &m)?;
        // A proposal is only needed (and only searched for) when there are repeats.
        let proposal = if found.is_empty() {
            None
        } else {
            Some(find_repeat_free(a.tables, a.rounds, &m)?)
        };
        Ok((schedule, found, proposal))
    });
    let (schedule, found, proposal) = match report {
        Ok(r) => r,
        Err(e) => return super::bad_input(e),
    };
    let out = if a.json {
        json(&preset, a.rounds, &schedule, &found, proposal.as_ref())
    } else {
        text(&preset, a.rounds, &schedule, &found, proposal.as_ref())
    };
    print!("{out}");
    ExitCode::SUCCESS
}

/// The `--json` object, fields in reading order.
#[derive(serde::Serialize)]
struct Report<'a> {
    rules: &'a str,
    movement: SeatMovement,
    tables: u32,
    rounds: u32,
    schedule: &'a [RoundSeating],
    repeats: &'a [RepeatMeeting],
    proposal: Option<ProposalOut<'a>>,
}

#[derive(serde::Serialize)]
struct ProposalOut<'a> {
    #[serde(flatten)]
    proposal: &'a Proposal,
    /// The reason in words, when none exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
}

fn json(
    preset: &Preset,
    rounds: u32,
    schedule: &Schedule,
    found: &[RepeatMeeting],
    proposal: Option<&Proposal>,
) -> String {
    let report = Report {
        rules: &preset.name,
        movement: schedule.movement,
        tables: schedule.tables,
        rounds,
        schedule: &schedule.rounds,
        repeats: found,
        proposal: proposal.map(|p| ProposalOut {
            proposal: p,
            explanation: match p {
                Proposal::NoneExists { reason, .. } => Some(reason.to_string()),
                Proposal::Found { .. } => None,
            },
        }),
    };
    // Plain data with string keys: serialising cannot fail.
    let mut s = serde_json::to_string_pretty(&report).unwrap_or_default();
    s.push('\n');
    s
}

fn text(
    preset: &Preset,
    rounds: u32,
    schedule: &Schedule,
    found: &[RepeatMeeting],
    proposal: Option<&Proposal>,
) -> String {
    let tables = schedule.tables;
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "Movement: {} ({}), {tables} tables, {rounds} rounds.",
        preset.name, schedule.movement
    );
    let _ = writeln!(
        s,
        "Players are named by starting table and seat: 3-west started at table 3 in the West seat."
    );
    let width = format!("{tables}-north").len();
    for round in &schedule.rounds {
        let _ = writeln!(s, "\nRound {}", round.round);
        let _ = write!(s, "  {:>5}", "table");
        for seat in Seat::ALL {
            let _ = write!(s, "  {:<width$}", title(seat));
        }
        // No trailing spaces on the line.
        s.truncate(s.trim_end().len());
        s.push('\n');
        for t in &round.tables {
            let _ = write!(s, "  {:>5}", t.table);
            for seat in Seat::ALL {
                let _ = write!(s, "  {:<width$}", t.seats[seat].to_string());
            }
            // No trailing spaces on the line.
            s.truncate(s.trim_end().len());
            s.push('\n');
        }
    }
    s.push('\n');
    if found.is_empty() {
        let _ = writeln!(s, "Repeat meetings: none.");
        return s;
    }
    let _ = writeln!(
        s,
        "Repeat meetings: {} pairs of players meet in more than one round.",
        found.len()
    );
    for m in found {
        let list: Vec<String> = m.rounds.iter().map(u32::to_string).collect();
        let _ = writeln!(s, "  {} and {}: rounds {}", m.a, m.b, list.join(", "));
    }
    let mut periods = Vec::new();
    for (i, x) in Seat::ALL.into_iter().enumerate() {
        for y in Seat::ALL[i + 1..].iter().copied() {
            if let Ok(p) = meeting_period(x, y, tables, &schedule.movement)
                && p < rounds
            {
                let (x, y) = (title(x), title(y));
                periods.push(match p {
                    1 => format!("{x}-{y} pairs travel together, meeting every round"),
                    p => format!("{x}-{y} pairs who meet meet again every {p} rounds"),
                });
            }
        }
    }
    let _ = writeln!(s, "Why: {}.", periods.join("; "));
    match proposal {
        Some(Proposal::Found {
            movement,
            tables_walked,
            distance_from_preferred,
        }) => {
            let _ = writeln!(
                s,
                "Proposed repeat-free movement: {movement}\n  ({tables_walked} tables walked per round by one table's four players; \
                 {distance_from_preferred} tables from {}'s movement in all).",
                preset.name
            );
        }
        Some(Proposal::NoneExists { reason, max_rounds }) => {
            let _ = writeln!(
                s,
                "No repeat-free movement exists for {tables} tables and {rounds} rounds: {reason}."
            );
            let _ = writeln!(
                s,
                "With East staying, at most {max_rounds} round{} can be played at {tables} tables without a repeat.",
                if *max_rounds == 1 { "" } else { "s" }
            );
        }
        None => {}
    }
    s
}

fn title(seat: Seat) -> &'static str {
    ["East", "South", "West", "North"][seat.index()]
}
