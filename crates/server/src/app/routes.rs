//! The route table: every route the server serves (the API, the pages and
//! their files), each a handler described by its `#[utoipa::path]` (method,
//! path, parameters, body type, answer) and the [`Access`] it is given
//! here. The router, its access layer and `/openapi.json` are all built from
//! this one list: a handler's method and path come from its description, and
//! its body's schema from the very type that reads the body, so the
//! document, the router and the types cannot drift.

pub use crate::edge::route::{Access, Answer, Route};

use crate::edge::route::route;
use serde_json::{Map, Value, json};
use utoipa::openapi::HttpMethod;
use utoipa::openapi::path::Paths;

/// Every route, from each area's module.
pub fn all() -> Vec<Route> {
    let mut v = vec![route(Access::Public, utoipa_axum::routes!(openapi_json))];
    v.extend(crate::api::auth::routes());
    v.extend(crate::api::tournaments::routes());
    v.extend(crate::api::players::routes());
    v.extend(crate::api::rounds::routes());
    v.extend(crate::api::sheet_edits::routes());
    v.extend(crate::api::card::routes());
    v.extend(crate::api::card_library::routes());
    v.extend(crate::api::clock::routes());
    v.extend(crate::api::online::routes());
    v.extend(crate::api::schedule::routes());
    v.extend(crate::api::live::routes());
    v.extend(crate::pages::routes());
    v.extend(crate::api::floor::routes());
    v.extend(crate::api::running::routes());
    v.extend(crate::api::health::routes());
    v.extend(crate::api::play::routes());
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
            "description": "A table's scorekeeper token (the `key` of the printed link; also accepted as ?key=)." },
        "player": { "type": "apiKey", "in": "cookie", "name": "jongg_player",
            "description": "A player's session cookie from the sign-in at /play/signin (issue 23.6)." }
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
            Access::Player => op["security"] = json!([{ "player": [] }]),
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
