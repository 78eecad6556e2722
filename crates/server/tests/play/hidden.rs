//! Hidden information over the wire (issue 23): for N games of four bot
//! clients played through the server's WebSockets, no message a seat
//! received holds another seat's concealed tile or the wall's order, and
//! the seed appears only in the reveal after the game; checked on the JSON
//! as received, beside the truth the table stored. N is
//! `JONGG_PLAY_WIRE_GAMES` (default 5: every move of a game is its own
//! commit, synchronous on SQLite, so a debug game takes seconds); the
//! report's figure:
//! `JONGG_PLAY_WIRE_GAMES=1000 cargo nextest run --release -p jongg-server
//! --test play -E 'test(no_message)'`.

use crate::client::SeatClient;
use crate::common::{App, expect};
use jongg_game::{Event, Game, State, ToyJudge};
use jongg_play::TableLog;
use jongg_play::protocol::{Numbered, ServerMessage};
use jongg_play::table_log::replay;
use jongg_store::{Backend, LiveTableId, Store};
use jongg_tiles::{BySeat, Seat};
use serde_json::{Value, json};
use std::time::Instant;

fn games() -> u64 {
    std::env::var("JONGG_PLAY_WIRE_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(5)
}

fn tiles_of(v: &Value) -> Option<Vec<String>> {
    let mut out: Vec<String> = v
        .as_array()?
        .iter()
        .map(|t| t.as_str().map(String::from))
        .collect::<Option<_>>()?;
    out.sort();
    Some(out)
}

/// Every array of tiles anywhere in `v`, sorted.
fn tile_lists(v: &Value, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Array(items) => {
            if let Some(t) = tiles_of(v) {
                out.push(t);
            }
            items.iter().for_each(|i| tile_lists(i, out));
        }
        Value::Object(fields) => fields.values().for_each(|f| tile_lists(f, out)),
        _ => {}
    }
}

fn has_key(v: &Value, key: &str) -> bool {
    match v {
        Value::Array(items) => items.iter().any(|i| has_key(i, key)),
        Value::Object(fields) => fields.iter().any(|(k, f)| k == key || has_key(f, key)),
        _ => false,
    }
}

fn sorted_hand(state: &State, seat: Seat) -> Vec<String> {
    let mut h: Vec<String> = Game::resume(state.clone(), &ToyJudge)
        .view(seat)
        .hand()
        .to_tiles()
        .iter()
        .map(|t| {
            serde_json::to_value(t)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    h.sort();
    h
}

/// Checks one seat's messages, as received, against the true racks after
/// each event.
fn check_seat(seat: Seat, got: &[Numbered], racks: &[BySeat<Vec<String>>], seed_hex: &str) {
    let me = serde_json::to_value(seat).unwrap();
    let mut ended = false;
    let first = got.first().map_or(1, |m| m.n);
    for (i, m) in got.iter().enumerate() {
        assert_eq!(
            m.n,
            first + i as u64,
            "{seat}: messages numbered without a gap"
        );
        let json = m.to_json();
        let text = json.to_string();
        let at = match &m.message {
            ServerMessage::Event { at, event } => {
                ended |= matches!(event, Event::Ended { .. });
                Some(*at as usize)
            }
            ServerMessage::View { at, .. } => Some(*at as usize),
            _ => None,
        };
        if matches!(m.message, ServerMessage::Reveal { .. }) {
            assert!(ended, "{seat}: the seed is revealed only after the game");
            continue;
        }
        assert!(!text.contains(seed_hex), "{seat}: the seed in {text}");
        assert!(!has_key(&json, "wall"), "{seat}: a wall in {text}");
        let Some(at) = at else { continue };
        let body = &json["event"];
        match body["event"].as_str() {
            Some("began") => assert_eq!(body["seed"], 0, "{text}"),
            Some("dealt" | "arranged") => {
                for (s, h) in body["hands"].as_object().unwrap() {
                    assert!(*s == me || h.is_null(), "{seat}: {s}'s deal in {text}");
                }
            }
            Some("passed") => {
                for part in ["gave", "kept"] {
                    for (s, h) in body[part].as_object().unwrap() {
                        assert!(*s == me || h.is_null(), "{seat}: {s}'s pass in {text}");
                    }
                }
            }
            Some("picked") if body["seat"] != me => {
                assert!(body["tile"].is_null(), "{seat}: another's pick in {text}");
            }
            Some("pass_chosen") if body["seat"] != me => {
                assert!(body["tiles"].is_null(), "{seat}: another's pass in {text}");
            }
            // A Mah Jongg shows the winner's hand to all.
            Some("mah_jongg" | "ended") => continue,
            _ => {}
        }
        // No list of tiles in the message is another seat's rack.
        let mut lists = vec![];
        tile_lists(&json, &mut lists);
        for other in Seat::ALL.into_iter().filter(|s| *s != seat) {
            let theirs = &racks[at][other];
            if theirs.len() >= 5 {
                assert!(!lists.contains(theirs), "{seat}: {other}'s rack in {text}");
            }
        }
    }
}

#[test]
fn no_message_over_the_wire_holds_another_seats_tiles_or_the_wall() {
    let n = games();
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_tables_free = u32::MAX);
    let addr = app.addr;
    let url = app.db.as_ref().unwrap().url.clone();
    let four = json!({"east": "person", "south": "person", "west": "person", "north": "person"});
    let began = Instant::now();
    for g in 0..n {
        let body = expect(
            app.public().post(
                "/api/play/tables",
                &json!({"rules": "standard", "seats": four}),
            ),
            201,
        );
        let id = body["id"].as_str().unwrap().to_string();
        let clients = app.rt.block_on(async {
            let mut clients = vec![];
            for (i, s) in Seat::ALL.into_iter().enumerate() {
                let token = body["seats"][s.name()]["token"].as_str().unwrap();
                let mut c = SeatClient::connect(addr, &id, token)
                    .await
                    .with_bot(i % 2 == 0, g * 4 + i as u64);
                c.contribute(&g.to_le_bytes()).await;
                clients.push(c);
            }
            let plays = clients.iter_mut().map(|c| c.play_until(|_| false));
            futures_util::future::join_all(plays).await;
            clients
        });
        // The truth: the table's log as stored.
        let records = app.rt.block_on(async {
            let store = Store::connect(&url).await.unwrap();
            let id = LiveTableId::parse(&id).unwrap();
            let records = store.live_table_log(&id).load().await.unwrap();
            assert!(store.live_table(&id).await.unwrap().unwrap().finished);
            store.close().await;
            records
        });
        let r = replay(&records).unwrap();
        let fair = r.fair_log().expect("the game ended");
        assert_eq!(
            fair.verify(),
            Ok(()),
            "game {g}: the wall follows from the seed"
        );
        let seed_hex: String = r
            .secret
            .bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let mut state = State::default();
        let mut racks = vec![BySeat::from_fn(|s| sorted_hand(&state, s))];
        for e in &r.events {
            state.apply(e);
            racks.push(BySeat::from_fn(|s| sorted_hand(&state, s)));
        }
        for c in &clients {
            let seat = c.seat.expect("seated");
            assert!(c.ended(), "game {g}: {seat} saw the end");
            check_seat(seat, &c.got, &racks, &seed_hex);
        }
    }
    eprintln!(
        "{n} games through WebSockets checked in {:.1} s",
        began.elapsed().as_secs_f64()
    );
}
