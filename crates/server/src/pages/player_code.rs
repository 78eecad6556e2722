//! The personal sign-off code's pages (issue 14, point 6): the player's own
//! page (`/me?key=`), which shows their code, and the badges the director
//! prints, one a player, whose QR code opens it. Only the badge's holder
//! reaches the page; the code itself is printed nowhere.

use super::{PageResult, html, name_of};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_store::TournamentId;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(me)),
        route(Access::Director, routes!(badges)),
    ]
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct KeyQuery {
    /// The key on the player's badge.
    key: Option<String>,
}

#[derive(Template)]
#[template(path = "me.html")]
struct MePage {
    id: i64,
    name: String,
    number: u32,
    player: String,
    code: String,
    /// Whether the rules ask for the code when signing.
    required: bool,
    /// The player's seat at their online table's game under way (issue
    /// 23.7): the address of the seat's page, its token in it.
    play: Option<String>,
}

/// A player's own page: their personal code for signing score sheets.
#[utoipa::path(get, path = "/me", params(KeyQuery),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn me(State(app): State<Arc<AppState>>, Query(q): Query<KeyQuery>) -> PageResult {
    let unknown = || {
        ApiError::not_found(
            "this badge's link is not known here: scan the QR code on your badge again, or ask the director",
        )
    };
    let key = q.key.unwrap_or_default();
    let found = app
        .tournaments
        .store()
        .player_by_key(&key)
        .await
        .map_err(ApiError::from)?
        .ok_or_else(unknown)?;
    let id = found.tournament.0;
    let play = crate::state::online::seat_of(&app, id, found.player, &key)
        .map(|(table, seat, token)| format!("/play/{table}?seat={seat}&token={token}"));
    let page = app.tournaments.get(id)?.read(|t| {
        let p = t.player(found.player).ok()?;
        Some(MePage {
            id,
            name: name_of(t),
            number: found.player.0,
            player: p.name.clone(),
            code: found.code.clone(),
            required: t.preset().is_ok_and(|p| p.sign_off.personal_code.required),
            play,
        })
    });
    html(&page.ok_or_else(unknown)?)
}

struct Badge {
    number: u32,
    name: String,
    /// The player's own page, in the QR code.
    url: String,
    qr_svg: String,
}

#[derive(Template)]
#[template(path = "badges.html")]
struct BadgesPage {
    id: i64,
    name: String,
    badges: Vec<Badge>,
    warning: Option<String>,
}

/// Every player's badge: name, number and the QR code of their own page.
#[utoipa::path(get, path = "/director/t/{id}/badges", params(InTournament),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn badges(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let (name, players) = app.tournaments.get(id)?.read(|t| {
        (
            name_of(t),
            t.players()
                .map(|p| (p.number, p.name.clone()))
                .collect::<Vec<_>>(),
        )
    });
    let store = app.tournaments.store();
    let mut badges = Vec::with_capacity(players.len());
    for (number, player) in players {
        let code = store
            .player_code(TournamentId(id), number)
            .await
            .map_err(ApiError::from)?;
        let url = format!("{}/me?key={}", app.base_url, code.key);
        badges.push(Badge {
            number: number.0,
            name: player,
            qr_svg: super::print::qr_svg(&url),
            url,
        });
    }
    html(&BadgesPage {
        id,
        name,
        badges,
        warning: crate::http::hall::loopback_warning(&app.base_url),
    })
}
