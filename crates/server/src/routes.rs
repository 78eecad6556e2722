//! The route table: every route the server serves (the API, the pages and
//! their assets), with who may call it and what the OpenAPI document says
//! of it. The router, its access layer and `/openapi.json` are all built
//! from this one list, so none of them can forget a route.

pub use crate::access::Access;

use crate::AppState;
use axum::routing::MethodRouter;
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// What a route answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// JSON (an error is `{"error": ...}`).
    Json,
    /// A web page (an error is a page; a page for the director sends
    /// anyone else to the login first).
    Page,
    /// A file of this type (CSV, PDF, SVG, a stylesheet or script).
    File(&'static str),
}

#[derive(Debug)]
pub struct Route {
    pub method: &'static str,
    /// In the router's syntax: `{id}` a parameter, `{*doc}` the rest.
    pub path: &'static str,
    pub summary: &'static str,
    pub access: Access,
    pub answer: Answer,
    /// The request body's schema in `components/schemas`, if any.
    pub body: Option<&'static str>,
    pub(crate) handler: MethodRouter<Arc<AppState>>,
}

impl Route {
    /// A route of the JSON API.
    pub fn new(
        method: &'static str,
        path: &'static str,
        summary: &'static str,
        access: Access,
        body: Option<&'static str>,
        handler: MethodRouter<Arc<AppState>>,
    ) -> Route {
        Route {
            method,
            path,
            summary,
            access,
            answer: Answer::Json,
            body,
            handler,
        }
    }

    /// A web page (GET).
    pub fn page(
        path: &'static str,
        summary: &'static str,
        access: Access,
        handler: MethodRouter<Arc<AppState>>,
    ) -> Route {
        Route {
            answer: Answer::Page,
            ..Route::new("GET", path, summary, access, None, handler)
        }
    }

    /// A file of `content_type` (GET).
    pub fn file(
        path: &'static str,
        summary: &'static str,
        content_type: &'static str,
        access: Access,
        handler: MethodRouter<Arc<AppState>>,
    ) -> Route {
        Route {
            answer: Answer::File(content_type),
            ..Route::new("GET", path, summary, access, None, handler)
        }
    }

    /// The path as the OpenAPI document writes it (`{*doc}` is `{doc}`).
    pub fn doc_path(&self) -> String {
        self.path.replace("{*", "{")
    }
}

/// Every route, from each area's module.
pub fn all() -> Vec<Route> {
    let mut v = vec![Route::new(
        "GET",
        "/openapi.json",
        "This OpenAPI document",
        Access::Public,
        None,
        axum::routing::get(|| async { axum::Json(openapi()) }),
    )];
    v.extend(crate::auth::routes());
    v.extend(crate::tournaments::routes());
    v.extend(crate::players::routes());
    v.extend(crate::rounds::routes());
    v.extend(crate::pages::routes());
    v
}

fn param_schema(name: &str) -> Value {
    let int = |d: &str| json!({ "description": d, "schema": { "type": "integer", "minimum": 1 } });
    match name {
        "id" => int("Tournament id"),
        "r" => int("Round number, from 1"),
        "t" => int("Table number, from 1"),
        "g" => int("Game number within the round, from 1"),
        "n" => int("Player number (badge)"),
        "doc" => {
            json!({ "description": "standings, itineraries, round/{r}, round/{r}/cards or round/{r}/sheets; .pdf for a PDF",
                         "schema": { "type": "string" } })
        }
        _ => json!({ "schema": { "type": "string" } }),
    }
}

/// The query parameters a route reads.
fn query_params(path: &str) -> Vec<Value> {
    match path {
        "/login" => vec![json!({ "name": "next", "in": "query", "required": false,
            "description": "Where to go after the login (a path of this server)", "schema": { "type": "string" } })],
        "/setup" => vec![json!({ "name": "token", "in": "query", "required": true,
            "description": "The token of the link `jongg serve` printed", "schema": { "type": "string", "minLength": 1 } })],
        "/director/t/{id}" => vec![json!({ "name": "done", "in": "query", "required": false,
            "description": "A message to show (what was just done)", "schema": { "type": "string" } })],
        "/t/{id}/r/{r}/table/{t}/preview" => {
            vec![json!({ "name": "game", "in": "query", "required": true,
            "description": "Which game of the sheet (it decides the dealer, R12)", "schema": { "type": "integer", "minimum": 1 } })]
        }
        _ => vec![],
    }
}

/// The OpenAPI 3.1 document of the whole API.
pub fn openapi() -> Value {
    let schemas = crate::schemas::all();
    let mut paths = Map::new();
    for r in all() {
        let path = r.doc_path();
        let mut params: Vec<Value> = path
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| {
                let mut p = param_schema(name);
                p["name"] = json!(name);
                p["in"] = json!("path");
                p["required"] = json!(true);
                p
            })
            .collect();
        params.extend(query_params(&path));
        let mut op = json!({
            "summary": r.summary,
            "parameters": params,
            "responses": responses(&r),
        });
        match r.access {
            Access::Public => {}
            Access::Anyone => op["security"] = json!([{}, { "session": [] }, { "tableKey": [] }]),
            Access::Director => op["security"] = json!([{ "session": [] }]),
            Access::Scorekeeper => op["security"] = json!([{ "tableKey": [] }]),
            Access::Table => op["security"] = json!([{ "session": [] }, { "tableKey": [] }]),
        }
        if let Some(schema) = r.body {
            // A body whose every field may be left out may be left out
            // whole: no body reads as `{}` (a PATCH that changes nothing).
            let required = schemas[schema]["required"]
                .as_array()
                .is_some_and(|r| !r.is_empty());
            op["requestBody"] = json!({
                "required": required,
                "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{schema}") } } }
            });
        }
        let entry = paths
            .entry(path)
            .or_insert_with(|| Value::Object(Map::new()));
        entry[r.method.to_ascii_lowercase()] = op;
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "jongg tournament server",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Run an American Mah Jongg tournament: players, seating, score sheets, standings. \
                Every error answers {\"error\": \"<what is wrong>\"} with a 4xx status. See docs/api.md."
        },
        "paths": paths,
        "components": {
            "securitySchemes": {
                "session": { "type": "http", "scheme": "bearer",
                    "description": "The director's session token from POST /api/login (or the jongg_session cookie)." },
                "tableKey": { "type": "http", "scheme": "bearer",
                    "description": "A table's scorekeeper token (the `key` of the printed link; also accepted as ?key=)." }
            },
            "schemas": schemas,
        }
    })
}

fn responses(route: &Route) -> Value {
    let (method, path) = (route.method, route.path);
    let ok = match route.answer {
        Answer::Json => json!({ "description": "Success", "content": { "application/json": {} } }),
        Answer::Page => json!({ "description": "The page", "content": { "text/html": {} } }),
        Answer::File(t) => json!({ "description": "The file", "content": { t: {} } }),
    };
    let err = |d: &str| json!({ "description": d, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } });
    let mut m = Map::new();
    let created = method == "POST"
        && matches!(
            path,
            "/api/tournaments"
                | "/api/tournaments/import"
                | "/api/setup"
                | "/api/tournaments/{id}/players"
        );
    if path == "/api/logout" {
        m.insert("204".into(), json!({ "description": "Logged out" }));
    } else {
        m.insert(if created { "201" } else { "200" }.into(), ok);
    }
    m.insert(
        "400".into(),
        err("Malformed request (bad JSON, bad path parameter)"),
    );
    m.insert(
        "401".into(),
        err("Not logged in, or the token is not valid"),
    );
    m.insert(
        "403".into(),
        err("Not allowed to this caller (another table, an accepted sheet, a request from another site, ...)"),
    );
    m.insert(
        "404".into(),
        err("No such tournament, player, round, table or game"),
    );
    m.insert(
        "409".into(),
        err("Not possible in the tournament's present state"),
    );
    m.insert(
        "422".into(),
        err("The request breaks a rule or has a bad value"),
    );
    if matches!(method, "POST" | "PUT" | "PATCH") {
        m.insert(
            "415".into(),
            err("The body is not JSON (Content-Type must be application/json)"),
        );
    }
    if path == "/api/login" {
        m.insert("429".into(), err("Too many failed logins; see Retry-After"));
    }
    if route.answer == Answer::Page && route.access == Access::Director {
        m.insert(
            "303".into(),
            json!({ "description": "Not logged in as the director: to the login page, then back" }),
        );
    }
    Value::Object(m)
}
