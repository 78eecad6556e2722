//! Each expectation checked against the game: `Ok`, or what the table shows
//! instead.

use super::action;
use super::expect::{EndKind, Expect, PointsOf};
use super::words::{name_of, pass_name, write_tiles};
use crate::Event;
use crate::game::Game;
use crate::outcome::Ending;
use crate::refusal_code::RefusalCode;
use crate::state::{Phase, Step};
use crate::view::Situation;
use jongg_card::Card;
use jongg_rules::Preset;
use jongg_tiles::{Counts, Seat, excerpt};
use std::cell::OnceCell;

/// What the checks need beside the game.
pub struct Context<'a> {
    pub preset: &'a Preset,
    /// The practice card, made once, for the bots (they read a card).
    pub bot_card: OnceCell<Card>,
}

/// Where the table stands, in words, for a failed expectation.
pub fn describe(g: &Game<'_>) -> String {
    let st = g.state();
    match st.phase() {
        Phase::Setup => "the game is not dealt".into(),
        Phase::Over => match st.outcome().map(|o| &o.ending) {
            Some(Ending::MahJongg { winner, .. }) => format!("the game is over: {winner} won"),
            Some(e) => format!("the game is over: {}", end_word(e)),
            None => "the game is over".into(),
        },
        Phase::Charleston(c) => format!("the Charleston is at the {} pass", pass_name(c.pass)),
        Phase::Play(Step::Turn(t)) => match t.must_expose {
            Some(tile) => format!("it is {}'s turn, to expose the {tile}", t.seat),
            None => format!("it is {}'s turn", t.seat),
        },
        Phase::Play(Step::Pick(s)) => format!("{s} is to pick"),
        Phase::Play(Step::Window(w)) => match w.callable {
            Some((tile, from, _)) => format!("the {tile} from {from} is open for claims"),
            None => "a window with nothing to claim".into(),
        },
        Phase::Play(Step::Error { declarer, .. }) => {
            format!("the others answer {declarer}'s false Mah Jongg")
        }
    }
}

fn end_word(e: &Ending) -> &'static str {
    match end_kind(e) {
        EndKind::MahJongg => "mahjong",
        EndKind::Wall => "wall",
        EndKind::MahJonggInError => "mahjong-in-error",
        EndKind::NoLiveHands => "no-live-hands",
        EndKind::TimeCalled => "time-called",
    }
}

fn end_kind(e: &Ending) -> EndKind {
    match e {
        Ending::MahJongg { .. } => EndKind::MahJongg,
        Ending::Wall => EndKind::Wall,
        Ending::MahJonggInError { .. } => EndKind::MahJonggInError,
        Ending::NoLiveHands => EndKind::NoLiveHands,
        Ending::TimeCalled => EndKind::TimeCalled,
    }
}

/// A refused action against `expect refused`.
pub fn refusal(e: &Expect, got: RefusalCode, reason: &str) -> Result<(), String> {
    let Expect::Refused { code, words, .. } = e else {
        return Err("not an expected refusal".into());
    };
    if got != *code {
        return Err(format!(
            "refused as {} (`{reason}`), not {}",
            name_of(&got),
            name_of(code)
        ));
    }
    match words {
        Some(w) if !reason.contains(w.as_str()) => {
            Err(format!("the reason `{reason}` does not say \"{w}\""))
        }
        _ => Ok(()),
    }
}

/// A claim that names its discard (`W claim 12`, the protocol's rule of
/// issue 23.3): the discard open now, else refused as the live table would.
pub fn named_discard(g: &Game<'_>, named: Option<u32>) -> Result<(), (RefusalCode, String)> {
    let Some(n) = named else {
        return Ok(());
    };
    let st = g.state();
    let last = st.discards;
    let open = matches!(st.phase(), Phase::Play(Step::Window(w)) if w.callable.is_some());
    if n > last {
        Err((
            RefusalCode::UnknownEvent,
            format!("discard {n} has not been made: the table is at discard {last}"),
        ))
    } else if n < last {
        Err((
            RefusalCode::StaleClaim,
            format!("discard {n} is past: the discard on the table is {last}"),
        ))
    } else if !open {
        Err((
            RefusalCode::WindowClosed,
            format!("the calling window on discard {n} has closed"),
        ))
    } else {
        Ok(())
    }
}

fn same(ok: bool, instead: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(instead()) }
}

/// A JSON value as the words `expect record` compares: seats and names as
/// they are, `none` for a missing field, lists word by word.
fn record_words(v: Option<&serde_json::Value>) -> Vec<String> {
    use serde_json::Value;
    match v {
        None | Some(Value::Null) => vec!["none".into()],
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(items)) => items.iter().flat_map(|i| record_words(Some(i))).collect(),
        Some(Value::Object(map)) if map.is_empty() => vec!["none".into()],
        Some(Value::Object(map)) => map
            .iter()
            .flat_map(|(k, v)| std::iter::once(k.clone()).chain(record_words(Some(v))))
            .collect(),
        Some(other) => vec![other.to_string()],
    }
}

/// The record leaves a field at its default out: it reads as any of these.
const LEFT_OUT: [&str; 3] = ["none", "false", "0"];

/// A seat written as a letter reads as its name (`E` is `east`).
fn normal(word: &str) -> String {
    match super::words::seat(word) {
        Ok(s) => s.name().to_string(),
        Err(_) => word.to_ascii_lowercase(),
    }
}

pub fn check(e: &Expect, g: &Game<'_>, cx: &Context<'_>) -> Result<(), String> {
    let st = g.state();
    let here = || describe(g);
    match e {
        Expect::Refused { .. } => Err("`expect refused` follows the action it is about".into()),
        Expect::Turn { seat, expose } => match g.view(*seat).situation() {
            Situation::MyTurn { must_expose, .. } if must_expose.is_some() == *expose => Ok(()),
            _ => Err(here()),
        },
        Expect::Pick(s) => same(matches!(g.view(*s).situation(), Situation::MustPick), here),
        Expect::Window { tile, from } => same(
            matches!(st.phase(), Phase::Play(Step::Window(w))
                if w.callable.is_some_and(|(t, f, _)| t == *tile && f == *from)),
            here,
        ),
        Expect::Awaiting(seats) => {
            let mut want = seats.clone();
            want.sort_by_key(|s| s.index());
            let got: Vec<Seat> = g.awaiting().collect();
            same(got == want, || {
                let names: Vec<&str> = got.iter().map(|s| s.name()).collect();
                format!(
                    "awaiting {}",
                    if names.is_empty() {
                        "none".into()
                    } else {
                        names.join(" ")
                    }
                )
            })
        }
        Expect::Charleston(p) => same(
            matches!(st.phase(), Phase::Charleston(c) if c.pass == *p),
            here,
        ),
        Expect::Ended(k) => same(g.outcome().is_some_and(|o| end_kind(&o.ending) == *k), here),
        Expect::Playing => same(!g.is_over(), here),
        Expect::Winner(s) => same(g.outcome().and_then(|o| o.winner()) == Some(*s), here),
        Expect::Record { field, value } => {
            if !jongg_rules::record::FIELDS.contains(&field.as_str()) {
                return Err(format!(
                    "a record has no field `{}` ({})",
                    excerpt(field),
                    jongg_rules::record::FIELDS.join(", ")
                ));
            }
            let rec = g.record().ok_or_else(|| format!("no record: {}", here()))?;
            let json = serde_json::to_value(&rec).map_err(|e| e.to_string())?;
            let got: Vec<String> = record_words(json.get(field))
                .iter()
                .map(|w| normal(w))
                .collect();
            let want: Vec<String> = value.iter().map(|w| normal(w)).collect();
            let left_out = json.get(field).is_none()
                && matches!(want.as_slice(), [w] if LEFT_OUT.contains(&w.as_str()));
            same(got == want || left_out, || {
                format!("the record's {field} is {}", got.join(" "))
            })
        }
        Expect::Points(of) => {
            let rec = g.record().ok_or_else(|| format!("no points: {}", here()))?;
            let scored = jongg_rules::score(cx.preset, &rec).map_err(|e| e.to_string())?;
            let ok = match of {
                PointsOf::Seat(s, p) => scored.points[*s] == *p,
                PointsOf::All(all) => scored.points.0 == *all,
            };
            same(ok, || {
                let p = scored.points.0;
                format!(
                    "the points are {} {} {} {} (East first)",
                    p[0], p[1], p[2], p[3]
                )
            })
        }
        Expect::Dead { seat, reason } => same(st.dead(*seat) == *reason, || match st.dead(*seat) {
            Some(r) => format!("{seat} is dead: {}", name_of(&r)),
            None => format!("{seat} is live"),
        }),
        Expect::Penalty { seat, kind } => same(
            st.penalties
                .iter()
                .any(|p| p.seat == *seat && p.kind == *kind),
            || {
                format!(
                    "{} penalties recorded, none {} for {seat}",
                    st.penalties.len(),
                    name_of(kind)
                )
            },
        ),
        Expect::Exposed { seat, exposures } => {
            same(st.exposures(*seat) == exposures.as_slice(), || {
                let groups: Vec<String> = st
                    .exposures(*seat)
                    .iter()
                    .map(super::expect::write_exposure)
                    .collect();
                format!(
                    "{seat} has exposed {}",
                    if groups.is_empty() {
                        "none".into()
                    } else {
                        groups.join(" | ")
                    }
                )
            })
        }
        Expect::Count { seat, tile, n } => {
            let have = st.hands[*seat].get(*tile);
            same(have == *n, || format!("{seat} holds {have} × {tile}"))
        }
        Expect::Rack { seat, tiles } => same(Counts::from_tiles(tiles) == st.hands[*seat], || {
            format!("{seat} holds {}", write_tiles(&st.hands[*seat].to_tiles()))
        }),
        Expect::Floor(tiles) => {
            let floor: Vec<_> = st.floor().iter().map(|(_, t)| *t).collect();
            same(floor == *tiles, || {
                format!("the floor is {}", write_tiles(&floor))
            })
        }
        Expect::WallLeft(n) => same(st.wall_left() == *n, || {
            format!("the wall holds {}", st.wall_left())
        }),
        Expect::Bot {
            strength,
            seat,
            not,
            action: want,
        } => {
            let card = cx.bot_card.get_or_init(Card::practice);
            let mut bot = strength.make(card, 1);
            let got = bot.act(&g.view(*seat), g.judge());
            let matched = match want {
                Some(a) => got == *a,
                None => matches!(got, crate::Action::Discard { .. }),
            };
            same(matched != *not, || {
                format!("the {} bot would {}", strength.name(), action::write(&got))
            })
        }
    }
}

/// The events of an accepted action, for a failure's words.
pub fn events_words(events: &[Event]) -> String {
    let names: Vec<String> = events
        .iter()
        .map(|e| match serde_json::to_value(e) {
            Ok(v) => v
                .get("event")
                .and_then(|n| n.as_str())
                .unwrap_or("?")
                .to_string(),
            Err(_) => "?".into(),
        })
        .collect();
    names.join(", ")
}
