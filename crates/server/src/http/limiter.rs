//! The login limiter (docs/security.md, "Logging in").
//!
//! Every attempt is charged to its keys *before* the password is checked,
//! under one lock, so fifty guesses sent at once are fifty charges, not
//! fifty checks against a counter that none of them has raised yet. A key is
//! the client's address, the account named, or a known device (a cookie a
//! past correct login set). Each key has a few free failures; after them it
//! must wait, twice as long after each further failure, up to a ceiling. A
//! correct password clears the keys it was charged to; a key with no
//! attempt for a day is forgotten.
//!
//! A login from a known device is charged to that device alone, so an
//! attacker failing against the account (from anywhere, or from the same
//! hall's network) never locks the director out of the device they use.
//! Sessions already open are not touched by any of this.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A wait as `Retry-After` gives it: whole seconds, rounded up, at least
/// one (a wait of 59.2 s is 60, never 59: issue 34.8).
pub fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs();
    let up = secs + u64::from(wait.subsec_nanos() > 0);
    up.max(1)
}

/// What an attempt is charged to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// The client's address (an IPv6 address by its /64 network: one
    /// machine commonly has a whole /64).
    Address(IpAddr),
    /// The account a login names (any name, known or not: the limiter
    /// must not tell them apart).
    Account(String),
    /// A device a correct login came from (its cookie's token).
    Device(String),
}

impl Key {
    pub fn address(ip: IpAddr) -> Key {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Key::Address(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    let net = [s[0], s[1], s[2], s[3], 0, 0, 0, 0];
                    Key::Address(IpAddr::V6(net.into()))
                }
            },
            v4 => Key::Address(v4),
        }
    }
}

/// How the limiter counts.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Failures a key may have before it must wait.
    pub free: u32,
    /// The first wait; each further failure doubles it.
    pub wait: Duration,
    /// The longest wait.
    pub max_wait: Duration,
    /// A key with no attempt for this long starts afresh.
    pub forget: Duration,
}

impl Policy {
    /// Five failures free, then 1 minute, 2, 4, ... up to an hour; a day
    /// without an attempt forgets.
    pub const LOGIN: Policy = Policy {
        free: 5,
        wait: Duration::from_secs(60),
        max_wait: Duration::from_secs(3600),
        forget: Duration::from_secs(24 * 3600),
    };

    fn backoff(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(self.free).min(20);
        self.wait.saturating_mul(1 << doublings).min(self.max_wait)
    }
}

#[derive(Debug, Clone, Copy)]
struct Strikes {
    /// Attempts charged and not cleared by a correct password.
    failures: u32,
    /// No attempt before this.
    until: Instant,
    last: Instant,
}

/// The most keys remembered; beyond it, those not waiting are forgotten.
const MAX_KEYS: usize = 100_000;

#[derive(Debug)]
pub struct LoginLimiter {
    policy: Policy,
    keys: Mutex<HashMap<Key, Strikes>>,
}

impl LoginLimiter {
    pub fn new(policy: Policy) -> LoginLimiter {
        LoginLimiter {
            policy,
            keys: Mutex::new(HashMap::new()),
        }
    }

    /// Charges one attempt to every key, or, if any key must still wait,
    /// charges nothing and says how long.
    pub fn charge(&self, keys: &[Key]) -> Result<(), Duration> {
        let now = Instant::now();
        let p = self.policy;
        let mut map = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        let mut wait = Duration::ZERO;
        for k in keys {
            if let Some(s) = map.get(k)
                && now.duration_since(s.last) < p.forget
            {
                wait = wait.max(s.until.saturating_duration_since(now));
            }
        }
        if !wait.is_zero() {
            return Err(wait);
        }
        if map.len() >= MAX_KEYS {
            map.retain(|_, s| s.until > now);
            if map.len() >= MAX_KEYS {
                // Only waiting keys are left: keep the accounts' and
                // devices', drop the addresses' (the accounts hold anyway).
                map.retain(|k, _| !matches!(k, Key::Address(_)));
            }
        }
        for k in keys {
            let s = map.entry(k.clone()).or_insert(Strikes {
                failures: 0,
                until: now,
                last: now,
            });
            if now.duration_since(s.last) >= p.forget {
                s.failures = 0;
            }
            s.failures = s.failures.saturating_add(1);
            s.last = now;
            if s.failures >= p.free {
                s.until = now + p.backoff(s.failures);
            }
        }
        Ok(())
    }

    /// A correct password: its keys start afresh.
    pub fn clear(&self, keys: &[Key]) {
        let mut map = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            map.remove(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> LoginLimiter {
        LoginLimiter::new(Policy {
            free: 3,
            wait: Duration::from_millis(40),
            max_wait: Duration::from_millis(150),
            forget: Duration::from_secs(60),
        })
    }

    fn keys(ip: u8, user: &str) -> [Key; 2] {
        [
            Key::address(IpAddr::from([10, 0, 0, ip])),
            Key::Account(user.into()),
        ]
    }

    #[test]
    fn the_attempt_that_reaches_the_limit_makes_the_next_wait() {
        let l = quick();
        let a = keys(1, "d");
        for _ in 0..3 {
            assert!(l.charge(&a).is_ok());
        }
        let wait = l.charge(&a).unwrap_err();
        assert!(wait > Duration::from_millis(30) && wait <= Duration::from_millis(40));
        // The account is shared by every address; another account is not.
        assert!(l.charge(&keys(2, "d")).is_err());
        assert!(l.charge(&keys(2, "e")).is_ok());
    }

    #[test]
    fn each_failure_after_the_free_ones_doubles_the_wait_up_to_the_ceiling() {
        let p = quick().policy;
        let waits: Vec<u128> = (3..=8).map(|f| p.backoff(f).as_millis()).collect();
        assert_eq!(waits, [40, 80, 150, 150, 150, 150]);
        assert_eq!(Policy::LOGIN.backoff(u32::MAX), Policy::LOGIN.max_wait);
        let l = quick();
        let a = keys(1, "d");
        for _ in 0..3 {
            l.charge(&a).unwrap();
        }
        std::thread::sleep(Duration::from_millis(45));
        l.charge(&a).unwrap();
        let wait = l.charge(&a).unwrap_err();
        assert!(wait > Duration::from_millis(70), "{wait:?}");
    }

    #[test]
    fn a_refused_attempt_is_not_charged_and_a_correct_one_clears() {
        let l = quick();
        let a = keys(1, "d");
        for _ in 0..3 {
            l.charge(&a).unwrap();
        }
        for _ in 0..100 {
            assert!(l.charge(&a).is_err());
        }
        std::thread::sleep(Duration::from_millis(45));
        // One attempt after the wait (100 refusals did not lengthen it).
        l.charge(&a).unwrap();
        l.clear(&a);
        for _ in 0..3 {
            assert!(l.charge(&a).is_ok());
        }
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(retry_after_secs(Duration::from_millis(59_200)), 60);
        assert_eq!(retry_after_secs(Duration::from_secs(60)), 60);
        assert_eq!(retry_after_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(Key::address(a), Key::address(b));
        assert_ne!(Key::address(a), Key::address(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(
            Key::address(mapped),
            Key::address(IpAddr::from([10, 0, 0, 1]))
        );
    }
}
