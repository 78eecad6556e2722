//! The pace of what one client may ask of the live tables (issue 34.7):
//! one connection sending acts or pings as fast as it could kept 1.45 of 2
//! cores busy, and the coach's reviews likewise. A token bucket per socket
//! and one per address (an IPv6 /64): each holds `burst` messages and
//! refills at `per_second`. A message beyond either is not passed on: the
//! socket answers `too_fast` (docs/play-protocol.md) and, past
//! [`Pace::CLOSE_AFTER`] refusals in a row, closes. The coach's reviews
//! are paced per address by the same buckets (a 429 with `Retry-After`).
//!
//! Every check takes the time it is made at, so the tests give it.

use crate::http::limiter::Key;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// A bucket's size and refill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub burst: f64,
    pub per_second: f64,
}

/// The paces of the live tables' sockets and of the coach.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaceLimits {
    /// One socket's messages.
    pub socket: Rate,
    /// All sockets of one address (a hall's phones behind one address).
    pub address: Rate,
    /// The coach's reviews from one address.
    pub reviews: Rate,
}

impl Default for PaceLimits {
    fn default() -> PaceLimits {
        PaceLimits {
            // A person plays a move every few seconds; a client program
            // at a table of programs (bot delay 0) sends a whole game's
            // messages, a few hundred, within seconds.
            socket: Rate {
                burst: 300.0,
                per_second: 50.0,
            },
            address: Rate {
                burst: 800.0,
                per_second: 400.0,
            },
            reviews: Rate {
                burst: 4.0,
                per_second: 1.0 / 15.0,
            },
        }
    }
}

/// A token bucket.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub(crate) fn full(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            tokens: rate.burst,
            at: now,
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * rate.per_second;
        self.tokens = (self.tokens + gained).min(rate.burst);
        self.at = now;
    }

    /// Takes one token, or says how long until there is one.
    pub(crate) fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        self.refill(rate, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return Ok(());
        }
        let missing = 1.0 - self.tokens;
        Err(Duration::from_secs_f64(missing / rate.per_second.max(1e-9)))
    }
}

/// The most addresses remembered; beyond it, the full buckets are dropped.
const MAX_ADDRESSES: usize = 100_000;

/// Buckets per address, for one kind of work.
#[derive(Debug)]
pub(crate) struct AddressPace {
    rate: Rate,
    buckets: Mutex<HashMap<Key, Bucket>>,
}

impl AddressPace {
    pub(crate) fn new(rate: Rate) -> AddressPace {
        AddressPace {
            rate,
            buckets: Mutex::default(),
        }
    }

    /// One unit of work from `ip`, or how long it must wait. This machine
    /// (a loopback address) is not paced: it is the director's, or a
    /// reverse proxy's whose clients it cannot tell apart.
    pub(crate) fn take(&self, ip: IpAddr) -> Result<(), Duration> {
        self.take_at(ip, Instant::now())
    }

    fn take_at(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if ip.is_loopback() {
            return Ok(());
        }
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_ADDRESSES {
            let rate = self.rate;
            map.retain(|_, b| {
                b.refill(rate, now);
                b.tokens < rate.burst
            });
        }
        map.entry(Key::address(ip))
            .or_insert_with(|| Bucket::full(self.rate, now))
            .take(self.rate, now)
    }
}

/// Coach reviews asked at once, server-wide (made one at a time).
const REVIEWS_WAITING: usize = 8;

/// The paces in force.
#[derive(Debug)]
pub(crate) struct Pace {
    pub(crate) socket: Rate,
    pub(crate) addresses: AddressPace,
    pub(crate) reviews: AddressPace,
    /// Coach reviews asked and not yet made (one is made at a time).
    pub(crate) reviews_waiting: tokio::sync::Semaphore,
}

impl Pace {
    /// Refusals in a row after which a socket is closed.
    pub(crate) const CLOSE_AFTER: u32 = 100;

    pub(crate) fn new(limits: PaceLimits) -> Pace {
        Pace {
            socket: limits.socket,
            addresses: AddressPace::new(limits.address),
            reviews: AddressPace::new(limits.reviews),
            reviews_waiting: tokio::sync::Semaphore::new(REVIEWS_WAITING),
        }
    }
}

/// One socket's pace: its own bucket, then its address's.
#[derive(Debug)]
pub(crate) struct SocketPace<'a> {
    pace: &'a Pace,
    ip: IpAddr,
    own: Bucket,
    /// Refusals since the last message taken.
    pub(crate) refused_in_a_row: u32,
}

impl<'a> SocketPace<'a> {
    pub(crate) fn new(pace: &'a Pace, ip: IpAddr) -> SocketPace<'a> {
        SocketPace {
            pace,
            ip,
            own: Bucket::full(pace.socket, Instant::now()),
            refused_in_a_row: 0,
        }
    }

    /// Whether one more message may pass.
    pub(crate) fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        let ok = self.own.take(self.pace.socket, now).is_ok()
            && self.pace.addresses.take_at(self.ip, now).is_ok();
        if ok {
            self.refused_in_a_row = 0;
        } else {
            self.refused_in_a_row = self.refused_in_a_row.saturating_add(1);
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: Rate = Rate {
        burst: 3.0,
        per_second: 2.0,
    };

    fn ms(t: u64) -> Duration {
        Duration::from_millis(t)
    }

    #[test]
    fn a_bucket_takes_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::full(RATE, t0);
        for _ in 0..3 {
            assert!(b.take(RATE, t0).is_ok());
        }
        assert_eq!(b.take(RATE, t0).unwrap_err(), ms(500));
        assert!(b.take(RATE, t0 + ms(500)).is_ok());
        assert!(b.take(RATE, t0 + ms(500)).is_err());
        // Never more than the burst, however long it rests.
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..3 {
            assert!(b.take(RATE, later).is_ok());
        }
        assert!(b.take(RATE, later).is_err());
    }

    #[test]
    fn a_socket_is_held_to_its_own_pace_and_its_address_to_the_shared_one() {
        let pace = Pace::new(PaceLimits {
            socket: RATE,
            address: Rate {
                burst: 5.0,
                per_second: 1.0,
            },
            reviews: RATE,
        });
        let t0 = Instant::now();
        let here = IpAddr::from([10, 0, 0, 1]);
        let mut one = SocketPace::new(&pace, here);
        let mut two = SocketPace::new(&pace, here);
        let mut other = SocketPace::new(&pace, IpAddr::from([10, 0, 0, 2]));
        assert_eq!((0..10).filter(|_| one.take_at(t0)).count(), 3);
        assert_eq!(one.refused_in_a_row, 7);
        // The address has 2 left of its 5: the second socket gets those.
        assert_eq!((0..10).filter(|_| two.take_at(t0)).count(), 2);
        // Another address is not held by this one.
        assert_eq!((0..10).filter(|_| other.take_at(t0)).count(), 3);
        assert!(one.take_at(t0 + Duration::from_secs(1)));
        assert_eq!(one.refused_in_a_row, 0);
    }

    #[test]
    fn this_machine_is_not_paced_by_address() {
        let pace = AddressPace::new(Rate {
            burst: 1.0,
            per_second: 0.001,
        });
        let t0 = Instant::now();
        for _ in 0..100 {
            assert!(pace.take_at(IpAddr::from([127, 0, 0, 1]), t0).is_ok());
        }
        assert!(pace.take_at(IpAddr::from([10, 0, 0, 1]), t0).is_ok());
        assert!(pace.take_at(IpAddr::from([10, 0, 0, 1]), t0).is_err());
    }
}
