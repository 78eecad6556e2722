//! A tournament for this crate's unit tests.

use crate::*;

/// A tournament under `preset` (of `rounds` rounds, or the preset's),
/// players 1 to `players` registered and round 1 seated by number, started
/// when `start`.
pub(crate) fn seated(
    preset: &str,
    players: u32,
    rounds: Option<RoundNo>,
    start: bool,
) -> Tournament {
    let mut t = Tournament::new();
    let mut go = |c| t.execute(Actor::Director, c, 1_000).unwrap();
    go(Command::CreateTournament {
        name: "t".into(),
        dates: vec![],
        rules: RulesSource::Preset {
            name: preset.into(),
        },
        rounds,
        games_per_round: None,
        round_minutes: None,
        tie_breaks: None,
        odd_players: None,
        time_zone: None,
    });
    for n in 1..=players {
        go(Command::RegisterPlayer {
            number: PlayerNo(n),
            name: format!("P{n}"),
            club: None,
            late: false,
        });
    }
    go(Command::SeatRound {
        round: RoundNo(1),
        method: SeatingMethod::ByNumber,
    });
    if start {
        go(Command::StartRound {
            round: RoundNo(1),
            at: 2_000,
        });
    }
    t
}
