//! Every message the tests produce validates against the schema in
//! docs/play-protocol.md, and the schema refuses what is not a message.

mod common;
mod schema;

use common::*;
use jongg_game::{Action, Call, Table};
use jongg_play::MemoryLog;
use jongg_play::protocol::{ClientMessage, Numbered, Seen};
use jongg_play::refusal::RefusalCode;
use jongg_play::wall::Contribution;
use jongg_tiles::{Seat, Tile};
use schema::{check, protocol_schema};

fn all_server_messages_valid(messages: &[Numbered]) -> usize {
    let root = protocol_schema();
    for m in messages {
        let json = m.to_json();
        if let Err(e) = check(&root, "server_message", &json) {
            panic!("{e}");
        }
    }
    messages.len()
}

#[tokio::test(start_paused = true)]
async fn every_message_of_bot_games_and_a_played_table_validates() {
    let mut seen = 0;
    // Whole bot games: every event kind they reach, views, reveals.
    for g in 0..3u8 {
        // Every message of the game kept, to check them all.
        let mut s = setup(Table::standard(), &[], 10 + g);
        s.settings.replay = 4096;
        let table = open_table(s, MemoryLog::default()).await;
        let status = table.status().await.unwrap();
        for s in Seat::ALL {
            seen += all_server_messages_valid(&status.kept[s]);
        }
    }
    // A table of people: welcome, views before and after the deal, clocks,
    // refusals, pong, stand-ins.
    let table = open_table(
        setup(three(), &[Seat::East, Seat::South, Seat::West], 9),
        MemoryLog::default(),
    )
    .await;
    let mut east = Client::connect(&table, Seat::East, None).await;
    let south = Client::connect(&table, Seat::South, None).await;
    east.conn
        .send(ClientMessage::Contribute {
            bytes: Contribution::new(vec![1, 2, 3]).unwrap(),
        })
        .await
        .unwrap();
    east.conn.send(ClientMessage::Ping { id: 4 }).await.unwrap();
    east.conn
        .send_text("{\"v\":1,\"type\":\"jump\"}")
        .await
        .unwrap();
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(at, Action::Pick).await;
    south
        .act(
            at,
            Action::Claim {
                call: Call::Exposure,
            },
        )
        .await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, Seat::East)[0],
        },
    )
    .await;
    tokio::time::advance(std::time::Duration::from_secs(40)).await;
    now(&table).await;
    east.drain();
    let codes: Vec<String> = east.refusals().into_iter().map(|(c, _)| c).collect();
    assert!(codes.contains(&"bad_message".to_string()), "{codes:?}");
    assert!(codes.contains(&"must_discard".to_string()), "{codes:?}");
    seen += all_server_messages_valid(&east.got);
    let status = table.status().await.unwrap();
    for s in Seat::ALL {
        seen += all_server_messages_valid(&status.kept[s]);
    }
    let refused = table.connect(&hello(Seat::North, None)).await.unwrap_err();
    seen += all_server_messages_valid(&[refused]);
    assert!(seen > 1000, "{seen} messages checked");
}

/// A seat's whole view and a spectator's public view while a calling window
/// is open name the discard (`at` of the situations, issue 34.9).
#[tokio::test(start_paused = true)]
async fn the_views_in_a_calling_window_validate_with_the_discards_number() {
    let table = open_table(
        setup(three(), &[Seat::East, Seat::South, Seat::West], 3),
        MemoryLog::default(),
    )
    .await;
    let east = Client::connect(&table, Seat::East, None).await;
    let _south = Client::connect(&table, Seat::South, None).await;
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, Seat::East)[0],
        },
    )
    .await;
    let (_, discard) = now(&table).await;
    let mut west = Client::connect(&table, Seat::West, None).await;
    let mut watcher = Client::watch(&table).await;
    now(&table).await;
    let got: Vec<Numbered> = west.drain().into_iter().chain(watcher.drain()).collect();
    all_server_messages_valid(&got);
    let named: Vec<serde_json::Value> = got
        .iter()
        .map(|m| m.to_json())
        .filter(|j| j["view"]["situation"]["kind"] == "window")
        .map(|j| j["view"]["situation"]["at"].clone())
        .collect();
    let want = serde_json::json!(discard);
    assert_eq!(named, [want.clone(), want], "the view and the public view");
}

#[tokio::test(start_paused = true)]
async fn a_spectators_messages_presence_chat_and_the_end_validate() {
    let mut s = setup(three(), &[Seat::East, Seat::South], 12);
    s.settings.bot_delay_ms = 10;
    let table = open_table(s, MemoryLog::default()).await;
    let east = Client::connect(&table, Seat::East, None).await;
    let mut watcher = Client::watch(&table).await;
    east.chat("hello <all>").await;
    east.chat(&"x".repeat(201)).await;
    watcher.chat("may I?").await;
    drop(east);
    table.start().await.unwrap();
    let mut seen = 0;
    // Everyone gone: stand-ins play the game out while the spectator reads.
    for _ in 0..2_000 {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        watcher.drain();
        if watcher.got.iter().any(|m| {
            matches!(
                m.message,
                jongg_play::protocol::ServerMessage::Reveal { .. }
            )
        }) {
            break;
        }
    }
    let kinds: std::collections::BTreeSet<String> = watcher
        .got
        .iter()
        .map(|m| m.to_json()["type"].as_str().unwrap().to_string())
        .collect();
    for kind in [
        "watching",
        "public_view",
        "presence",
        "chat",
        "refused",
        "final",
        "reveal",
        "event",
        "clock",
    ] {
        assert!(kinds.contains(kind), "{kind} in {kinds:?}");
    }
    seen += all_server_messages_valid(&watcher.got);
    let status = table.status().await.unwrap();
    for s in Seat::ALL {
        seen += all_server_messages_valid(&status.kept[s]);
    }
    // A seat that comes after the end: its view, the final, the reveal, the chat.
    let mut again = Client::connect(&table, Seat::East, None).await;
    table.status().await.unwrap();
    seen += all_server_messages_valid(&again.drain());
    assert!(seen > 300, "{seen} messages checked");
}

#[test]
fn every_client_message_and_refusal_code_is_in_the_schema() {
    let root = protocol_schema();
    let t = Tile::JOKER;
    let actions = [
        Action::Pass {
            tiles: vec![t, t],
            blind: 1,
        },
        Action::StopCharleston,
        Action::Courtesy { tiles: vec![t] },
        Action::Pick,
        Action::Discard { tile: t },
        Action::Claim {
            call: Call::MahJongg,
        },
        Action::Decline,
        Action::Withdraw,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
        Action::Correct {
            naturals: 1,
            jokers: 1,
        },
        Action::ExchangeJoker {
            owner: Seat::West,
            exposure: 0,
        },
        Action::MahJongg { shown: true },
        Action::ThrowIn,
        Action::KeepHand,
        Action::DeclareDead {
            target: Seat::North,
        },
    ];
    let mut messages: Vec<ClientMessage> = actions
        .into_iter()
        .map(|action| ClientMessage::Act { answers: 3, action })
        .collect();
    messages.push(ClientMessage::Hello {
        table: "t".into(),
        token: "k".into(),
        last_seen: Some(Seen { run: 0, n: 4 }),
        take_over: true,
    });
    messages.push(ClientMessage::Contribute {
        bytes: Contribution::new(vec![7; 32]).unwrap(),
    });
    messages.push(ClientMessage::Ping { id: 1 });
    messages.push(ClientMessage::Watch { table: "t".into() });
    messages.push(ClientMessage::Chat {
        text: "good luck".into(),
    });
    for m in &messages {
        let json: serde_json::Value = serde_json::from_str(&m.write()).unwrap();
        check(&root, "client_message", &json).unwrap();
    }
    for code in RefusalCode::ALL {
        check(&root, "refusal_code", &serde_json::to_value(code).unwrap()).unwrap();
    }
    let listed = root["$defs"]["refusal_code"]["enum"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(listed, RefusalCode::ALL.len());
}

#[test]
fn the_schema_refuses_what_is_not_a_message() {
    let root = protocol_schema();
    for bad in [
        r#"{"v":2,"type":"ping","id":1}"#,
        r#"{"v":1,"type":"ping","id":1,"extra":0}"#,
        r#"{"v":1,"type":"act","answers":1,"action":{"do":"discard"}}"#,
        r#"{"v":1,"type":"act","answers":1,"action":{"do":"claim","call":"pung"}}"#,
        r#"{"v":1,"type":"hello","table":"t"}"#,
    ] {
        let json: serde_json::Value = serde_json::from_str(bad).unwrap();
        assert!(check(&root, "client_message", &json).is_err(), "{bad}");
    }
    let began_with_wall = serde_json::json!({"v": 1, "n": 1, "type": "event", "at": 1,
        "event": {"event": "began", "seed": 0, "dice": [0, 0], "wall": ["J"],
        "table": serde_json::to_value(Table::standard()).unwrap()}});
    assert!(check(&root, "server_message", &began_with_wall).is_err());
}
