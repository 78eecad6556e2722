//! Issue 34.8, the smaller findings of the server: an oversize socket
//! message closed with 1000 instead of 1009; a hello with a key given
//! twice was taken (its last); chat took direction overrides; a
//! `Retry-After` was rounded down; a table's page fetched the whole list
//! of tables (2.3 MB at 10,004 tables) to learn who sits at its own.

use super::socket_shares::{behind_proxy, connect, next, say, table};
use crate::common::*;
use futures_util::SinkExt;
use jongg_play::protocol::{ClientMessage, ServerMessage};
use jongg_play::refusal::RefusalCode;
use jongg_store::Backend;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// A 24 KB text message in three frames of 8 KB: each frame within the
/// server's frame bound, so it reads every byte before it finds the
/// message too big (a byte left unread would make the close a reset).
async fn send_24_kb(ws: &mut super::socket_shares::Socket) {
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let part = "x".repeat(8 * 1024);
    for (i, opcode) in [Data::Text, Data::Continue, Data::Continue]
        .into_iter()
        .enumerate()
    {
        let frame = Frame::message(part.clone(), OpCode::Data(opcode), i == 2);
        ws.send(Message::Frame(frame)).await.unwrap();
    }
}

#[test]
fn an_oversize_socket_message_closes_with_1009() {
    let app = behind_proxy(|_| {});
    let (id, _) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        // As the first message...
        let mut ws = connect(addr, &id, "10.0.0.1").await.unwrap();
        send_24_kb(&mut ws).await;
        assert_eq!(next(&mut ws).await.unwrap_err(), Some(1009));
        // ...and after a watch.
        let mut ws = connect(addr, &id, "10.0.0.1").await.unwrap();
        say(&mut ws, ClientMessage::Watch { table: id.clone() }).await;
        send_24_kb(&mut ws).await;
        loop {
            match next(&mut ws).await {
                Ok(_) => continue,
                Err(code) => break assert_eq!(code, Some(1009)),
            }
        }
    });
}

#[test]
fn a_hello_with_a_key_given_twice_is_refused_naming_it() {
    let app = behind_proxy(|_| {});
    let (id, token) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        let mut ws = connect(addr, &id, "10.0.0.1").await.unwrap();
        let hello =
            format!(r#"{{"v":1,"type":"hello","table":"{id}","token":"wrong","token":"{token}"}}"#);
        ws.send(Message::text(hello)).await.unwrap();
        let m = next(&mut ws).await.unwrap();
        match m.message {
            ServerMessage::Refused { code, words, .. } => {
                assert_eq!(code, RefusalCode::BadMessage);
                assert!(words.contains("`token` is given twice"), "{words}");
            }
            other => panic!("taken: {other:?}"),
        }
    });
}

#[test]
fn a_chat_line_with_a_direction_override_is_refused_naming_it() {
    let app = behind_proxy(|_| {});
    let (id, token) = table(&app);
    let addr = app.addr;
    app.rt.block_on(async {
        let mut ws = connect(addr, &id, "10.0.0.1").await.unwrap();
        say(
            &mut ws,
            ClientMessage::Hello {
                table: id.clone(),
                token,
                last_seen: None,
                take_over: false,
            },
        )
        .await;
        say(
            &mut ws,
            ClientMessage::Chat {
                text: "I pass\u{202E}won I".into(),
            },
        )
        .await;
        loop {
            let m = next(&mut ws).await.expect("the table answers");
            match m.message {
                ServerMessage::Refused { code, words, .. } => {
                    assert_eq!(code, RefusalCode::BadMessage);
                    assert!(words.contains("U+202E"), "{words}");
                    break;
                }
                ServerMessage::Chat { .. } => panic!("the line was taken"),
                _ => continue,
            }
        }
    });
}

#[test]
fn retry_after_is_rounded_up_to_whole_seconds() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_tables_free = 1);
    let body = json!({ "rules": "standard", "seats":
        {"east": "person", "south": "easy", "west": "easy", "north": "easy"} });
    let first = std::time::Instant::now();
    expect(app.public().post("/api/play/tables", &body), 201);
    // The first table took the one free: the next waits 10 s from then.
    let r = app.public().post("/api/play/tables", &body).unwrap();
    let elapsed = first.elapsed();
    assert_eq!(r.status, 429, "{}", r.text());
    let secs: u64 = r.header("retry-after").unwrap().parse().unwrap();
    // 10 s less the time since, rounded up (down, it was 9).
    let least = 10u64.saturating_sub(elapsed.as_secs() + 1);
    assert!(
        secs <= 10 && secs > least,
        "Retry-After {secs} after {elapsed:?}"
    );
    if elapsed.as_secs() == 0 {
        assert_eq!(secs, 10);
    }
}

#[test]
fn a_tables_page_asks_for_its_own_table_alone() {
    let app = App::start_bare(Backend::Sqlite);
    let (id, _) = table(&app);
    let one = expect(app.public().get(&format!("/api/play/tables/{id}")), 200);
    assert_eq!(one["id"], id.as_str());
    assert_eq!(one["seats"]["east"], "person");
    assert_eq!(one["seats"]["south"], "easy");
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"][0], one, "the same entry as the list's");
    let r = app
        .public()
        .get("/api/play/tables/0123456789abcdef")
        .unwrap();
    assert_eq!(r.status, 404);
    let r = app.public().get("/api/play/tables/nothex").unwrap();
    assert_eq!(r.status, 404, "{}", r.text());
    // The page's script asks for its own table, not the list.
    let script = app.public().get("/assets/play.js").unwrap().text();
    assert!(script.contains("/api/play/tables/${encodeURIComponent(tableId)}"));
    assert!(!script.contains("fetch(\"/api/play/tables\")"));
}

#[test]
fn the_login_forms_wait_says_retry_after_as_the_json_login_does() {
    let app = App::start(Backend::Sqlite);
    let origin = format!("http://{}", app.addr);
    let headers = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("Origin", origin.as_str()),
    ];
    let mut c = app.public();
    let mut last = None;
    for _ in 0..6 {
        let body = b"username=director&password=not+the+password";
        last = Some(
            c.request_with("POST", "/api/login", &headers, Some(body))
                .unwrap(),
        );
    }
    let r = last.unwrap();
    assert_eq!(r.status, 429, "{}", r.text());
    let secs: u64 = r
        .header("retry-after")
        .expect("the page says when")
        .parse()
        .unwrap();
    assert!(secs > 50 && secs <= 60, "{secs}");
    assert!(
        r.text().contains(&format!("try again in {secs} s")),
        "{}",
        r.text()
    );
}
