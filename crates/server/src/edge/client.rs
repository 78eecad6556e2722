//! Who is at the other end of a request: the client's address, through a
//! proxy the server was told to trust. The login limiter and the table
//! cards' limiter key on it.

use crate::state::AppState;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};

/// The client's address: the peer's, or, when the peer is a proxy the
/// server was told to trust, the last address its `X-Forwarded-For` adds.
pub(crate) fn client_ip(app: &AppState, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if !app.trusted_proxies.contains(&peer.ip()) {
        return peer.ip();
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer.ip())
}
