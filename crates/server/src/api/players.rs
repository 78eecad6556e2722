//! Players: register, correct, withdraw, late, arrive, substitute, records.

use crate::api::run_command;
use crate::body::players::{RegisterPlayer, Substitute, UpdatePlayer};
use crate::body::{Body, Empty};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InPlayer, InTournament};
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_tournament::{Command, PlayerNo};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(list)),
        route(Access::Director, routes!(register)).form(|s| {
            format!(
                "{} registered as player {}",
                s.field("name"),
                s.field("number")
            )
        }),
        route(Access::Public, routes!(record)),
        route(Access::Director, routes!(update)),
        route(Access::Director, routes!(withdraw))
            .form(|s| format!("Player {} withdrawn", s.param("n"))),
        route(Access::Director, routes!(late))
            .form(|s| format!("Player {} marked not here yet", s.param("n"))),
        route(Access::Director, routes!(arrive))
            .form(|s| format!("Player {} arrived", s.param("n"))),
        route(Access::Director, routes!(substitute)).form(|s| {
            format!(
                "{} (player {}) substitutes for player {}",
                s.field("name"),
                s.field("number"),
                s.param("n")
            )
        }),
    ]
}

/// The registered players.
#[utoipa::path(get, path = "/api/tournaments/{id}/players", params(InTournament),
    responses((status = OK, description = "The players", body = Object)))]
async fn list(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| Json(json!({ "players": t.players().collect::<Vec<_>>() })))
        .into_response())
}

/// Register a player.
#[utoipa::path(post, path = "/api/tournaments/{id}/players", params(InTournament), request_body = RegisterPlayer,
    responses((status = CREATED, description = "The events recorded", body = Object)))]
async fn register(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTournament { id }): Params<InTournament>,
    Body(b): Body<RegisterPlayer>,
) -> Result<Response, ApiError> {
    let out = run_command(&app, id, &caller, b.into()).await?;
    Ok((StatusCode::CREATED, out).into_response())
}

/// A player and their game-by-game record.
#[utoipa::path(get, path = "/api/tournaments/{id}/players/{n}", params(InPlayer),
    responses((status = OK, description = "The player and their record", body = Object)))]
async fn record(
    State(app): State<Arc<AppState>>,
    Params(InPlayer { id, n }): Params<InPlayer>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    slot.read(|t| {
        let player = t.player(PlayerNo(n))?;
        let record = t.player_record(PlayerNo(n))?;
        Ok(Json(json!({ "player": player, "record": record })))
    })
}

/// Correct a player's name or club.
#[utoipa::path(patch, path = "/api/tournaments/{id}/players/{n}", params(InPlayer), request_body = Option<UpdatePlayer>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn update(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(b): Body<UpdatePlayer>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(n)).await
}

/// The player leaves; scores so far stand.
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/withdraw", params(InPlayer), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn withdraw(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let number = PlayerNo(n);
    run_command(&app, id, &caller, Command::WithdrawPlayer { number }).await
}

/// The player has not arrived: not seated until they do.
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/late", params(InPlayer), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn late(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let number = PlayerNo(n);
    run_command(&app, id, &caller, Command::MarkLate { number }).await
}

/// A late player arrived: seated from the next round not yet started.
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/arrive", params(InPlayer), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn arrive(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let number = PlayerNo(n);
    run_command(&app, id, &caller, Command::Arrive { number }).await
}

/// A new player takes this player's place.
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/substitute", params(InPlayer), request_body = Substitute,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn substitute(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(b): Body<Substitute>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(n)).await
}
