//! The hall: can the phones reach this server? `jongg serve` on a laptop
//! listens on 127.0.0.1 and prints links to it, which no phone can open.
//! This finds the laptop's addresses in the hall and says, in the first
//! lines `jongg serve` prints, how to start it so phones can; the director's
//! pages and every printed table card warn while the public address is a
//! loopback one.

use std::net::{IpAddr, SocketAddr};

/// An address of one of this machine's network interfaces that another
/// machine on its network could reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallAddress {
    /// The interface's name (`wlan0`, `en0`, `Wi-Fi`).
    pub interface: String,
    pub ip: IpAddr,
}

/// This machine's addresses in the hall: every interface's address but
/// loopback ones and link-local ones (169.254.x.x, fe80::, which a phone
/// can only reach with a zone in the address). Private IPv4 addresses (the
/// hall's Wi-Fi, most likely) first, then other IPv4, then IPv6. Empty when
/// the machine has no network or the interfaces cannot be read.
pub fn hall_addresses() -> Vec<HallAddress> {
    let found = if_addrs::get_if_addrs().unwrap_or_default();
    let mut out: Vec<HallAddress> = found
        .into_iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local() && !i.ip().is_unspecified())
        .map(|i| HallAddress {
            ip: i.ip(),
            interface: i.name,
        })
        .collect();
    out.sort_by_key(|a| rank(a.ip));
    out.dedup_by(|a, b| a.ip == b.ip);
    out
}

fn rank(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(v4) if v4.is_private() => 0,
        IpAddr::V4(_) => 1,
        IpAddr::V6(_) => 2,
    }
}

/// The host of an `http(s)://host[:port]/...` address (an IPv6 address
/// without its brackets), lower case.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    host.to_ascii_lowercase()
}

/// Whether `url` names this machine only: 127.x.x.x, ::1, `localhost` (or
/// a name under it), or 0.0.0.0, which no phone can open.
pub fn is_loopback_url(url: &str) -> bool {
    let host = host_of(url);
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    host.parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// What a printed card whose link is `url` says under its QR code when
/// that link only works on this laptop.
pub(crate) fn loopback_warning(url: &str) -> Option<String> {
    is_loopback_url(url).then(|| {
        format!(
            "No phone can open this code: its link starts with http://{}, which is \
             this laptop itself. Start jongg with the hall address it prints \
             (--bind and --public-url), then print the cards again.",
            display_host(url)
        )
    })
}

/// The host and port of `url` as written (`127.0.0.1:8080`).
fn display_host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or("")
}

/// `http://ip:port`, with brackets around an IPv6 address.
fn url_for(ip: IpAddr, port: u16) -> String {
    format!("http://{}", SocketAddr::new(ip, port))
}

/// How to run jongg again, as it was started: under `cargo run` (which
/// sets `CARGO` and the package's name for the program it runs) a fresh
/// clone has no `jongg` command yet (issue 20.16), so the advice says
/// `cargo run -p jongg --`.
pub fn program() -> &'static str {
    let cargo_run = std::env::var_os("CARGO").is_some()
        && std::env::var("CARGO_PKG_NAME").is_ok_and(|n| n == "jongg");
    if cargo_run {
        "cargo run -p jongg --"
    } else {
        "jongg"
    }
}

/// The `jongg serve` command that serves the hall at `ip`.
fn command_for(ip: IpAddr, port: u16, database: Option<&str>) -> String {
    let bind = match ip {
        IpAddr::V4(_) => format!("0.0.0.0:{port}"),
        IpAddr::V6(_) => format!("[::]:{port}"),
    };
    let database = database.map_or(String::new(), |d| format!(" --database {d}"));
    format!(
        "{} serve{database} --bind {bind} --public-url {}",
        program(),
        url_for(ip, port)
    )
}

/// How this server was started, as far as the hall is concerned.
#[derive(Debug, Clone)]
pub struct Start<'a> {
    /// The address it listens on.
    pub bound: SocketAddr,
    /// The public address its links use.
    pub url: &'a str,
    /// `--database` to repeat in a suggested command (None: the default).
    pub database: Option<&'a str>,
    /// This machine's addresses in the hall.
    pub addresses: &'a [HallAddress],
}

/// The lines `jongg serve` prints after its first: whether phones can open
/// the links it prints, and if not, the command to start it with instead.
pub fn advice(s: &Start<'_>) -> Vec<String> {
    let port = s.bound.port();
    let mut lines = Vec::new();
    let listens_everywhere = s.bound.ip().is_unspecified();
    if !is_loopback_url(s.url) {
        lines.push(format!("Phones in the hall open {}", s.url));
        if s.bound.ip().is_loopback() {
            lines.push(format!(
                "Note: jongg listens on {} only, which suits a reverse proxy on this machine; \
                 without one, start it with --bind 0.0.0.0:{port}.",
                s.bound.ip()
            ));
        }
        return lines;
    }
    if s.addresses.is_empty() {
        lines.push(format!(
            "No phone can open {}: it is this machine itself, and this machine has no \
             network address yet. Join the hall's Wi-Fi, then start jongg again to see \
             the command that lets phones in.",
            s.url
        ));
        return lines;
    }
    lines.push(if listens_everywhere {
        format!(
            "Phones can reach this machine, but the links and QR codes jongg prints say {}, \
             which no phone can open. Stop it (Ctrl-C) and start it with its address in the hall:",
            s.url
        )
    } else {
        format!(
            "No phone can open {}: it is this machine itself. For the phones, stop jongg \
             (Ctrl-C) and start it with this machine's address in the hall:",
            s.url
        )
    });
    for a in s.addresses {
        lines.push(format!(
            "  {}    ({})",
            command_for(a.ip, port, s.database),
            a.interface
        ));
    }
    if s.addresses.len() > 1 && rank(s.addresses[0].ip) == 0 {
        lines.push("(The first is most likely the hall's Wi-Fi.)".into());
    }
    lines
}

/// How this server was started: the fix for a hall address differs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Started {
    /// `jongg serve` from a terminal: a command to start it with instead.
    #[default]
    Command,
    /// `jongg` with no arguments, as a double-click starts it (issue 21.1):
    /// there is no terminal, and a start on the hall's Wi-Fi finds its
    /// address by itself.
    DoubleClick,
}

/// What the director's pages say while phones cannot open the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallNotice {
    /// The problem and what to do.
    pub text: String,
    /// The commands that fix it (none after a double-click).
    pub commands: Vec<String>,
    /// How to stop the server that runs now.
    pub how_to_stop: &'static str,
}

/// What the director's pages say while the public address is a loopback
/// one (None otherwise): the problem, and the way to fix it.
pub(crate) fn page_notice(
    url: &str,
    database: Option<&str>,
    addresses: &[HallAddress],
    started: Started,
) -> Option<HallNotice> {
    if !is_loopback_url(url) {
        return None;
    }
    let port = url_port(url);
    if started == Started::DoubleClick {
        return Some(HallNotice {
            text: format!(
                "Phones cannot open this server: its address is {}, which is this laptop \
                 itself, so the QR codes on printed table cards will not work. Join the hall's \
                 Wi-Fi, then stop jongg and double-click it again: it will serve on the \
                 laptop's address in the hall.",
                display_host(url)
            ),
            commands: Vec::new(),
            how_to_stop: "\"Stop jongg\" is on the director's page. Printed table cards show \
                 the same warning until it is fixed.",
        });
    }
    let text = format!(
        "Phones cannot open this server: its address is {}, which is this laptop \
         itself, so the QR codes on printed table cards will not work. Stop jongg and \
         start it with the laptop's address in the hall:",
        display_host(url)
    );
    let mut commands: Vec<String> = addresses
        .iter()
        .map(|a| command_for(a.ip, port, database))
        .collect();
    if commands.is_empty() {
        commands.push(format!(
            "(join the hall's Wi-Fi first) {} serve --bind 0.0.0.0:{port} --public-url http://<the laptop's address>:{port}",
            program()
        ));
    }
    Some(HallNotice {
        text,
        commands,
        how_to_stop: "On the laptop, in the window where jongg runs: Ctrl-C stops it. \
             Printed table cards show the same warning until it is fixed.",
    })
}

/// The port of an http(s) address (80 or 443 when none is written).
fn url_port(url: &str) -> u16 {
    let authority = display_host(url);
    let after_host = match authority.strip_prefix('[') {
        Some(v6) => v6.split_once(']').map_or("", |(_, p)| p),
        None => authority.split_once(':').map_or("", |(_, p)| p),
    };
    match after_host.trim_start_matches(':').parse() {
        Ok(p) => p,
        Err(_) if url.starts_with("https://") => 443,
        Err(_) => 80,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wifi() -> Vec<HallAddress> {
        vec![
            HallAddress {
                interface: "wlan0".into(),
                ip: "192.168.1.23".parse().unwrap(),
            },
            HallAddress {
                interface: "wlan0".into(),
                ip: "2001:db8::23".parse().unwrap(),
            },
        ]
    }

    #[test]
    fn loopback_addresses_are_told_from_hall_addresses() {
        for url in [
            "http://127.0.0.1:8080",
            "http://127.1.2.3/x",
            "http://localhost:8080/score?key=1",
            "https://jongg.localhost",
            "http://[::1]:8080",
            "http://0.0.0.0:8080",
            "HTTP://LOCALHOST",
        ] {
            assert!(is_loopback_url(url), "{url}");
        }
        for url in [
            "http://192.168.1.23:8080",
            "https://jongg.example.org",
            "http://[2001:db8::1]:8080/score",
            "http://10.0.0.2",
            "http://localhost.example.org",
            "http://user@192.168.1.2:80",
        ] {
            assert!(!is_loopback_url(url), "{url}");
        }
    }

    #[test]
    fn a_card_with_a_loopback_link_warns() {
        let w = loopback_warning("http://127.0.0.1:8080/score?key=ab").unwrap();
        assert!(w.contains("http://127.0.0.1:8080,"), "{w}");
        assert!(loopback_warning("http://192.168.1.23:8080/score?key=ab").is_none());
    }

    #[test]
    fn serving_on_loopback_offers_the_command_for_each_hall_address() {
        let addresses = wifi();
        let lines = advice(&Start {
            bound: "127.0.0.1:8080".parse().unwrap(),
            url: "http://127.0.0.1:8080",
            database: None,
            addresses: &addresses,
        });
        assert!(lines[0].starts_with("No phone can open http://127.0.0.1:8080"));
        assert!(lines[1].contains(
            "jongg serve --bind 0.0.0.0:8080 --public-url http://192.168.1.23:8080    (wlan0)"
        ));
        assert!(lines[2].contains("--bind [::]:8080 --public-url http://[2001:db8::23]:8080"));
        assert_eq!(lines[3], "(The first is most likely the hall's Wi-Fi.)");
        // Another database is repeated in the command.
        let lines = advice(&Start {
            bound: "0.0.0.0:9000".parse().unwrap(),
            url: "http://127.0.0.1:9000",
            database: Some("sqlite://spring.sqlite"),
            addresses: &addresses[..1],
        });
        assert!(lines[0].starts_with("Phones can reach this machine, but"));
        assert_eq!(
            lines[1].trim(),
            "jongg serve --database sqlite://spring.sqlite --bind 0.0.0.0:9000 --public-url http://192.168.1.23:9000    (wlan0)"
        );
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn serving_the_hall_says_where_phones_go() {
        let lines = advice(&Start {
            bound: "0.0.0.0:8080".parse().unwrap(),
            url: "http://192.168.1.23:8080",
            database: None,
            addresses: &wifi(),
        });
        assert_eq!(
            lines,
            vec!["Phones in the hall open http://192.168.1.23:8080"]
        );
        let behind_proxy = advice(&Start {
            bound: "127.0.0.1:8080".parse().unwrap(),
            url: "https://jongg.example.org",
            database: None,
            addresses: &[],
        });
        assert!(behind_proxy[1].contains("reverse proxy"));
    }

    #[test]
    fn no_network_says_to_join_the_wifi() {
        let lines = advice(&Start {
            bound: "127.0.0.1:8080".parse().unwrap(),
            url: "http://127.0.0.1:8080",
            database: None,
            addresses: &[],
        });
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains("Join the hall's Wi-Fi"));
    }

    #[test]
    fn the_page_notice_names_the_fix() {
        let notice = |url, db, a: &[HallAddress]| page_notice(url, db, a, Started::Command);
        let n = notice("http://127.0.0.1:8080", None, &wifi()).unwrap();
        assert!(n.text.contains("127.0.0.1:8080"));
        assert_eq!(
            n.commands[0],
            "jongg serve --bind 0.0.0.0:8080 --public-url http://192.168.1.23:8080"
        );
        assert!(n.how_to_stop.contains("Ctrl-C"));
        let other = notice("http://127.0.0.1:8080", Some("sqlite://x.sqlite"), &wifi()).unwrap();
        assert!(other.commands[0].starts_with("jongg serve --database sqlite://x.sqlite --bind"));
        assert!(notice("http://192.168.1.23:8080", None, &wifi()).is_none());
        let none = notice("http://localhost", None, &[]).unwrap();
        assert!(none.commands[0].contains("--bind 0.0.0.0:80 "));
        assert_eq!(url_port("http://[::1]:9000/x"), 9000);
        assert_eq!(url_port("https://localhost"), 443);
    }

    #[test]
    fn after_a_double_click_the_notice_says_to_join_the_wifi_and_start_again_without_a_terminal() {
        let n = page_notice("http://127.0.0.1:8080", None, &[], Started::DoubleClick).unwrap();
        assert!(n.text.contains("Join the hall's Wi-Fi"), "{}", n.text);
        assert!(n.text.contains("double-click it again"), "{}", n.text);
        assert!(
            n.commands.is_empty(),
            "no command for a director without a terminal"
        );
        assert!(!n.how_to_stop.contains("Ctrl-C"));
        assert!(n.how_to_stop.contains("Stop jongg"));
        let hall = "http://192.168.1.23:8080";
        assert!(page_notice(hall, None, &wifi(), Started::DoubleClick).is_none());
    }

    #[test]
    fn this_machines_addresses_are_never_loopback_or_link_local() {
        for a in hall_addresses() {
            assert!(!a.ip.is_loopback(), "{a:?}");
            assert!(!is_loopback_url(&url_for(a.ip, 8080)), "{a:?}");
        }
    }
}
