//! The director's setup and login.

use crate::api::auth::{MAX_LOGIN_PASSWORD, MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

fn text(min: usize, max: usize) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(min))
        .max_length(Some(max))
}
fn username() -> RefOr<Schema> {
    text(1, MAX_USERNAME)
        .default(Some("director".into()))
        .into()
}
fn new_password() -> RefOr<Schema> {
    text(MIN_PASSWORD, MAX_PASSWORD).into()
}
fn password() -> RefOr<Schema> {
    text(1, MAX_LOGIN_PASSWORD).into()
}

/// The director's password, set once with the token of the printed link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The token of the link `jongg serve` printed.
    pub token: String,
    #[serde(default = "director")]
    #[schema(schema_with = username)]
    pub username: String,
    /// 10 to 128 characters, not all spaces.
    #[schema(schema_with = new_password)]
    pub password: String,
    /// The password typed again; refused if it differs.
    pub confirm: Option<String>,
}

/// A login.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Login {
    #[serde(default = "director")]
    #[schema(schema_with = username)]
    pub username: String,
    #[schema(schema_with = password)]
    pub password: String,
    /// Where the login page's form goes after logging in (a path of this
    /// server); only a form sent without a script uses it.
    pub next: Option<String>,
}

fn director() -> String {
    "director".to_string()
}
