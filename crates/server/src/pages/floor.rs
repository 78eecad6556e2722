//! The floor official's phone (issue 14.2-14.3): the open calls of the
//! tournament with table, seat and waiting time, newest news first by the
//! live feed (`assets/floor.js` listens to `/api/tournaments/{id}/changes`
//! and swaps the list in); each call is taken and closed with what
//! happened, chosen from the preset's incidents, whose ruling jongg states.
//! The score page's "call the director" form is `templates/floor_call.html`.

use super::{PageResult, html, name_of};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::state::AppState;
use askama::Template;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use jongg_store::now_millis;
use jongg_tournament::{Actor, Tournament};
use std::sync::Arc;
use utoipa_axum::routes;

const FLOOR_JS: &str = include_str!("../../assets/floor.js");

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Floor, routes!(floor_page)),
        route(Access::Public, routes!(floor_js)),
    ]
}

struct CallRow {
    number: u32,
    table: u16,
    round: u8,
    seat: String,
    reason: String,
    waiting: String,
    taken_by: String,
}

struct Choice {
    id: &'static str,
    title: &'static str,
    effect: String,
}

#[derive(Template)]
#[template(path = "floor.html")]
struct FloorPage {
    id: i64,
    name: String,
    preset: String,
    calls: Vec<CallRow>,
    incidents: Vec<Choice>,
    games: Vec<u8>,
    /// The rulings made this round (all, between rounds), newest first.
    rulings: Vec<crate::body::rulings::RulingView>,
    /// The round's clock (an official calls time at the tables too).
    clock: Option<super::clock::ClockView>,
}

/// "just now", "3 min", "1 h 5 min".
fn waiting(ms: i64) -> String {
    let min = ms.max(0) / 60_000;
    match min {
        0 => "just now".into(),
        m if m < 60 => format!("{m} min"),
        m => format!("{} h {} min", m / 60, m % 60),
    }
}

/// "South" for the heading.
fn seat_name(s: jongg_tiles::Seat) -> String {
    let s = s.to_string();
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn who(a: Actor) -> String {
    match a {
        Actor::Director => "the director".into(),
        Actor::Official { official } => format!("floor {official}"),
        other => other.to_string(),
    }
}

fn page(t: &Tournament, id: i64, now: i64) -> FloorPage {
    let preset = t.preset().ok();
    FloorPage {
        id,
        name: name_of(t),
        preset: preset.map_or_else(String::new, |p| p.title.clone()),
        calls: t
            .open_calls()
            .into_iter()
            .map(|c| CallRow {
                number: c.number.0,
                table: c.table.0,
                round: c.round.0,
                seat: c.seat.map_or_else(String::new, seat_name),
                reason: c.reason,
                waiting: c.at.map_or_else(String::new, |at| waiting(now - at)),
                taken_by: c.taken_by.map_or_else(String::new, who),
            })
            .collect(),
        incidents: preset.map_or_else(Vec::new, |p| {
            p.incidents()
                .into_iter()
                .map(|i| Choice {
                    id: i.id(),
                    title: i.title(),
                    effect: p.ruling(i).effect_words(),
                })
                .collect()
        }),
        games: (1..=t.settings().map_or(0, |s| s.games_per_round.0)).collect(),
        rulings: {
            let mut r = crate::body::rulings::rulings(t, t.current_round(), None);
            r.reverse();
            r
        },
        clock: super::clock::current_clock(t, now),
    }
}

/// The floor official's page: open calls, live.
#[utoipa::path(get, path = "/floor/t/{id}", params(InTournament),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn floor_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let now = now_millis();
    let p = app.tournaments.get(id)?.read(|t| page(t, id, now));
    html(&p)
}

/// The floor page's script: the list of calls kept live.
#[utoipa::path(get, path = "/assets/floor.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn floor_js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        FLOOR_JS,
    )
}

#[cfg(test)]
mod tests {
    use super::waiting;

    #[test]
    fn waiting_times_read_plainly() {
        assert_eq!(waiting(-5), "just now");
        assert_eq!(waiting(59_999), "just now");
        assert_eq!(waiting(3 * 60_000 + 5), "3 min");
        assert_eq!(waiting(65 * 60_000), "1 h 5 min");
    }
}
