//! Finding 19.9, the smaller ones: a rules file's escaped control character
//! was taken and served raw; a name could hold a right-to-left override or
//! an invisible character (and so display as another); a confirmation
//! signed for one page was shown on any page, forever; and a request naming
//! another host (a DNS-rebinding page) was answered.

use crate::common::*;
use jongg_store::Backend;
use serde_json::json;

#[test]
fn a_rules_file_with_an_escaped_control_character_is_refused_naming_its_line() {
    let app = App::start(Backend::Sqlite);
    // A TOML escape: the raw text has no control character, the value has.
    let toml = "base = \"standard\"\n# our club\nname = \"Club\\u0000 rules\"\n";
    let r = app
        .director()
        .post(
            "/api/tournaments",
            &json!({ "name": "Club day", "rounds": 1,
                     "rules": { "kind": "file", "label": "club.toml", "toml": toml } }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
    let text = r.text();
    assert!(
        text.contains("club.toml:3") && text.contains("name") && text.contains("U+0000"),
        "{text}"
    );
}

#[test]
fn a_name_with_a_direction_override_or_an_invisible_character_is_refused() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 0, 1);
    let mut d = app.director();
    let add = |d: &mut jongg_server::client::Client, n: u32, name: &str| {
        d.post(
            &format!("{}/players", t(id)),
            &json!({ "number": n, "name": name }),
        )
        .unwrap()
    };
    // "Alice" + RLO + "kcaJ" displays as "AliceJack".
    for (i, (name, shown)) in [
        ("Alice\u{202E}kcaJ", "U+202E"),
        ("Ann\u{200B}a", "U+200B"),
        ("\u{2066}Bob\u{2069}", "U+2066"),
        ("Zo\u{FEFF}e", "U+FEFF"),
    ]
    .into_iter()
    .enumerate()
    {
        let r = add(&mut d, i as u32 + 1, name);
        assert_eq!(r.status, 422, "{name:?}: {}", r.text());
        assert!(
            r.text().contains(shown) && r.text().contains("name"),
            "{}",
            r.text()
        );
    }
    for (i, name) in [
        "Łucja Wiśniewska",
        "Ελένη",
        "王秀英",
        "فاطمة الزهراء",
        "שרה",
    ]
    .into_iter()
    .enumerate()
    {
        let r = add(&mut d, i as u32 + 10, name);
        assert_eq!(r.status, 201, "{name}: {}", r.text());
    }
    let r = d
        .post(
            "/api/tournaments",
            &json!({ "name": "Spring\u{202E}Open", "rules": { "kind": "preset", "name": "standard" } }),
        )
        .unwrap();
    assert_eq!(r.status, 422, "{}", r.text());
}

#[test]
fn a_confirmation_signed_for_one_page_is_not_shown_on_another() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let origin = format!("http://{}", app.addr);
    let players = format!("/director/t/{id}/players");
    let body = format!("then={}", players.replace('/', "%2F"));
    let r = app
        .director()
        .request_with(
            "POST",
            &format!("{}/players/1/late", t(id)),
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(body.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    let location = r.header("location").unwrap().to_string();
    let query = location.split_once('?').unwrap().1.to_string();
    let shown = |path: &str| {
        let page = app.director().get(path).unwrap();
        assert_eq!(page.status, 200, "{path}");
        page.text().contains("id=\"done\"")
    };
    assert!(shown(&location), "on its own page: {location}");
    // The same words and signature on another page: not shown.
    assert!(!shown(&format!("/director/t/{id}?{query}")));
    assert!(!shown(&format!("/director?{query}")));
}

#[test]
fn a_request_naming_another_host_is_refused() {
    let app = App::start(Backend::Sqlite);
    let port = app.addr.port();
    let get = |host: &str| {
        app.public()
            .request_with("GET", "/api/tournaments", &[("Host", host)], None)
            .unwrap()
    };
    // A page whose name was rebound to this laptop.
    let r = get(&format!("rebind.evil.example:{port}"));
    assert_eq!(r.status, 421, "{}", r.text());
    assert!(r.text().contains("rebind.evil.example"), "{}", r.text());
    // Its writes too, though Origin says the same name.
    let origin = format!("http://rebind.evil.example:{port}");
    let host = format!("rebind.evil.example:{port}");
    let r = app
        .director()
        .request_with(
            "POST",
            "/api/tournaments",
            &[("Host", host.as_str()), ("Origin", origin.as_str())],
            Some(br#"{"name":"Rebound","rules":{"kind":"preset","name":"standard"}}"#),
        )
        .unwrap();
    assert_eq!(r.status, 421, "{}", r.text());
    // The server's own names.
    for ok in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_eq!(get(&ok).status, 200, "{ok}");
    }
    // Behind a reverse proxy, the public address's name.
    let proxied = App::start_with(Backend::Sqlite, |c| {
        c.public_url = Some("https://jongg.example.org/".into());
    });
    let r = proxied
        .public()
        .request_with("GET", "/", &[("Host", "jongg.example.org")], None)
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    let r = proxied
        .public()
        .request_with(
            "GET",
            "/",
            &[("Host", "jongg.example.org.evil.example")],
            None,
        )
        .unwrap();
    assert_eq!(r.status, 421, "{}", r.text());
}
