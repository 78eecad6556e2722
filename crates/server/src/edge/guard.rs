//! What every request passes before its handler, and every answer gets
//! (docs/security.md, "Another site in the same browser").
//!
//! A request that may change something (any method but GET, HEAD and
//! OPTIONS) must come from this server's own pages or from a program, never
//! from another site the director has open: `Sec-Fetch-Site`, when the
//! browser sends it, must say `same-origin` (or `none`: typed by the user),
//! and `Origin`, when sent, must be this server (its `Host`, or the public
//! address it was started with). A port of the same host is another
//! origin, so the same-site cookie does not make it one of ours. Its body
//! must be `application/json` (415 otherwise): the types a plain HTML form
//! can send (`text/plain`, url-encoded, multipart) are refused, so another
//! site can only send JSON by asking the browser first, which this server
//! never allows (it sends no CORS headers). The one exception is this
//! server's own pages' forms (issue 13.7, `forms.rs`): url-encoded, only to
//! a route the table marks as taking one, and only showing it comes from
//! here (`Origin` or `Sec-Fetch-Site`, checked above, must be sent).
//!
//! First of all, the request must name this server in `Host` (`hosts.rs`:
//! a page whose name was rebound to this laptop is answered 421).
//!
//! Every answer carries the headers a browser needs to keep the pages to
//! themselves: a Content-Security-Policy (scripts and styles only from this
//! server, never framed), `X-Content-Type-Options: nosniff`,
//! `Referrer-Policy: same-origin` (a scorekeeper key in an address never
//! leaves in a Referer to another site, while a page's own form post says
//! where it is from: issue 20.1), and HSTS when the public address is https.

use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The policy of a page: everything from this server only, inline nothing.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; \
    frame-ancestors 'none'";
/// What a body over its route's limit is told.
pub(crate) const TOO_LARGE: &str =
    "the body is too large: at most 1 MB (a tournament file: 64 MB, a login: 16 KB)";

/// The policy of anything else (JSON, CSV, SVG, PDF): nothing runs, never framed.
const OTHER_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

pub(crate) async fn guard(State(app): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    // A request naming another server (a rebound name) is not read at all.
    if let Err(e) = app.hosts.check(req.headers(), req.uri()) {
        let mut res = e.into_response();
        secure_headers(&app, &mut res);
        return res;
    }
    let changes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let query = (*req.method() == Method::GET)
        .then(|| req.uri().query().map(str::to_string))
        .flatten();
    let path = req.uri().path().to_string();
    let checked = if changes {
        match same_origin(&app, req.headers()).and_then(|()| json_body(req.headers())) {
            // A page's form (issue 13.7): its hidden fields are taken out
            // before routing; the route's form layer takes it or refuses it.
            Ok(()) if is_form(req.headers()) => crate::edge::forms::prepare(req).await,
            Ok(()) => Ok(req),
            Err(e) => Err(e.into_response()),
        }
    } else {
        Ok(req)
    };
    let mut res = match checked {
        Err(refused) => refused,
        Ok(req) => next.run(req).await,
    };
    if res.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json(&res) {
        // axum's own answer is plain text; ours is JSON like every error.
        res = ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE).into_response();
    }
    if query.as_deref().is_some_and(|q| q.contains("done=")) {
        res = crate::edge::forms::show_done(&path, query.as_deref(), res).await;
    }
    secure_headers(&app, &mut res);
    res
}

/// The `host[:port]` of an origin like `http://host:port`.
fn origin_host(origin: &str) -> Option<&str> {
    origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .filter(|h| !h.is_empty() && !h.contains('/'))
}

/// A change (or a live table's WebSocket, `api/play.rs`) from this
/// server's own pages or a program, never from another site's page.
pub(crate) fn same_origin(app: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(site) = headers.get("sec-fetch-site") {
        let site = site.to_str().unwrap_or("?");
        if !matches!(site, "same-origin" | "none") {
            return Err(ApiError::forbidden(format!(
                "a request from another site (Sec-Fetch-Site: {site}) may not change anything"
            )));
        }
    }
    // A page's own form post carries its origin under the pages'
    // `Referrer-Policy: same-origin`. On a plain-http address that is not
    // loopback (the hall's, http://192.168.1.23:8080) that `Origin` is all
    // a browser sends: no `Sec-Fetch-Site` there (issue 20.1: under
    // `no-referrer` it sent `Origin: null` and every form was refused).
    // A page served before that policy may still post `Origin: null`; the
    // browser's own `Sec-Fetch-Site: same-origin`, which no page can set,
    // then says where it is from.
    let same_origin_site = headers
        .get("sec-fetch-site")
        .is_some_and(|s| s.as_bytes() == b"same-origin");
    if let Some(origin) = headers.get(header::ORIGIN)
        && !(origin.as_bytes() == b"null" && same_origin_site)
    {
        let origin = origin.to_str().unwrap_or("?");
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let ours = match (origin_host(origin), host) {
            (Some(o), Some(h)) => o.eq_ignore_ascii_case(h),
            _ => false,
        } || app.public_origin.as_deref() == Some(origin);
        if !ours {
            let shown: String = origin.chars().take(100).collect();
            return Err(ApiError::forbidden(format!(
                "a request from {shown}, another site, may not change anything"
            )));
        }
    }
    Ok(())
}

/// Whether a request's body is a url-encoded form.
pub(crate) fn is_form(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|ct| ct.to_str().ok())
        .and_then(|ct| ct.split(';').next())
        .is_some_and(|m| {
            m.trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
}

/// A body is JSON, or a page's url-encoded form (which `forms.rs` then
/// checks and the route takes or refuses: `Route::form`).
fn json_body(headers: &HeaderMap) -> Result<(), ApiError> {
    if is_form(headers) {
        return Ok(());
    }
    let has_body = headers
        .get(header::CONTENT_LENGTH)
        .is_some_and(|n| n.as_bytes() != b"0")
        || headers.contains_key(header::TRANSFER_ENCODING);
    let unsupported = |m: String| Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, m));
    match headers.get(header::CONTENT_TYPE) {
        Some(ct) => {
            let ct = ct.to_str().unwrap_or("?");
            let mime = ct.split(';').next().unwrap_or("").trim();
            if !mime.eq_ignore_ascii_case("application/json") {
                let shown: String = ct.chars().take(100).collect();
                return unsupported(format!(
                    "the body is `{shown}`: send JSON, with Content-Type: application/json"
                ));
            }
            Ok(())
        }
        None if has_body => unsupported(
            "the body has no Content-Type: send JSON, with Content-Type: application/json".into(),
        ),
        None => Ok(()),
    }
}

fn is_json(res: &Response) -> bool {
    res.headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
}

fn secure_headers(app: &AppState, res: &mut Response) {
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let h = res.headers_mut();
    let csp = if html { PAGE_CSP } else { OTHER_CSP };
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        // Pages and answers may hold a key or a session's view: never kept.
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    if app.secure_cookies {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_name_their_host_and_port() {
        assert_eq!(origin_host("http://127.0.0.1:8080"), Some("127.0.0.1:8080"));
        assert_eq!(
            origin_host("https://jongg.example.org"),
            Some("jongg.example.org")
        );
        assert_eq!(origin_host("null"), None);
        assert_eq!(origin_host("http://a/b"), None);
        assert_eq!(origin_host("file://"), None);
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_json_bodies_are_taken() {
        let ok = |p: &[(&'static str, &'static str)]| json_body(&headers(p)).is_ok();
        assert!(ok(&[]));
        assert!(ok(&[("content-type", "application/json")]));
        assert!(ok(&[
            ("content-type", "Application/JSON; charset=utf-8"),
            ("content-length", "2")
        ]));
        assert!(!ok(&[
            ("content-type", "text/plain"),
            ("content-length", "2")
        ]));
        assert!(!ok(&[("content-type", "multipart/form-data; boundary=x")]));
        assert!(!ok(&[("content-length", "12")]));
        assert!(!ok(&[("transfer-encoding", "chunked")]));
        assert!(ok(&[("content-length", "0")]));
    }
}
