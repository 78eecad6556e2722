//! The director's password (set once through the printed setup link, hashed
//! with argon2), login with a rate limit, logout, and "who am I".

use crate::AppState;
use crate::error::ApiError;
use crate::extract::{Caller, SESSION_COOKIE, body_object, from_object};
use crate::routes::{Access, Route};
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a director's session lasts: a long tournament day and then some.
const SESSION_MILLIS: i64 = 24 * 60 * 60 * 1000;
const MIN_PASSWORD: usize = 8;

pub fn routes() -> Vec<Route> {
    vec![
        Route::new(
            "POST",
            "/api/setup",
            "Set the director's password with the one-time setup token",
            Access::Public,
            Some("Setup"),
            post(setup),
        ),
        Route::new(
            "POST",
            "/api/login",
            "Log in as the director; answers a session token and sets a cookie (5 failures a minute per address or account: 429)",
            Access::Public,
            Some("Login"),
            post(login),
        ),
        Route::new(
            "POST",
            "/api/logout",
            "End the director's session",
            Access::Director,
            None,
            post(logout),
        ),
        Route::new(
            "GET",
            "/api/me",
            "Who the request's token says you are",
            Access::Public,
            None,
            get(me),
        ),
    ]
}

type Json = axum::Json<Value>;

fn json(v: Value) -> Json {
    axum::Json(v)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupBody {
    token: String,
    #[serde(default = "director")]
    username: String,
    password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoginBody {
    #[serde(default = "director")]
    username: String,
    password: String,
}

fn director() -> String {
    "director".to_string()
}

/// Hashes a password with argon2 (off the async threads: it is slow on purpose).
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

async fn verify_password(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash).map_err(ApiError::internal)?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(ApiError::internal)?
}

async fn setup(State(app): State<Arc<AppState>>, body: Bytes) -> Result<Response, ApiError> {
    let b: SetupBody = from_object(body_object(&body)?)?;
    let username = b.username.trim().to_string();
    if username.is_empty() || username.len() > 64 {
        return Err(ApiError::unprocessable(
            "the username must have 1 to 64 characters",
        ));
    }
    if b.password.chars().count() < MIN_PASSWORD {
        return Err(ApiError::unprocessable(format!(
            "the password is too short: at least {MIN_PASSWORD} characters"
        )));
    }
    let store = app.tournaments.store();
    if store.has_director().await? {
        return Err(ApiError::conflict(
            "the director's password is already set: log in instead",
        ));
    }
    let hash = hash_password(b.password).await?;
    if !store.complete_setup(&b.token, &username, &hash).await? {
        return Err(ApiError::forbidden(
            "the setup token is not valid: it was used already, or a newer link was printed (restart `jongg serve` for a new one)",
        ));
    }
    Ok((StatusCode::CREATED, json(json!({ "username": username }))).into_response())
}

async fn login(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let b: LoginBody = from_object(body_object(&body)?)?;
    let keys = [format!("ip {}", peer.ip()), format!("user {}", b.username)];
    if let Err(wait) = app.limiter.check(&keys) {
        let secs = wait.as_secs().max(1);
        let mut r = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many failed logins from this address or for this account: try again in {secs} s"),
        )
        .into_response();
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        return Ok(r);
    }
    let store = app.tournaments.store();
    let ok = match store.password_hash(&b.username).await? {
        Some(hash) => verify_password(b.password, hash).await?,
        None => false,
    };
    if !ok {
        app.limiter.fail(&keys);
        return Err(ApiError::unauthorized("wrong username or password"));
    }
    app.limiter.succeed(&keys);
    let token = store.new_session(&b.username, SESSION_MILLIS).await?;
    let cookie = format!(
        "{SESSION_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={}",
        SESSION_MILLIS / 1000
    );
    let mut r =
        json(json!({ "token": token, "expires_in": SESSION_MILLIS / 1000 })).into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(r)
}

async fn logout(State(app): State<Arc<AppState>>, caller: Caller) -> Result<Response, ApiError> {
    caller.director()?;
    if let Caller::Director { token, .. } = &caller {
        app.tournaments.store().end_session(token).await?;
        app.tokens.forget(token);
    }
    let mut r = StatusCode::NO_CONTENT.into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("jongg_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"),
    );
    Ok(r)
}

async fn me(caller: Caller) -> Json {
    json(match caller {
        Caller::Director { username, .. } => json!({ "role": "director", "username": username }),
        Caller::Scorekeeper(l) => json!({
            "role": "scorekeeper", "tournament": l.tournament, "round": l.round, "table": l.table
        }),
        Caller::Public => json!({ "role": "public" }),
    })
}

/// Failed logins in the last minute, per client address and per account.
#[derive(Debug)]
pub struct LoginLimiter {
    max_failures: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl LoginLimiter {
    pub fn new(max_failures: usize, window: Duration) -> LoginLimiter {
        LoginLimiter {
            max_failures,
            window,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// `Err(wait)` if any key is over the limit.
    pub fn check(&self, keys: &[String]) -> Result<(), Duration> {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let mut wait = None;
        for k in keys {
            if let Some(q) = map.get_mut(k) {
                while q
                    .front()
                    .is_some_and(|t| now.duration_since(*t) >= self.window)
                {
                    q.pop_front();
                }
                if q.len() >= self.max_failures {
                    let oldest = q.front().copied().unwrap_or(now);
                    let w = self.window.saturating_sub(now.duration_since(oldest));
                    wait = Some(wait.map_or(w, |x: Duration| x.max(w)));
                }
            }
        }
        wait.map_or(Ok(()), Err)
    }

    pub fn fail(&self, keys: &[String]) {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 10_000 {
            // Forget keys with nothing recent, so the map stays small.
            map.retain(|_, q| {
                q.back()
                    .is_some_and(|t| now.duration_since(*t) < self.window)
            });
        }
        for k in keys {
            map.entry(k.clone()).or_default().push_back(now);
        }
    }

    pub fn succeed(&self, keys: &[String]) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            map.remove(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limiter_allows_five_failures_a_minute_per_key() {
        let l = LoginLimiter::new(5, Duration::from_secs(60));
        let a = ["ip 1".to_string(), "user d".to_string()];
        let b = ["ip 2".to_string(), "user d".to_string()];
        let c = ["ip 3".to_string(), "user e".to_string()];
        for _ in 0..5 {
            assert!(l.check(&a).is_ok());
            l.fail(&a);
        }
        assert!(l.check(&a).is_err());
        // Same account from another address: still refused (per account).
        assert!(l.check(&b).is_err());
        // Another account from another address: fine.
        assert!(l.check(&c).is_ok());
        let wait = l.check(&a).unwrap_err();
        assert!(wait <= Duration::from_secs(60) && wait > Duration::from_secs(50));
    }

    #[test]
    fn limiter_forgets_after_the_window() {
        let l = LoginLimiter::new(2, Duration::from_millis(30));
        let a = ["ip 1".to_string()];
        l.fail(&a);
        l.fail(&a);
        assert!(l.check(&a).is_err());
        std::thread::sleep(Duration::from_millis(40));
        assert!(l.check(&a).is_ok());
    }
}
