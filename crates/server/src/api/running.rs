//! Whether jongg runs at an address, and stopping it from the director's
//! page (issue 21.1). A director who started jongg with a double-click has
//! no terminal to press Ctrl-C in: the director's page offers "Stop jongg",
//! asks once more, and the server then finishes the requests under way,
//! closes its database and ends. A second double-click asks `GET
//! /api/server` at the address the first one wrote down, to be sure a jongg
//! answers there before opening it. The two pages are `pages/stop.rs`.

use crate::body::Body;
use crate::edge::route::{Access, Route, route};
use crate::state::AppState;
use crate::state::running::SERVER_NAME;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub(crate) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(server)),
        // The page the form lands on says it all: no "done" line above it.
        route(Access::Director, routes!(stop)).form(|_| String::new()),
    ]
}

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
