//! A player's sign-up and sign-in, and a seat joined in the lobby (issue 23,
//! point 6). A mistake names its field, for the page to show beside it.

use jongg_tiles::Seat;
use serde::Deserialize;
use utoipa::ToSchema;

/// A player's name: 2 to 32 characters, as shown at the tables.
pub(crate) const MIN_NAME: usize = 2;
pub(crate) const MAX_NAME: usize = 32;

/// What is wrong with a form, and in which field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    /// The form's field: `name`, `password` or `confirm`.
    pub field: &'static str,
    pub message: String,
}

fn wrong(field: &'static str, message: impl Into<String>) -> FieldError {
    FieldError {
        field,
        message: message.into(),
    }
}

/// A new player's account. Fields left blank are named by the check, not
/// by the reader (a form leaves a blank field out).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignUp {
    /// 2 to 32 characters; unique without regard to case.
    #[serde(default)]
    #[schema(min_length = 2, max_length = 32)]
    pub name: String,
    /// 10 to 128 characters, not all spaces.
    #[serde(default)]
    #[schema(min_length = 10, max_length = 128)]
    pub password: String,
    /// The password typed again.
    #[serde(default)]
    pub confirm: Option<String>,
    /// The page to go to after (a path of this server).
    #[serde(default)]
    pub next: Option<String>,
}

impl SignUp {
    /// The name to keep (trimmed), or what is wrong and where.
    pub(crate) fn check(&self) -> Result<String, FieldError> {
        let name = check_name(&self.name)?;
        super::auth::check_new_password(&self.password).map_err(|m| wrong("password", m))?;
        if self.confirm.as_ref().is_some_and(|c| *c != self.password) {
            return Err(wrong(
                "confirm",
                "the two passwords are not the same: type the same password twice",
            ));
        }
        Ok(name)
    }
}

/// A player's name, trimmed: 2 to 32 characters, none that would make it
/// show as another name (`check_text`).
pub(crate) fn check_name(name: &str) -> Result<String, FieldError> {
    let name = name.trim();
    let n = name.chars().count();
    if !(MIN_NAME..=MAX_NAME).contains(&n) {
        return Err(wrong(
            "name",
            format!("the name must have {MIN_NAME} to {MAX_NAME} characters, not {n}"),
        ));
    }
    jongg_tournament::limits::check_text("the name", name, MAX_NAME, false)
        .map_err(|e| wrong("name", e.to_string()))?;
    Ok(name.to_string())
}

/// A player signs in.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignIn {
    #[serde(default)]
    #[schema(max_length = 32)]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 1024)]
    pub password: String,
    /// The page to go to after (a path of this server).
    #[serde(default)]
    pub next: Option<String>,
}

impl SignIn {
    /// What is wrong before any password is checked (nothing counted).
    pub(crate) fn check(&self) -> Result<(), FieldError> {
        if self.name.trim().is_empty() {
            return Err(wrong("name", "the name is empty: type your player's name"));
        }
        if self.password.is_empty() {
            return Err(wrong(
                "password",
                "the password is empty: type your password",
            ));
        }
        if self
            .password
            .chars()
            .nth(super::auth::MAX_LOGIN_PASSWORD)
            .is_some()
        {
            return Err(wrong(
                "password",
                format!(
                    "the password is too long: at most {} characters",
                    super::auth::MAX_LOGIN_PASSWORD
                ),
            ));
        }
        Ok(())
    }
}

/// A seat of a waiting room taken.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinSeat {
    /// east, south, west or north: a seat open for a person.
    #[schema(value_type = String)]
    pub seat: Seat,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up(name: &str, password: &str, confirm: Option<&str>) -> Result<String, FieldError> {
        SignUp {
            name: name.into(),
            password: password.into(),
            confirm: confirm.map(Into::into),
            next: None,
        }
        .check()
    }

    #[test]
    fn a_sign_up_names_the_field_that_is_wrong() {
        assert_eq!(up("  Ann  ", "ten chars!", None), Ok("Ann".into()));
        assert_eq!(up("A", "ten chars!", None).unwrap_err().field, "name");
        assert_eq!(
            up(&"a".repeat(33), "ten chars!", None).unwrap_err().field,
            "name"
        );
        assert!(up(&"é".repeat(32), "ten chars!", None).is_ok());
        let e = up("Ann\u{202E}x", "ten chars!", None).unwrap_err();
        assert_eq!(e.field, "name");
        assert!(e.message.contains("U+202E"), "{}", e.message);
        let e = up("Ann", "nine char", None).unwrap_err();
        assert_eq!(
            (e.field, e.message.contains("too short")),
            ("password", true)
        );
        let e = up("Ann", "ten chars!", Some("ten chars?")).unwrap_err();
        assert_eq!(e.field, "confirm");
    }

    #[test]
    fn a_sign_in_with_an_empty_field_is_named_before_anything_is_counted() {
        let s = |n: &str, p: &str| SignIn {
            name: n.into(),
            password: p.into(),
            next: None,
        };
        assert_eq!(s(" ", "x").check().unwrap_err().field, "name");
        assert_eq!(s("Ann", "").check().unwrap_err().field, "password");
        assert!(s("Ann", "x").check().is_ok());
    }
}
