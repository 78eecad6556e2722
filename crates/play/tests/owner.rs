//! The table's owner through the protocol: the claim race, a reconnect in
//! the middle of a calling window, a resume from the log, a failed store.

mod common;

use common::*;
use jongg_game::{Action, Call, Event, Phase, Step};
use jongg_play::MemoryLog;
use jongg_play::owner::resume;
use jongg_play::protocol::ServerMessage;
use jongg_play::public::Presence;
use jongg_play::refusal::RefusalCode;
use jongg_tiles::{BySeat, Seat};

const EAST: Seat = Seat::East;
const SOUTH: Seat = Seat::South;
const WEST: Seat = Seat::West;

fn in_window(state: &jongg_game::State) -> bool {
    matches!(state.phase(), Phase::Play(Step::Window(_)))
}

#[tokio::test(start_paused = true)]
async fn a_claim_naming_an_old_discard_is_refused_as_stale() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 1),
        MemoryLog::default(),
    )
    .await;
    let mut c = [
        Client::connect(&table, EAST, None).await,
        Client::connect(&table, SOUTH, None).await,
        Client::connect(&table, WEST, None).await,
    ];
    let (e, s, w) = (0, 1, 2);
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    let first = hand(&st, EAST)[0];
    c[e].act(at, Action::Discard { tile: first }).await;
    let (st, discard) = now(&table).await;
    assert!(in_window(&st));
    c[s].act(discard, Action::Decline).await;
    c[w].act(discard, Action::Decline).await;
    // South picks (the table picks for it) and discards.
    let (st, at) = now(&table).await;
    let tile = hand(&st, SOUTH)[0];
    c[s].act(at, Action::Discard { tile }).await;
    let (before, second) = now(&table).await;
    assert!(in_window(&before) && second > discard);
    // West's claim names East's discard, which is past.
    c[w].act(
        discard,
        Action::Claim {
            call: Call::Exposure,
        },
    )
    .await;
    let (after, at) = now(&table).await;
    c[w].drain();
    assert_eq!(
        c[w].refusals(),
        vec![("stale_claim".to_string(), Some(discard))]
    );
    assert_eq!((after, at), (before, second), "nothing changed");
    // The window on South's discard closes; a late decline names it.
    c[e].act(second, Action::Decline).await;
    c[w].act(second, Action::Decline).await;
    c[e].act(second, Action::Decline).await;
    now(&table).await;
    c[e].drain();
    assert_eq!(
        c[e].refusals(),
        vec![("window_closed".to_string(), Some(second))]
    );
    // An action naming an event that has not happened is refused too.
    c[w].act(10_000, Action::Decline).await;
    now(&table).await;
    c[w].drain();
    assert_eq!(c[w].refusals()[1].0, "unknown_event");
}

#[tokio::test(start_paused = true)]
async fn a_reconnect_in_a_calling_window_gets_exactly_what_it_missed() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 2),
        MemoryLog::default(),
    )
    .await;
    let east = Client::connect(&table, EAST, None).await;
    let south = Client::connect(&table, SOUTH, None).await;
    let mut west = Client::connect(&table, WEST, None).await;
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let (_, discard) = now(&table).await;
    west.drain();
    let run = table.status().await.unwrap().run;
    let seen = west.last_seen(run);
    drop(west);
    south.act(discard, Action::Decline).await;
    let status = table.status().await.unwrap();
    assert!(!status.connected[WEST]);
    let missed: Vec<_> = status.kept[WEST]
        .iter()
        .filter(|m| m.n > seen.n)
        .cloned()
        .collect();
    // South's decline is not told to West while the window is open (a
    // pass is silent): it comes when the window closes (issue 34.9).
    let south_answered = |m: &jongg_play::protocol::Numbered| {
        matches!(
            &m.message,
            ServerMessage::Event {
                event: Event::Answered { seat: SOUTH, .. },
                ..
            }
        )
    };
    assert!(!missed.iter().any(south_answered), "{missed:?}");
    let mut west = Client::connect(&table, WEST, Some(seen)).await;
    now(&table).await;
    let got = west.drain();
    assert_eq!(
        got[..missed.len()],
        missed[..],
        "exactly the missed messages"
    );
    // Then the welcome, and who is here now that West is back.
    assert_eq!(got.len(), missed.len() + 2);
    assert!(matches!(
        got[missed.len()].message,
        ServerMessage::Welcome {
            resumed: true,
            seat: WEST,
            ..
        }
    ));
    assert!(matches!(
        &got[missed.len() + 1].message,
        ServerMessage::Presence { seats, .. } if seats[WEST] == Presence::Connected
    ));
    // The window is still open for West, on the same discard.
    west.act(discard, Action::Decline).await;
    let (st, _) = now(&table).await;
    assert!(!in_window(&st));
    let after = west.drain();
    assert!(west.refusals().is_empty());
    assert!(
        after.iter().any(south_answered),
        "told at the close: {after:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_resumed_table_has_the_same_state_and_every_acknowledged_action() {
    let log = MemoryLog::default();
    let seats = [EAST, SOUTH, WEST, Seat::North];
    let table = open_table(setup(jongg_game::Table::standard(), &seats, 3), log.clone()).await;
    let mut clients = vec![];
    for s in seats {
        clients.push(Client::connect(&table, s, None).await);
    }
    table.start().await.unwrap();
    // Two passes of the Charleston, every seat passing its first three naturals.
    for _ in 0..2 {
        for (i, s) in seats.into_iter().enumerate() {
            let (st, at) = now(&table).await;
            clients[i].act(at, default_move(&st, s)).await;
        }
    }
    let before = table.status().await.unwrap();
    let acknowledged: Vec<u64> = clients
        .iter_mut()
        .flat_map(|c| c.drain())
        .filter_map(|m| match m.message {
            ServerMessage::Event { at, .. } => Some(at),
            _ => None,
        })
        .collect();
    assert!(acknowledged.len() > 8);
    drop(clients);
    drop(table);
    let tokens = BySeat::from_fn(|s| Some(token(s)));
    let again = resume("t1".into(), tokens, log, players(1)).await.unwrap();
    let after = again.status().await.unwrap();
    assert_eq!(after.run, 1);
    assert_eq!(after.state, before.state);
    assert_eq!(after.events, before.events);
    assert!(
        acknowledged
            .iter()
            .all(|at| *at as usize <= after.events.len())
    );
    // A client of the old run gets the whole view, numbered anew.
    let mut east = Client::connect(
        &again,
        EAST,
        Some(jongg_play::protocol::Seen { run: 0, n: 5 }),
    )
    .await;
    now(&again).await;
    let got = east.drain();
    assert!(matches!(
        got[0].message,
        ServerMessage::Welcome {
            resumed: false,
            run: 1,
            ..
        }
    ));
    assert!(
        matches!(&got[1].message, ServerMessage::View { at, view: Some(_) } if *at == after.events.len() as u64)
    );
}

#[tokio::test(start_paused = true)]
async fn a_move_the_log_cannot_store_did_not_happen_and_is_told_to_no_one() {
    let log = MemoryLog::default();
    let table = open_table(setup(three(), &[EAST, SOUTH, WEST], 4), log.clone()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    let mut south = Client::connect(&table, SOUTH, None).await;
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.drain();
    south.drain();
    log.fail(true);
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let (after, at_after) = now(&table).await;
    assert_eq!((&after, at_after), (&st, at));
    let got = east.drain();
    assert_eq!(east.refusals(), vec![("not_saved".to_string(), Some(at))]);
    assert!(
        got.iter()
            .all(|m| !matches!(m.message, ServerMessage::Event { .. }))
    );
    assert!(south.drain().is_empty());
}

#[tokio::test]
async fn a_hello_for_another_table_or_with_an_unknown_token_is_refused() {
    let table = open_table(setup(three(), &[EAST], 5), MemoryLog::default()).await;
    let refused = |m: jongg_play::protocol::Numbered| match m.message {
        ServerMessage::Refused { code, .. } => (m.n, code),
        other => panic!("{other:?}"),
    };
    let wrong = hello(EAST, None).replace("t1", "t2");
    assert_eq!(
        refused(table.connect(&wrong).await.unwrap_err()),
        (0, RefusalCode::WrongTable)
    );
    let unknown = hello(SOUTH, None);
    assert_eq!(
        refused(table.connect(&unknown).await.unwrap_err()),
        (0, RefusalCode::UnknownToken)
    );
    let ping = r#"{"v":1,"type":"ping","id":1}"#;
    assert_eq!(
        refused(table.connect(ping).await.unwrap_err()),
        (0, RefusalCode::BadMessage)
    );
}

#[tokio::test]
async fn no_message_before_the_deal_holds_the_seed_and_the_reveal_matches_the_commitment() {
    let setup = setup(three(), &[EAST, SOUTH, WEST], 6);
    let seed_hex: String = setup
        .secret
        .bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let table = open_table(setup, MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    table.status().await.unwrap();
    let before_deal = east.drain();
    let commitment = before_deal
        .iter()
        .find_map(|m| match &m.message {
            ServerMessage::Welcome { commitment, .. } => Some(*commitment),
            _ => None,
        })
        .expect("the welcome carries the commitment");
    assert_eq!(
        before_deal.len(),
        3,
        "welcome, view, presence: {before_deal:?}"
    );
    // Message 1, the commitment told at the opening, is kept for a reconnect.
    let kept = table.status().await.unwrap().kept[EAST].clone();
    assert!(
        matches!(kept[0].message, ServerMessage::Commitment { commitment: c } if c == commitment)
    );
    for m in before_deal.iter().chain(&kept) {
        assert!(!m.to_text().contains(&seed_hex), "{}", m.to_text());
    }
    // Everyone gone: bots play the game out, and the seed is revealed.
    drop(east);
    table.status().await.unwrap();
    tokio::time::pause();
    tokio::time::advance(std::time::Duration::from_secs(31)).await;
    let status = table.status().await.unwrap();
    let reveal = status.kept[EAST]
        .iter()
        .find_map(|m| match &m.message {
            ServerMessage::Reveal { proof } => Some(proof.clone()),
            _ => None,
        })
        .expect("revealed after the game");
    assert_eq!(reveal.commitment, commitment);
    assert_eq!(reveal.seed.commitment(), commitment);
}

/// R7: the round's clock calls time at a live table: the game ends where
/// it stands, stored before told, every seat told the end and the wall's
/// proof; called again, or before a deal, it is refused with why.
#[tokio::test(start_paused = true)]
async fn r7_time_called_ends_the_game_stored_and_told_to_every_seat() {
    let log = MemoryLog::default();
    let fresh = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 5),
        MemoryLog::default(),
    )
    .await;
    assert_eq!(
        fresh.call_time().await.unwrap_err(),
        "the game has not been dealt"
    );
    let table = open_table(setup(three(), &[EAST, SOUTH, WEST], 5), log.clone()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    let mut south = Client::connect(&table, SOUTH, None).await;
    table.start().await.unwrap();
    now(&table).await;
    east.drain();
    south.drain();
    table.call_time().await.unwrap();
    let status = table.status().await.unwrap();
    assert!(matches!(
        status.events.last(),
        Some(Event::Ended { outcome }) if outcome.ending == jongg_game::Ending::TimeCalled
    ));
    assert!(log.records().iter().any(|r| r.ends_game()));
    for client in [&mut east, &mut south] {
        let got = client.drain();
        assert!(got.iter().any(|m| matches!(
            &m.message,
            ServerMessage::Event {
                event: Event::Ended { .. },
                ..
            }
        )));
        assert!(
            got.iter()
                .any(|m| matches!(m.message, ServerMessage::Reveal { .. }))
        );
    }
    assert_eq!(table.call_time().await.unwrap_err(), "the game is over");
}

/// The judge and the bot maker are closures: a table's players show in
/// debug output (the server's state, a test's failure) by name only.
#[test]
fn a_tables_players_show_by_name_only() {
    assert_eq!(format!("{:?}", players(1)), "Players");
}

/// A glance (the server's resume asks it of every table it resumes) says
/// whether the game was dealt and how it ended, from the owner's state;
/// the status's events are the log's, read back.
#[tokio::test(start_paused = true)]
async fn a_glance_says_whether_the_game_was_dealt_and_is_over() {
    let log = MemoryLog::default();
    let table = open_table(setup(three(), &[EAST, SOUTH], 6), log.clone()).await;
    let glance = |g: jongg_play::Glance| (g.dealt, g.over());
    assert_eq!(glance(table.glance().await.unwrap()), (false, false));
    table.start().await.unwrap();
    let (_, at) = now(&table).await;
    assert!(at > 0);
    assert_eq!(glance(table.glance().await.unwrap()), (true, false));
    table.call_time().await.unwrap();
    let ended = table.glance().await.unwrap();
    assert_eq!(glance(ended.clone()), (true, true));
    let status = table.status().await.unwrap();
    let logged = jongg_play::table_log::replay(&log.records())
        .unwrap()
        .events;
    assert_eq!(status.events, logged);
    assert!(matches!(status.events.last(), Some(Event::Ended { .. })));
    // The glance's outcome is the one the log's end holds.
    assert!(matches!(
        status.events.last(),
        Some(Event::Ended { outcome }) if Some(outcome) == ended.outcome.as_ref()
    ));
}

/// Issue 34.9: the whole view in a calling window names the discard a
/// claim must answer (the seat's situation and the public one), and a
/// seat's answer is told at once only to that seat: the others learn the
/// window's answers, in order, when it closes (a pass is silent).
#[tokio::test(start_paused = true)]
async fn a_window_names_its_discard_and_keeps_each_answer_to_its_seat_until_it_closes() {
    use jongg_game::{Answer, Situation};
    use jongg_play::public::PublicSituation;
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 5),
        MemoryLog::default(),
    )
    .await;
    let east = Client::connect(&table, EAST, None).await;
    let mut south = Client::connect(&table, SOUTH, None).await;
    let mut west = Client::connect(&table, WEST, None).await;
    let mut watcher = Client::watch(&table).await;
    table.start().await.unwrap();
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let (_, discard) = now(&table).await;
    south.act(discard, Action::Decline).await;
    now(&table).await;
    let answered = |got: &[jongg_play::protocol::Numbered]| -> Vec<(u64, Seat)> {
        got.iter()
            .filter_map(|m| match &m.message {
                ServerMessage::Event {
                    at,
                    event: Event::Answered { seat, .. },
                } => Some((*at, *seat)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        answered(&south.drain()),
        [(discard + 1, SOUTH)],
        "its own, at once"
    );
    assert_eq!(answered(&west.drain()), [], "not West's to know yet");
    assert_eq!(answered(&watcher.drain()), [], "nor a spectator's");
    // A new connection's whole view names the discard and shows South as
    // still awaited, as every seat that may call is until the close.
    let mut west = Client::take_over(&table, WEST).await;
    let mut late = Client::watch(&table).await;
    now(&table).await;
    let view = west
        .drain()
        .into_iter()
        .find_map(|m| match m.message {
            ServerMessage::View { view, .. } => view,
            _ => None,
        })
        .unwrap();
    assert!(
        matches!(view.situation, Situation::Window { at: Some(a), answer: None, .. } if a == discard),
        "{:?}",
        view.situation
    );
    assert!(view.awaiting[SOUTH] && view.awaiting[WEST] && !view.awaiting[EAST]);
    let public = late
        .drain()
        .into_iter()
        .find_map(|m| match m.message {
            ServerMessage::PublicView { view, .. } => view,
            _ => None,
        })
        .unwrap();
    assert_eq!(
        public.situation,
        PublicSituation::Window { at: Some(discard) }
    );
    assert!(public.awaiting[SOUTH] && public.awaiting[WEST]);
    // West answers the discard the view named; the window closes and
    // everyone is told both answers, in order, before what follows.
    let Situation::Window {
        at: Some(named), ..
    } = view.situation
    else {
        unreachable!()
    };
    west.act(named, Action::Decline).await;
    now(&table).await;
    let got = west.drain();
    assert_eq!(west.refusals(), []);
    // West's answer closed the window: it is told with South's, in order.
    assert_eq!(answered(&got), [(discard + 1, SOUTH), (discard + 2, WEST)]);
    let next = got.iter().position(|m| {
        matches!(
            &m.message,
            ServerMessage::Event {
                event: Event::Next { .. },
                ..
            }
        )
    });
    let south_told = got
        .iter()
        .position(|m| matches!(&m.message, ServerMessage::Event { at, .. } if *at == discard + 1));
    assert!(south_told < next && next.is_some(), "{got:?}");
    for w in [&mut watcher, &mut late] {
        let got = w.drain();
        let events: Vec<u64> = got
            .iter()
            .filter_map(|m| match &m.message {
                ServerMessage::Event { at, .. } => Some(*at),
                _ => None,
            })
            .collect();
        assert!(
            events.windows(2).all(|p| p[0] < p[1]),
            "in order: {events:?}"
        );
        assert_eq!(answered(&got), [(discard + 1, SOUTH), (discard + 2, WEST)]);
    }
    assert!(
        !south.drain().iter().any(|m| matches!(
            &m.message,
            ServerMessage::Event {
                event: Event::Answered {
                    seat: SOUTH,
                    answer: Answer::Decline
                },
                ..
            }
        )),
        "South is not told its own answer twice"
    );
}
