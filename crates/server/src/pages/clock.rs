//! The round clock on the pages (14.5): what every page that shows a clock
//! renders, from the domain's one reading (`Tournament::clock`), with the
//! preset's timing rule one tap away. `assets/clock.js` counts down from
//! the time left the server read, so a phone's wrong clock does not matter.

use jongg_tournament::{ClockAction, ClockState, Event, RoundNo, Tournament};

/// A round's clock as a page shows it (`templates/clock.html`).
pub(crate) struct ClockView {
    pub round: u8,
    /// `running`, `paused`, `warning`, `time_called`, `stopped`, `not_started`.
    pub state: &'static str,
    /// The state in plain words.
    pub word: &'static str,
    pub left_ms: i64,
    pub warning_ms: i64,
    /// Time left as `m:ss`.
    pub left_text: String,
    /// The preset's timing rule and its source.
    pub rule: String,
    pub source: String,
    /// Who at each table keeps the games on time, where the text says.
    pub duty: Option<String>,
}

/// The clock of round `round` at `now`, or nothing for a round not started.
pub(crate) fn clock_view(t: &Tournament, round: RoundNo, now: i64) -> Option<ClockView> {
    let c = t.clock(round, now).ok()?;
    if c.state == ClockState::NotStarted {
        return None;
    }
    let timing = &t.preset().ok()?.timing;
    let (state, word) = state_words(c.state);
    Some(ClockView {
        round: round.0,
        state,
        word,
        left_ms: c.left_ms,
        warning_ms: c.warning_ms,
        left_text: left_text(c.left_ms),
        rule: timing.rule.text.clone(),
        source: timing.rule.source.clone(),
        duty: timing.on_time_duty.as_ref().map(|d| {
            format!(
                "{} makes sure each game finishes on time ({})",
                super::seat_name(d.seat),
                d.source
            )
        }),
    })
}

/// The clock of the round under way, if any.
pub(crate) fn current_clock(t: &Tournament, now: i64) -> Option<ClockView> {
    clock_view(t, t.current_round()?, now)
}

/// A state's key (for the script and the style) and its plain words; the
/// script (`clock.js`) says the same.
fn state_words(s: ClockState) -> (&'static str, &'static str) {
    match s {
        ClockState::NotStarted => ("not_started", "not started"),
        ClockState::Running => ("running", "left"),
        ClockState::Paused => ("paused", "paused by the director"),
        ClockState::Warning => ("warning", "left: the round ends soon"),
        ClockState::TimeCalled => ("time_called", "Time is called"),
        ClockState::Stopped => ("stopped", "the round is closed"),
    }
}

/// `m:ss`, rounded up (a clock shows 0:00 only when time is called).
fn left_text(ms: i64) -> String {
    let s = (ms.max(0) + 999) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// One change to a round's clock in the audit log (`audit_clock.html`).
pub(crate) struct ClockRow {
    /// The row's number on the page, from 1.
    pub no: usize,
    pub at: String,
    pub who: String,
    pub round: u8,
    pub what: String,
    pub reason: String,
}

/// Every change to a round clock, oldest first: who, when (in the event's
/// time zone), what and why.
pub(crate) fn clock_rows(t: &Tournament) -> Vec<ClockRow> {
    let zone = crate::state::zone::zone(&super::audit::zone_name(t));
    t.log()
        .iter()
        .filter_map(|r| match &r.event {
            Event::ClockAdjusted { round, change } => Some(ClockRow {
                no: 0,
                at: crate::state::zone::local(change.at, &zone),
                who: r.actor.to_string(),
                round: round.0,
                what: match change.action {
                    ClockAction::Pause => "paused".into(),
                    ClockAction::Resume => "ran on".into(),
                    ClockAction::Extend { minutes } => format!("{minutes} minutes added"),
                    ClockAction::Restart => "started again".into(),
                },
                reason: change.reason.clone(),
            }),
            _ => None,
        })
        .enumerate()
        .map(|(i, row)| ClockRow { no: i + 1, ..row })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_minutes_and_seconds_rounded_up() {
        assert_eq!(left_text(0), "0:00");
        assert_eq!(left_text(1), "0:01");
        assert_eq!(left_text(60_000), "1:00");
        assert_eq!(left_text(3_599_001), "60:00");
        assert_eq!(left_text(-5), "0:00");
    }
}
