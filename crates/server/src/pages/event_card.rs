//! The director's page of the event's card (issue 14.1): the card year the
//! rules read (st-louis-senior-olympics' two readings, the director's
//! choice), the card file loaded (its name and how many lines), and the
//! forms to choose the year, load a card file (chosen or pasted) or go back
//! to jongg's practice card. A file that is not a card is refused with its
//! mistakes by line and column, and nothing changes (`card.rs`).

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
use jongg_rules::floor::CardYear;
use jongg_tournament::Tournament;
use std::sync::Arc;
use utoipa_axum::routes;

const CARD_FILE_JS: &str = include_str!("../../assets/card_file.js");

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(card_page)),
        route(Access::Public, routes!(card_file_js)),
    ]
}

struct Reading {
    /// The year for the form, where the reading is a year.
    year: Option<u16>,
    text: String,
    source: String,
    chosen: bool,
}

#[derive(Template)]
#[template(path = "event_card.html")]
struct CardPage {
    id: i64,
    name: String,
    /// The card year in force, in words, with its source.
    year: Option<(String, String)>,
    readings: Vec<Reading>,
    /// The director's choice of year, sent again with a new file.
    chosen: Option<u16>,
    /// The card file loaded: its name and its lines.
    file: Option<(String, usize)>,
    practice: bool,
    max_kib: usize,
}

fn year_number(y: CardYear) -> Option<u16> {
    match y {
        CardYear::Year(y) => Some(y),
        CardYear::Current => None,
    }
}

fn page(t: &Tournament, id: i64) -> CardPage {
    let setting = t.card_setting();
    let in_force = t.card_year();
    let readings = t.preset().map_or_else(
        |_| Vec::new(),
        |p| {
            p.card
                .readings
                .iter()
                .map(|r| Reading {
                    year: year_number(r.year),
                    text: r.year.to_string(),
                    source: r.source.clone(),
                    chosen: in_force.is_some_and(|f| f.year == r.year),
                })
                .collect()
        },
    );
    CardPage {
        id,
        name: name_of(t),
        year: in_force.map(|r| (r.year.to_string(), r.source.clone())),
        readings,
        chosen: setting.year.and_then(year_number),
        file: setting
            .file
            .as_ref()
            .map(|f| (f.label.clone(), t.card().map_or(0, |c| c.lines().len()))),
        practice: setting.file.as_ref() == Some(&jongg_tournament::card::CardFile::practice()),
        max_kib: jongg_tournament::card::MAX_CARD_FILE / 1024,
    }
}

/// The event's card: the year, the file loaded, and the forms to change them.
#[utoipa::path(get, path = "/director/t/{id}/card", params(InTournament),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn card_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let p = app.tournaments.get(id)?.read(|t| page(t, id));
    html(&p)
}

/// The card page's script: a chosen file read into the form as text.
#[utoipa::path(get, path = "/assets/card_file.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn card_file_js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        CARD_FILE_JS,
    )
}
