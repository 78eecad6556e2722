//! A count of the password checks this process has made and their argon2
//! cost (memory in KiB × passes × lanes, read from each hash checked): what
//! the login tests compare, so that an unknown name is shown to cost what
//! a known one does without timing it on a loaded machine (issue 34.10).
//! Two atomic additions a check; nextest runs each test in its own process.

use argon2::Params;
use argon2::password_hash::PasswordHash;
use std::sync::atomic::{AtomicU64, Ordering};

static CHECKS: AtomicU64 = AtomicU64::new(0);
static COST: AtomicU64 = AtomicU64::new(0);

/// Notes one check of `hash`.
pub(crate) fn note(hash: &PasswordHash<'_>) {
    let cost = Params::try_from(hash).map_or(0, |p| {
        u64::from(p.m_cost()) * u64::from(p.t_cost()) * u64::from(p.p_cost())
    });
    CHECKS.fetch_add(1, Ordering::SeqCst);
    COST.fetch_add(cost, Ordering::SeqCst);
}

/// The password checks made so far by this process and their summed cost.
#[cfg(feature = "test-support")]
pub fn checks_made() -> (u64, u64) {
    (CHECKS.load(Ordering::SeqCst), COST.load(Ordering::SeqCst))
}
