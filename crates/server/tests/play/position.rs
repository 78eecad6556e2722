//! A practice table set up from a position (issue 23: the browser test's
//! table), over real WebSockets: two people and two bots play a claim, a
//! joker exchanged and a Mah Jongg from the position; the owner is dropped
//! (a restart) in the middle and resumes from its log; no seat or spectator
//! sees East's concealed tiles before the end; the log and the replay say
//! the wall was set up, never that it verified. And the form's refusal of
//! a position that cannot be read.

use crate::client::{SeatClient, Socket, next_message, open_socket, open_watch};
use crate::common::{App, expect};
use jongg_game::{Action, Call, Event, Phase, Step};
use jongg_play::game_log::{FairGameLog, LogProblem};
use jongg_play::protocol::{Numbered, ServerMessage};
use jongg_store::Backend;
use jongg_tiles::{Seat, Tile};
use serde_json::json;

/// East (a person) discards a 6C; South (a person) claims it and exposes
/// it with a 6C and a joker; West and North (bots) hold nothing they can
/// call; East picks a flower, gives a 6C for South's joker and has Mah
/// Jongg on the practice card's `111a 111b 111c 000 FF` (the 1D pung with
/// the joker). `tests/browser/position.test.mjs` plays the same table.
pub const POSITION: &str = "\
# A claim, a joker exchanged and a Mah Jongg
turn E
rack E 1Bx3 1Cx3 1Dx2 WDx3 F 6Cx2
rack S 6C J 2B 3B 4B 5B 7B 8B 9B E S W N
rack W 2C 3C 4C 5C 7C 8C 9C 2D 3D 4D RD GD E
rack N 5D 6D 7D 8D 9D 2B 3B 4B S W RD GD 9C
discards N 6C
wall 6B 7B F
";

/// East's concealed tiles that never come into the open before the end.
const EAST_ONLY: [&str; 5] = ["\"1B\"", "\"1C\"", "\"1D\"", "\"WD\"", "\"F\""];

fn tile(t: &str) -> Tile {
    t.parse().unwrap()
}

/// Reads one message; the set-out view gives the client the position's
/// table (the test knows every tile; the client's own fold starts empty).
async fn read(c: &mut SeatClient) -> ServerMessage {
    let m = c.read().await.expect("the table goes on");
    if matches!(m.message, ServerMessage::View { view: Some(_), .. })
        && matches!(c.state.phase(), Phase::Setup)
    {
        c.state = jongg_play::position::set_out(POSITION).unwrap().state;
    }
    m.message
}

async fn read_until(c: &mut SeatClient, f: impl Fn(&SeatClient) -> bool) {
    while !f(c) {
        read(c).await;
    }
}

fn awaited_in_window(c: &SeatClient) -> bool {
    matches!(c.state.phase(), Phase::Play(Step::Window(_)))
        && c.state.awaiting(c.seat.unwrap())
        && !c.waiting()
}

fn turn_of(c: &SeatClient, seat: Seat, must_expose: bool) -> bool {
    matches!(c.state.phase(), Phase::Play(Step::Turn(t))
        if t.seat == seat && t.must_expose.is_some() == must_expose)
}

/// A spectator's messages until the end's `final` (or the socket's end).
async fn watch(mut ws: Socket) -> Vec<Numbered> {
    let mut got = vec![];
    while let Some(m) = next_message(&mut ws).await {
        let end = matches!(m.message, ServerMessage::Final { .. });
        got.push(m);
        if end {
            break;
        }
    }
    got
}

/// No message before the end (East's Mah Jongg shows its hand, then
/// `final` every rack) holds one of East's concealed tiles.
fn nothing_of_easts(who: &str, got: &[Numbered]) {
    let end = |m: &&Numbered| match &m.message {
        ServerMessage::Final { .. } => true,
        ServerMessage::Event { event, .. } => matches!(event, Event::MahJongg { .. }),
        _ => false,
    };
    for m in got.iter().take_while(|m| !end(m)) {
        let text = serde_json::to_string(&m.message).unwrap();
        for t in EAST_ONLY {
            assert!(!text.contains(t), "{who} was sent East's {t}: {text}");
        }
        assert!(
            !text.contains("\"wall\""),
            "{who} was sent the wall: {text}"
        );
    }
}

#[test]
fn a_table_set_up_from_a_position_plays_a_claim_an_exchange_and_mah_jongg_and_resumes() {
    let mut app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let seats = json!({"east": "person", "south": "person", "west": "medium", "north": "medium"});
    let body = expect(
        app.public().post(
            "/api/play/tables",
            &json!({"rules": "standard", "seats": seats, "window_secs": 3, "position": POSITION}),
        ),
        201,
    );
    let id = body["id"].as_str().unwrap().to_string();
    let token = |s: &str| body["seats"][s]["token"].as_str().unwrap().to_string();
    let (east, south) = (token("east"), token("south"));
    let addr = app.addr;
    let (mut e, mut s, watched) = app.rt.block_on(async {
        let watcher = tokio::spawn(watch(open_watch(addr, &id).await));
        let mut e = SeatClient::connect(addr, &id, &east).await;
        let mut s = SeatClient::connect(addr, &id, &south).await;
        // Both here: the position is set out (no contribution is asked).
        read_until(&mut e, |c| matches!(c.state.phase(), Phase::Play(_))).await;
        read_until(&mut s, |c| matches!(c.state.phase(), Phase::Play(_))).await;
        assert!(turn_of(&e, Seat::East, false));
        e.act(e.at, Action::Discard { tile: tile("6C") }).await;
        read_until(&mut s, awaited_in_window).await;
        let claim = Action::Claim {
            call: Call::Exposure,
        };
        s.act(s.answers(&claim), claim).await;
        read_until(&mut s, |c| turn_of(c, Seat::South, true)).await;
        s.act(
            s.at,
            Action::Expose {
                naturals: 1,
                jokers: 1,
            },
        )
        .await;
        read_until(&mut s, |c| turn_of(c, Seat::South, false)).await;
        // East has seen every move too, before the restart.
        let at = s.at;
        read_until(&mut e, |c| c.at == at).await;
        (e, s, watcher)
    });
    // The owner dropped in the middle of the game: a restart.
    let (e_seen, s_seen, at) = (e.last_seen(), s.last_seen(), s.at);
    app.restart();
    let addr = app.addr;
    let watched_before = app.rt.block_on(watched).unwrap();
    nothing_of_easts("the spectator", &watched_before);
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"][0]["id"], id, "resumed and open");
    assert_eq!(list["tables"][0]["started"], true);
    // The lobby's list says its wall was not drawn.
    assert_eq!(list["tables"][0]["set_up"], true, "{list}");
    assert_eq!(list["tables"][0]["kind"], "practice", "{list}");
    let watched_after = app.rt.block_on(async {
        let watcher = tokio::spawn(watch(open_watch(addr, &id).await));
        e.ws = open_socket(addr, &id, &east, Some(e_seen)).await;
        s.ws = open_socket(addr, &id, &south, Some(s_seen)).await;
        // A new run: South's whole view, every acknowledged move in it.
        let view = loop {
            if let ServerMessage::View { at, view: Some(v) } = read(&mut s).await {
                break (at, v);
            }
        };
        assert_eq!(view.0, at, "every acknowledged event, and no other");
        assert_eq!(view.1.exposures[Seat::South].len(), 1, "South's exposure");
        s.act(s.at, Action::Discard { tile: tile("N") }).await;
        // The bots play West and North; the people let their discards go.
        loop {
            tokio::select! {
                _ = read(&mut e) => {},
                _ = read(&mut s) => {},
            }
            for c in [&mut e, &mut s] {
                if awaited_in_window(c) {
                    c.act(c.answers(&Action::Decline), Action::Decline).await;
                }
            }
            if turn_of(&e, Seat::East, false) {
                break;
            }
        }
        let game = jongg_game::Game::resume(e.state.clone(), &*crate::client::JUDGE);
        assert_eq!(
            game.view(Seat::East).hand().get(tile("F")),
            2,
            "East picked the flower: {:?}",
            e.got.iter().map(|m| &m.message).collect::<Vec<_>>()
        );
        e.act(
            e.at,
            Action::ExchangeJoker {
                owner: Seat::South,
                exposure: 0,
            },
        )
        .await;
        read_until(&mut e, |c| c.state.exposures(Seat::South)[0].jokers == 0).await;
        e.act(e.at, Action::MahJongg { shown: true }).await;
        loop {
            if let ServerMessage::Final { outcome, .. } = read(&mut e).await {
                assert_eq!(outcome.winner(), Some(Seat::East));
                break;
            }
        }
        loop {
            if let ServerMessage::Final { .. } = read(&mut s).await {
                break;
            }
        }
        watcher.await.unwrap()
    });
    nothing_of_easts("the spectator after the restart", &watched_after);
    nothing_of_easts("South", &s.got);
    for c in [&e, &s] {
        assert!(
            !c.got.iter().any(|m| matches!(
                m.message,
                ServerMessage::Reveal { .. } | ServerMessage::Commitment { .. }
            )),
            "a set-up table has no fair wall to commit to or reveal"
        );
        assert_eq!(c.refusals(), vec![], "every move was taken");
    }
    // The log and the replay: set up, never verified.
    let r = app.public().get(&format!("/play/{id}/log.jsonl")).unwrap();
    assert_eq!(r.status, 200);
    let text = r.text();
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("\"position\"") && !first.contains("fair_wall"),
        "{first}"
    );
    let log = FairGameLog::from_json_lines(&text).unwrap();
    assert_eq!(log.verify(), Err(LogProblem::SetUp));
    let r = app.public().get(&format!("/play/{id}/replay")).unwrap();
    assert_eq!(r.status, 200);
    let page = r.text();
    assert!(
        page.contains("Set up from a position: this wall was not drawn."),
        "{page}"
    );
    assert!(
        !page.contains("A fair wall") && !page.contains("verify-wall"),
        "{page}"
    );
    // The moves from the position, not from a deal: the first is East's discard.
    assert!(page.contains("1. east discards 6C"), "{page}");
    for m in [
        "south exposes 6Cx2 J",
        "east gives a 6C for the joker of south&#39;s exposure 1",
    ] {
        assert!(page.contains(m), "{m}: {page}");
    }
    let r = app
        .public()
        .get(&format!("/play/{id}/replay?seat=east"))
        .unwrap();
    assert_eq!(r.status, 400, "no coach for a set-up game");
    let page = app
        .public()
        .get(&format!("/play/{id}/watch"))
        .unwrap()
        .text();
    assert!(page.contains("Set up from a position"), "{page}");
}

#[test]
fn a_position_that_cannot_be_read_is_refused_on_the_form_naming_its_line() {
    let app = App::start_bare_with(Backend::Sqlite, |c| c.play_bot_delay_ms = 0);
    let origin = format!("http://{}", app.addr);
    let form = "rules=standard&seats.east=person&seats.south=medium&seats.west=medium\
                &seats.north=medium&window_secs=5&turn_secs=20\
                &position=turn+E%0D%0Arack+E+1Bx3%0D%0Arack+S+1Bx2";
    let r = app
        .public()
        .request_with(
            "POST",
            "/play/new",
            &[
                ("Accept", "text/html"),
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Origin", origin.as_str()),
            ],
            Some(form.as_bytes()),
        )
        .unwrap();
    assert_eq!(r.status, 422);
    let page = r.text();
    assert!(page.contains("position: line 3:"), "{page}");
    // The browser's Back button returns to the form with the text in it.
    assert!(page.contains("Back"), "{page}");
    let seats = json!({"east": "person", "south": "medium", "west": "medium", "north": "medium"});
    let r = app
        .public()
        .post(
            "/api/play/tables",
            &json!({"rules": "standard", "seats": seats, "position": "rack E 9Z"}),
        )
        .unwrap();
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("position: line 1:")
    );
    // Nothing was created.
    let list = expect(app.public().get("/api/play/tables"), 200);
    assert_eq!(list["tables"], json!([]));
}
