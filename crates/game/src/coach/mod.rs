//! The coach (issue 24.6): a finished game reviewed for one seat. At each of
//! the seat's decisions it asks the strong bot with that seat's [`View`] at
//! that moment (never another rack or the wall), compares with what the
//! seat did, and says why in a line of words, with a difference in the
//! strong bot's own points so the largest can be listed. `report.rs` prints
//! it (`jongg review LOG --seat S`).

mod compare;
mod report;

pub use report::{TOP, review_text, top_differences};

use crate::bot::{Bot, StrongBot};
use crate::event::{Action, Answer, Call, Event, PassKind};
use crate::state::{Phase, State, Step};
use crate::view::{Situation, View};
use jongg_card::Card;
use jongg_tiles::Seat;
use serde::Serialize;

/// The strong bot's seed for its ties: fixed, so a review is the same each time.
const COACH_SEED: u64 = 246;

/// What kind of decision a seat made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// A Charleston pass (or stopping the Charleston, or East's heavenly hand).
    Pass,
    /// The courtesy pass across.
    Courtesy,
    /// A turn: a discard, a joker exchange, Mah Jongg, a dead call.
    Turn,
    /// A discard open for claims: claim it or let it go.
    Claim,
    /// The exposure made with a claimed tile.
    Exposure,
}

/// One decision of the seat, beside the strong bot's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The event it made, numbered from 1 as `jongg replay` numbers them.
    pub event: usize,
    pub decision: Decision,
    pub did: Action,
    pub strong: Action,
    /// The two in words ("discard 5C").
    pub did_words: String,
    pub strong_words: String,
    /// The strong bot finds the seat's choice as good as its own.
    pub agree: bool,
    /// Why, in a line: the lines the strong bot keeps open, how live their
    /// tiles are, the danger of the tile thrown.
    pub reason: String,
    /// How much worse the seat's choice is by the strong bot's measure, in
    /// points (0 when they agree).
    pub difference: f64,
    /// The danger of the tile the seat threw, in points (0 for other decisions).
    pub danger: f64,
}

/// The review of `seat`'s decisions in a game's events, judged on `card`.
/// The error names what is wrong with the log or the seat.
pub fn review(events: &[Event], seat: Seat, card: &Card) -> Result<Vec<Review>, String> {
    let Some(Event::Began { table, .. }) = events.first() else {
        return Err("the log does not begin with the game's start (a `began` event)".into());
    };
    if !table.present[seat] {
        return Err(format!("no one sat at {seat} in this game"));
    }
    let mut bot = StrongBot::new(card, COACH_SEED);
    let mut state = State::default();
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        if let Some((s, did, decision)) = chosen(&state, event)
            && s == seat
        {
            let view = View::new(&state, seat);
            if asked(&view) {
                let strong = bot.act(&view, card);
                out.push(compare::judge(
                    &mut bot,
                    &view,
                    card,
                    i + 1,
                    decision,
                    did,
                    strong,
                ));
            }
        }
        state.apply(event);
    }
    Ok(out)
}

/// Whether the engine waited on this seat for a choice (not a pick).
fn asked(view: &View<'_>) -> bool {
    view.awaited()
        && matches!(
            view.situation(),
            Situation::Charleston { .. }
                | Situation::MyTurn { .. }
                | Situation::Window { answer: None, .. }
        )
}

/// The seat and action that made `event`, when a seat's own choice made it
/// (`before`: the state before it). Events the engine makes by itself (a
/// completed pass, a closed window, a pick's tile) give `None`.
pub(crate) fn chosen(before: &State, event: &Event) -> Option<(Seat, Action, Decision)> {
    let on_turn = |seat: Seat| {
        matches!(&before.phase, Phase::Play(Step::Turn(t)) if t.seat == seat)
            || matches!(&before.phase, Phase::Charleston(_))
    };
    Some(match event {
        Event::PassChosen {
            seat,
            pass,
            tiles: Some(tiles),
            blind,
        } => match pass {
            PassKind::Courtesy => (
                *seat,
                Action::Courtesy {
                    tiles: tiles.clone(),
                },
                Decision::Courtesy,
            ),
            _ => (
                *seat,
                Action::Pass {
                    tiles: tiles.clone(),
                    blind: *blind,
                },
                Decision::Pass,
            ),
        },
        Event::CharlestonStopped { by } => (*by, Action::StopCharleston, Decision::Pass),
        Event::Discarded { seat, tile } => (*seat, Action::Discard { tile: *tile }, Decision::Turn),
        Event::Answered { seat, answer } => (
            *seat,
            match answer {
                Answer::Decline => Action::Decline,
                Answer::Claim(call) => Action::Claim { call: *call },
            },
            Decision::Claim,
        ),
        Event::Exposed { seat, exposure } => (
            *seat,
            Action::Expose {
                naturals: exposure.naturals.saturating_sub(1),
                jokers: exposure.jokers,
            },
            Decision::Exposure,
        ),
        Event::JokerExchanged {
            seat,
            owner,
            exposure,
            ..
        } => (
            *seat,
            Action::ExchangeJoker {
                owner: *owner,
                exposure: *exposure,
            },
            Decision::Turn,
        ),
        Event::MahJongg {
            seat, from: None, ..
        } if on_turn(*seat) => (
            *seat,
            Action::MahJongg { shown: true },
            turn_or_pass(before),
        ),
        Event::FalseMahJongg { seat, shown, .. } if on_turn(*seat) => {
            (*seat, Action::MahJongg { shown: *shown }, Decision::Turn)
        }
        Event::DeadCalled { by, target, .. } => {
            (*by, Action::DeclareDead { target: *target }, Decision::Turn)
        }
        _ => return None,
    })
}

fn turn_or_pass(before: &State) -> Decision {
    match before.phase {
        Phase::Charleston(_) => Decision::Pass,
        _ => Decision::Turn,
    }
}

/// A claim of this kind on the discard `tile`, in words.
pub(crate) fn call_words(call: Call) -> &'static str {
    match call {
        Call::Exposure => "for an exposure",
        Call::MahJongg => "for Mah Jongg",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::RandomBot;
    use crate::{Game, Table};

    #[test]
    fn every_choice_a_seat_made_is_read_back_from_its_events() {
        // The coach reads decisions from events; played through the engine,
        // each action (but the pick, which is no choice) must come back as
        // the action the seat took.
        let card = Card::practice();
        for seed in 0..6 {
            let mut g = Game::new(Table::standard(), seed, &card).unwrap();
            let mut bots: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed * 4 + i)).collect();
            let mut steps = 0;
            while !g.is_over() && steps < 2_000 {
                steps += 1;
                let Some(seat) = g.awaiting().next() else {
                    break;
                };
                let action = bots[seat.index()].act(&g.view(seat), &card);
                let before = g.state().clone();
                let Ok(events) = g.act(seat, &action) else {
                    continue;
                };
                let read = events.first().and_then(|e| chosen(&before, e));
                match &action {
                    Action::Pick | Action::Withdraw | Action::Correct { .. } => {}
                    Action::ThrowIn | Action::KeepHand => {}
                    // A true Mah Jongg is shown whatever was asked.
                    Action::MahJongg { .. } => assert!(matches!(
                        read,
                        Some((s, Action::MahJongg { .. }, _)) if s == seat
                    )),
                    _ => assert_eq!(
                        read.map(|(s, a, _)| (s, a)),
                        Some((seat, action.clone())),
                        "seed {seed}"
                    ),
                }
            }
        }
    }

    #[test]
    fn a_seat_no_one_sat_at_is_refused_by_name() {
        let card = Card::practice();
        let g = Game::new(Table::standard().without(Seat::North), 1, &card).unwrap();
        let e = review(g.events(), Seat::North, &card).unwrap_err();
        assert_eq!(e, "no one sat at north in this game");
        assert!(
            review(&[], Seat::East, &card)
                .unwrap_err()
                .contains("began")
        );
    }
}
