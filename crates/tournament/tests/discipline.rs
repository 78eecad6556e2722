//! Discipline (`tournament/discipline.rs`; standard 2A-2C, 27): a penalty
//! of fixed size, the source a disqualification cites, every sanction listed.

mod common;

use common::*;
use jongg_tournament::*;

/// Eight players under `rules`, round 1 started.
fn started(rules: RulesSource) -> Run {
    let mut run = Run {
        t: Tournament::new(),
        clock: 1_760_000_000_000,
    };
    run.ok(
        Actor::Director,
        Command::CreateTournament {
            name: "Club".into(),
            dates: vec![],
            rules,
            rounds: Some(RoundNo(2)),
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: Some(OddPlayers::ThreePlayerTables),
            time_zone: None,
        },
    );
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    run
}

fn standard() -> RulesSource {
    RulesSource::Preset {
        name: "standard".into(),
    }
}

/// standard 2C as a club fixes it: where the rules set the penalty's size,
/// only that size is taken.
#[test]
fn a_penalty_of_a_fixed_size_takes_only_that_size_standard_2c() {
    let toml = "base = \"standard\"\n[discipline]\ndiscretionary_penalty = { name = \"penalty\", points = -10, source = \"club rule 4\" }\n";
    let mut run = started(RulesSource::File {
        label: "club.toml".into(),
        toml: toml.into(),
    });
    let pen = |points| Command::PenalizePlayer {
        player: PlayerNo(2),
        points,
        reason: "phone at the table".into(),
    };
    let e = run.try_do(Actor::Director, pen(-5)).unwrap_err();
    assert!(e.to_string().contains("is -10 points"), "{e}");
    run.ok(Actor::Director, pen(-10));
    assert_eq!(row(&run.t, 2).penalties, -10);
}

/// standard 2B: a disqualification after warnings cites the ladder's
/// disqualification step, not the rule for one at once (standard 27).
#[test]
fn a_disqualification_after_warnings_cites_the_ladders_step_standard_2b() {
    let mut run = started(standard());
    run.ok(
        Actor::Director,
        Command::WarnPlayer {
            player: PlayerNo(3),
            reason: "loud table talk".into(),
        },
    );
    let disqualify = |player| Command::DisqualifyPlayer {
        player: PlayerNo(player),
        scores: DisqualifiedScores::Kept,
        reason: "again".into(),
    };
    run.ok(Actor::Director, disqualify(3));
    run.ok(Actor::Director, disqualify(4));
    let source = |player| match run.t.sanctions(PlayerNo(player)).last() {
        Some(Sanction::Disqualification { source, .. }) => source.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(source(3), "standard 2B");
    assert_eq!(source(4), "standard 27");
}

/// Every player's discipline record, player by player, oldest first.
#[test]
fn every_sanction_is_listed_with_its_player() {
    let mut run = started(standard());
    for (player, reason) in [(5, "first"), (2, "second"), (5, "third")] {
        run.ok(
            Actor::Director,
            Command::WarnPlayer {
                player: PlayerNo(player),
                reason: reason.into(),
            },
        );
    }
    let listed: Vec<(PlayerNo, &str)> = run
        .t
        .all_sanctions()
        .map(|(p, s)| match s {
            Sanction::Warning { reason, .. } => (p, reason.as_str()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            (PlayerNo(2), "second"),
            (PlayerNo(5), "first"),
            (PlayerNo(5), "third"),
        ]
    );
}

/// standard 2C: a penalty comes off the penalized player's points in the
/// standings, and off no one else's.
#[test]
fn a_penalty_comes_off_the_players_points_in_the_standings_standard_2c() {
    let mut run = started(standard());
    let before = row(&run.t, 2).points;
    run.ok(
        Actor::Director,
        Command::PenalizePlayer {
            player: PlayerNo(2),
            points: -10,
            reason: "phone at the table".into(),
        },
    );
    let after = row(&run.t, 2);
    assert_eq!(after.penalties, -10);
    assert_eq!(after.points, before - 10);
    assert_eq!(row(&run.t, 3).points, 0);
}
