//! The live table in the browser (issue 23.5): `/play`, the form that starts
//! a practice table (you and three bots), and `/play/{id}`, a seat's page.
//! The page is a frame: `assets/play.js` reads the seat and its token from
//! the address, plays over the table's WebSocket (docs/play-protocol.md)
//! and draws everything from the `view` and the events that follow.

use super::assets::asset;
use super::{PageResult, html};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use askama::Template;
use axum::response::IntoResponse;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(start_page)),
        route(Access::Public, routes!(table_page)),
        route(Access::Public, routes!(play_js)),
        route(Access::Public, routes!(play_table_js)),
        route(Access::Public, routes!(play_css)),
    ]
}

/// The table page's script and the start form's (`assets/play.js`).
pub(crate) const PLAY_JS: &str = include_str!("../../assets/play.js");
/// The table as one seat sees it (`assets/play_table.js`).
pub(crate) const PLAY_TABLE_JS: &str = include_str!("../../assets/play_table.js");
pub(crate) const PLAY_CSS: &str = include_str!("../../assets/play.css");

/// The live table's script: the WebSocket, the table drawn, the moves.
#[utoipa::path(get, path = "/assets/play.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn play_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PLAY_JS)
}

/// The live table as one seat sees it: its view, changed by each event.
#[utoipa::path(get, path = "/assets/play_table.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn play_table_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PLAY_TABLE_JS)
}

/// The live table's stylesheet: the rack, the seats, phone and projector layouts.
#[utoipa::path(get, path = "/assets/play.css",
    responses((status = OK, description = "CSS", content_type = "text/css")))]
async fn play_css() -> impl IntoResponse {
    asset("text/css; charset=utf-8", PLAY_CSS)
}

/// The bots' strengths a practice table offers (docs/game.md, "Three strengths").
const STRENGTHS: [(&str, &str); 3] = [
    ("easy", "Easy: a learner's slips"),
    ("medium", "Medium: plays toward its nearest hands"),
    ("strong", "Strong: plans several hands and defends"),
];

/// The seats, as the form and the create route name them.
const SEATS: [(&str, &str); 4] = [
    ("east", "East (you deal)"),
    ("south", "South"),
    ("west", "West"),
    ("north", "North"),
];

#[derive(Template)]
#[template(path = "play_start.html")]
struct StartPage {
    presets: Vec<&'static str>,
    strengths: &'static [(&'static str, &'static str)],
    seats: &'static [(&'static str, &'static str)],
}

/// Start a practice table: a preset, your seat, and bots of a strength.
#[utoipa::path(get, path = "/play", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn start_page() -> PageResult {
    html(&StartPage {
        presets: jongg_rules::PRESET_NAMES.to_vec(),
        strengths: &STRENGTHS,
        seats: &SEATS,
    })
}

/// `/play/{id}`: a live table.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct AtTable {
    /// The table's id, as its creation answered.
    id: String,
}

/// The longest table id a page accepts.
const MOST_ID_CHARS: usize = 64;

/// A table id as the page may write it into the document: letters, digits,
/// `-` and `_` only; anything else is no table of ours.
fn checked_id(id: &str) -> Result<&str, ApiError> {
    let fine = !id.is_empty()
        && id.len() <= MOST_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(id)
    } else {
        Err(ApiError::not_found(format!(
            "no table has the id {:?}: a table's id is letters, digits, - and _ (at most {MOST_ID_CHARS})",
            id.chars().take(MOST_ID_CHARS).collect::<String>()
        )))
    }
}

#[derive(Template)]
#[template(path = "play.html")]
struct TablePage {
    id: String,
}

/// A seat at a live table: `?seat=east&token=...` from the table's link.
/// The page itself holds no secret: the script reads the token from the
/// address and says hello with it over the WebSocket.
#[utoipa::path(get, path = "/play/{id}", params(AtTable),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn table_page(Params(AtTable { id }): Params<AtTable>) -> PageResult {
    let id = checked_id(&id)?.to_string();
    html(&TablePage { id })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_id_of_letters_digits_and_dashes_is_taken() {
        assert_eq!(checked_id("t-12_ab").ok(), Some("t-12_ab"));
        assert!(checked_id(&"a".repeat(MOST_ID_CHARS)).is_ok());
    }

    #[test]
    fn a_table_id_that_could_break_the_page_is_refused_in_words() {
        for bad in [
            "",
            "a b",
            "<x>",
            "a\"b",
            "../x",
            &"a".repeat(MOST_ID_CHARS + 1),
        ] {
            let e = checked_id(bad).unwrap_err();
            assert!(
                e.message.contains("letters, digits"),
                "{bad}: {}",
                e.message
            );
        }
    }

    #[test]
    fn the_start_page_offers_every_preset_and_every_strength() {
        let page = StartPage {
            presets: jongg_rules::PRESET_NAMES.to_vec(),
            strengths: &STRENGTHS,
            seats: &SEATS,
        }
        .render()
        .unwrap();
        for p in jongg_rules::PRESET_NAMES {
            assert!(page.contains(&format!("value=\"{p}\"")), "{p}");
        }
        for (s, _) in STRENGTHS {
            assert!(page.contains(&format!("value=\"{s}\"")), "{s}");
        }
        // Issue 24: the stand-in's strength, medium unless changed.
        assert!(page.contains("name=\"stand_in\""), "{page}");
        assert!(
            page.contains("<option value=\"medium\" selected>Medium"),
            "{page}"
        );
    }

    #[test]
    fn the_table_page_names_its_socket_and_loads_its_script() {
        let page = TablePage { id: "abc".into() }.render().unwrap();
        assert!(
            page.contains("data-ws=\"/api/play/tables/abc/ws\""),
            "{page}"
        );
        assert!(page.contains("/assets/play.js"));
        assert!(page.contains("/assets/play.css"));
    }
}
