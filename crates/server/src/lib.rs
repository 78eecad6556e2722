//! The jongg tournament server: a JSON HTTP API (axum) over the tournament
//! domain (`jongg-tournament`) and the event store (`jongg-store`).
//!
//! Layout: one module per area (`auth`, `tournaments`, `players`, `rounds`,
//! `pages`), each listing its routes in the table of [`routes`] with who may
//! call them; the router, its access layer (`access`) and the OpenAPI
//! document at `/openapi.json` are all built from that table. Request
//! bodies are typed (`body`), and the document's schemas come from the
//! same types.
//! [`state`] holds every tournament folded in memory and runs commands as
//! decide and apply, then answer once a grouped commit has stored them.
//! [`error::ApiError`] turns every failure into a
//! 4xx with a message naming what is wrong (or a 500 that leaks nothing).

mod access;
mod auth;
mod body;
mod card;
#[cfg(feature = "test-support")]
pub mod client;
mod clock;
mod error;
mod extract;
mod flash;
mod floor;
mod forms;
#[cfg(feature = "test-support")]
pub mod fuzzing;
mod guard;
pub mod hall;
mod health;
mod hosts;
mod limiter;
mod listen;
mod live;
mod local_path;
pub mod logging;
mod pages;
#[doc(hidden)]
pub mod pdf_text;
mod player_code;
mod players;
mod rounds;
pub mod routes;
mod schedule;
mod sheet_edits;
mod signer;
mod state;
mod tournaments;
mod zone;

pub use error::ApiError;
pub use listen::{ConnectionLimits, InForce, open_file_limit, raise_open_file_limit};
pub use pages::Paper;
pub use routes::openapi;

use access::Caller;
use axum::Router;
use jongg_store::{Store, StoreError};
use jongg_tournament::Command;
use serde_json::{Value, json};
use state::Tournaments;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// How `jongg serve` is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// `sqlite://path` or `postgres://...`.
    pub database: String,
    /// Where to listen, e.g. `127.0.0.1:8080` (port 0: any free port).
    pub bind: SocketAddr,
    /// The address people open, for printed links (default: `http://` + the bound address).
    /// When it is `https://...`, cookies are `Secure` and HSTS is sent.
    pub public_url: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (for the
    /// login limiter). Empty: the peer's address is the client's.
    pub trusted_proxies: Vec<IpAddr>,
    /// The paper PDFs are printed on, unless a PDF's address says `?paper=`.
    pub paper: Paper,
    /// Timeouts and bounds on connections (issue 19.3).
    pub connections: ConnectionLimits,
}

impl Config {
    pub fn new(database: impl Into<String>, bind: SocketAddr) -> Config {
        Config {
            database: database.into(),
            bind,
            public_url: None,
            trusted_proxies: Vec::new(),
            paper: Paper::default(),
            connections: ConnectionLimits::default(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}{}", bind_hint(.source, .addr))]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Shared by every handler.
#[derive(Debug)]
pub struct AppState {
    pub(crate) tournaments: Tournaments,
    pub(crate) limiter: limiter::LoginLimiter,
    /// Wrong table codes typed at `/code`, per address; wrong personal
    /// codes, per device at a table's link.
    pub(crate) code_limiter: limiter::LoginLimiter,
    /// Wrong personal codes per table link, whatever the device (19.8).
    pub(crate) sign_link_limiter: limiter::LoginLimiter,
    pub(crate) tokens: access::TokenCache,
    pub(crate) base_url: String,
    /// `scheme://host[:port]` of the public address, if one was given: a
    /// request's `Origin` may be it (behind a proxy that rewrites `Host`).
    pub(crate) public_origin: Option<String>,
    /// The names a request's `Host` may give (`hosts.rs`, issue 19.9).
    pub(crate) hosts: hosts::Hosts,
    /// The public address is https: cookies are `Secure`, HSTS is sent.
    pub(crate) secure_cookies: bool,
    pub(crate) trusted_proxies: Vec<IpAddr>,
    /// A hash of a random password, checked when a login names no account,
    /// so that such a login takes as long as one that does.
    dummy_hash: tokio::sync::OnceCell<String>,
    /// PDFs rendered at once (each on a blocking thread, within a budget).
    pub(crate) pdf_slots: Arc<tokio::sync::Semaphore>,
    pub(crate) paper: Paper,
    /// What the director's pages say while no phone can open the public
    /// address, and the commands that fix it ([`hall::page_notice`]).
    pub(crate) hall_notice: Option<(String, Vec<String>)>,
    /// Subscribers of the live feed at once (`live.rs`).
    pub(crate) live_slots: Arc<tokio::sync::Semaphore>,
    /// How often the live feed writes a comment while it waits: a dead
    /// peer is noticed, and the connection is never idle.
    pub(crate) live_keep_alive: Duration,
}

impl AppState {
    /// The dummy password hash (made on first need).
    pub(crate) async fn dummy_hash(&self) -> Result<String, ApiError> {
        self.dummy_hash
            .get_or_try_init(|| auth::hash_password(jongg_store::secret::new_token()))
            .await
            .cloned()
    }

    /// The scorekeeper token of a table (made on first ask), remembered so
    /// that its first use needs no lookup.
    pub(crate) async fn table_token(
        &self,
        link: jongg_store::TableLink,
    ) -> Result<String, ApiError> {
        let token = self.tournaments.store().table_token(link).await?;
        self.tokens.put_table(&token, link);
        Ok(token)
    }
}

/// The most bytes of a request body, but for an import (its own limit).
const BODY_LIMIT: usize = 1 << 20;

/// The router over `state`.
pub fn router(state: Arc<AppState>) -> Router {
    let mut r = Router::new();
    for route in routes::all() {
        let gate = access::Gate {
            app: state.clone(),
            access: route.access,
            page: route.answer == routes::Answer::Page,
        };
        let checked = route
            .handler
            .route_layer(axum::middleware::from_fn_with_state(gate, access::enforce))
            .route_layer(axum::middleware::from_fn_with_state(
                route.form,
                forms::layer,
            ));
        r = r.route(&route.path, checked);
    }
    let routed = r
        .fallback(|| async { ApiError::not_found("no such route: see /openapi.json") })
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state.clone());
    // The guard runs before routing: a page's form may give the method a
    // form cannot, or a value of the path (`forms.rs`).
    let app = Router::new()
        .fallback_service(routed)
        .layer(axum::middleware::from_fn_with_state(state, guard::guard));
    logging::with_request_log(app)
}

/// A running server.
#[derive(Debug)]
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The address to open, e.g. `http://127.0.0.1:8080`.
    pub url: String,
    /// The one-time link to set the director's password, if none is set yet.
    pub setup_link: Option<String>,
    /// The setup token of that link (tests use it).
    pub setup_token: Option<String>,
    /// This machine's addresses in the hall (what `jongg serve` offers).
    pub hall_addresses: Vec<hall::HallAddress>,
    /// The timeouts and bounds on connections in force.
    pub limits: InForce,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    checkpoints: tokio::task::JoinHandle<()>,
    state: Arc<AppState>,
}

impl Running {
    /// How many grouped commits the server has run (the load bench reports
    /// it beside the number of writes).
    pub fn commits(&self) -> u64 {
        self.state.tournaments.commits()
    }

    /// How it was started, for [`hall::advice`].
    pub fn hall_start<'a>(&'a self, database: &'a str) -> hall::Start<'a> {
        hall::Start {
            bound: self.addr,
            url: &self.url,
            database: not_default(database),
            addresses: &self.hall_addresses,
        }
    }

    /// Stops taking requests, finishes those under way, and returns.
    pub async fn stop(self) -> std::io::Result<()> {
        let _ = self.shutdown.send(());
        let served = self.task.await.map_err(std::io::Error::other);
        self.checkpoints.abort();
        served?
    }
}

/// Connects to the database, loads every tournament, and starts serving.
/// Never waits for input: a new director's setup link is returned (and
/// printed by [`run`]).
pub async fn start(config: Config) -> Result<Running, ServerError> {
    let store = Store::connect(&config.database).await?;
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServerError::Bind {
            addr: config.bind,
            source,
        })?;
    let addr = listener.local_addr()?;
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
    } else {
        addr
    };
    let url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{shown}"))
        .trim_end_matches('/')
        .to_string();
    let (setup_link, setup_token) = if store.has_director().await? {
        (None, None)
    } else {
        let token = store.new_setup_token().await?;
        (Some(format!("{url}/setup?token={token}")), Some(token))
    };
    let table_links = store.table_tokens().await?;
    let public_origin = config.public_url.as_deref().map(origin_of);
    let hall_addresses = hall::hall_addresses();
    let limits = config.connections.in_force(open_file_limit());
    let state = Arc::new(AppState {
        tournaments: Tournaments::load(store).await?,
        limiter: limiter::LoginLimiter::new(limiter::Policy::LOGIN),
        code_limiter: limiter::LoginLimiter::new(pages::CODE_POLICY),
        sign_link_limiter: limiter::LoginLimiter::new(player_code::LINK_POLICY),
        tokens: Default::default(),
        secure_cookies: url.starts_with("https://"),
        base_url: url.clone(),
        public_origin,
        hosts: hosts::Hosts::new(addr, &url),
        trusted_proxies: config.trusted_proxies.clone(),
        dummy_hash: Default::default(),
        pdf_slots: Arc::new(tokio::sync::Semaphore::new(2)),
        paper: config.paper,
        hall_notice: hall::page_notice(&url, not_default(&config.database), &hall_addresses),
        live_slots: Arc::new(tokio::sync::Semaphore::new(limits.live)),
        live_keep_alive: (limits.idle_timeout / 2)
            .min(live::KEEP_ALIVE)
            .max(Duration::from_millis(100)),
    });
    let app = router(state.clone());
    state.tokens.preload(table_links);
    let checkpoints = tokio::spawn(checkpoint_every_second(state.tournaments.store().clone()));
    let (shutdown, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(listen::serve(listener, app, limits, async {
        let _ = rx.await;
    }));
    Ok(Running {
        addr,
        url,
        setup_link,
        setup_token,
        hall_addresses,
        limits,
        shutdown,
        task,
        checkpoints,
        state,
    })
}

/// What to do about a port already taken (issue 20.16): another jongg, or
/// another program, has it; `--bind` chooses another.
fn bind_hint(e: &std::io::Error, addr: &SocketAddr) -> String {
    if e.kind() != std::io::ErrorKind::AddrInUse {
        return String::new();
    }
    let next = SocketAddr::new(addr.ip(), addr.port().wrapping_add(1).max(1024));
    let addr = if addr.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
    } else {
        *addr
    };
    format!(
        ". Another program has this port: is jongg already running (open http://{addr})? \
         Otherwise start it on another port: --bind {next}"
    )
}

/// A database to name in a suggested command (None: the default one).
fn not_default(database: &str) -> Option<&str> {
    (database != jongg_store::DEFAULT_DATABASE).then_some(database)
}

/// `scheme://host[:port]` of an address (what a browser sends as `Origin`).
fn origin_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    format!(
        "{}://{}",
        scheme.to_ascii_lowercase(),
        host.to_ascii_lowercase()
    )
}

/// Keeps SQLite's write-ahead log short from outside the commits, so that
/// no scorekeeper's commit waits for a checkpoint.
async fn checkpoint_every_second(store: Store) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(e) = store.checkpoint().await {
            tracing::warn!(error = %e, "checkpoint of the database failed (will retry)");
        }
    }
}

/// `jongg serve`: starts, prints the address (and the setup link on first
/// start), and serves until Ctrl-C.
pub async fn run(config: Config) -> Result<(), ServerError> {
    let database = logging::shown_database(&config.database);
    // Each connection is a file: as many as the system lets us (issue 19.3).
    if let Err(e) = raise_open_file_limit() {
        tracing::warn!(error = %e, "cannot raise the open-file limit");
    }
    let running = start(config).await?;
    // For the person who started it (standard output, not the log: the
    // setup link holds a one-time token).
    println!("jongg is serving at {} (database: {database})", running.url);
    for line in hall::advice(&running.hall_start(&database)) {
        println!("{line}");
    }
    if let Some(link) = &running.setup_link {
        println!("Set the director password: {link}");
    }
    let l = &running.limits;
    println!(
        "Connections: up to {} at once ({} from one address; the last {} kept for this machine), \
         open files: up to {}.",
        l.total, l.per_address, l.reserve, l.open_files
    );
    tracing::info!(url = %running.url, %database, setup = running.setup_link.is_some(),
        connections = l.total, per_address = l.per_address, open_files = l.open_files, "serving");
    let _ = tokio::signal::ctrl_c().await;
    tracing::info!("stopping: finishing the requests under way");
    running.stop().await?;
    tracing::info!("stopped");
    Ok(())
}

/// Runs a command for `caller` on tournament `id`; answers what was recorded.
pub(crate) async fn run_command(
    app: &AppState,
    id: i64,
    caller: &Caller,
    command: Command,
) -> Result<axum::Json<Value>, ApiError> {
    let actor = caller.writer(id)?;
    let events = app.tournaments.execute(id, actor, command).await?;
    Ok(axum::Json(json!({ "events": events })))
}
