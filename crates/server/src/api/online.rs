//! A round played online over HTTP (issue 23.7): the director opens tables
//! of the round under way online (all of them, or those named; the rest
//! play in the hall), and bots fill absent players' seats. Each online
//! table then plays at live tables (`state/online.rs`), and its sheet
//! fills itself.

use crate::body::Body;
use crate::body::online::{FillWithBots, OpenOnline};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InRound, InTable};
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::online::open_waiting;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(open))
            .form(|s| format!("Round {} is online", s.param("r"))),
        route(Access::Director, routes!(bots))
            .form(|s| format!("Bots play at table {}", s.param("t"))),
    ]
}

/// Open tables of the round under way online (`tables` empty: every table
/// not online yet), with the seats bots play; each table's first game
/// opens at a live table at once.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/online", params(InRound), request_body = Option<OpenOnline>,
    responses((status = OK, description = "The events recorded, and the live tables opened (table, game, id)", body = Object)))]
async fn open(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(b): Body<OpenOnline>,
) -> Result<Json<Value>, ApiError> {
    let actor = caller.writer(id)?;
    let events = app
        .tournaments
        .execute_all(id, actor, b.commands(r))
        .await
        .map_err(|(_, e)| e)?;
    let opened = open_waiting(&app, id, r).await?;
    Ok(Json(json!({ "events": events, "tables": live(&opened) })))
}

/// Bots play these seats of an online table for their absent players
/// (marked on the sheet; their points count for no one). A game still
/// waiting for its players (not dealt) opens again with the bots seated;
/// a game under way keeps its seats (the table's clocks hand a seat gone
/// too long to a bot), and the next games seat the bots.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/bots", params(InTable), request_body = FillWithBots,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn bots(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTable { id, r, t }): Params<InTable>,
    Body(b): Body<FillWithBots>,
) -> Result<Json<Value>, ApiError> {
    let actor = caller.writer(id)?;
    let events = app.tournaments.execute(id, actor, b.command(r, t)).await?;
    for m in app.tables.of_round(id, r) {
        let waiting = m.setup.round.is_some_and(|g| g.table == t)
            && !m.progress.finished()
            && !m
                .progress
                .started
                .load(std::sync::atomic::Ordering::Relaxed);
        if waiting {
            app.tables.retire(&m).await?;
        }
    }
    let opened = open_waiting(&app, id, r).await?;
    Ok(Json(json!({ "events": events, "tables": live(&opened) })))
}

fn live(
    opened: &[(
        jongg_tournament::TableNo,
        jongg_tournament::GameNo,
        jongg_store::LiveTableId,
    )],
) -> Vec<Value> {
    opened
        .iter()
        .map(|(table, game, id)| json!({ "table": table, "game": game, "id": id }))
        .collect()
}
