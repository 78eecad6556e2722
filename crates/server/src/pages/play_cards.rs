//! `/play/cards`: the server's library of cards (issue 32.1), for anyone
//! to read, with the form a signed-in player loads a card with (it posts
//! to `POST /api/cards`, which checks the card as an event's card is).

use super::{PageResult, html};
use crate::edge::access::{Access, MaybePlayer};
use crate::edge::route::{Route, route};
use crate::state::AppState;
use crate::state::card_library::{self, MOST_PER_PLAYER};
use askama::Template;
use axum::extract::State;
use jongg_store::LibraryCard;
use std::sync::Arc;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![route(Access::Public, routes!(cards_page))]
}

#[derive(Template)]
#[template(path = "play_cards.html")]
struct CardsPage {
    cards: Vec<LibraryCard>,
    /// The signed-in player's name, if any: the form is theirs.
    me: Option<String>,
    most_per_player: i64,
    most_bytes: usize,
}

/// The cards loaded on this server, newest year first, and the form to
/// load one (signed-in players).
#[utoipa::path(get, path = "/play/cards",
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn cards_page(State(app): State<Arc<AppState>>, MaybePlayer(me): MaybePlayer) -> PageResult {
    html(&CardsPage {
        cards: card_library::list(&app).await?,
        me: me.map(|p| p.account.name),
        most_per_player: MOST_PER_PLAYER,
        most_bytes: jongg_tournament::card::MAX_CARD_FILE,
    })
}
