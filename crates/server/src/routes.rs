//! The route table: every route the server serves (the API, the pages and
//! their files), each a handler described by its `#[utoipa::path]` (method,
//! path, parameters, body type, answer) and the [`Access`] it is given
//! here. The router, its access layer and `/openapi.json` are all built from
//! this one list: a handler's method and path come from its description, and
//! its body's schema from the very type that reads the body, so the
//! document, the router and the types cannot drift.

pub use crate::access::Access;

use crate::AppState;
use axum::extract::DefaultBodyLimit;
use axum::routing::MethodRouter;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use utoipa::openapi::path::{Operation, Paths};
use utoipa::openapi::{HttpMethod, RefOr, Schema};
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
    pub(crate) form: Option<crate::forms::Confirm>,
    operation: Operation,
    schemas: Vec<(String, RefOr<Schema>)>,
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
    pub(crate) fn form(mut self, confirm: crate::forms::Confirm) -> Route {
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

/// Every route, from each area's module.
pub fn all() -> Vec<Route> {
    let mut v = vec![route(Access::Public, utoipa_axum::routes!(openapi_json))];
    v.extend(crate::auth::routes());
    v.extend(crate::tournaments::routes());
    v.extend(crate::players::routes());
    v.extend(crate::rounds::routes());
    v.extend(crate::sheet_edits::routes());
    v.extend(crate::card::routes());
    v.extend(crate::clock::routes());
    v.extend(crate::schedule::routes());
    v.extend(crate::live::routes());
    v.extend(crate::pages::routes());
    v.extend(crate::floor::routes());
    v.extend(crate::health::routes());
    v
}

/// This OpenAPI document.
#[utoipa::path(get, path = "/openapi.json", responses((status = OK, body = Object, description = "The document")))]
async fn openapi_json() -> axum::Json<Value> {
    axum::Json(openapi())
}

/// What every error answers.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What is wrong, in plain words.
    pub error: String,
}

/// The OpenAPI 3.1 document of the whole server.
pub fn openapi() -> Value {
    let mut paths = Paths::new();
    let mut schemas = vec![(
        "Error".to_string(),
        <ErrorBody as utoipa::PartialSchema>::schema(),
    )];
    let mut extra = Vec::new();
    for r in all() {
        let method = match r.method {
            "GET" => HttpMethod::Get,
            "PUT" => HttpMethod::Put,
            "POST" => HttpMethod::Post,
            "PATCH" => HttpMethod::Patch,
            _ => HttpMethod::Delete,
        };
        paths.add_path_operation(r.doc_path(), vec![method], r.operation.clone());
        schemas.extend(r.schemas.iter().cloned());
        extra.push((
            r.doc_path(),
            r.method.to_ascii_lowercase(),
            r.access,
            r.answer,
            r.takes_forms(),
        ));
    }
    let components = utoipa::openapi::ComponentsBuilder::new()
        .schemas_from_iter(schemas)
        .build();
    let info = utoipa::openapi::InfoBuilder::new()
        .title("jongg tournament server")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "Run an American Mah Jongg tournament: players, seating, score sheets, standings, \
             and the pages of the director, the tables and the public. Every error of the API \
             answers {\"error\": \"<what is wrong>\"} with a 4xx status. See docs/api.md.",
        ))
        .build();
    let doc = utoipa::openapi::OpenApiBuilder::new()
        .info(info)
        .paths(paths)
        .components(Some(components))
        .build();
    let mut v = serde_json::to_value(&doc).unwrap_or(Value::Null);
    v["openapi"] = json!("3.1.0");
    v["components"]["securitySchemes"] = json!({
        "session": { "type": "http", "scheme": "bearer",
            "description": "The director's session token from POST /api/login (or the jongg_session cookie)." },
        "tableKey": { "type": "http", "scheme": "bearer",
            "description": "A table's scorekeeper token (the `key` of the printed link; also accepted as ?key=)." }
    });
    for (path, method, access, answer, form) in extra {
        let op = &mut v["paths"][&path][&method];
        match access {
            Access::Public => {}
            Access::Anyone => op["security"] = json!([{}, { "session": [] }, { "tableKey": [] }]),
            Access::Director => op["security"] = json!([{ "session": [] }]),
            Access::Scorekeeper => op["security"] = json!([{ "tableKey": [] }]),
            Access::Table => op["security"] = json!([{ "session": [] }, { "tableKey": [] }]),
            Access::Floor => op["security"] = json!([{ "session": [] }]),
            Access::TableOrFloor => op["security"] = json!([{ "session": [] }, { "tableKey": [] }]),
        }
        let responses = op["responses"].as_object_mut();
        if let Some(responses) = responses {
            errors(responses, &path, &method, access, answer);
            if form {
                responses.entry("303".to_string()).or_insert_with(|| {
                    json!({ "description": "A page's url-encoded form (with Origin or Sec-Fetch-Site): to the form's page (its `then`), saying what was done (`?done=`); see docs/ARCHITECTURE.md, \"Forms before the script loads\"" })
                });
            }
        }
    }
    // Every body type refuses fields it does not have (`deny_unknown_fields`,
    // and `body::tagged` for each kind of a tagged value): so says the
    // document, and the fuzzer sends some (`scripts/api-fuzz.sh`).
    close(&mut v["components"]["schemas"]);
    v
}

/// The errors a route may answer, from its method and access.
fn errors(m: &mut Map<String, Value>, path: &str, method: &str, access: Access, answer: Answer) {
    let err = |d: &str| {
        if answer == Answer::Page {
            json!({ "description": d, "content": { "text/html": {} } })
        } else {
            json!({ "description": d, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } })
        }
    };
    let mut add = |status: &str, d: &str| {
        m.entry(status.to_string()).or_insert_with(|| err(d));
    };
    add(
        "400",
        "Malformed request (bad JSON, a key given twice, a bad path parameter)",
    );
    add("404", "No such tournament, player, round, table or game");
    if access != Access::Public {
        add(
            "401",
            "Not logged in, or the token is not valid (unknown, expired, ended)",
        );
        add(
            "403",
            "Not allowed to this caller (another table, a director's route, ...)",
        );
    }
    if matches!(method, "post" | "put" | "patch") {
        add(
            "403",
            "Not allowed (an accepted sheet, a request from another site, ...)",
        );
        add("409", "Not possible in the tournament's present state");
        add("413", "The body is too large");
        add(
            "415",
            "The body is not JSON (Content-Type must be application/json; a page's form only where the route takes one)",
        );
        add(
            "422",
            "The body breaks a rule or has a bad value: the message names the field",
        );
    }
    if path == "/api/login" {
        add("429", "Too many failed logins; see Retry-After");
    }
    if answer == Answer::Page && access == Access::Director {
        m.entry("303".to_string()).or_insert_with(|| {
            json!({ "description": "Not logged in as the director: to the login page, then back" })
        });
    }
}

/// Adds `additionalProperties: false` to every object schema that lists
/// its properties.
fn close(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if m.contains_key("properties") && !m.contains_key("additionalProperties") {
                m.insert("additionalProperties".into(), Value::Bool(false));
            }
            m.values_mut().for_each(close);
        }
        Value::Array(a) => a.iter_mut().for_each(close),
        _ => {}
    }
}
