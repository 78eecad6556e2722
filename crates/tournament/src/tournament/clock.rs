//! A round's clock in the tournament: the director's changes to it, and
//! [`Tournament::clock`], the reading every page shows (crate::clock).

use super::{Tournament, conflict};
use crate::clock::{ClockAction, ClockChange, ClockReading, ClockState, read_clock};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::{MAX_MINUTES, MAX_REASON, check_text, time_ok};
use crate::model::{Millis, RoundNo, RoundState};

impl Tournament {
    /// Round `round`'s clock at `now`: time left and its state, with the
    /// round's minutes (R15) and the preset's warning (`[timing]`).
    pub fn clock(&self, round: RoundNo, now: Millis) -> Result<ClockReading, DomainError> {
        let r = self.round(round)?;
        let minutes = self.settings_ok()?.round_minutes;
        let warning = self.preset()?.timing.warning.minutes;
        let (start, closed) = match r.state {
            RoundState::Seated => (None, None),
            RoundState::Started { at } => (Some(at), None),
            RoundState::Closed { at } => (self.started_at(round), Some(at)),
        };
        Ok(read_clock(start, minutes, warning, &r.clock, closed, now))
    }

    /// When round `round` started, from the log (a closed round's state
    /// keeps only its end).
    fn started_at(&self, round: RoundNo) -> Option<Millis> {
        self.log.iter().find_map(|rec| match rec.event {
            Event::RoundStarted { round: r, at } if r == round => Some(at),
            _ => None,
        })
    }

    /// The director changes the clock of the round under way, with a reason.
    pub(super) fn adjust_clock(
        &self,
        round: RoundNo,
        action: ClockAction,
        reason: String,
        at: Millis,
    ) -> Result<Vec<Event>, DomainError> {
        if !time_ok(at) {
            return Err(DomainError::Invalid(format!(
                "{at} is not a moment between 1970 and 9999 (Unix milliseconds)"
            )));
        }
        let r = self.round(round)?;
        let RoundState::Started { at: start } = r.state else {
            return Err(conflict(format!(
                "round {round} is not under way: its clock cannot change"
            )));
        };
        let reason = reason.trim().to_string();
        if reason.is_empty() {
            return Err(DomainError::Invalid(
                "say why the clock changes (it is kept in the log)".into(),
            ));
        }
        check_text("the reason", &reason, MAX_REASON, false)?;
        let last = r.clock.last().map_or(start, |c| c.at);
        if at < last {
            return Err(conflict(format!(
                "the clock of round {round} last changed at {last}: a change cannot come before it"
            )));
        }
        let now = self.clock(round, at)?;
        match action {
            ClockAction::Pause if now.state == ClockState::Paused => {
                return Err(conflict(format!(
                    "the clock of round {round} is paused already"
                )));
            }
            ClockAction::Pause if now.state == ClockState::TimeCalled => {
                return Err(conflict(format!(
                    "time has been called in round {round}: extend or restart the clock instead"
                )));
            }
            ClockAction::Resume if now.state != ClockState::Paused => {
                return Err(conflict(format!(
                    "the clock of round {round} is not paused"
                )));
            }
            ClockAction::Extend { minutes } if minutes == 0 || minutes > MAX_MINUTES => {
                return Err(DomainError::Invalid(format!(
                    "extend by 1 to {MAX_MINUTES} minutes, not {minutes}"
                )));
            }
            _ => {}
        }
        Ok(vec![Event::ClockAdjusted {
            round,
            change: ClockChange { at, action, reason },
        }])
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::seated;
    use crate::*;

    const MIN: i64 = 60_000;
    /// Round 1 of `seated` starts at 2_000.
    const START: i64 = 2_000;

    fn adjust(t: &mut Tournament, action: ClockAction, min: i64) -> Result<(), DomainError> {
        t.execute(
            Actor::Director,
            Command::AdjustClock {
                round: RoundNo(1),
                action,
                reason: "a ruling at table 3".into(),
                at: START + min * MIN,
            },
            START + min * MIN,
        )
        .map(|_| ())
    }

    fn state(t: &Tournament, min: i64) -> (ClockState, i64) {
        let r = t.clock(RoundNo(1), START + min * MIN).unwrap();
        (r.state, r.left_ms / MIN)
    }

    /// Each preset's timing rule is cited, and its warning is where the
    /// clock warns: standard 23, st-louis-senior-olympics 6i,
    /// mississippi-2025 ("East is to make sure the game finishes on time").
    #[test]
    fn each_preset_warns_at_its_timing_warning_standard_23_st_louis_6i_mississippi() {
        for (preset, source) in [
            ("standard", "standard 23"),
            ("st-louis-senior-olympics", "st-louis-senior-olympics 6i"),
            ("mississippi-2025", "mississippi-2025"),
            ("beth-emeth", "beth-emeth 14"),
            ("mahjong-mania-2026", "mahjong-mania-2026"),
        ] {
            let t = seated(preset, 16, None, true);
            let timing = &t.preset().unwrap().timing;
            assert!(timing.rule.source.contains(source), "{preset}: {timing:?}");
            let minutes = i64::from(t.settings().unwrap().round_minutes);
            let warn = i64::from(timing.warning.minutes);
            assert!(warn > 0 && warn < minutes, "{preset}");
            assert_eq!(
                state(&t, minutes - warn - 1).0,
                ClockState::Running,
                "{preset}"
            );
            assert_eq!(state(&t, minutes - warn).0, ClockState::Warning, "{preset}");
            assert_eq!(state(&t, minutes), (ClockState::TimeCalled, 0), "{preset}");
        }
        let t = seated("mississippi-2025", 16, None, true);
        let duty = t.preset().unwrap().timing.on_time_duty.clone().unwrap();
        assert_eq!(duty.seat, jongg_tiles::Seat::East);
    }

    #[test]
    fn the_director_pauses_resumes_extends_and_restarts_with_a_reason() {
        let mut t = seated("standard", 16, None, true);
        let minutes = i64::from(t.settings().unwrap().round_minutes);
        adjust(&mut t, ClockAction::Pause, 10).unwrap();
        assert_eq!(state(&t, 20), (ClockState::Paused, minutes - 10));
        adjust(&mut t, ClockAction::Resume, 20).unwrap();
        adjust(&mut t, ClockAction::Extend { minutes: 5 }, 25).unwrap();
        assert_eq!(state(&t, 30), (ClockState::Running, minutes - 20 + 5));
        adjust(&mut t, ClockAction::Restart, 40).unwrap();
        assert_eq!(state(&t, 40), (ClockState::Running, minutes));
        let changes = &t.round(RoundNo(1)).unwrap().clock;
        assert_eq!(changes.len(), 4);
        assert!(changes.iter().all(|c| c.reason == "a ruling at table 3"));
        // The log folds to the same clock.
        let again = Tournament::replay(t.log().to_vec()).unwrap();
        assert_eq!(
            again.clock(RoundNo(1), START + 50 * MIN),
            t.clock(RoundNo(1), START + 50 * MIN)
        );
    }

    #[test]
    fn clock_changes_that_do_not_fit_are_refused_and_say_why() {
        let mut t = seated("standard", 16, None, true);
        let minutes = i64::from(t.settings().unwrap().round_minutes);
        let err = adjust(&mut t, ClockAction::Resume, 1).unwrap_err();
        assert!(err.to_string().contains("not paused"), "{err}");
        adjust(&mut t, ClockAction::Pause, 5).unwrap();
        let err = adjust(&mut t, ClockAction::Pause, 6).unwrap_err();
        assert!(err.to_string().contains("paused already"), "{err}");
        let err = adjust(&mut t, ClockAction::Resume, 4).unwrap_err();
        assert!(err.to_string().contains("cannot come before"), "{err}");
        adjust(&mut t, ClockAction::Resume, 6).unwrap();
        let err = adjust(&mut t, ClockAction::Extend { minutes: 0 }, 7).unwrap_err();
        assert!(err.to_string().contains("extend by 1 to"), "{err}");
        let err = adjust(&mut t, ClockAction::Pause, minutes + 1).unwrap_err();
        assert!(err.to_string().contains("time has been called"), "{err}");
        let no_reason = t.execute(
            Actor::Director,
            Command::AdjustClock {
                round: RoundNo(1),
                action: ClockAction::Pause,
                reason: "  ".into(),
                at: START + 8 * MIN,
            },
            0,
        );
        assert!(no_reason.unwrap_err().to_string().contains("say why"));
        let keeper = t.execute(
            Actor::Scorekeeper {
                round: RoundNo(1),
                table: TableNo(1),
            },
            Command::AdjustClock {
                round: RoundNo(1),
                action: ClockAction::Pause,
                reason: "hurry".into(),
                at: START + 8 * MIN,
            },
            0,
        );
        assert!(matches!(keeper, Err(DomainError::Forbidden { .. })));
        let not_started = seated("standard", 16, None, false);
        let mut t2 = not_started.clone();
        let err = adjust(&mut t2, ClockAction::Pause, 1).unwrap_err();
        assert!(err.to_string().contains("not under way"), "{err}");
        assert_eq!(
            not_started.clock(RoundNo(1), 0).unwrap().state,
            ClockState::NotStarted
        );
    }
}
