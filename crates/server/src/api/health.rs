//! Health and readiness for a reverse proxy or a container (issue 21.3,
//! docs/deploy.md): `/healthz` says the process answers (no database
//! asked), `/readyz` that the database answers too. Both are public, tiny
//! JSON, and their request lines are written at `debug`, not `info`: a
//! proxy asks every few seconds.

use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::http::logging::QuietLine;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_store::Store;
use std::sync::Arc;
use std::time::Duration;
use utoipa_axum::routes;

/// How long `/readyz` waits for the database: a proxy's probe gives up after
/// a few seconds, and a pool waiting for a connection would take ten.
const READY_WITHIN: Duration = Duration::from_secs(3);

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(healthz)),
        route(Access::Public, routes!(readyz)),
    ]
}

/// What both answer when all is well.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// Always `ok`.
    pub status: &'static str,
}

/// The process is up and answers requests (the database is not asked).
#[utoipa::path(get, path = "/healthz",
    responses((status = OK, body = Health, description = "The process answers")))]
async fn healthz() -> Response {
    quiet_ok()
}

/// The database answers too: the proxy may send requests here.
#[utoipa::path(get, path = "/readyz",
    responses((status = OK, body = Health, description = "The database answers"),
        (status = SERVICE_UNAVAILABLE,
            description = "The database does not answer: `{\"error\": ...}` (the server's log has why)")))]
async fn readyz(State(app): State<Arc<AppState>>) -> Response {
    match database_answers(app.tournaments.store()).await {
        Ok(()) => quiet_ok(),
        Err(cause) => {
            tracing::warn!(%cause, "not ready: the database does not answer");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the database does not answer (the server's log has why)",
            )
            .into_response()
        }
    }
}

/// Asks the database a question on our own tables, within [`READY_WITHIN`].
async fn database_answers(store: &Store) -> Result<(), String> {
    match tokio::time::timeout(READY_WITHIN, store.has_director()).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {READY_WITHIN:?}")),
    }
}

fn quiet_ok() -> Response {
    let mut response = Json(Health { status: "ok" }).into_response();
    response.extensions_mut().insert(QuietLine);
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_store::testing::TestDb;

    #[tokio::test]
    async fn an_open_database_answers_and_a_closed_one_does_not() {
        let db = TestDb::sqlite();
        let store = Store::connect(&db.url).await.unwrap();
        assert_eq!(database_answers(&store).await, Ok(()));
        store.close().await;
        let err = database_answers(&store).await.unwrap_err();
        assert!(err.contains("closed"), "{err}");
    }

    #[test]
    fn the_answer_is_ok_and_its_line_is_quiet() {
        let response = quiet_ok();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.extensions().get::<QuietLine>().is_some());
    }
}
