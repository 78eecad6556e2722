//! A computed seating for the rounds left, over HTTP (14.8): the director
//! sees the offer (its repeat meetings against the preset's movement) and
//! adopts it; the seating is computed off the async threads, and what is
//! adopted is what was offered (the same state gives the same seating).

use crate::api::run_command;
use crate::body::{Body, Empty};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::views::offer_of;
use axum::Json;
use axum::extract::State;
use jongg_tournament::{Command, ScheduleOffer};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(offer)),
        route(Access::Director, routes!(adopt)).form(|_| "The computed seating is adopted".into()),
    ]
}

/// A computed seating for the rounds not started: its repeat meetings,
/// the preset's movement's, and the seating adopted, if any.
#[utoipa::path(get, path = "/api/tournaments/{id}/schedule", params(InTournament),
    responses((status = OK, description = "The offer", body = Object)))]
async fn offer(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    let offer = offer_of(&app, id).await?;
    let adopted = app.tournaments.get(id)?.read(|t| t.schedule().cloned());
    Ok(Json(json!({
        "offer": offer,
        "fewer": offer.as_ref().and_then(ScheduleOffer::fewer),
        "adopted": adopted,
    })))
}

/// Adopt the computed seating for the rounds not started; seat them then
/// with the method `scheduled`.
#[utoipa::path(post, path = "/api/tournaments/{id}/schedule", params(InTournament), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn adopt(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTournament { id }): Params<InTournament>,
    Body(_): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let Some(offer) = offer_of(&app, id).await? else {
        return Err(ApiError::conflict(
            "no round is left to seat: nothing to compute".to_string(),
        ));
    };
    run_command(&app, id, &caller, Command::AdoptSchedule { offer }).await
}
