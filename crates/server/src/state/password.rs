//! Password hashes (argon2), made and checked off the async threads: the
//! director's, the officials' and the players' logins and sign-ups, and the
//! state's dummy hash.
//!
//! Each hash holds argon2's 19 MiB for its length (issue 34.1: 100 sign-ins
//! at once held 1.9 GB, and the allocator kept it). So hashes are bounded as
//! the PDFs are: at most [`HashLimits::at_once`] run at a time, each on a
//! blocking thread, and at most [`HashLimits::waiting`] more wait their turn,
//! each for at most [`WAIT_BUDGET`]; beyond either the answer is a 503 with
//! `Retry-After`, before any hashing. The memory in use is then at most
//! `at_once × 19 MiB` whatever the load, and what the allocator keeps after
//! a burst is bounded by the same figure (giving it back to the system
//! would need `malloc_trim`, FFI that the workspace's `unsafe_code = forbid`
//! rules out; bounding what is ever taken is the cure).

use crate::http::error::ApiError;
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use axum::http::StatusCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a hash may wait for its turn before the answer is a 503.
pub(crate) const WAIT_BUDGET: Duration = Duration::from_secs(10);

/// What a refused hash tells the client to wait, in seconds.
pub(crate) const RETRY_AFTER_SECS: u64 = 5;

/// How many password hashes run at once, and how many may wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashLimits {
    /// Hashes running at once (each 19 MiB and a core for its length).
    pub at_once: usize,
    /// Hashes waiting for a turn; beyond them, a 503 at once.
    pub waiting: usize,
}

impl HashLimits {
    /// One hash a core, 1 to 4 (76 MiB at most), and 32 waiting.
    pub fn for_this_machine() -> HashLimits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        HashLimits {
            at_once: cores.clamp(1, 4),
            waiting: 32,
        }
    }
}

impl Default for HashLimits {
    fn default() -> HashLimits {
        HashLimits::for_this_machine()
    }
}

/// The hashes in flight: admitted (running or waiting) and running.
#[derive(Debug)]
pub(crate) struct Hashing {
    admitted: Arc<Semaphore>,
    running: Arc<Semaphore>,
    busy: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

impl Hashing {
    pub(crate) fn new(limits: HashLimits) -> Hashing {
        let at_once = limits.at_once.max(1);
        Hashing {
            admitted: Arc::new(Semaphore::new(at_once + limits.waiting)),
            running: Arc::new(Semaphore::new(at_once)),
            busy: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// The most hashes that ever ran at once (for the tests).
    pub(crate) fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// Runs `work` on a blocking thread when a turn is free: a 503 with
    /// `Retry-After` if too many wait already or the turn does not come
    /// within [`WAIT_BUDGET`].
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let Ok(admitted) = self.admitted.clone().try_acquire_owned() else {
            tracing::warn!("password hash refused: too many under way");
            return Err(busy());
        };
        let turn = tokio::time::timeout(WAIT_BUDGET, self.running.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(ApiError::internal)?;
        let (busy_now, peak) = (self.busy.clone(), self.peak.clone());
        tokio::task::spawn_blocking(move || {
            // Both are held until the hash ends, even if the request is gone.
            let _held = (admitted, turn);
            let now = busy_now.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(now, Ordering::SeqCst);
            let out = work();
            busy_now.fetch_sub(1, Ordering::SeqCst);
            out
        })
        .await
        .map_err(ApiError::internal)
    }

    /// Hashes a password with argon2.
    pub(crate) async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(ApiError::internal)
        })
        .await?
    }

    /// Whether `password` is the one `hash` was made of.
    pub(crate) async fn verify(&self, password: String, hash: String) -> Result<bool, ApiError> {
        self.run(move || {
            let parsed = PasswordHash::new(&hash).map_err(ApiError::internal)?;
            super::password_checks::note(&parsed);
            Ok(Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
        })
        .await?
    }
}

fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the server is checking many passwords at once: try again in {RETRY_AFTER_SECS} s"),
    )
    .retry_after(RETRY_AFTER_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_beyond_the_bound_wait_and_beyond_the_queue_are_refused() {
        let h = Arc::new(Hashing::new(HashLimits {
            at_once: 1,
            waiting: 2,
        }));
        let (go, gate) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new(std::sync::Mutex::new(gate));
        let mut held = Vec::new();
        // One runs (held at the gate), two wait.
        for _ in 0..3 {
            let (h, gate) = (h.clone(), gate.clone());
            held.push(tokio::spawn(async move {
                h.run(move || gate.lock().unwrap().recv().is_ok()).await
            }));
        }
        while h.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let refused = h.run(|| true).await.unwrap_err();
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(refused.retry_after, Some(RETRY_AFTER_SECS));
        for _ in 0..3 {
            go.send(()).unwrap();
        }
        for t in held {
            assert!(t.await.unwrap().unwrap());
        }
        assert_eq!(h.peak(), 1);
        // Room again once they are done.
        assert!(h.run(|| true).await.unwrap());
    }

    #[tokio::test]
    async fn a_hash_verifies_its_own_password_only() {
        let h = Hashing::new(HashLimits::for_this_machine());
        let hash = h.hash("correct horse".into()).await.unwrap();
        assert!(
            h.verify("correct horse".into(), hash.clone())
                .await
                .unwrap()
        );
        assert!(!h.verify("wrong horse".into(), hash).await.unwrap());
    }
}
