//! A finished game told move by move with every rack shown (issue 23.9):
//! what `jongg replay LOG` prints. Each event is a numbered line in words;
//! after it, the racks it changed (all four after the deal and at the end).

use crate::event::{Answer, Call, Event};
use crate::outcome::Ending;
use crate::position::words::{name_of, pass_name};
use crate::state::State;
use jongg_tiles::{Seat, format_tiles};
use std::fmt::Write;

/// The game of these events, one move a line, racks shown as they change.
pub fn replay_text(events: &[Event]) -> String {
    let mut out = String::new();
    let mut st = State::default();
    for (i, e) in events.iter().enumerate() {
        let before = st.clone();
        st.apply(e);
        let _ = writeln!(out, "{:>4}. {}", i + 1, describe(e));
        let all = matches!(
            e,
            Event::Dealt { .. } | Event::Arranged { .. } | Event::Ended { .. }
        );
        for s in Seat::ALL.into_iter().filter(|s| st.table.present[*s]) {
            let changed = before.hands[s] != st.hands[s] || before.exposures[s] != st.exposures[s];
            if all || changed {
                let _ = writeln!(out, "        {}", rack(&st, s));
            }
        }
    }
    out
}

/// One seat's rack: concealed tiles, then each exposure.
fn rack(st: &State, s: Seat) -> String {
    let mut line = format!("{:<5}  {}", s.name(), format_tiles(&st.hands[s].to_tiles()));
    for e in &st.exposures[s] {
        let _ = write!(line, "  [{}]", format_tiles(&e.tiles()));
    }
    if let Some(d) = st.dead[s] {
        let _ = write!(line, "  (dead: {})", name_of(&d));
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
}
