//! Players' accounts (issue 23, point 6): sign up, sign in and sign out,
//! all plain forms that work without a script. A mistake shows the form
//! again with the words naming the field (422); success goes on (303) to
//! the page the player came from, with the session's cookie
//! (`edge/access/player.rs`). Passwords are argon2 as the director's;
//! signing in is limited as the director's login is (failures per address
//! and per account, with a known device charged alone: issue 34.6), but by
//! a limiter of its own, so failed player sign-ins at a hall's shared
//! address never make the director's login wait; signing up per address.

use super::{PageResult, html};
use crate::body::accounts::{FieldError, SignIn, SignUp};
use crate::body::{Body, Empty, JsonOrForm};
use crate::edge::access::{
    Access, PLAYER_SESSION_MILLIS, Player, cookie as cookie_of, set_player_cookie,
};
use crate::edge::client::client_ip;
use crate::edge::error_page::url_encode;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::http::limiter::{Key, Policy};
use crate::state::AppState;
use askama::Template;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use utoipa::IntoParams;
use utoipa_axum::routes;

/// The sign-up and sign-in forms are a few short fields.
const BODY_LIMIT: usize = 16 * 1024;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(sign_up_page)),
        route(Access::Public, routes!(sign_up))
            .limit(BODY_LIMIT)
            .form(|_| String::new()),
        route(Access::Public, routes!(sign_in_page)),
        route(Access::Public, routes!(sign_in))
            .limit(BODY_LIMIT)
            .form(|_| String::new()),
        route(Access::Player, routes!(sign_out)).form(|_| "Signed out".into()),
    ]
}

/// Sign-ups an address may send before it must wait.
pub const FREE_SIGN_UPS: u32 = 20;

/// `free` sign-ups per address, then 10 s, doubling up to 10 minutes; an
/// hour without one forgets. Every attempt counts (a mistake too), so a
/// flood of names costs its sender, not the server's argon2.
pub(crate) fn sign_up_policy(free: u32) -> Policy {
    Policy {
        free,
        wait: Duration::from_secs(10),
        max_wait: Duration::from_secs(600),
        forget: Duration::from_secs(3600),
    }
}

/// The cookie that says a device has signed in to an account before
/// (`HttpOnly`, `SameSite=Strict`, only sent to the sign-in; a year).
pub(crate) const PLAYER_DEVICE_COOKIE: &str = "jongg_player_device";
const DEVICE_SECONDS: i64 = 365 * 24 * 60 * 60;

/// Remembers this device for `key` and says so in a cookie.
async fn remember_device(app: &AppState, r: &mut Response, key: &str) -> Result<(), ApiError> {
    let device = app.tournaments.store().new_player_device(key).await?;
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    let cookie = format!(
        "{PLAYER_DEVICE_COOKIE}={device}; HttpOnly; SameSite=Strict; Path=/play/signin; Max-Age={DEVICE_SECONDS}{secure}"
    );
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(())
}

/// A 429 says when to come back (whole seconds, rounded up).
fn with_retry_after(mut r: Response, wait: Duration) -> Response {
    let secs = crate::http::limiter::retry_after_secs(wait);
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    r
}

/// Where to go after: a path of this server, else the lobby.
fn next_page(next: Option<String>) -> String {
    next.and_then(|n| crate::http::local_path::local_path(&n))
        .unwrap_or_else(|| "/play".into())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct NextQuery {
    /// Where to go after (a path of this server; the lobby if none).
    next: Option<String>,
}

#[derive(Template)]
#[template(path = "play_account.html")]
struct AccountPage {
    title: &'static str,
    signup: bool,
    action: &'static str,
    next: String,
    next_q: String,
    name: String,
    error: Option<FieldError>,
}

impl AccountPage {
    fn new(signup: bool, next: String, name: String, error: Option<FieldError>) -> AccountPage {
        let (title, action) = if signup {
            ("Sign up", "/play/signup")
        } else {
            ("Sign in", "/play/signin")
        };
        AccountPage {
            title,
            signup,
            action,
            next_q: url_encode(&next),
            next,
            name,
            error,
        }
    }

    fn wrong(&self, field: &str) -> bool {
        self.error.as_ref().is_some_and(|e| e.field == field)
    }
}

/// The form again with what is wrong (a form's post), or the error (JSON).
fn refused(page: AccountPage, status: StatusCode, form: bool) -> Response {
    if !form {
        let message = page.error.map(|e| e.message).unwrap_or_default();
        return ApiError::new(status, message).into_response();
    }
    let mut r = html(&page).unwrap_or_else(|e| e.into_response());
    *r.status_mut() = status;
    r
}

/// Signed in: the cookie, and on to `next` (a form) or the name (JSON).
fn signed_in(app: &AppState, token: &str, name: &str, next: &str, form: bool) -> Response {
    let mut r = if form {
        let mut r = StatusCode::SEE_OTHER.into_response();
        if let Ok(to) = HeaderValue::from_str(next) {
            r.headers_mut().insert(header::LOCATION, to);
        }
        r
    } else {
        axum::Json(serde_json::json!({ "name": name, "then": next })).into_response()
    };
    set_player_cookie(app, &mut r, token, PLAYER_SESSION_MILLIS / 1000);
    r
}

fn wait_words(what: &str, wait: Duration) -> String {
    let secs = crate::http::limiter::retry_after_secs(wait);
    format!("too many {what} from this address: try again in {secs} s")
}

/// The sign-up form.
#[utoipa::path(get, path = "/play/signup", params(NextQuery),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn sign_up_page(Query(q): Query<NextQuery>) -> PageResult {
    html(&AccountPage::new(
        true,
        next_page(q.next),
        String::new(),
        None,
    ))
}

/// A new player's account (name 2-32 characters, unique without regard to
/// case; password 10-128): signed in at once.
#[utoipa::path(post, path = "/play/signup", request_body = SignUp,
    responses((status = SEE_OTHER, description = "Signed up and in: on to the page asked for"),
        (status = OK, description = "Signed up and in (JSON)", body = Object),
        (status = TOO_MANY_REQUESTS, description = "Too many sign-ups from this address")))]
async fn sign_up(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonOrForm { body, form }: JsonOrForm<SignUp>,
) -> Result<Response, ApiError> {
    let next = next_page(body.next.clone());
    let page = |e: FieldError| AccountPage::new(true, next.clone(), body.name.clone(), Some(e));
    let client = client_ip(&app, peer, &headers);
    if let Err(wait) = app.sign_up_limiter.charge(&[Key::address(client)]) {
        let e = FieldError {
            field: "name",
            message: wait_words("sign-ups", wait),
        };
        let r = refused(page(e), StatusCode::TOO_MANY_REQUESTS, form);
        return Ok(with_retry_after(r, wait));
    }
    let name = match body.check() {
        Ok(name) => name,
        Err(e) => return Ok(refused(page(e), StatusCode::UNPROCESSABLE_ENTITY, form)),
    };
    let store = app.tournaments.store();
    let hash = app.hashing.hash(body.password.clone()).await?;
    if !store.create_player(&name, &hash).await? {
        let e = FieldError {
            field: "name",
            message: format!(
                "the name `{name}` is taken (names are told apart without regard to case): choose another, or sign in"
            ),
        };
        return Ok(refused(page(e), StatusCode::CONFLICT, form));
    }
    let key = jongg_store::player_key(&name);
    let token = store
        .new_player_session(&key, PLAYER_SESSION_MILLIS)
        .await?;
    tracing::info!(%client, player = %name, "a player signed up");
    let mut r = signed_in(&app, &token, &name, &next, form);
    remember_device(&app, &mut r, &key).await?;
    Ok(r)
}

/// The sign-in form.
#[utoipa::path(get, path = "/play/signin", params(NextQuery),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn sign_in_page(Query(q): Query<NextQuery>) -> PageResult {
    html(&AccountPage::new(
        false,
        next_page(q.next),
        String::new(),
        None,
    ))
}

/// Sign in as a player. Five failures per address or account, then a wait
/// that doubles (429), as the director's login.
#[utoipa::path(post, path = "/play/signin", request_body = SignIn,
    responses((status = SEE_OTHER, description = "Signed in: on to the page asked for"),
        (status = OK, description = "Signed in (JSON)", body = Object),
        (status = TOO_MANY_REQUESTS, description = "Too many failed sign-ins: try again later")))]
async fn sign_in(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonOrForm { body, form }: JsonOrForm<SignIn>,
) -> Result<Response, ApiError> {
    let next = next_page(body.next.clone());
    let page = |e: FieldError| AccountPage::new(false, next.clone(), body.name.clone(), Some(e));
    if let Err(e) = body.check() {
        return Ok(refused(page(e), StatusCode::UNPROCESSABLE_ENTITY, form));
    }
    let client = client_ip(&app, peer, &headers);
    let store = app.tournaments.store();
    let key = jongg_store::player_key(body.name.trim());
    // A device this account signed in from before is charged alone, as the
    // director's are: a guesser elsewhere, or at the same hall address,
    // does not lock the player out of their own phone (issue 34.6).
    let device = cookie_of(&headers, PLAYER_DEVICE_COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()));
    let known = match &device {
        Some(d) => store.known_player_device(d, &key).await?,
        None => false,
    };
    let keys = match (&device, known) {
        (Some(d), true) => vec![Key::Device(d.clone())],
        _ => vec![Key::address(client), Key::Account(key.clone())],
    };
    // Charged before the password is checked (as the director's login),
    // by the players' own limiter (issue 34.6).
    if let Err(wait) = app.player_limiter.charge(&keys) {
        let e = FieldError {
            field: "password",
            message: wait_words("failed sign-ins", wait),
        };
        let r = refused(page(e), StatusCode::TOO_MANY_REQUESTS, form);
        return Ok(with_retry_after(r, wait));
    }
    let found = store.player_login(body.name.trim()).await?;
    // The same work for a name without an account: a dummy hash is checked.
    let hash = match &found {
        Some((_, h)) => h.clone(),
        None => app.dummy_hash().await?,
    };
    let ok = app.hashing.verify(body.password.clone(), hash).await?;
    let Some((account, _)) = found.filter(|_| ok) else {
        let e = FieldError {
            field: "password",
            message: "wrong name or password".into(),
        };
        return Ok(refused(page(e), StatusCode::UNAUTHORIZED, form));
    };
    app.player_limiter.clear(&keys);
    let token = store
        .new_player_session(&account.key, PLAYER_SESSION_MILLIS)
        .await?;
    tracing::info!(%client, player = %account.name, known_device = known, "a player signed in");
    let mut r = signed_in(&app, &token, &account.name, &next, form);
    if !known {
        remember_device(&app, &mut r, &account.key).await?;
    }
    Ok(r)
}

/// Sign out: the session ends and its cookie is cleared.
#[utoipa::path(post, path = "/play/signout", request_body = Option<Empty>,
    responses((status = NO_CONTENT, description = "Signed out")))]
async fn sign_out(
    State(app): State<Arc<AppState>>,
    player: Player,
    Body(Empty {}): Body<Empty>,
) -> Result<Response, ApiError> {
    app.tournaments
        .store()
        .end_player_session(&player.token)
        .await?;
    tracing::info!(player = %player.account.name, "a player signed out");
    let mut r = StatusCode::NO_CONTENT.into_response();
    set_player_cookie(&app, &mut r, "", 0);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_signing_in_a_player_goes_only_to_a_page_of_this_server() {
        assert_eq!(next_page(None), "/play");
        assert_eq!(next_page(Some("/play/rooms/new".into())), "/play/rooms/new");
        assert_eq!(next_page(Some("https://evil.example/".into())), "/play");
        assert_eq!(next_page(Some("//evil.example/".into())), "/play");
    }

    #[test]
    fn the_form_again_marks_the_field_that_is_wrong() {
        let e = FieldError {
            field: "confirm",
            message: "the two passwords are not the same".into(),
        };
        let page = AccountPage::new(true, "/play".into(), "Ann".into(), Some(e))
            .render()
            .unwrap();
        assert!(
            page.contains("the two passwords are not the same"),
            "{page}"
        );
        assert!(page.contains("value=\"Ann\""));
        let confirm = page.split("id=\"confirm\"").nth(1).unwrap();
        assert!(confirm.split('>').next().unwrap().contains("aria-invalid"));
        let name = page.split("id=\"name\"").nth(1).unwrap();
        assert!(!name.split('>').next().unwrap().contains("aria-invalid"));
    }
}
