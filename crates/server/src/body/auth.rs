//! The director's setup and login.

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// A new password has 10 to 128 characters, not all blank.
pub(crate) const MIN_PASSWORD: usize = 10;
pub(crate) const MAX_PASSWORD: usize = 128;
/// A login's password is never hashed beyond this (no password set through
/// the setup page is longer, nor any set before it had a limit, in practice).
pub(crate) const MAX_LOGIN_PASSWORD: usize = 1024;
pub(crate) const MAX_USERNAME: usize = 64;
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

/// A new password: 10 to 128 characters, not only spaces (the director's,
/// an official's, a player's); the error names the field.
pub(crate) fn check_new_password(password: &str) -> Result<(), String> {
    let n = password.chars().count();
    if password.trim().is_empty() {
        return Err(format!(
            "the password is blank: it needs {MIN_PASSWORD} to {MAX_PASSWORD} characters, not only spaces"
        ));
    }
    if n < MIN_PASSWORD {
        return Err(format!(
            "the password is too short: at least {MIN_PASSWORD} characters"
        ));
    }
    if n > MAX_PASSWORD {
        return Err(format!(
            "the password is too long: at most {MAX_PASSWORD} characters"
        ));
    }
    Ok(())
}
