//! The hidden-information check shared by the play crate's tests and the
//! server's tests over the wire (feature `test-support`, never in a
//! release): a seat's or a spectator's messages, as sent, against every
//! rack after each event. No message holds another seat's concealed tiles
//! (a spectator's: any seat's), the wall or the seed before the game's end;
//! every rack and the seed come after it.

use crate::protocol::{Numbered, ServerMessage};
use crate::wall::ServerSeed;
use jongg_game::{Event, Game, State, ToyJudge};
use jongg_tiles::{BySeat, Seat};
use serde_json::Value;

/// A seed as it would appear in a message: its hex.
pub fn seed_hex(seed: &ServerSeed) -> String {
    crate::wall::to_hex(seed.bytes())
}

/// Every seat's rack, sorted, before the first event and after each one.
pub fn racks_after(events: &[Event]) -> Vec<BySeat<Vec<String>>> {
    let mut state = State::default();
    let mut racks = vec![BySeat::from_fn(|s| sorted_hand(&state, s))];
    for e in events {
        state.apply(e);
        racks.push(BySeat::from_fn(|s| sorted_hand(&state, s)));
    }
    racks
}

fn sorted_hand(state: &State, seat: Seat) -> Vec<String> {
    let mut h: Vec<String> = Game::resume(state.clone(), &ToyJudge)
        .view(seat)
        .hand()
        .to_tiles()
        .iter()
        .map(|t| t.to_string())
        .collect();
    h.sort();
    h
}

fn tiles_of(v: &Value) -> Option<Vec<String>> {
    let mut out: Vec<String> = v
        .as_array()?
        .iter()
        .map(|t| t.as_str().map(String::from))
        .collect::<Option<_>>()?;
    out.sort();
    Some(out)
}

/// Every array of tiles anywhere in `v`, sorted.
fn tile_lists(v: &Value, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Array(items) => {
            if let Some(t) = tiles_of(v) {
                out.push(t);
            }
            items.iter().for_each(|i| tile_lists(i, out));
        }
        Value::Object(fields) => fields.values().for_each(|f| tile_lists(f, out)),
        _ => {}
    }
}

fn has_key(v: &Value, key: &str) -> bool {
    match v {
        Value::Array(items) => items.iter().any(|i| has_key(i, key)),
        Value::Object(fields) => fields.iter().any(|(k, f)| k == key || has_key(f, key)),
        _ => false,
    }
}

/// Checks one seat's messages, numbered without a gap from the first,
/// against `racks` (from [`racks_after`]); panics naming what leaked.
pub fn check_seat(seat: Seat, got: &[Numbered], racks: &[BySeat<Vec<String>>], seed_hex: &str) {
    check(Some(seat), got, racks, seed_hex);
}

/// Checks a spectator's messages as [`check_seat`] does a seat's: no
/// seat's concealed tile at all before the game's end.
pub fn check_spectator(got: &[Numbered], racks: &[BySeat<Vec<String>>], seed_hex: &str) {
    check(None, got, racks, seed_hex);
}

/// Whether a message tells that the game has ended (its last event, or a
/// view of a finished game to a connection that came after it).
fn tells_the_end(m: &ServerMessage) -> bool {
    match m {
        ServerMessage::Event { event, .. } => matches!(event, Event::Ended { .. }),
        ServerMessage::View { view: Some(v), .. } => {
            matches!(v.situation, jongg_game::Situation::Over)
        }
        ServerMessage::PublicView { view: Some(v), .. } => v.over(),
        _ => false,
    }
}

fn check(viewer: Option<Seat>, got: &[Numbered], racks: &[BySeat<Vec<String>>], seed_hex: &str) {
    let who = viewer.map_or("a spectator".to_string(), |s| s.to_string());
    let me = serde_json::to_value(viewer).unwrap();
    let mut ended = false;
    let first = got.first().map_or(1, |m| m.n);
    for (i, m) in got.iter().enumerate() {
        assert_eq!(
            m.n,
            first + i as u64,
            "{who}: messages numbered without a gap"
        );
        let json = m.to_json();
        let text = json.to_string();
        ended |= tells_the_end(&m.message);
        let at = match &m.message {
            ServerMessage::Event { at, .. } => Some(*at as usize),
            ServerMessage::View { at, .. } | ServerMessage::PublicView { at, .. } => {
                Some(*at as usize)
            }
            _ => None,
        };
        if matches!(
            m.message,
            ServerMessage::Reveal { .. } | ServerMessage::Final { .. }
        ) {
            assert!(
                ended,
                "{who}: the seed and the racks only after the game: {text}"
            );
            continue;
        }
        assert!(!text.contains(seed_hex), "{who}: the seed in {text}");
        assert!(!has_key(&json, "wall"), "{who}: a wall in {text}");
        if viewer.is_none() {
            assert!(
                !matches!(m.message, ServerMessage::View { .. }),
                "{who}: a seat's view in {text}"
            );
            let public = matches!(m.message, ServerMessage::PublicView { .. });
            assert!(
                !public || !has_key(&json, "hand"),
                "{who}: a hand in {text}"
            );
        }
        let Some(at) = at else { continue };
        let truth = &racks[at];
        let body = &json["event"];
        match body["event"].as_str() {
            Some("began") => assert_eq!(body["seed"], 0, "{text}"),
            Some("dealt" | "arranged") => {
                for (s, h) in body["hands"].as_object().unwrap() {
                    assert!(*s == me || h.is_null(), "{who}: {s}'s deal in {text}");
                }
            }
            Some("passed") => {
                for part in ["gave", "kept"] {
                    for (s, h) in body[part].as_object().unwrap() {
                        assert!(*s == me || h.is_null(), "{who}: {s}'s pass in {text}");
                    }
                }
            }
            Some("picked") if body["seat"] != me => {
                assert!(body["tile"].is_null(), "{who}: another's pick in {text}");
            }
            Some("pass_chosen") if body["seat"] != me => {
                assert!(body["tiles"].is_null(), "{who}: another's pass in {text}");
            }
            // A Mah Jongg shows the winner's hand to all.
            Some("mah_jongg" | "ended") => continue,
            _ => {}
        }
        if let ServerMessage::View { view: Some(v), .. } = &m.message {
            assert_eq!(Some(v.seat), viewer);
            let mut mine: Vec<String> = v.hand.iter().map(|t| t.to_string()).collect();
            mine.sort();
            assert_eq!(
                Some(&mine),
                viewer.map(|s| &truth[s]),
                "{who}: its own rack in a view"
            );
        }
        if ended {
            continue;
        }
        // No list of tiles in the message is another seat's rack.
        let mut lists = vec![];
        tile_lists(&json, &mut lists);
        for other in Seat::ALL.into_iter().filter(|s| Some(*s) != viewer) {
            let theirs = &truth[other];
            if theirs.len() >= 5 {
                assert!(!lists.contains(theirs), "{who}: {other}'s rack in {text}");
            }
        }
    }
}
