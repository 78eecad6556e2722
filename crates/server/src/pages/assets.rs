//! The stylesheet and scripts, embedded in the binary and served by jongg
//! itself: nothing is loaded from the internet.

use crate::access::Access;
use crate::routes::Route;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

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

pub(super) fn routes() -> Vec<Route> {
    vec![
        Route::file(
            "/assets/jongg.css",
            "The pages' stylesheet",
            "text/css",
            Access::Public,
            get(|| async { asset("text/css; charset=utf-8", CSS) }),
        ),
        Route::file(
            "/assets/jongg.js",
            "The pages' script: forms sent as JSON, live standings",
            "text/javascript",
            Access::Public,
            get(|| async { asset("text/javascript; charset=utf-8", JS) }),
        ),
        Route::file(
            "/assets/score.js",
            "The score page's script: live points, entry, signing",
            "text/javascript",
            Access::Public,
            get(|| async { asset("text/javascript; charset=utf-8", SCORE_JS) }),
        ),
    ]
}
