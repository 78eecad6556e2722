//! The clock of a closed round (`tournament/clock.rs`, R15).

mod common;

use common::*;
use jongg_tournament::*;

/// When `round` started and closed, from the log.
fn started_and_closed(t: &Tournament, round: RoundNo) -> (Millis, Millis) {
    let mut start = None;
    let mut end = None;
    for r in t.log() {
        match r.event {
            Event::RoundStarted { round: n, at } if n == round => start = Some(at),
            Event::RoundClosed { round: n, at } if n == round => end = Some(at),
            _ => {}
        }
    }
    (start.unwrap(), end.unwrap())
}

/// R15: a round closed before its time shows the time that was left when
/// it closed, counted from its own start (a closed round's state keeps
/// only its end: the start is read from the log).
#[test]
fn a_closed_round_shows_the_time_left_when_it_closed_from_its_own_start_r15() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.play_round(RoundNo(1), one_win_each);
    run.seat(RoundNo(2), SeatingMethod::Movement);
    run.play_round(RoundNo(2), one_win_each);
    let later = run.clock + 3_600_000;
    for round in [RoundNo(1), RoundNo(2)] {
        let (start, end) = started_and_closed(&run.t, round);
        let c = run.t.clock(round, later).unwrap();
        assert_eq!(c.state, ClockState::Stopped, "{round}");
        assert!(c.left_ms > 0, "{round}: {c:?}");
        assert_eq!(c.left_ms, c.length_ms - (end - start), "{round}");
    }
}

/// R15: the director's changes to the clock come in time order; one at
/// the very moment of the last (here the round's start) is in order.
#[test]
fn a_clock_change_may_come_at_the_moment_of_the_last_but_not_before_r15() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let RoundState::Started { at: start } = run.t.round(RoundNo(1)).unwrap().state else {
        panic!("round 1 is under way")
    };
    let pause = |at| Command::AdjustClock {
        round: RoundNo(1),
        action: ClockAction::Pause,
        reason: "fire alarm".into(),
        at,
    };
    let e = run
        .t
        .decide(&Actor::Director, pause(start - 1))
        .unwrap_err();
    assert!(e.to_string().contains("cannot come before it"), "{e}");
    let made = run.t.decide(&Actor::Director, pause(start)).unwrap();
    assert_eq!(made.len(), 1);
}

/// R15: a round is extended by 1 to `MAX_MINUTES` minutes, both bounds
/// taken, 0 and one more refused.
#[test]
fn a_round_is_extended_by_1_to_the_most_minutes_inclusive_r15() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let most = limits::MAX_MINUTES;
    let extend = |minutes| Command::AdjustClock {
        round: RoundNo(1),
        action: ClockAction::Extend { minutes },
        reason: "a ruling took long".into(),
        at: 1_760_000_100_000,
    };
    for minutes in [1, most] {
        assert!(
            run.t.decide(&Actor::Director, extend(minutes)).is_ok(),
            "{minutes}"
        );
    }
    for minutes in [0, most + 1] {
        let e = run.t.decide(&Actor::Director, extend(minutes)).unwrap_err();
        assert!(e.to_string().contains("extend by 1 to"), "{minutes}: {e}");
    }
}
