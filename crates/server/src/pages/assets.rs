//! The stylesheet and scripts, embedded in the binary and served by jongg
//! itself: nothing is loaded from the internet.

use crate::AppState;
use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Arc;

const CSS: &str = include_str!("../../assets/jongg.css");
const JS: &str = include_str!("../../assets/jongg.js");
const SCORE_JS: &str = include_str!("../../assets/score.js");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A new jongg may change them: revalidate after an hour.
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
}

pub(super) fn routes(r: Router<Arc<AppState>>) -> Router<Arc<AppState>> {
    r.route(
        "/assets/jongg.css",
        get(|| async { asset("text/css; charset=utf-8", CSS) }),
    )
    .route(
        "/assets/jongg.js",
        get(|| async { asset("text/javascript; charset=utf-8", JS) }),
    )
    .route(
        "/assets/score.js",
        get(|| async { asset("text/javascript; charset=utf-8", SCORE_JS) }),
    )
}
