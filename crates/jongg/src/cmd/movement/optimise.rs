//! `jongg movement --optimise`: a computed seating that avoids repeat
//! meetings (`jongg_rules::schedule`), per round and as itineraries.

use super::{MovementArgs, title};
use jongg_rules::Preset;
use jongg_rules::schedule::{
    Computed, Itinerary, Leftover, Player, Request, Round, SEARCH_WORK, Start, compute,
    itineraries, seat_counts,
};
use jongg_tiles::{BySeat, Seat};
use std::fmt::Write as _;
use std::process::ExitCode;

/// What to do with players beyond a multiple of four.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Odd {
    /// Tables of three, North empty (R12; standard 3A, 5C).
    Three,
    /// Tables of four only; the others sit the round out.
    SitOut,
}

/// One round of the --played file: `round`, when given, must be its place.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayedRound {
    round: Option<u32>,
    tables: Vec<BySeat<Option<Player>>>,
    #[serde(default)]
    sit_outs: Vec<Player>,
}

pub fn run(a: &MovementArgs, preset: &Preset, rounds: u32) -> ExitCode {
    let players = match (a.players, a.tables) {
        (Some(n), _) => n,
        (None, Some(t)) => t.saturating_mul(4),
        (None, None) => return super::super::bad_input("give --tables or --players"),
    };
    let played = match &a.played {
        Some(path) => match read_played(path, players) {
            Ok(p) => p,
            Err(message) => return super::super::bad_input(message),
        },
        None => Vec::new(),
    };
    let played_count = played.len() as u32;
    if played_count >= rounds {
        return super::super::bad_input(format!(
            "{played_count} rounds are played of the {rounds} in all: none is left to seat"
        ));
    }
    let request = Request {
        players: (1..=players).map(Player).collect(),
        played,
        rounds_left: rounds - played_count,
        leftover: match a.odd {
            Odd::Three => Leftover::TablesOfThree,
            Odd::SitOut => Leftover::SitOut,
        },
        baseline: Some(preset.movement),
        seed: a.seed,
        search_work: SEARCH_WORK,
    };
    let computed = match compute(&request) {
        Ok(c) => c,
        Err(e) => return super::super::bad_input(e),
    };
    let trips = itineraries(computed.first_round, &computed.rounds);
    let out = if a.json {
        json(preset, &request, rounds, &computed, &trips)
    } else {
        text(preset, &request, rounds, &computed, &trips)
    };
    print!("{out}");
    ExitCode::SUCCESS
}

fn read_played(path: &std::path::Path, players: u32) -> Result<Vec<Round>, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let list: Vec<PlayedRound> =
        serde_json::from_str(&text).map_err(|e| format!("{name} is not a list of rounds: {e}"))?;
    let mut out = Vec::with_capacity(list.len());
    for (number, r) in (1..).zip(list) {
        if let Some(given) = r.round.filter(|&g| g != number) {
            return Err(format!(
                "{name}: round {given} is listed where round {number} belongs"
            ));
        }
        let seated = r.tables.iter().flat_map(|t| t.0.iter().flatten());
        if let Some(p) = seated
            .chain(&r.sit_outs)
            .find(|p| !(1..=players).contains(&p.0))
        {
            return Err(format!(
                "{name}: round {number} has player {p}, but the players are numbered 1 to {players}"
            ));
        }
        out.push(Round {
            tables: r.tables,
            sit_outs: r.sit_outs,
        });
    }
    Ok(out)
}

/// The `--json` object, fields in reading order.
#[derive(serde::Serialize)]
struct Report<'a> {
    rules: &'a str,
    movement: jongg_rules::movement::SeatMovement,
    players: u32,
    layout: jongg_rules::schedule::Layout,
    rounds: u32,
    first_round: u32,
    seed: u64,
    repeats: u32,
    repeats_played: u32,
    preset_repeats: Option<u32>,
    lower_bound: u32,
    start: Start,
    search_steps: u32,
    schedule: Vec<NumberedRound<'a>>,
    itineraries: &'a [Itinerary],
}

#[derive(serde::Serialize)]
struct NumberedRound<'a> {
    round: u32,
    #[serde(flatten)]
    seating: &'a Round,
}

fn json(p: &Preset, r: &Request, rounds: u32, c: &Computed, trips: &[Itinerary]) -> String {
    let report = Report {
        rules: &p.name,
        movement: p.movement,
        players: r.players.len() as u32,
        layout: c.layout,
        rounds,
        first_round: c.first_round,
        seed: r.seed,
        repeats: c.repeats,
        repeats_played: c.repeats_played,
        preset_repeats: c.baseline_repeats,
        lower_bound: c.lower_bound,
        start: c.start,
        search_steps: c.search_steps,
        schedule: (c.first_round..)
            .zip(&c.rounds)
            .map(|(round, seating)| NumberedRound { round, seating })
            .collect(),
        itineraries: trips,
    };
    // Plain data with string keys: serialising cannot fail.
    let mut s = serde_json::to_string_pretty(&report).unwrap_or_default();
    s.push('\n');
    s
}

fn text(p: &Preset, r: &Request, rounds: u32, c: &Computed, trips: &[Itinerary]) -> String {
    let mut s = String::new();
    let l = c.layout;
    let mut tables = format!("{} table{} of four", l.fours, plural(l.fours));
    if l.threes > 0 {
        let _ = write!(tables, " and {} of three", l.threes);
    }
    if l.sit_outs > 0 {
        let _ = write!(tables, ", {} sitting out each round", l.sit_outs);
    }
    let last = c.first_round + c.rounds.len() as u32 - 1;
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "Computed seating: {} players at {tables}; rounds {} to {last} of {rounds} (seed {}).",
        r.players.len(),
        c.first_round,
        r.seed
    );
    let played = if c.first_round > 1 {
        format!(", {} of them in the rounds played", c.repeats_played)
    } else {
        String::new()
    };
    let preset = match c.baseline_repeats {
        Some(b) => format!(
            "{}'s movement ({}): {b}",
            p.name,
            jongg_rules::movement::SeatMovement::to_string(&p.movement)
        ),
        None => format!(
            "{}'s movement does not apply to tables of three or sit-outs",
            p.name
        ),
    };
    let _ = writeln!(s, "Repeat meetings: {}{played}. {preset}.", c.repeats);
    let _ = writeln!(
        s,
        "No seating can have fewer than {} (a counting bound).",
        c.lower_bound
    );
    let _ = writeln!(
        s,
        "Start: {}; search steps: {}.",
        start(&c.start),
        c.search_steps
    );
    let counts = seat_counts(&c.rounds);
    let ranges: Vec<String> = Seat::ALL
        .iter()
        .map(|&seat| {
            let v = counts.values().map(|b| b[seat]);
            let (lo, hi) = (v.clone().min().unwrap_or(0), v.max().unwrap_or(0));
            format!("{} {lo}-{hi}", title(seat))
        })
        .collect();
    let _ = writeln!(
        s,
        "Times in each seat per player, rounds {} to {last}: {}.",
        c.first_round,
        ranges.join(", ")
    );
    for (round, seating) in (c.first_round..).zip(&c.rounds) {
        let _ = writeln!(s, "\nRound {round}");
        let _ = writeln!(s, "  table  East  South  West  North");
        for (t, seats) in (1..).zip(&seating.tables) {
            let cell = |seat: Seat| seats[seat].map_or("-".into(), |p: Player| p.to_string());
            let _ = writeln!(
                s,
                "  {t:>5}  {:>4}  {:>5}  {:>4}  {:>5}",
                cell(Seat::East),
                cell(Seat::South),
                cell(Seat::West),
                cell(Seat::North)
            );
        }
        if !seating.sit_outs.is_empty() {
            let list: Vec<String> = seating.sit_outs.iter().map(Player::to_string).collect();
            let _ = writeln!(s, "  sitting out: {}", list.join(", "));
        }
    }
    let _ = writeln!(s, "\nItineraries (table and seat in each round)");
    let _ = write!(s, "  player");
    for round in c.first_round..=last {
        let _ = write!(s, "  {:<8}", format!("round {round}"));
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    for trip in trips {
        let _ = write!(s, "  {:>6}", trip.player);
        for stop in &trip.stops {
            let cell = match (stop.table, stop.seat) {
                (Some(t), Some(seat)) => format!("{t} {}", title(seat)),
                _ => "sits out".into(),
            };
            let _ = write!(s, "  {cell:<8}");
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    s
}

fn start(s: &Start) -> String {
    match s {
        Start::AffinePlane => {
            "the affine plane of order 4 (16 players, 5 rounds, every pair meets once)".into()
        }
        Start::FieldPlane { order } => format!(
            "the affine plane of order {order} cut to four lines ({order} tables play {order} rounds without a repeat)"
        ),
        Start::Cyclic { movement } => format!("the seat movement {movement} (R13's arithmetic)"),
        Start::Preset { movement } => format!("the preset's movement {movement}"),
        Start::Greedy => "a greedy seating, round by round".into(),
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}
