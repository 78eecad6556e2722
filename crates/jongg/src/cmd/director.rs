//! `jongg director reset-password` (issue 13): the director forgot the
//! password. It runs on the computer that holds jongg's database and opens
//! that database directly, so it needs no password: being at that computer,
//! with its files, is the proof (the same as for `jongg export`). It
//! removes the director's password, ends every login session, and prints a
//! new one-time setup link. A running `jongg serve` needs no restart.

use jongg_store::{DEFAULT_DATABASE, Store};
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum DirectorCommand {
    /// Forgot the director's password: log the director out everywhere and
    /// print a new one-time setup link. Run it on the computer that runs jongg.
    ResetPassword(ResetArgs),
}

#[derive(clap::Args, Debug)]
pub struct ResetArgs {
    /// The database: `sqlite://path/file.sqlite` or `postgres://user@host:port/db`
    /// (default: ./data/jongg.sqlite, or else the double-clicked jongg's, in
    /// this user's data folder).
    #[arg(long)]
    database: Option<String>,
    /// The address the link starts with: the --public-url `jongg serve` was
    /// started with (default: the running double-clicked jongg's address,
    /// else one for a browser on this computer).
    #[arg(long)]
    public_url: Option<String>,
}

/// The address of a browser on this computer.
const LOCAL_URL: &str = "http://127.0.0.1:8080";

/// The database and address to use: as given, else `./data` when it holds
/// a database, else the double-clicked jongg's (issue 21.1).
fn resolve(a: ResetArgs) -> (String, String) {
    let here = jongg_store::sqlite_file(DEFAULT_DATABASE)
        .is_some_and(|f| std::path::Path::new(&f).is_file());
    let clicked = match (&a.database, here) {
        (None, false) => super::start::clicked_database(),
        _ => None,
    };
    let url = a
        .public_url
        .or_else(|| clicked.as_ref().and_then(|c| c.url.clone()));
    let database = a
        .database
        .or_else(|| clicked.map(|c| c.database))
        .unwrap_or_else(|| DEFAULT_DATABASE.to_string());
    (database, url.unwrap_or_else(|| LOCAL_URL.to_string()))
}

pub fn run(c: DirectorCommand) -> ExitCode {
    match c {
        DirectorCommand::ResetPassword(a) => reset_password(a),
    }
}

fn reset_password(a: ResetArgs) -> ExitCode {
    let (database, url) = resolve(a);
    let url = url.trim_end_matches('/');
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return super::bad_input(format!(
            "--public-url `{url}` is not an address like http://192.168.1.20:8080"
        ));
    }
    // Never a new, empty database where the director expected theirs: a
    // link to it would set a password nobody's jongg uses.
    if let Some(file) = jongg_store::sqlite_file(&database)
        && !std::path::Path::new(&file).is_file()
    {
        return super::bad_input(format!(
            "there is no jongg database at {file}: run this in the folder you start `jongg serve` from, or name the database with --database (as `jongg serve` printed it)"
        ));
    }
    let rt = match super::serve::runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let reset = rt.block_on(async {
        let store = Store::connect(&database).await?;
        let reset = store.reset_director().await;
        store.close().await;
        reset
    });
    let reset = match reset {
        Ok(r) => r,
        Err(e) => return super::bad_input(format!("cannot reset the password: {e}")),
    };
    match &reset.username {
        Some(name) => println!(
            "The director's password is removed (the username was `{name}`), and {} login session(s) ended.",
            reset.sessions
        ),
        None => println!("No director's password was set yet."),
    }
    println!(
        "The floor officials' login sessions ended too ({}): their logins stay, so they log in again with their own passwords.",
        reset.official_sessions
    );
    let path = format!("/setup?token={}", reset.token);
    println!("Set a new password with this one-time link: {url}{path}");
    println!(
        "(jongg serve need not be restarted. If it runs at another address, open {path} there. Only the newest link works.)"
    );
    ExitCode::SUCCESS
}
