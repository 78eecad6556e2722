//! The calling window and the clocks, on tokio's paused time: exact to the
//! millisecond without sleeping.

mod common;

use common::*;
use jongg_game::{Action, Answer, Event, Phase, Step, Table};
use jongg_play::MemoryLog;
use jongg_play::protocol::ServerMessage;
use jongg_tiles::Seat;
use std::time::Duration;
use tokio::time::advance;

const EAST: Seat = Seat::East;
const SOUTH: Seat = Seat::South;
const WEST: Seat = Seat::West;
const NORTH: Seat = Seat::North;
const MS: Duration = Duration::from_millis(1);

#[tokio::test(start_paused = true)]
async fn the_window_stays_open_its_whole_length_then_declines_for_the_silent() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 1),
        MemoryLog::default(),
    )
    .await;
    let east = Client::connect(&table, EAST, None).await;
    let _south = Client::connect(&table, SOUTH, None).await;
    let _west = Client::connect(&table, WEST, None).await;
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let (st, _) = now(&table).await;
    assert!(matches!(st.phase(), Phase::Play(Step::Window(_))));
    advance(Duration::from_secs(5) - MS).await;
    let (st, _) = now(&table).await;
    assert!(
        matches!(st.phase(), Phase::Play(Step::Window(_))),
        "open at 4.999 s"
    );
    advance(MS).await;
    let status = table.status().await.unwrap();
    let declined: Vec<Seat> = status
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Answered {
                seat,
                answer: Answer::Decline,
            } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(declined, vec![SOUTH, WEST], "declined at 5 s");
    assert!(matches!(
        status.state.unwrap().phase(),
        Phase::Play(Step::Turn(t)) if t.seat == SOUTH
    ));
}

#[tokio::test(start_paused = true)]
async fn a_seat_out_of_time_plays_the_default_and_after_two_timeouts_a_bot_plays() {
    let humans = [EAST, SOUTH, WEST, NORTH];
    let table = open_table(setup(Table::standard(), &humans, 2), MemoryLog::default()).await;
    let mut clients = vec![];
    for s in humans {
        clients.push(Client::connect(&table, s, None).await);
    }
    table.start().await.unwrap();
    // East's connection lags 400 ms a round trip: 200 ms are not charged.
    clients[0]
        .conn
        .lag(Duration::from_millis(400))
        .await
        .unwrap();
    // Every command sent is handled before time moves on.
    table.status().await.unwrap();
    // The first pass of the Charleston: 20 s a move, then 60 s of reserve.
    advance(Duration::from_secs(80) - MS).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.timeouts.0, [0; 4]);
    advance(MS).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.timeouts.0, [0, 1, 1, 1]);
    assert_eq!(status.reserve[SOUTH], Duration::ZERO);
    advance(Duration::from_millis(200)).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.timeouts.0, [1; 4], "East's lag was not charged");
    assert_eq!(status.bots.0, [false; 4]);
    // The pass was made with each seat's first three naturals.
    assert!(
        status
            .events
            .iter()
            .any(|e| matches!(e, Event::Passed { .. }))
    );
    // The next pass: no reserve left, 20 s each; a second timeout hands
    // every seat to a bot, and the bots play the game out.
    advance(Duration::from_millis(20_200)).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.bots.0, [true; 4]);
    assert!(matches!(status.state.unwrap().phase(), Phase::Over));
    for c in &mut clients {
        c.drain();
        assert!(c.got.iter().any(|m| matches!(
            m.message,
            ServerMessage::StandIn {
                seat: SOUTH,
                bot: true
            }
        )));
        assert!(
            c.got
                .iter()
                .any(|m| matches!(m.message, ServerMessage::Reveal { .. }))
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_seat_gone_too_long_is_played_by_a_bot_until_its_player_is_back() {
    let humans = [EAST, SOUTH, WEST, NORTH];
    let table = open_table(setup(Table::standard(), &humans, 3), MemoryLog::default()).await;
    let _east = Client::connect(&table, EAST, None).await;
    let _west = Client::connect(&table, WEST, None).await;
    let north = Client::connect(&table, NORTH, None).await;
    table.start().await.unwrap();
    table.status().await.unwrap();
    drop(north);
    table.status().await.unwrap();
    advance(Duration::from_secs(30) - MS).await;
    assert_eq!(table.status().await.unwrap().bots.0, [false; 4]);
    advance(MS).await;
    // South never came, North left at 0 s: both played by bots from 30 s.
    let status = table.status().await.unwrap();
    assert_eq!(status.bots.0, [false, true, false, true]);
    let mut south = Client::connect(&table, SOUTH, None).await;
    let status = table.status().await.unwrap();
    assert_eq!(status.bots.0, [false, false, false, true]);
    south.drain();
    assert!(south.got.iter().any(|m| matches!(
        m.message,
        ServerMessage::StandIn {
            seat: SOUTH,
            bot: false
        }
    )));
}

#[tokio::test(start_paused = true)]
async fn clocks_are_announced_to_every_seat() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 4),
        MemoryLog::default(),
    )
    .await;
    let mut south = Client::connect(&table, SOUTH, None).await;
    let _east = Client::connect(&table, EAST, None).await;
    let _west = Client::connect(&table, WEST, None).await;
    table.start().await.unwrap();
    now(&table).await;
    south.drain();
    assert!(south.got.iter().any(|m| matches!(
        m.message,
        ServerMessage::Clock {
            seat: Some(EAST),
            left_ms: 80_000,
            reserve_ms: 60_000,
            ..
        }
    )));
}

#[tokio::test(start_paused = true)]
async fn a_client_that_stops_reading_is_cut_off_and_counts_as_gone() {
    let humans = [EAST, SOUTH, WEST, NORTH];
    let table = open_table(setup(Table::standard(), &humans, 5), MemoryLog::default()).await;
    let mut clients = vec![];
    for s in humans {
        clients.push(Client::connect(&table, s, None).await);
    }
    // North's messages are never read; its receiver is closed as a dead
    // socket's would be, without a goodbye.
    clients[3].conn.messages.close();
    table.start().await.unwrap();
    table.status().await.unwrap();
    assert!(!table.status().await.unwrap().connected[NORTH]);
    advance(Duration::from_secs(30)).await;
    assert_eq!(
        table.status().await.unwrap().bots.0,
        [false, false, false, true]
    );
}

#[tokio::test(start_paused = true)]
async fn a_bot_waits_the_tables_delay_before_each_move_issue_24_5() {
    let mut s = setup(Table::standard(), &[], 3);
    s.settings.bot_delay_ms = 1_000;
    let table = open_table(s, MemoryLog::default()).await;
    // Four bots: dealt at once, and no bot has moved yet.
    let dealt = table.status().await.unwrap().events.len();
    assert_eq!(dealt, 2, "began and dealt");
    advance(999 * MS).await;
    assert_eq!(table.status().await.unwrap().events.len(), dealt);
    advance(2 * MS).await;
    assert_eq!(table.status().await.unwrap().events.len(), dealt + 1);
    // The next bot waits its own second, counted from then.
    advance(998 * MS).await;
    assert_eq!(table.status().await.unwrap().events.len(), dealt + 1);
    advance(2 * MS).await;
    assert_eq!(table.status().await.unwrap().events.len(), dealt + 2);
}

#[tokio::test(start_paused = true)]
async fn each_move_has_its_own_turn_time_even_when_the_seat_is_awaited_again_at_once() {
    // The bots move at once, so East, a person, is the last of every
    // Charleston step and is awaited again the moment it moves, up to the
    // dealer's first discard. Five moves of 19 s each are five moves inside
    // the 20 s turn time, each with its clock announced; not one move of
    // 95 s that runs through East's 60 s reserve.
    let table = open_table(setup(Table::standard(), &[EAST], 3), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    for step in 1..=5 {
        advance(Duration::from_secs(19)).await;
        let (st, at) = now(&table).await;
        assert!(st.awaiting(EAST), "East is awaited at its move {step}");
        east.act(at, default_move(&st, EAST)).await;
        table.status().await.unwrap();
    }
    let status = table.status().await.unwrap();
    assert_eq!(status.timeouts[EAST], 0);
    assert_eq!(status.reserve[EAST], Duration::from_secs(60));
    let got = east.drain();
    let clocks = got
        .iter()
        .filter(|m| {
            matches!(
                m.message,
                ServerMessage::Clock {
                    seat: Some(EAST),
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        clocks, 6,
        "a turn clock for each of East's moves and the next"
    );
}

#[tokio::test(start_paused = true)]
async fn a_stand_in_has_the_tables_strength_and_a_resumed_table_keeps_it_issue_24() {
    use jongg_game::bot::Strength;
    use jongg_play::owner::{open, resume};
    use jongg_play::{BotFor, Players};
    use jongg_tiles::BySeat;
    use std::sync::{Arc, Mutex};
    // The maker records what the owner asks of it.
    let asked: Arc<Mutex<Vec<(Seat, BotFor)>>> = Arc::default();
    let recording = |asked: Arc<Mutex<Vec<(Seat, BotFor)>>>| {
        let inner = players(1);
        Players {
            judge: inner.judge.clone(),
            bots: Arc::new(move |s: Seat, role: BotFor| {
                asked.lock().unwrap().push((s, role));
                (inner.bots)(s, role)
            }),
        }
    };
    let log = MemoryLog::default();
    let mut s = setup(Table::standard(), &[EAST, SOUTH, WEST, NORTH], 6);
    s.settings.stand_in = Strength::Strong;
    let table = open(s, log.clone(), recording(asked.clone()))
        .await
        .unwrap();
    let _east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    assert!(asked.lock().unwrap().is_empty(), "no bot before 30 s");
    advance(Duration::from_secs(30)).await;
    assert_eq!(
        table.status().await.unwrap().bots.0,
        [false, true, true, true]
    );
    let strong = BotFor::StandIn(Strength::Strong);
    assert_eq!(
        *asked.lock().unwrap(),
        [(SOUTH, strong), (WEST, strong), (NORTH, strong)]
    );
    drop(_east);
    drop(table);
    // After a restart the stand-ins are the table's strength again.
    asked.lock().unwrap().clear();
    let tokens = BySeat::from_fn(|s| Some(token(s)));
    let again = resume("t1".into(), tokens, log, recording(asked.clone()))
        .await
        .unwrap();
    assert_eq!(
        again.status().await.unwrap().bots.0,
        [false, true, true, true]
    );
    assert_eq!(
        *asked.lock().unwrap(),
        [(SOUTH, strong), (WEST, strong), (NORTH, strong)]
    );
}

#[tokio::test(start_paused = true)]
async fn a_turn_clock_runs_only_for_the_person_whose_move_the_table_awaits() {
    // East, a person, plays against bots for a while: a turn clock starts at
    // each of East's own moves and never in another's turn, a calling
    // window (the window has its own clock) or while a bot stands in.
    let table = open_table(setup(Table::standard(), &[EAST], 4), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    let mut moves = 0;
    for _ in 0..60 {
        advance(Duration::from_secs(1)).await;
        let (st, at) = now(&table).await;
        if matches!(st.phase(), Phase::Over) {
            break;
        }
        if !st.awaiting(EAST) {
            continue;
        }
        if !matches!(st.phase(), Phase::Play(Step::Window(_))) {
            moves += 1;
        }
        east.act(at, default_move(&st, EAST)).await;
        table.status().await.unwrap();
    }
    assert!(
        moves > 8,
        "East moved in the Charleston and in play: {moves}"
    );
    let status = table.status().await.unwrap();
    let st = status.state.unwrap();
    let waiting = st.awaiting(EAST)
        && !matches!(
            st.phase(),
            Phase::Play(Step::Window(_)) | Phase::Play(Step::Pick(_)) | Phase::Over
        );
    let clocks = east
        .drain()
        .iter()
        .filter(|m| {
            matches!(
                m.message,
                ServerMessage::Clock {
                    clock: jongg_play::protocol::ClockKind::Turn,
                    seat: Some(EAST),
                    ..
                }
            )
        })
        .count();
    assert_eq!(clocks, moves + usize::from(waiting));
}

#[tokio::test(start_paused = true)]
async fn time_called_stops_the_clock_of_the_seat_it_interrupts_r7() {
    // Time is called while East's clock runs: the game is over, so East's
    // clock runs out on nothing and East is never timed out or replaced.
    let table = open_table(setup(Table::standard(), &[EAST], 5), MemoryLog::default()).await;
    let _east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    advance(Duration::from_secs(5)).await;
    let (st, _) = now(&table).await;
    assert!(st.awaiting(EAST));
    table.call_time().await.unwrap();
    advance(Duration::from_secs(200)).await;
    let status = table.status().await.unwrap();
    assert!(matches!(status.state.unwrap().phase(), Phase::Over));
    assert_eq!(status.timeouts[EAST], 0);
    assert!(!status.bots[EAST]);
}

/// Another clock that runs out during a calling window (here a player
/// gone past `absent_ms`, whom a bot then stands in for) leaves the window
/// open its whole length for the others (issue 23.4).
#[tokio::test(start_paused = true)]
async fn another_clock_running_out_in_a_calling_window_does_not_close_it_early() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 7),
        MemoryLog::default(),
    )
    .await;
    let east = Client::connect(&table, EAST, None).await;
    let _south = Client::connect(&table, SOUTH, None).await;
    table.start().await.unwrap();
    // East discards at 27 s: the window runs to 32 s; West, never here, is
    // gone too long at 30 s.
    advance(Duration::from_secs(27)).await;
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    now(&table).await;
    let south_answered = |events: &[Event]| {
        events
            .iter()
            .any(|e| matches!(e, Event::Answered { seat: SOUTH, .. }))
    };
    advance(Duration::from_secs(5) - MS).await;
    let status = table.status().await.unwrap();
    assert!(status.bots[WEST], "a bot stands in for West from 30 s");
    assert!(!south_answered(&status.events), "open at 31.999 s");
    advance(MS).await;
    assert!(south_answered(&table.status().await.unwrap().events));
}

/// Issue 34.9: a player still connected when two timeouts gave the seat to
/// a stand-in takes it back with their next move, as a player who comes
/// back does: the bot leaves (told to all), the move is the player's, and
/// the seat never has two players.
#[tokio::test(start_paused = true)]
async fn a_player_still_connected_after_two_timeouts_takes_the_seat_back_with_a_move() {
    let mut s = setup(three(), &[EAST], 12);
    // The bots wait a second a move, so the game stands still between steps.
    s.settings.bot_delay_ms = 1_000;
    let log = MemoryLog::default();
    let table = open_table(s, log.clone()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    let mut status = table.status().await.unwrap();
    for _ in 0..2_000 {
        if status.bots[EAST] {
            break;
        }
        advance(Duration::from_millis(500)).await;
        status = table.status().await.unwrap();
    }
    assert!(status.bots[EAST], "two timeouts: a stand-in plays East");
    assert!(status.connected[EAST], "East never left");
    // Wait for a moment the table awaits East (its stand-in not yet moved).
    for _ in 0..2_000 {
        let st = status.state.as_ref().unwrap();
        if st.awaiting(EAST) && !matches!(st.phase(), Phase::Play(Step::Pick(_)) | Phase::Over) {
            break;
        }
        advance(Duration::from_millis(100)).await;
        status = table.status().await.unwrap();
    }
    let st = status.state.clone().unwrap();
    assert!(st.awaiting(EAST), "East's move is due");
    let before = status.events.len() as u64;
    east.drain();
    // A taking back the log cannot store did not happen: the move is refused.
    log.fail(true);
    east.act(before, default_move(&st, EAST)).await;
    table.status().await.unwrap();
    log.fail(false);
    east.drain();
    assert_eq!(east.refusals(), [("not_saved".to_string(), Some(before))]);
    east.got.clear();
    east.act(before, default_move(&st, EAST)).await;
    let after = table.status().await.unwrap();
    east.drain();
    assert_eq!(east.refusals(), [], "the move was taken as East's");
    assert!(!after.bots[EAST], "the bot left the seat");
    assert_eq!(after.timeouts[EAST], 0);
    assert!(after.events.len() as u64 > before, "East's move was played");
    let told = east.got.iter().position(|m| {
        matches!(
            m.message,
            ServerMessage::StandIn {
                seat: EAST,
                bot: false
            }
        )
    });
    let moved = east
        .got
        .iter()
        .position(|m| matches!(&m.message, ServerMessage::Event { at, .. } if *at == before + 1));
    assert!(
        told < moved && told.is_some(),
        "told the bot left, then the move"
    );
}
