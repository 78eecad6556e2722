//! The owner's moves: the seats' contributions to the fair wall and the
//! deal, an action before the deal, the default the table plays for a seat
//! out of time, a bot's move the rules refuse.

mod common;

use common::*;
use jongg_game::bot::Bot;
use jongg_game::{Action, Call, Event, Game, Judge, Phase, Table, View};
use jongg_play::protocol::{ClientMessage, ServerMessage};
use jongg_play::wall::{Contribution, ServerSeed, fair_wall};
use jongg_play::{MemoryLog, Players, TableHandle};
use jongg_tiles::{BySeat, Seat, Tile};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::advance;

const EAST: Seat = Seat::East;
const SOUTH: Seat = Seat::South;
const WEST: Seat = Seat::West;

fn bytes(b: &[u8]) -> Contribution {
    Contribution::new(b.to_vec()).unwrap()
}

async fn contribute(c: &Client, b: &[u8]) {
    let bytes = bytes(b);
    c.conn
        .send(ClientMessage::Contribute { bytes })
        .await
        .unwrap();
}

fn dealt(events: &[Event]) -> Option<&Event> {
    events.iter().find(|e| matches!(e, Event::Dealt { .. }))
}

/// The fair wall (issue 23.2): the table deals once every player has
/// contributed, from the seed and every contribution, each seat's once and
/// before the deal; the reveal names them all.
#[tokio::test(start_paused = true)]
async fn the_wall_is_dealt_from_every_players_contribution_once_all_have_given_one() {
    let log = MemoryLog::default();
    let table = open_table(setup(three(), &[EAST, SOUTH, WEST], 7), log.clone()).await;
    let mut c = [
        Client::connect(&table, EAST, None).await,
        Client::connect(&table, SOUTH, None).await,
        Client::connect(&table, WEST, None).await,
    ];
    contribute(&c[0], b"east").await;
    contribute(&c[0], b"again").await;
    // Every message sent is handled before the log fails.
    table.status().await.unwrap();
    // A contribution the log cannot store is not one: South gives it again.
    log.fail(true);
    contribute(&c[1], b"south").await;
    table.status().await.unwrap();
    log.fail(false);
    contribute(&c[1], b"south").await;
    let status = table.status().await.unwrap();
    assert!(status.state.is_none(), "West has not contributed");
    contribute(&c[2], b"west").await;
    let status = table.status().await.unwrap();
    assert!(status.state.is_some(), "dealt without being told to start");
    contribute(&c[2], b"late").await;
    table.status().await.unwrap();
    let codes: Vec<Vec<String>> = c
        .iter_mut()
        .map(|c| {
            c.drain();
            c.refusals().into_iter().map(|(code, _)| code).collect()
        })
        .collect();
    assert_eq!(
        codes,
        [
            vec!["already_contributed"],
            vec!["not_saved"],
            vec!["contribution_closed"]
        ]
    );
    // The deal is the wall of the seed and the three contributions.
    let given = BySeat::from_fn(|s| match s {
        EAST => bytes(b"east"),
        SOUTH => bytes(b"south"),
        WEST => bytes(b"west"),
        _ => Contribution::default(),
    });
    let secret = ServerSeed::from_bytes([7; 32]);
    let judge = players(1).judge;
    let deal = |wall| dealt(Game::from_wall(three(), wall, &*judge).unwrap().events()).cloned();
    let expected = deal(fair_wall(&secret, &given));
    assert_eq!(dealt(&status.events), expected.as_ref());
    let without = deal(fair_wall(&secret, &BySeat::default()));
    assert_ne!(expected, without, "the contributions change the wall");
    // Time called: the reveal lists every contribution.
    table.call_time().await.unwrap();
    table.status().await.unwrap();
    c[0].drain();
    let proof = c[0]
        .got
        .iter()
        .find_map(|m| match &m.message {
            ServerMessage::Reveal { proof } => Some(proof.clone()),
            _ => None,
        })
        .expect("revealed");
    assert_eq!(proof.contributions, given);
}

#[tokio::test(start_paused = true)]
async fn an_action_before_the_deal_is_refused_as_not_dealt() {
    let table = open_table(setup(three(), &[EAST, SOUTH], 8), MemoryLog::default()).await;
    let mut east = Client::connect(&table, EAST, None).await;
    east.act(0, Action::Pick).await;
    table.status().await.unwrap();
    east.drain();
    assert_eq!(east.refusals(), [("not_dealt".to_string(), Some(0))]);
}

/// The tiles East discarded, in order, and the tile it picked before each.
fn east_discards(events: &[Event]) -> Vec<(Option<Tile>, Tile)> {
    let mut picked = None;
    let mut out = vec![];
    for e in events {
        match e {
            Event::Dealt { hands } => picked = hands[EAST].as_ref().and_then(|h| h.last().copied()),
            Event::Picked { seat: EAST, tile } => picked = *tile,
            Event::Discarded { seat: EAST, tile } => out.push((picked, *tile)),
            _ => {}
        }
    }
    out
}

/// Out of time (issue 23.4), a seat discards the tile it picked last: the
/// dealer its fourteenth, dealt last; later the tile the table picked for it.
#[tokio::test(start_paused = true)]
async fn out_of_time_a_seat_discards_the_tile_it_picked_last_the_dealer_its_fourteenth() {
    let table = open_table(setup(three(), &[EAST], 9), MemoryLog::default()).await;
    let _east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    let mut state = table.status().await.unwrap();
    // The first timeout (20 s and the 60 s reserve), then a second of 20 s.
    for _ in 0..400 {
        if state.timeouts[EAST] == 2 {
            break;
        }
        advance(Duration::from_secs(1)).await;
        state = table.status().await.unwrap();
    }
    assert_eq!(state.timeouts[EAST], 2);
    let discards = east_discards(&state.events);
    assert!(discards.len() >= 2, "{discards:?}");
    let hands = first_naturals(&state.events);
    for (i, (picked, discarded)) in discards.iter().take(2).enumerate() {
        assert_eq!(Some(*discarded), *picked, "discard {i}");
        // Not only the first natural kind held (the default without a pick).
        assert_ne!(Some(*discarded), hands[i], "discard {i}");
    }
}

/// East's first natural kind held before each of its discards.
fn first_naturals(events: &[Event]) -> Vec<Option<Tile>> {
    let mut out = vec![];
    for (i, e) in events.iter().enumerate() {
        if matches!(e, Event::Discarded { seat: EAST, .. }) {
            let state = jongg_game::State::fold(&events[..i]);
            let rack = hand(&state, EAST);
            out.push(Tile::all_kinds().find(|t| !t.is_joker() && rack.contains(t)));
        }
    }
    out
}

/// A bot that always asks to pick: the rules refuse it everywhere but at a pick.
struct AlwaysPicks;

impl Bot for AlwaysPicks {
    fn name(&self) -> &'static str {
        "always-picks"
    }
    fn act(&mut self, _: &View<'_>, _: &dyn Judge) -> Action {
        Action::Pick
    }
}

/// A bot's move the rules refuse is replaced by the safe default, so that a
/// table of bots always plays on to the end.
#[tokio::test(start_paused = true)]
async fn a_bots_move_the_rules_refuse_is_replaced_by_the_safe_default() {
    let players = Players {
        judge: players(1).judge,
        bots: Arc::new(|_, _| -> Box<dyn Bot + Send> { Box::new(AlwaysPicks) }),
    };
    let table: TableHandle = jongg_play::owner::open(
        setup(Table::standard(), &[], 10),
        MemoryLog::default(),
        players,
    )
    .await
    .unwrap();
    let status = table.status().await.unwrap();
    assert!(matches!(status.state.unwrap().phase(), Phase::Over));
    assert!(
        status
            .events
            .iter()
            .any(|e| matches!(e, Event::Passed { .. }))
    );
}

/// A claim names its discard (issue 23.3): one that names an event after
/// the discard which is not a discard is refused as such, not as a stale
/// claim.
#[tokio::test(start_paused = true)]
async fn a_claim_naming_an_event_that_is_not_a_discard_is_refused_as_such() {
    let table = open_table(
        setup(three(), &[EAST, SOUTH, WEST], 11),
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
    south.act(discard, Action::Decline).await;
    let (_, answered) = now(&table).await;
    assert_eq!(answered, discard + 1, "South's answer");
    west.act(
        answered,
        Action::Claim {
            call: Call::Exposure,
        },
    )
    .await;
    table.status().await.unwrap();
    west.drain();
    assert_eq!(
        west.refusals(),
        [("bad_message".to_string(), Some(answered))]
    );
}

/// A bot's delay (issue 24.5) counts from when its move became due: a
/// person's turn before it does not count toward it.
#[tokio::test(start_paused = true)]
async fn a_bots_delay_counts_from_when_its_move_became_due_not_during_a_persons_turn() {
    let mut s = setup(three(), &[EAST], 12);
    s.settings.bot_delay_ms = 1_000;
    let table = open_table(s, MemoryLog::default()).await;
    let east = Client::connect(&table, EAST, None).await;
    table.start().await.unwrap();
    // Dealt at 0 s: East's turn, no bot's.
    now(&table).await;
    advance(Duration::from_millis(500)).await;
    let (st, at) = now(&table).await;
    east.act(
        at,
        Action::Discard {
            tile: hand(&st, EAST)[0],
        },
    )
    .await;
    let (_, discard) = now(&table).await;
    // The bots may answer from 1.5 s, not from 1 s.
    advance(Duration::from_millis(999)).await;
    assert_eq!(now(&table).await.1, discard, "no answer at 1.499 s");
    advance(Duration::from_millis(1)).await;
    assert_eq!(now(&table).await.1, discard + 1, "one answer at 1.5 s");
}
