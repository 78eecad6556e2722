//! The server's log (docs/api.md, "The log"): `tracing` events written to
//! standard error, as text for a person or as JSON lines for a machine
//! (`jongg serve --log-format json`), filtered by `RUST_LOG` (default
//! `info`).
//!
//! Every request is one line at `info`: method, path, status and
//! milliseconds, who asked (`caller`: director, a table, public) and why it
//! was refused (`error`, the message the caller got). No
//! secret is ever written: the line shows the path with the value of a
//! `key` or `token` in the query (a scorekeeper link, the setup link), and
//! anything that looks like a token, replaced by `[redacted]`; no header is
//! logged (so no `Authorization` and no cookie), nor any request body (a
//! password). A failure of our own (a 500) is an `error` line with its
//! cause; a grouped commit is a `debug` line with its batch's size.

use axum::http::Uri;
use std::fmt::Write as _;
use std::io::IsTerminal;
use tracing::Subscriber;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// One readable line per event.
    #[default]
    Text,
    /// One JSON object per line, the request's fields at the top level.
    Json,
}

/// What is logged when `RUST_LOG` is not set.
pub const DEFAULT_FILTER: &str = "info";

/// The filter: `RUST_LOG` if set (and valid), else [`DEFAULT_FILTER`].
pub fn filter() -> EnvFilter {
    EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER))
}

/// A layer writing events in `format` to `writer` (plain text: no colours).
pub fn layer<S, W>(format: LogFormat, writer: W) -> Box<dyn Layer<S> + Send + Sync>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    fmt_layer(format, writer, false)
}

fn fmt_layer<S, W>(format: LogFormat, writer: W, ansi: bool) -> Box<dyn Layer<S> + Send + Sync>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let fmt = tracing_subscriber::fmt::layer()
        .with_writer(writer)
        .with_target(false);
    match format {
        LogFormat::Text => fmt.with_ansi(ansi).boxed(),
        LogFormat::Json => fmt
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .boxed(),
    }
}

/// Sends the whole process's log to standard error in `format` (`jongg
/// serve` calls it once, before starting); colours only on a terminal.
pub fn init(format: LogFormat) -> Result<(), tracing_subscriber::util::TryInitError> {
    let ansi = std::io::stderr().is_terminal();
    tracing_subscriber::registry()
        .with(filter())
        .with(fmt_layer(format, std::io::stderr, ansi))
        .try_init()
}

/// On a response whose request line is written at `debug`, not `info`: a
/// proxy's health probes, every few seconds (`health.rs`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuietLine;

/// `router` with its one log line per request (method, path without
/// secrets, who asked, status, milliseconds); a 5xx is an `error` line.
pub(crate) fn with_request_log(router: axum::Router) -> axum::Router {
    use axum::extract::Request;
    use axum::response::Response;
    use std::time::Duration;
    use tower_http::trace::TraceLayer;
    router.layer(
        TraceLayer::new_for_http()
            .make_span_with(|req: &Request| {
                tracing::info_span!(
                    "request",
                    method = %req.method(),
                    path = %shown_uri(req.uri()),
                    caller = tracing::field::Empty,
                    error = tracing::field::Empty,
                )
            })
            .on_request(())
            .on_response(|res: &Response, latency: Duration, _: &tracing::Span| {
                let status = res.status().as_u16();
                // Milliseconds to a tenth: short in text, a number in JSON.
                let ms = (latency.as_secs_f64() * 10_000.0).round() / 10.0;
                if res.status().is_server_error() {
                    tracing::error!(status, ms);
                } else if res.extensions().get::<QuietLine>().is_some() {
                    tracing::debug!(status, ms);
                } else {
                    tracing::info!(status, ms);
                }
            })
            .on_body_chunk(())
            .on_eos(())
            .on_failure(()),
    )
}

/// Puts a refusal's reason on the log line of the request it answers.
pub(crate) fn record_error(message: &str) {
    tracing::Span::current().record("error", message);
}

/// A value shown in place of a secret.
const REDACTED: &str = "[redacted]";
/// Query parameters whose value is a secret (a table link's key, the
/// one-time setup token).
const SECRET_PARAMS: [&str; 2] = ["key", "token"];
/// The longest path a log line shows.
const MAX_SHOWN: usize = 300;

/// A request's path and query as a log line shows them: secrets replaced by
/// `[redacted]`, at most [`MAX_SHOWN`] characters.
pub fn shown_uri(uri: &Uri) -> String {
    let mut out = String::with_capacity(uri.path().len() + 16);
    for (i, segment) in uri.path().split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(if looks_secret(segment) {
            REDACTED
        } else {
            segment
        });
    }
    if let Some(query) = uri.query() {
        out.push('?');
        for (i, pair) in query.split('&').enumerate() {
            if i > 0 {
                out.push('&');
            }
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            if SECRET_PARAMS.contains(&name) || looks_secret(value) {
                let _ = write!(out, "{name}={REDACTED}");
            } else {
                out.push_str(pair);
            }
        }
    }
    if out.len() > MAX_SHOWN {
        let cut = (0..=MAX_SHOWN)
            .rev()
            .find(|&i| out.is_char_boundary(i))
            .unwrap_or(0);
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// A token of ours is 64 hex digits; anything of 32 or more hex digits is
/// taken for one (a key pasted into a path by mistake too).
fn looks_secret(s: &str) -> bool {
    s.len() >= 32 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A database address without its password (`postgres://user:pw@host` →
/// `postgres://user:[redacted]@host`).
pub fn shown_database(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((userinfo, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:{REDACTED}@{host}"),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(s: &str) -> String {
        shown_uri(&s.parse().unwrap())
    }

    #[test]
    fn keys_and_tokens_are_never_shown() {
        let key = "ab".repeat(32);
        assert_eq!(shown(&format!("/score?key={key}")), "/score?key=[redacted]");
        assert_eq!(shown("/setup?token=x"), "/setup?token=[redacted]");
        assert_eq!(
            shown(&format!("/api/scorekeeper?game=2&key={key}&x=1")),
            "/api/scorekeeper?game=2&key=[redacted]&x=1"
        );
        assert_eq!(
            shown(&format!("/t/{key}/standings?other={key}")),
            "/t/[redacted]/standings?other=[redacted]"
        );
        assert_eq!(
            shown("/api/tournaments/12/rounds/1/tables/2/games/3"),
            "/api/tournaments/12/rounds/1/tables/2/games/3"
        );
        assert_eq!(
            shown("/login?next=/director/t/1"),
            "/login?next=/director/t/1"
        );
    }

    #[test]
    fn long_paths_are_cut() {
        let long = format!("/{}", "%C3%A9".repeat(100));
        let s = shown(&long);
        assert!(s.len() <= MAX_SHOWN + '…'.len_utf8(), "{}", s.len());
        assert!(s.ends_with('…'));
    }

    #[test]
    fn database_passwords_are_never_shown() {
        assert_eq!(
            shown_database("postgres://jongg:s3cret@db:5432/jongg"),
            "postgres://jongg:[redacted]@db:5432/jongg"
        );
        assert_eq!(
            shown_database("postgres://postgres@127.0.0.1/test"),
            "postgres://postgres@127.0.0.1/test"
        );
        assert_eq!(
            shown_database("sqlite://data/jongg.sqlite"),
            "sqlite://data/jongg.sqlite"
        );
    }
}
