//! A tiny blocking HTTP/1.1 client over `std::net`, for the API tests, the
//! load benchmark and the CLI's tests: one keep-alive connection, JSON in
//! and out, bodies framed by `Content-Length` or chunked. It is not a general
//! client (no TLS, no redirects); it talks to our own server on loopback.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: status, headers (names lower-cased) and body.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON (`Null` if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// A connection to one server, with an optional bearer token.
#[derive(Debug)]
pub struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
    pub token: Option<String>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            conn: None,
            token: None,
        }
    }

    pub fn with_token(addr: SocketAddr, token: &str) -> Client {
        Client {
            token: Some(token.to_string()),
            ..Client::new(addr)
        }
    }

    /// Sets the director's `password` with a fresh server's `setup` token
    /// and logs in: the director's bearer token (the benches' one way in).
    pub fn director_token(addr: SocketAddr, setup: &str, password: &str) -> String {
        let mut p = Client::new(addr);
        let set = p
            .post(
                "/api/setup",
                &serde_json::json!({ "token": setup, "password": password }),
            )
            .expect("the setup request");
        assert!(set.is_success(), "setup: {}", set.text());
        let login = p
            .post("/api/login", &serde_json::json!({ "password": password }))
            .expect("the login request");
        assert!(login.is_success(), "login: {}", login.text());
        login.json()["token"].as_str().expect("a token").to_string()
    }

    pub fn get(&mut self, path: &str) -> std::io::Result<Response> {
        self.request("GET", path, None)
    }

    pub fn post(&mut self, path: &str, body: &serde_json::Value) -> std::io::Result<Response> {
        self.request("POST", path, Some(body.to_string().as_bytes()))
    }

    pub fn put(&mut self, path: &str, body: &serde_json::Value) -> std::io::Result<Response> {
        self.request("PUT", path, Some(body.to_string().as_bytes()))
    }

    pub fn patch(&mut self, path: &str, body: &serde_json::Value) -> std::io::Result<Response> {
        self.request("PATCH", path, Some(body.to_string().as_bytes()))
    }

    /// Sends raw bytes as the body (for malformed-input tests).
    pub fn post_raw(&mut self, path: &str, body: &[u8]) -> std::io::Result<Response> {
        self.request("POST", path, Some(body))
    }

    /// One request; reconnects once if the kept-alive connection was closed.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&[u8]>,
    ) -> std::io::Result<Response> {
        self.request_with(method, path, &[], body)
    }

    /// A request with headers of its own (`Origin`, `Cookie`, a
    /// `Content-Type` other than JSON, ...), for the security tests.
    pub fn request_with(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> std::io::Result<Response> {
        let reused = self.conn.is_some();
        match self.try_request(method, path, headers, body) {
            Err(_) if reused => {
                self.conn = None;
                self.try_request(method, path, headers, body)
            }
            other => other,
        }
    }

    fn try_request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> std::io::Result<Response> {
        if self.conn.is_none() {
            let stream = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5))?;
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(Duration::from_secs(30)))?;
            self.conn = Some(BufReader::new(stream));
        }
        let result = self.exchange(method, path, headers, body);
        if result.is_err() {
            self.conn = None;
        }
        result
    }

    fn exchange(
        &mut self,
        method: &str,
        path: &str,
        extra: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> std::io::Result<Response> {
        let addr = self.addr;
        let token = self.token.clone();
        let conn = self
            .conn
            .as_mut()
            .ok_or_else(|| std::io::Error::other("not connected"))?;
        // A `Host` of the caller's own replaces the address's (tests of
        // the server's names send one).
        let host = extra
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("host"))
            .map_or_else(|| addr.to_string(), |(_, v)| v.to_string());
        let mut head =
            format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n");
        if let Some(t) = &token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        let typed = extra
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("content-type"));
        for (n, v) in extra
            .iter()
            .filter(|(n, _)| !n.eq_ignore_ascii_case("host"))
        {
            head.push_str(&format!("{n}: {v}\r\n"));
        }
        if let Some(b) = body {
            if !typed {
                head.push_str("Content-Type: application/json\r\n");
            }
            head.push_str(&format!("Content-Length: {}\r\n", b.len()));
        }
        head.push_str("\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(body.unwrap_or_default());
        conn.get_mut().write_all(&out)?;

        let mut line = String::new();
        if conn.read_line(&mut line)? == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
        let mut headers = Vec::new();
        loop {
            line.clear();
            conn.read_line(&mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((n, v)) = l.split_once(':') {
                headers.push((n.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let find = |n: &str| headers.iter().find(|(h, _)| h == n).map(|(_, v)| v.clone());
        let mut body = Vec::new();
        if let Some(len) = find("content-length") {
            let len: usize = len
                .parse()
                .map_err(|_| std::io::Error::other("bad content-length"))?;
            body.resize(len, 0);
            conn.read_exact(&mut body)?;
        } else if find("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
            loop {
                line.clear();
                conn.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| std::io::Error::other("bad chunk size"))?;
                let mut chunk = vec![0; size + 2];
                conn.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        }
        if find("connection").is_some_and(|v| v.eq_ignore_ascii_case("close")) {
            self.conn = None;
        }
        Ok(Response {
            status,
            headers,
            body,
        })
    }
}
