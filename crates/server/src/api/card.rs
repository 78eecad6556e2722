//! The event's card (issue 14.1): the director sets the card year and loads
//! a card file; anyone reads which card the event uses; a score page checks
//! a winning hand's tiles against it before entering it (the domain's one
//! path, `Tournament::score_with_card`, as the sheet itself scores it).

use crate::api::run_command;
use crate::body::Body;
use crate::body::card::{CheckHand, SetCard};
use crate::edge::access::Caller;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InGame, InTournament};
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use jongg_tournament::Tournament;
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(card)),
        route(Access::Director, routes!(set_card)).form(|_| "The event's card is saved".into()),
        route(Access::Public, routes!(check_hand)),
    ]
}

/// What the event's card is, in words a page shows.
pub(crate) fn card_view(t: &Tournament) -> Value {
    let readings: Vec<Value> = t
        .preset()
        .map(|p| {
            p.card
                .readings
                .iter()
                .map(|r| json!({ "year": r.year, "text": r.year.to_string(), "source": r.source }))
                .collect()
        })
        .unwrap_or_default();
    let year = t
        .card_year()
        .map(|r| json!({ "year": r.year, "text": r.year.to_string(), "source": r.source }));
    let file = t.card_setting().file.as_ref().map(|f| {
        json!({
            "label": f.label,
            "lines": t.card().map_or(0, |c| c.lines().len()),
        })
    });
    json!({ "year": year, "readings": readings, "file": file })
}

/// The event's card: the card year in force and its source, the rules
/// text's readings, and the card file loaded (if any).
#[utoipa::path(get, path = "/api/tournaments/{id}/card", params(InTournament),
    responses((status = OK, description = "The event's card", body = Object)))]
async fn card(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    Ok(Json(slot.read(card_view)))
}

/// Set the event's card: a card year the rules text reads, and the card
/// file (none, jongg's practice card, or the director's own; left out, the
/// file loaded stays).
#[utoipa::path(post, path = "/api/tournaments/{id}/card", params(InTournament), request_body = SetCard,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn set_card(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(InTournament { id }): Params<InTournament>,
    Body(b): Body<SetCard>,
) -> Result<Json<Value>, ApiError> {
    if b.year.is_none() && b.card.is_none() {
        return Err(ApiError::unprocessable(
            "nothing to change: choose the card's year or the card to use",
        ));
    }
    let now = app
        .tournaments
        .get(id)?
        .read(|t| t.card_setting().file.clone());
    let done = run_command(&app, id, &caller, b.command(now)).await?;
    crate::state::card_library::keep_event_card(&app, id).await;
    Ok(done)
}

/// Check a game against the event's card as entering it on game `g` of the
/// sheet would: with the winning hand's tiles, the line they make and the
/// record filled in; without, whether the value is one the card has. Then
/// its points. 422 names what is wrong.
#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{r}/tables/{t}/games/{g}/check-hand", params(InGame), request_body = CheckHand,
    responses((status = OK, description = "The line matched, the record and its points", body = Object)))]
async fn check_hand(
    State(app): State<Arc<AppState>>,
    Params(InGame { id, r, t, g }): Params<InGame>,
    Body(b): Body<CheckHand>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.tournaments.get(id)?;
    let hand = b.hand.map(Into::into);
    let (checked, scored) =
        slot.read(|tour| tour.score_with_card(r, t, g, &b.record, hand.as_ref()))?;
    let line = checked
        .line
        .as_ref()
        .map(|m| json!({ "name": m.name, "value": m.value, "section": m.section }));
    let lines: Vec<Value> = scored
        .lines
        .iter()
        .map(|l| json!({ "seat": l.seat, "points": l.points, "reason": l.reason, "source": l.source }))
        .collect();
    Ok(Json(json!({
        "line": line,
        "note": checked.note,
        "record": scored.record,
        "points": scored.points,
        "lines": lines,
    })))
}
