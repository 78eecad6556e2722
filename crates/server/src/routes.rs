//! The route table: every route the server serves, with what the OpenAPI
//! document says of it. The router and `/openapi.json` are both built from
//! this one list, so the document cannot forget a route.

use crate::AppState;
use axum::routing::MethodRouter;
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone (read-only, or a login step).
    Public,
    /// The director's session.
    Director,
    /// The director, or the scorekeeper link of the table concerned.
    DirectorOrScorekeeper,
    /// A scorekeeper link.
    Scorekeeper,
}

#[derive(Debug)]
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub access: Access,
    /// The request body's schema in `components/schemas`, if any.
    pub body: Option<&'static str>,
    pub handler: MethodRouter<Arc<AppState>>,
}

impl Route {
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
            body,
            handler,
        }
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
    v
}

fn param_schema(name: &str) -> (&'static str, &'static str) {
    match name {
        "id" => ("integer", "Tournament id"),
        "r" => ("integer", "Round number, from 1"),
        "t" => ("integer", "Table number, from 1"),
        "g" => ("integer", "Game number within the round, from 1"),
        "n" => ("integer", "Player number (badge)"),
        _ => ("string", ""),
    }
}

/// The OpenAPI 3.1 document of the whole API.
pub fn openapi() -> Value {
    let schemas = crate::schemas::all();
    let mut paths = Map::new();
    for r in all() {
        let params: Vec<Value> = r
            .path
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| {
                let (ty, desc) = param_schema(name);
                json!({ "name": name, "in": "path", "required": true,
                        "description": desc, "schema": { "type": ty, "minimum": 1 } })
            })
            .collect();
        let mut op = json!({
            "summary": r.summary,
            "parameters": params,
            "responses": responses(r.method, r.path),
        });
        match r.access {
            Access::Public => {}
            Access::Director => op["security"] = json!([{ "session": [] }]),
            Access::Scorekeeper => op["security"] = json!([{ "tableKey": [] }]),
            Access::DirectorOrScorekeeper => {
                op["security"] = json!([{ "session": [] }, { "tableKey": [] }])
            }
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
            .entry(r.path.to_string())
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

fn responses(method: &str, path: &str) -> Value {
    let ok = if path.ends_with("qr.svg") {
        json!({ "description": "An SVG image", "content": { "image/svg+xml": {} } })
    } else {
        json!({ "description": "Success", "content": { "application/json": {} } })
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
    Value::Object(m)
}
