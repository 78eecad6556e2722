//! Whether jongg runs at an address, and stopping it from the director's
//! page (issue 21.1). A director who started jongg with a double-click has
//! no terminal to press Ctrl-C in: the director's page offers "Stop jongg",
//! asks once more, and the server then finishes the requests under way,
//! closes its database and ends. A second double-click asks `GET
//! /api/server` at the address the first one wrote down, to be sure a jongg
//! answers there before opening it.

use crate::AppState;
use crate::body::Body;
use crate::pages::{PageResult, html};
use crate::routes::{Access, Route, route};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, watch};
use utoipa::ToSchema;
use utoipa_axum::routes;

/// What `GET /api/server` names itself: a second start trusts an address
/// only when this answers there.
pub const SERVER_NAME: &str = "jongg";

/// How long a stop waits for the browser to fetch the "jongg has stopped"
/// page before the server ends anyway.
const PAGE_GRACE: Duration = Duration::from_secs(3);
/// Time left after that page, for its stylesheet and script.
const ASSET_GRACE: Duration = Duration::from_millis(300);

pub(crate) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(server)),
        // The page the form lands on says it all: no "done" line above it.
        route(Access::Director, routes!(stop)).form(|_| String::new()),
        route(Access::Director, routes!(stop_page)),
        route(Access::Director, routes!(stopped_page)),
    ]
}

/// This run of the server: a name of its own, the director's request to
/// stop, and whether its page was shown.
#[derive(Debug)]
pub(crate) struct RunState {
    /// Random, new at each start: a second start checks that the server
    /// answering is the one its data folder's `running.json` names, not
    /// another jongg that took the port since. Not a secret.
    pub(crate) instance: String,
    requested: watch::Sender<bool>,
    page_shown: Notify,
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
    fn request(&self) {
        self.requested.send_replace(true);
    }

    fn is_requested(&self) -> bool {
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
#[utoipa::path(get, path = "/api/server", responses((status = OK, body = Object,
    description = "{\"name\": \"jongg\", \"version\": \"0.1.0\", \"instance\": \"(this run's id)\", \"stopping\": false}")))]
async fn server(State(app): State<Arc<AppState>>) -> axum::Json<Value> {
    axum::Json(json!({
        "name": SERVER_NAME,
        "version": env!("CARGO_PKG_VERSION"),
        "instance": app.stop.instance,
        "stopping": app.stop.is_requested(),
    }))
}

/// Stopping jongg takes nothing but the director's word: an empty object.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct StopJongg {}

/// Stop jongg: the requests under way are finished, the database closed,
/// and the program ends (the director's page asks first: `/director/stop`).
#[utoipa::path(post, path = "/api/stop", request_body = StopJongg,
    responses((status = ACCEPTED, body = Object, description = "{\"stopping\": true}: jongg ends within a few seconds")))]
async fn stop(
    State(app): State<Arc<AppState>>,
    Body(StopJongg {}): Body<StopJongg>,
) -> (StatusCode, axum::Json<Value>) {
    tracing::info!("the director asked jongg to stop");
    app.stop.request();
    (
        StatusCode::ACCEPTED,
        axum::Json(json!({ "stopping": true })),
    )
}

#[derive(Template)]
#[template(path = "stop.html")]
struct StopPage {}

/// "Stop jongg?": the question, and the button that stops it.
#[utoipa::path(get, path = "/director/stop", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn stop_page() -> PageResult {
    html(&StopPage {})
}

#[derive(Template)]
#[template(path = "stopped.html")]
struct StoppedPage {
    stopping: bool,
}

/// Where the stop lands: jongg has stopped, and how to start it again.
#[utoipa::path(get, path = "/director/stopped", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn stopped_page(State(app): State<Arc<AppState>>) -> PageResult {
    let stopping = app.stop.is_requested();
    let page = html(&StoppedPage { stopping });
    if stopping {
        app.stop.page_shown.notify_one();
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

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
