//! Live tables (issue 23.2): create a practice table, list the open ones,
//! and each seat's WebSocket (`play_socket.rs`). No accounts yet: anyone
//! may create a table (a limiter per address bounds how many), and a seat
//! is reached with the secret token its creator was given.

use crate::api::play_socket;
use crate::body::Body;
use crate::body::play::NewTable;
use crate::edge::extract::Params;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use jongg_store::LiveTableId;
use jongg_tiles::Seat;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(create)),
        route(Access::Public, routes!(list)),
        route(Access::Public, routes!(one)),
        route(Access::Public, routes!(socket)),
    ]
}

/// How many tables an address may create: `free` (the server's setting,
/// default [`FREE_TABLES`]), then 10 s, doubling up to 10 minutes; an hour
/// without one forgets.
pub(crate) fn create_policy(free: u32) -> crate::http::limiter::Policy {
    crate::http::limiter::Policy {
        free,
        wait: Duration::from_secs(10),
        max_wait: Duration::from_secs(600),
        forget: Duration::from_secs(3600),
    }
}

/// Tables an address creates before it must wait.
pub const FREE_TABLES: u32 = 30;

/// How long a table's bots wait before each move: about a person's pace.
pub const BOT_DELAY_MS: u64 = 1_000;

/// `/api/play/tables/{id}/...`: a live table.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct InLiveTable {
    /// The table's id: 16 hex digits.
    #[param(min_length = 16, max_length = 16, pattern = "^[0-9a-f]{16}$")]
    pub id: String,
}

impl InLiveTable {
    fn table(&self) -> Result<LiveTableId, ApiError> {
        LiveTableId::parse(&self.id).ok_or_else(|| {
            ApiError::not_found(format!(
                "no live table {:?}: a table's id is 16 hex digits",
                self.id
            ))
        })
    }
}

/// Open a practice table: people at its `person` seats, bots at the
/// others. Answers the table's id and, for each person seat, its secret
/// token and the address of its page (`/play/{id}?seat=east&token=...`):
/// give each person their own; anyone with it plays that seat.
#[utoipa::path(post, path = "/api/play/tables", request_body = NewTable,
    responses((status = CREATED, description = "The table's id, its socket, and each person seat's token and page", body = Object),
        (status = TOO_MANY_REQUESTS, description = "Too many tables created from this address: see Retry-After"),
        (status = SERVICE_UNAVAILABLE, description = "The server has its most tables open")))]
async fn create(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<NewTable>,
) -> Result<Response, ApiError> {
    let client = crate::edge::client::client_ip(&app, peer, &headers);
    let created = crate::body::play::open_practice(&app, client, b).await?;
    let id = created.id.clone();
    let mut seats = Map::new();
    for s in Seat::ALL {
        if let (Some(token), Some(page)) = (&created.tokens[s], created.page(s)) {
            seats.insert(s.name().into(), json!({ "token": token, "page": page }));
        }
    }
    let answer = json!({
        "id": id,
        "socket": format!("/api/play/tables/{id}/ws"),
        "seats": seats,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// One open table as the list gives it.
fn listing(m: &crate::state::tables::Mounted) -> Value {
    let seats: Map<String, Value> = Seat::ALL
        .into_iter()
        .map(|s| {
            (
                s.name().to_string(),
                json!(m.setup.seats[s].map(|p| p.name())),
            )
        })
        .collect();
    let persons = Seat::ALL.into_iter().filter(|s| m.setup.is_person(*s));
    let seated = Seat::ALL
        .into_iter()
        .filter(|s| m.setup.seats[*s].is_some());
    let persons = persons.count();
    json!({
        "id": m.id,
        "rules": m.setup.rules,
        "card": m.setup.card,
        "seats": seats,
        "persons": persons,
        "bots": seated.count() - persons,
        "started": m.progress.started.load(std::sync::atomic::Ordering::Relaxed),
        "created": m.created,
        "kind": if m.setup.round.is_some() { "round" } else { "practice" },
        "set_up": m.setup.position.is_some(),
    })
}

/// The open tables (their games not ended), oldest first: each one's id,
/// preset, card, who plays each seat (`person`, a bot's strength, or null:
/// empty), whether its game has been dealt, what kind of table it is
/// (`practice` or a tournament's `round`) and whether it was set up from a
/// position (its wall not drawn).
#[utoipa::path(get, path = "/api/play/tables",
    responses((status = OK, description = "The open tables", body = Object)))]
async fn list(State(app): State<Arc<AppState>>) -> Json<Value> {
    let tables: Vec<Value> = app
        .tables
        .open_tables()
        .iter()
        .map(|m| listing(m))
        .collect();
    Json(json!({ "tables": tables }))
}

/// One open table, as the list gives it (a table's page asks for its own
/// alone: the whole list was 2.3 MB at 10,004 tables, issue 34.8). A table
/// not open (unknown, or its game ended): 404.
#[utoipa::path(get, path = "/api/play/tables/{id}", params(InLiveTable),
    responses((status = OK, description = "The table", body = Object),
        (status = NOT_FOUND, description = "No open table of that id")))]
async fn one(
    State(app): State<Arc<AppState>>,
    Params(p): Params<InLiveTable>,
) -> Result<Json<Value>, ApiError> {
    let id = p.table()?;
    app.tables
        .get(&id)
        .filter(|m| !m.progress.finished())
        .map(|m| Json(listing(&m)))
        .ok_or_else(|| ApiError::not_found(format!("no open live table {id} on this server")))
}

/// A seat's WebSocket (docs/play-protocol.md): the first message is
/// `hello` with the seat's token; then the table's numbered messages one
/// way and the seat's moves the other. A request from another site's page
/// is refused (403), as every change is.
#[utoipa::path(get, path = "/api/play/tables/{id}/ws", params(InLiveTable),
    responses((status = SWITCHING_PROTOCOLS, description = "The WebSocket of the protocol"),
        (status = SERVICE_UNAVAILABLE, description = "Too many sockets from this address are opening at once: see Retry-After")))]
async fn socket(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Params(p): Params<InLiveTable>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = p.table()?;
    let table = app
        .tables
        .get(&id)
        .ok_or_else(|| ApiError::not_found(format!("no live table {id} on this server")))?;
    // A WebSocket is not held to the same origin by the browser: checked
    // here as the guard checks every change.
    crate::edge::guard::same_origin(&app, &headers)?;
    let upgrade = upgrade.map_err(|e| {
        ApiError::bad_request(format!(
            "this address is a WebSocket (docs/play-protocol.md): {}",
            e.body_text()
        ))
    })?;
    // Until its first message a socket carries no token: its address's
    // share of such sockets bounds them (issue 34.2).
    let client = crate::edge::client::client_ip(&app, peer, &headers);
    let pending = app.sockets.pending(client).ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many sockets from this address are opening at once: try again in a few seconds",
        )
        .retry_after(5)
    })?;
    let stopping = app.tables.stopping();
    let from = play_socket::Peer {
        app: app.clone(),
        client,
        pending,
    };
    Ok(play_socket::limits(upgrade)
        .on_upgrade(move |ws| play_socket::pump(ws, table, stopping, from))
        .into_response())
}
