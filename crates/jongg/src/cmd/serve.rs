//! `jongg serve|demo|export|import` (issue 5): the tournament server and its
//! database tools. The work is in `jongg-server`; this only reads arguments.
use jongg_store::DEFAULT_DATABASE;
use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// The address people open, used in printed links (default: http:// and the bound address).
    #[arg(long)]
    public_url: Option<String>,
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
    #[arg(long, default_value_t = 4)]
    rounds: u8,
    /// The seed of the seating and the simulated games.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
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
}

fn runtime() -> Result<jongg_server::tools::Runtime, ExitCode> {
    jongg_server::tools::runtime().map_err(|e| {
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
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let config = jongg_server::Config {
        database: a.database,
        bind,
        public_url: a.public_url,
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
    match rt.block_on(jongg_server::tools::demo(
        &a.database,
        &a.preset,
        a.players,
        a.rounds,
        a.seed,
    )) {
        Ok((id, t)) => {
            println!(
                "Created tournament {id}: {} players, {} rounds under `{}`, finished (database: {}).",
                a.players, a.rounds, a.preset, a.database
            );
            println!("Top of the standings:");
            for row in t.standings().rows.iter().take(10) {
                println!("  {:>3}. {:<12} {:>6}", row.rank, row.name, row.points);
            }
            println!(
                "See them all: run `jongg serve --database {}` and open http://127.0.0.1:8080/api/tournaments/{id}/standings",
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
    let text = match rt.block_on(jongg_server::tools::export(&a.database, a.tournament)) {
        Ok(t) => t,
        Err(e) => return super::bad_input(e),
    };
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
    let text = if a.file == "-" {
        let mut s = String::new();
        match std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            Ok(_) => s,
            Err(e) => return super::bad_input(format!("cannot read standard input: {e}")),
        }
    } else {
        match std::fs::read_to_string(&a.file) {
            Ok(s) => s,
            Err(e) => return super::bad_input(format!("cannot read {}: {e}", a.file)),
        }
    };
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    match rt.block_on(jongg_server::tools::import(&a.database, &text)) {
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
