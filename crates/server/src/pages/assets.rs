//! The stylesheet and scripts, embedded in the binary and served by jongg
//! itself: nothing is loaded from the internet.

use crate::edge::access::Access;
use crate::edge::route::{Route, route};
use axum::http::header;
use axum::response::IntoResponse;
use utoipa_axum::routes;

const CSS: &str = include_str!("../../assets/jongg.css");
const JS: &str = include_str!("../../assets/jongg.js");
const SCORE_JS: &str = include_str!("../../assets/score.js");
const PROJECTOR_JS: &str = include_str!("../../assets/projector.js");
const SCORE_HAND_JS: &str = include_str!("../../assets/score_hand.js");
const CLOCK_JS: &str = include_str!("../../assets/clock.js");

pub(super) fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A new jongg may change them: revalidate after an hour.
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
}

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(css)),
        route(Access::Public, routes!(js)),
        route(Access::Public, routes!(score_js)),
        route(Access::Public, routes!(projector_js)),
        route(Access::Public, routes!(score_hand_js)),
        route(Access::Public, routes!(clock_js)),
    ]
}

/// The pages' stylesheet.
#[utoipa::path(get, path = "/assets/jongg.css",
    responses((status = OK, description = "CSS", content_type = "text/css")))]
async fn css() -> impl IntoResponse {
    asset("text/css; charset=utf-8", CSS)
}

/// The pages' script: forms sent as JSON, live standings.
#[utoipa::path(get, path = "/assets/jongg.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", JS)
}

/// The score page's script: live points, entry, signing.
#[utoipa::path(get, path = "/assets/score.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn score_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCORE_JS)
}

/// The projector's script: pages that fit the screen, turned on a timer.
#[utoipa::path(get, path = "/assets/projector.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn projector_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PROJECTOR_JS)
}

/// The score page's check of a hand's tiles on the event's card (issue 14.1).
#[utoipa::path(get, path = "/assets/score_hand.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn score_hand_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCORE_HAND_JS)
}

/// The round clock's script: counts down, signals the warning and time called.
#[utoipa::path(get, path = "/assets/clock.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn clock_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", CLOCK_JS)
}
