//! Everyone at a table through the owner: spectators (the public view,
//! never a concealed tile, every rack at the end, a bound on their number),
//! every rack at the end for the seats, presence, and the chat.

mod common;

use common::*;
use jongg_game::{Event, Table};
use jongg_play::protocol::{ClientMessage, Numbered, ServerMessage};
use jongg_play::public::Presence;
use jongg_play::settings::TableSettings;
use jongg_play::testing::{check_spectator, racks_after, seed_hex};
use jongg_play::wall::ServerSeed;
use jongg_play::{MemoryLog, TableHandle, TableSetup};
use jongg_tiles::{BySeat, Seat};
use std::time::Duration;

const EAST: Seat = Seat::East;
const SOUTH: Seat = Seat::South;
const WEST: Seat = Seat::West;

/// Every message of a connection, taken as it comes (a whole game is more
/// than the connection's buffer holds).
fn collect(mut conn: jongg_play::Connection) -> tokio::task::JoinHandle<Vec<Numbered>> {
    tokio::spawn(async move {
        let mut got = vec![];
        while let Some(m) = conn.messages.recv().await {
            let ended = matches!(m.message, ServerMessage::Reveal { .. });
            got.push((*m).clone());
            if ended {
                break;
            }
        }
        got
    })
}

async fn until_over(table: &TableHandle) -> Vec<Event> {
    for _ in 0..10_000 {
        let st = table.status().await.unwrap();
        if st.events.iter().any(|e| matches!(e, Event::Ended { .. })) {
            return st.events;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    panic!("the game did not end");
}

fn finals(got: &[Numbered]) -> Vec<&ServerMessage> {
    got.iter()
        .map(|m| &m.message)
        .filter(|m| matches!(m, ServerMessage::Final { .. }))
        .collect()
}

#[tokio::test(start_paused = true)]
async fn no_message_to_a_spectator_holds_a_concealed_tile_and_the_end_shows_every_rack() {
    for g in 0..6u64 {
        let secret = ServerSeed::for_simulation(24, g);
        // East is a person who never comes: a stand-in bot plays it.
        let setup = TableSetup {
            id: "t1".into(),
            table: Table::standard(),
            // Bots wait a moment: the spectator reads as the game goes.
            settings: TableSettings {
                bot_delay_ms: 10,
                ..TableSettings::default()
            },
            tokens: BySeat::from_fn(|s| (s == EAST).then(|| token(s))),
            secret,
            position: None,
        };
        let table = jongg_play::owner::open(setup, MemoryLog::default(), players(g))
            .await
            .unwrap();
        let watcher = table.connect(&watch()).await.unwrap();
        assert_eq!(watcher.seat, None);
        let got = collect(watcher);
        table.start().await.unwrap();
        let events = until_over(&table).await;
        let got = got.await.unwrap();
        let racks = racks_after(&events);
        check_spectator(&got, &racks, &seed_hex(&secret));
        assert!(matches!(got[0].message, ServerMessage::Watching { .. }));
        assert!(matches!(
            got[1].message,
            ServerMessage::PublicView { view: None, .. }
        ));
        // The end: every seat's concealed rack, as the engine holds it.
        let last = racks.last().unwrap();
        let [ServerMessage::Final { racks: told, .. }] = finals(&got)[..] else {
            panic!("one final: {got:?}");
        };
        for s in Seat::ALL {
            let mut t: Vec<String> = told[s].iter().map(|t| t.to_string()).collect();
            t.sort();
            assert_eq!(t, last[s], "game {g}: {s}'s rack at the end");
        }
        // The seats were told it too, before the reveal.
        let status = table.status().await.unwrap();
        for s in Seat::ALL {
            let kept = &status.kept[s];
            assert_eq!(finals(kept).len(), 1, "{s}");
        }
    }
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_comes_back_after_the_end_gets_the_result_and_every_rack() {
    let table = open_table(setup(three(), &[EAST], 3), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    let run = table.status().await.unwrap().run;
    east.drain();
    let seen = east.last_seen(run);
    drop(east);
    table.start().await.unwrap();
    until_over(&table).await;
    for last_seen in [None, Some(seen)] {
        let mut east = Client::connect(&table, EAST, last_seen).await;
        table.status().await.unwrap();
        let got = east.drain();
        assert_eq!(finals(&got).len(), 1, "{last_seen:?}: {got:?}");
        assert!(
            got.iter()
                .any(|m| matches!(m.message, ServerMessage::Reveal { .. }))
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_spectator_past_the_tables_bound_is_refused_with_its_code() {
    let mut s = setup(three(), &[EAST], 1);
    s.settings.spectators = 2;
    let table = open_table(s, MemoryLog::default()).await;
    let a = Client::watch(&table).await;
    let _b = Client::watch(&table).await;
    let refused = table.connect(&watch()).await.unwrap_err();
    let json = refused.to_json();
    assert_eq!(json["code"], "too_many_spectators", "{json}");
    assert_eq!(json["n"], 0);
    // One leaves: another may come.
    drop(a);
    table.status().await.unwrap();
    assert!(table.connect(&watch()).await.is_ok());
    // A watch for another table is refused as a hello is.
    let other = ClientMessage::Watch { table: "t2".into() }.write();
    let json = table.connect(&other).await.unwrap_err().to_json();
    assert_eq!(json["code"], "wrong_table");
}

#[tokio::test(start_paused = true)]
async fn a_spectator_may_not_play_or_chat_and_is_answered_a_ping() {
    let table = open_table(setup(three(), &[EAST, SOUTH], 1), MemoryLog::default()).await;
    let mut w = Client::watch(&table).await;
    w.chat("hello").await;
    w.act(0, jongg_game::Action::Pick).await;
    w.conn.send(ClientMessage::Ping { id: 9 }).await.unwrap();
    table.status().await.unwrap();
    w.drain();
    let codes: Vec<String> = w.refusals().into_iter().map(|(c, _)| c).collect();
    assert_eq!(codes, ["spectators_only_watch", "spectators_only_watch"]);
    assert!(
        w.got
            .iter()
            .any(|m| matches!(m.message, ServerMessage::Pong { id: 9 }))
    );
}

#[tokio::test(start_paused = true)]
async fn presence_tells_who_is_connected_away_a_bot_or_a_stand_in() {
    let table = open_table(setup(three(), &[EAST, SOUTH], 1), MemoryLog::default()).await;
    let mut w = Client::watch(&table).await;
    let east = Client::connect(&table, EAST, None).await;
    table.status().await.unwrap();
    w.drain();
    let last = |c: &Client| {
        c.got
            .iter()
            .rev()
            .find_map(|m| match &m.message {
                ServerMessage::Presence { seats, spectators } => Some((*seats, *spectators)),
                _ => None,
            })
            .expect("a presence")
    };
    let (seats, spectators) = last(&w);
    assert_eq!(spectators, 1);
    assert_eq!(seats[EAST], Presence::Connected);
    assert_eq!(seats[SOUTH], Presence::Away);
    assert_eq!(seats[WEST], Presence::Bot);
    assert_eq!(seats[Seat::North], Presence::Empty);
    // East leaves; past absent_ms a bot stands in for it and for South.
    drop(east);
    table.start().await.unwrap();
    table.status().await.unwrap();
    tokio::time::sleep(Duration::from_secs(31)).await;
    table.status().await.unwrap();
    w.drain();
    let (seats, _) = last(&w);
    assert_eq!(seats[EAST], Presence::StandIn, "{seats:?}");
    assert_eq!(seats[SOUTH], Presence::StandIn);
}

#[tokio::test(start_paused = true)]
async fn a_chat_line_reaches_every_seat_and_spectator_and_a_newcomer_gets_the_kept_lines() {
    let table = open_table(setup(three(), &[EAST, SOUTH], 1), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    let mut south = Client::connect(&table, SOUTH, None).await;
    let mut w = Client::watch(&table).await;
    east.chat("  good\u{7} luck\n ").await;
    south.chat(&"x".repeat(201)).await;
    south.chat("<b>thanks</b>").await;
    table.status().await.unwrap();
    for c in [&mut east, &mut south, &mut w] {
        c.drain();
        assert_eq!(
            c.chat_lines(),
            [
                (EAST, "good luck".to_string()),
                (SOUTH, "<b>thanks</b>".to_string())
            ]
        );
    }
    assert_eq!(south.refusals()[0].0, "chat_too_long");
    // A spectator who comes later reads the lines kept.
    let mut late = Client::watch(&table).await;
    table.status().await.unwrap();
    late.drain();
    assert_eq!(late.chat_lines().len(), 2);
    // Six lines in a moment: the sixth is refused.
    for i in 0..6 {
        east.chat(&format!("line {i}")).await;
    }
    table.status().await.unwrap();
    east.drain();
    assert_eq!(east.refusals().last().unwrap().0, "chat_too_fast");
    // Chat is never in the game's events.
    let st = table.status().await.unwrap();
    assert!(!format!("{:?}", st.events).contains("luck"));
}

/// The chat's pace is the seat's, not the connection's: five lines, then a
/// reconnect, and the sixth line within the ten seconds is still refused.
#[tokio::test(start_paused = true)]
async fn a_seat_that_reconnects_keeps_its_chat_pace() {
    let table = open_table(setup(three(), &[EAST], 1), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    for i in 0..5 {
        east.chat(&format!("line {i}")).await;
    }
    table.status().await.unwrap();
    east.drain();
    assert!(east.refusals().is_empty());
    let mut again = Client::take_over(&table, EAST).await;
    again.chat("one more").await;
    table.status().await.unwrap();
    again.drain();
    assert_eq!(again.refusals().last().unwrap().0, "chat_too_fast");
    // Ten seconds on, the seat may chat again.
    tokio::time::advance(jongg_play::chat::SPELL).await;
    again.chat("now").await;
    table.status().await.unwrap();
    again.drain();
    assert_eq!(again.refusals().len(), 1, "{:?}", again.refusals());
    assert_eq!(again.chat_lines().last().unwrap().1, "now");
}

#[tokio::test(start_paused = true)]
async fn a_table_whose_chat_is_off_refuses_a_line() {
    let mut s = setup(three(), &[EAST], 1);
    s.settings.chat = false;
    let table = open_table(s, MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    east.chat("hi").await;
    table.status().await.unwrap();
    east.drain();
    assert_eq!(east.refusals()[0].0, "chat_off");
    assert!(east.chat_lines().is_empty());
}

/// A spectator whose connection was cut (it stopped reading, or its socket
/// died without a goodbye) no longer counts: not toward the table's bound,
/// not in the number of spectators told to everyone.
#[tokio::test(start_paused = true)]
async fn a_spectator_whose_connection_is_cut_leaves_its_place_to_another() {
    let mut s = setup(three(), &[EAST], 1);
    s.settings.spectators = 1;
    let table = open_table(s, MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    let mut a = Client::watch(&table).await;
    // Closed as a dead socket's would be: no goodbye reaches the table.
    a.conn.messages.close();
    table.status().await.unwrap();
    east.drain();
    let spectators = east.got.iter().rev().find_map(|m| match &m.message {
        ServerMessage::Presence { spectators, .. } => Some(*spectators),
        _ => None,
    });
    assert_eq!(spectators, Some(0), "{:?}", east.got);
    assert!(table.connect(&watch()).await.is_ok());
}
