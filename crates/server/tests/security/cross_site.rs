//! Finding 4: cross-site requests. A page on another port of the same host
//! (the same site, so SameSite=Strict did not help) created tournaments with
//! a `text/plain` form post while the director was logged in, and
//! registered a player through `players.csv`. Writes now take JSON only and
//! only from this server's own pages; every answer carries the headers a
//! director's pages need.

use crate::common::*;
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::json;

/// What a browser sends for `<form method=post enctype=text/plain>` on
/// another port of 127.0.0.1, with the director's cookie.
fn form_post(app: &App, path: &str, body: &str, extra: &[(&str, &str)]) -> Response {
    let cookie = format!("jongg_session={}", app.director_token);
    let mut headers = vec![
        ("Cookie", cookie.as_str()),
        ("Content-Type", "text/plain"),
        ("Origin", "http://127.0.0.1:9999"),
        ("Sec-Fetch-Site", "same-site"),
    ];
    headers.retain(|(n, _)| !extra.iter().any(|(m, _)| m.eq_ignore_ascii_case(n)));
    headers.extend_from_slice(extra);
    app.public()
        .request_with("POST", path, &headers, Some(body.as_bytes()))
        .unwrap()
}

fn count(app: &App, path: &str, key: &str) -> usize {
    expect(app.public().get(path), 200)[key]
        .as_array()
        .unwrap()
        .len()
}

#[test]
fn a_form_on_another_port_changes_nothing() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 0, 2);
    // The attack as it was: a text/plain form whose body reads as JSON.
    let body = r#"{"name":"Evil","rules":{"kind":"preset","name":"standard"},"x":"="}"#;
    let r = form_post(&app, "/api/tournaments", body, &[]);
    assert_eq!(r.status, 403, "{}", r.text());
    let csv = r#"{"csv":"1,Mallory\n","x":"="}"#;
    let r = form_post(&app, &format!("/director/t/{id}/players.csv"), csv, &[]);
    assert_eq!(r.status, 403, "{}", r.text());
    // Even from a browser that sends neither Origin nor Sec-Fetch-Site, a
    // form cannot send JSON: 415.
    let no_headers = |p: &str, b: &str| {
        let cookie = format!("jongg_session={}", app.director_token);
        app.public()
            .request_with(
                "POST",
                p,
                &[("Cookie", cookie.as_str()), ("Content-Type", "text/plain")],
                Some(b.as_bytes()),
            )
            .unwrap()
    };
    for (path, b) in [
        ("/api/tournaments".to_string(), body),
        (format!("/director/t/{id}/players.csv"), csv),
    ] {
        let r = no_headers(&path, b);
        assert_eq!(r.status, 415, "{path}: {}", r.text());
        assert!(
            r.json()["error"]
                .as_str()
                .unwrap()
                .contains("application/json")
        );
    }
    for ct in [
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let r = form_post(
            &app,
            "/api/tournaments",
            "name=Evil",
            &[
                ("Content-Type", ct),
                ("Origin", "http://127.0.0.1:1"),
                ("Sec-Fetch-Site", "same-origin"),
            ],
        );
        assert_eq!(r.status, 403, "{ct}");
    }
    assert_eq!(count(&app, "/api/tournaments", "tournaments"), 1);
    assert_eq!(count(&app, &format!("{}/players", t(id)), "players"), 0);
}

#[test]
fn json_from_another_origin_is_refused_and_from_our_own_taken() {
    let app = App::start(Backend::Sqlite);
    let ours = format!("http://{}", app.addr);
    let body = r#"{"name":"Mine","rules":{"kind":"preset","name":"standard"}}"#;
    let json_from = |origin: &str, site: &str| {
        let cookie = format!("jongg_session={}", app.director_token);
        let mut h = vec![("Cookie", cookie.as_str())];
        if !origin.is_empty() {
            h.push(("Origin", origin));
        }
        if !site.is_empty() {
            h.push(("Sec-Fetch-Site", site));
        }
        app.public()
            .request_with("POST", "/api/tournaments", &h, Some(body.as_bytes()))
            .unwrap()
            .status
    };
    let port = app.addr.port();
    let other_port = format!("http://127.0.0.1:{}", port.wrapping_add(1));
    assert_eq!(json_from(&other_port, ""), 403);
    assert_eq!(json_from("http://evil.example", "cross-site"), 403);
    assert_eq!(json_from("null", ""), 403);
    assert_eq!(json_from("null", "cross-site"), 403);
    assert_eq!(json_from("null", "same-site"), 403);
    assert_eq!(json_from("", "same-site"), 403);
    assert_eq!(json_from("", "cross-site"), 403);
    assert_eq!(json_from(&ours, "same-site"), 403);
    // This server's own pages (what jongg.js sends), and programs.
    assert_eq!(json_from(&ours, "same-origin"), 201);
    assert_eq!(json_from(&ours, ""), 201);
    assert_eq!(json_from("", ""), 201);
    // A page's own form under `Referrer-Policy: no-referrer`: Origin null,
    // and the browser's Sec-Fetch-Site says same-origin.
    assert_eq!(json_from("null", "same-origin"), 201);
    // Reading is not refused: another site gets the page but cannot read it.
    let r = app
        .public()
        .request_with(
            "GET",
            "/api/tournaments",
            &[
                ("Origin", "http://evil.example"),
                ("Sec-Fetch-Site", "cross-site"),
            ],
            None,
        )
        .unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.header("access-control-allow-origin"), None);
}

#[test]
fn behind_a_proxy_the_public_address_is_our_origin_and_cookies_are_secure() {
    let app = App::start_with(Backend::Sqlite, |c| {
        c.public_url = Some("https://jongg.example.org/".into());
    });
    let body = r#"{"name":"Hall","rules":{"kind":"preset","name":"standard"}}"#;
    let post = |origin: &str| {
        let auth = format!("Bearer {}", app.director_token);
        app.public()
            .request_with(
                "POST",
                "/api/tournaments",
                &[("Authorization", auth.as_str()), ("Origin", origin)],
                Some(body.as_bytes()),
            )
            .unwrap()
            .status
    };
    assert_eq!(post("https://jongg.example.org"), 201);
    assert_eq!(post("https://evil.example.org"), 403);
    assert_eq!(post("http://jongg.example.org.evil.example"), 403);
    let r = app
        .public()
        .post("/api/login", &json!({ "password": PASSWORD }))
        .unwrap();
    assert_eq!(r.status, 200);
    let cookies: Vec<&str> = r
        .headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(cookies.len(), 2, "{cookies:?}");
    for c in &cookies {
        assert!(c.contains("; Secure"), "{c}");
        assert!(
            c.contains("HttpOnly") && c.contains("SameSite=Strict"),
            "{c}"
        );
    }
    assert!(r.header("strict-transport-security").is_some());
    // Over plain http the cookies cannot be Secure (the browser would drop them).
    let plain = App::start(Backend::Sqlite);
    let r = plain
        .public()
        .post("/api/login", &json!({ "password": PASSWORD }))
        .unwrap();
    assert!(
        r.header("set-cookie")
            .is_some_and(|c| !c.contains("Secure"))
    );
    assert_eq!(r.header("strict-transport-security"), None);
}

#[test]
fn every_answer_carries_the_headers_a_directors_pages_need() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let mut d = app.director();
    for (path, page) in [
        ("/".to_string(), true),
        (format!("/director/t/{id}"), true),
        ("/no/such/page".to_string(), false),
        ("/api/tournaments".to_string(), false),
        (format!("/t/{id}/standings.pdf"), false),
        (format!("/t/{id}/standings.csv"), false),
    ] {
        let r = d.get(&path).unwrap();
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        if page {
            assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
            assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        } else {
            assert!(csp.starts_with("default-src 'none'"), "{path}: {csp}");
        }
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("referrer-policy"), Some("same-origin"), "{path}");
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(r.header("cache-control"), Some("no-store"), "{path}");
    }
    // Refusals carry them too.
    let r = form_post(&app, "/api/tournaments", "{}", &[]);
    assert_eq!(r.status, 403);
    assert_eq!(r.header("referrer-policy"), Some("same-origin"));
    // No page has an inline script or style for the policy to block.
    for path in ["/", "/login", "/director", &format!("/director/t/{id}")] {
        let html = d.get(path).unwrap().text();
        assert!(!html.contains(" style=\""), "{path} has an inline style");
        assert!(!html.contains(" onclick="), "{path} has an inline handler");
        assert!(!html.contains("<script>"), "{path} has an inline script");
    }
}

/// The login page's form sent without a script (issue 13.7): url-encoded,
/// from this server (a browser sends Origin with a form's POST). It logs in
/// and goes on to `next`; a wrong password shows the login page again with
/// what went wrong, never the password in an address.
#[test]
fn the_login_form_works_without_a_script() {
    let app = App::start(Backend::Sqlite);
    let host = app.addr.to_string();
    let origin = format!("http://{host}");
    let post = |body: &str, headers: &[(&str, &str)]| {
        let mut h = vec![("Content-Type", "application/x-www-form-urlencoded")];
        h.extend_from_slice(headers);
        app.public()
            .request_with("POST", "/api/login", &h, Some(body.as_bytes()))
            .unwrap()
    };
    let good = format!(
        "username=director&password={}&next=%2Fdirector%2Ft%2F7",
        PASSWORD.replace(' ', "+")
    );
    let r = post(&good, &[("Origin", origin.as_str())]);
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(r.header("location"), Some("/director/t/7"));
    assert!(
        r.headers
            .iter()
            .any(|(n, v)| n.eq_ignore_ascii_case("set-cookie") && v.starts_with("jongg_session="))
    );
    // Another site's `next` is never followed.
    let r = post(
        &good.replace("%2Fdirector%2Ft%2F7", "%2F%2Fevil.example"),
        &[("Sec-Fetch-Site", "same-origin")],
    );
    assert_eq!(r.status, 303);
    assert_eq!(r.header("location"), Some("/director"));
    // A wrong password: the page again, saying so, with the status.
    let r = post(
        "username=director&password=wrong+guess&next=%2Fdirector",
        &[("Origin", origin.as_str())],
    );
    assert_eq!(r.status, 401);
    assert!(
        r.text().contains("wrong username or password"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("method=\"post\""));
    // Without Origin or Sec-Fetch-Site (not a browser's form): refused.
    let r = post(&good, &[]);
    assert_eq!(r.status, 403, "{}", r.text());
    // From another site: refused.
    let r = post(&good, &[("Origin", "http://127.0.0.1:9999")]);
    assert_eq!(r.status, 403, "{}", r.text());
    // A field twice, or one the login does not have: named.
    let r = post(
        &format!("{good}&password=x"),
        &[("Origin", origin.as_str())],
    );
    assert_eq!(r.status, 400);
    assert!(r.text().contains("`password` twice"), "{}", r.text());
    // A route the table does not open to forms still takes JSON only.
    let r = app
        .public()
        .request_with(
            "POST",
            "/api/tournaments/import",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(b"name=x"),
        )
        .unwrap();
    assert_eq!(r.status, 415, "{}", r.text());
}
