//! Plays a script from its position and checks each expectation.

use super::check::{Context, check, events_words, named_discard, refusal};
use super::expect::Expect;
use super::setup::{Judges, setup};
use super::write::write_expect;
use super::{PositionError, Script, StepKind, action};
use crate::refusal_code::code_of;
use std::cell::OnceCell;

/// One expectation's result (or an action that went wrong), with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub line: usize,
    /// The line, as the format writes it.
    pub text: String,
    /// `None`: as expected.
    pub failure: Option<String>,
}

/// Every check of a run, in order. A run stops at an action that goes
/// otherwise than the script says (what follows would be about another game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub checks: Vec<Check>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.failure.is_none())
    }

    pub fn failures(&self) -> impl Iterator<Item = &Check> {
        self.checks.iter().filter(|c| c.failure.is_some())
    }
}

/// Runs the script. The error is a position the engine cannot set up.
pub fn run(script: &Script) -> Result<Report, PositionError> {
    let p = &script.position;
    let bad = |m: String| PositionError::new(1, m);
    let preset = jongg_rules::Preset::builtin(&p.rules)
        .ok_or_else(|| bad(format!("`{}` is not a rules preset", p.rules)))?;
    let judges = Judges::new(p.card);
    let mut game = setup(p, judges.judge()).map_err(bad)?;
    let cx = Context {
        preset: &preset,
        bot_card: OnceCell::new(),
    };
    let mut report = Report::default();
    let mut steps = script.steps.iter().peekable();
    while let Some(step) = steps.next() {
        match &step.kind {
            StepKind::Expect(e) => report.checks.push(Check {
                line: step.line,
                text: write_expect(e),
                failure: check(e, &game, &cx).err(),
            }),
            StepKind::Act {
                seat,
                action: a,
                discard,
            } => {
                let said = format!(
                    "{} {}",
                    super::words::seat_letter(*seat),
                    action::write_step(a, *discard)
                );
                let expected_refusal = steps.next_if(|s| {
                    matches!(&s.kind, StepKind::Expect(Expect::Refused { seat: r, .. }) if r == seat)
                });
                let before = game.state().clone();
                let result = named_discard(&game, *discard).and_then(|()| {
                    game.act(*seat, a)
                        .map(events_words)
                        .map_err(|r| (code_of(&r), r.reason))
                });
                if result.is_err() && game.state() != &before {
                    report.checks.push(Check {
                        line: step.line,
                        text: said,
                        failure: Some("a refusal changed the table".into()),
                    });
                    break;
                }
                match (expected_refusal, result) {
                    (Some(next), Err(r)) => {
                        let StepKind::Expect(e) = &next.kind else {
                            continue;
                        };
                        report.checks.push(Check {
                            line: next.line,
                            text: write_expect(e),
                            failure: refusal(e, r.0, &r.1).err(),
                        });
                    }
                    (Some(next), Ok(events)) => {
                        report.checks.push(Check {
                            line: next.line,
                            text: said,
                            failure: Some(format!("accepted ({events}), not refused")),
                        });
                        break;
                    }
                    (None, Err(r)) => {
                        report.checks.push(Check {
                            line: step.line,
                            text: said,
                            failure: Some(format!(
                                "refused ({}): {}",
                                super::words::name_of(&r.0),
                                r.1
                            )),
                        });
                        break;
                    }
                    (None, Ok(_)) => {}
                }
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::parse;

    fn report(text: &str) -> Report {
        run(&parse(text).unwrap()).unwrap()
    }

    #[test]
    fn a_failed_expectation_is_named_by_its_line() {
        let r = report("rack E 6B\nE discard 6B\nexpect window 6B from E\nexpect pick S\n");
        assert_eq!(r.checks.len(), 2);
        assert_eq!(r.checks[0].failure, None);
        assert_eq!(r.checks[1].line, 4);
        assert!(
            r.checks[1]
                .failure
                .as_deref()
                .unwrap_or("")
                .contains("open for claims")
        );
        assert!(!r.passed());
    }

    #[test]
    fn an_unexpected_refusal_stops_the_run_and_an_expected_one_is_checked() {
        let r = report(
            "S pick\nexpect refused S not_your_turn \"not your turn\"\nE pick\nexpect playing\n",
        );
        assert_eq!(r.checks.len(), 2, "{r:?}");
        assert_eq!(r.checks[0].failure, None);
        assert_eq!(r.checks[1].line, 3);
        assert!(
            r.checks[1]
                .failure
                .as_deref()
                .unwrap_or("")
                .contains("must_discard")
        );
        let r = report("S pick\nexpect refused S must_pick\n");
        assert!(
            r.checks[0]
                .failure
                .as_deref()
                .unwrap_or("")
                .contains("not_your_turn")
        );
        let r = report("rack E 6B\nE discard 6B\nexpect refused E not_held\n");
        assert!(
            r.checks[0]
                .failure
                .as_deref()
                .unwrap_or("")
                .contains("accepted")
        );
    }
}
