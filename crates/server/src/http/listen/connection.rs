//! One admitted connection (issue 19.3): served by hyper, and watched. Its
//! [`Activity`] hears of every byte moved, of each request begun and each
//! answer sent; from them a single deadline: the head's (header timeout),
//! or the idle one. A request's body has its own deadline ([`Timed`]).
//! No request wakes the watch: it looks when a deadline may have passed.

use super::{InForce, Ticket};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};

/// One connection, served until it ends, its deadline passes, or the
/// server stops (then it finishes the request under way).
pub(super) async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    limits: InForce,
    ticket: Ticket,
    mut stopping: watch::Receiver<()>,
) {
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched {
        io: stream,
        activity: activity.clone(),
        _ticket: ticket,
    });
    let seen = activity.clone();
    let service = hyper::service::service_fn(move |req| {
        answer(app.clone(), req, peer, seen.clone(), limits.body_timeout)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    // The head's timeout is ours (below): hyper's would also cut a
    // keep-alive connection idle for less than the idle timeout.
    http.header_read_timeout(None);
    // With upgrades: a live table's WebSocket (`api/play.rs`) takes the
    // socket over, and its ticket with it (it counts until it closes).
    let conn = http.serve_connection(io, service).with_upgrades();
    let mut conn = std::pin::pin!(conn);
    let mut draining = false;
    loop {
        let (_, look) = activity.deadline(&limits);
        tokio::select! {
            served = conn.as_mut() => {
                if let Err(e) = served {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
                break;
            }
            () = tokio::time::sleep_until(look) => {
                if activity.deadline(&limits).0 <= Instant::now() {
                    tracing::debug!(%peer, "closed a slow or idle connection");
                    break;
                }
            }
            _ = stopping.changed(), if !draining => {
                draining = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// One request: the peer's address for the handlers, a deadline on its
/// body, and the connection told when its answer has been sent.
async fn answer(
    mut app: Router,
    req: Request<Incoming>,
    peer: SocketAddr,
    activity: Arc<Activity>,
    body_timeout: Duration,
) -> Result<Response<Tracked>, Infallible> {
    activity.begin();
    let (mut parts, body) = req.into_parts();
    parts.extensions.insert(ConnectInfo(peer));
    let body = Body::new(Timed {
        body,
        until: Instant::now() + body_timeout,
        sleep: None,
        activity: activity.clone(),
    });
    let res = match tower_service::Service::call(&mut app, Request::from_parts(parts, body)).await {
        Ok(res) => res,
        Err(never) => match never {},
    };
    let res = if activity.body_late.load(Relaxed) {
        late_body(body_timeout)
    } else {
        res
    };
    Ok(res.map(|body| Tracked { body, activity }))
}

/// The answer to a body that did not arrive in time, whatever the handler
/// made of the error: the connection is closed after it.
fn late_body(limit: Duration) -> Response<Body> {
    let text = format!(
        "The request's body did not arrive within {} seconds. Please send it again.\n",
        limit.as_secs_f64()
    );
    let mut res = Response::new(Body::from(text));
    *res.status_mut() = StatusCode::REQUEST_TIMEOUT;
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}

const NONE: u64 = u64::MAX;

/// What a connection is doing, in milliseconds since it was accepted.
#[derive(Debug)]
struct Activity {
    born: Instant,
    last_io: AtomicU64,
    /// When the head of the next request began (NONE: no request is coming).
    head_since: AtomicU64,
    busy: AtomicBool,
    body_late: AtomicBool,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            born: Instant::now(),
            last_io: AtomicU64::new(0),
            // A new connection owes its first request's head.
            head_since: AtomicU64::new(0),
            busy: AtomicBool::new(false),
            body_late: AtomicBool::new(false),
        }
    }

    fn now(&self) -> u64 {
        self.born.elapsed().as_millis() as u64
    }

    fn at(&self, ms: u64) -> Instant {
        self.born + Duration::from_millis(ms)
    }

    /// When the connection is due to be closed, and when to look again. An
    /// idle connection is looked at every half header timeout: a request
    /// begun meanwhile must have its head in time (within 1.5 header
    /// timeouts), and no request pays for waking the watch.
    fn deadline(&self, limits: &InForce) -> (Instant, Instant) {
        let head = self.head_since.load(Relaxed);
        let idle = self.at(self.last_io.load(Relaxed)) + limits.idle_timeout;
        if self.busy.load(Relaxed) {
            return (idle, idle);
        }
        if head != NONE {
            let due = self.at(head) + limits.header_timeout;
            return (due, due);
        }
        (idle, idle.min(Instant::now() + limits.header_timeout / 2))
    }

    fn read(&self, n: usize) {
        if n == 0 {
            return;
        }
        let now = self.now();
        self.last_io.store(now, Relaxed);
        if !self.busy.load(Relaxed) && self.head_since.load(Relaxed) == NONE {
            self.head_since.store(now, Relaxed);
        }
    }

    fn wrote(&self) {
        self.last_io.store(self.now(), Relaxed);
    }

    fn begin(&self) {
        self.busy.store(true, Relaxed);
        self.head_since.store(NONE, Relaxed);
        self.body_late.store(false, Relaxed);
        self.last_io.store(self.now(), Relaxed);
    }

    fn end(&self) {
        if self.busy.swap(false, Relaxed) {
            self.last_io.store(self.now(), Relaxed);
        }
    }
}

/// The socket, telling the connection's [`Activity`] of every byte moved;
/// its admission ticket is given back when it closes.
struct Watched {
    io: TcpStream,
    activity: Arc<Activity>,
    _ticket: Ticket,
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.io).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            this.activity.read(buf.filled().len() - before);
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, b: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let wrote = Pin::new(&mut this.io).poll_write(cx, b);
        if let Poll::Ready(Ok(n)) = wrote
            && n > 0
        {
            this.activity.wrote();
        }
        wrote
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let wrote = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = wrote
            && n > 0
        {
            this.activity.wrote();
        }
        wrote
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

/// A request's body that must arrive before `until`.
struct Timed {
    body: Incoming,
    until: Instant,
    sleep: Option<Pin<Box<Sleep>>>,
    activity: Arc<Activity>,
}

impl hyper::body::Body for Timed {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(io::Error::other)));
        }
        // Made only when a body is waited for (most requests have none).
        let until = this.until;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(until)));
        if sleep.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        this.activity.body_late.store(true, Relaxed);
        let late = io::Error::new(
            io::ErrorKind::TimedOut,
            "the request's body came too slowly",
        );
        Poll::Ready(Some(Err(late)))
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// An answer's body: when it is sent (or dropped), the request is over.
struct Tracked {
    body: Body,
    activity: Arc<Activity>,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let frame = Pin::new(&mut this.body).poll_frame(cx);
        if let Poll::Ready(None) = frame {
            this.activity.end();
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.activity.end();
    }
}
