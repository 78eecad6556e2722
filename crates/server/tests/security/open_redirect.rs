//! Finding 19.5: an open redirect after login. `/login?next=/%09/evil.example`
//! passed the `//` check (a tab between the slashes), and the browser, which
//! drops tabs and line breaks inside an address, sent the director to
//! `//evil.example` after a real login. The server now reads `next` as a
//! browser does (`local_path.rs`), and so does the page's script.

use crate::common::*;
use jongg_store::Backend;

/// Each `next` (url-encoded) that names another site, or no path.
const ELSEWHERE: [&str; 8] = [
    "%2F%09%2Fevil.example%2Fphish",
    "%2F%0D%0A%2Fevil.example",
    "%09%2F%2Fevil.example",
    "%2F%5Cevil.example",
    "%2F%2Fevil.example",
    "https%3A%2F%2Fevil.example",
    "javascript%3Aalert(1)",
    "evil.example",
];

#[test]
fn a_login_whose_next_redirect_names_another_site_lands_on_a_local_page() {
    let app = App::start(Backend::Sqlite);
    let origin = format!("http://{}", app.addr);
    let password = PASSWORD.replace(' ', "+");
    for next in ELSEWHERE {
        let body = format!("username=director&password={password}&next={next}");
        let r = app
            .public()
            .request_with(
                "POST",
                "/api/login",
                &[
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Origin", origin.as_str()),
                ],
                Some(body.as_bytes()),
            )
            .unwrap();
        assert_eq!(r.status, 303, "{next}: {}", r.text());
        assert_eq!(r.header("location"), Some("/director"), "{next}");
        // The page the script logs in from goes to the same place.
        let page = app.public().get(&format!("/login?next={next}")).unwrap();
        assert_eq!(page.status, 200, "{next}");
        assert!(
            page.text().contains("data-then=\"/director\""),
            "{next}: {}",
            page.text()
        );
    }
    // A path on this server is still gone back to.
    let body = format!("username=director&password={password}&next=%2Fdirector%2Ft%2F7");
    let r = app
        .public()
        .request_with(
            "POST",
            "/api/login",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(body.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.header("location"), Some("/director/t/7"));
}
