//! The tournament's settings (`settings.rs`): what may change once play has
//! started (R15: the director sets the round length and count; the rules and
//! the games a round are fixed once round 1 starts), and the bounds of every
//! number, each inclusive.

mod common;

use common::Run;
use jongg_tournament::limits::{
    MAX_DATES, MAX_GAMES, MAX_MINUTES, MAX_POINTS, MAX_ROUNDS, MAX_RULES_FILE,
};
use jongg_tournament::*;

const THREES: OddPlayers = OddPlayers::ThreePlayerTables;

/// One change of settings; what is left `None` stays as it is.
#[derive(Default)]
struct Change {
    dates: Option<Vec<String>>,
    rules: Option<RulesSource>,
    rounds: Option<u8>,
    games: Option<u8>,
    minutes: Option<u16>,
    odd: Option<OddPlayers>,
}

impl Change {
    fn command(self) -> Command {
        Command::UpdateSettings {
            name: None,
            dates: self.dates,
            rules: self.rules,
            rounds: self.rounds.map(RoundNo),
            games_per_round: self.games.map(GameNo),
            round_minutes: self.minutes,
            tie_breaks: None,
            odd_players: self.odd,
            time_zone: None,
        }
    }
}

fn preset(name: &str) -> RulesSource {
    RulesSource::Preset { name: name.into() }
}

fn file(label: &str, toml: String) -> RulesSource {
    RulesSource::File {
        label: label.into(),
        toml,
    }
}

/// The change, refused: its words.
fn refused(run: &mut Run, change: Change) -> String {
    run.try_do(Actor::Director, change.command())
        .unwrap_err()
        .to_string()
}

/// Eight players, round 1 seated, not started.
fn seated() -> Run {
    let mut run = Run::new("standard", THREES);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run
}

/// R15: the rules and the games a round may change until round 1 starts;
/// then they are fixed, but the same value sent again (a settings form
/// saved whole) changes nothing and is not refused.
#[test]
fn the_rules_and_games_a_round_are_fixed_once_round_1_starts_r15() {
    let mut run = seated();
    run.ok(
        Actor::Director,
        Change {
            games: Some(5),
            ..Change::default()
        }
        .command(),
    );
    assert_eq!(run.t.settings().unwrap().games_per_round, GameNo(5));
    run.ok(
        Actor::Director,
        Change {
            rules: Some(preset("mississippi-2025")),
            ..Change::default()
        }
        .command(),
    );
    run.ok(
        Actor::Director,
        Change {
            rules: Some(preset("standard")),
            games: Some(4),
            ..Change::default()
        }
        .command(),
    );
    run.start(RoundNo(1));

    let e = refused(
        &mut run,
        Change {
            games: Some(5),
            ..Change::default()
        },
    );
    assert!(
        e.contains("games per round cannot change once round 1 has started"),
        "{e}"
    );
    let e = refused(
        &mut run,
        Change {
            rules: Some(preset("mississippi-2025")),
            ..Change::default()
        },
    );
    assert!(
        e.contains("the rules cannot change once round 1 has started"),
        "{e}"
    );
    let same = run.ok(
        Actor::Director,
        Change {
            rules: Some(preset("standard")),
            games: Some(4),
            ..Change::default()
        }
        .command(),
    );
    assert!(same.is_empty(), "nothing changed, nothing logged: {same:?}");
    // The round's length may still change (R15).
    run.ok(
        Actor::Director,
        Change {
            minutes: Some(90),
            ..Change::default()
        }
        .command(),
    );
    assert_eq!(run.t.settings().unwrap().round_minutes, 90);
}

/// The number of rounds never goes below the rounds seated; as many, or
/// more, is fine.
#[test]
fn the_rounds_never_go_below_the_rounds_already_seated() {
    let mut run = seated();
    run.play_round(RoundNo(1), |_, _, _| {
        (jongg_tiles::BySeat([0, 0, 0, 0]), None)
    });
    run.seat(RoundNo(2), SeatingMethod::ByNumber);
    let rounds = |n| Change {
        rounds: Some(n),
        ..Change::default()
    };
    let e = refused(&mut run, rounds(1));
    assert!(
        e.contains("2 rounds are seated already; the tournament cannot have 1"),
        "{e}"
    );
    run.ok(Actor::Director, rounds(2).command());
    assert_eq!(run.t.settings().unwrap().rounds, RoundNo(2));
    run.ok(Actor::Director, rounds(3).command());
    assert_eq!(run.t.settings().unwrap().rounds, RoundNo(3));
}

/// Every number is bounded at both ends, and the bound itself is allowed:
/// days of play, rounds, games a round, minutes a round, sit-out points.
#[test]
fn each_setting_takes_its_bounds_inclusive_and_not_one_more() {
    let mut run = Run::new("standard", THREES);
    let days = |n: u32| -> Vec<String> {
        (0..n)
            .map(|i| format!("2026-{:02}-{:02}", 3 + i / 28, 1 + i % 28))
            .collect()
    };
    let dates = [(MAX_DATES, true), (MAX_DATES + 1, false)];
    each_taken_or_refused(&mut run, &dates, "dates: a tournament lists at most", |n| {
        Change {
            dates: Some(days(u32::try_from(n).unwrap())),
            ..Change::default()
        }
    });
    each_taken_or_refused(
        &mut run,
        &cases(0, MAX_ROUNDS.0),
        "rounds: a tournament has 1 to",
        |n| Change {
            rounds: Some(n),
            ..Change::default()
        },
    );
    each_taken_or_refused(
        &mut run,
        &cases(0, MAX_GAMES.0),
        "games a round: a round has 1 to",
        |n| Change {
            games: Some(n),
            ..Change::default()
        },
    );
    each_taken_or_refused(
        &mut run,
        &cases(0, MAX_MINUTES),
        "minutes a round: 1 to",
        |n| Change {
            minutes: Some(n),
            ..Change::default()
        },
    );
    let points = [
        (MAX_POINTS, true),
        (-MAX_POINTS, true),
        (MAX_POINTS + 1, false),
        (-MAX_POINTS - 1, false),
    ];
    each_taken_or_refused(&mut run, &points, "points for sitting out", |points| {
        Change {
            odd: Some(OddPlayers::SitOut { points }),
            ..Change::default()
        }
    });
}

/// Each bound and one past it: below `low`, `low + 1`, `high`, one above.
fn cases<T: Copy + std::ops::Add<Output = T> + From<u8>>(low: T, high: T) -> [(T, bool); 4] {
    let one = T::from(1);
    [
        (low, false),
        (low + one, true),
        (high, true),
        (high + one, false),
    ]
}

/// Each value's change is taken where marked `true`, else refused in words
/// that start with the value and then `words`.
fn each_taken_or_refused<T: Copy + std::fmt::Display>(
    run: &mut Run,
    cases: &[(T, bool)],
    words: &str,
    change: impl Fn(T) -> Change,
) {
    for &(value, ok) in cases {
        if ok {
            run.ok(Actor::Director, change(value).command());
        } else {
            let e = refused(run, change(value));
            assert!(e.contains(&format!("{value} {words}")), "{e}");
        }
    }
}

/// A director's rules file needs a label and a text, and is at most
/// `MAX_RULES_FILE` bytes, counted in bytes (a text of accented letters has
/// fewer characters than bytes).
#[test]
fn a_rules_file_needs_its_label_and_text_and_is_bounded_in_bytes() {
    let mut run = Run::new("standard", THREES);
    let base = "base = \"standard\"\n";
    for (label, toml) in [("", base), ("club.toml", "  \n")] {
        let e = refused(
            &mut run,
            Change {
                rules: Some(file(label, toml.into())),
                ..Change::default()
            },
        );
        assert!(e.contains("a rules file needs a label and its text"), "{e}");
    }
    // Padded with comments to exactly the limit: taken.
    let padded = |bytes: usize, letter: char| {
        let mut toml = format!("{base}# ");
        while toml.len() + letter.len_utf8() < bytes {
            toml.push(letter);
        }
        while toml.len() < bytes {
            toml.push('\n');
        }
        toml
    };
    let exact = padded(MAX_RULES_FILE, 'x');
    assert_eq!(exact.len(), MAX_RULES_FILE);
    run.ok(
        Actor::Director,
        Change {
            rules: Some(file("club.toml", exact)),
            ..Change::default()
        }
        .command(),
    );
    assert_eq!(
        run.t.preset().unwrap().based_on.as_deref(),
        Some("standard")
    );
    // One byte more, in two-byte letters: fewer characters than the limit,
    // still too many bytes.
    let over = padded(MAX_RULES_FILE + 1, 'é');
    assert_eq!(over.len(), MAX_RULES_FILE + 1);
    assert!(over.chars().count() < MAX_RULES_FILE);
    let e = refused(
        &mut run,
        Change {
            rules: Some(file("club.toml", over)),
            ..Change::default()
        },
    );
    assert!(
        e.contains(&format!(
            "the rules file has {} bytes: at most {MAX_RULES_FILE}",
            MAX_RULES_FILE + 1
        )),
        "{e}"
    );
}
