//! A finished table's replay (issue 23.9) and coach (issue 24.6):
//! `/play/{id}/log.jsonl`, the game's fair-wall log as `jongg replay` and
//! `jongg verify-wall` read it; `/play/{id}/replay?move=N`, the game move
//! by move with every rack, the wall's check and the log's link, drawn on
//! the server (Previous and Next are links; `assets/replay.js` only steps
//! without reloading, and with the arrow keys); `?seat=east` adds the
//! coach: the strong bot's choice and why at each of that seat's
//! decisions, and where the two differ most. Finished tables only: until
//! the end the wall's seed and the racks are secret (409).

use super::replay_view::{At, log_name};
use super::{PageResult, html};
use crate::edge::access::{Access, Caller};
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::tables::finished::Finished;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use jongg_game::replay::frames_from;
use jongg_store::LiveTableId;
use jongg_store::secret::hash_token;
use jongg_tiles::Seat;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::edge::extract::Params;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Anyone, routes!(log_file)),
        route(Access::Anyone, routes!(replay_page)),
        route(Access::Public, routes!(replay_js)),
    ]
}

/// The replay's script: steps without reloading, arrow keys (`assets/replay.js`).
pub(crate) const REPLAY_JS: &str = include_str!("../../assets/replay.js");

/// The replay page's script: the moves fetched in place, the arrow keys.
#[utoipa::path(get, path = "/assets/replay.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn replay_js() -> impl IntoResponse {
    super::assets::asset("text/javascript; charset=utf-8", REPLAY_JS)
}

/// `/play/{id}/...`: a finished live table.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct FinishedTable {
    /// The table's id: 16 hex digits.
    #[param(min_length = 16, max_length = 16, pattern = "^[0-9a-f]{16}$")]
    id: String,
}

impl FinishedTable {
    fn table(&self) -> Result<LiveTableId, ApiError> {
        LiveTableId::parse(&self.id).ok_or_else(|| {
            ApiError::not_found(format!(
                "no table {:?}: a table's id is 16 hex digits",
                self.id.chars().take(32).collect::<String>()
            ))
        })
    }
}

/// `?move=N&seat=east`: which move, and whose decisions the coach reviews.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ReplayAt {
    /// The move shown, from 1 (the game's first event); 1 when left out.
    #[serde(rename = "move")]
    at: Option<String>,
    /// The seat the coach reviews: east, south, west or north.
    seat: Option<String>,
    /// A tournament game's seat token (its table's link): the replay of a
    /// round not yet closed is its table's and the director's only.
    token: Option<String>,
}

impl ReplayAt {
    /// The move asked for, checked against the game's `total` moves.
    fn number(&self, total: usize) -> Result<usize, ApiError> {
        let Some(text) = self.at.as_deref().filter(|t| !t.is_empty()) else {
            return Ok(1);
        };
        match text.parse::<usize>() {
            Ok(n) if (1..=total).contains(&n) => Ok(n),
            _ => Err(ApiError::bad_request(format!(
                "move {:?}: this game's moves are numbered 1 to {total}",
                text.chars().take(20).collect::<String>()
            ))),
        }
    }

    fn seat(&self) -> Result<Option<Seat>, ApiError> {
        match self.seat.as_deref().filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => s.parse().map(Some).map_err(|_| {
                ApiError::bad_request(format!(
                    "seat {:?}: a seat is east, south, west or north",
                    s.chars().take(20).collect::<String>()
                ))
            }),
        }
    }
}

/// A finished table's game as JSON lines with its fair wall's proof: the
/// file `jongg verify-wall` checks and `jongg replay` tells.
#[utoipa::path(get, path = "/play/{id}/log.jsonl", params(FinishedTable, SeatToken),
    responses((status = OK, description = "The game's log", content_type = "application/jsonl"),
        (status = NOT_FOUND, description = "No such table"),
        (status = CONFLICT, description = "The table's game has not ended")))]
async fn log_file(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params(p): Params<FinishedTable>,
    Query(q): Query<SeatToken>,
) -> PageResult {
    let id = p.table()?;
    let game = app.tables.finished(&id).await?;
    viewer(&app, &game, &caller, q.token.as_deref())?;
    let disposition = format!("attachment; filename=\"{}\"", log_name(id.as_str()));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/jsonl; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        game.log.to_json_lines(),
    )
        .into_response())
}

/// A finished table's game, move by move with every rack; `?seat=` adds
/// the coach's view of that seat's decisions.
#[utoipa::path(get, path = "/play/{id}/replay", params(FinishedTable, ReplayAt),
    responses((status = OK, description = "The page", content_type = "text/html"),
        (status = BAD_REQUEST, description = "A move or a seat that is not one"),
        (status = NOT_FOUND, description = "No such table"),
        (status = CONFLICT, description = "The table's game has not ended"),
        (status = TOO_MANY_REQUESTS, description = "Coach reviews asked faster than the server gives them to one address: see Retry-After"),
        (status = SERVICE_UNAVAILABLE, description = "Too many coach reviews wait already: see Retry-After")))]
async fn replay_page(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Params(p): Params<FinishedTable>,
    Query(q): Query<ReplayAt>,
) -> PageResult {
    // A coach's review takes a core for a game's decisions: paced per
    // address, charged before any work (issue 34.7).
    if q.seat.is_some() {
        let client = crate::edge::client::client_ip(&app, peer, &headers);
        if let Err(wait) = app.pace.reviews.take(client) {
            let secs = crate::http::limiter::retry_after_secs(wait);
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "the coach's reviews are asked too often from this address: try again in {secs} s \
                     (the replay without `seat` is not limited)"
                ),
            )
            .retry_after(secs)
            .into());
        }
    }
    let id = p.table()?;
    let game = app.tables.finished(&id).await?;
    let viewer = viewer(&app, &game, &caller, q.token.as_deref())?;
    let start = game.log.start().map_err(ApiError::internal)?;
    let all = frames_from(start, &game.log.events);
    let n = q.number(all.len())?;
    let seat = q.seat()?;
    if seat.is_some() && viewer == Viewer::NoCoach {
        return Err(ApiError::forbidden(
            "a tournament's game has no coach for its players (docs/playing-online.md): \
             its director may review it",
        )
        .into());
    }
    let reviews = match seat {
        Some(s) => {
            // At most so many wait for the coach; beyond them, a 503.
            let Ok(_waiting) = app.pace.reviews_waiting.try_acquire() else {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the coach has many reviews to make: try again in a minute",
                )
                .retry_after(60)
                .into());
            };
            Some((s, game.review(s).await?))
        }
        None => None,
    };
    html(
        &At {
            id: id.as_str(),
            frames: &all,
            n,
            log: &game.log,
            review: reviews.as_ref().map(|(s, r)| (*s, r.as_slice())),
        }
        .page(),
    )
}

/// `?token=`: a tournament game's seat token.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SeatToken {
    /// A seat's token of the table (its link): the replay and log of a
    /// round not yet closed are its table's and the director's only.
    token: Option<String>,
}

/// What a caller may see of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Viewer {
    /// The replay and the coach: a practice table's, or the director.
    Coached,
    /// The replay without the coach: a tournament game's (issue 32.7;
    /// tournament tables have no coach, docs/playing-online.md).
    NoCoach,
}

/// Who may see game `game` (issue 32.7): a practice table's, anyone, with
/// its coach; a tournament game's, until its round is closed, its table
/// (a seat's token) and the director, and after, anyone; its coach, the
/// director only. 403 in words otherwise.
fn viewer(
    app: &AppState,
    game: &Finished,
    caller: &Caller,
    token: Option<&str>,
) -> Result<Viewer, ApiError> {
    let Some(g) = game.setup.round else {
        return Ok(Viewer::Coached);
    };
    if matches!(caller, Caller::Director { .. }) {
        return Ok(Viewer::Coached);
    }
    let closed = app
        .tournaments
        .get(g.tournament)
        .ok()
        .and_then(|slot| {
            slot.read(|t| {
                t.round(g.round)
                    .ok()
                    .map(|r| matches!(r.state, jongg_tournament::RoundState::Closed { .. }))
            })
        })
        // The tournament is gone: nothing left to protect.
        .unwrap_or(true);
    let seated = token.is_some_and(|t| {
        let hash = hash_token(t);
        game.token_hashes
            .iter()
            .any(|(_, h)| h.as_deref() == Some(hash.as_str()))
    });
    if closed || seated {
        return Ok(Viewer::NoCoach);
    }
    Err(ApiError::forbidden(format!(
        "this tournament game's replay is its table's and the director's until round {} is          closed: open it from your seat's page",
        g.round
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(at: Option<&str>, seat: Option<&str>) -> ReplayAt {
        ReplayAt {
            at: at.map(str::to_string),
            seat: seat.map(str::to_string),
            token: None,
        }
    }

    #[test]
    fn a_move_is_one_of_the_games_and_the_first_when_left_out() {
        assert_eq!(at(None, None).number(9).unwrap(), 1);
        assert_eq!(at(Some(""), None).number(9).unwrap(), 1);
        assert_eq!(at(Some("9"), None).number(9).unwrap(), 9);
        for bad in ["0", "10", "-1", "x", "1.5"] {
            let e = at(Some(bad), None).number(9).unwrap_err();
            assert_eq!(e.status, 400);
            assert!(
                e.message.contains("numbered 1 to 9"),
                "{bad}: {}",
                e.message
            );
        }
    }

    #[test]
    fn a_seat_is_named_or_refused_in_words() {
        assert_eq!(at(None, Some("west")).seat().unwrap(), Some(Seat::West));
        assert_eq!(at(None, None).seat().unwrap(), None);
        let e = at(None, Some("middle")).seat().unwrap_err();
        assert!(
            e.message.contains("east, south, west or north"),
            "{}",
            e.message
        );
    }
}
