//! Players: register, correct, withdraw, late, arrive, substitute, records.

use crate::access::Caller;
use crate::error::ApiError;
use crate::extract::{Params, body_object};
use crate::routes::{Access, Route};
use crate::{AppState, command, run_command};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post};
use jongg_tournament::PlayerNo;
use serde_json::{Value, json};
use std::sync::Arc;

pub fn routes() -> Vec<Route> {
    vec![
        Route::new(
            "GET",
            "/api/tournaments/{id}/players",
            "The registered players",
            Access::Public,
            None,
            get(list),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/players",
            "Register a player",
            Access::Director,
            Some("RegisterPlayer"),
            post(register),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/players/{n}",
            "A player and their game-by-game record",
            Access::Public,
            None,
            get(record),
        ),
        Route::new(
            "PATCH",
            "/api/tournaments/{id}/players/{n}",
            "Correct a player's name or club",
            Access::Director,
            Some("UpdatePlayer"),
            patch(update),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/players/{n}/withdraw",
            "The player leaves; scores so far stand",
            Access::Director,
            None,
            post(withdraw),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/players/{n}/late",
            "The player has not arrived",
            Access::Director,
            None,
            post(late),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/players/{n}/arrive",
            "A late player arrived",
            Access::Director,
            None,
            post(arrive),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/players/{n}/substitute",
            "A new player takes this player's place",
            Access::Director,
            Some("Substitute"),
            post(substitute),
        ),
    ]
}

async fn list(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| Json(json!({ "players": t.players().collect::<Vec<_>>() })))
        .into_response())
}

async fn register(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(id): Params<i64>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let cmd = command("register_player", body_object(&body)?, [])?;
    let out = run_command(&app, id, &caller, cmd).await?;
    Ok((StatusCode::CREATED, out).into_response())
}

async fn record(
    State(app): State<Arc<AppState>>,
    Params((id, n)): Params<(i64, u32)>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    slot.read(|t| {
        let player = t.player(PlayerNo(n))?;
        let record = t.player_record(PlayerNo(n))?;
        Ok(Json(json!({ "player": player, "record": record })))
    })
}

async fn by_number(
    app: &AppState,
    caller: &Caller,
    id: i64,
    kind: &str,
    n: u32,
    body: &[u8],
    field: &str,
) -> Result<Json<Value>, ApiError> {
    let cmd = command(kind, body_object(body)?, [(field, json!(n))])?;
    run_command(app, id, caller, cmd).await
}

async fn update(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, n)): Params<(i64, u32)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    by_number(&app, &caller, id, "update_player", n, &body, "number").await
}
async fn withdraw(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, n)): Params<(i64, u32)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    by_number(&app, &caller, id, "withdraw_player", n, &body, "number").await
}
async fn late(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, n)): Params<(i64, u32)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    by_number(&app, &caller, id, "mark_late", n, &body, "number").await
}
async fn arrive(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, n)): Params<(i64, u32)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    by_number(&app, &caller, id, "arrive", n, &body, "number").await
}
async fn substitute(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, n)): Params<(i64, u32)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    by_number(&app, &caller, id, "substitute", n, &body, "out").await
}
