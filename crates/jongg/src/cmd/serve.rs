//! `jongg serve|demo|export|import` (issue 5): the tournament server and its
//! database tools. The work is in `jongg-server`; this reads arguments, and
//! gives the demo its games: played by the table engine's bots.
use jongg_card::Card;
use jongg_game::sim::{BotKind, play_record};
use jongg_rules::Preset;
use jongg_store::DEFAULT_DATABASE;
use jongg_tiles::{BySeat, Seat};
use jongg_tools::{GameMaker, random_points};
use jongg_tournament::{Entry, GameNo, RoundNo};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// The address people open, used in printed links (default: http:// and the bound address).
    /// An https address makes the cookies Secure.
    #[arg(long)]
    public_url: Option<String>,
    /// A reverse proxy in front of jongg, whose X-Forwarded-For names the
    /// client (repeat for several). Without it, X-Forwarded-For is ignored.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// How the log (standard error) is written: `text` for people, `json`
    /// (one object a line) for machines. What is logged: RUST_LOG (default `info`).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// The paper of the printable PDFs: letter (US Letter) or a4. A PDF's
    /// address may still ask for the other (`?paper=a4`).
    #[arg(long, default_value = "letter")]
    paper: jongg_server::Paper,
    /// Seconds a client has to send a request's head (from connecting, or
    /// from its first byte after an idle spell); then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    header_timeout: Duration,
    /// Seconds a client has to send a request's body, once its head is in
    /// (a 408, then the connection is closed).
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = seconds)]
    body_timeout: Duration,
    /// Seconds a connection may stay open with no request under way (or
    /// moving no byte) before it is closed.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = seconds)]
    idle_timeout: Duration,
    /// Connections open at once (default: from the open-file limit, which
    /// `jongg serve` raises to its hard limit). Beyond it: a 503, then close.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..))]
    max_connections: Option<u32>,
    /// Connections from one address at once (a hall's phones may share one
    /// public address). Beyond it: a 503, then close.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..))]
    max_per_address: u32,
    /// Milliseconds the bots of the live tables wait before each move, as a
    /// person would (0 to 10000; the browser tests play faster with less).
    #[arg(long, value_name = "MS", default_value_t = jongg_server::PLAY_BOT_DELAY_MS, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    play_bot_delay_ms: u64,
}

/// A timeout in seconds (fractions allowed): more than 0, at most a day.
fn seconds(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(Duration::from_secs_f64(x)),
        _ => Err(format!(
            "`{s}` is not a number of seconds from 0 to 86400 (more than 0)"
        )),
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// The rules preset.
    #[arg(long, default_value = "standard")]
    preset: String,
    /// How many players.
    #[arg(long, default_value_t = 16)]
    players: u32,
    /// How many rounds.
    #[arg(long, default_value_t = RoundNo(4))]
    rounds: RoundNo,
    /// The seed of the seating and the simulated games.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// How the demo's games are made.
    #[arg(long, value_enum, default_value_t = DemoGames::Played)]
    games: DemoGames,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoGames {
    /// Every game played out by bots on the practice card and entered as its
    /// game record (the preset scores it).
    Played,
    /// Plain points, random but plausible (fast, for very large demos).
    Points,
}

/// One game played by four greedy bots on the practice card; the deal
/// passes to the right each game (R12), skipping an empty seat.
fn played_game(
    card: &Card,
) -> impl FnMut(&Preset, BySeat<bool>, GameNo, u64) -> Result<Entry, String> + '_ {
    move |preset, seated, game, seed| {
        let present: Vec<Seat> = Seat::ALL.into_iter().filter(|s| seated[*s]).collect();
        let turn = game.index().unwrap_or(0);
        let dealer = match present.len() {
            0 => Seat::East,
            n => present[turn % n],
        };
        let record = play_record(preset, card, seated, dealer, seed, BotKind::Greedy)
            .map_err(|e| e.to_string())?;
        Ok(Entry::Record { record })
    }
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The tournament's id (as `jongg serve` and `jongg demo` show it).
    #[arg(long)]
    tournament: i64,
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// The file to write (`-`: standard output).
    file: String,
}

#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// The tournament file (as `jongg export` writes it; `-`: standard input).
    file: String,
    /// Keep a copy of a tournament already in the database, under this name
    /// (without it, such a file is refused).
    #[arg(long)]
    name: Option<String>,
}

pub(crate) fn runtime() -> Result<jongg_tools::Runtime, ExitCode> {
    jongg_tools::runtime().map_err(|e| {
        eprintln!("error: cannot start the async runtime: {e}");
        ExitCode::FAILURE
    })
}

pub fn serve(a: ServeArgs) -> ExitCode {
    let bind: SocketAddr = match a.bind.parse() {
        Ok(b) => b,
        Err(_) => {
            return super::bad_input(format!(
                "--bind `{}` is not an address like 127.0.0.1:8080",
                a.bind
            ));
        }
    };
    let format = match a.log_format {
        LogFormat::Text => jongg_server::logging::LogFormat::Text,
        LogFormat::Json => jongg_server::logging::LogFormat::Json,
    };
    if let Err(e) = jongg_server::logging::init(format) {
        eprintln!("error: cannot start the log: {e}");
        return ExitCode::FAILURE;
    }
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let config = jongg_server::Config {
        database: a.database,
        bind,
        public_url: a.public_url,
        trusted_proxies: a.trusted_proxies,
        paper: a.paper,
        connections: jongg_server::ConnectionLimits {
            header_timeout: a.header_timeout,
            body_timeout: a.body_timeout,
            idle_timeout: a.idle_timeout,
            max_connections: a.max_connections.map(|n| n as usize),
            per_address: a.max_per_address as usize,
        },
        started: jongg_server::hall::Started::Command,
        play_tables_free: jongg_server::PLAY_TABLES_FREE,
        play_bot_delay_ms: a.play_bot_delay_ms,
        play_sign_ups_free: jongg_server::PLAY_SIGN_UPS_FREE,
        hashing: jongg_server::HashLimits::for_this_machine(),
        sockets: jongg_server::SocketLimits::default(),
        pace: jongg_server::PaceLimits::default(),
        tables: jongg_server::TableLimits::default(),
    };
    match rt.block_on(jongg_server::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn demo(a: DemoArgs) -> ExitCode {
    if a.players < 3 || a.players > 2000 {
        return super::bad_input(format!(
            "--players {} is out of range: 3 to 2000",
            a.players
        ));
    }
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let card = Card::practice();
    let mut played = played_game(&card);
    let mut points = random_points;
    let games: &mut GameMaker<'_> = match a.games {
        DemoGames::Points => &mut points,
        DemoGames::Played => &mut played,
    };
    match rt.block_on(jongg_tools::demo(
        &a.database,
        &a.preset,
        a.players,
        a.rounds,
        a.seed,
        games,
    )) {
        Ok((id, t)) => {
            let how = match a.games {
                DemoGames::Points => "plain points",
                DemoGames::Played => "games played by bots, entered as game records",
            };
            println!(
                "Created tournament {id}: {} players, {} rounds under `{}`, finished, {how} (database: {}).",
                a.players, a.rounds, a.preset, a.database
            );
            println!("Top of the standings:");
            for row in t.standings().rows.iter().take(10) {
                println!("  {:>3}. {:<12} {:>6}", row.rank, row.name, row.points);
            }
            println!(
                "See them all: run `{} serve --database {}` and open http://127.0.0.1:8080/t/{id}",
                jongg_server::hall::program(),
                a.database
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(e),
    }
}

pub fn export(a: ExportArgs) -> ExitCode {
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let (text, broken) = match rt.block_on(jongg_tools::export(&a.database, a.tournament)) {
        Ok(e) => (e.text, e.broken),
        Err(e) => return super::bad_input(e),
    };
    if let Some(why) = &broken {
        eprintln!(
            "warning: {why}. Its stored events are saved as they are, for a repair: the file will not import until the event named is mended."
        );
    }
    let written = if a.file == "-" {
        println!("{text}");
        Ok(())
    } else {
        std::fs::write(&a.file, text + "\n")
    };
    match written {
        Ok(()) => {
            if a.file != "-" {
                eprintln!("Wrote tournament {} to {}", a.tournament, a.file);
            }
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(format!("cannot write {}: {e}", a.file)),
    }
}

pub fn import(a: ImportArgs) -> ExitCode {
    // Read no more than a tournament file may hold (and one byte to tell).
    let limit = jongg_tournament::limits::MAX_FILE as u64;
    let mut text = String::new();
    let read = if a.file == "-" {
        std::io::Read::read_to_string(
            &mut std::io::Read::take(std::io::stdin(), limit + 1),
            &mut text,
        )
    } else {
        std::fs::File::open(&a.file).and_then(|f| {
            std::io::Read::read_to_string(&mut std::io::Read::take(f, limit + 1), &mut text)
        })
    };
    let name = if a.file == "-" {
        "standard input"
    } else {
        &a.file
    };
    match read {
        Ok(n) if n as u64 > limit => {
            return super::bad_input(format!(
                "{name} is larger than a tournament file may be ({limit} bytes)"
            ));
        }
        Ok(_) => {}
        Err(e) => return super::bad_input(format!("cannot read {name}: {e}")),
    }
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    match rt.block_on(jongg_tools::import(&a.database, &text, a.name)) {
        Ok((id, t)) => {
            let name = t.settings().map(|s| s.name.clone()).unwrap_or_default();
            println!(
                "Imported `{name}` as tournament {id} ({} events).",
                t.log().len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(e),
    }
}
