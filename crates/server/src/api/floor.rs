//! The floor's API (issue 14.2-14.4): the director appoints floor
//! officials (with their login), a table calls the director, an official
//! or the director takes and closes calls with a ruling, and discipline.
//! Open calls are read by the officials' page (`pages/floor.rs`) and by
//! round control, which learn of a new call from the live feed
//! (`live.rs`: every committed event is announced).

use crate::api::auth::{new_password_ok, username_ok};
use crate::api::run_command;
use crate::body::floor::{
    AppointOfficial, CallDirector, CloseCall, DisqualifyPlayer, PenalizePlayer, WarnPlayer,
};
use crate::body::{Body, Empty};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InPlayer, InTable, InTournament};
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::views::official_views;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use jongg_store::{OfficialLink, TournamentId, now_millis};
use jongg_tournament::CallNo;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(officials)),
        route(Access::Director, routes!(appoint))
            .form(|s| format!("{} is saved as a floor official", s.field("name"))),
        route(Access::Director, routes!(remove_official))
            .form(|s| format!("Official {} removed: their login has ended", s.param("o"))),
        route(Access::Floor, routes!(open_calls)),
        route(Access::TableOrFloor, routes!(call_director))
            .form(|_| "The director is called: stay at the table".into()),
        route(Access::Floor, routes!(take_call))
            .form(|s| format!("Call {} is yours", s.param("c"))),
        route(Access::Floor, routes!(close_call)).form(|s| {
            let done = s.answer("done");
            if done.is_empty() {
                format!("Call {} closed", s.param("c"))
            } else {
                done
            }
        }),
        route(Access::Floor, routes!(warn))
            .form(|s| format!("The complaint about player {} is recorded", s.param("n"))),
        route(Access::Director, routes!(penalize)).form(|s| {
            format!(
                "Player {} is penalised {} points",
                s.param("n"),
                s.field("points")
            )
        }),
        route(Access::Director, routes!(disqualify))
            .form(|s| format!("Player {} is disqualified", s.param("n"))),
        route(Access::Director, routes!(floor_log)),
        route(Access::Director, routes!(floor_csv)),
    ]
}

/// `/.../{id}/calls/{c}`: a call to the director.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct InCall {
    /// The tournament's id.
    #[param(minimum = 1)]
    pub id: i64,
    /// The call's number, from 1.
    #[param(minimum = 1, value_type = u32)]
    pub c: CallNo,
}

/// `/.../{id}/officials/{o}`: a floor official.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct InOfficial {
    /// The tournament's id.
    #[param(minimum = 1)]
    pub id: i64,
    /// The official's number, from 1.
    #[param(minimum = 1, value_type = u16)]
    pub o: u16,
}

/// The floor officials: number, name, tables and the username of their
/// login (never the password, which is kept only as a hash).
#[utoipa::path(get, path = "/api/tournaments/{id}/officials", params(InTournament),
    responses((status = OK, description = "The officials", body = Object)))]
async fn officials(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    let list: Vec<Value> = official_views(&app, id)
        .await?
        .into_iter()
        .map(|o| json!({ "number": o.number, "name": o.name, "tables": o.tables, "username": o.username }))
        .collect();
    Ok(Json(json!({ "officials": list })))
}

/// Remove a floor official: their login and sessions end, and they may no
/// longer act; their calls and rulings stay in the log.
#[utoipa::path(post, path = "/api/tournaments/{id}/officials/{o}/remove", params(InOfficial), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn remove_official(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InOfficial { id, o }): Params<InOfficial>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let number = jongg_tournament::OfficialNo(o);
    let out = run_command(
        &app,
        id,
        &caller,
        jongg_tournament::Command::RemoveOfficial { number },
    )
    .await?;
    let link = OfficialLink {
        tournament: TournamentId(id),
        official: number,
    };
    app.tournaments.store().remove_official_login(link).await?;
    Ok(out)
}

/// Appoint a floor official for a set of tables (or change their tables),
/// with their login where a username and password are given.
#[utoipa::path(post, path = "/api/tournaments/{id}/officials", params(InTournament), request_body = AppointOfficial,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn appoint(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTournament { id }): Params<InTournament>,
    Body(b): Body<AppointOfficial>,
) -> Result<Json<Value>, ApiError> {
    let store = app.tournaments.store();
    let login = match (&b.username, &b.password) {
        (None, None) => None,
        (Some(u), Some(p)) => {
            let u = u.trim().to_string();
            username_ok(&u)?;
            new_password_ok(p)?;
            let taken_by_director = store.password_hash(&u).await?.is_some();
            let taken = store
                .official_login(&u)
                .await?
                .is_some_and(|(_, l)| (l.tournament.0, l.official.0) != (id, b.number));
            if taken || taken_by_director {
                return Err(ApiError::conflict(format!(
                    "the username `{u}` is taken: choose another"
                )));
            }
            // Hashed before the command, so a busy server (a 503) changes nothing.
            Some((u, app.hashing.hash(p.clone()).await?))
        }
        _ => {
            return Err(ApiError::unprocessable(
                "give both a username and a password for the official's login, or neither",
            ));
        }
    };
    let command = b.command();
    let out = run_command(&app, id, &caller, command).await?;
    if let Some((username, hash)) = login {
        let link = OfficialLink {
            tournament: TournamentId(id),
            official: jongg_tournament::OfficialNo(b.number),
        };
        if !store.set_official_login(link, &username, &hash).await? {
            return Err(ApiError::conflict(format!(
                "the username `{username}` is taken: choose another"
            )));
        }
    }
    Ok(out)
}

/// The calls not yet closed, oldest first, each with its table, seat,
/// reason, when it was made and who took it; `now` is the server's time,
/// for the waiting times.
#[utoipa::path(get, path = "/api/tournaments/{id}/calls", params(InTournament),
    responses((status = OK, description = "The open calls", body = Object)))]
async fn open_calls(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot.read(|t| {
        Json(json!({
            "open": t.open_calls(),
            "now": now_millis(),
            "seq": t.log().len(),
        }))
    }))
}

/// The table calls the director (standard 22, 27), with an optional seat
/// and a short reason: from its link, or an official of the table does.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/call", params(InTable), request_body = Option<CallDirector>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn call_director(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTable { id, r, t }): Params<InTable>,
    Body(b): Body<CallDirector>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(r, t)).await
}

/// Take a waiting call (an official of its table, or the director).
#[utoipa::path(post, path = "/api/tournaments/{id}/calls/{c}/take", params(InCall), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn take_call(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InCall { id, c }): Params<InCall>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    run_command(
        &app,
        id,
        &caller,
        jongg_tournament::Command::TakeCall { call: c },
    )
    .await
}

/// Close a call with what was decided: the preset's ruling for the
/// incident chosen, applied to the game where it is a scoring matter.
#[utoipa::path(post, path = "/api/tournaments/{id}/calls/{c}/close", params(InCall), request_body = Option<CloseCall>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn close_call(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InCall { id, c }): Params<InCall>,
    Body(b): Body<CloseCall>,
) -> Result<Json<Value>, ApiError> {
    let command = b
        .command(c)
        .map_err(|e| ApiError::unprocessable(format!("incident: {e}")))?;
    let Json(mut answer) = run_command(&app, id, &caller, command).await?;
    // The confirmation names the ruling and what it did (issue 20.7).
    let done = app
        .tournaments
        .get(id)?
        .read(|t| crate::body::rulings::closed_words(t, c));
    if let (Some(done), Some(o)) = (done, answer.as_object_mut()) {
        o.insert("done".into(), Value::String(done));
    }
    Ok(Json(answer))
}

/// Record a complaint about a player: the preset's next step (standard 2A-2B).
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/warn", params(InPlayer), request_body = WarnPlayer,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn warn(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(b): Body<WarnPlayer>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(n)).await
}

/// A penalty outside any game's score (standard 2C; st-louis' pot penalty).
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/penalty", params(InPlayer), request_body = PenalizePlayer,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn penalize(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(b): Body<PenalizePlayer>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(n)).await
}

/// Disqualify a player, their scores kept or void (standard 2B, 27).
#[utoipa::path(post, path = "/api/tournaments/{id}/players/{n}/disqualify", params(InPlayer), request_body = DisqualifyPlayer,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn disqualify(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InPlayer { id, n }): Params<InPlayer>,
    Body(b): Body<DisqualifyPlayer>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(n)).await
}

/// The floor's audit: every call, ruling and sanction, who and when.
#[utoipa::path(get, path = "/api/tournaments/{id}/floor", params(InTournament),
    responses((status = OK, description = "The floor's audit", body = Object)))]
async fn floor_log(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(slot.read(|t| Json(json!({ "floor": t.floor_log() }))))
}

/// The floor's audit as CSV.
#[utoipa::path(get, path = "/api/tournaments/{id}/floor.csv", params(InTournament),
    responses((status = OK, description = "The floor's audit", content_type = "text/csv")))]
async fn floor_csv(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Response, ApiError> {
    let slot = app.tournaments.get(id)?;
    let csv = slot
        .read(crate::pages::csv::floor)
        .map_err(ApiError::internal)?;
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8")],
        csv,
    )
        .into_response())
}
