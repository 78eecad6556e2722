//! "Stop jongg?" and "jongg has stopped" (issue 21.1): the director's page
//! asks once more before `POST /api/stop` (`api/running.rs`), and the stop
//! lands on a page that says how to start jongg again.

use super::{PageResult, html};
use crate::edge::route::{Access, Route, route};
use crate::state::AppState;
use askama::Template;
use axum::extract::State;
use std::sync::Arc;
use utoipa_axum::routes;

pub(crate) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(stop_page)),
        route(Access::Director, routes!(stopped_page)),
    ]
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
