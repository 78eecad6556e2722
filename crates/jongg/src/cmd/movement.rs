//! `jongg movement`: where every player sits in every round under a preset's
//! seat movement (R13), the pairs who meet more than once, and when there
//! are such repeats a repeat-free movement with East staying (or why none
//! exists). With `--optimise`, a computed seating that avoids repeat
//! meetings instead (`optimise.rs`); with `--compare`, the table of
//! docs/movement.md (`compare.rs`). See docs/movement.md.

mod compare;
mod optimise;

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
    #[arg(long, value_name = "NAME|PATH", required_unless_present = "compare")]
    rules: Option<String>,
    /// The number of tables (1 to 500).
    #[arg(
        long,
        value_name = "T",
        required_unless_present_any = ["compare", "players"],
        conflicts_with = "players"
    )]
    tables: Option<u32>,
    /// The number of rounds in all, played ones included (at least 1).
    #[arg(long, value_name = "R", required_unless_present = "compare")]
    rounds: Option<u32>,
    /// Compute a seating that avoids repeat meetings, with fair seats,
    /// printed per round and as each player's itinerary.
    #[arg(long, alias = "optimize", conflicts_with = "compare")]
    optimise: bool,
    /// With --optimise: the number of players (numbered 1 to N), when it is
    /// not four times the tables.
    #[arg(long, value_name = "N", requires = "optimise")]
    players: Option<u32>,
    /// With --optimise and --players: what to do with players beyond a
    /// multiple of four.
    #[arg(long, value_enum, default_value = "three", requires = "optimise")]
    odd: optimise::Odd,
    /// With --optimise: the rounds already played (JSON: a list of rounds,
    /// each `{"tables": [{"east": 1, "south": 2, "west": 3, "north": 4}],
    /// "sit_outs": []}`, as --json prints them); the seating is computed for
    /// the rounds after them.
    #[arg(long, value_name = "FILE", requires = "optimise")]
    played: Option<std::path::PathBuf>,
    /// With --optimise: the seed of the search (the same seed, the same seating).
    #[arg(long, default_value_t = 0, requires = "optimise")]
    seed: u64,
    /// Print the repeat meetings of every preset's movement against the
    /// computed seating, from 4 tables and 4 rounds up to --tables (default
    /// 50) and --rounds (default 8): the table in docs/movement.md.
    #[arg(long)]
    compare: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(a: MovementArgs) -> ExitCode {
    if a.compare {
        return compare::run(a.tables.unwrap_or(50), a.rounds.unwrap_or(8), a.json);
    }
    let (Some(rules), Some(rounds)) = (&a.rules, a.rounds) else {
        return super::bad_input("--rules and --rounds are required");
    };
    let preset = match super::rules::load_rules(rules) {
        Ok(p) => p,
        Err(message) => return super::bad_input(message),
    };
    if a.optimise {
        return optimise::run(&a, &preset, rounds);
    }
    let Some(tables) = a.tables else {
        return super::bad_input("--players needs --optimise; give --tables");
    };
    let m = preset.movement;
    let report = seating(tables, rounds, &m).and_then(|schedule| {
        let found = repeats(tables, rounds, &m)?;
        // A proposal is only needed (and only searched for) when there are repeats.
        let proposal = if found.is_empty() {
            None
        } else {
            Some(find_repeat_free(tables, rounds, &m)?)
        };
        Ok((schedule, found, proposal))
    });
    let (schedule, found, proposal) = match report {
        Ok(r) => r,
        Err(e) => return super::bad_input(e),
    };
    let out = if a.json {
        json(&preset, rounds, &schedule, &found, proposal.as_ref())
    } else {
        text(&preset, rounds, &schedule, &found, proposal.as_ref())
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
