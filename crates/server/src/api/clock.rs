//! The round clock over HTTP (14.5): the director changes it with a reason;
//! anyone reads it. Both go through the domain's one reading,
//! `Tournament::clock`.

use crate::api::run_command;
use crate::body::Body;
use crate::body::clock::AdjustClock;
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::InRound;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Query, State};
use jongg_store::now_millis;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(read)),
        route(Access::Director, routes!(adjust))
            .form(|s| format!("The clock of round {} is changed", s.param("r"))),
    ]
}

/// `?at=` (Unix milliseconds): read the clock at that moment, not now.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AtQuery {
    /// The moment to read the clock at (default: now).
    #[param(minimum = 0)]
    at: Option<i64>,
}

/// A round's clock: its state (not_started, running, paused, warning,
/// time_called, stopped), time left, and the preset's timing rule.
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}/clock", params(InRound, AtQuery),
    responses((status = OK, description = "The clock", body = Object)))]
async fn read(
    State(app): State<Arc<AppState>>,
    Params(InRound { id, r }): Params<InRound>,
    Query(q): Query<AtQuery>,
) -> Result<Json<Value>, ApiError> {
    let now = q.at.unwrap_or_else(now_millis);
    if !jongg_tournament::limits::time_ok(now) {
        return Err(ApiError::bad_request(format!(
            "at={now} is not a moment between 1970 and 9999 (Unix milliseconds)"
        )));
    }
    let slot = app.tournaments.get(id)?;
    slot.read(|t| {
        let clock = t.clock(r, now)?;
        let timing = &t.preset()?.timing;
        Ok(Json(json!({
            "round": r,
            "at": now,
            "clock": clock,
            "rule": timing.rule,
            "warning": timing.warning,
            "on_time_duty": timing.on_time_duty,
            "changes": t.round(r)?.clock,
        })))
    })
}

/// Pause, resume, extend or restart a round's clock, saying why.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/clock", params(InRound), request_body = AdjustClock,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn adjust(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(b): Body<AdjustClock>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(r, now_millis())).await
}
