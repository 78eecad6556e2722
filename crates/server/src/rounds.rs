//! Rounds and score sheets: seat, start, close; enter, sign, accept and amend
//! games; the scorekeepers' table links and their QR codes.

use crate::error::ApiError;
use crate::extract::{Caller, Params, body_object};
use crate::routes::{Access, Route};
use crate::{AppState, command, run_command};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use jongg_store::{TableLink, now_millis};
use jongg_tournament::{RoundNo, TableNo, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn routes() -> Vec<Route> {
    vec![
        Route::new(
            "GET",
            "/api/tournaments/{id}/rounds/{r}",
            "A round: seating, state and each table's results",
            Access::Public,
            None,
            get(round),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/seat",
            "Seat a round (random, by number, movement or imported)",
            Access::Director,
            Some("SeatRound"),
            post(seat),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/start",
            "Start a round: its score sheets open",
            Access::Director,
            None,
            post(start),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/close",
            "Close a round whose sheets are all accepted",
            Access::Director,
            None,
            post(close),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/rounds/{r}/links",
            "Every table's scorekeeper link for the round",
            Access::Director,
            None,
            get(links),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}",
            "One table's score sheet",
            Access::Public,
            None,
            get(sheet),
        ),
        Route::new(
            "PUT",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}",
            "Enter or correct a game on a sheet not yet accepted",
            Access::DirectorOrScorekeeper,
            Some("EnterGame"),
            put(enter_game),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}/amend",
            "Change a game on an accepted sheet, with a reason (R14)",
            Access::Director,
            Some("AmendGame"),
            post(amend),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/sign",
            "A seat signs the sheet, verifying its scores (R14)",
            Access::DirectorOrScorekeeper,
            Some("SignSheet"),
            post(sign),
        ),
        Route::new(
            "POST",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/accept",
            "Accept a signed sheet: it is locked (standard 26)",
            Access::Director,
            None,
            post(accept),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/link",
            "The table's scorekeeper link",
            Access::Director,
            None,
            get(link),
        ),
        Route::new(
            "GET",
            "/api/tournaments/{id}/rounds/{r}/tables/{t}/qr.svg",
            "The table's scorekeeper link as a QR code (SVG)",
            Access::Director,
            None,
            get(qr),
        ),
        Route::new(
            "GET",
            "/api/scorekeeper",
            "What a scorekeeper link is for, with its sheet",
            Access::Scorekeeper,
            None,
            get(scorekeeper),
        ),
    ]
}

async fn round(
    State(app): State<Arc<AppState>>,
    Params((id, r)): Params<(i64, RoundNo)>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    slot.read(|t| {
        let round = t.round(r)?;
        Ok(Json(json!({
            "seating": round.seating,
            "results": t.round_results(r)?,
        })))
    })
}

async fn seat(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r)): Params<(i64, RoundNo)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command("seat_round", body_object(&body)?, [("round", json!(r))])?;
    let out = run_command(&app, id, &caller, cmd).await?;
    // Make the round's table links now, so the director can print them.
    let tables: Vec<TableNo> = app
        .tournaments
        .get(id)?
        .read(|t| {
            t.seating(r)
                .map(|s| s.tables.iter().map(|x| x.table).collect())
        })
        .unwrap_or_default();
    for table in tables {
        app.table_token(link_of(id, r, table)).await?;
    }
    Ok(out)
}

async fn start(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r)): Params<(i64, RoundNo)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let mut map = body_object(&body)?;
    map.entry("at").or_insert(json!(now_millis()));
    let cmd = command("start_round", map, [("round", json!(r))])?;
    run_command(&app, id, &caller, cmd).await
}

async fn close(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r)): Params<(i64, RoundNo)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let mut map = body_object(&body)?;
    map.entry("at").or_insert(json!(now_millis()));
    let cmd = command("close_round", map, [("round", json!(r))])?;
    run_command(&app, id, &caller, cmd).await
}

async fn sheet(
    State(app): State<Arc<AppState>>,
    Params((id, r, t)): Params<(i64, RoundNo, TableNo)>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    slot.read(|x| Ok(Json(json!({ "sheet": x.sheet(r, t)? }))))
}

async fn enter_game(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t, g)): Params<(i64, RoundNo, TableNo, u8)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command(
        "enter_game",
        body_object(&body)?,
        [("round", json!(r)), ("table", json!(t)), ("game", json!(g))],
    )?;
    run_command(&app, id, &caller, cmd).await
}

async fn amend(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t, g)): Params<(i64, RoundNo, TableNo, u8)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command(
        "amend_sheet",
        body_object(&body)?,
        [("round", json!(r)), ("table", json!(t)), ("game", json!(g))],
    )?;
    run_command(&app, id, &caller, cmd).await
}

async fn sign(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t)): Params<(i64, RoundNo, TableNo)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command(
        "sign_sheet",
        body_object(&body)?,
        [("round", json!(r)), ("table", json!(t))],
    )?;
    run_command(&app, id, &caller, cmd).await
}

async fn accept(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t)): Params<(i64, RoundNo, TableNo)>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let cmd = command(
        "accept_sheet",
        body_object(&body)?,
        [("round", json!(r)), ("table", json!(t))],
    )?;
    run_command(&app, id, &caller, cmd).await
}

fn link_of(id: i64, r: RoundNo, t: TableNo) -> TableLink {
    TableLink {
        tournament: jongg_store::TournamentId(id),
        round: r,
        table: t,
    }
}

/// The link a scorekeeper opens: the (future) scoring page with the key.
fn link_url(app: &AppState, token: &str) -> String {
    format!("{}/score?key={token}", app.base_url)
}

fn table_exists(t: &Tournament, r: RoundNo, table: TableNo) -> Result<(), ApiError> {
    let seating = t.seating(r)?;
    if seating.table(table).is_none() {
        return Err(jongg_tournament::DomainError::TableNotFound { round: r, table }.into());
    }
    Ok(())
}

async fn table_link(
    app: &AppState,
    caller: &Caller,
    id: i64,
    r: RoundNo,
    t: TableNo,
) -> Result<Value, ApiError> {
    caller.director()?;
    app.tournaments.get(id)?.read(|x| table_exists(x, r, t))?;
    let token = app.table_token(link_of(id, r, t)).await?;
    Ok(json!({
        "round": r,
        "table": t,
        "url": link_url(app, &token),
        "token": token,
        "qr": format!("/api/tournaments/{id}/rounds/{r}/tables/{t}/qr.svg"),
    }))
}

async fn link(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t)): Params<(i64, RoundNo, TableNo)>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(table_link(&app, &caller, id, r, t).await?))
}

async fn links(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r)): Params<(i64, RoundNo)>,
) -> Result<Json<Value>, ApiError> {
    caller.director()?;
    let tables: Vec<TableNo> = app.tournaments.get(id)?.read(|t| {
        t.seating(r)
            .map(|s| s.tables.iter().map(|x| x.table).collect())
    })?;
    let mut out = Vec::with_capacity(tables.len());
    for t in tables {
        out.push(table_link(&app, &caller, id, r, t).await?);
    }
    Ok(Json(json!({ "links": out })))
}

async fn qr(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, r, t)): Params<(i64, RoundNo, TableNo)>,
) -> Result<Response, ApiError> {
    let link = table_link(&app, &caller, id, r, t).await?;
    let url = link["url"].as_str().unwrap_or_default();
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(ApiError::internal)?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

async fn scorekeeper(
    State(app): State<Arc<AppState>>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let Caller::Scorekeeper(l) = caller else {
        return Err(ApiError::unauthorized(
            "this needs a table's scorekeeper link (its `key`)",
        ));
    };
    let (r, t) = (l.round, l.table);
    let slot = app.tournaments.get(l.tournament.0)?;
    slot.read(|x| {
        let current = x.current_round();
        Ok(Json(json!({
            "tournament": l.tournament,
            "round": r,
            "table": t,
            "current_round": current,
            "seats": x.seating(r)?.table(t).map(|s| &s.seats),
            "sheet": x.sheet(r, t).ok(),
        })))
    })
}
