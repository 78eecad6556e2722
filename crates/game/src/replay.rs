//! A finished game told move by move with every rack shown (issue 23.9):
//! what `jongg replay LOG` prints and the server's replay page draws. Each
//! event is a [`Frame`]: its words and the table after it (every rack, the
//! floor, who is awaited); [`replay_text`] writes the frames as numbered
//! lines, with the racks each one changed (all four after the deal and at
//! the end).

use crate::event::{Answer, Call, Event};
use crate::outcome::Ending;
use crate::position::words::{name_of, pass_name};
use crate::state::State;
use jongg_tiles::{Seat, Tile, format_tiles};
use std::fmt::Write;

/// One seat's rack after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rack {
    pub seat: Seat,
    /// The concealed tiles, in the engine's order.
    pub concealed: Vec<Tile>,
    /// Each exposure's tiles, naturals first.
    pub exposures: Vec<Vec<Tile>>,
    /// Why the hand is dead, in words; `None`: live.
    pub dead: Option<String>,
    /// The move changed this rack (its tiles or its exposures).
    pub changed: bool,
    /// The engine waits on this seat after the move.
    pub awaited: bool,
}

/// The table after one event of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The event's number, from 1 (as `jongg replay` and the coach number them).
    pub number: usize,
    /// The event in words ("east discards 5C").
    pub words: String,
    /// Every seated seat's rack, East first.
    pub racks: Vec<Rack>,
    /// Every discard on the floor, oldest first, with who threw it.
    pub floor: Vec<(Seat, Tile)>,
    /// Tiles left in the wall.
    pub wall_left: usize,
    /// The event shows every rack (the deal, the set-up, the end).
    pub all: bool,
}

/// The game of these events, a frame for each.
pub fn frames(events: &[Event]) -> Vec<Frame> {
    frames_from(State::default(), events)
}

/// The game of these events played from `start`: a table set up from a
/// position (its events begin after the set-up, not with the deal).
pub fn frames_from(start: State, events: &[Event]) -> Vec<Frame> {
    let mut st = start;
    let mut out = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        let before = st.clone();
        st.apply(e);
        let racks = Seat::ALL
            .into_iter()
            .filter(|s| st.table.present[*s])
            .map(|s| Rack {
                seat: s,
                concealed: st.hands[s].to_tiles(),
                exposures: st.exposures[s].iter().map(|x| x.tiles()).collect(),
                dead: st.dead[s].map(|d| name_of(&d)),
                changed: before.hands[s] != st.hands[s] || before.exposures[s] != st.exposures[s],
                awaited: st.awaiting(s),
            })
            .collect();
        out.push(Frame {
            number: i + 1,
            words: describe(e),
            racks,
            floor: st.floor.clone(),
            wall_left: st.wall_left(),
            all: matches!(
                e,
                Event::Dealt { .. } | Event::Arranged { .. } | Event::Ended { .. }
            ),
        });
    }
    out
}

/// The game of these events, one move a line, racks shown as they change.
pub fn replay_text(events: &[Event]) -> String {
    replay_text_from(State::default(), events)
}

/// [`replay_text`] of a game played from `start` (a position's set-up).
pub fn replay_text_from(start: State, events: &[Event]) -> String {
    let mut out = String::new();
    for f in frames_from(start, events) {
        let _ = writeln!(out, "{:>4}. {}", f.number, f.words);
        for r in f.racks.iter().filter(|r| f.all || r.changed) {
            let _ = writeln!(out, "        {}", rack_line(r));
        }
    }
    out
}

/// One seat's rack in a line: concealed tiles, then each exposure.
fn rack_line(r: &Rack) -> String {
    let mut line = format!("{:<5}  {}", r.seat.name(), format_tiles(&r.concealed));
    for e in &r.exposures {
        let _ = write!(line, "  [{}]", format_tiles(e));
    }
    if let Some(d) = &r.dead {
        let _ = write!(line, "  (dead: {d})");
    }
    line
}

fn describe(e: &Event) -> String {
    match e {
        Event::Began {
            table, dice, seed, ..
        } => match dice {
            // A wall laid as given (a fair wall, a director's set-up): no dice.
            [0, 0] => format!(
                "{} rules, {} deals; the wall as laid",
                table.rules, table.dealer
            ),
            _ => format!(
                "{} rules, {} deals; dice {} and {}; seed {seed}",
                table.rules, table.dealer, dice[0], dice[1]
            ),
        },
        Event::Dealt { .. } => "the deal".into(),
        Event::Arranged { .. } => "the racks as set up after the Charleston".into(),
        Event::PassChosen {
            seat,
            pass,
            blind,
            tiles,
        } => format!(
            "{seat} chooses {} for the {} pass{}",
            tiles.as_deref().map_or("tiles".into(), format_tiles),
            pass_name(*pass),
            blind_words(*blind)
        ),
        Event::Passed { pass, .. } => format!("the {} pass is made", pass_name(*pass)),
        Event::CharlestonStopped { by } => format!("{by} stops the Charleston"),
        Event::Picked { seat, tile } => match tile {
            Some(t) => format!("{seat} picks {t}"),
            None => format!("{seat} picks"),
        },
        Event::Discarded { seat, tile } => format!("{seat} discards {tile}"),
        Event::Answered { seat, answer } => match answer {
            Answer::Decline => format!("{seat} declines"),
            Answer::Claim(Call::Exposure) => format!("{seat} claims for an exposure"),
            Answer::Claim(Call::MahJongg) => format!("{seat} claims for Mah Jongg"),
        },
        Event::Withdrew { seat } => format!("{seat} withdraws the claim"),
        Event::Took { seat, tile, from } => format!("{seat} takes the {tile} from {from}"),
        Event::Next { seat } => format!("{seat} to pick"),
        Event::Exposed { seat, exposure } => {
            format!("{seat} exposes {}", format_tiles(&exposure.tiles()))
        }
        Event::Corrected { seat, exposure } => {
            format!(
                "{seat} corrects the exposure to {}",
                format_tiles(&exposure.tiles())
            )
        }
        Event::JokerExchanged {
            seat,
            owner,
            exposure,
            tile,
        } => format!(
            "{seat} gives a {tile} for the joker of {owner}'s exposure {}",
            u16::from(*exposure) + 1
        ),
        Event::FalseMahJongg { seat, shown, .. } => format!(
            "{seat} declares Mah Jongg in error ({})",
            if *shown { "shown" } else { "not shown" }
        ),
        Event::ErrorAnswered { seat, threw_in } => format!(
            "{seat} {}",
            if *threw_in {
                "had exposed the hand too"
            } else {
                "kept the hand"
            }
        ),
        Event::DeadCalled { by, target, upheld } => format!(
            "{by} declares {target} dead: {}",
            if *upheld { "upheld" } else { "wrong" }
        ),
        Event::Dead { seat, reason } => {
            format!("{seat}'s hand is dead ({})", name_of(reason))
        }
        Event::Penalty { seat, kind } => format!("{seat}: penalty {}", name_of(kind)),
        Event::MahJongg {
            seat, from, win, ..
        } => match from {
            Some(f) => format!(
                "{seat}: Mah Jongg on {f}'s discard, {} ({})",
                win.line, win.value
            ),
            None => format!("{seat}: Mah Jongg, {} ({})", win.line, win.value),
        },
        Event::Ended { outcome } => match outcome.winner() {
            Some(w) => format!("the game ends: {w} wins"),
            None => format!(
                "the game ends: {}",
                match &outcome.ending {
                    Ending::MahJonggInError { declarer, .. } => {
                        format!("{declarer}'s Mah Jongg in error")
                    }
                    Ending::NoLiveHands => "no live hands".into(),
                    Ending::TimeCalled => "time called (R7)".into(),
                    _ => "a wall game".into(),
                }
            ),
        },
    }
}

fn blind_words(blind: u8) -> String {
    if blind == 0 {
        String::new()
    } else {
        format!(", {blind} blind")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Game, Table, ToyJudge};

    #[test]
    fn a_replay_shows_every_rack_after_the_deal_and_each_move() {
        let j = ToyJudge;
        let mut g = Game::new(Table::standard().without(Seat::North), 3, &j).unwrap();
        let t = g.view(Seat::East).hand().to_tiles()[0];
        g.act(Seat::East, &Action::Discard { tile: t }).unwrap();
        let text = replay_text(g.events());
        assert!(
            text.contains("   1. standard rules, east deals; dice"),
            "{text}"
        );
        assert!(text.contains(&format!("east discards {t}")), "{text}");
        // Three racks after the deal, East's again after its discard.
        assert_eq!(text.matches("\n        east ").count(), 2, "{text}");
        assert_eq!(text.matches("\n        west ").count(), 1, "{text}");
    }

    #[test]
    fn a_frame_holds_every_rack_the_floor_and_who_is_awaited() {
        let j = ToyJudge;
        let mut g = Game::new(Table::standard().without(Seat::North), 3, &j).unwrap();
        let t = g.view(Seat::East).hand().to_tiles()[0];
        g.act(Seat::East, &Action::Discard { tile: t }).unwrap();
        let all = frames(g.events());
        assert_eq!(all.len(), g.events().len());
        let dealt = &all[1];
        assert!(dealt.all && dealt.words == "the deal", "{dealt:?}");
        let f = all.last().unwrap();
        assert_eq!(f.number, all.len());
        assert_eq!(f.floor, vec![(Seat::East, t)]);
        let seats: Vec<Seat> = f.racks.iter().map(|r| r.seat).collect();
        assert_eq!(seats, vec![Seat::East, Seat::South, Seat::West]);
        let east = &f.racks[0];
        assert_eq!(east.concealed.len(), 13);
        assert!(!east.awaited, "east has discarded");
        assert!(f.racks[1..].iter().any(|r| r.awaited), "{f:?}");
        assert_eq!(f.wall_left, g.state().wall_left());
    }
}
