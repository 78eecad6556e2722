//! A move that leaves the seat's turn as it was (a Mah Jongg the card does
//! not make, said and not shown; a corrected exposure) does not start its
//! clock again (issue 33.5): the clock runs on, so no one stalls a table.

mod common;

use common::*;
use jongg_game::{Action, Event, Phase, Step};
use jongg_play::MemoryLog;
use jongg_tiles::Seat;
use std::time::Duration;
use tokio::time::advance;

const EAST: Seat = Seat::East;
const MS: Duration = Duration::from_millis(1);

#[tokio::test(start_paused = true)]
async fn a_wrong_mah_jongg_does_not_restart_the_turn_clock() {
    // Three players, no Charleston: East, a person, discards first; its
    // move has 20 s and 60 s of reserve.
    let table = open_table(setup(three(), &[EAST], 5), MemoryLog::default()).await;
    let east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    // The deal, and East's clock started, before time moves on.
    table.status().await.unwrap();
    for _ in 0..3 {
        advance(Duration::from_secs(15)).await;
        let (st, at) = now(&table).await;
        assert!(matches!(st.phase(), Phase::Play(Step::Turn(t)) if t.seat == EAST));
        east.act(at, Action::MahJongg { shown: false }).await;
        table.status().await.unwrap();
    }
    let status = table.status().await.unwrap();
    let wrong = status
        .events
        .iter()
        .filter(|e| matches!(e, Event::FalseMahJongg { seat: EAST, .. }))
        .count();
    assert_eq!(wrong, 3, "each declaration was a wrong one");
    // 45 s gone: the clock runs out at 80 s from the deal, not 80 s from
    // the last declaration.
    advance(Duration::from_secs(35) - MS).await;
    assert_eq!(table.status().await.unwrap().timeouts[EAST], 0);
    advance(MS).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.timeouts[EAST], 1, "out of time at 80 s");
    assert_eq!(status.reserve[EAST], Duration::ZERO);
}
