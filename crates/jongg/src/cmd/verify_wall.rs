//! The fair wall's logs (issue 23.8): `jongg verify-wall LOG` checks one, and
//! `jongg sim --log DIR` writes one for each bot game ([`write_sim_logs`]).

use jongg_card::Card;
use jongg_game::CardJudge;
use jongg_game::Table;
use jongg_game::bot::Bot;
use jongg_game::sim::BotKind;
use jongg_play::game_log::{FairGameLog, bot_game_log, simulated_contribution};
use jongg_play::wall::ServerSeed;
use jongg_rules::Preset;
use jongg_rules::rng::Rng;
use jongg_tiles::{BySeat, Seat};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct VerifyWallArgs {
    /// A game log with its fair-wall proof (written by `jongg sim --log`
    /// or saved from a live table).
    log: PathBuf,
}

/// Exit code of a log that reads but does not show a fair wall.
const EXIT_NOT_FAIR: u8 = 1;

/// The largest log read: a whole game's log is some tens of kilobytes.
const MAX_LOG_BYTES: u64 = 4 << 20;

pub fn run(a: VerifyWallArgs) -> ExitCode {
    if let Ok(m) = std::fs::metadata(&a.log)
        && m.len() > MAX_LOG_BYTES
    {
        return super::bad_input(format!(
            "{} is {} bytes: a game's log is far smaller (at most {MAX_LOG_BYTES} bytes read)",
            a.log.display(),
            m.len()
        ));
    }
    let text = match std::fs::read_to_string(&a.log) {
        Ok(t) => t,
        Err(e) => return super::bad_input(format!("cannot read {}: {e}", a.log.display())),
    };
    let log = match FairGameLog::from_json_lines(&text) {
        Ok(l) => l,
        Err(e) => return super::bad_input(format!("{}: {e}", a.log.display())),
    };
    match log.verify() {
        Ok(()) => {
            println!(
                "{}: the wall follows from the revealed seed and the seats' contributions; \
                 the seed matches the commitment published before the deal, and the deal \
                 and all {} picks came off that wall in order.",
                a.log.display(),
                log.events
                    .iter()
                    .filter(|e| matches!(e, jongg_game::Event::Picked { .. }))
                    .count()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: NOT a fair wall: {e}", a.log.display());
            ExitCode::from(EXIT_NOT_FAIR)
        }
    }
}

/// Plays `games` bot games on fair walls (secrets and contributions follow
/// from `seed`) and writes `DIR/game-00001.jsonl` and so on.
pub fn write_sim_logs(
    dir: &Path,
    preset: &Preset,
    card: &Card,
    games: u32,
    seed: u64,
    bots: [BotKind; 4],
) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return super::bad_input(format!("cannot create {}: {e}", dir.display()));
    }
    let judge = CardJudge::new(card);
    let mut wins = BySeat([0u32; 4]);
    for g in 0..games {
        let game_seed = Rng::derive(seed, g as u64);
        let mut players: [Box<dyn Bot + '_>; 4] = Seat::ALL
            .map(|s| bots[s.index()].make(card, Rng::derive(game_seed, 1 + s.index() as u64)));
        let table = Table::from_preset(preset, Seat::from_index(g as usize % 4));
        let contributions = BySeat::from_fn(|s| simulated_contribution(seed, g as u64, s));
        let secret = ServerSeed::for_simulation(seed, g as u64);
        let log = match bot_game_log(table, secret, contributions, &judge, &mut players) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: game {}: {e}", g + 1);
                return ExitCode::FAILURE;
            }
        };
        if let Some(jongg_game::Ending::MahJongg { winner, .. }) =
            log.events.iter().rev().find_map(|e| match e {
                jongg_game::Event::Ended { outcome } => Some(&outcome.ending),
                _ => None,
            })
        {
            wins[*winner] += 1;
        }
        let path = dir.join(format!("game-{:05}.jsonl", g + 1));
        if let Err(e) = std::fs::write(&path, log.to_json_lines()) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!(
        "{games} games on fair walls under {} (seed {seed}) logged in {}; wins east {}, south {}, west {}, north {}.\n\
         Check one with: jongg verify-wall {}",
        preset.name,
        dir.display(),
        wins[Seat::East],
        wins[Seat::South],
        wins[Seat::West],
        wins[Seat::North],
        dir.join("game-00001.jsonl").display()
    );
    ExitCode::SUCCESS
}
