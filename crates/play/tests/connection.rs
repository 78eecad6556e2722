//! The handle and a seat's connection, as the server holds them: text read
//! and refused by code, the lag a connection measured, a connection that
//! drops, an owner that has stopped.

mod common;

use common::*;
use jongg_play::MemoryLog;
use jongg_play::protocol::{ClientMessage, ServerMessage};
use jongg_play::public::Presence;
use jongg_play::refusal::RefusalCode;
use jongg_tiles::Seat;
use std::time::Duration;
use tokio::time::advance;

const EAST: Seat = Seat::East;
const MS: Duration = Duration::from_millis(1);
const STOPPED: &str = "the table's owner has stopped";

#[tokio::test(start_paused = true)]
async fn a_message_sent_as_text_is_read_by_the_table_and_an_unreadable_one_refused_by_code() {
    let table = open_table(setup(three(), &[EAST], 1), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    east.conn
        .send_text(r#"{"v":1,"type":"ping","id":7}"#)
        .await
        .unwrap();
    east.conn.send_text("not json").await.unwrap();
    east.conn
        .send_text(r#"{"v":2,"type":"ping","id":8}"#)
        .await
        .unwrap();
    table.status().await.unwrap();
    east.drain();
    assert!(
        east.got
            .iter()
            .any(|m| matches!(m.message, ServerMessage::Pong { id: 7 }))
    );
    let codes: Vec<String> = east.refusals().into_iter().map(|(c, _)| c).collect();
    assert_eq!(codes, ["bad_message", "unsupported_version"]);
}

/// Half of the round trip a connection measured is not charged to its
/// player's clock, at most a second of it (`MAX_LAG`): a player far away
/// has the same time to think as one at the next table.
#[tokio::test(start_paused = true)]
async fn half_a_measured_round_trip_is_not_charged_to_the_clock_up_to_a_second() {
    // East deals to two bots (no Charleston at three, R12): its first
    // discard has 20 s of turn time and 60 s of reserve, then the lag.
    for (rtt, credited) in [
        (Duration::from_millis(400), Duration::from_millis(200)),
        (Duration::from_secs(5), Duration::from_secs(1)),
    ] {
        let table = open_table(setup(three(), &[EAST], 2), MemoryLog::default()).await;
        let east = Client::connect(&table, EAST, None).await;
        table.start().await.unwrap();
        east.conn.lag(rtt).await.unwrap();
        table.status().await.unwrap();
        advance(Duration::from_secs(80) + credited - MS).await;
        let status = table.status().await.unwrap();
        assert_eq!(status.timeouts[EAST], 0, "{rtt:?}: in time");
        advance(MS).await;
        let status = table.status().await.unwrap();
        assert_eq!(status.timeouts[EAST], 1, "{rtt:?}: out of time");
    }
}

/// A connection that ends tells the table at once: the others see the seat
/// away without any other message, and its absence counts from then.
#[tokio::test(start_paused = true)]
async fn a_seat_whose_connection_ends_is_away_at_once_and_its_absence_counts_from_then() {
    let table = open_table(setup(three(), &[EAST], 3), MemoryLog::default()).await;
    let mut w = Client::watch(&table).await;
    let east = Client::connect(&table, EAST, None).await;
    table.status().await.unwrap();
    w.drain();
    drop(east);
    let next = tokio::time::timeout(MS, w.conn.messages.recv())
        .await
        .expect("told before any other message")
        .expect("the table is open");
    assert!(
        matches!(&next.message, ServerMessage::Presence { seats, .. } if seats[EAST] == Presence::Away),
        "{next:?}"
    );
    // Gone since 0 s (not since the next message): a bot stands in at 30 s.
    advance(Duration::from_secs(30) - MS).await;
    assert!(!table.status().await.unwrap().bots[EAST]);
    advance(MS).await;
    assert!(table.status().await.unwrap().bots[EAST]);
}

/// The server stops: `stop` returns once the owner has ended, its seats'
/// connections end, and every later call says the owner has stopped.
#[tokio::test(start_paused = true)]
async fn a_stopped_table_answers_every_call_with_the_owner_stopped() {
    let table = open_table(setup(three(), &[EAST], 4), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    table.status().await.unwrap();
    table.stop().await;
    east.drain();
    let end = tokio::time::timeout(MS, east.conn.messages.recv()).await;
    assert!(matches!(end, Ok(None)), "its messages end: {end:?}");
    assert_eq!(table.status().await.unwrap_err(), STOPPED);
    assert_eq!(table.start().await.unwrap_err(), STOPPED);
    assert_eq!(table.call_time().await.unwrap_err(), STOPPED);
    let ping = ClientMessage::Ping { id: 1 };
    assert_eq!(east.conn.send(ping).await.unwrap_err(), STOPPED);
    assert_eq!(east.conn.send_text("{}").await.unwrap_err(), STOPPED);
    assert_eq!(east.conn.lag(MS).await.unwrap_err(), STOPPED);
    let refused = table.connect(&hello(EAST, None)).await.unwrap_err();
    assert!(matches!(
        refused.message,
        ServerMessage::Refused { code: RefusalCode::NotSaved, ref words, .. } if words == STOPPED
    ));
    // Stopping again is harmless.
    table.stop().await;
}

/// A seat's token is compared whole: one of the same length that differs in
/// two places (whose differences would cancel out if folded by XOR) is not
/// the seat's.
#[tokio::test]
async fn a_token_of_the_same_length_that_differs_is_refused() {
    let table = open_table(setup(three(), &[EAST], 5), MemoryLog::default()).await;
    assert_eq!(token(EAST), "token-east");
    for other in ["token-dart", "token-easu"] {
        let hello = hello(EAST, None).replace("token-east", other);
        let refused = table.connect(&hello).await.unwrap_err();
        assert!(
            matches!(
                refused.message,
                ServerMessage::Refused {
                    code: RefusalCode::UnknownToken,
                    ..
                }
            ),
            "{other}"
        );
    }
    assert!(table.connect(&hello(EAST, None)).await.is_ok());
}

/// A seat taken over (a second tab, a new socket before the old one is
/// closed) is played from the new connection: the old one's messages and
/// its goodbye change nothing.
#[tokio::test(start_paused = true)]
async fn a_replaced_connections_messages_and_goodbye_are_ignored() {
    let table = open_table(setup(three(), &[EAST], 6), MemoryLog::default()).await;
    let old = Client::connect(&table, EAST, None).await;
    let mut new = Client::take_over(&table, EAST).await;
    old.conn.send(ClientMessage::Ping { id: 5 }).await.unwrap();
    new.conn.send(ClientMessage::Ping { id: 6 }).await.unwrap();
    drop(old);
    let status = table.status().await.unwrap();
    assert!(status.connected[EAST], "the new connection stays");
    new.drain();
    let pongs: Vec<u64> = new
        .got
        .iter()
        .filter_map(|m| match m.message {
            ServerMessage::Pong { id } => Some(id),
            _ => None,
        })
        .collect();
    assert_eq!(pongs, [6]);
    // Past the absent time, no bot: the player is here.
    advance(Duration::from_secs(31)).await;
    assert!(!table.status().await.unwrap().bots[EAST]);
}

/// The calling window waits for the slowest seat that may call: half its
/// measured round trip is added for everyone (issue 23.4).
#[tokio::test(start_paused = true)]
async fn the_calling_window_is_longer_by_half_the_slowest_callers_round_trip() {
    let seats = [EAST, Seat::South, Seat::West];
    let table = open_table(setup(three(), &seats, 7), MemoryLog::default()).await;
    let east = Client::connect(&table, EAST, None).await;
    let south = Client::connect(&table, Seat::South, None).await;
    let _west = Client::connect(&table, Seat::West, None).await;
    south.conn.lag(Duration::from_millis(600)).await.unwrap();
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(
        at,
        jongg_game::Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let open = |st: &jongg_game::State| {
        matches!(
            st.phase(),
            jongg_game::Phase::Play(jongg_game::Step::Window(_))
        )
    };
    assert!(open(&now(&table).await.0));
    advance(Duration::from_millis(5_300) - MS).await;
    assert!(open(&now(&table).await.0), "open at 5.299 s");
    advance(MS).await;
    assert!(!open(&now(&table).await.0), "closed at 5.3 s");
}

/// A seat open on one device is not taken by a hello on another (issue
/// 33.5): that hello is refused as open elsewhere; only a hello with
/// `take_over` moves the seat, and the first device is told so, last.
#[tokio::test(start_paused = true)]
async fn a_second_device_is_asked_and_only_an_explicit_take_over_moves_the_seat() {
    let table = open_table(setup(three(), &[EAST], 6), MemoryLog::default()).await;
    let mut first = Client::connect(&table, EAST, None).await;
    let refused = table.connect(&hello(EAST, None)).await.err().unwrap();
    assert_eq!(refused.n, 0);
    assert!(matches!(
        refused.message,
        ServerMessage::Refused {
            code: RefusalCode::SeatOpenElsewhere,
            ..
        }
    ));
    first
        .conn
        .send(ClientMessage::Ping { id: 1 })
        .await
        .unwrap();
    table.status().await.unwrap();
    first.drain();
    assert!(
        first
            .got
            .iter()
            .any(|m| matches!(m.message, ServerMessage::Pong { id: 1 })),
        "the first device still plays the seat"
    );
    let mut second = Client::take_over(&table, EAST).await;
    table.status().await.unwrap();
    first.drain();
    let last = first.got.last().unwrap();
    assert_eq!(last.n, 0);
    assert!(matches!(
        last.message,
        ServerMessage::Refused {
            code: RefusalCode::SeatTakenElsewhere,
            ..
        }
    ));
    second
        .conn
        .send(ClientMessage::Ping { id: 2 })
        .await
        .unwrap();
    table.status().await.unwrap();
    second.drain();
    assert!(
        second
            .got
            .iter()
            .any(|m| matches!(m.message, ServerMessage::Pong { id: 2 }))
    );
    assert!(table.status().await.unwrap().connected[EAST]);
}

/// A connection that has closed (its socket ended; the table not yet told
/// by its goodbye) holds the seat for no one: a hello on another device
/// takes it without asking (issue 33.5).
#[tokio::test(start_paused = true)]
async fn a_hello_after_the_old_connection_closed_plays_the_seat_without_asking() {
    let table = open_table(setup(three(), &[EAST], 6), MemoryLog::default()).await;
    let mut old = Client::connect(&table, EAST, None).await;
    table.status().await.unwrap();
    // The socket's end, without the goodbye its drop would send.
    old.conn.messages.close();
    let new = table.connect(&hello(EAST, None)).await;
    assert!(new.is_ok(), "{:?}", new.err());
}
