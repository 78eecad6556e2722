//! The JSON API, one module per area, each listing its routes.

pub(crate) mod auth;
pub(crate) mod card;
pub(crate) mod card_library;
pub(crate) mod clock;
pub(crate) mod floor;
pub(crate) mod health;
pub(crate) mod live;
pub(crate) mod online;
pub(crate) mod play;
pub(crate) mod play_socket;
pub(crate) mod player_code;
pub(crate) mod players;
pub(crate) mod rounds;
pub(crate) mod running;
pub(crate) mod schedule;
pub(crate) mod sheet_edits;
pub(crate) mod signer;
pub(crate) mod tournaments;

use crate::edge::access::Caller;
use crate::http::error::ApiError;
use crate::state::AppState;
use jongg_tournament::Command;
use serde_json::{Value, json};

/// Runs a command for `caller` on tournament `id`; answers what was recorded.
pub(crate) async fn run_command(
    app: &AppState,
    id: i64,
    caller: &Caller,
    command: Command,
) -> Result<axum::Json<Value>, ApiError> {
    let actor = caller.writer(id)?;
    let events = app.tournaments.execute(id, actor, command).await?;
    Ok(axum::Json(json!({ "events": events })))
}
