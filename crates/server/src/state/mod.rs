//! The application's state: every tournament folded in memory, the live
//! tables, and the event's time zone and clock readings.

pub(crate) mod card_library;
pub(crate) mod online;
pub(crate) mod pace;
pub mod paper;
pub(crate) mod password;
pub(crate) mod password_checks;
pub(crate) mod running;
pub(crate) mod sockets;
pub(crate) mod tables;
pub(crate) mod time;
pub(crate) mod tokens;
pub(crate) mod tournaments;
pub(crate) mod views;
pub(crate) mod zone;

use crate::http::error::ApiError;
use crate::http::{hosts, limiter};
use paper::Paper;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokens::TokenCache;
use tournaments::Tournaments;

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
    pub(crate) tokens: TokenCache,
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
    pub(crate) dummy_hash: tokio::sync::OnceCell<String>,
    /// Password hashes in flight (`password.rs`, issue 34.1).
    pub(crate) hashing: password::Hashing,
    /// PDFs rendered at once (each on a blocking thread, within a budget).
    pub(crate) pdf_slots: Arc<tokio::sync::Semaphore>,
    pub(crate) paper: Paper,
    /// What the director's pages say while no phone can open the public
    /// address, and the commands that fix it ([`hall::page_notice`]).
    pub(crate) hall_notice: Option<crate::http::hall::HallNotice>,
    /// Subscribers of the live feed at once (`live.rs`).
    pub(crate) live_slots: Arc<tokio::sync::Semaphore>,
    /// How often the live feed writes a comment while it waits: a dead
    /// peer is noticed, and the connection is never idle.
    pub(crate) live_keep_alive: Duration,
    /// "Stop jongg" on the director's page (`running.rs`).
    pub(crate) stop: running::RunState,
    /// The live tables (`tables.rs`, issue 23.2).
    pub(crate) tables: tables::Tables,
    /// Tables created per address (`api/play.rs`).
    pub(crate) play_limiter: limiter::LoginLimiter,
    /// Players' failed sign-ins, apart from the director's and the
    /// officials' logins (`pages/play_accounts.rs`, issue 34.6).
    pub(crate) player_limiter: limiter::LoginLimiter,
    /// The live tables' tokenless sockets: before their first message,
    /// and spectators (`sockets.rs`, issue 34.2).
    pub(crate) sockets: sockets::SocketShares,
    /// The pace of socket messages and coach reviews (`pace.rs`, 34.7).
    pub(crate) pace: pace::Pace,
    /// Players' sign-ups per address (`pages/play_accounts.rs`).
    pub(crate) sign_up_limiter: limiter::LoginLimiter,
}

impl AppState {
    /// The dummy password hash (made on first need).
    pub(crate) async fn dummy_hash(&self) -> Result<String, ApiError> {
        self.dummy_hash
            .get_or_try_init(|| self.hashing.hash(jongg_store::secret::new_token()))
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
