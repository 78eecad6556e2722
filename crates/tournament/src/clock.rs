//! The round clock: what the director does to it (pause, resume, extend,
//! restart, each with a reason) and the one reading of it, [`read_clock`]:
//! time left and the clock's state at a moment, from the round's start, its
//! minutes (R15), the preset's warning (`[timing]`: standard 23,
//! st-louis-senior-olympics 6i, mississippi-2025 "East is to make sure the
//! game finishes on time") and the changes. Every page reads the clock here;
//! "now" comes in as a value, so tests run on a test clock.

use crate::model::Millis;
use serde::{Deserialize, Serialize};

const MINUTE: i64 = 60_000;

/// What the director does to a round's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum ClockAction {
    /// Stop the clock (a ruling at a table, a fire alarm).
    Pause,
    /// Run a paused clock on from where it stopped.
    Resume,
    /// Add minutes to the round (after time was called too: the clock runs again).
    Extend { minutes: u16 },
    /// Start the round's full minutes again from now (extensions dropped).
    Restart,
}

/// One change to a round's clock, when and why (kept in the log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockChange {
    pub at: Millis,
    pub action: ClockAction,
    pub reason: String,
}

/// Where a round's clock is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockState {
    /// The round is seated, not started.
    NotStarted,
    Running,
    Paused,
    /// Running, with no more than the preset's warning time left.
    Warning,
    /// No time left: time was called (a game still open ends, R7).
    TimeCalled,
    /// The round is closed.
    Stopped,
}

/// A round's clock read at a moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    pub state: ClockState,
    /// Milliseconds left (never below 0).
    pub left_ms: i64,
    /// The round's length with its extensions, in milliseconds.
    pub length_ms: i64,
    /// The warning before time is called, in milliseconds (0: none).
    pub warning_ms: i64,
    /// When time will be called if nothing changes (only while it runs).
    pub ends_at: Option<Millis>,
}

impl ClockReading {
    /// Whether the clock counts down now.
    pub fn ticking(&self) -> bool {
        matches!(self.state, ClockState::Running | ClockState::Warning)
    }
}

/// The one reading of a clock: started at `start` for `minutes`, changed
/// by `changes` (in order), closed at `closed` if it was, read at `now`.
/// Changes after `now` are not counted. The clock stops at zero: an
/// extension after time was called gives its minutes from that moment.
pub fn read_clock(
    start: Option<Millis>,
    minutes: u16,
    warning_minutes: u32,
    changes: &[ClockChange],
    closed: Option<Millis>,
    now: Millis,
) -> ClockReading {
    let base = i64::from(minutes) * MINUTE;
    // A warning as long as the round would warn all the time: none then.
    let warning = match i64::from(warning_minutes) * MINUTE {
        w if w < base => w,
        _ => 0,
    };
    let Some(start) = start else {
        let closed = closed.is_some();
        return ClockReading {
            state: if closed {
                ClockState::Stopped
            } else {
                ClockState::NotStarted
            },
            left_ms: if closed { 0 } else { base },
            length_ms: base,
            warning_ms: warning,
            ends_at: None,
        };
    };
    let until = closed.map_or(now, |c| c.min(now));
    let mut length = base;
    let mut elapsed: i64 = 0;
    let mut since = Some(start);
    // Run the clock from `since` to `to`, stopping at zero.
    let run = |elapsed: i64, since: Option<Millis>, to: Millis, length: i64| match since {
        Some(s) => (elapsed + (to - s).max(0)).min(length),
        None => elapsed,
    };
    for c in changes.iter().take_while(|c| c.at <= until) {
        elapsed = run(elapsed, since, c.at, length);
        match c.action {
            ClockAction::Pause => since = None,
            ClockAction::Resume => since = Some(c.at),
            // Time already called (elapsed = length): the new minutes start now.
            ClockAction::Extend { minutes } => length += i64::from(minutes) * MINUTE,
            ClockAction::Restart => {
                elapsed = 0;
                length = base;
                since = Some(c.at);
            }
        }
        // Counted up to this change: run on from it.
        since = since.map(|_| c.at);
    }
    elapsed = run(elapsed, since, until, length);
    let left = (length - elapsed).max(0);
    let state = if closed.is_some_and(|c| c <= now) {
        ClockState::Stopped
    } else if left == 0 {
        ClockState::TimeCalled
    } else if since.is_none() {
        ClockState::Paused
    } else if left <= warning {
        ClockState::Warning
    } else {
        ClockState::Running
    };
    let ends_at = matches!(state, ClockState::Running | ClockState::Warning).then(|| now + left);
    ClockReading {
        state,
        left_ms: left,
        length_ms: length,
        warning_ms: warning,
        ends_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Millis = 1_800_000_000_000;

    fn change(min: i64, action: ClockAction) -> ClockChange {
        ClockChange {
            at: T0 + min * MINUTE,
            action,
            reason: "test".into(),
        }
    }

    fn at(min: i64, changes: &[ClockChange]) -> ClockReading {
        read_clock(Some(T0), 60, 10, changes, None, T0 + min * MINUTE)
    }

    #[test]
    fn a_round_not_started_shows_its_full_minutes() {
        let r = read_clock(None, 60, 10, &[], None, T0);
        assert_eq!(r.state, ClockState::NotStarted);
        assert_eq!(r.left_ms, 60 * MINUTE);
        assert_eq!(r.ends_at, None);
    }

    /// R15: the round's minutes; `[timing] warning` (standard 23 names none:
    /// jongg's 10 minutes) before time is called.
    #[test]
    fn running_then_warning_then_time_called_r15() {
        let r = at(0, &[]);
        assert_eq!((r.state, r.left_ms), (ClockState::Running, 60 * MINUTE));
        assert_eq!(r.ends_at, Some(T0 + 60 * MINUTE));
        assert_eq!(at(49, &[]).state, ClockState::Running);
        let w = read_clock(Some(T0), 60, 10, &[], None, T0 + 50 * MINUTE);
        assert_eq!((w.state, w.left_ms), (ClockState::Warning, 10 * MINUTE));
        let last = read_clock(Some(T0), 60, 10, &[], None, T0 + 60 * MINUTE - 1);
        assert_eq!((last.state, last.left_ms), (ClockState::Warning, 1));
        let called = at(60, &[]);
        assert_eq!((called.state, called.left_ms), (ClockState::TimeCalled, 0));
        assert_eq!(called.ends_at, None);
        assert_eq!(at(200, &[]).left_ms, 0);
    }

    #[test]
    fn a_warning_as_long_as_the_round_is_no_warning() {
        let r = read_clock(Some(T0), 10, 10, &[], None, T0 + 5 * MINUTE);
        assert_eq!((r.state, r.warning_ms), (ClockState::Running, 0));
    }

    #[test]
    fn a_pause_stops_the_clock_and_a_resume_runs_it_on() {
        let ch = [
            change(20, ClockAction::Pause),
            change(35, ClockAction::Resume),
        ];
        let p = at(30, &ch);
        assert_eq!(
            (p.state, p.left_ms, p.ends_at),
            (ClockState::Paused, 40 * MINUTE, None)
        );
        let r = at(40, &ch);
        assert_eq!((r.state, r.left_ms), (ClockState::Running, 35 * MINUTE));
        assert_eq!(r.ends_at, Some(T0 + 75 * MINUTE));
        assert_eq!(at(75, &ch).state, ClockState::TimeCalled);
        assert_eq!(at(74, &ch).state, ClockState::Warning);
    }

    #[test]
    fn an_extension_adds_minutes_and_after_time_called_runs_again() {
        let ch = [change(10, ClockAction::Extend { minutes: 5 })];
        assert_eq!(at(64, &ch).left_ms, MINUTE);
        assert_eq!(at(65, &ch).state, ClockState::TimeCalled);
        let late = [change(70, ClockAction::Extend { minutes: 3 })];
        assert_eq!(at(69, &late).state, ClockState::TimeCalled);
        let r = at(71, &late);
        assert_eq!((r.state, r.left_ms), (ClockState::Warning, 2 * MINUTE));
        assert_eq!(at(73, &late).state, ClockState::TimeCalled);
    }

    #[test]
    fn a_restart_gives_the_full_minutes_again_and_drops_extensions() {
        let ch = [
            change(5, ClockAction::Extend { minutes: 5 }),
            change(30, ClockAction::Pause),
            change(40, ClockAction::Restart),
        ];
        let r = at(40, &ch);
        assert_eq!((r.state, r.left_ms), (ClockState::Running, 60 * MINUTE));
        assert_eq!(r.length_ms, 60 * MINUTE);
        assert_eq!(at(100, &ch).state, ClockState::TimeCalled);
    }

    #[test]
    fn changes_after_the_moment_read_do_not_count() {
        let ch = [change(30, ClockAction::Pause)];
        assert_eq!(at(20, &ch).state, ClockState::Running);
    }

    #[test]
    fn a_closed_round_is_stopped_with_the_time_it_had() {
        let r = read_clock(
            Some(T0),
            60,
            10,
            &[],
            Some(T0 + 45 * MINUTE),
            T0 + 90 * MINUTE,
        );
        assert_eq!(
            (r.state, r.left_ms, r.ends_at),
            (ClockState::Stopped, 15 * MINUTE, None)
        );
    }

    proptest::proptest! {
        /// Any changes at any moments: time left stays within the length,
        /// never grows while nothing changes, and the state says the same.
        #[test]
        fn time_left_never_grows_between_changes(
            steps in proptest::collection::vec((0i64..100, 0u8..4, 1u16..30), 0..8),
            a in 0i64..200, b in 0i64..200,
        ) {
            let mut t = 0;
            let ch: Vec<ClockChange> = steps.iter().map(|&(dt, k, m)| {
                t += dt;
                let action = match k {
                    0 => ClockAction::Pause,
                    1 => ClockAction::Resume,
                    2 => ClockAction::Extend { minutes: m },
                    _ => ClockAction::Restart,
                };
                change(t, action)
            }).collect();
            let (a, b) = (a.min(b), a.max(b));
            let ra = at(a, &ch);
            let rb = at(b, &ch);
            proptest::prop_assert!(ra.left_ms >= 0 && ra.left_ms <= ra.length_ms);
            proptest::prop_assert_eq!(ra.state == ClockState::TimeCalled, ra.left_ms == 0);
            let between = ch.iter().any(|c| c.at > T0 + a * MINUTE && c.at <= T0 + b * MINUTE);
            if !between {
                proptest::prop_assert!(rb.left_ms <= ra.left_ms);
            }
        }
    }
}
