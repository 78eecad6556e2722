//! Tournaments as a whole: list, create, settings, any command, standings,
//! audit, movement warnings, export and import.

use crate::access::Caller;
use crate::error::ApiError;
use crate::extract::{Params, body_object, from_object};
use crate::routes::{Access, Route};
use crate::{AppState, command, run_command};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post};
use jongg_tournament::{Command, RoundState, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;

/// A tournament file's most bytes (the domain refuses larger files too).
const IMPORT_LIMIT: usize = jongg_tournament::limits::MAX_FILE;

pub fn routes() -> Vec<Route> {
    vec![
        Route::new(
            "GET",
            "/api/tournaments",
            "List the tournaments",
            Access::Public,
            None,
            get(list),
        ),
        Route::new(
            "POST",
            "/api/tournaments",
            "Create a tournament",
            Access::Director,
            Some("CreateTournament"),
            post(create),
        ),
        Route::new(
            "POST",
            "/api/tournaments/import",
            "Import a whole tournament from an exported file (a new id)",
            Access::Director,
            Some("TournamentFile"),
            post(import).layer(DefaultBodyLimit::max(IMPORT_LIMIT)),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}",
            "A tournament's settings, players count and rounds",
            Access::Public,
            None,
            get(summary),
        ),
        Route::new(
            "PATCH",
            "/api/tournaments/{id}",
            "Change settings (R15)",
            Access::Director,
            Some("UpdateSettings"),
            patch(update_settings),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/commands",
            "Run any tournament command (tagged by `kind`)",
            Access::Table,
            Some("Command"),
            post(any_command),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/standings",
            "The standings, best first",
            Access::Public,
            None,
            get(standings),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/audit",
            "The audit log of every score sheet change",
            Access::Director,
            None,
            get(audit),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/warnings",
            "Repeat meetings the movement will cause (R13)",
            Access::Public,
            None,
            get(warnings),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/export",
            "The whole tournament as one JSON file (its event log)",
            Access::Director,
            None,
            get(export),
        ),
    ]
}

fn round_state(s: RoundState) -> &'static str {
    match s {
        RoundState::Seated => "seated",
        RoundState::Started { .. } => "started",
        RoundState::Closed { .. } => "closed",
    }
}

fn summary_of(id: i64, t: &Tournament) -> Value {
    json!({
        "id": id,
        "settings": t.settings(),
        "players": t.players().count(),
        "current_round": t.current_round(),
        "rounds": t.rounds().iter().map(|r| json!({
            "round": r.seating.round,
            "state": round_state(r.state),
            "tables": r.seating.tables.len(),
        })).collect::<Vec<_>>(),
        "events": t.log().len(),
    })
}

async fn list(State(app): State<Arc<AppState>>) -> Json<Value> {
    let items: Vec<Value> = app
        .tournaments
        .ids()
        .into_iter()
        .filter_map(|id| {
            let slot = app.tournaments.get(id).ok()?;
            Some(slot.read(|t| {
                json!({
                    "id": id,
                    "name": t.settings().map(|s| s.name.clone()),
                    "players": t.players().count(),
                    "current_round": t.current_round(),
                })
            }))
        })
        .collect();
    Json(json!({ "tournaments": items }))
}

async fn create(State(app): State<Arc<AppState>>, body: Bytes) -> Result<Response, ApiError> {
    let cmd = command("create_tournament", body_object(&body)?, [])?;
    let (id, events) = app
        .tournaments
        .create(jongg_tournament::Actor::Director, cmd)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "events": events })),
    )
        .into_response())
}

async fn import(State(app): State<Arc<AppState>>, body: Bytes) -> Result<Response, ApiError> {
    // Every event is decided again: work for a blocking thread, not for
    // the threads that answer everyone's requests.
    let t = tokio::task::spawn_blocking(move || {
        let text = std::str::from_utf8(&body)
            .map_err(|_| ApiError::bad_request("the file is not UTF-8 text"))?;
        Tournament::import_json(text).map_err(ApiError::from)
    })
    .await
    .map_err(ApiError::internal)??;
    let id = app.tournaments.import(t).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn summary(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.tournaments.get(id)?.read(|t| summary_of(id, t))))
}

async fn update_settings(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(id): Params<i64>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command("update_settings", body_object(&body)?, [])?;
    run_command(&app, id, &caller, cmd).await
}

async fn any_command(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(id): Params<i64>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let map = body_object(&body)?;
    if !map.contains_key("kind") {
        return Err(ApiError::unprocessable(
            "the command has no `kind` (e.g. \"enter_game\")",
        ));
    }
    let cmd: Command = from_object(map)?;
    if matches!(cmd, Command::CreateTournament { .. }) {
        return Err(ApiError::unprocessable(
            "create_tournament makes a new tournament: POST /api/tournaments",
        ));
    }
    run_command(&app, id, &caller, cmd).await
}

async fn standings(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot.read(|t| Json(t.standings())).into_response())
}

async fn audit(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| Json(json!({ "entries": t.audit() })))
        .into_response())
}

async fn warnings(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| Json(json!({ "repeat_meetings": t.movement_warnings() })))
        .into_response())
}

async fn export(
    State(app): State<Arc<AppState>>,
    Params(id): Params<i64>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot.read(|t| Json(t.export())).into_response())
}
