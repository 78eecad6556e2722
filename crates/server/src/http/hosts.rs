//! The names this server answers for (issue 19.9): a page of another site
//! whose name was made to point at this laptop (DNS rebinding) reaches the
//! server from the director's browser with its own name in `Host`, and
//! `Origin` the same, so the same-origin check (`guard.rs`) alone would take
//! it. So a request must name this server: the host of `--public-url` (and
//! of the address printed), a loopback name (`localhost`) when the server
//! listens on loopback or on every address, or an IP address. An address
//! can never be rebound: a rebinding page needs a name of its own; and
//! taking any address keeps the phones working when the laptop's hall
//! address changes after start. Anything else is answered 421 in words.

use crate::http::error::ApiError;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use std::net::{IpAddr, SocketAddr};

/// Which names a request may give in `Host`.
#[derive(Debug, Clone)]
pub(crate) struct Hosts {
    /// Names allowed beside the addresses, lower case, without a port.
    names: Vec<String>,
    /// `localhost` and `*.localhost` (loopback names) are allowed.
    loopback: bool,
    /// The address to suggest in a refusal.
    url: String,
}

impl Hosts {
    /// For a server bound to `bound`, printing `url` (the `--public-url`
    /// when given).
    pub(crate) fn new(bound: SocketAddr, url: &str) -> Hosts {
        let mut names = Vec::new();
        if let Some(h) = name_of(authority_of(url)) {
            names.push(h);
        }
        Hosts {
            names,
            loopback: bound.ip().is_loopback() || bound.ip().is_unspecified(),
            url: url.to_string(),
        }
    }

    /// Whether `host` (a `Host` header: `name[:port]`, `[v6]:port`) names
    /// this server.
    pub(crate) fn allows(&self, host: &str) -> bool {
        let Some(name) = name_of(host) else {
            return false;
        };
        if name.parse::<IpAddr>().is_ok() {
            return true;
        }
        if self.loopback && (name == "localhost" || name.ends_with(".localhost")) {
            return true;
        }
        self.names.contains(&name)
    }

    /// Refuses a request that names another server. One without `Host`
    /// (HTTP/1.0) is a program, not a browser, and passes.
    pub(crate) fn check(&self, headers: &HeaderMap, uri: &Uri) -> Result<(), ApiError> {
        let host = match headers.get(header::HOST) {
            Some(h) => h.to_str().unwrap_or("?"),
            None => match uri.authority() {
                Some(a) => a.as_str(),
                None => return Ok(()),
            },
        };
        if self.allows(host) {
            return Ok(());
        }
        let shown: String = host.chars().take(100).collect();
        Err(ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "this jongg server does not answer for the name `{shown}`: open it at {} (behind a reverse proxy or under another name, start `jongg serve` with --public-url and that address)",
                self.url
            ),
        ))
    }
}

/// The `host[:port]` of an address like `https://host:port/path`.
fn authority_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    authority.rsplit_once('@').map_or(authority, |(_, h)| h)
}

/// The name of a `host[:port]`, lower case, without a final dot; an IPv6
/// address without its brackets. None for what is no host at all.
fn name_of(host: &str) -> Option<String> {
    let host = host.trim();
    let name = match host.strip_prefix('[') {
        Some(v6) => {
            let (addr, rest) = v6.split_once(']')?;
            if !(rest.is_empty() || port(rest.strip_prefix(':')?)) {
                return None;
            }
            addr
        }
        None => match host.rsplit_once(':') {
            Some((name, p)) if port(p) => name,
            Some(_) => return None,
            None => host,
        },
    };
    let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
    let fine = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b':'));
    fine.then_some(name)
}

fn port(p: &str) -> bool {
    !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(a: &str) -> SocketAddr {
        a.parse().unwrap()
    }

    #[test]
    fn a_rebound_name_is_refused_and_our_own_names_taken() {
        let local = Hosts::new(bound("127.0.0.1:8080"), "http://127.0.0.1:8080");
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "localhost.:8080",
            "[::1]:8080",
            "192.168.1.20:8080",
        ] {
            assert!(local.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "",
            "a b",
            "[::1",
            "host:port",
        ] {
            assert!(!local.allows(bad), "{bad}");
        }
        let proxied = Hosts::new(bound("127.0.0.1:8080"), "https://Jongg.Example.org/");
        assert!(proxied.allows("jongg.example.org"));
        assert!(proxied.allows("jongg.example.org:443"));
        assert!(!proxied.allows("jongg.example.org.evil.example"));
        // Bound to a hall address only: loopback names do not reach it.
        let hall = Hosts::new(bound("192.168.1.20:8080"), "http://192.168.1.20:8080");
        assert!(hall.allows("192.168.1.20:8080"));
        assert!(!hall.allows("localhost:8080"));
        let every = Hosts::new(bound("0.0.0.0:8080"), "http://127.0.0.1:8080");
        assert!(every.allows("localhost:8080") && every.allows("10.0.0.5:8080"));
        assert!(!every.allows("rebind.evil.example:8080"));
    }
}
