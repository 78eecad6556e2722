//! Seating rounds and re-seating them after a change of players
//! (`tournament/rounds.rs`, `roster.rs`): what `decide` allows and refuses.

mod common;

use common::*;
use jongg_tournament::*;

const R1: RoundNo = RoundNo(1);
const R2: RoundNo = RoundNo(2);

/// `players` registered, round 1 seated by number, not started.
fn seated(players: u32, odd: OddPlayers) -> Run {
    let mut run = Run::new("standard", odd);
    run.register(1..=players);
    run.seat(R1, SeatingMethod::ByNumber);
    run
}

fn sit_outs(t: &Tournament, round: RoundNo) -> Vec<PlayerNo> {
    let seating = t.seating(round).unwrap();
    seating.sit_outs.iter().map(|s| s.player).collect()
}

/// `decide` itself refuses (the fold refuses such an event too, but only
/// after a command was decided and its events made).
#[test]
fn a_started_rounds_seating_is_fixed() {
    let mut run = seated(8, OddPlayers::ThreePlayerTables);
    run.start(R1);
    let again = Command::SeatRound {
        round: R1,
        method: SeatingMethod::Random { seed: 7 },
    };
    let e = run.t.decide(&Actor::Director, again).unwrap_err();
    assert!(matches!(e, DomainError::Conflict(_)), "{e:?}");
    assert!(e.to_string().contains("its seating is fixed"), "{e}");
}

/// A log `decide` would not have written (round 2 seated while round 1
/// waits to start): re-seating round 1 is still refused, so a round's
/// seating never changes under a later round's.
#[test]
fn a_round_is_not_seated_again_once_a_later_round_is() {
    let mut run = seated(8, OddPlayers::ThreePlayerTables);
    let mut later = run.t.seating(R1).unwrap().clone();
    later.round = R2;
    let seq = run.t.log().len() as u64 + 1;
    run.t
        .record(Recorded {
            seq,
            at: run.clock,
            actor: Actor::Director,
            event: Event::RoundSeated { seating: later },
        })
        .unwrap();
    let e = run
        .try_do(
            Actor::Director,
            Command::SeatRound {
                round: R1,
                method: SeatingMethod::Random { seed: 7 },
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("a later round is seated"), "{e}");
}

/// Nine players, one sitting out (player 9, the highest number): the
/// substitute for a seated player takes that player's seat, and the
/// player sitting out stays out.
#[test]
fn a_substitute_takes_the_seat_of_the_player_replaced_before_the_round_starts() {
    let mut run = seated(9, OddPlayers::SitOut { points: 5 });
    assert_eq!(sit_outs(&run.t, R1), vec![PlayerNo(9)]);
    let place = run.t.seating(R1).unwrap().place_of(PlayerNo(4));
    run.ok(
        Actor::Director,
        Command::Substitute {
            out: PlayerNo(4),
            number: PlayerNo(10),
            name: "Player 10".into(),
            club: None,
        },
    );
    let seating = run.t.seating(R1).unwrap();
    assert_eq!(seating.place_of(PlayerNo(10)), place);
    assert_eq!(seating.place_of(PlayerNo(4)), None);
    assert_eq!(sit_outs(&run.t, R1), vec![PlayerNo(9)]);
}

/// Nine players, one out: a tenth registered before the round starts sits
/// out too (the tables stay as they were, only the sit-outs change).
#[test]
fn a_player_registered_into_a_seated_round_is_seated_or_sits_out() {
    let mut run = seated(9, OddPlayers::SitOut { points: 5 });
    let tables = run.t.seating(R1).unwrap().tables.clone();
    let made = run.ok(
        Actor::Director,
        Command::RegisterPlayer {
            number: PlayerNo(10),
            name: "Player 10".into(),
            club: None,
            late: false,
        },
    );
    assert!(matches!(made[1].event, Event::RoundSeated { .. }));
    assert_eq!(run.t.seating(R1).unwrap().tables, tables);
    assert_eq!(sit_outs(&run.t, R1), vec![PlayerNo(9), PlayerNo(10)]);
}

/// A change that leaves the seating as it was makes no `RoundSeated`:
/// a late player is not seated until they arrive.
#[test]
fn a_change_of_players_that_moves_no_one_does_not_seat_the_round_again() {
    let mut run = seated(8, OddPlayers::ThreePlayerTables);
    let made = run.ok(
        Actor::Director,
        Command::RegisterPlayer {
            number: PlayerNo(9),
            name: "Player 9".into(),
            club: None,
            late: true,
        },
    );
    let events: Vec<&Event> = made.iter().map(|r| &r.event).collect();
    assert!(
        matches!(events[..], [Event::PlayerRegistered { .. }]),
        "{events:?}"
    );
}

/// A round starts and closes at a moment between 1970 and 9999: the
/// clock (R15) counts from it.
#[test]
fn a_round_starts_and_closes_only_at_a_moment_between_1970_and_9999_r15() {
    let mut run = seated(8, OddPlayers::ThreePlayerTables);
    for at in [-1, i64::MAX] {
        let e = run
            .try_do(Actor::Director, Command::StartRound { round: R1, at })
            .unwrap_err();
        assert!(e.to_string().contains("not a moment"), "{e}");
    }
    run.play_round(R1, one_win_each);
    run.seat(R2, SeatingMethod::Movement);
    run.start(R2);
    let e = run
        .try_do(Actor::Director, Command::CloseRound { round: R2, at: -1 })
        .unwrap_err();
    assert!(e.to_string().contains("not a moment"), "{e}");
}
