//! `jongg` with no arguments, as a double-click starts it (issue 21.1):
//! from an empty home folder and another working folder, with the browser
//! kept closed (`JONGG_NO_BROWSER`), the lines saying what it would open.

use jongg_server::client::Client;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const PASSWORD: &str = "a long enough password";

/// An empty home folder and an empty working folder elsewhere.
fn folders(name: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("jongg-start-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (home, cwd) = (root.join("home"), root.join("elsewhere"));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&cwd).unwrap();
    (home, cwd)
}

/// A port free at this moment, to try first (8080 may be another's).
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// A started jongg, ended when the test ends (even by a failure).
struct Started(Child);

impl std::ops::Deref for Started {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Started {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `jongg` with no arguments, as from a double-click.
fn start(home: &Path, cwd: &Path, port: u16) -> (Started, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .current_dir(cwd)
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env("JONGG_NO_BROWSER", "1")
        .env("JONGG_PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot run jongg");
    let (tx, rx) = channel();
    let out = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (Started(child), rx)
}

/// The lines printed until one starts with `start` (all of them, and that
/// line's rest); fails after 30 s.
fn until(lines: &Receiver<String>, start: &str) -> (Vec<String>, String) {
    let mut seen = Vec::new();
    let end = Instant::now() + Duration::from_secs(30);
    while let Ok(line) = lines.recv_timeout(end.saturating_duration_since(Instant::now())) {
        if let Some(rest) = line.strip_prefix(start) {
            let rest = rest.to_string();
            seen.push(line);
            return (seen, rest);
        }
        seen.push(line);
    }
    panic!("no line starting `{start}` in: {seen:#?}");
}

/// The exit status, within 30 s.
fn exits(child: &mut Child) -> ExitStatus {
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("jongg did not end within 30 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `host:port` of an `http://host:port...` address.
fn addr_of(url: &str) -> SocketAddr {
    let rest = url.strip_prefix("http://").unwrap();
    rest.split('/').next().unwrap().parse().unwrap()
}

fn data_folder(home: &Path) -> PathBuf {
    home.join(".local/share/jongg")
}

#[cfg(target_os = "linux")]
#[test]
fn a_double_click_serves_the_data_folder_a_second_opens_the_first_and_the_page_stops_it() {
    let (home, cwd) = folders("click");
    let (mut first, lines) = start(&home, &cwd, free_port());
    let (_, url) = until(&lines, "jongg is serving at ");
    let url = url.split(" (").next().unwrap().to_string();
    let (_, setup) = until(&lines, "Set the director password: ");
    let (_, opened) = until(
        &lines,
        "Not opening a browser (JONGG_NO_BROWSER is set): open ",
    );
    assert_eq!(opened, setup, "the first time, the setup page opens");
    assert!(setup.starts_with(&format!("{url}/setup?token=")), "{setup}");

    // The data lands in the data folder, not the working folder.
    let data = data_folder(&home);
    for file in ["jongg.sqlite", "jongg.log", "running.json"] {
        assert!(data.join(file).is_file(), "no {file} in {}", data.display());
    }
    assert_eq!(
        std::fs::read_dir(&cwd).unwrap().count(),
        0,
        "the working folder stays empty"
    );
    let running: Value =
        serde_json::from_str(&std::fs::read_to_string(data.join("running.json")).unwrap()).unwrap();
    assert_eq!(running["url"], url.as_str());
    assert_eq!(running["pid"], first.id());

    // The server answers.
    let addr = addr_of(&url);
    let server = Client::new(addr).get("/api/server").unwrap();
    assert_eq!(server.status, 200);
    assert_eq!(server.json()["name"], "jongg");
    assert_eq!(server.json()["instance"], running["instance"]);

    // A second start finds the first, opens its page, and ends at once.
    let (mut second, second_lines) = start(&home, &cwd, free_port());
    let (_, found) = until(&second_lines, "jongg is already running at ");
    assert_eq!(found, format!("{url}: opening its page."));
    let (_, opened) = until(
        &second_lines,
        "Not opening a browser (JONGG_NO_BROWSER is set): open ",
    );
    assert_eq!(opened, format!("{url}/director"));
    assert!(exits(&mut second).success());
    assert!(first.try_wait().unwrap().is_none(), "the first still runs");

    // Issue 34.8: a `running.json` naming another address (anyone who can
    // write the folder can write it) is not opened: jongg's own loopback
    // address is.
    let mut forged = running.clone();
    forged["url"] = json!("javascript:alert(1)");
    std::fs::write(data.join("running.json"), forged.to_string()).unwrap();
    let (mut third, third_lines) = start(&home, &cwd, free_port());
    let (_, opened) = until(
        &third_lines,
        "Not opening a browser (JONGG_NO_BROWSER is set): open ",
    );
    let loopback = if running["ipv6"] == true {
        "[::1]"
    } else {
        "127.0.0.1"
    };
    assert_eq!(
        opened,
        format!("http://{loopback}:{}/director", running["port"])
    );
    assert!(exits(&mut third).success());
    std::fs::write(data.join("running.json"), running.to_string()).unwrap();

    // The director sets the password, logs in, and stops jongg.
    let token = setup.split("token=").nth(1).unwrap();
    let session = Client::director_token(addr, token, PASSWORD);
    let stop = Client::with_token(addr, &session)
        .post("/api/stop", &json!({}))
        .unwrap();
    assert_eq!(stop.status, 202, "{}", stop.text());
    assert_eq!(stop.json(), json!({ "stopping": true }));
    // The stopped page, as the browser fetches it after the form.
    let page = Client::with_token(addr, &session)
        .get("/director/stopped")
        .unwrap();
    assert!(page.text().contains("jongg has stopped"), "{}", page.text());
    assert!(
        exits(&mut first).success(),
        "the stop ends the program well"
    );
    let (said, _) = until(&lines, "jongg has stopped.");
    assert!(!said.is_empty());
    assert!(
        !data.join("running.json").exists(),
        "a clean stop leaves no address behind"
    );
    assert!(
        Client::new(addr).get("/api/server").is_err(),
        "nobody answers any more"
    );

    // Started again, it serves the same data: the password is set, so the
    // director's page opens (no setup link).
    let (again, lines) = start(&home, &cwd, free_port());
    let (said, url) = until(&lines, "jongg is serving at ");
    let url = url.split(" (").next().unwrap().to_string();
    let (said_more, opened) = until(
        &lines,
        "Not opening a browser (JONGG_NO_BROWSER is set): open ",
    );
    assert_eq!(opened, format!("{url}/director"));
    assert!(
        !said
            .iter()
            .chain(&said_more)
            .any(|l| l.contains("/setup?token=")),
        "{said:#?}"
    );
    // A forgotten password, from a terminal in any folder: the
    // double-clicked jongg's data and address are found.
    let reset = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(["director", "reset-password"])
        .current_dir(&cwd)
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&reset.stdout);
    assert!(reset.status.success(), "{said}");
    assert!(said.contains("the username was `director`"), "{said}");
    assert!(
        said.contains(&format!("one-time link: {url}/setup?token=")),
        "{said}"
    );
    assert_eq!(
        std::fs::read_dir(&cwd).unwrap().count(),
        0,
        "nothing made here"
    );
    drop(again);
    let _ = std::fs::remove_dir_all(home.parent().unwrap());
}

#[cfg(target_os = "linux")]
#[test]
fn after_a_crash_the_next_start_serves_and_ignores_the_old_address() {
    let (home, cwd) = folders("crash");
    let data = data_folder(&home);
    std::fs::create_dir_all(&data).unwrap();
    // An address left by a crash: a port where nobody answers.
    let stale = json!({ "url": "http://127.0.0.1:9", "port": 9, "ipv6": false,
        "pid": 1, "instance": "gone" });
    std::fs::write(data.join("running.json"), stale.to_string()).unwrap();
    let (mut first, lines) = start(&home, &cwd, free_port());
    let (_, url) = until(&lines, "jongg is serving at ");
    let url = url.split(" (").next().unwrap().to_string();
    let running: Value =
        serde_json::from_str(&std::fs::read_to_string(data.join("running.json")).unwrap()).unwrap();
    assert_eq!(running["url"], url.as_str(), "written anew");
    // A crash: killed, with no chance to tidy up.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(data.join("running.json").exists());
    let (next, lines) = start(&home, &cwd, free_port());
    let (_, url) = until(&lines, "jongg is serving at ");
    let url = url.split(" (").next().unwrap().to_string();
    let server = Client::new(addr_of(&url)).get("/api/server").unwrap();
    assert_eq!(server.json()["name"], "jongg");
    drop(next);
    let _ = std::fs::remove_dir_all(home.parent().unwrap());
}

#[test]
fn a_port_taken_by_another_program_is_left_to_it() {
    let (home, cwd) = folders("port");
    let taken = std::net::TcpListener::bind("0.0.0.0:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let (child, lines) = start(&home, &cwd, port);
    let (_, url) = until(&lines, "jongg is serving at ");
    let (_, note) = until(&lines, "(Port ");
    assert!(
        note.starts_with(&format!("{port} is taken by another program")),
        "{note}"
    );
    assert!(!url.contains(&format!(":{port} ")), "{url}");
    drop(child);
    drop(taken);
    let _ = std::fs::remove_dir_all(home.parent().unwrap());
}

#[cfg(target_os = "linux")]
#[test]
fn the_systems_request_to_end_stops_it_cleanly() {
    let (home, cwd) = folders("term");
    let (mut child, lines) = start(&home, &cwd, free_port());
    until(&lines, "To stop jongg: ");
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    assert!(exits(&mut child).success());
    until(&lines, "jongg has stopped.");
    assert!(!data_folder(&home).join("running.json").exists());
    let _ = std::fs::remove_dir_all(home.parent().unwrap());
}
