//! Rounds and score sheets: seat, start, close; enter, sign, accept and amend
//! games; the scorekeepers' table links and their QR codes.

use crate::api::run_command;
use crate::body::game_form::GameForm;
use crate::body::rounds::{AmendGame, EnterGame, RoundClock, SeatRound, SignSheet};
use crate::body::{Body, Empty, FlatBody};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InGame, InRound, InTable};
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use jongg_store::{TableLink, now_millis};
use jongg_tournament::{Command, RoundNo, TableNo, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(round)),
        route(Access::Director, routes!(seat)).form(|s| format!("Round {} seated", s.param("r"))),
        route(Access::Director, routes!(start)).form(|s| format!("Round {} started", s.param("r"))),
        route(Access::Director, routes!(close)).form(|s| format!("Round {} closed", s.param("r"))),
        route(Access::Director, routes!(links)),
        route(Access::Public, routes!(sheet)),
        // The score page's game form (its fields flat: `body/game_form.rs`).
        route(Access::Table, routes!(enter_game)).form(|s| format!("Game {} saved", s.param("g"))),
        route(Access::Director, routes!(amend)).form(|s| format!("Game {} amended", s.param("g"))),
        route(Access::Table, routes!(sign)).form(|s| {
            let mut seat = s.field("seat");
            if let Some(first) = seat.get(..1) {
                seat = first.to_uppercase() + &seat[1..];
            }
            match s.field("game") {
                g if g.is_empty() => format!("{seat} signed the sheet"),
                g => format!("{seat} signed game {g}"),
            }
        }),
        // A floor official accepts sheets of their tables (14.2).
        route(Access::Floor, routes!(accept))
            .form(|s| format!("Sheet of table {} accepted", s.param("t"))),
        route(Access::Director, routes!(link)),
        route(Access::Director, routes!(qr)),
        route(Access::Scorekeeper, routes!(scorekeeper)),
        route(Access::Director, routes!(accept_signed)).form(|s| s.answer("done")),
    ]
}

/// A round: seating, state and each table's results.
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}", params(InRound),
    responses((status = OK, description = "The round", body = Object)))]
async fn round(
    State(app): State<Arc<AppState>>,
    Params(InRound { id, r }): Params<InRound>,
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

/// Seat a round (random, by number, movement or the director's own).
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/seat", params(InRound), request_body = SeatRound,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn seat(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(b): Body<SeatRound>,
) -> Result<Json<Value>, ApiError> {
    let out = run_command(&app, id, &caller, b.command(r)).await?;
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

/// Start a round: its score sheets open.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/start", params(InRound), request_body = Option<RoundClock>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn start(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(b): Body<RoundClock>,
) -> Result<Json<Value>, ApiError> {
    let at = b.at.unwrap_or_else(now_millis);
    run_command(&app, id, &caller, Command::StartRound { round: r, at }).await
}

/// Close a round whose sheets are all accepted.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/close", params(InRound), request_body = Option<RoundClock>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn close(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(b): Body<RoundClock>,
) -> Result<Json<Value>, ApiError> {
    let at = b.at.unwrap_or_else(now_millis);
    run_command(&app, id, &caller, Command::CloseRound { round: r, at }).await
}

/// One table's score sheet.
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}", params(InTable),
    responses((status = OK, description = "The sheet", body = Object)))]
async fn sheet(
    State(app): State<Arc<AppState>>,
    Params(InTable { id, r, t }): Params<InTable>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    slot.read(|x| Ok(Json(json!({ "sheet": x.sheet(r, t)? }))))
}

/// Enter or correct a game on a sheet not yet accepted.
#[utoipa::path(put, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}", params(InGame), request_body = EnterGame,
    responses((status = OK, description = "The events recorded", body = Object),
        (status = CONFLICT, description = "Someone else saved the sheet meanwhile, or the edit would clear signatures (with the sheet now); or not possible now", body = crate::api::sheet_edits::EditConflict)))]
async fn enter_game(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InGame { id, r, t, g }): Params<InGame>,
    FlatBody(b, _): FlatBody<EnterGame, GameForm>,
) -> Result<Response, ApiError> {
    let basis = b.basis();
    let command = b.command(r, t, g);
    crate::api::sheet_edits::run_edit(&app, id, &caller, (r, t), basis, true, command).await
}

/// Change a game on an accepted sheet, with a reason (R14).
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}/amend", params(InGame), request_body = AmendGame,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn amend(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InGame { id, r, t, g }): Params<InGame>,
    FlatBody(b, _): FlatBody<AmendGame, GameForm>,
) -> Result<Json<Value>, ApiError> {
    run_command(&app, id, &caller, b.command(r, t, g)).await
}

/// A seat signs the sheet, verifying its scores (R14).
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/sign", params(InTable), request_body = SignSheet,
    responses((status = OK, description = "The events recorded", body = Object),
        (status = CONFLICT, description = "The sheet changed since the player checked it (with the sheet now); or not possible now", body = crate::api::sheet_edits::EditConflict)))]
async fn sign(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    headers: axum::http::HeaderMap,
    Params(InTable { id, r, t }): Params<InTable>,
    Body(b): Body<SignSheet>,
) -> Result<Response, ApiError> {
    let basis = jongg_tournament::EditBasis {
        version: b.version,
        clear_signatures: false,
    };
    let device = crate::api::signer::Device::of(&headers);
    let signed_on = match b.code.as_deref() {
        Some(code) => {
            // The link, round and sheet first, the code last (19.8): a
            // request refused anyway is answered the same whatever its
            // code, and counts no guess.
            let with_code = b.command(r, t, jongg_tournament::PERSONAL_CODE.to_string());
            if let Some(refused) =
                crate::api::sheet_edits::refusal(&app, id, &caller, (r, t), basis, &with_code)
            {
                return Ok(refused);
            }
            crate::api::player_code::check(&app, id, (r, t), b.seat.into(), code, &device).await?;
            jongg_tournament::PERSONAL_CODE.to_string()
        }
        None => device.id.clone(),
    };
    let command = b.command(r, t, signed_on);
    let mut r =
        crate::api::sheet_edits::run_edit(&app, id, &caller, (r, t), basis, false, command).await?;
    device.mark(&app, &mut r);
    Ok(r)
}

/// Accept a signed sheet: it is locked (standard 26).
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/accept", params(InTable), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn accept(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTable { id, r, t }): Params<InTable>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let command = Command::AcceptSheet { round: r, table: t };
    run_command(&app, id, &caller, command).await
}

/// Accept every signed sheet of the round at once: one acceptance (and one
/// audit line) per table (standard 26, R14). `done` says what was done.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/accept-signed", params(InRound), request_body = Option<Empty>,
    responses((status = OK, description = "The events recorded, and `done`: what was done in words", body = Object)))]
async fn accept_signed(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InRound { id, r }): Params<InRound>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let actor = caller.writer(id)?;
    let command = Command::AcceptAllSigned { round: r };
    let events = app.tournaments.execute(id, actor, command).await?;
    let tables: Vec<String> = events
        .iter()
        .filter_map(|e| match e.event {
            jongg_tournament::Event::SheetAccepted { table, .. } => Some(table.to_string()),
            _ => None,
        })
        .collect();
    let done = format!(
        "Accepted {} signed sheet{} of round {r}: table{} {}.",
        tables.len(),
        if tables.len() == 1 { "" } else { "s" },
        if tables.len() == 1 { "" } else { "s" },
        tables.join(", ")
    );
    Ok(Json(json!({ "events": events, "done": done })))
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

async fn table_link(app: &AppState, id: i64, r: RoundNo, t: TableNo) -> Result<Value, ApiError> {
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

/// The table's scorekeeper link.
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/link", params(InTable),
    responses((status = OK, description = "The link, its key and its QR code's address", body = Object)))]
async fn link(
    State(app): State<Arc<AppState>>,
    Params(InTable { id, r, t }): Params<InTable>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(table_link(&app, id, r, t).await?))
}

/// Every table's scorekeeper link for the round.
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}/links", params(InRound),
    responses((status = OK, description = "The links", body = Object)))]
async fn links(
    State(app): State<Arc<AppState>>,
    Params(InRound { id, r }): Params<InRound>,
) -> Result<Json<Value>, ApiError> {
    let tables: Vec<TableNo> = app.tournaments.get(id)?.read(|t| {
        t.seating(r)
            .map(|s| s.tables.iter().map(|x| x.table).collect())
    })?;
    let mut out = Vec::with_capacity(tables.len());
    for t in tables {
        out.push(table_link(&app, id, r, t).await?);
    }
    Ok(Json(json!({ "links": out })))
}

/// The table's scorekeeper link as a QR code (SVG).
#[utoipa::path(get, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/qr.svg", params(InTable),
    responses((status = OK, description = "An SVG image", content_type = "image/svg+xml")))]
async fn qr(
    State(app): State<Arc<AppState>>,
    Params(InTable { id, r, t }): Params<InTable>,
) -> Result<Response, ApiError> {
    let link = table_link(&app, id, r, t).await?;
    let url = link["url"].as_str().unwrap_or_default();
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(ApiError::internal)?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// What a scorekeeper link is for, with its sheet.
#[utoipa::path(get, path = "/api/scorekeeper",
    responses((status = OK, description = "The link's table and sheet", body = Object)))]
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
