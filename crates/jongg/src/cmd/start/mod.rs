//! `jongg` with no arguments, as a double-click starts it (issue 21.1): no
//! terminal, any working folder. The data lives in the user's data folder
//! (`folder.rs`), the server listens on the hall's address when the laptop
//! has one (`address.rs`), and the director's page opens in the default
//! browser: the setup page the first time. A second start opens the first
//! one's page (`instance.rs`). It runs until "Stop jongg" on the
//! director's page (or Ctrl-C where there is a terminal). `jongg serve`
//! with its flags is unchanged.

mod address;
mod browser;
mod folder;
mod instance;
mod log_file;

use instance::{Instance, Lock, RunningFile};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// How long a second start waits for the first to answer (it may be
/// starting at this very moment).
const WAIT_FOR_FIRST: Duration = Duration::from_secs(15);

pub fn run() -> ExitCode {
    let folder = match folder::data_folder() {
        Ok(f) => f,
        Err(e) => return fail(None, e),
    };
    if let Err(e) = std::fs::create_dir_all(&folder) {
        return fail(
            None,
            format!(
                "cannot create jongg's data folder {}: {e}",
                folder.display()
            ),
        );
    }
    let log = match folder::start_log(&folder) {
        Ok(l) => l,
        Err(e) => return fail(None, e),
    };
    match instance::claim(&folder) {
        Ok(Instance::First(lock)) => serve(&folder, &log, lock),
        Ok(Instance::Second) => open_the_first(&folder, &log),
        Err(e) => fail(
            Some(&log),
            format!("cannot lock jongg's data folder {}: {e}", folder.display()),
        ),
    }
}

/// The double-clicked jongg's database, for `jongg director
/// reset-password` run without `--database`.
#[derive(Debug)]
pub struct Clicked {
    pub database: String,
    /// Its address, while it runs.
    pub url: Option<String>,
}

/// The database in this user's data folder, if there is one.
pub fn clicked_database() -> Option<Clicked> {
    let folder = folder::data_folder().ok()?;
    let database = folder::database_url(&folder);
    let file = jongg_store::sqlite_file(&database)?;
    if !Path::new(&file).is_file() {
        return None;
    }
    let url = instance::read_running(&folder)
        .filter(instance::answers)
        .map(|r| r.own_url(&this_machine()));
    Some(Clicked { database, url })
}

/// This machine's addresses in the hall (loopback ones are always its own).
fn this_machine() -> Vec<std::net::IpAddr> {
    jongg_server::hall::hall_addresses()
        .into_iter()
        .map(|a| a.ip)
        .collect()
}

/// Another jongg holds the folder: open its page.
fn open_the_first(folder: &Path, log: &Path) -> ExitCode {
    let until = std::time::Instant::now() + WAIT_FOR_FIRST;
    loop {
        if let Some(first) = instance::read_running(folder)
            && instance::answers(&first)
        {
            // Only jongg's own http address on this machine is opened.
            let url = first.own_url(&this_machine());
            println!("jongg is already running at {url}: opening its page.");
            println!("{}", browser::open(&format!("{url}/director")));
            return ExitCode::SUCCESS;
        }
        if std::time::Instant::now() >= until {
            return fail(
                Some(log),
                format!(
                    "another jongg is using the data folder {} but does not answer. \
                     Wait a minute and start jongg again; if that fails too, restart the computer",
                    folder.display()
                ),
            );
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// This start serves: until "Stop jongg" or Ctrl-C.
fn serve(folder: &Path, log: &Path, lock: Lock) -> ExitCode {
    if let Err(e) = jongg_server::raise_open_file_limit() {
        tracing::warn!(error = %e, "cannot raise the open-file limit");
    }
    let rt = match super::serve::runtime() {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let database = folder::database_url(folder);
    let hall = jongg_server::hall::hall_addresses();
    let plan = address::Plan::new(&hall, address::first_port());
    let running = match rt.block_on(address::start(&database, &plan)) {
        Ok(r) => r,
        Err(e) => return fail(Some(log), e),
    };
    let record = RunningFile {
        url: running.url.clone(),
        port: running.addr.port(),
        ipv6: running.addr.is_ipv6(),
        pid: std::process::id(),
        instance: running.instance().to_string(),
    };
    if let Err(e) = lock.write_running(&record) {
        tracing::warn!(error = %e, "cannot write running.json: a second start will not find this one");
    }
    println!(
        "jongg is serving at {} (its data: {})",
        running.url,
        folder.display()
    );
    if running.addr.port() != plan.first_port {
        println!(
            "(Port {} is taken by another program, so jongg uses port {}.)",
            plan.first_port,
            running.addr.port()
        );
    }
    for line in jongg_server::hall::advice(&running.hall_start(&database)) {
        println!("{line}");
    }
    println!("The log is in {}", log.display());
    tracing::info!(url = %running.url, folder = %folder.display(), "serving");
    let page = match &running.setup_link {
        Some(link) => {
            println!("Set the director password: {link}");
            link.clone()
        }
        None => format!("{}/director", running.url),
    };
    println!("{}", browser::open(&page));
    let ends = EndSignals::listen(&rt);
    println!("To stop jongg: \"Stop jongg\" on the director's page, or Ctrl-C here.");
    let stopped = rt.block_on(async {
        tokio::select! {
            () = ends.heard() => {}
            () = running.stop_requested() => {}
        }
        tracing::info!("stopping: finishing the requests under way");
        running.stop_and_close().await
    });
    lock.remove_running();
    match stopped {
        Ok(()) => {
            tracing::info!("stopped");
            println!(
                "jongg has stopped. Everything entered is kept in {}.",
                folder.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(Some(log), format!("jongg did not stop cleanly: {e}")),
    }
}

/// Ctrl-C, or on Unix the system's request to end (a log-out, a shutdown):
/// either way the requests under way are finished and the database closed.
/// Listened for from before "To stop jongg" is printed (inside the runtime),
/// so a signal sent upon reading that line is heard rather than fatal.
struct EndSignals {
    #[cfg(unix)]
    interrupt: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
}

impl EndSignals {
    fn listen(rt: &tokio::runtime::Runtime) -> EndSignals {
        let _inside = rt.enter();
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            EndSignals {
                interrupt: signal(SignalKind::interrupt()).ok(),
                terminate: signal(SignalKind::terminate()).ok(),
            }
        }
        #[cfg(not(unix))]
        EndSignals {}
    }

    async fn heard(self) {
        #[cfg(unix)]
        {
            let (mut interrupt, mut terminate) = (self.interrupt, self.terminate);
            tokio::select! {
                () = one(interrupt.as_mut()) => {}
                () = one(terminate.as_mut()) => {}
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The next arrival of a signal listened for (never, if it could not be).
#[cfg(unix)]
async fn one(signal: Option<&mut tokio::signal::unix::Signal>) {
    match signal {
        Some(s) => {
            let _ = s.recv().await;
        }
        None => std::future::pending().await,
    }
}

/// Says what went wrong where the person can read it: the terminal (a
/// double-click on Windows opens one, which stays until Enter), and the
/// log file when there is one.
fn fail(log: Option<&Path>, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    if let Some(log) = log {
        tracing::error!("{message}");
        eprintln!("(This is also written in the log: {})", log.display());
    }
    if std::io::stdin().is_terminal() {
        eprintln!("Press Enter to close this window.");
        let _ = std::io::stdin().read_line(&mut String::new());
    }
    ExitCode::FAILURE
}
