//! `jongg serve`'s first lines in a hall, and `jongg director
//! reset-password` (issue 13) against a running `jongg serve` on a
//! temporary SQLite file: the reset logs the director out, the old setup
//! link says it was used, and the new link sets a new password.

use jongg_server::client::Client;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Output, Stdio};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("cannot run jongg")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jongg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A `jongg serve` this test started: stopped when dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
    /// What it printed before the setup link.
    first_lines: Vec<String>,
    setup_token: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &str) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(["serve", "--database", db, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .stdin(Stdio::null())
        .spawn()
        .expect("cannot start jongg serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut first_lines = Vec::new();
    let setup_token = loop {
        let line = lines.next().expect("no setup link").unwrap();
        if let Some(link) = line.strip_prefix("Set the director password: ") {
            break link.rsplit_once("token=").unwrap().1.to_string();
        }
        first_lines.push(line);
    };
    std::thread::spawn(move || for _ in lines {});
    let url = first_lines[0]
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .to_string();
    Served {
        child,
        addr: url.trim_start_matches("http://").parse().unwrap(),
        first_lines,
        setup_token,
    }
}

#[test]
fn serve_on_loopback_says_no_phone_can_open_it_first() {
    let dir = temp_dir("hall-lines");
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let s = serve(&db);
    let port = s.addr.port();
    assert!(
        s.first_lines[0].starts_with(&format!("jongg is serving at http://127.0.0.1:{port}")),
        "{:?}",
        s.first_lines
    );
    assert!(
        s.first_lines[1].starts_with(&format!("No phone can open http://127.0.0.1:{port}")),
        "{:?}",
        s.first_lines
    );
    // Each command offered listens on every address and names itself by
    // a hall address, with this server's port and database.
    for l in &s.first_lines[2..] {
        if l.contains(" serve --database") {
            // Started by cargo (as `cargo run` would: the test runner's
            // environment), the command is one a fresh clone can run
            // (issue 20.16: `jongg` is not installed there).
            assert!(
                l.trim_start().starts_with("cargo run -p jongg -- serve"),
                "{l}"
            );
            assert!(
                l.contains(&format!("--database {db} --bind "))
                    && l.contains(&format!(":{port} --public-url http://"))
                    && !l.contains("127.0.0.1"),
                "{l}"
            );
        }
    }
}

#[test]
fn reset_password_logs_out_and_prints_a_new_one_time_link() {
    let dir = temp_dir("reset");
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let s = serve(&db);
    let mut p = Client::new(s.addr);
    let r = p
        .post(
            "/api/setup",
            &json!({ "token": s.setup_token, "password": "first password" }),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let login = p
        .post("/api/login", &json!({ "password": "first password" }))
        .unwrap()
        .json();
    let session = login["token"].as_str().unwrap().to_string();
    let mut d = Client::with_token(s.addr, &session);
    assert_eq!(d.get("/api/me").unwrap().json()["role"], "director");

    let url = format!("http://{}", s.addr);
    let out = jongg(&[
        "director",
        "reset-password",
        "--database",
        &db,
        "--public-url",
        &url,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("(the username was `director`), and 1 login session(s) ended"),
        "{said}"
    );
    // The floor officials' sessions end too, and it says so (issue 19.7).
    assert!(
        said.contains("The floor officials' login sessions ended too (0)"),
        "{said}"
    );
    let link = said
        .lines()
        .find_map(|l| l.strip_prefix("Set a new password with this one-time link: "))
        .expect(&said);
    let token = link
        .strip_prefix(&format!("{url}/setup?token="))
        .expect(link);
    assert_eq!(token.len(), 64);

    // The running server: logged out, the old password gone.
    assert_eq!(d.get("/api/me").unwrap().status, 401);
    let r = p
        .post("/api/login", &json!({ "password": "first password" }))
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.text());
    // The old link says it was used; the new one asks for the password twice.
    let old = p.get(&format!("/setup?token={}", s.setup_token)).unwrap();
    assert!(
        old.text().contains("This setup link was used"),
        "{}",
        old.text()
    );
    let new = p.get(&format!("/setup?token={token}")).unwrap().text();
    assert!(new.contains("name=\"confirm\""), "{new}");
    let r = p
        .post(
            "/api/setup",
            &json!({ "token": token, "password": "second password", "confirm": "second pasword" }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("not the same"), "{}", r.text());
    let r = p
        .post(
            "/api/setup",
            &json!({ "token": token, "password": "second password", "confirm": "second password" }),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let r = p
        .post("/api/login", &json!({ "password": "second password" }))
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn reset_password_refuses_a_database_that_is_not_there() {
    let dir = temp_dir("reset-missing");
    let file = dir.join("elsewhere/jongg.sqlite");
    let db = format!("sqlite://{}", file.display());
    let out = jongg(&["director", "reset-password", "--database", &db]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("there is no jongg database at {}", file.display())),
        "{err}"
    );
    // Nothing was created in its place.
    assert!(!file.exists() && !dir.join("elsewhere").exists());
    let out = jongg(&[
        "director",
        "reset-password",
        "--database",
        &db,
        "--public-url",
        "192.168.1.2:8080",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--public-url `192.168.1.2:8080` is not an address"));
}

#[test]
fn reset_password_before_any_password_prints_a_link_too() {
    let dir = temp_dir("reset-fresh");
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "4",
        "--rounds",
        "1",
        "--games",
        "points",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = jongg(&["director", "reset-password", "--database", &db]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("No director's password was set yet."),
        "{said}"
    );
    assert!(
        said.contains("one-time link: http://127.0.0.1:8080/setup?token="),
        "{said}"
    );
}
