//! The director's password (set once through the printed setup link, hashed
//! with argon2), login with a rate limit (`limiter.rs`), logout, and
//! "who am I".

use crate::body::auth::{Login, MAX_LOGIN_PASSWORD, MAX_USERNAME, Setup};
use crate::body::{Body, JsonOrForm};
use crate::edge::access::{Caller, DEVICE_COOKIE, SESSION_COOKIE, cookie};
use crate::edge::client::client_ip;
use crate::edge::route::{Access, Route, route};
use crate::http::error::ApiError;
use crate::http::limiter::Key;
use crate::state::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use jongg_store::SetupToken;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa_axum::routes;

/// How long a director's session lasts: a long tournament day and then some.
const SESSION_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// How long a device cookie lasts in the browser (the store forgets a
/// device a year after its last login too).
const DEVICE_SECONDS: i64 = 365 * 24 * 60 * 60;
/// Setup and login bodies are a few short fields.
const AUTH_BODY_LIMIT: usize = 16 * 1024;

pub fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(setup))
            .limit(AUTH_BODY_LIMIT)
            .form(|_| "Your password is set: log in with it".into()),
        route(Access::Public, routes!(login))
            .limit(AUTH_BODY_LIMIT)
            // The login's own answer to its form is the next page (or the
            // login page again, saying what went wrong); nothing more to say.
            .form(|_| String::new()),
        route(Access::Anyone, routes!(logout)).form(|_| "Logged out".into()),
        route(Access::Anyone, routes!(me)),
    ]
}

type Json = axum::Json<Value>;

fn json(v: Value) -> Json {
    axum::Json(v)
}

/// Checks a new password's length (an official's, set by the director).
pub(crate) fn new_password_ok(password: &str) -> Result<(), ApiError> {
    check_new_password(password)
}

/// Checks a username (an official's, set by the director).
pub(crate) fn username_ok(name: &str) -> Result<(), ApiError> {
    check_username(name)
}

/// A username: 1 to 64 characters, no control characters, and none that
/// would make it display as another (a direction override, an invisible
/// character: `check_text`, issue 19.9).
fn check_username(name: &str) -> Result<(), ApiError> {
    let n = name.chars().count();
    if n == 0 || n > MAX_USERNAME || name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(format!(
            "the username must have 1 to {MAX_USERNAME} characters, none of them control characters"
        )));
    }
    jongg_tournament::limits::check_text("the username", name, MAX_USERNAME, false)
        .map_err(|e| ApiError::unprocessable(e.to_string()))
}

/// A new password: 10 to 128 characters, not only spaces (`body::auth`).
fn check_new_password(password: &str) -> Result<(), ApiError> {
    crate::body::auth::check_new_password(password).map_err(ApiError::unprocessable)
}

/// Set the director's password with the one-time setup token (10 to 128 characters).
#[utoipa::path(post, path = "/api/setup", request_body = Setup,
    responses((status = CREATED, description = "The password is set", body = Object)))]
async fn setup(
    State(app): State<Arc<AppState>>,
    Body(b): Body<Setup>,
) -> Result<Response, ApiError> {
    let username = b.username.trim().to_string();
    check_username(&username)?;
    check_new_password(&b.password)?;
    if b.confirm.as_ref().is_some_and(|c| *c != b.password) {
        return Err(ApiError::unprocessable(
            "the two passwords are not the same: type the same password twice",
        ));
    }
    let store = app.tournaments.store();
    let already = || ApiError::conflict("the director's password is already set: log in instead");
    match store.setup_token_state(&b.token).await? {
        SetupToken::Used { .. } => return Err(used_link()),
        _ if store.has_director().await? => return Err(already()),
        SetupToken::Unknown => return Err(unknown_link()),
        SetupToken::Live => {}
    }
    let hash = app.hashing.hash(b.password).await?;
    if !store.complete_setup(&b.token, &username, &hash).await? {
        // Another request used it meanwhile.
        return Err(already());
    }
    tracing::info!(%username, "the director's password was set");
    Ok((StatusCode::CREATED, json(json!({ "username": username }))).into_response())
}

/// What to do instead of using a setup link that no longer works.
const FORGOT: &str = "forgot the password? On the computer that runs jongg, run `jongg director reset-password`: it prints a new setup link";

fn used_link() -> ApiError {
    ApiError::conflict(format!(
        "this setup link was used already: the password is already set, so log in ({FORGOT})"
    ))
}

fn unknown_link() -> ApiError {
    ApiError::forbidden(format!(
        "this setup link is not valid: a newer one was printed since (only the newest works), or it was copied incompletely ({FORGOT})"
    ))
}

fn wait_seconds(wait: std::time::Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

fn wait_message(wait: std::time::Duration) -> String {
    let secs = wait_seconds(wait);
    format!("too many failed logins from this address or for this account: try again in {secs} s")
}

fn too_many(wait: std::time::Duration) -> Response {
    let secs = wait_seconds(wait);
    let mut r = ApiError::new(StatusCode::TOO_MANY_REQUESTS, wait_message(wait)).into_response();
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    r
}

/// A cookie for this server: `HttpOnly`, `SameSite=Strict`, and `Secure`
/// when the public address is https.
pub(crate) fn set_cookie(
    app: &AppState,
    r: &mut Response,
    name: &str,
    value: &str,
    path: &str,
    age: i64,
) {
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    let cookie =
        format!("{name}={value}; HttpOnly; SameSite=Strict; Path={path}; Max-Age={age}{secure}");
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// Log in as the director: answers a session token and sets a cookie.
///
/// Five failures per address or account, then a wait that doubles with each
/// further failure: 429 with Retry-After. The login page's form, sent
/// without a script (url-encoded), is answered with the next page on
/// success and the login page with what went wrong otherwise.
#[utoipa::path(post, path = "/api/login", request_body = Login,
    responses((status = OK, description = "The session's token", body = Object)))]
async fn login(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonOrForm { body, form }: JsonOrForm<Login>,
) -> Result<Response, ApiError> {
    let next = crate::pages::director::safe_next(body.next.clone());
    let outcome = attempt(&app, peer, &headers, body).await;
    // An official goes to their tournament's floor page, unless asked for
    // one (issue 20.3: `next` is the director's page the login came from).
    let then = |official: Option<&jongg_store::OfficialLink>| match official {
        Some(o) if !next.starts_with("/floor/") => format!("/floor/t/{}", o.tournament),
        _ => next.clone(),
    };
    let (mut r, logged_in) = match (outcome, form) {
        (Ok(l), false) => {
            // The page to go to: the login page's script follows it.
            let mut v = json!({ "token": l.token, "expires_in": SESSION_MILLIS / 1000,
                "then": then(l.official.as_ref()) });
            if let Some(o) = l.official {
                v["role"] = json!("official");
                v["tournament"] = json!(o.tournament);
                v["official"] = json!(o.official.0);
            }
            (json(v).into_response(), l)
        }
        (Ok(l), true) => {
            let mut r = StatusCode::SEE_OTHER.into_response();
            if let Ok(to) = HeaderValue::from_str(&then(l.official.as_ref())) {
                r.headers_mut().insert(header::LOCATION, to);
            }
            (r, l)
        }
        (Err(Refused::Wait(wait)), false) => return Ok(too_many(wait)),
        (Err(Refused::Error(e)), false) => return Err(e),
        (Err(refused), true) => {
            let (status, message, retry) = match refused {
                Refused::Wait(wait) => (
                    StatusCode::TOO_MANY_REQUESTS,
                    wait_message(wait),
                    Some(wait_seconds(wait)),
                ),
                // A busy server (too many password hashes, issue 34.1).
                Refused::Error(e) => (e.status, e.message, e.retry_after),
            };
            let mut page = crate::pages::director::login_page(next, Some(message));
            *page.status_mut() = status;
            if let Some(secs) = retry {
                page.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(secs));
            }
            return Ok(page);
        }
    };
    set_cookie(
        &app,
        &mut r,
        SESSION_COOKIE,
        &logged_in.token,
        "/",
        SESSION_MILLIS / 1000,
    );
    if let Some(device) = logged_in.new_device {
        set_cookie(
            &app,
            &mut r,
            DEVICE_COOKIE,
            &device,
            "/api/login",
            DEVICE_SECONDS,
        );
    }
    Ok(r)
}

/// A correct login: the session's token, and a device token to remember
/// when this device was not known.
struct LoggedIn {
    token: String,
    new_device: Option<String>,
    /// A floor official's login (14.2), not the director's.
    official: Option<jongg_store::OfficialLink>,
}

enum Refused {
    /// Too many failures: try again after this long.
    Wait(std::time::Duration),
    Error(ApiError),
}

impl From<ApiError> for Refused {
    fn from(e: ApiError) -> Refused {
        Refused::Error(e)
    }
}

impl From<jongg_store::StoreError> for Refused {
    fn from(e: jongg_store::StoreError) -> Refused {
        Refused::Error(e.into())
    }
}

/// One login attempt, charged to the limiter before the password is checked.
async fn attempt(
    app: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    b: Login,
) -> Result<LoggedIn, Refused> {
    // Refused before any guess is made: nothing to count.
    check_username(&b.username)?;
    if b.password.is_empty() || b.password.chars().nth(MAX_LOGIN_PASSWORD).is_some() {
        return Err(ApiError::unprocessable(format!(
            "the password must have 1 to {MAX_LOGIN_PASSWORD} characters"
        ))
        .into());
    }
    let store = app.tournaments.store();
    let device = cookie(headers, DEVICE_COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()));
    // The director's devices, or a floor official's (19.7: anyone could
    // lock an official out with five wrong guesses).
    let known = match &device {
        Some(d) => {
            store.known_device(d, &b.username).await?
                || store.known_official_device(d, &b.username).await?
        }
        None => false,
    };
    let client = client_ip(app, peer, headers);
    let keys = match (&device, known) {
        (Some(d), true) => vec![Key::Device(d.clone())],
        _ => vec![Key::address(client), Key::Account(b.username.clone())],
    };
    // Charged before the password is checked, so no number of attempts
    // sent together gets more checks than the limit.
    if let Err(wait) = app.limiter.charge(&keys) {
        tracing::warn!(%client, known_device = known, wait_s = wait.as_secs(), "login refused: too many failures");
        return Err(Refused::Wait(wait));
    }
    // The same work for a name that has no account: a dummy hash is checked.
    // A name that is not the director's may be a floor official's (14.2).
    let mut official = None;
    let mut stored = store.password_hash(&b.username).await?;
    if stored.is_none()
        && let Some((hash, link)) = store.official_login(&b.username).await?
    {
        stored = Some(hash);
        official = Some(link);
    }
    let hash = match &stored {
        Some(h) => h.clone(),
        None => app.dummy_hash().await?,
    };
    let ok = app.hashing.verify(b.password, hash).await? && stored.is_some();
    if !ok {
        tracing::info!(%client, known_device = known, "login failed: wrong username or password");
        return Err(ApiError::unauthorized("wrong username or password").into());
    }
    app.limiter.clear(&keys);
    if let Some(link) = official {
        let token = store
            .new_official_session(&b.username, SESSION_MILLIS)
            .await?;
        tracing::info!(%client, username = %b.username, official = link.official.0, known_device = known, "a floor official logged in");
        let new_device = if known {
            None
        } else {
            Some(store.new_official_device(&b.username).await?)
        };
        return Ok(LoggedIn {
            token,
            new_device,
            official,
        });
    }
    let token = store.new_session(&b.username, SESSION_MILLIS).await?;
    tracing::info!(%client, username = %b.username, known_device = known, "the director logged in");
    let new_device = if known {
        None
    } else {
        Some(store.new_device(&b.username).await?)
    };
    Ok(LoggedIn {
        token,
        new_device,
        official: None,
    })
}

/// End the session of whoever is logged in: the director or a floor
/// official (a table's link has no session; its cookie is cleared all the same).
#[utoipa::path(post, path = "/api/logout", responses((status = NO_CONTENT, description = "Logged out")))]
async fn logout(State(app): State<Arc<AppState>>, caller: Caller) -> Result<Response, ApiError> {
    match &caller {
        Caller::Director { token, username } => {
            app.tournaments.store().end_session(token).await?;
            tracing::info!(%username, "the director logged out");
        }
        Caller::Official {
            token,
            username,
            link,
        } => {
            app.tournaments.store().end_official_session(token).await?;
            tracing::info!(%username, official = link.official.0, "a floor official logged out");
        }
        Caller::Scorekeeper(_) | Caller::Public => {}
    }

    let mut r = StatusCode::NO_CONTENT.into_response();
    set_cookie(&app, &mut r, SESSION_COOKIE, "", "/", 0);
    Ok(r)
}

/// Who the request's token says you are.
#[utoipa::path(get, path = "/api/me", responses((status = OK, description = "The caller's role", body = Object)))]
async fn me(caller: Caller) -> Json {
    json(match caller {
        Caller::Director { username, .. } => json!({ "role": "director", "username": username }),
        Caller::Scorekeeper(l) => json!({
            "role": "scorekeeper", "tournament": l.tournament, "round": l.round, "table": l.table
        }),
        Caller::Official { link, username, .. } => json!({
            "role": "official", "username": username, "tournament": link.tournament,
            "official": link.official.0
        }),
        Caller::Public => json!({ "role": "public" }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_passwords_have_10_to_128_characters_not_all_blank() {
        assert!(check_new_password("        ").is_err());
        assert!(check_new_password(&" ".repeat(20)).is_err());
        assert!(check_new_password("short pw!").is_err());
        assert!(check_new_password("long enough").is_ok());
        assert!(check_new_password(&"é".repeat(128)).is_ok());
        assert!(check_new_password(&"x".repeat(129)).is_err());
    }

    #[test]
    fn usernames_are_short_and_plain() {
        assert!(check_username("director").is_ok());
        assert!(check_username("").is_err());
        assert!(check_username("a\0b").is_err());
        assert!(check_username(&"d".repeat(65)).is_err());
        let rlo = check_username("monitor\u{202E}1").unwrap_err();
        assert!(rlo.message.contains("U+202E"), "{}", rlo.message);
        assert!(check_username("Łucja").is_ok());
    }
}
