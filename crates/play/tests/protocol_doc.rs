//! What docs/play-protocol.md says of the smaller points an outside client
//! found (issue 34.9), pinned on tables set up from positions: a discarded
//! joker opens no window, `expose` counts the rack's tiles and `exposed`
//! the whole exposure, which events a claim may name, and the hands made
//! dead with no `dead` event.

mod common;

use common::*;
use jongg_game::{Action, Call, DeadReason, Event, Phase, Step, Table};
use jongg_play::protocol::{ClockKind, ServerMessage};
use jongg_play::{MemoryLog, TableHandle};
use jongg_tiles::{Seat, Tile};

const ALL: [Seat; 4] = Seat::ALL;

/// A table of four people laid out from `position`, each seat connected.
async fn laid_out(position: &str) -> (TableHandle, Vec<Client>) {
    let setup = jongg_play::TableSetup {
        position: Some(position.into()),
        ..setup(Table::standard(), &ALL, 6)
    };
    let table = open_table(setup, MemoryLog::default()).await;
    let mut clients = vec![];
    for s in ALL {
        clients.push(Client::connect(&table, s, None).await);
    }
    table.start().await.unwrap();
    now(&table).await;
    (table, clients)
}

fn tile(t: &str) -> Tile {
    t.parse().unwrap()
}

/// Standard 12 and R16 (`joker_covers`): a discarded joker is dead and
/// cannot be claimed, so no calling window opens on it: no window clock,
/// no answer awaited, and the next seat picks.
#[tokio::test(start_paused = true)]
async fn a_discarded_joker_opens_no_calling_window_standard_12() {
    let (table, mut c) = laid_out("turn E\nrack E J 1B\nrack S J J 5C").await;
    for x in c.iter_mut() {
        x.drain();
    }
    c[0].act(0, Action::Discard { tile: Tile::JOKER }).await;
    let (st, at) = now(&table).await;
    assert!(
        matches!(st.phase(), Phase::Play(Step::Turn(t)) if t.seat == Seat::South),
        "South picked at once: {:?}",
        st.phase()
    );
    let got = c[2].drain();
    assert!(
        !got.iter().any(|m| matches!(
            m.message,
            ServerMessage::Clock {
                clock: ClockKind::Window,
                ..
            }
        )),
        "{got:?}"
    );
    // A claim naming the joker's discard: its window never opened.
    c[2].act(
        1,
        Action::Claim {
            call: Call::Exposure,
        },
    )
    .await;
    now(&table).await;
    c[2].drain();
    assert_eq!(c[2].refusals(), [("window_closed".to_string(), Some(1))]);
    assert!(at >= 3, "discarded, next, picked");
}

/// `expose`'s `naturals` leaves out the claimed tile; the `exposed` event
/// counts it. A claim naming an event after the last discard is refused
/// `bad_message`, one naming any older event `stale_claim`.
#[tokio::test(start_paused = true)]
async fn expose_counts_the_racks_tiles_and_claims_name_the_discard() {
    let (table, mut c) = laid_out("turn E\nrack E 5B 1C\nrack S 5B 5B J\nwall 2D 3D 4D").await;
    c[0].act(0, Action::Discard { tile: tile("5B") }).await;
    c[1].act(
        1,
        Action::Claim {
            call: Call::Exposure,
        },
    )
    .await;
    // Event 2 is South's claim: no discard, after the last one.
    c[2].act(2, Action::Decline).await;
    c[2].act(1, Action::Decline).await;
    c[3].act(1, Action::Decline).await;
    let (st, _) = now(&table).await;
    assert!(matches!(st.phase(), Phase::Play(Step::Turn(t)) if t.must_expose.is_some()));
    c[1].act(
        0,
        Action::Expose {
            naturals: 2,
            jokers: 0,
        },
    )
    .await;
    let (_, at) = now(&table).await;
    let status = table.status().await.unwrap();
    let exposure = status.events.iter().find_map(|e| match e {
        Event::Exposed { exposure, .. } => Some(*exposure),
        _ => None,
    });
    let exposure = exposure.expect("exposed");
    assert_eq!(
        (exposure.naturals, exposure.jokers),
        (3, 0),
        "the claimed 5B and two more"
    );
    // South discards; West names the `exposed` event, older than that discard.
    c[1].act(at, Action::Discard { tile: Tile::JOKER }).await;
    c[2].act(
        at,
        Action::Claim {
            call: Call::Exposure,
        },
    )
    .await;
    now(&table).await;
    c[2].drain();
    assert_eq!(
        c[2].refusals(),
        [
            ("bad_message".to_string(), Some(2)),
            ("stale_claim".to_string(), Some(at))
        ]
    );
}

/// A shown false Mah Jongg makes the declarer's hand dead, and a throw-in
/// the thrower's, with no `dead` event: the view's `dead` shows them (R8).
#[tokio::test(start_paused = true)]
async fn a_shown_false_mah_jongg_and_a_throw_in_make_hands_dead_without_a_dead_event() {
    let (table, c) = laid_out("turn E\nrack E 1B 2B 3B").await;
    c[0].act(0, Action::MahJongg { shown: true }).await;
    let (st, at) = now(&table).await;
    assert!(
        matches!(st.phase(), Phase::Play(Step::Error { .. })),
        "{:?}",
        st.phase()
    );
    c[1].act(at, Action::ThrowIn).await;
    now(&table).await;
    let status = table.status().await.unwrap();
    assert!(
        !status
            .events
            .iter()
            .any(|e| matches!(e, Event::Dead { .. })),
        "{:?}",
        status.events
    );
    let mut west = Client::take_over(&table, Seat::West).await;
    now(&table).await;
    let view = west
        .drain()
        .into_iter()
        .find_map(|m| match m.message {
            ServerMessage::View { view, .. } => view,
            _ => None,
        })
        .unwrap();
    assert_eq!(view.dead[Seat::East], Some(DeadReason::MahJonggInError));
    assert_eq!(view.dead[Seat::South], Some(DeadReason::ExposedInError));
    drop(c);
}
