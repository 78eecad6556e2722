//! The lobby's rooms as a player changes them (issue 23, point 6): open a
//! room, join a seat, leave, start; and a player's way to their own seat.
//! Each is a plain form (it works without a script) on a route for a
//! signed-in player only; the room logic is the state's
//! (`state/tables/rooms.rs`).

use super::lobby::AtRoom;
use super::play::StartPage;
use super::{PageResult, html};
use crate::body::accounts::JoinSeat;
use crate::body::play::NewTable;
use crate::body::{Body, Empty};
use crate::edge::access::{Access, Player};
use crate::edge::extract::Params;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::tables::rooms::Done;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use jongg_store::{Left, RoomStatus};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Player, routes!(new_room_page)),
        route(Access::Player, routes!(open_room))
            .form(|_| "Your table is open: players can join it from the lobby".into()),
        route(Access::Player, routes!(join)).form(|s| s.answer("done")),
        route(Access::Player, routes!(leave)).form(|s| s.answer("done")),
        route(Access::Player, routes!(start)).form(|s| s.answer("done")),
        route(Access::Player, routes!(my_seat)),
    ]
}

/// The form of a new room.
#[utoipa::path(get, path = "/play/rooms/new",
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn new_room_page(State(app): State<Arc<AppState>>) -> PageResult {
    html(&StartPage::with_library(&app, true).await)
}

/// Open a room in the lobby: the rules, the card, the clocks and each
/// seat (`person`: open for a person). You take its first open seat; it
/// waits for the others, or starts at once if none is left.
#[utoipa::path(post, path = "/play/rooms", request_body = NewTable,
    responses((status = CREATED, description = "The room's id", body = Object),
        (status = CONFLICT, description = "Your account has the most tables waiting (3)"),
        (status = TOO_MANY_REQUESTS, description = "Too many tables created, or waiting, from this address")))]
async fn open_room(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    player: Player,
    Body(b): Body<NewTable>,
) -> Result<Response, ApiError> {
    let card = crate::state::card_library::resolve(&app, b.card).await?;
    let (setup, settings) = b.read(card).map_err(ApiError::unprocessable)?;
    if setup.position.is_some() {
        return Err(ApiError::unprocessable(
            "position: a lobby room is dealt from a drawn wall; a position starts a practice \
             table (/play/new)",
        ));
    }
    let client = crate::edge::client::client_ip(&app, peer, &headers);
    crate::state::tables::charge_creation(&app.play_limiter, client)
        .map_err(|(_, words)| ApiError::new(StatusCode::TOO_MANY_REQUESTS, words))?;
    let id = app
        .tables
        .open_room(&player.account, client, setup, settings)
        .await?;
    tracing::info!(room = %id, player = %player.account.name, "a player opened a room");
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

fn said(done: &Done) -> String {
    match done {
        Done::Joined(seat) => {
            format!("You sit at {seat}: the table starts when every open seat is taken")
        }
        Done::Started => "The table has started: go to your seat".into(),
        Done::Left(Left::Freed) => "You left the table: your seat is open again".into(),
        Done::Left(Left::Closed) => "You left: your table is closed".into(),
        Done::Left(Left::ToBot) => "You left the game: a bot plays your seat".into(),
        Done::Left(Left::NotSeated) => String::new(),
    }
}

fn answer(done: Done) -> Json<Value> {
    let started = done == Done::Started;
    Json(json!({ "done": said(&done), "started": started }))
}

/// Take an open seat of a waiting room; the last one taken starts it.
#[utoipa::path(post, path = "/play/rooms/{id}/join", params(AtRoom), request_body = JoinSeat,
    responses((status = OK, description = "Seated (and whether the table started)", body = Object)))]
async fn join(
    State(app): State<Arc<AppState>>,
    Params(at): Params<AtRoom>,
    player: Player,
    Body(b): Body<JoinSeat>,
) -> Result<Json<Value>, ApiError> {
    let id = at.room()?;
    let done = app.tables.join_room(&id, b.seat, &player.account).await?;
    Ok(answer(done))
}

/// Leave a room: a waiting room's seat opens again (its creator leaving
/// closes it); during the game a bot plays the seat.
#[utoipa::path(post, path = "/play/rooms/{id}/leave", params(AtRoom), request_body = Option<Empty>,
    responses((status = OK, description = "What leaving did", body = Object)))]
async fn leave(
    State(app): State<Arc<AppState>>,
    Params(at): Params<AtRoom>,
    player: Player,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let id = at.room()?;
    let done = app.tables.leave_room(&id, &player.account).await?;
    Ok(answer(done))
}

/// The creator starts a waiting room: medium bots at the seats still open.
#[utoipa::path(post, path = "/play/rooms/{id}/start", params(AtRoom), request_body = Option<Empty>,
    responses((status = OK, description = "Started", body = Object)))]
async fn start(
    State(app): State<Arc<AppState>>,
    Params(at): Params<AtRoom>,
    player: Player,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let id = at.room()?;
    let done = app.tables.start_room(&id, &player.account).await?;
    Ok(answer(done))
}

/// Your seat at a started room's table: to the seat's page with its token
/// (only its player is sent there).
#[utoipa::path(get, path = "/play/rooms/{id}/seat", params(AtRoom),
    responses((status = SEE_OTHER, description = "To your seat's page"),
        (status = OK, description = "Never: a refusal is a page", content_type = "text/html")))]
async fn my_seat(
    State(app): State<Arc<AppState>>,
    Params(at): Params<AtRoom>,
    player: Player,
) -> PageResult {
    let id = at.room()?;
    let room = app.tables.room(&id).await?;
    let seat = room.seat_of(&player.account.key).ok_or_else(|| {
        ApiError::forbidden("you do not sit at this table: join an open seat from the lobby")
    })?;
    match (&room.status, &seat.token) {
        (RoomStatus::Playing, Some(token)) => Ok(Redirect::to(&format!(
            "/play/{id}?seat={}&token={token}",
            seat.seat
        ))
        .into_response()),
        _ => Err(
            ApiError::conflict("this table has not started yet: wait in its waiting room").into(),
        ),
    }
}
