//! The router over the route table, and the server's start and run.

use super::config::{Config, ServerError};
use super::routes;
use crate::api::{live, play, player_code};
use crate::edge::{access, forms, guard};
use crate::http::error::ApiError;
use crate::http::listen::{InForce, open_file_limit, raise_open_file_limit};
use crate::http::{hall, hosts, limiter, listen, logging};
use crate::pages;
use crate::state::AppState;
use crate::state::tables::Tables;
use crate::state::tournaments::Tournaments;
use axum::Router;
use jongg_store::Store;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

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

    /// The most password hashes that ran at once (issue 34.1's tests).
    pub fn hashing_peak(&self) -> usize {
        self.state.hashing.peak()
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
        // The live tables' sockets close and their owners end: a new
        // server resumes them from the store.
        self.state.tables.stop_all().await;
        let served = self.task.await.map_err(std::io::Error::other);
        self.checkpoints.abort();
        served?
    }

    /// Returns once the director pressed "Stop jongg" and its page was
    /// shown (`api/running.rs`); until then, never.
    pub async fn stop_requested(&self) {
        self.state.stop.wait().await
    }

    /// This run's own id, as `GET /api/server` answers it (`api/running.rs`).
    pub fn instance(&self) -> &str {
        &self.state.stop.instance
    }

    /// [`Running::stop`], then the database closed: SQLite's write-ahead
    /// log is folded into its file, nothing is left half-written.
    pub async fn stop_and_close(self) -> std::io::Result<()> {
        let store = self.state.tournaments.store().clone();
        let stopped = self.stop().await;
        store.close().await;
        stopped
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
    // Every open live table resumed before the first request is served.
    let tables = Tables::resume_all(store.clone(), config.play_bot_delay_ms, config.tables).await?;
    // The lobby's rooms that do not read back, listed for the director
    // (issue 34.5); the lobby serves the others whatever this finds.
    if let Err(e) = tables.find_unreadable_rooms().await {
        tracing::error!(error = %e.message, "cannot read the lobby's rooms");
    }
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
        hashing: crate::state::password::Hashing::new(config.hashing),
        pdf_slots: Arc::new(tokio::sync::Semaphore::new(2)),
        paper: config.paper,
        hall_notice: hall::page_notice(
            &url,
            not_default(&config.database),
            &hall_addresses,
            config.started,
        ),
        live_slots: Arc::new(tokio::sync::Semaphore::new(limits.live)),
        live_keep_alive: (limits.idle_timeout / 2)
            .min(live::KEEP_ALIVE)
            .max(Duration::from_millis(100)),
        stop: Default::default(),
        tables,
        play_limiter: limiter::LoginLimiter::new(play::create_policy(config.play_tables_free)),
        player_limiter: limiter::LoginLimiter::new(limiter::Policy::LOGIN),
        sockets: crate::state::sockets::SocketShares::new(config.sockets, limits.total),
        pace: crate::state::pace::Pace::new(config.pace),
        sign_up_limiter: limiter::LoginLimiter::new(crate::pages::play_accounts::sign_up_policy(
            config.play_sign_ups_free,
        )),
    });
    let app = router(state.clone());
    state.tokens.preload(table_links);
    let checkpoints = tokio::spawn(checkpoint_every_second(state.tournaments.store().clone()));
    // Online rounds: games to their sheets, time called (issue 23.7).
    tokio::spawn(crate::state::online::run(state.clone()));
    // Tables nobody joined closed, never played by bots (issue 34.3).
    let sweeper = state.clone();
    tokio::spawn(async move { sweeper.tables.close_unjoined_every_minute().await });
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
/// start), and serves until Ctrl-C or the director's "Stop jongg".
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
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = running.stop_requested() => {}
    }
    tracing::info!("stopping: finishing the requests under way");
    running.stop_and_close().await?;
    tracing::info!("stopped");
    Ok(())
}
