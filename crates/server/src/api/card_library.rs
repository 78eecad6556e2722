//! The server's library of cards (issue 32.1): anyone lists it; a
//! signed-in player loads a card into it (the director's event cards go in
//! when the director sets them). A table's host chooses its card by id.

use crate::body::Body;
use crate::body::card::LoadCard;
use crate::edge::access::Player;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::card_library::{self, Added, CardToLoad};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_store::LibraryCard;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(list)),
        route(Access::Player, routes!(load)).form(|s| s.answer("done")),
    ]
}

pub(crate) fn card_json(c: &LibraryCard) -> Value {
    json!({ "id": c.id, "name": c.name, "year": c.year, "lines": c.lines })
}

/// The cards of this server's library, newest year first: each one's id
/// (what a new table's `card` names), name, year and number of lines.
#[utoipa::path(get, path = "/api/cards",
    responses((status = OK, description = "The library's cards", body = Object)))]
async fn list(State(app): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let cards: Vec<Value> = card_library::list(&app)
        .await?
        .iter()
        .map(card_json)
        .collect();
    Ok(Json(json!({ "cards": cards })))
}

/// Load a card into the library: checked as an event's card is (the error
/// names the line and column), answered with its id and its warnings. The
/// same card again is the one already there. At most 5 cards a player and
/// 100 in the library.
#[utoipa::path(post, path = "/api/cards", request_body = LoadCard,
    responses((status = CREATED, description = "The card added, and its warnings", body = Object),
        (status = OK, description = "The library had this card already", body = Object),
        (status = CONFLICT, description = "The library, or the player's share of it, is full")))]
async fn load(
    State(app): State<Arc<AppState>>,
    player: Player,
    Body(b): Body<LoadCard>,
) -> Result<Response, ApiError> {
    let Added {
        card,
        new,
        warnings,
    } = card_library::add(
        &app,
        &CardToLoad {
            name: b.name,
            year: b.year,
            text: b.text,
        },
        &player.account.key,
    )
    .await?;
    let done = if new {
        format!(
            "“{}” is in the library: choose it when you open a table",
            card.name
        )
    } else {
        format!("The library has this card already, as “{}”", card.name)
    };
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let answer =
        json!({ "card": card_json(&card), "new": new, "warnings": warnings, "done": done });
    Ok((status, Json(answer)).into_response())
}
