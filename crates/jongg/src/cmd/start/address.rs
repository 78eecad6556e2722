//! Where a double-clicked jongg listens: on every address, with links on
//! the laptop's address in the hall when it has one (so phones can open
//! them), else on this laptop only. Port 8080 first; when another program
//! has it, the next free one (the lock in `instance.rs` has ruled out a
//! jongg of the same data folder).

use jongg_server::hall::HallAddress;
use jongg_server::{Config, Running, ServerError};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The variable naming the first port to try (tests use it).
pub const PORT_VAR: &str = "JONGG_PORT";
/// The first port tried, unless `JONGG_PORT` says another.
const DEFAULT_PORT: u16 = 8080;
/// Ports tried after the first, one after the other, before any free one.
const NEXT_PORTS: u16 = 9;

/// The first port to try: `JONGG_PORT`, or 8080.
pub fn first_port() -> u16 {
    match std::env::var(PORT_VAR) {
        Ok(v) => v.trim().parse().ok().filter(|p| *p > 0).unwrap_or_else(|| {
            tracing::warn!(value = %v, "{PORT_VAR} is not a port from 1 to 65535: using {DEFAULT_PORT}");
            DEFAULT_PORT
        }),
        Err(_) => DEFAULT_PORT,
    }
}

/// Where to listen and which address the links use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Every address (of the hall address's kind), or loopback.
    pub bind_ip: IpAddr,
    /// The laptop's address in the hall, for the links.
    pub public_ip: Option<IpAddr>,
    pub first_port: u16,
}

impl Plan {
    /// From the laptop's hall addresses, best first (`hall_addresses`):
    /// an IPv4 one is preferred, which every phone can use.
    pub fn new(hall: &[HallAddress], first_port: u16) -> Plan {
        let chosen = hall
            .iter()
            .find(|a| a.ip.is_ipv4())
            .or_else(|| hall.first());
        match chosen {
            Some(a) => Plan {
                bind_ip: match a.ip {
                    IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
                    IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
                },
                public_ip: Some(a.ip),
                first_port,
            },
            None => Plan {
                bind_ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
                public_ip: None,
                first_port,
            },
        }
    }

    /// The ports to try in order (a free one found by the system last).
    fn ports(&self) -> Vec<u16> {
        (0..=NEXT_PORTS)
            .filter_map(|i| self.first_port.checked_add(i))
            .collect()
    }

    /// The server's configuration on `port`.
    fn config(&self, database: &str, port: u16) -> Config {
        let mut config = Config::new(database, SocketAddr::new(self.bind_ip, port));
        config.public_url = self
            .public_ip
            .map(|ip| format!("http://{}", SocketAddr::new(ip, port)));
        config.started = jongg_server::hall::Started::DoubleClick;
        config
    }
}

/// Starts the server on the plan's first free port.
pub async fn start(database: &str, plan: &Plan) -> Result<Running, String> {
    for port in plan.ports() {
        match jongg_server::start(plan.config(database, port)).await {
            Ok(running) => return Ok(running),
            Err(ServerError::Bind { source, .. })
                if source.kind() == std::io::ErrorKind::AddrInUse =>
            {
                tracing::info!(port, "port taken by another program: trying the next");
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    // Every one taken: one the system finds free (known before the server
    // binds it, for the links).
    let free = std::net::TcpListener::bind(SocketAddr::new(plan.bind_ip, 0))
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("cannot find a free port: {e}"))?
        .port();
    jongg_server::start(plan.config(database, free))
        .await
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hall(ips: &[&str]) -> Vec<HallAddress> {
        ips.iter()
            .map(|ip| HallAddress {
                interface: "wlan0".into(),
                ip: ip.parse().unwrap(),
            })
            .collect()
    }

    #[test]
    fn with_a_hall_address_it_listens_everywhere_and_links_to_it() {
        let plan = Plan::new(&hall(&["2001:db8::23", "192.168.1.23"]), 8080);
        assert_eq!(plan.bind_ip, IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        assert_eq!(plan.public_ip, Some("192.168.1.23".parse().unwrap()));
        let config = plan.config("sqlite://x.sqlite", 8081);
        assert_eq!(config.bind, "0.0.0.0:8081".parse().unwrap());
        assert_eq!(
            config.public_url.as_deref(),
            Some("http://192.168.1.23:8081")
        );
        let v6 = Plan::new(&hall(&["2001:db8::23"]), 8080).config("sqlite://x.sqlite", 8080);
        assert_eq!(v6.bind, "[::]:8080".parse().unwrap());
        assert_eq!(v6.public_url.as_deref(), Some("http://[2001:db8::23]:8080"));
    }

    #[test]
    fn without_one_it_stays_on_this_laptop() {
        let plan = Plan::new(&[], 8080);
        let config = plan.config("sqlite://x.sqlite", 8080);
        assert_eq!(config.bind, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(config.public_url, None);
    }

    #[test]
    fn ports_go_up_from_the_first_and_stop_at_the_last() {
        assert_eq!(
            Plan::new(&[], 8080).ports(),
            (8080..=8089).collect::<Vec<_>>()
        );
        assert_eq!(Plan::new(&[], 65534).ports(), vec![65534, 65535]);
    }

    #[test]
    fn a_taken_port_is_skipped() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let dir = std::env::temp_dir().join(format!("jongg-address-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let database = format!("sqlite://{}", dir.join("jongg.sqlite").display());
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port();
        let plan = Plan::new(&[], port);
        let running = rt.block_on(start(&database, &plan)).unwrap();
        assert_ne!(running.addr.port(), port);
        assert_eq!(running.url, format!("http://{}", running.addr));
        rt.block_on(running.stop_and_close()).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
