//! The accept loop (issue 19.3). `axum::serve` has no timeouts and no
//! bound on connections: 1,100 silent sockets held every file the process
//! could open, and the server answered no one. Here each connection is
//! admitted against a total and a per-address bound (beyond them a polite
//! 503, then close), and watched: a request's head must arrive within the
//! header timeout, its body within the body timeout, and a connection with
//! nothing under way, or one that moves no byte, is closed after the idle
//! timeout.
//!
//! Room for the director: the last connections of the total are kept for
//! this machine, a connection whose two ends have one address (the laptop's
//! own browser, through 127.0.0.1 or its hall address). A hall full of
//! phones, or someone hogging connections, never locks the director out.

mod connection;

use axum::Router;
use connection::connection;
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

/// How `jongg serve` bounds connections (its flags; defaults for a hall).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From the connection (or the first byte after an idle spell) to the
    /// end of a request's head.
    pub header_timeout: Duration,
    /// From the end of a request's head to the end of its body.
    pub body_timeout: Duration,
    /// A connection with no request under way, or one that moves no byte.
    pub idle_timeout: Duration,
    /// Connections open at once (None: from the open-file limit).
    pub max_connections: Option<usize>,
    /// Connections from one address (an IPv6 /64): a hall's phones behind
    /// one public address share it.
    pub per_address: usize,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            max_connections: None,
            per_address: 512,
        }
    }
}

/// The bounds in force, once the open-file limit is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InForce {
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    pub idle_timeout: Duration,
    /// Connections open at once, this machine's included.
    pub total: usize,
    /// The last of them, kept for this machine.
    pub reserve: usize,
    pub per_address: usize,
    /// Subscribers of the live feed at once (half the connections: the
    /// other half answer pages and commands).
    pub live: usize,
    /// The open-file limit they were drawn from.
    pub open_files: u64,
}

/// Refusals answered at once (each holds a file for a moment); beyond them
/// a connection is closed unanswered. Counted in the files kept aside.
const REFUSING: usize = 64;

/// What the open-file limit assumed where it cannot be read.
const ASSUMED_FILES: u64 = 1024;

impl ConnectionLimits {
    /// The bounds under an open-file limit: the database, the log, the
    /// runtime and the refusals keep 128 files and one in sixteen.
    pub fn in_force(&self, open_files: Option<u64>) -> InForce {
        let files = open_files.unwrap_or(ASSUMED_FILES);
        let spare = files.saturating_sub(128 + files / 16).min(100_000) as usize;
        let total = self.max_connections.unwrap_or(spare).max(2);
        let reserve = (total / 32).clamp(1, 64);
        InForce {
            header_timeout: self.header_timeout,
            body_timeout: self.body_timeout,
            idle_timeout: self.idle_timeout,
            total,
            reserve,
            per_address: self.per_address.clamp(1, total - reserve),
            live: (total / 2).max(1),
            open_files: files,
        }
    }
}

/// The open-file soft limit of this process (None where there is none).
pub fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rlimit::getrlimit(rlimit::Resource::NOFILE)
            .ok()
            .map(|(soft, _)| soft)
    }
    #[cfg(not(unix))]
    None
}

/// Raises the open-file soft limit to the hard one: the limit in force.
pub fn raise_open_file_limit() -> io::Result<Option<u64>> {
    #[cfg(unix)]
    {
        rlimit::increase_nofile_limit(u64::MAX).map(Some)
    }
    #[cfg(not(unix))]
    Ok(None)
}

/// Serves `app` on `listener` until `stop`, then finishes the requests under way.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: InForce,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let gate = Arc::new(Gate {
        limits,
        open: Mutex::default(),
        refused: AtomicU64::new(0),
    });
    let refusing = Arc::new(Semaphore::new(REFUSING));
    let (stopping, watching) = watch::channel(());
    let mut stop = std::pin::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
        };
        let own = stream
            .local_addr()
            .is_ok_and(|local| local.ip().to_canonical() == peer.ip().to_canonical());
        match gate.admit(peer.ip(), own) {
            Ok(ticket) => {
                let app = app.clone();
                tokio::spawn(connection(
                    stream,
                    peer,
                    app,
                    limits,
                    ticket,
                    watching.clone(),
                ));
            }
            Err(why) => {
                gate.note_refusal(peer, why);
                // Beyond the refusals under way, closed unanswered.
                if let Ok(slot) = refusing.clone().try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse(stream, why).await;
                        drop(slot);
                    });
                }
            }
        }
    }
    drop(listener);
    drop(watching);
    stopping.send_replace(());
    // Every connection holds a receiver until it has finished.
    stopping.closed().await;
    Ok(())
}

/// An accept that failed: the peer gave up (go on), or the process is out of
/// files (wait a moment, or the loop would spin).
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::warn!(error = %e, "cannot accept a connection (will retry)");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

#[derive(Debug)]
struct Gate {
    limits: InForce,
    open: Mutex<Open>,
    refused: AtomicU64,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

#[derive(Debug, Clone, Copy)]
enum Refusal {
    Busy,
    FromYourAddress,
}

impl Refusal {
    fn sentence(self) -> &'static str {
        match self {
            Refusal::Busy => {
                "The server is busy: too many connections are open. Please try again in a moment.\n"
            }
            Refusal::FromYourAddress => {
                "Too many connections are open from your address. Please try again in a moment.\n"
            }
        }
    }
}

/// A connection admitted: it counts until dropped.
#[derive(Debug)]
struct Ticket {
    gate: Arc<Gate>,
    address: IpAddr,
}

impl Gate {
    fn admit(self: &Arc<Gate>, peer: IpAddr, own: bool) -> Result<Ticket, Refusal> {
        let address = address_of(peer);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let cap = if own {
            self.limits.total
        } else {
            self.limits.total - self.limits.reserve
        };
        if open.total >= cap {
            return Err(Refusal::Busy);
        }
        let from = open.per_address.entry(address).or_default();
        // This machine is the director's (or a proxy's, which bounds its own).
        if !own && *from >= self.limits.per_address {
            return Err(Refusal::FromYourAddress);
        }
        *from += 1;
        open.total += 1;
        Ok(Ticket {
            gate: self.clone(),
            address,
        })
    }

    /// Logged on the first refusal and every thousandth: an attack writes no flood.
    fn note_refusal(&self, peer: SocketAddr, why: Refusal) {
        let n = self.refused.fetch_add(1, Relaxed);
        if n.is_multiple_of(1000) {
            let total = self.limits.total;
            tracing::warn!(%peer, ?why, refused = n + 1, total, "refused a connection: too many open");
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.gate.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total -= 1;
        if let Some(n) = open.per_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.per_address.remove(&self.address);
            }
        }
    }
}

/// An address as counted: IPv4 as is, IPv6 by its /64 (one home, one phone).
fn address_of(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// How long a refusal waits to write its answer, then to read what is still
/// coming (closing with unread bytes would reset the answer away).
const LINGER: Duration = Duration::from_millis(250);

async fn refuse(mut stream: TcpStream, why: Refusal) {
    let mut sink = [0u8; 4096];
    for _ in 0..16 {
        match stream.try_read(&mut sink) {
            Ok(n) if n > 0 => {}
            _ => break,
        }
    }
    let text = why.sentence();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{text}",
        text.len()
    );
    let written = tokio::time::timeout(LINGER, async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
    if !matches!(written, Ok(Ok(()))) {
        return;
    }
    let _ = tokio::time::timeout(LINGER, async {
        let mut read = 0;
        while read < 64 << 10 {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_come_from_the_open_file_limit_with_room_kept() {
        let l = ConnectionLimits::default();
        let hall = l.in_force(Some(1024));
        assert_eq!(
            (hall.total, hall.reserve, hall.per_address, hall.live),
            (832, 26, 512, 416)
        );
        let big = l.in_force(Some(20_000));
        assert_eq!((big.total, big.reserve, big.per_address), (18_622, 64, 512));
        // Unlimited files: a bound all the same.
        assert_eq!(l.in_force(Some(u64::MAX)).total, 100_000);
        // A tiny limit, or a tiny --max-connections, still leaves one for others.
        let tiny = l.in_force(Some(10));
        assert_eq!((tiny.total, tiny.reserve, tiny.per_address), (2, 1, 1));
        let given = ConnectionLimits {
            max_connections: Some(8),
            ..l
        }
        .in_force(Some(1024));
        assert_eq!(
            (given.total, given.reserve, given.per_address, given.live),
            (8, 1, 7, 4)
        );
    }

    #[test]
    fn an_ipv6_address_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_of(a), address_of(b));
        assert_ne!(address_of(a), address_of(c));
        let mapped: IpAddr = "::ffff:192.168.1.7".parse().unwrap();
        assert_eq!(address_of(mapped), "192.168.1.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_full_gate_keeps_its_reserve_for_this_machine_and_frees_on_drop() {
        let gate = Arc::new(Gate {
            limits: ConnectionLimits {
                max_connections: Some(4),
                per_address: 2,
                ..ConnectionLimits::default()
            }
            .in_force(None),
            open: Mutex::default(),
            refused: AtomicU64::new(0),
        });
        let (x, y): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let a = gate.admit(x, false).unwrap();
        let _b = gate.admit(x, false).unwrap();
        assert!(matches!(
            gate.admit(x, false),
            Err(Refusal::FromYourAddress)
        ));
        let _c = gate.admit(y, false).unwrap();
        assert!(matches!(gate.admit(y, false), Err(Refusal::Busy)));
        let own: IpAddr = "127.0.0.1".parse().unwrap();
        let d = gate.admit(own, true).unwrap();
        assert!(matches!(gate.admit(own, true), Err(Refusal::Busy)));
        // This machine's connections count in the total too.
        drop(a);
        assert!(matches!(gate.admit(x, false), Err(Refusal::Busy)));
        drop(d);
        assert!(gate.admit(x, false).is_ok());
    }
}
