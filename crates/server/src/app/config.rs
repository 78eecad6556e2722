//! How the server is started, and why it could not start.

use crate::http::listen::ConnectionLimits;
use crate::state::paper::Paper;
use jongg_store::StoreError;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

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
    /// From a terminal or by a double-click: what the pages advise when
    /// phones cannot reach the server.
    pub started: crate::http::hall::Started,
    /// Live tables an address may create before it must wait (then 10 s,
    /// doubling; `api/play.rs`).
    pub play_tables_free: u32,
    /// How long a live table's bots wait before each move, as a person
    /// would (issue 24.5; default a second, 0 in tests).
    pub play_bot_delay_ms: u64,
    /// Players' sign-ups an address may send before it must wait (then
    /// 10 s, doubling; `pages/play_accounts.rs`).
    pub play_sign_ups_free: u32,
    /// Password hashes at once and waiting (issue 34.1; `state/password.rs`).
    pub hashing: crate::state::password::HashLimits,
    /// The shares of the live tables' tokenless sockets (issue 34.2;
    /// `state/sockets.rs`).
    pub sockets: crate::state::sockets::SocketLimits,
    /// The pace of socket messages and coach reviews (issue 34.7;
    /// `state/pace.rs`).
    pub pace: crate::state::pace::PaceLimits,
    /// How many live tables, and how long one nobody joined stays (issue
    /// 34.3; `state/tables/limits.rs`).
    pub tables: crate::state::tables::limits::TableLimits,
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
            started: Default::default(),
            play_tables_free: crate::api::play::FREE_TABLES,
            play_bot_delay_ms: crate::api::play::BOT_DELAY_MS,
            play_sign_ups_free: crate::pages::play_accounts::FREE_SIGN_UPS,
            hashing: Default::default(),
            sockets: Default::default(),
            pace: Default::default(),
            tables: Default::default(),
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
