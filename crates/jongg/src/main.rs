//! The `jongg` command: a thin shell over the library crates.
//! Each subcommand lives in `cmd/<area>.rs`; this file only dispatches.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "jongg",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("JONGG_BUILD_COMMIT"), ")"),
    about = "American Mah Jongg tournaments: rules, scoring, movement, the card, the table and the server",
    long_about = "American Mah Jongg tournaments: rules, scoring, movement, the card, the table and the server.\n\n\
        With no command (a double-click), jongg runs the tournament server on the data in this \
        user's data folder, on the laptop's address in the hall, and opens the director's page \
        in the browser; started again, it opens the page of the one running."
)]
struct Cli {
    /// None: started as a double-click starts it (`cmd/start`).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the rules presets, or print one in plain language.
    #[command(subcommand)]
    Rules(cmd::rules::RulesCommand),
    /// Score one game record (JSON) under a rules preset or file.
    Score(cmd::score::ScoreArgs),
    /// Print where every player sits in every round, and the repeat meetings.
    Movement(cmd::movement::MovementArgs),
    /// Check, lint and print card files; verify Mah Jongg; find the nearest hands.
    #[command(subcommand)]
    Card(cmd::card::CardCommand),
    /// Play many games between bots and report the results.
    Sim(cmd::sim::SimArgs),
    /// Bots of three strengths play many games, seats rotating; figures with 95% intervals.
    League(cmd::league::LeagueArgs),
    /// Run the tournament server (SQLite in ./data by default).
    Serve(cmd::serve::ServeArgs),
    /// Create a finished sample tournament with simulated games.
    Demo(cmd::serve::DemoArgs),
    /// Write a whole tournament to one JSON file.
    Export(cmd::serve::ExportArgs),
    /// Read a tournament back from an exported JSON file.
    Import(cmd::serve::ImportArgs),
    /// Check that a game log's wall followed from its revealed seed (the fair wall).
    VerifyWall(cmd::verify_wall::VerifyWallArgs),
    /// Tell a game's log move by move, every rack shown.
    Replay(cmd::replay::ReplayArgs),
    /// A seat's decisions in a game's log beside the strong bot's, and where they differ most.
    Review(cmd::review::ReviewArgs),
    /// Positions: set up a table, script actions, check expectations (docs/positions.md).
    #[command(subcommand)]
    Table(cmd::table::TableCommand),
    /// The director's account: reset a forgotten password.
    #[command(subcommand)]
    Director(cmd::director::DirectorCommand),
}

fn main() -> ExitCode {
    quiet_when_output_closes();
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        return cmd::start::run();
    };
    match command {
        Command::Rules(c) => cmd::rules::run(c),
        Command::Score(a) => cmd::score::run(a),
        Command::Movement(a) => cmd::movement::run(a),
        Command::Card(c) => cmd::card::run(c),
        Command::Sim(a) => cmd::sim::run(a),
        Command::League(a) => cmd::league::run(a),
        Command::Serve(a) => cmd::serve::serve(a),
        Command::Demo(a) => cmd::serve::demo(a),
        Command::Export(a) => cmd::serve::export(a),
        Command::Import(a) => cmd::serve::import(a),
        Command::Director(c) => cmd::director::run(c),
        Command::VerifyWall(a) => cmd::verify_wall::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Review(a) => cmd::review::run(a),
        Command::Table(c) => cmd::table::run(c),
    }
}

/// Exit status of a command whose output was closed: what a shell reports
/// for one ended by SIGPIPE (128 + 13).
const EXIT_OUTPUT_CLOSED: i32 = 141;

/// `jongg ... | head`: once the reader is gone, printing to stdout fails with
/// a broken pipe, and Rust's print macros panic on that. Every command ends
/// quietly instead, as a command killed by SIGPIPE would (no message).
fn quiet_when_output_closes() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(EXIT_OUTPUT_CLOSED);
        }
        default(info);
    }));
}
