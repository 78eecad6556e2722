//! One error type for every handler. Each answer is JSON
//! `{"error": "<what is wrong>"}` with a 4xx status naming the kind of
//! mistake; a failure of our own (the database) is a 500 whose message says
//! only that, while the details go to the server's log.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_store::StoreError;
use jongg_tournament::{DomainError, ErrorKind};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds for `Retry-After` (a 429 or a 503), if any.
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }
    /// The answer says `Retry-After: secs` (at least 1).
    pub fn retry_after(mut self, secs: u64) -> ApiError {
        self.retry_after = Some(secs.max(1));
        self
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, message)
    }
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
    /// A failure of our own: logged with its cause (on the request's log
    /// line's span), answered without it.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        tracing::error!(cause = %what, "internal error");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error (the server's log has the details); nothing was changed",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        crate::http::logging::record_error(&self.message);
        let mut r = (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response();
        if let Some(secs) = self.retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        r
    }
}

impl From<DomainError> for ApiError {
    fn from(e: DomainError) -> ApiError {
        let status = match e.kind() {
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NoTournament(id) => {
                ApiError::not_found(format!("tournament {id} does not exist"))
            }
            StoreError::Nul(what) => ApiError::unprocessable(format!(
                "{what} contains a NUL character, which no text may hold"
            )),
            StoreError::Conflict { tournament, .. } => ApiError::conflict(format!(
                "tournament {tournament} was changed by another writer meanwhile; nothing was saved, try again"
            )),
            other => ApiError::internal(other),
        }
    }
}
