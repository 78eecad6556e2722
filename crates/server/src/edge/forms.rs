//! Forms that work before the script loads (issue 13.7).
//!
//! Every form of the pages has a real `method="post"` and `action`, and
//! `data-api` for the script (`assets/jongg.js`), which sends the same
//! fields as JSON without a reload. A route takes a page's form only where
//! the route table says so ([`Route::form`](crate::edge::route::Route::form),
//! next to its access): everywhere else a form body is refused (415), and
//! the JSON path is untouched.
//!
//! A form post passes three steps:
//! 1. [`prepare`], in the guard, before routing: the post must show where
//!    it comes from (`Origin` or `Sec-Fetch-Site`, which every browser sends
//!    with a form, checked to be this server); its hidden fields are taken
//!    out: `then` (the page to go back to, a local path), `_method` (`PATCH`,
//!    `PUT` or `DELETE`: a form can only POST), and a field named by `{name}`
//!    in the action's path fills it (`players/{out}/substitute`), as the
//!    script does.
//! 2. The handler reads the rest into its usual typed body (`body/form.rs`).
//! 3. [`layer`], on every route: a success is a 303 to `then` carrying
//!    `done`, what the route's [`Confirm`] says was done ("Round 2
//!    started"), which the page it lands on shows at the top (the guard
//!    writes it in, [`show_done`]); a refusal is a page in plain words with
//!    a way back, never JSON to a person. The script's JSON answer carries
//!    the same words in the `Jongg-Done` header (percent-encoded); the
//!    script goes to its `data-then` page and shows them there at the top.

use crate::edge::error_page::{ErrorPage, url_encode};
use crate::http::error::ApiError;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, RawPathParams, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Map, Value};

/// What a form's post did, in words, from what was asked and answered.
pub(crate) type Confirm = fn(&Said) -> String;

/// The hidden field naming the page to go back to.
const THEN: &str = "then";
/// The hidden field giving the method a form cannot (`PATCH`).
const METHOD: &str = "_method";
/// The answer's header with the confirmation for the script.
pub(crate) const DONE_HEADER: &str = "jongg-done";
/// The most bytes a form post may have (the server's limit).
const FORM_LIMIT: usize = 1 << 20;

/// What a [`Confirm`] reads: the path's parameters, the fields sent (a
/// form's or the JSON object's top level) and the JSON answer.
#[derive(Debug)]
pub(crate) struct Said {
    params: Vec<(String, String)>,
    fields: Map<String, Value>,
    answer: Value,
}

impl Said {
    /// A parameter of the path (`r`, `t`, `n`), or "" if none.
    pub(crate) fn param(&self, name: &str) -> &str {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// A field sent, as text ("" if not sent).
    pub(crate) fn field(&self, name: &str) -> String {
        text(self.fields.get(name))
    }

    /// A field of the answer, as text ("" if none).
    pub(crate) fn answer(&self, name: &str) -> String {
        text(self.answer.get(name))
    }
}

fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Null) | None => String::new(),
        Some(v) => v.to_string(),
    }
}

/// A request is a page's form post (set by [`prepare`]): where to go after.
#[derive(Debug, Clone)]
pub(crate) struct FormPost {
    then: Option<String>,
}

/// Step 1 (see the module's comment): a form post shown to come from here,
/// its hidden fields taken out. The caller has checked `Origin` and
/// `Sec-Fetch-Site`, when sent, are ours; here one of them must be sent.
pub(crate) async fn prepare(req: Request) -> Result<Request, Response> {
    let headers = req.headers();
    if !headers.contains_key(header::ORIGIN) && !headers.contains_key("sec-fetch-site") {
        return Err(ApiError::forbidden(
            "a form sent without Origin or Sec-Fetch-Site may not change anything: send JSON",
        )
        .into_response());
    }
    let (mut parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, FORM_LIMIT).await.map_err(|_| {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, crate::edge::guard::TOO_LARGE).into_response()
    })?;
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes).map_err(|e| {
        ApiError::bad_request(format!("the form cannot be read: {e}")).into_response()
    })?;
    let mut then = None;
    let mut method = None;
    let mut path = parts
        .uri
        .path()
        .replace("%7B", "{")
        .replace("%7b", "{")
        .replace("%7D", "}")
        .replace("%7d", "}");
    let mut kept = Vec::with_capacity(pairs.len());
    for (key, value) in pairs {
        let slot = format!("{{{key}}}");
        if key == THEN {
            then = crate::http::local_path::local_path(&value);
        } else if key == METHOD {
            method = Some(value);
        } else if path.contains(&slot) {
            if !value.trim().is_empty() {
                path = path.replace(&slot, &url_encode(value.trim()).replace('/', "%2F"));
            }
        } else {
            kept.push((key, value));
        }
    }
    if path.contains('{') {
        // A choice left empty (a person's form: said on a page).
        return Err(refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "a choice of the form was left empty: choose one, then send it again".into(),
            then.as_deref().unwrap_or("/"),
        ));
    }
    if let Some(m) = method {
        parts.method = match m.to_ascii_uppercase().as_str() {
            "PATCH" if parts.method == Method::POST => Method::PATCH,
            "PUT" if parts.method == Method::POST => Method::PUT,
            "DELETE" if parts.method == Method::POST => Method::DELETE,
            _ => {
                return Err(ApiError::bad_request(
                    "the form's `_method` must be PATCH, PUT or DELETE, on a POST",
                )
                .into_response());
            }
        };
    }
    let query = parts
        .uri
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    parts.uri = format!("{path}{query}")
        .parse()
        .map_err(|_| ApiError::bad_request("the form's address is not valid").into_response())?;
    let body =
        serde_urlencoded::to_string(&kept).map_err(|e| ApiError::internal(e).into_response())?;
    parts
        .headers
        .insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    parts.headers.remove(header::TRANSFER_ENCODING);
    parts.extensions.insert(FormPost { then });
    Ok(Request::from_parts(parts, Body::from(body)))
}

/// Step 3 (see the module's comment), on every route: `confirm` is the
/// route's ([`Route::form`](crate::edge::route::Route::form)), `None` where a
/// form is refused.
pub(crate) async fn layer(
    State(confirm): State<Option<Confirm>>,
    req: Request,
    next: Next,
) -> Response {
    let post = req.extensions().get::<FormPost>().cloned();
    let Some(confirm) = confirm else {
        if post.is_some() {
            return ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "this address takes no page's form: send JSON, with Content-Type: application/json",
            )
            .into_response();
        }
        return next.run(req).await;
    };
    if matches!(*req.method(), Method::GET | Method::HEAD) {
        return next.run(req).await;
    }
    let (mut parts, body) = req.into_parts();
    let params: Vec<(String, String)> = RawPathParams::from_request_parts(&mut parts, &())
        .await
        .map(|p| {
            p.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .unwrap_or_default();
    // The body is kept to say what was sent (a form's fields or the JSON's).
    let bytes = match axum::body::to_bytes(body, FORM_LIMIT).await {
        Ok(b) => b,
        Err(_) => {
            return ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, crate::edge::guard::TOO_LARGE)
                .into_response();
        }
    };
    let fields = if post.is_some() {
        serde_urlencoded::from_bytes::<Vec<(String, String)>>(&bytes)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (k, Value::String(v)))
            .collect()
    } else {
        serde_json::from_slice::<Map<String, Value>>(&bytes).unwrap_or_default()
    };
    let res = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let (mut head, body) = res.into_parts();
    if !head.status.is_success() && post.is_none() {
        return Response::from_parts(head, body);
    }
    let is_json = head
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let answer_bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_else(|_| Bytes::new());
    let answer: Value = if is_json {
        serde_json::from_slice(&answer_bytes).unwrap_or(Value::Null)
    } else {
        Value::Null
    };
    let rebuilt = |head| Response::from_parts(head, Body::from(answer_bytes.clone()));
    let Some(post) = post else {
        let said = Said {
            params,
            fields,
            answer,
        };
        let done = confirm(&said);
        if !done.is_empty()
            && let Ok(v) = HeaderValue::from_str(&url_encode(&done))
        {
            head.headers.insert(DONE_HEADER, v);
        }
        return rebuilt(head);
    };
    let then = post.then.unwrap_or_else(|| "/".to_string());
    if head.status.is_success() {
        let then = then.replace("{id}", &text(answer.get("id")));
        let said = Said {
            params,
            fields,
            answer,
        };
        // The handler's headers stay (a cookie set or cleared).
        head.status = StatusCode::SEE_OTHER;
        head.headers.remove(header::CONTENT_TYPE);
        head.headers.remove(header::CONTENT_LENGTH);
        if let Ok(v) = HeaderValue::from_str(&with_done(&then, &confirm(&said))) {
            head.headers.insert(header::LOCATION, v);
        }
        return Response::from_parts(head, Body::empty());
    }
    // A refusal: in words, with a way back (a page the handler made
    // itself, like the login's, stands).
    if !is_json {
        return rebuilt(head);
    }
    let message = answer
        .get("error")
        .and_then(Value::as_str)
        .unwrap_or("the server could not do this")
        .to_string();
    refused(head.status, message, &then)
}

/// `then` with `done` in its query, signed ([`crate::flash`]; replacing a
/// `{done}` placeholder).
fn with_done(then: &str, done: &str) -> String {
    if done.is_empty() {
        return then.replace("{done}", "");
    }
    // Signed for the page the redirect lands on (its path, no query).
    let page = then.split(['?', '#']).next().unwrap_or("/");
    let done = format!(
        "{}&{}={}",
        url_encode(done),
        crate::http::flash::FIELD,
        crate::http::flash::sign(page, done)
    );
    if then.contains("{done}") {
        return then.replace("{done}", &done);
    }
    let (path, fragment) = then.split_once('#').map_or((then, ""), |(p, f)| (p, f));
    let signature = format!("{}=", crate::http::flash::FIELD);
    let kept: Vec<&str> = path
        .split_once('?')
        .map(|(_, q)| {
            q.split('&')
                .filter(|kv| !kv.starts_with("done=") && !kv.starts_with(&signature))
                .collect()
        })
        .unwrap_or_default();
    let base = path.split('?').next().unwrap_or("/");
    let mut query = kept.join("&");
    if !query.is_empty() {
        query.push('&');
    }
    let hash = if fragment.is_empty() {
        String::new()
    } else {
        format!("#{fragment}")
    };
    format!("{base}?{query}done={done}{hash}")
}

/// The page of a refused form post: what is wrong, and the way back.
fn refused(status: StatusCode, message: String, then: &str) -> Response {
    let login = status == StatusCode::UNAUTHORIZED;
    let page = ErrorPage {
        title: if login {
            "Please log in again".into()
        } else {
            "That did not work".into()
        },
        message,
        back: if login {
            format!("/login?next={}", url_encode(then))
        } else {
            then.to_string()
        },
        back_label: if login {
            "Log in".into()
        } else {
            "Back to the form".into()
        },
        hint: if login {
            String::new()
        } else {
            "Your browser's Back button returns to the form with what you typed.".into()
        },
    };
    let body = askama::Template::render(&page)
        .unwrap_or_else(|_| "<!doctype html><title>Error</title>Error".into());
    (status, Html(body)).into_response()
}

/// Writes the confirmation of a `?done=` page at the top of its `<main>`
/// (every page has one, `base.html`), escaped: whichever page a form
/// lands on says what was done.
pub(crate) async fn show_done(path: &str, query: Option<&str>, res: Response) -> Response {
    // Only words this server signed for this page, lately: a link from
    // elsewhere, or kept from another page, shows nothing.
    let done = query.and_then(|q| {
        let pairs = serde_urlencoded::from_str::<Vec<(String, String)>>(q).ok()?;
        let field = |name: &str| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v);
        let (done, signature) = (field("done")?, field(crate::http::flash::FIELD)?);
        crate::http::flash::verify(path, done, signature)
            .then(|| done.chars().take(300).collect::<String>())
    });
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    let Some(done) = done.filter(|d| !d.trim().is_empty() && html && res.status().is_success())
    else {
        return res;
    };
    let (mut head, body) = res.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::from_parts(head, Body::empty());
    };
    let page = String::from_utf8_lossy(&bytes);
    const MAIN: &str = "<main id=\"main\">";
    let page = page.replacen(
        MAIN,
        &format!(
            "{MAIN}\n<p class=\"flash\" role=\"status\" id=\"done\">{}</p>",
            escape(&done)
        ),
        1,
    );
    head.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(head, Body::from(page))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confirmation_goes_in_the_query_signed() {
        // A signature holds its expiry, so it changes by the second: each
        // is checked apart (`flash.rs`); here, where it goes.
        let signed = |_: &str| format!("{}=", crate::http::flash::FIELD);
        let with_done = |then: &str, done: &str| {
            let l = with_done(then, done);
            let at = l.find("ds=").map_or(l.len(), |i| i + 3);
            let sig = l[at..].len()
                - l[at..]
                    .trim_start_matches(|c: char| c.is_ascii_hexdigit())
                    .len();
            assert_eq!(sig, 40, "{l}");
            format!("{}{}", &l[..at], &l[at + sig..])
        };
        assert_eq!(
            with_done("/director/t/1", "Round 2 started"),
            format!(
                "/director/t/1?done=Round%202%20started&{}",
                signed("Round 2 started")
            )
        );
        assert_eq!(
            with_done("/x?q=5&done=old&ds=00", "ok"),
            format!("/x?q=5&done=ok&{}", signed("ok"))
        );
        assert_eq!(
            with_done("/x?done={done}", "a b"),
            format!("/x?done=a%20b&{}", signed("a b"))
        );
        assert_eq!(
            with_done("/x#t3", "ok"),
            format!("/x?done=ok&{}#t3", signed("ok"))
        );
    }
}
