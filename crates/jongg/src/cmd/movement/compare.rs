//! `jongg movement --compare`: repeat meetings of each preset's movement
//! (R13) against the computed seating, from 4 tables of four and 4 rounds up
//! to the given sizes (50 and 8 by default: the table in docs/movement.md),
//! printed as Markdown (the sizes with a repeat somewhere, then the others
//! named) or JSON (every size).

use jongg_rules::movement::{MAX_TABLES, SeatMovement, repeats};
use jongg_rules::schedule::{Leftover, Player, Request, SEARCH_WORK, compute};
use jongg_rules::{PRESET_NAMES, Preset};
use std::fmt::Write as _;
use std::process::ExitCode;

/// The smallest size compared: below 4 tables every movement repeats at
/// once (docs/movement.md), and with up to 3 rounds the presets rarely do.
const FROM: u32 = 4;

/// One size: each movement's repeats (in the order of `Columns`), the
/// computed seating's, and the counting bound.
#[derive(serde::Serialize)]
struct Row {
    tables: u32,
    rounds: u32,
    presets: Vec<u32>,
    computed: u32,
    lower_bound: u32,
}

/// The presets grouped by movement (two presets share one).
#[derive(serde::Serialize)]
struct Column {
    presets: Vec<String>,
    movement: SeatMovement,
}

#[derive(serde::Serialize)]
struct Report {
    columns: Vec<Column>,
    rows: Vec<Row>,
    #[serde(skip)]
    rounds: u32,
}

pub fn run(tables: u32, rounds: u32, json: bool) -> ExitCode {
    if tables < FROM || rounds < FROM || tables > MAX_TABLES {
        return super::super::bad_input(format!(
            "--compare runs from {FROM} tables and {FROM} rounds up to --tables (at most {MAX_TABLES}) and --rounds; \
             got {tables} tables and {rounds} rounds"
        ));
    }
    let mut columns: Vec<Column> = Vec::new();
    for name in PRESET_NAMES {
        let Some(preset) = Preset::builtin(name) else {
            return super::super::bad_input(format!("the built-in preset {name} does not read"));
        };
        match columns.iter_mut().find(|c| c.movement == preset.movement) {
            Some(c) => c.presets.push(name.into()),
            None => columns.push(Column {
                presets: vec![name.into()],
                movement: preset.movement,
            }),
        }
    }
    let mut rows = Vec::new();
    for r in FROM..=rounds {
        for t in FROM..=tables {
            match row(&columns, t, r) {
                Ok(r) => rows.push(r),
                Err(e) => return super::super::bad_input(e),
            }
        }
    }
    let report = Report {
        columns,
        rows,
        rounds,
    };
    if json {
        // Plain data with string keys: serialising cannot fail.
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
    } else {
        print!("{}", markdown(&report));
    }
    ExitCode::SUCCESS
}

fn row(columns: &[Column], tables: u32, rounds: u32) -> Result<Row, String> {
    let mut presets = Vec::new();
    for c in columns {
        let pairs = repeats(tables, rounds, &c.movement).map_err(|e| e.to_string())?;
        presets.push(pairs.iter().map(|p| p.rounds.len() as u32 - 1).sum());
    }
    let request = Request {
        players: (1..=4 * tables).map(Player).collect(),
        played: Vec::new(),
        rounds_left: rounds,
        leftover: Leftover::TablesOfThree,
        baseline: None,
        seed: 0,
        search_work: SEARCH_WORK,
    };
    let c = compute(&request).map_err(|e| e.to_string())?;
    Ok(Row {
        tables,
        rounds,
        presets,
        computed: c.repeats,
        lower_bound: c.lower_bound,
    })
}

/// Per number of rounds, the sizes where some movement or the computed
/// seating repeats; every other size has no repeat at all, and is named.
fn markdown(r: &Report) -> String {
    let mut s = String::new();
    let heads: Vec<String> = r.columns.iter().map(|c| c.presets.join(", ")).collect();
    for rounds in FROM..=r.rounds {
        let (shown, quiet): (Vec<&Row>, Vec<&Row>) = r
            .rows
            .iter()
            .filter(|x| x.rounds == rounds)
            .partition(|x| x.computed > 0 || x.presets.iter().any(|&p| p > 0));
        // Writing to a String cannot fail.
        let _ = writeln!(s, "\n**{rounds} rounds**\n");
        let _ = writeln!(s, "| tables | {} | computed | bound |", heads.join(" | "));
        let _ = writeln!(s, "|---:|{}---:|---:|", "---:|".repeat(heads.len()));
        for row in shown {
            let cells: Vec<String> = row.presets.iter().map(u32::to_string).collect();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                row.tables,
                cells.join(" | "),
                row.computed,
                row.lower_bound
            );
        }
        let quiet: Vec<String> = quiet.iter().map(|x| x.tables.to_string()).collect();
        if quiet.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            "\nNo repeat in any movement nor in the computed seating at {} tables.",
            ranges(&quiet)
        );
    }
    s
}

/// `5, 7, 9-11` from a sorted list of numbers (as text).
fn ranges(items: &[String]) -> String {
    let nums: Vec<u32> = items.iter().filter_map(|x| x.parse().ok()).collect();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < nums.len() {
        let mut j = i;
        while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{}-{}", nums[i], nums[j])
        } else if j == i + 1 {
            format!("{}, {}", nums[i], nums[j])
        } else {
            nums[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}
