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

use crate::AppState;
use crate::error::ApiError;
use crate::extract::Params;
use crate::extract::path::InTournament;
use crate::routes::{Access, Route, route};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, Sse};
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

pub fn routes() -> Vec<Route> {
    vec![route(Access::Public, routes!(changes))]
}

/// Tells when the tournament changed: one server-sent event whose `id` is the
/// seq of its last event (at once without `Last-Event-ID`; with one, when a
/// newer event is committed, or an empty answer after 25 s).
#[utoipa::path(get, path = "/api/tournaments/{id}/changes", params(InTournament),
    responses((status = OK, description = "One server-sent event: `id` and `data` are the last event's seq",
        content_type = "text/event-stream")))]
async fn changes(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    headers: HeaderMap,
) -> Result<Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let mut watch = app.tournaments.get(id)?.watch();
    // An id we cannot read counts as none: answered at once.
    let seen: Option<u64> = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let next = async move {
        if let Some(seen) = seen {
            let newer = watch.wait_for(|&seq| seq > seen);
            match tokio::time::timeout(WAIT, newer).await {
                Ok(Ok(_)) => {}
                // Nothing newer in time, or the server is stopping.
                _ => return None,
            }
        }
        let seq = *watch.borrow();
        Some(Ok(Event::default()
            .id(seq.to_string())
            .data(seq.to_string())
            .retry(Duration::from_millis(RETRY_MS))))
    };
    let stream = futures_util::stream::once(next).filter_map(std::future::ready);
    Ok(Sse::new(stream))
}
