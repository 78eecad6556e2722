//! The actions of the format: `E discard 7C`, `W claim`, `N expose 2 naturals
//! 1 joker`, `E exchange N 1`, ... read from words and written back.

use super::words::{number, seat, seat_letter, tile, tiles, write_tiles};
use crate::event::{Action, Call};
use jongg_tiles::excerpt;

/// The verbs, for the error that names an unknown one.
const VERBS: &str = "pick, discard, claim, decline, withdraw, expose, correct, exchange, \
mahjong, throw-in, keep-hand, dead, pass, courtesy, stop";

/// Reads an action from its words after the seat.
pub fn read(words: &[&str]) -> Result<Action, String> {
    let Some((verb, args)) = words.split_first() else {
        return Err(format!("an action is missing after the seat ({VERBS})"));
    };
    let none = |a: Action| {
        if args.is_empty() {
            Ok(a)
        } else {
            Err(format!("`{}` takes nothing after it", excerpt(verb)))
        }
    };
    match verb.to_ascii_lowercase().as_str() {
        "pick" => none(Action::Pick),
        "decline" => none(Action::Decline),
        "withdraw" => none(Action::Withdraw),
        "throw-in" => none(Action::ThrowIn),
        "keep-hand" => none(Action::KeepHand),
        "stop" => none(Action::StopCharleston),
        "discard" => match args {
            [t] => Ok(Action::Discard { tile: tile(t)? }),
            _ => Err("`discard` takes one tile: `E discard 7C`".into()),
        },
        "claim" => match args {
            [] => Ok(Action::Claim {
                call: Call::Exposure,
            }),
            [m] if m.eq_ignore_ascii_case("mahjong") => Ok(Action::Claim {
                call: Call::MahJongg,
            }),
            _ => Err("`claim` is for an exposure, or `claim mahjong`".into()),
        },
        "mahjong" => match args {
            [] => Ok(Action::MahJongg { shown: true }),
            [v] if v.eq_ignore_ascii_case("verbal") => Ok(Action::MahJongg { shown: false }),
            _ => Err("`mahjong` shows the hand; `mahjong verbal` only says it".into()),
        },
        "dead" => match args {
            [s] => Ok(Action::DeclareDead { target: seat(s)? }),
            _ => Err("`dead` names the seat declared dead: `S dead N`".into()),
        },
        "exchange" => match args {
            [s, n] => {
                let n: u8 = number(n, "the exposure, counted from 1")?;
                let exposure = n
                    .checked_sub(1)
                    .ok_or("exposures are counted from 1: `E exchange N 1`")?;
                Ok(Action::ExchangeJoker {
                    owner: seat(s)?,
                    exposure,
                })
            }
            _ => Err("`exchange` names the owner and the exposure: `E exchange N 1`".into()),
        },
        "expose" | "correct" => {
            let (naturals, jokers) = group(args)?;
            Ok(if verb.eq_ignore_ascii_case("expose") {
                Action::Expose { naturals, jokers }
            } else {
                Action::Correct { naturals, jokers }
            })
        }
        "pass" => {
            let (blind, rest) = match args {
                [rest @ .., b, n] if b.eq_ignore_ascii_case("blind") => {
                    (number(n, "the blind tiles")?, rest)
                }
                _ => (0, args),
            };
            Ok(Action::Pass {
                tiles: tiles(&rest.join(" "))?,
                blind,
            })
        }
        "courtesy" => Ok(Action::Courtesy {
            tiles: tiles(&args.join(" "))?,
        }),
        other => Err(format!("`{}` is not an action ({VERBS})", excerpt(other))),
    }
}

/// An action line's words after the seat: a claim may end with the number
/// of the discard it claims (`claim 12`, `claim mahjong 12`).
pub fn read_step(words: &[&str]) -> Result<(Action, Option<u32>), String> {
    match words {
        [verb, rest @ .., n]
            if verb.eq_ignore_ascii_case("claim") && n.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Ok((
                read(&[&[*verb], rest].concat())?,
                Some(number(n, "the discard")?),
            ))
        }
        _ => Ok((read(words)?, None)),
    }
}

/// The words [`read_step`] reads.
pub fn write_step(action: &Action, discard: Option<u32>) -> String {
    match discard {
        Some(n) => format!("{} {n}", write(action)),
        None => write(action),
    }
}

/// `2 naturals 1 joker`: the tiles from the rack beside the claimed one.
fn group(args: &[&str]) -> Result<(u8, u8), String> {
    let mut naturals = None;
    let mut jokers = None;
    for pair in args.chunks(2) {
        let [n, what] = pair else {
            return Err("write `expose 2 naturals 1 joker`".into());
        };
        let n: u8 = number(n, "tiles from the rack")?;
        let slot = match what.to_ascii_lowercase().as_str() {
            "natural" | "naturals" => &mut naturals,
            "joker" | "jokers" => &mut jokers,
            w => return Err(format!("`{}` is neither naturals nor jokers", excerpt(w))),
        };
        if slot.replace(n).is_some() {
            return Err(format!("`{}` is given twice", excerpt(what)));
        }
    }
    if naturals.is_none() && jokers.is_none() {
        return Err("write `expose 2 naturals 1 joker`".into());
    }
    Ok((naturals.unwrap_or(0), jokers.unwrap_or(0)))
}

/// The words of an action, as [`read`] reads them.
pub fn write(action: &Action) -> String {
    match action {
        Action::Pick => "pick".into(),
        Action::Decline => "decline".into(),
        Action::Withdraw => "withdraw".into(),
        Action::ThrowIn => "throw-in".into(),
        Action::KeepHand => "keep-hand".into(),
        Action::StopCharleston => "stop".into(),
        Action::Discard { tile } => format!("discard {tile}"),
        Action::Claim {
            call: Call::Exposure,
        } => "claim".into(),
        Action::Claim {
            call: Call::MahJongg,
        } => "claim mahjong".into(),
        Action::MahJongg { shown: true } => "mahjong".into(),
        Action::MahJongg { shown: false } => "mahjong verbal".into(),
        Action::DeclareDead { target } => format!("dead {}", seat_letter(*target)),
        Action::ExchangeJoker { owner, exposure } => {
            format!(
                "exchange {} {}",
                seat_letter(*owner),
                u16::from(*exposure) + 1
            )
        }
        Action::Expose { naturals, jokers } => {
            format!("expose {naturals} naturals {jokers} jokers")
        }
        Action::Correct { naturals, jokers } => {
            format!("correct {naturals} naturals {jokers} jokers")
        }
        Action::Pass { tiles, blind } => {
            let mut s = format!("pass {}", write_tiles(tiles));
            if *blind > 0 {
                s = format!("{} blind {blind}", s.trim_end());
            }
            s.trim_end().to_string()
        }
        Action::Courtesy { tiles } => format!("courtesy {}", write_tiles(tiles))
            .trim_end()
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::Seat;

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn actions_read_as_a_director_writes_them() {
        assert_eq!(
            read(&words("expose 2 naturals 1 joker")),
            Ok(Action::Expose {
                naturals: 2,
                jokers: 1
            })
        );
        assert_eq!(
            read(&words("exchange N 1")),
            Ok(Action::ExchangeJoker {
                owner: Seat::North,
                exposure: 0
            })
        );
        assert_eq!(
            read(&words("pass 1B 2B blind 1")),
            Ok(Action::Pass {
                tiles: tiles("1B 2B").unwrap(),
                blind: 1
            })
        );
        assert!(read(&words("exchange N 0")).unwrap_err().contains("from 1"));
        assert_eq!(
            read_step(&words("claim mahjong 12")),
            Ok((
                Action::Claim {
                    call: Call::MahJongg
                },
                Some(12)
            ))
        );
        assert_eq!(write_step(&Action::Pick, None), "pick");
        assert!(read(&words("jump")).unwrap_err().contains("not an action"));
        assert!(read(&words("expose 2")).is_err());
    }

    #[test]
    fn every_action_written_reads_back() {
        let all = [
            Action::Pick,
            Action::Pass {
                tiles: vec![],
                blind: 3,
            },
            Action::Courtesy { tiles: vec![] },
            Action::MahJongg { shown: false },
            Action::Correct {
                naturals: 0,
                jokers: 3,
            },
            Action::DeclareDead { target: Seat::West },
        ];
        for a in all {
            let text = write(&a);
            assert_eq!(read(&words(&text)), Ok(a), "{text}");
        }
    }
}
