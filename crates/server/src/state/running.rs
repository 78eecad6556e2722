//! This run of the server (issue 21.1): a name of its own, and the
//! director's request to stop it from the page ("Stop jongg", `api/running.rs`).
//! A director who started jongg with a double-click has no terminal to press
//! Ctrl-C in: the server then finishes the requests under way, closes its
//! database and ends.

use std::time::Duration;
use tokio::sync::{Notify, watch};

/// What `GET /api/server` names itself: a second start trusts an address
/// only when this answers there.
pub const SERVER_NAME: &str = "jongg";

/// How long a stop waits for the browser to fetch the "jongg has stopped"
/// page before the server ends anyway.
const PAGE_GRACE: Duration = Duration::from_secs(3);
/// Time left after that page, for its stylesheet and script.
const ASSET_GRACE: Duration = Duration::from_millis(300);

/// This run of the server: a name of its own, the director's request to
/// stop, and whether its page was shown.
#[derive(Debug)]
pub(crate) struct RunState {
    /// Random, new at each start: a second start checks that the server
    /// answering is the one its data folder's `running.json` names, not
    /// another jongg that took the port since. Not a secret.
    pub(crate) instance: String,
    requested: watch::Sender<bool>,
    pub(crate) page_shown: Notify,
}

impl Default for RunState {
    fn default() -> RunState {
        RunState {
            instance: jongg_store::secret::new_token(),
            requested: watch::channel(false).0,
            page_shown: Notify::new(),
        }
    }
}

impl RunState {
    pub(crate) fn request(&self) {
        self.requested.send_replace(true);
    }

    pub(crate) fn is_requested(&self) -> bool {
        *self.requested.borrow()
    }

    /// Returns once the director asked to stop and the browser has had the
    /// "jongg has stopped" page (or [`PAGE_GRACE`] has passed).
    pub(crate) async fn wait(&self) {
        let mut rx = self.requested.subscribe();
        if rx.wait_for(|asked| *asked).await.is_err() {
            // The sender lives as long as `self`: never here.
            std::future::pending::<()>().await;
        }
        if tokio::time::timeout(PAGE_GRACE, self.page_shown.notified())
            .await
            .is_ok()
        {
            tokio::time::sleep(ASSET_GRACE).await;
        }
    }
}

/// Which program answers (a second start's check).
#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[tokio::test]
    async fn a_stop_waits_for_its_page_then_ends() {
        let signal = Arc::new(RunState::default());
        let waiting = tokio::spawn({
            let s = signal.clone();
            async move { s.wait().await }
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(!waiting.is_finished(), "no stop was asked");
        signal.request();
        signal.page_shown.notify_one();
        tokio::time::sleep(ASSET_GRACE + Duration::from_millis(200)).await;
        assert!(
            waiting.is_finished(),
            "the page was shown: the stop goes on"
        );
    }

    #[tokio::test]
    async fn a_stop_without_its_page_ends_after_the_grace() {
        let signal = Arc::new(RunState::default());
        signal.request();
        let waiting = tokio::spawn({
            let s = signal.clone();
            async move { s.wait().await }
        });
        tokio::time::sleep(PAGE_GRACE - Duration::from_millis(500)).await;
        assert!(!waiting.is_finished(), "the page may still come");
        tokio::time::sleep(Duration::from_millis(1000)).await;
        assert!(waiting.is_finished());
    }
}
