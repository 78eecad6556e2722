//! The expectations of the format (`expect ...` lines), read and written.
//! `check.rs` checks them against the game.

use super::action;
use super::words::{named, number, pass, seat, tile, tiles, write_tiles};
use crate::bot::Strength;
use crate::event::{Action, DeadReason, PassKind};
use crate::judge::Exposure;
use crate::refusal_code::RefusalCode;
use jongg_rules::record::PenaltyKind;
use jongg_tiles::{Seat, Tile, excerpt};

/// How a game ended, as `expect ended` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    MahJongg,
    Wall,
    MahJonggInError,
    NoLiveHands,
    /// Time was called (R7).
    TimeCalled,
}

pub const ENDS: [(&str, EndKind); 5] = [
    ("mahjong", EndKind::MahJongg),
    ("wall", EndKind::Wall),
    ("mahjong-in-error", EndKind::MahJonggInError),
    ("no-live-hands", EndKind::NoLiveHands),
    ("time-called", EndKind::TimeCalled),
];

/// Points of one seat, or of all four in seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointsOf {
    Seat(Seat, i32),
    All([i32; 4]),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The action on the line before was refused with this code (and words).
    Refused {
        seat: Seat,
        code: RefusalCode,
        words: Option<String>,
    },
    /// It is this seat's turn (holding fourteen); `expose`: a claimed tile
    /// must be exposed first.
    Turn {
        seat: Seat,
        expose: bool,
    },
    /// This seat must pick from the wall.
    Pick(Seat),
    /// This tile, thrown by this seat, is open for claims.
    Window {
        tile: Tile,
        from: Seat,
    },
    /// Exactly these seats are awaited.
    Awaiting(Vec<Seat>),
    /// The Charleston is at this pass.
    Charleston(PassKind),
    /// The game ended this way.
    Ended(EndKind),
    /// The game is not over.
    Playing,
    Winner(Seat),
    /// A field of the game's record (the score sheet's contract) has this
    /// value: `expect record self_picked true`.
    Record {
        field: String,
        value: Vec<String>,
    },
    /// The preset's points for the finished game.
    Points(PointsOf),
    /// The seat's hand is dead for this reason, or live (`None`).
    Dead {
        seat: Seat,
        reason: Option<DeadReason>,
    },
    /// A conduct penalty was recorded against the seat.
    Penalty {
        seat: Seat,
        kind: PenaltyKind,
    },
    /// The seat's exposures, all of them, in order.
    Exposed {
        seat: Seat,
        exposures: Vec<Exposure>,
    },
    /// The seat holds exactly `n` of the tile concealed.
    Count {
        seat: Seat,
        tile: Tile,
        n: u8,
    },
    /// The seat's concealed tiles, in any order.
    Rack {
        seat: Seat,
        tiles: Vec<Tile>,
    },
    /// The discards on the floor, in order.
    Floor(Vec<Tile>),
    WallLeft(usize),
    /// What a bot of this strength would do at the seat (`not`: would not);
    /// `None`: some discard (`expect bot medium E discard`).
    Bot {
        strength: Strength,
        seat: Seat,
        not: bool,
        action: Option<Action>,
    },
}

/// An exposure as tiles: one kind, naturals first, then jokers.
pub fn exposure(text: &str) -> Result<Exposure, String> {
    let ts = tiles(text)?;
    let Some(first) = ts.first().copied().filter(|t| !t.is_joker()) else {
        return Err(format!(
            "`{}` is not an exposure: its first tile is a natural",
            text.trim()
        ));
    };
    let naturals = ts.iter().filter(|t| **t == first).count();
    let jokers = ts.iter().filter(|t| t.is_joker()).count();
    if naturals + jokers != ts.len() {
        return Err(format!(
            "`{}` is not an exposure: one kind of tile, and jokers",
            text.trim()
        ));
    }
    Ok(Exposure {
        tile: first,
        naturals: naturals as u8,
        jokers: jokers as u8,
    })
}

pub fn write_exposure(e: &Exposure) -> String {
    write_tiles(&e.tiles())
}

/// The text after the first `n` words.
fn after_words(text: &str, n: usize) -> &str {
    let mut rest = text.trim_start();
    for _ in 0..n {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest.trim_end()
}

/// Reads the words after `expect` (`rest`: the same text, for quoted words).
pub fn read(words: &[&str], rest: &str) -> Result<Expect, String> {
    let Some((what, args)) = words.split_first() else {
        return Err("`expect` needs what is expected".into());
    };
    let one_seat = || match args {
        [s] => seat(s),
        _ => Err(format!("`expect {what}` names one seat")),
    };
    Ok(match what.to_ascii_lowercase().as_str() {
        "refused" => {
            let [s, code, ..] = args else {
                return Err("write `expect refused W <code> [\"words\"]`".into());
            };
            let after_code = after_words(rest, 3);
            let words = match after_code {
                "" => None,
                q if q.len() >= 2 && q.starts_with('"') && q.ends_with('"') => {
                    Some(q[1..q.len() - 1].to_string())
                }
                _ => return Err("the words of a refusal go in double quotes".into()),
            };
            Expect::Refused {
                seat: seat(s)?,
                code: named(code, "refusal code (see docs/play-protocol.md)")?,
                words,
            }
        }
        "turn" => match args {
            [s] => Expect::Turn {
                seat: seat(s)?,
                expose: false,
            },
            [s, e] if e.eq_ignore_ascii_case("expose") => Expect::Turn {
                seat: seat(s)?,
                expose: true,
            },
            _ => return Err("write `expect turn W` or `expect turn W expose`".into()),
        },
        "pick" => Expect::Pick(one_seat()?),
        "window" => match args {
            [t, from, s] if from.eq_ignore_ascii_case("from") => Expect::Window {
                tile: tile(t)?,
                from: seat(s)?,
            },
            _ => return Err("write `expect window 6B from E`".into()),
        },
        "awaiting" => match args {
            [none] if none.eq_ignore_ascii_case("none") => Expect::Awaiting(vec![]),
            _ => Expect::Awaiting(args.iter().map(|s| seat(s)).collect::<Result<_, _>>()?),
        },
        "charleston" => match args {
            [p] => Expect::Charleston(pass(p)?),
            _ => return Err("write `expect charleston second-left`".into()),
        },
        "ended" => match args {
            [e] => Expect::Ended(
                ENDS.iter()
                    .find(|(w, _)| w.eq_ignore_ascii_case(e))
                    .map(|(_, k)| *k)
                    .ok_or_else(|| {
                        format!("`{}` is not an ending (mahjong, wall, mahjong-in-error, no-live-hands)", excerpt(e))
                    })?,
            ),
            _ => return Err("write `expect ended wall`".into()),
        },
        "playing" if args.is_empty() => Expect::Playing,
        "winner" => Expect::Winner(one_seat()?),
        "record" => match args {
            [field, value @ ..] if !value.is_empty() => Expect::Record {
                field: field.to_string(),
                value: value.iter().map(|v| v.to_string()).collect(),
            },
            _ => return Err("write `expect record <field> <value>`".into()),
        },
        "points" => Expect::Points(match args {
            [s, p] => PointsOf::Seat(seat(s)?, number(p, "points")?),
            [a, b, c, d] => PointsOf::All([
                number(a, "points")?,
                number(b, "points")?,
                number(c, "points")?,
                number(d, "points")?,
            ]),
            _ => return Err("write `expect points E 50` or four numbers, East first".into()),
        }),
        "dead" => match args {
            [s, r] if r.eq_ignore_ascii_case("none") => Expect::Dead {
                seat: seat(s)?,
                reason: None,
            },
            [s, r] => Expect::Dead {
                seat: seat(s)?,
                reason: Some(named(r, "reason a hand is dead")?),
            },
            _ => return Err("write `expect dead N cannot_make_hand` or `expect dead N none`".into()),
        },
        "penalty" => match args {
            [s, k] => Expect::Penalty {
                seat: seat(s)?,
                kind: named(k, "penalty")?,
            },
            _ => return Err("write `expect penalty W false_dead_call`".into()),
        },
        "exposed" => {
            let [s, ..] = args else {
                return Err("write `expect exposed N 6D 6D J | 9B 9B 9B` or `none`".into());
            };
            let tail = after_words(rest, 2);
            let exposures = if tail.eq_ignore_ascii_case("none") {
                vec![]
            } else {
                tail.split('|').map(exposure).collect::<Result<_, _>>()?
            };
            Expect::Exposed {
                seat: seat(s)?,
                exposures,
            }
        }
        "count" => match args {
            [s, t, n] => Expect::Count {
                seat: seat(s)?,
                tile: tile(t)?,
                n: number(n, "tiles")?,
            },
            _ => return Err("write `expect count E J 1`".into()),
        },
        "rack" => match args {
            [s, ts @ ..] => Expect::Rack {
                seat: seat(s)?,
                tiles: tiles(&ts.join(" "))?,
            },
            _ => return Err("write `expect rack E 1B 2B ...`".into()),
        },
        "floor" => match args {
            [none] if none.eq_ignore_ascii_case("none") => Expect::Floor(vec![]),
            _ => Expect::Floor(tiles(&args.join(" "))?),
        },
        "wall-left" => match args {
            [n] => Expect::WallLeft(number(n, "tiles")?),
            _ => return Err("write `expect wall-left 10`".into()),
        },
        "bot" => {
            let [strength, s, act @ ..] = args else {
                return Err("write `expect bot strong E discard 5B` (or `... E not discard 5B`)".into());
            };
            let (not, act) = match act {
                [n, more @ ..] if n.eq_ignore_ascii_case("not") => (true, more),
                _ => (false, act),
            };
            let action = match act {
                [d] if d.eq_ignore_ascii_case("discard") => None,
                _ => Some(action::read(act)?),
            };
            Expect::Bot {
                strength: strength.parse()?,
                seat: seat(s)?,
                not,
                action,
            }
        }
        other => {
            return Err(format!(
                "`expect {other}` is not an expectation (refused, turn, pick, window, awaiting, \
                 charleston, ended, playing, winner, record, points, dead, penalty, exposed, count, \
                 rack, floor, wall-left, bot)"
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_line(s: &str) -> Result<Expect, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        read(&words, s)
    }

    #[test]
    fn refusals_name_a_stable_code_and_maybe_words() {
        assert_eq!(
            read_line("refused W not_held \"no 9B\""),
            Ok(Expect::Refused {
                seat: Seat::West,
                code: RefusalCode::NotHeld,
                words: Some("no 9B".into())
            })
        );
        assert!(
            read_line("refused W nope")
                .unwrap_err()
                .contains("refusal code")
        );
        assert!(read_line("refused W not_held no quotes").is_err());
    }

    #[test]
    fn exposures_are_one_kind_and_jokers() {
        assert_eq!(
            exposure("6D 6D J"),
            Ok(Exposure {
                tile: "6D".parse().unwrap(),
                naturals: 2,
                jokers: 1
            })
        );
        assert!(exposure("J 6D 6D").is_err());
        assert!(exposure("6D 7D 6D").is_err());
        assert!(
            read_line("sideways")
                .unwrap_err()
                .contains("not an expectation")
        );
    }
}
