//! Live pages: `GET /api/tournaments/{id}/changes` tells a page that the
//! tournament changed, so it fetches what it shows again (the round
//! control, the projector, the standings, a floor official's phone).
//!
//! It is server-sent events read by the browser's `EventSource`, one event
//! per connection: the event's `id` is the seq of the last committed event.
//! Without a `Last-Event-ID` the answer is the current seq at once; with one,
//! the answer waits until a newer event is committed (or [`WAIT`] passes),
//! then the connection ends and `EventSource` comes back after `retry`
//! milliseconds with the id it last saw. Nothing is missed: a change made
//! while it reconnects is newer than that id and answered at once. Ending
//! each answer keeps a connection from being held open for ever, and lets
//! plain HTTP clients (tests, the fuzzer) read it like any other answer.
//!
//! Subscribers are bounded (issue 19.3): beyond the bound the answer is a
//! 503 with `Retry-After`, `EventSource` gives up, and the page works on
//! without live updates. While it waits, the answer writes a comment every
//! [`KEEP_ALIVE`] (or half the idle timeout): a peer gone away is noticed
//! when the write fails, or when the connection stops moving bytes.

use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use utoipa_axum::routes;

/// How long an answer waits for a change before it ends (the browser asks
/// again at once): well under the minute after which proxies and phones
/// drop a quiet connection.
pub(crate) const WAIT: Duration = Duration::from_secs(25);

/// How long `EventSource` waits before it asks again, in milliseconds.
const RETRY_MS: u64 = 250;

/// The longest wait between two comments of a waiting answer.
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(15);

pub fn routes() -> Vec<Route> {
    vec![route(Access::Public, routes!(changes))]
}

/// Tells when the tournament changed: one server-sent event whose `id` is the
/// seq of its last event (at once without `Last-Event-ID`; with one, when a
/// newer event is committed, or an empty answer after 25 s). A 503 when
/// too many pages are subscribed: they work on without live updates.
#[utoipa::path(get, path = "/api/tournaments/{id}/changes", params(InTournament),
    responses((status = OK, description = "One server-sent event: `id` and `data` are the last event's seq",
        content_type = "text/event-stream"),
        (status = SERVICE_UNAVAILABLE, description = "Too many subscribers: try again after `Retry-After` seconds")))]
async fn changes(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let mut watch = app.tournaments.get(id)?.watch();
    let Ok(slot) = app.live_slots.clone().try_acquire_owned() else {
        return Ok(too_many());
    };
    // An id we cannot read counts as none: answered at once.
    let seen: Option<u64> = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let next = async move {
        // Held until the answer ends.
        let _slot = slot;
        if let Some(seen) = seen {
            let newer = watch.wait_for(|&seq| seq > seen);
            match tokio::time::timeout(WAIT, newer).await {
                Ok(Ok(_)) => {}
                // Nothing newer in time, or the server is stopping.
                _ => return None,
            }
        }
        let seq = *watch.borrow();
        Some(Ok::<_, Infallible>(
            Event::default()
                .id(seq.to_string())
                .data(seq.to_string())
                .retry(Duration::from_millis(RETRY_MS)),
        ))
    };
    let stream = futures_util::stream::once(next).filter_map(std::future::ready);
    let beat = KeepAlive::new().interval(app.live_keep_alive);
    Ok(Sse::new(stream).keep_alive(beat).into_response())
}

/// The polite refusal: try again later, and this connection is closed.
fn too_many() -> Response {
    let mut res = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "too many pages are following live changes: this page works on without them",
    )
    .into_response();
    let headers = res.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}
