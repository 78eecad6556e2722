//! One jongg per data folder, and how a second start finds the first.
//!
//! The first start holds a lock on `jongg.lock` in the data folder for as
//! long as it runs (the system lets go of it when the program ends, even
//! by a crash) and writes `running.json`: the address it serves and the
//! port to ask on this laptop. A second start cannot take the lock; it
//! reads `running.json` and trusts the address only once a jongg answers
//! `GET /api/server` there. A `running.json` left by a crash is ignored:
//! whoever holds the lock writes it anew.

use serde::{Deserialize, Serialize};
use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The lock file's name in the data folder.
const LOCK_FILE: &str = "jongg.lock";
/// The file naming the running server's address.
const RUNNING_FILE: &str = "running.json";
/// How long one question to a running jongg may take.
const ASK_TIMEOUT: Duration = Duration::from_secs(2);
/// The most bytes read of its answer.
const ANSWER_LIMIT: u64 = 64 * 1024;

/// What the running jongg wrote down about itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunningFile {
    /// The address people open (its links use it).
    pub url: String,
    /// The port it listens on, asked on this laptop's loopback address.
    pub port: u16,
    /// Whether it listens on IPv6 (then asked at `::1`).
    pub ipv6: bool,
    /// The program's process id, for a person reading the file.
    pub pid: u32,
    /// The server's own id for this run (`GET /api/server` says it).
    pub instance: String,
}

impl RunningFile {
    /// The address to open in a browser: `url` when it is jongg's own
    /// plain http address on this machine (`http://`, an IP address of
    /// this machine or `localhost`, the port it listens on, nothing after
    /// it), else the loopback address. Anyone who can write the data
    /// folder can write `running.json`, and a second start opened its
    /// `url` as it was, `javascript:` and `file:` included (issue 34.8).
    pub fn own_url(&self, this_machine: &[IpAddr]) -> String {
        let own = self.url.strip_prefix("http://").and_then(|rest| {
            let (ip, port) = match rest.parse::<SocketAddr>() {
                Ok(a) => (a.ip(), a.port()),
                Err(_) => {
                    let (host, port) = rest.rsplit_once(':')?;
                    (host == "localhost").then_some(())?;
                    (IpAddr::V4(Ipv4Addr::LOCALHOST), port.parse().ok()?)
                }
            };
            let mine = ip.is_loopback() || this_machine.contains(&ip);
            (mine && port == self.port).then(|| self.url.clone())
        });
        own.unwrap_or_else(|| format!("http://{}", self.loopback()))
    }

    /// This laptop's own address of the server, to ask it.
    fn loopback(&self) -> SocketAddr {
        let ip = if self.ipv6 {
            IpAddr::V6(Ipv6Addr::LOCALHOST)
        } else {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        };
        SocketAddr::new(ip, self.port)
    }
}

/// Who runs on this data folder.
#[derive(Debug)]
pub enum Instance {
    /// Nobody else: this start serves; the lock is held while this lives.
    First(Lock),
    /// Another jongg holds the folder.
    Second,
}

/// The held lock of the data folder (let go when dropped).
#[derive(Debug)]
pub struct Lock {
    _file: File,
    folder: PathBuf,
}

impl Lock {
    /// Writes where this jongg serves, for a second start.
    pub fn write_running(&self, running: &RunningFile) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(running).map_err(std::io::Error::other)?;
        let path = self.folder.join(RUNNING_FILE);
        let partial = self.folder.join(format!("{RUNNING_FILE}.partial"));
        std::fs::write(&partial, text + "\n")?;
        std::fs::rename(partial, path)
    }

    /// Removes the running file (a stop that ended well).
    pub fn remove_running(&self) {
        let _ = std::fs::remove_file(self.folder.join(RUNNING_FILE));
    }
}

/// Takes the data folder's lock, or says another jongg holds it.
pub fn claim(folder: &Path) -> std::io::Result<Instance> {
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(folder.join(LOCK_FILE))?;
    match file.try_lock() {
        Ok(()) => Ok(Instance::First(Lock {
            _file: file,
            folder: folder.to_path_buf(),
        })),
        Err(TryLockError::WouldBlock) => Ok(Instance::Second),
        Err(TryLockError::Error(e)) => Err(e),
    }
}

/// The running file in `folder`, if there is one that reads.
pub fn read_running(folder: &Path) -> Option<RunningFile> {
    let text = std::fs::read_to_string(folder.join(RUNNING_FILE)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Whether the jongg that `running` names answers at its address (not
/// another program, nor another jongg that took the port since).
pub fn answers(running: &RunningFile) -> bool {
    ask_server(running.loopback()).is_some_and(|v| {
        v["name"] == jongg_server::SERVER_NAME && v["instance"] == running.instance.as_str()
    })
}

/// `GET /api/server` at `addr`: its JSON answer, if it gave one with 200.
fn ask_server(addr: SocketAddr) -> Option<serde_json::Value> {
    let mut stream = TcpStream::connect_timeout(&addr, ASK_TIMEOUT).ok()?;
    stream.set_read_timeout(Some(ASK_TIMEOUT)).ok()?;
    stream.set_write_timeout(Some(ASK_TIMEOUT)).ok()?;
    write!(
        stream,
        "GET /api/server HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = Vec::new();
    stream.take(ANSWER_LIMIT).read_to_end(&mut answer).ok()?;
    json_of_ok(&answer)
}

/// The JSON body of an HTTP answer with status 200 (not chunked).
fn json_of_ok(answer: &[u8]) -> Option<serde_json::Value> {
    let text = std::str::from_utf8(answer).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.lines().next()?;
    let mut words = status.split_whitespace();
    if !words.next()?.starts_with("HTTP/1.") || words.next()? != "200" {
        return None;
    }
    serde_json::from_str(body).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("jongg-instance-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn one_start_holds_the_folder_until_it_ends() {
        let dir = folder("lock");
        let Instance::First(lock) = claim(&dir).unwrap() else {
            panic!("an empty folder is free");
        };
        assert!(matches!(claim(&dir).unwrap(), Instance::Second));
        drop(lock);
        assert!(matches!(claim(&dir).unwrap(), Instance::First(_)));
    }

    #[test]
    fn the_running_file_reads_back_and_goes() {
        let dir = folder("file");
        let Instance::First(lock) = claim(&dir).unwrap() else {
            panic!("an empty folder is free");
        };
        assert_eq!(read_running(&dir), None);
        let running = RunningFile {
            url: "http://192.168.1.23:8081".into(),
            port: 8081,
            ipv6: false,
            pid: 42,
            instance: "ab12".into(),
        };
        lock.write_running(&running).unwrap();
        assert_eq!(read_running(&dir), Some(running));
        lock.remove_running();
        assert_eq!(read_running(&dir), None);
        std::fs::write(dir.join(RUNNING_FILE), "{half a file").unwrap();
        assert_eq!(read_running(&dir), None, "a broken file is no address");
    }

    #[test]
    fn only_jonggs_own_http_address_on_this_machine_is_opened() {
        let hall: Vec<IpAddr> = vec!["192.168.1.5".parse().unwrap()];
        let file = |url: &str| RunningFile {
            url: url.into(),
            port: 8080,
            ipv6: false,
            pid: 1,
            instance: "x".into(),
        };
        for own in [
            "http://192.168.1.5:8080",
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://[::1]:8080",
        ] {
            assert_eq!(file(own).own_url(&hall), own);
        }
        for other in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "https://192.168.1.5:8080",
            "http://evil.example:8080",
            "http://10.9.9.9:8080",
            "http://192.168.1.5:9999",
            "http://192.168.1.5:8080/../x",
            "http://user@192.168.1.5:8080",
            "HTTP://192.168.1.5:8080",
            "",
        ] {
            assert_eq!(
                file(other).own_url(&hall),
                "http://127.0.0.1:8080",
                "{other}"
            );
        }
        let mut v6 = file("data:text/html,hi");
        v6.ipv6 = true;
        assert_eq!(v6.own_url(&hall), "http://[::1]:8080");
    }

    #[test]
    fn only_a_200_with_json_is_an_answer() {
        let ok = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{\"name\":\"jongg\"}";
        assert_eq!(json_of_ok(ok).unwrap()["name"], "jongg");
        assert!(json_of_ok(b"HTTP/1.1 404 Not Found\r\n\r\n{\"name\":\"jongg\"}").is_none());
        assert!(json_of_ok(b"HTTP/1.1 200 OK\r\n\r\n<html>hello</html>").is_none());
        assert!(json_of_ok(b"SSH-2.0-OpenSSH_9.6\r\n").is_none());
    }

    /// A server on a free loopback port answering each of `answers` once.
    fn answering(answers: Vec<&'static str>) -> (RunningFile, std::thread::JoinHandle<()>) {
        let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let running = RunningFile {
            url: "http://192.168.1.23:1".into(),
            port: other.local_addr().unwrap().port(),
            ipv6: false,
            pid: 1,
            instance: "ab12".into(),
        };
        let thread = std::thread::spawn(move || {
            for answer in answers {
                let (mut s, _) = other.accept().unwrap();
                // The whole request read first: closing on unread bytes
                // would reset the connection before the answer is read.
                let mut request = Vec::new();
                let mut buf = [0u8; 1024];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => request.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s.write_all(answer.as_bytes());
                let _ = s.shutdown(std::net::Shutdown::Write);
            }
        });
        (running, thread)
    }

    #[test]
    fn only_the_jongg_the_file_names_is_trusted() {
        let (running, thread) = answering(vec![
            "HTTP/1.1 200 OK\r\n\r\n{\"name\":\"printer\"}",
            "HTTP/1.1 200 OK\r\n\r\n{\"name\":\"jongg\",\"instance\":\"cd34\"}",
            "HTTP/1.1 200 OK\r\n\r\n{\"name\":\"jongg\",\"instance\":\"ab12\"}",
        ]);
        assert!(!answers(&running), "another program");
        assert!(!answers(&running), "another jongg");
        assert!(answers(&running), "the one named");
        thread.join().unwrap();
        assert!(!answers(&running), "nobody listens there now");
    }
}
