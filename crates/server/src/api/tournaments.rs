//! Tournaments as a whole: list, create, settings, any command, standings,
//! audit, movement warnings, export and import.

use crate::api::run_command;
use crate::body::Body;
use crate::body::command::AnyCommand;
use crate::body::settings::{CreateTournament, UpdateSettings};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_tournament::{Command, RoundState, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

/// An exported tournament: its event log (docs/api.md, "Export and
/// import"). Read by `jongg_tournament::Tournament::import_json`, which
/// checks every event as it decides it again.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct TournamentFile {
    /// `jongg-tournament`.
    #[schema(value_type = String, pattern = "^jongg-tournament$")]
    pub format: String,
    /// The file's version: 2 (1 before `written_by`; a newer one is
    /// refused, naming the jongg that wrote it).
    #[schema(minimum = 1, maximum = 2)]
    pub version: u32,
    /// The program that wrote the file, e.g. `jongg 0.1.0`.
    pub written_by: Option<String>,
    /// Every event, in order: `{seq, at, actor, event}`.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
}

/// A tournament file's most bytes (the domain refuses larger files too).
const IMPORT_LIMIT: usize = jongg_tournament::limits::MAX_FILE;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(list)),
        route(Access::Director, routes!(create))
            .form(|s| format!("Tournament {} created", s.field("name"))),
        route(Access::Director, routes!(import)).limit(IMPORT_LIMIT),
        route(Access::Public, routes!(summary)),
        route(Access::Director, routes!(update_settings)).form(|_| "Settings saved".into()),
        route(Access::Table, routes!(any_command)),
        route(Access::Public, routes!(standings)),
        route(Access::Director, routes!(audit)),
        route(Access::Public, routes!(warnings)),
        route(Access::Director, routes!(export)),
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

/// List the tournaments.
#[utoipa::path(get, path = "/api/tournaments", responses((status = OK, description = "The tournaments", body = Object)))]
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

/// Create a tournament.
#[utoipa::path(post, path = "/api/tournaments", request_body = CreateTournament,
    responses((status = CREATED, description = "Its id and the events recorded", body = Object)))]
async fn create(
    State(app): State<Arc<AppState>>,
    Body(b): Body<CreateTournament>,
) -> Result<Response, ApiError> {
    let (id, events) = app
        .tournaments
        .create(jongg_tournament::Actor::Director, b.into())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "events": events })),
    )
        .into_response())
}

/// `?name=`: keep an imported copy of a tournament already here, under
/// this name.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ImportAs {
    /// A new name for the copy (without it, a tournament already here is refused).
    #[param(max_length = 100)]
    name: Option<String>,
}

/// Import a whole tournament from an exported file (a new id).
///
/// Every event of the file is decided again, as if it were made now: the
/// file is taken whole, or refused whole naming its first bad event. A
/// file of a tournament already here (the same first event) is refused
/// (409) unless `?name=` keeps both, the copy under that name.
#[utoipa::path(post, path = "/api/tournaments/import", params(ImportAs), request_body = TournamentFile,
    responses((status = CREATED, description = "The new tournament's id", body = Object)))]
async fn import(
    State(app): State<Arc<AppState>>,
    Query(ImportAs { name }): Query<ImportAs>,
    body: Bytes,
) -> Result<Response, ApiError> {
    // Every event is decided again: work for a blocking thread, not for
    // the threads that answer everyone's requests.
    let t = tokio::task::spawn_blocking(move || {
        let text = std::str::from_utf8(&body)
            .map_err(|_| ApiError::bad_request("the file is not UTF-8 text"))?;
        Tournament::import_json(text).map_err(ApiError::from)
    })
    .await
    .map_err(ApiError::internal)??;
    let t = match (app.tournaments.same_as(&t), name) {
        (_, Some(name)) => t.renamed(name, jongg_store::now_millis())?,
        (Some((id, name, here)), None) => {
            return Err(ApiError::conflict(format!(
                "this file is tournament {id} “{name}”, which is already here ({here} events here, {} in the file): nothing was imported. To keep both, import it again under a new name (?name=..., or `jongg import --name`)",
                t.log().len()
            )));
        }
        (None, None) => t,
    };
    let id = app.tournaments.import(t).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

/// A tournament's settings, number of players and rounds.
#[utoipa::path(get, path = "/api/tournaments/{id}", params(InTournament),
    responses((status = OK, description = "The tournament", body = Object)))]
async fn summary(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.tournaments.get(id)?.read(|t| summary_of(id, t))))
}

/// Change settings (R15).
#[utoipa::path(patch, path = "/api/tournaments/{id}", params(InTournament), request_body = Option<UpdateSettings>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn update_settings(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTournament { id }): Params<InTournament>,
    Body(b): Body<UpdateSettings>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.into()).await
}

/// Run any tournament command (tagged by `kind`).
#[utoipa::path(post, path = "/api/tournaments/{id}/commands", params(InTournament), request_body = AnyCommand,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn any_command(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    headers: axum::http::HeaderMap,
    Params(InTournament { id }): Params<InTournament>,
    Body(command): Body<AnyCommand>,
) -> Result<Response, ApiError> {
    let device = crate::api::signer::Device::of(&headers);
    let mut command: Command = command.into();
    if let Command::SignSheet { device: d, .. } = &mut command {
        *d = Some(device.id.clone());
    }
    let mut r = run_command(&app, id, &caller, command)
        .await?
        .into_response();
    device.mark(&app, &mut r);
    Ok(r)
}

/// The standings, best first.
#[utoipa::path(get, path = "/api/tournaments/{id}/standings", params(InTournament),
    responses((status = OK, description = "The standings", body = Object)))]
async fn standings(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot.read(|t| Json(t.standings())).into_response())
}

/// The audit log of every score sheet change.
#[utoipa::path(get, path = "/api/tournaments/{id}/audit", params(InTournament),
    responses((status = OK, description = "The audit log", body = Object)))]
async fn audit(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| Json(json!({ "entries": t.audit() })))
        .into_response())
}

/// Repeat meetings the movement will cause (R13).
#[utoipa::path(get, path = "/api/tournaments/{id}/warnings", params(InTournament),
    responses((status = OK, description = "The repeat meetings, and tables of three chosen against the rules (beth-emeth 1)", body = Object)))]
async fn warnings(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot
        .read(|t| {
            Json(json!({
                "repeat_meetings": t.movement_warnings(),
                "odd_players": t.odd_players_warning(),
            }))
        })
        .into_response())
}

/// The whole tournament as one JSON file (its event log).
#[utoipa::path(get, path = "/api/tournaments/{id}/export", params(InTournament),
    responses((status = OK, description = "The tournament file", body = TournamentFile)))]
async fn export(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let mut res = app.tournaments.export(id).await?;
    // A backup is a file to keep: saved, not shown (issue 32.9).
    if let Ok(v) = axum::http::HeaderValue::from_str(&format!(
        "attachment; filename=\"jongg-tournament-{id}.json\""
    )) {
        res.headers_mut()
            .insert(axum::http::header::CONTENT_DISPOSITION, v);
    }
    Ok(res)
}
