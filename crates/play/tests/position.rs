//! A table set up from a position (issue 23, docs/positions.md): it waits
//! for its people as a drawn table waits to deal, lays the position out
//! (no commitment, no contribution, no reveal), and resumes from the text
//! its log holds.

mod common;

use common::*;
use jongg_game::{Action, Table};
use jongg_play::owner::{open, resume};
use jongg_play::protocol::ServerMessage;
use jongg_play::table_log::replay;
use jongg_play::{LogRecord, MemoryLog};
use jongg_tiles::{BySeat, Seat, Tile};

const POSITION: &str = "turn E\nrack E 6C 6C\nrack S 6C J\nwall F";

#[tokio::test(start_paused = true)]
async fn a_table_set_up_from_a_position_is_laid_out_when_its_people_are_there_and_resumes() {
    let log = MemoryLog::default();
    let laid = jongg_play::TableSetup {
        position: Some(POSITION.into()),
        ..setup(Table::standard(), &[Seat::East, Seat::South], 5)
    };
    let table = open_table(laid, log.clone()).await;
    let mut east = Client::connect(&table, Seat::East, None).await;
    east.conn
        .send(jongg_play::protocol::ClientMessage::Contribute {
            bytes: jongg_play::wall::Contribution::new(vec![1, 2]).unwrap(),
        })
        .await
        .unwrap();
    assert!(
        table.status().await.unwrap().state.is_none(),
        "waiting for its people"
    );
    table.start().await.unwrap();
    let (state, at) = now(&table).await;
    assert_eq!(
        (state.rack_len(Seat::East), at),
        (14, 0),
        "East holds fourteen, no event yet"
    );
    east.drain();
    assert_eq!(
        east.refusals(),
        vec![("contribution_closed".to_string(), None)]
    );
    assert!(
        !east.got.iter().any(|m| matches!(
            m.message,
            ServerMessage::Commitment { .. } | ServerMessage::Reveal { .. }
        )),
        "a set-up table draws no wall"
    );
    assert!(east.got.iter().any(
        |m| matches!(&m.message, ServerMessage::View { view: Some(v), .. } if v.hand.len() == 14)
    ));
    east.act(
        0,
        Action::Discard {
            tile: "6C".parse::<Tile>().unwrap(),
        },
    )
    .await;
    let before = table.status().await.unwrap();
    let six = "6C".parse::<Tile>().unwrap();
    assert_eq!(
        before.events[0],
        jongg_game::Event::Discarded {
            seat: Seat::East,
            tile: six
        },
        "the discard, numbered 1"
    );
    let records = log.records();
    assert!(matches!(&records[0], LogRecord::Opened { position: Some(p), .. } if p == POSITION));
    assert_eq!(records[1], LogRecord::SetOut);
    assert!(replay(&records).unwrap().set_out);
    drop(east);
    drop(table);
    let tokens = BySeat::from_fn(|s| Some(token(s)));
    let again = resume("t1".into(), tokens, log, players(1)).await.unwrap();
    let after = again.status().await.unwrap();
    assert_eq!(
        after.state, before.state,
        "laid out again from the text, the discard on it"
    );
    assert_eq!(after.events, before.events);
}

#[tokio::test]
async fn a_position_whose_table_is_not_the_tables_is_refused() {
    let dealer = jongg_play::TableSetup {
        position: Some("dealer S".into()),
        ..setup(Table::standard(), &[Seat::East], 5)
    };
    let e = open(dealer, MemoryLog::default(), players(1))
        .await
        .unwrap_err();
    assert!(e.contains("is not the table's"), "{e}");
    let unreadable = jongg_play::TableSetup {
        position: Some("rack E 9Z".into()),
        ..setup(Table::standard(), &[Seat::East], 5)
    };
    let e = open(unreadable, MemoryLog::default(), players(1))
        .await
        .unwrap_err();
    assert!(e.starts_with("line 1:"), "{e}");
}

/// A table resumed before its start waits for its people again: a set-up
/// table not yet laid out is not laid out by the restart, and a drawn table
/// not yet dealt is not started with an empty state.
#[tokio::test(start_paused = true)]
async fn a_table_resumed_before_its_start_still_waits_for_its_people() {
    for position in [Some(POSITION.to_string()), None] {
        let log = MemoryLog::default();
        let waiting = jongg_play::TableSetup {
            position: position.clone(),
            ..setup(Table::standard(), &[Seat::East, Seat::South], 5)
        };
        let table = open_table(waiting, log.clone()).await;
        assert!(table.status().await.unwrap().state.is_none());
        drop(table);
        let tokens = BySeat::from_fn(|s| Some(token(s)));
        let again = resume("t1".into(), tokens, log, players(1)).await.unwrap();
        let st = again.status().await.unwrap();
        assert!(
            st.state.is_none() && st.events.is_empty(),
            "{position:?}: resumed, it still waits"
        );
    }
}
