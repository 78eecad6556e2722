//! A page that failed: an HTML page with the status and the message (or,
//! for the director's pages, the way to the login). The access layer and
//! the forms answer with it too, so it sits below the pages.

use crate::http::error::ApiError;
use askama::Template;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};

/// A page that failed: an HTML page with the status and the message.
#[derive(Debug)]
pub(crate) enum PageError {
    Api(ApiError),
    /// Not logged in as the director: go to the login page, then back.
    Login(String),
    /// Not signed in as a player: go to the players' sign-in, then back.
    PlayerSignIn(String),
}

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> PageError {
        PageError::Api(e)
    }
}

impl From<jongg_tournament::DomainError> for PageError {
    fn from(e: jongg_tournament::DomainError) -> PageError {
        PageError::Api(e.into())
    }
}

impl From<askama::Error> for PageError {
    fn from(e: askama::Error) -> PageError {
        PageError::Api(ApiError::internal(e))
    }
}

#[derive(Template)]
#[template(path = "error.html")]
pub(crate) struct ErrorPage {
    pub title: String,
    pub message: String,
    /// The way back: a local path and its words.
    pub back: String,
    pub back_label: String,
    /// A line more: what else to do (a refused form: what Back keeps).
    pub hint: String,
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        match self {
            PageError::Login(next) => {
                Redirect::to(&format!("/login?next={}", url_encode(&next))).into_response()
            }
            PageError::PlayerSignIn(next) => {
                Redirect::to(&format!("/play/signin?next={}", url_encode(&next))).into_response()
            }
            PageError::Api(e) => {
                let title = match e.status {
                    StatusCode::NOT_FOUND => "Not found",
                    StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED => "Not allowed",
                    s if s.is_server_error() => "Something went wrong",
                    _ => "That did not work",
                };
                let page = ErrorPage {
                    title: title.into(),
                    message: e.message,
                    back: "/".into(),
                    back_label: "All tournaments".into(),
                    hint: String::new(),
                };
                let body = page
                    .render()
                    .unwrap_or_else(|_| "<!doctype html><title>Error</title>Error".into());
                let mut r = (e.status, Html(body)).into_response();
                if let Some(secs) = e.retry_after {
                    r.headers_mut()
                        .insert(axum::http::header::RETRY_AFTER, secs.into());
                }
                r
            }
        }
    }
}

pub(crate) type PageResult = Result<Response, PageError>;

/// Percent-encodes a query value.
pub(crate) fn url_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_encode_keeps_paths_and_escapes_the_rest() {
        assert_eq!(url_encode("/director/t/1"), "/director/t/1");
        assert_eq!(url_encode("a b&c=d"), "a%20b%26c%3Dd");
    }
}
