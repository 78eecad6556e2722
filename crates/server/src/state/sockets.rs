//! The live tables' sockets that carry no seat's token (issue 34.2): a
//! socket before its first message, and a spectator's. A `watch` needs no
//! token, so without a share of their own 806 spectator sockets from two
//! addresses held every connection a 1,024-file server had, and every
//! other address got 503s. Now:
//!
//! - a socket waits for its first message (at most `HELLO_TIMEOUT`) within
//!   [`SocketLimits::pending_per_address`] per address, else the upgrade is
//!   a 503 with `Retry-After`;
//! - a spectator holds one of [`SocketLimits::spectators`] slots in all
//!   and of [`SocketLimits::spectators_per_address`] per address, else its
//!   `watch` is refused with `spectators_busy` and the socket closed.
//!
//! A seat's hello with its token takes no share: seats, the phones' pages
//! and the director always get in, whatever the spectators do. This
//! machine (a loopback address) is held by no address's share, as the
//! connections' bounds do not count it (`listen.rs`); the total holds.

use crate::http::limiter::Key;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The tokenless sockets' shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SocketLimits {
    /// Spectators at once, server-wide (None: a quarter of the connections).
    pub spectators: Option<usize>,
    /// Spectators at once from one address (an IPv6 /64).
    pub spectators_per_address: usize,
    /// Sockets from one address that have not said their first message.
    pub pending_per_address: usize,
}

impl Default for SocketLimits {
    fn default() -> SocketLimits {
        SocketLimits {
            spectators: None,
            spectators_per_address: 16,
            pending_per_address: 64,
        }
    }
}

/// Which share a slot is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pending,
    Spectator,
}

#[derive(Debug, Default)]
struct Counts {
    /// Per address: (pending, spectators).
    by_address: HashMap<Key, (usize, usize)>,
    spectators: usize,
}

/// The counts of tokenless sockets, per address and in all.
#[derive(Debug)]
pub(crate) struct SocketShares {
    spectators: usize,
    spectators_per_address: usize,
    pending_per_address: usize,
    counts: Arc<Mutex<Counts>>,
}

/// A socket's place in its share, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    counts: Arc<Mutex<Counts>>,
    key: Key,
    kind: Kind,
}

impl SocketShares {
    /// The shares, `connections` being the server's bound on connections.
    pub(crate) fn new(limits: SocketLimits, connections: usize) -> SocketShares {
        SocketShares {
            spectators: limits.spectators.unwrap_or(connections / 4).max(1),
            spectators_per_address: limits.spectators_per_address.max(1),
            pending_per_address: limits.pending_per_address.max(1),
            counts: Arc::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A socket from `ip` before its first message, if its address has room.
    pub(crate) fn pending(&self, ip: IpAddr) -> Option<Slot> {
        let key = Key::address(ip);
        let mut c = self.lock();
        let entry = c.by_address.entry(key.clone()).or_default();
        if entry.0 >= self.pending_per_address && !ip.is_loopback() {
            return None;
        }
        entry.0 += 1;
        Some(self.slot(key, Kind::Pending))
    }

    /// A spectator from `ip`, if the server and its address have room: why
    /// not otherwise.
    pub(crate) fn spectator(&self, ip: IpAddr) -> Result<Slot, &'static str> {
        let key = Key::address(ip);
        let mut c = self.lock();
        if c.spectators >= self.spectators {
            return Err("the server has as many spectators as it takes: try again in a minute");
        }
        let entry = c.by_address.entry(key.clone()).or_default();
        if entry.1 >= self.spectators_per_address && !ip.is_loopback() {
            return Err(
                "this address has as many spectators as one address may: close a table you watch, or try later",
            );
        }
        entry.1 += 1;
        c.spectators += 1;
        Ok(self.slot(key, Kind::Spectator))
    }

    fn slot(&self, key: Key, kind: Kind) -> Slot {
        Slot {
            counts: self.counts.clone(),
            key,
            kind,
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if self.kind == Kind::Spectator {
            c.spectators = c.spectators.saturating_sub(1);
        }
        if let Some(e) = c.by_address.get_mut(&self.key) {
            match self.kind {
                Kind::Pending => e.0 = e.0.saturating_sub(1),
                Kind::Spectator => e.1 = e.1.saturating_sub(1),
            }
            if *e == (0, 0) {
                c.by_address.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn spectators_are_bounded_per_address_and_in_all_and_given_back() {
        let s = SocketShares::new(
            SocketLimits {
                spectators: Some(3),
                spectators_per_address: 2,
                pending_per_address: 1,
            },
            1000,
        );
        let a1 = s.spectator(ip(1)).unwrap();
        let _a2 = s.spectator(ip(1)).unwrap();
        assert!(s.spectator(ip(1)).unwrap_err().contains("this address"));
        let _b1 = s.spectator(ip(2)).unwrap();
        assert!(s.spectator(ip(3)).unwrap_err().contains("the server"));
        drop(a1);
        assert!(s.spectator(ip(3)).is_ok());
        // Pending sockets have their own share.
        let p = s.pending(ip(1)).unwrap();
        assert!(s.pending(ip(1)).is_none());
        assert!(s.pending(ip(2)).is_some());
        drop(p);
        assert!(s.pending(ip(1)).is_some());
        // This machine is held by the total only.
        let here = IpAddr::from([127, 0, 0, 1]);
        let _p: Vec<_> = (0..5).map(|_| s.pending(here).unwrap()).collect();
        drop((_a2, _b1));
        let _s: Vec<_> = (0..3).map(|_| s.spectator(here).unwrap()).collect();
        assert!(s.spectator(here).unwrap_err().contains("the server"));
    }

    #[test]
    fn everything_given_back_leaves_nothing_behind() {
        let s = SocketShares::new(SocketLimits::default(), 100);
        assert_eq!(s.spectators, 25);
        let slots: Vec<_> = (0..10).map(|i| s.spectator(ip(i)).unwrap()).collect();
        let pending: Vec<_> = (0..10).filter_map(|i| s.pending(ip(i))).collect();
        drop(slots);
        drop(pending);
        let c = s.lock();
        assert!(c.by_address.is_empty());
        assert_eq!(c.spectators, 0);
    }
}
