//! Live tables on the server (issue 23, points 2 and 3), over real
//! WebSockets to a real server on a loopback port: a table created and
//! listed, whole games, a person's discards, a reconnect in a calling
//! window, the claim race, a restart that resumes every open table, and
//! hidden information on the wire (`play/hidden.rs`).

mod common;

#[path = "play/client.rs"]
mod client;

#[path = "play/hidden.rs"]
mod hidden;

#[path = "play/position.rs"]
mod position;

use client::{SeatClient, next_message, open_socket};
use common::{App, expect, refused};
use jongg_game::{Action, Call, Event, Phase, Step};
use jongg_play::protocol::ServerMessage;
use jongg_store::Backend;
use jongg_tiles::Seat;
use serde_json::{Value, json};

/// Creates a table with `seats`; its id and East's token (if a person).
fn create(app: &App, seats: Value) -> (String, Value) {
    let body = expect(
        app.public().post(
            "/api/play/tables",
            &json!({ "rules": "standard", "seats": seats }),
        ),
        201,
    );
    (body["id"].as_str().unwrap().to_string(), body)
}

fn token(body: &Value, seat: &str) -> String {
    body["seats"][seat]["token"].as_str().unwrap().to_string()
}

fn one_person() -> Value {
    json!({"east": "person", "south": "easy", "west": "medium", "north": "strong"})
}

/// This seat's turn, with nothing left to expose: a discard is its move.
/// (A turn that began with a claim must expose first; a discard there is
/// refused, and the seat's clock would run out into the safe default.)
fn in_turn(c: &SeatClient) -> bool {
    matches!(c.state.phase(), Phase::Play(Step::Turn(t))
        if Some(t.seat) == c.seat && t.must_expose.is_none())
}

fn in_window(c: &SeatClient) -> bool {
    matches!(c.state.phase(), Phase::Play(Step::Window(_)))
}

#[test]
fn a_table_is_created_listed_and_played_to_its_end_by_a_person_and_three_bots() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, body) = create(&app, one_person());
    let east = token(&body, "east");
    assert_eq!(east.len(), 64);
    assert_eq!(
        body["seats"]["east"]["page"],
        format!("/play/{id}?seat=east&token={east}")
    );
    assert_eq!(body["socket"], format!("/api/play/tables/{id}/ws"));
    assert!(
        body["seats"].get("south").is_none(),
        "a bot's seat has no token"
    );
    let list = expect(app.public().get("/api/play/tables"), 200);
    let listed = &list["tables"][0];
    assert_eq!(listed["id"], id);
    assert_eq!(
        (listed["persons"].as_u64(), listed["bots"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(listed["seats"]["north"], "strong");
    assert_eq!(listed["started"], false);
    assert_eq!(listed["kind"], "practice");
    assert_eq!(listed["set_up"], false, "a drawn wall");
    let addr = app.addr;
    let c = app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, &id, &east)
            .await
            .with_bot(true, 1);
        c.contribute(b"east's own randomness").await;
        c.play_until(|_| false).await;
        c
    });
    assert!(c.ended(), "the game ended and the seed was revealed");
    // Every message numbered on from the welcome (the table's commitment,
    // number 1, came before East joined), and every event seen in order.
    let first = c.got[0].n;
    assert!(matches!(c.got[0].message, ServerMessage::Welcome { .. }));
    for (i, m) in c.got.iter().enumerate() {
        assert_eq!(m.n, first + i as u64);
    }
    let ats: Vec<u64> = c
        .got
        .iter()
        .filter_map(|m| match m.message {
            ServerMessage::Event { at, .. } => Some(at),
            _ => None,
        })
        .collect();
    assert_eq!(ats, (1..=ats.len() as u64).collect::<Vec<_>>());
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"], json!([]), "a finished table is not open");
}

#[test]
fn a_person_seat_plays_its_discards() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, body) = create(&app, one_person());
    let addr = app.addr;
    app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, &id, &token(&body, "east"))
            .await
            .with_bot(true, 2);
        c.contribute(b"").await;
        let mut discarded = vec![];
        for _ in 0..3 {
            // The bot passes and answers calls; the person discards.
            c.play_until(in_turn).await;
            assert!(!c.ended());
            let seat = c.seat.unwrap();
            let before = c.state.rack_len(seat);
            let game = jongg_game::Game::resume(c.state.clone(), &*client::JUDGE);
            let tile = game.view(seat).hand().to_tiles()[0];
            let at = c.at;
            discarded.push(at);
            c.act(at, Action::Discard { tile }).await;
            // The table tells the discard, numbered next.
            loop {
                let m = c.read().await.expect("the table goes on");
                if let ServerMessage::Event { at: n, event } = &m.message {
                    assert_eq!(*n, at + 1);
                    assert_eq!(*event, Event::Discarded { seat, tile });
                    break;
                }
            }
            assert_eq!(c.state.rack_len(seat), before - 1);
        }
        // (The bot's moves, chosen from what the client folded, may be
        // refused and replaced; the person's discards never were.)
        let refusals = c.refusals();
        assert!(
            refusals
                .iter()
                .all(|(_, a)| !a.is_some_and(|a| discarded.contains(&a))),
            "{refusals:?}"
        );
    });
}

#[test]
fn a_reconnect_in_a_calling_window_gets_exactly_what_it_missed() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let seats = json!({"east": "person", "south": "person", "west": "medium", "north": "medium"});
    let (id, body) = create(&app, seats);
    let addr = app.addr;
    app.rt.block_on(async {
        let mut east = SeatClient::connect(addr, &id, &token(&body, "east"))
            .await
            .with_bot(true, 3);
        let mut south = SeatClient::connect(addr, &id, &token(&body, "south"))
            .await
            .with_bot(true, 4);
        east.contribute(b"e").await;
        south.contribute(b"s").await;
        // Both play until East has discarded and South must answer it.
        let south_waits = |c: &SeatClient| {
            in_window(c) && c.my_move() && c.discards.len() == 1 && c.last_discard.is_some()
        };
        let (_, ()) = tokio::join!(
            east.play_until(|c| c.discards.len() == 1 && in_window(c)),
            south.play_until(south_waits)
        );
        // East may be behind South: it reads up to the same discard.
        while east.at < south.at {
            east.read().await.unwrap();
        }
        let seen = east.last_seen();
        let discard = south.last_discard.unwrap();
        drop(east);
        // South answers while East is away: the window resolves.
        south.act(discard, Action::Decline).await;
        loop {
            let m = south.read().await.unwrap();
            if matches!(&m.message, ServerMessage::Event { event: Event::Answered { seat: Seat::South, .. }, .. })
            {
                break;
            }
        }
        let mut ws = open_socket(addr, &id, &token(&body, "east"), Some(seen)).await;
        let mut missed = vec![];
        loop {
            let m = next_message(&mut ws).await.unwrap();
            if let ServerMessage::Welcome { resumed, run, .. } = &m.message {
                assert!(*resumed, "every missed message was kept");
                assert_eq!(*run, seen.run);
                assert_eq!(m.n, seen.n + missed.len() as u64 + 1);
                break;
            }
            missed.push(m);
        }
        let numbers: Vec<u64> = missed.iter().map(|m| m.n).collect();
        assert_eq!(
            numbers,
            (seen.n + 1..=seen.n + missed.len() as u64).collect::<Vec<_>>(),
            "exactly the messages after the last one seen"
        );
        assert!(missed.iter().any(|m| matches!(
            &m.message,
            ServerMessage::Event { event: Event::Answered { seat: Seat::South, .. }, at } if *at > discard
        )));
    });
}

#[test]
fn a_claim_naming_an_older_discard_is_refused_as_stale() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, body) = create(&app, one_person());
    let addr = app.addr;
    app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, &id, &token(&body, "east"))
            .await
            .with_bot(true, 5);
        c.contribute(b"").await;
        // Until East must answer a discard that is not the first.
        c.play_until(|c| c.discards.len() >= 2 && in_window(c) && c.my_move())
            .await;
        let (older, now) = (c.discards[0], c.last_discard.unwrap());
        assert!(older < now);
        let call = Action::Claim {
            call: Call::Exposure,
        };
        c.act(older, call).await;
        loop {
            let m = c.read().await.unwrap();
            if let ServerMessage::Refused { .. } = m.message {
                break;
            }
        }
        assert_eq!(
            c.refusals().last(),
            Some(&("stale_claim".to_string(), Some(older)))
        );
        assert_eq!(c.last_discard, Some(now), "nothing was applied");
        // The game goes on.
        c.play_until(|_| false).await;
        assert!(c.ended());
    });
}

#[test]
fn a_hello_with_a_wrong_token_is_refused_and_closed() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, _) = create(&app, one_person());
    let addr = app.addr;
    app.rt.block_on(async {
        let mut ws = open_socket(addr, &id, "not-a-token", None).await;
        let m = next_message(&mut ws).await.unwrap();
        assert_eq!(m.n, 0);
        assert!(
            matches!(&m.message, ServerMessage::Refused { code, .. } if serde_json::to_value(code).unwrap() == "unknown_token"),
            "{m:?}"
        );
        assert!(next_message(&mut ws).await.is_none(), "closed");
    });
    // A plain GET is told it is a socket; an unknown table is not found.
    let r = app.public().get(&format!("/api/play/tables/{id}/ws"));
    refused(r, 400, "this address is a WebSocket");
    let r = app.public().get("/api/play/tables/0123456789abcdef/ws");
    refused(r, 404, "no live table 0123456789abcdef");
    let r = app.public().get("/api/play/tables/nope/ws");
    refused(r, 404, "a table's id is 16 hex digits");
}

#[test]
fn a_bad_new_table_is_refused_naming_what_is_wrong() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_tables_free = 2);
    let post = |body: Value| app.public().post("/api/play/tables", &body);
    refused(
        post(json!({"rules": "nope", "seats": one_person()})),
        422,
        "rules: `nope` is not a preset; one of: standard",
    );
    refused(
        post(json!({"rules": "standard", "seats": {"east": "wizard"}})),
        422,
        "seats.east",
    );
    refused(
        post(
            json!({"rules": "standard", "seats": {"east": "easy", "south": "easy", "west": "easy"}}),
        ),
        422,
        "at least one seat is a person's",
    );
    refused(
        post(json!({"rules": "standard", "seats": one_person(), "window_secs": 11})),
        422,
        "window_secs must be from 3 to 10, not 11",
    );
    refused(
        post(json!({"rules": "standard", "seats": one_person(), "card": "nmjl"})),
        422,
        "the card: `nmjl` is neither `practice` nor the number of a card of the library",
    );
    // Two tables from this address, then it must wait.
    let first = expect(
        post(json!({"rules": "standard", "seats": one_person()})),
        201,
    );
    expect(
        post(json!({"rules": "standard", "seats": one_person()})),
        201,
    );
    let r = post(json!({"rules": "standard", "seats": one_person()})).unwrap();
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.header("retry-after").is_some());
    // The server's bots take a person's second before each move (24.5).
    let (id, east) = (first["id"].as_str().unwrap(), token(&first, "east"));
    let addr = app.addr;
    app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, id, &east).await;
        let welcome = c.read().await.unwrap();
        let ServerMessage::Welcome { settings, .. } = welcome.message else {
            panic!("{welcome:?}");
        };
        assert_eq!(settings.bot_delay_ms, 1_000);
    });
}

/// A restart in the middle of a game: every acknowledged move is there,
/// and the game goes on.
fn a_restart_resumes_the_table_with_every_acknowledged_move(app: &mut App) {
    let (id, body) = create(app, one_person());
    let east = token(&body, "east");
    let addr = app.addr;
    let mut c = app.rt.block_on(async {
        let mut c = SeatClient::connect(addr, &id, &east)
            .await
            .with_bot(true, 6);
        c.contribute(b"").await;
        // Past the Charleston, on East's own turn: the table waits for it.
        c.play_until(|c| in_turn(c) && c.discards.len() >= 4).await;
        c
    });
    assert!(!c.ended(), "the game is on");
    let seen = c.last_seen();
    let (at, seat) = (c.at, c.seat.unwrap());
    app.restart();
    let addr = app.addr;
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"][0]["id"], id, "resumed and open");
    assert_eq!(list["tables"][0]["started"], true);
    app.rt.block_on(async {
        c.ws = open_socket(addr, &id, &east, Some(seen)).await;
        // A new run of the owner: the whole view.
        let welcome = c.read().await.unwrap();
        assert!(
            matches!(
                welcome.message,
                ServerMessage::Welcome {
                    resumed: false,
                    run: 1,
                    ..
                }
            ),
            "{welcome:?}"
        );
        let view = c.read().await.unwrap();
        let ServerMessage::View {
            at: now,
            view: Some(v),
        } = &view.message
        else {
            panic!("a view: {view:?}");
        };
        assert_eq!(*now, at, "every acknowledged event, and no other");
        let mut mine = jongg_game::Game::resume(c.state.clone(), &*client::JUDGE)
            .view(seat)
            .hand()
            .to_tiles();
        let mut theirs = v.hand.clone();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "East's rack as before");
        // The game goes on from the same state.
        c.play_if_my_move(false).await;
        c.play_until(|_| false).await;
        assert!(c.ended());
    });
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"], json!([]));
}

mod a_restart_resumes_the_table_with_every_acknowledged_move {
    use super::*;

    // Bots at full speed; the table keeps its setting across the restart.
    fn app(backend: Backend) -> App {
        App::start_bare_with(backend, |c| c.play_bot_delay_ms = 0)
    }

    #[test]
    fn sqlite() {
        super::a_restart_resumes_the_table_with_every_acknowledged_move(&mut app(Backend::Sqlite));
    }

    #[test]
    fn postgres() {
        super::a_restart_resumes_the_table_with_every_acknowledged_move(&mut app(
            Backend::Postgres,
        ));
    }
}

/// The next message of `ws` that `f` picks.
async fn until<T>(ws: &mut client::Socket, mut f: impl FnMut(&ServerMessage) -> Option<T>) -> T {
    loop {
        let m = next_message(ws).await.expect("the table goes on");
        if let Some(t) = f(&m.message) {
            return t;
        }
    }
}

#[test]
fn a_spectator_watches_reads_the_chat_sees_who_is_here_and_every_rack_at_the_end() {
    use futures_util::SinkExt;
    use jongg_play::protocol::ClientMessage;
    use jongg_play::public::Presence;
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let (id, body) = create(&app, one_person());
    let addr = app.addr;
    app.rt.block_on(async {
        let mut w = client::open_watch(addr, &id).await;
        let first = next_message(&mut w).await.unwrap();
        assert!(
            matches!(first.message, ServerMessage::Watching { .. }),
            "{first:?}"
        );
        let view = next_message(&mut w).await.unwrap();
        assert!(matches!(
            view.message,
            ServerMessage::PublicView { view: None, .. }
        ));
        let seats = until(&mut w, |m| match m {
            ServerMessage::Presence {
                seats,
                spectators: 1,
            } => Some(*seats),
            _ => None,
        })
        .await;
        assert_eq!(seats[Seat::East], Presence::Away);
        assert_eq!(seats[Seat::North], Presence::Bot);
        // A spectator may not write in the chat.
        let line = ClientMessage::Chat { text: "hi".into() };
        w.send(tokio_tungstenite::tungstenite::Message::text(line.write()))
            .await
            .unwrap();
        let code = until(&mut w, |m| match m {
            ServerMessage::Refused { code, .. } => Some(*code),
            _ => None,
        })
        .await;
        assert_eq!(serde_json::to_value(code).unwrap(), "spectators_only_watch");
        // East comes and says something with markup in it: text, as sent.
        let mut east = SeatClient::connect(addr, &id, &token(&body, "east"))
            .await
            .with_bot(true, 3);
        east.send(ClientMessage::Chat {
            text: "<b>good luck</b>\n".into(),
        })
        .await;
        let seen = until(&mut w, |m| match m {
            ServerMessage::Presence { seats, .. } if seats[Seat::East] == Presence::Connected => {
                Some(())
            }
            _ => None,
        });
        seen.await;
        let said = until(&mut w, |m| match m {
            ServerMessage::Chat { seat, text } => Some((*seat, text.clone())),
            _ => None,
        })
        .await;
        assert_eq!(said, (Seat::East, "<b>good luck</b>".to_string()));
        // East plays the game out; the spectator and East see every rack.
        east.contribute(b"").await;
        let watching = tokio::spawn(client::watch_to_the_end(w));
        east.play_until(|_| false).await;
        assert!(east.ended());
        let finals = |got: &[jongg_play::protocol::Numbered]| {
            got.iter()
                .filter_map(|m| match &m.message {
                    ServerMessage::Final { racks, .. } => Some(racks.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let seat_racks = finals(&east.got);
        assert_eq!(seat_racks.len(), 1);
        let got = watching.await.unwrap();
        assert_eq!(finals(&got), seat_racks, "the same racks for the spectator");
        let concealed = Seat::ALL
            .into_iter()
            .filter(|s| !seat_racks[0][*s].is_empty())
            .count();
        assert!(concealed >= 3, "the concealed racks: {:?}", seat_racks[0]);
        // East comes back after the end, without last_seen: the result again.
        let mut again = open_socket(addr, &id, &token(&body, "east"), None).await;
        let racks = until(&mut again, |m| match m {
            ServerMessage::Final { racks, .. } => Some(racks.clone()),
            _ => None,
        })
        .await;
        assert_eq!(racks, seat_racks[0]);
        // A spectator after the end: the public view of a finished game and the racks.
        let mut late = client::open_watch(addr, &id).await;
        let racks = until(&mut late, |m| match m {
            ServerMessage::Final { racks, .. } => Some(racks.clone()),
            _ => None,
        })
        .await;
        assert_eq!(racks, seat_racks[0]);
    });
}
