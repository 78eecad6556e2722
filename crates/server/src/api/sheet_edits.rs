//! Edits of a score sheet that may meet another phone's (issue 13, no
//! silent overwrite): each names the sheet's version it started from, and
//! is checked under the same lock as the command (`Tournament::check_edit`).
//! A stale edit, or one that would clear signatures without saying it
//! knows, is answered 409 with the sheet as it is now, so the page can show
//! what the other phone saved.

use crate::body::Body;
use crate::body::rounds::RecordEast;
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTable;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_tournament::{Command, EditBasis, RoundNo, TableNo};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![route(Access::Table, routes!(record_east)).form(|s| {
        let mut seat = s.field("east");
        if let Some(first) = seat.get(..1) {
            seat = first.to_uppercase() + &seat[1..];
        }
        format!("{seat} won the roll: East now")
    })]
}

/// What a refused edit answers: the message, which refusal, and the sheet
/// as it is now.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct EditConflict {
    /// What is wrong, in plain words.
    pub error: String,
    /// `stale` (someone saved the sheet meanwhile) or `signatures` (the
    /// edit would clear signatures: send it again with
    /// `clear_signatures: true`); absent for other conflicts.
    pub conflict: Option<String>,
    /// The sheet as it is now.
    #[schema(value_type = Option<Object>)]
    pub sheet: Option<Value>,
}

/// Runs `command`, an edit of the sheet of `table` in `round` made on
/// `basis`; `clears` when it clears the signatures.
pub(crate) async fn run_edit(
    app: &AppState,
    id: i64,
    caller: &Caller,
    (round, table): (RoundNo, TableNo),
    basis: EditBasis,
    clears: bool,
    command: Command,
) -> Result<Response, ApiError> {
    let actor = caller.writer(id)?;
    let mut refused = None;
    let done = app
        .tournaments
        .execute_checked(id, actor, vec![command], |t| {
            match t.check_edit(round, table, basis, clears) {
                Ok(()) => Ok(()),
                Err(e) => {
                    let kind = match e {
                        jongg_tournament::EditRefused::Stale { .. } => "stale",
                        jongg_tournament::EditRefused::ClearsSignatures { .. } => "signatures",
                    };
                    let sheet = t.sheet(round, table).ok().map(|s| json!(s));
                    refused = Some((kind, sheet));
                    Err(ApiError::conflict(e.to_string()))
                }
            }
        })
        .await;
    match done {
        Ok(events) => Ok(Json(json!({ "events": events })).into_response()),
        Err((_, e)) => match refused {
            Some((kind, sheet)) if e.status == StatusCode::CONFLICT => {
                Ok(edit_conflict(kind, e.message, sheet))
            }
            _ => Err(e),
        },
    }
}

/// The answer to an edit the sheet's version or signatures refuse.
fn edit_conflict(kind: &str, error: String, sheet: Option<Value>) -> Response {
    crate::http::logging::record_error(&error);
    let body = EditConflict {
        error,
        conflict: Some(kind.to_string()),
        sheet,
    };
    (StatusCode::CONFLICT, Json(body)).into_response()
}

/// What `run_edit` would answer `command` now if it refused it, without
/// running it (None: it would take it). A signature with a personal code is
/// tried so before its code is checked (19.8), so a request refused for its
/// link, round or sheet answers the same whatever code it carries.
pub(crate) fn refusal(
    app: &AppState,
    id: i64,
    caller: &Caller,
    (round, table): (RoundNo, TableNo),
    basis: EditBasis,
    command: &Command,
) -> Option<Response> {
    let actor = match caller.writer(id) {
        Ok(a) => a,
        Err(e) => return Some(e.into_response()),
    };
    let slot = match app.tournaments.get(id) {
        Ok(s) => s,
        Err(e) => return Some(e.into_response()),
    };
    slot.read(|t| {
        if let Err(e) = t.check_edit(round, table, basis, false) {
            let kind = match e {
                jongg_tournament::EditRefused::Stale { .. } => "stale",
                jongg_tournament::EditRefused::ClearsSignatures { .. } => "signatures",
            };
            let sheet = t.sheet(round, table).ok().map(|s| json!(s));
            return Some(edit_conflict(kind, e.to_string(), sheet));
        }
        t.decide(&actor, command.clone())
            .err()
            .map(|e| ApiError::from(e).into_response())
    })
}

/// A table of three rolled again for East before game 4 (R12, standard
/// 3A): who is East now.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/east", params(InTable), request_body = RecordEast,
    responses((status = OK, description = "The events recorded", body = Object),
        (status = CONFLICT, description = "Someone else saved the sheet meanwhile (with the sheet now), or it is not possible now", body = EditConflict)))]
async fn record_east(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTable { id, r, t }): Params<InTable>,
    Body(b): Body<RecordEast>,
) -> Result<Response, ApiError> {
    let basis = EditBasis {
        version: b.version,
        clear_signatures: false,
    };
    let command = Command::RecordEast {
        round: r,
        table: t,
        east: b.east.into(),
    };
    run_edit(&app, id, &caller, (r, t), basis, false, command).await
}
