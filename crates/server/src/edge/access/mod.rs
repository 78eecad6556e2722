//! Who may call a route, enforced before its handler runs.
//!
//! Every route of the table (`routes.rs`) names its [`Access`]; the router
//! puts [`enforce`] in front of each handler with it. `enforce` finds the
//! caller (`caller.rs`), checks them against the route's access and the
//! path's tournament, round and table, and either refuses the request
//! (401, 403, or a page's redirect to the login) or hands the caller on to
//! the handler. So no handler runs for a caller its route does not allow,
//! and a handler cannot forget to check. Within what a route allows, the
//! domain still decides what a caller may do (a table's link signs only for
//! its own sheet, and not once it is accepted).

mod caller;
mod player;

pub(crate) use caller::{Caller, DEVICE_COOKIE, Prefer, SESSION_COOKIE, cookie};
pub(crate) use player::{MaybePlayer, PLAYER_SESSION_MILLIS, Player, set_player_cookie};

use crate::edge::error_page::PageError;
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::{FromRequestParts, RawPathParams, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone: no credential is even read (public pages and reads, the
    /// login steps).
    Public,
    /// Anyone, but a credential sent must be valid: the handler learns who
    /// called (`GET /api/me`).
    Anyone,
    /// The director's session only.
    Director,
    /// The director, or the scorekeeper link of the table the path names
    /// (its tournament, and its round and table where the path has them).
    Table,
    /// A table's scorekeeper link (its key in the address counts first).
    Scorekeeper,
    /// The director, or a floor official of the tournament the path names
    /// (issue 14.2); the domain checks the official's tables.
    Floor,
    /// `Table`, or a floor official of the tournament the path names (a
    /// table calls the director from its link, or an official at the table
    /// does; the domain checks the official's tables).
    TableOrFloor,
    /// A signed-in player (issue 23, point 6: the lobby's rooms), by the
    /// player's own cookie; no director's or official's session counts.
    Player,
}

impl Access {
    /// Whether `caller` may call a route of this access whose path has
    /// these parameters (`id`, `r` and `t` are the tournament, round and
    /// table); the refusal says why.
    pub(crate) fn allows(self, caller: &Caller, params: &[(&str, &str)]) -> Result<(), ApiError> {
        match (self, caller) {
            // Checked by `enforce` from the player's cookie, never a caller's.
            (Access::Player, _) => Err(ApiError::unauthorized(
                "this needs a player's sign-in (/play/signin)",
            )),
            (Access::TableOrFloor, Caller::Official { .. }) => Access::Floor.allows(caller, params),
            (Access::TableOrFloor, _) => Access::Table.allows(caller, params),
            (Access::Public | Access::Anyone, _) => Ok(()),
            (Access::Director | Access::Table | Access::Floor, Caller::Director { .. }) => Ok(()),
            (Access::Floor, Caller::Official { link, .. }) => {
                let id = params.iter().find(|(k, _)| *k == "id").map(|(_, v)| *v);
                if id.is_none_or(|v| v.parse::<i64>().ok() == Some(link.tournament.0)) {
                    return Ok(());
                }
                Err(ApiError::forbidden(format!(
                    "this official's login is for tournament {}, not this one",
                    link.tournament
                )))
            }
            (Access::Floor, Caller::Scorekeeper(_)) => Err(ApiError::forbidden(
                "only the director or a floor official may do this: a table's link may not",
            )),
            (Access::Floor, Caller::Public) => Err(ApiError::unauthorized(
                "this needs the director's or a floor official's login",
            )),
            (Access::Director | Access::Table, Caller::Official { .. }) => Err(
                ApiError::forbidden("only the director may do this: a floor official may not"),
            ),
            (Access::Scorekeeper, Caller::Official { .. }) => Err(ApiError::forbidden(
                "this is for a table's scorekeeper link: open the link printed on the table card",
            )),
            (Access::Scorekeeper, Caller::Scorekeeper(_)) => Ok(()),
            (Access::Director, Caller::Scorekeeper(_)) => Err(ApiError::forbidden(
                "only the director may do this: a table's link may not",
            )),
            (Access::Director, Caller::Public) => {
                Err(ApiError::unauthorized("this needs the director's login"))
            }
            (Access::Table, Caller::Scorekeeper(link)) => {
                let param = |name: &str| params.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
                let is = |name: &str, want: u64| {
                    param(name).is_none_or(|v| v.parse::<u64>().ok() == Some(want))
                };
                let tournament = u64::try_from(link.tournament.0).unwrap_or(u64::MAX);
                if is("id", tournament)
                    && is("r", u64::from(link.round.0))
                    && is("t", u64::from(link.table.0))
                {
                    return Ok(());
                }
                let asked: Vec<String> = [("t", "table"), ("r", "round"), ("id", "tournament")]
                    .into_iter()
                    .filter_map(|(k, what)| param(k).map(|v| format!("{what} {v}")))
                    .collect();
                Err(ApiError::forbidden(format!(
                    "this link is for table {} of round {} of tournament {}, not for {}",
                    link.table,
                    link.round,
                    link.tournament,
                    asked.join(" of ")
                )))
            }
            (Access::Table, Caller::Public) => Err(ApiError::unauthorized(
                "this needs the director's login or this table's scorekeeper link",
            )),
            (Access::Scorekeeper, Caller::Director { .. }) => Err(ApiError::forbidden(
                "this is for a table's scorekeeper link: open the link printed on the table card",
            )),
            (Access::Scorekeeper, Caller::Public) => Err(ApiError::unauthorized(
                "this needs the table's link as printed on the table card (scan its QR code)",
            )),
        }
    }
}

/// What [`enforce`] knows of its route.
#[derive(Debug, Clone)]
pub(crate) struct Gate {
    pub app: Arc<AppState>,
    pub access: Access,
    /// The route answers a web page: refusals are pages too, and a page
    /// for the director sends anyone else to the login first.
    pub page: bool,
}

/// The access layer of one route (see the module's comment).
pub(crate) async fn enforce(State(gate): State<Gate>, req: Request, next: Next) -> Response {
    if gate.access == Access::Public {
        return next.run(req).await;
    }
    let (mut parts, body) = req.into_parts();
    if gate.access == Access::Player {
        return match Player::resolve(&parts.headers, &gate.app).await {
            Ok(Some(player)) => {
                tracing::Span::current().record("caller", "player");
                parts.extensions.insert(player);
                next.run(Request::from_parts(parts, body)).await
            }
            Ok(None) | Err(_) if gate.page => {
                // A page goes to the sign-in, then back.
                let here = parts.uri.path_and_query().map_or("/play", |p| p.as_str());
                PageError::PlayerSignIn(here.to_string()).into_response()
            }
            Ok(None) => ApiError::unauthorized("this needs a player's sign-in (/play/signin)")
                .into_response(),
            Err(e) => e.into_response(),
        };
    }
    let prefer = match gate.access {
        Access::Scorekeeper => Prefer::Key,
        _ => Prefer::Bearer,
    };
    let checked = match Caller::resolve(&parts, &gate.app, prefer).await {
        Ok(caller) => {
            record_caller(&caller);
            let params = RawPathParams::from_request_parts(&mut parts, &())
                .await
                .ok();
            let params: Vec<(&str, &str)> = params.iter().flat_map(|p| p.iter()).collect();
            gate.access.allows(&caller, &params).map(|()| caller)
        }
        Err(e) => Err(e),
    };
    match checked {
        Ok(caller) => {
            parts.extensions.insert(caller);
            next.run(Request::from_parts(parts, body)).await
        }
        Err(e) if gate.page && matches!(gate.access, Access::Director | Access::Floor) => {
            crate::http::logging::record_error(&e.message);
            let here = parts
                .uri
                .path_and_query()
                .map_or("/director", |p| p.as_str());
            PageError::Login(here.to_string()).into_response()
        }
        Err(e) if gate.page => PageError::Api(e).into_response(),
        Err(e) => e.into_response(),
    }
}

/// Names who sent the request being answered on its log line.
fn record_caller(caller: &Caller) {
    let span = tracing::Span::current();
    match caller {
        Caller::Director { .. } => span.record("caller", "director"),
        Caller::Scorekeeper(l) => span.record(
            "caller",
            format!(
                "table {} of round {} of tournament {}",
                l.table, l.round, l.tournament
            ),
        ),
        Caller::Official { link, .. } => span.record(
            "caller",
            format!("{} of tournament {}", link.official, link.tournament),
        ),
        Caller::Public => span.record("caller", "public"),
    };
}
