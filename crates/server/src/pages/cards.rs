//! Table cards for the whole event (issue 13, point 3): each table has a
//! long secret key (in the card's QR code, `/table?key=`) that finds the
//! table's current round and opens its score page, and a short printed
//! code typed in at `/code` when the QR fails (guesses limited per
//! address). The printed card is a table tent (`tents.rs`). And "where do
//! I sit?" (`/t/{id}/seat`):
//! a player's table, seat and opponents this round and the next.

use super::{PageResult, html, name_of, seat_name};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::http::limiter::Key;
use crate::state::AppState;
use askama::Template;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect};
use jongg_store::{TableLink, TournamentId, secret::normalize_code};
use jongg_tournament::{PlayerNo, RoundNo, RoundState, TableNo, Tournament};
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(by_key)),
        route(Access::Public, routes!(by_code)),
        route(Access::Public, routes!(seat)),
    ]
}

/// `?key=`: the key of a table's card (its QR code).
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CardKey {
    /// The key in the table card's QR code.
    key: Option<String>,
}

/// `?code=`: the code printed on a table's card.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CardCode {
    /// Six letters and digits, as printed on the card.
    code: Option<String>,
}

/// `?who=`: a player's number or name.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Who {
    /// A badge number, or (part of) a name.
    who: Option<String>,
}

/// The round a table card opens: the round under way, else the first
/// seated round not yet started.
pub(super) fn card_round(t: &Tournament) -> Option<RoundNo> {
    t.current_round().or_else(|| {
        t.rounds()
            .iter()
            .find(|r| r.state == RoundState::Seated)
            .map(|r| r.seating.round)
    })
}

/// The table card's QR code: to the score page of the table's current round.
#[utoipa::path(get, path = "/table", params(CardKey), responses((status = SEE_OTHER, description = "To the table's score page for the round under way"), (status = OK, description = "A page", content_type = "text/html")))]
async fn by_key(State(app): State<Arc<AppState>>, Query(q): Query<CardKey>) -> PageResult {
    let card = match q.key.as_deref().filter(|k| !k.is_empty()) {
        Some(k) => app
            .tournaments
            .store()
            .card_by_key(k)
            .await
            .map_err(ApiError::from)?,
        None => None,
    };
    let Some(card) = card else {
        return Err(ApiError::not_found(
            "This table card's link is not known here. Type the code printed on the card at /code, or ask the director.",
        )
        .into());
    };
    open_table(&app, card.tournament, card.table).await
}

async fn open_table(app: &AppState, id: TournamentId, table: TableNo) -> PageResult {
    let round = app.tournaments.get(id.0)?.read(|t| {
        let round = card_round(t).ok_or_else(|| {
            ApiError::conflict("No round is seated yet: scan the card again when the director has seated the round.")
        })?;
        if t.seating(round)?.table(table).is_none() {
            return Err(ApiError::not_found(format!(
                "Table {table} has no game in round {round}. Ask the director where to sit."
            )));
        }
        Ok(round)
    })?;
    let token = app
        .table_token(TableLink {
            tournament: id,
            round,
            table,
        })
        .await?;
    Ok(Redirect::to(&format!("/score?key={token}")).into_response())
}

/// How many wrong codes an address may type: 20 free, then 5 s, doubling
/// up to 5 minutes. 31^6 codes against a few hundred tables leave a
/// guesser nothing within that.
pub(crate) const CODE_POLICY: crate::http::limiter::Policy = crate::http::limiter::Policy {
    free: 20,
    wait: std::time::Duration::from_secs(5),
    max_wait: std::time::Duration::from_secs(300),
    forget: std::time::Duration::from_secs(3600),
};

#[derive(Template)]
#[template(path = "code.html")]
struct CodePage {
    typed: String,
    error: String,
}

/// Type the code of a table card (when its QR code does not scan).
#[utoipa::path(get, path = "/code", params(CardCode), responses((status = OK, description = "The page", content_type = "text/html"), (status = SEE_OTHER, description = "To the table's score page")))]
async fn by_code(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<CardCode>,
) -> PageResult {
    let typed = q.code.unwrap_or_default();
    if typed.trim().is_empty() {
        return html(&CodePage {
            typed,
            error: String::new(),
        });
    }
    let refuse = |status: StatusCode, typed: String, error: String| -> PageResult {
        let page = CodePage { typed, error };
        Ok((status, axum::response::Html(page.render()?)).into_response())
    };
    let client = crate::edge::client::client_ip(&app, peer, &headers);
    // Charged before the code is looked up, so guesses sent together are
    // each counted.
    if let Err(wait) = app.code_limiter.charge(&[Key::address(client)]) {
        let secs = crate::http::limiter::retry_after_secs(wait);
        let mut r = refuse(
            StatusCode::TOO_MANY_REQUESTS,
            typed,
            format!(
                "Too many codes were tried from here. Wait {secs} seconds, then type the code again."
            ),
        )?;
        r.headers_mut()
            .insert(axum::http::header::RETRY_AFTER, secs.into());
        return Ok(r);
    }
    let Some(code) = normalize_code(&typed) else {
        return refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            typed,
            "A table's code is 6 letters and digits, as printed under the QR code on the table card.".into(),
        );
    };
    match app
        .tournaments
        .store()
        .card_by_code(&code)
        .await
        .map_err(ApiError::from)?
    {
        Some(card) => open_table(&app, card.tournament, card.table).await,
        None => refuse(
            StatusCode::NOT_FOUND,
            typed,
            format!("No table has the code {code}. Check it against the card on your table."),
        ),
    }
}

struct Place {
    round: RoundNo,
    /// "this round" or "next round".
    when: &'static str,
    /// Table and seat, or why none.
    at: String,
    others: Vec<String>,
}

#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    id: i64,
    name: String,
    typed: String,
    error: String,
    /// Several players match a name: pick one.
    choices: Vec<(u32, String)>,
    player: String,
    places: Vec<Place>,
}

/// The players whose number is `who`, or whose name contains it.
fn find_players(t: &Tournament, who: &str) -> Vec<(PlayerNo, String)> {
    let who = who.trim().trim_start_matches('#');
    if let Ok(n) = who.parse::<u32>() {
        return t
            .player(PlayerNo(n))
            .map(|p| vec![(p.number, p.name.clone())])
            .unwrap_or_default();
    }
    let typed = super::search::folded(who);
    t.players()
        .filter(|p| super::search::name_has(&p.name, &typed))
        .map(|p| (p.number, p.name.clone()))
        .collect()
}

/// Where `player` sits in `round`: table, seat, and who else is there.
fn place(t: &Tournament, round: RoundNo, when: &'static str, player: PlayerNo) -> Option<Place> {
    let seating = t.seating(round).ok()?;
    Some(match seating.place_of(player) {
        Some((table, seat)) => {
            let others = seating
                .table(table)
                .map(|x| {
                    x.players()
                        .filter(|&(_, p)| p != player)
                        .map(|(s, p)| {
                            let name = t
                                .player(p)
                                .map_or_else(|_| format!("#{}", p.0), |x| x.name.clone());
                            format!("{}: {name}", seat_name(s))
                        })
                        .collect()
                })
                .unwrap_or_default();
            Place {
                round,
                when,
                at: format!("Table {table}, {}", seat_name(seat)),
                others,
            }
        }
        None => Place {
            round,
            when,
            // Said as it is (issue 20.6): a disqualified or withdrawn
            // player is not "sitting this round out".
            at: match t.player(player).map(|p| super::status_word(t, p)) {
                Ok(word) if word.starts_with("disqualified") || word == "withdrawn" => {
                    format!("Not at a table: {word}")
                }
                _ if seating.sit_outs.iter().any(|s| s.player == player) => {
                    "Not at a table: sitting this round out".into()
                }
                _ => "Not at a table this round".into(),
            },
            others: vec![],
        },
    })
}

/// "Where do I sit?": a player types their number or name and sees their
/// table, seat and opponents for this round and the next.
#[utoipa::path(get, path = "/t/{id}/seat", params(InTournament, Who), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn seat(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<Who>,
) -> PageResult {
    let typed = q.who.unwrap_or_default();
    let page = app.tournaments.get(id)?.read(|t| {
        let mut page = SeatPage {
            id,
            name: name_of(t),
            typed: typed.clone(),
            error: String::new(),
            choices: vec![],
            player: String::new(),
            places: vec![],
        };
        if typed.trim().is_empty() {
            return page;
        }
        let found = find_players(t, &typed);
        match found.as_slice() {
            [] => page.error = format!("No player has the number or name “{}”.", typed.trim()),
            [(n, name)] => {
                page.player = format!("{name} (#{})", n.0);
                let now = t.current_round().or_else(|| card_round(t));
                match now {
                    Some(r) => {
                        page.places.extend(place(t, r, "this round", *n));
                        if let Ok(next) = RoundNo::try_from(u32::from(r) + 1) {
                            page.places.extend(place(t, next, "next round", *n));
                        }
                    }
                    None => page.error = "No round is seated yet.".into(),
                }
            }
            many => {
                page.choices = many.iter().map(|(n, name)| (n.0, name.clone())).collect();
            }
        }
        page
    });
    html(&page)
}
