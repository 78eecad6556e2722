//! A route of the table (`app/routes.rs`): a handler described by its
//! `#[utoipa::path]` (method, path, parameters, body type, answer) and the
//! [`Access`] it is given. Each area lists its own routes with [`route`].

pub use crate::edge::access::Access;

use crate::state::AppState;
use axum::extract::DefaultBodyLimit;
use axum::routing::MethodRouter;
use std::sync::Arc;
use utoipa::openapi::path::{Operation, Paths};
use utoipa::openapi::{RefOr, Schema};
use utoipa_axum::router::UtoipaMethodRouter;

/// What a route answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// JSON (an error is `{"error": ...}`).
    Json,
    /// A web page (an error is a page; a page for the director sends
    /// anyone else to the login first).
    Page,
    /// A file: CSV, PDF, SVG, a stylesheet or a script.
    File,
}

pub struct Route {
    /// `GET`, `POST`, ...
    pub method: &'static str,
    /// In the router's syntax: `{id}` a parameter, `{*doc}` the rest.
    pub path: String,
    pub access: Access,
    pub answer: Answer,
    /// A page's form may post to it (issue 13.7, `forms.rs`): what it says
    /// it did. `None`: JSON only, a form is refused (415).
    pub(crate) form: Option<crate::edge::forms::Confirm>,
    pub(crate) operation: Operation,
    pub(crate) schemas: Vec<(String, RefOr<Schema>)>,
    pub(crate) handler: MethodRouter<Arc<AppState>>,
}

impl std::fmt::Debug for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Route")
            .field("method", &self.method)
            .field("path", &self.path)
            .field("access", &self.access)
            .field("answer", &self.answer)
            .field("form", &self.form.is_some())
            .finish_non_exhaustive()
    }
}

/// A route from a handler's description (`utoipa_axum::routes!(handler)`)
/// and who may call it.
pub(crate) fn route(
    access: Access,
    (schemas, paths, handler): UtoipaMethodRouter<Arc<AppState>>,
) -> Route {
    let (path, method, operation) = only_operation(paths);
    let answer = answer_of(&operation);
    Route {
        method,
        path,
        access,
        answer,
        form: None,
        operation,
        schemas,
        handler,
    }
}

impl Route {
    /// Bodies up to `bytes` (instead of the server's 1 MB).
    pub(crate) fn limit(mut self, bytes: usize) -> Route {
        self.handler = self.handler.layer(DefaultBodyLimit::max(bytes));
        self
    }

    /// A page's form may post to this route, url-encoded, and works before
    /// the script loads (issue 13.7): the post is answered with a redirect
    /// to the form's page, saying what `confirm` says was done (the script's
    /// JSON path gets the same words). See `forms.rs`.
    pub(crate) fn form(mut self, confirm: crate::edge::forms::Confirm) -> Route {
        self.form = Some(confirm);
        self
    }

    /// Whether a page's form may post to this route.
    pub fn takes_forms(&self) -> bool {
        self.form.is_some()
    }

    /// The path as the OpenAPI document writes it (`{*doc}` is `{doc}`).
    pub fn doc_path(&self) -> String {
        self.path.replace("{*", "{")
    }
}

/// The one path and operation a handler's description holds.
fn only_operation(paths: Paths) -> (String, &'static str, Operation) {
    let mut found = Vec::new();
    for (path, item) in paths.paths {
        let ops = [
            ("GET", item.get),
            ("PUT", item.put),
            ("POST", item.post),
            ("PATCH", item.patch),
            ("DELETE", item.delete),
        ];
        for (method, op) in ops {
            if let Some(op) = op {
                found.push((path.clone(), method, op));
            }
        }
    }
    assert_eq!(
        found.len(),
        1,
        "a route of the table is one handler with one method and path"
    );
    found.remove(0)
}

/// A page if it answers `text/html`, JSON if `application/json` (or
/// nothing), else a file.
fn answer_of(op: &Operation) -> Answer {
    let success = op
        .responses
        .responses
        .iter()
        .find(|(status, _)| status.starts_with('2'));
    let types: Vec<String> = match success {
        Some((_, RefOr::T(r))) => r.content.keys().cloned().collect(),
        _ => Vec::new(),
    };
    match types.first().map(String::as_str) {
        Some("text/html") => Answer::Page,
        None | Some("application/json") => Answer::Json,
        Some(_) => Answer::File,
    }
}
