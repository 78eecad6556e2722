//! The roster (`tournament/roster.rs`): correcting a player.

mod common;

use common::*;
use jongg_tournament::*;

fn update(run: &mut Run, name: Option<&str>, club: Option<Option<&str>>) -> Vec<Event> {
    let made = run.ok(
        Actor::Director,
        Command::UpdatePlayer {
            number: PlayerNo(3),
            name: name.map(str::to_string),
            club: club.map(|c| c.map(str::to_string)),
        },
    );
    made.into_iter().map(|r| r.event).collect()
}

#[test]
fn a_players_name_and_club_are_corrected_trimmed_and_the_club_cleared() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=4);
    let before = run.t.player(PlayerNo(3)).unwrap().clone();
    let made = update(&mut run, Some("  Ada Lovelace "), Some(Some(" Bay Club ")));
    let after = run.t.player(PlayerNo(3)).unwrap().clone();
    assert_eq!(after.name, "Ada Lovelace");
    assert_eq!(after.club.as_deref(), Some("Bay Club"));
    assert_eq!(
        made,
        vec![Event::PlayerUpdated {
            before,
            after: after.clone()
        }]
    );
    // Only the club named: the name stays; `Some(None)` clears the club.
    update(&mut run, None, Some(None));
    let cleared = run.t.player(PlayerNo(3)).unwrap();
    assert_eq!(
        (cleared.name.as_str(), cleared.club.as_ref()),
        ("Ada Lovelace", None)
    );
}

/// A correction to what the player already is records nothing, so the
/// audit has no empty change.
#[test]
fn a_correction_that_changes_nothing_records_nothing() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=4);
    let log = run.t.log().len();
    assert_eq!(update(&mut run, Some("Player 3"), Some(None)), vec![]);
    assert_eq!(run.t.log().len(), log);
}

/// A tournament registers at most `MAX_PLAYERS`: the next registration,
/// or a substitute beyond it, is refused in words.
#[test]
fn no_player_is_registered_or_substituted_beyond_the_most_a_tournament_holds() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    let most = u32::try_from(limits::MAX_PLAYERS).unwrap();
    run.register(1..=most);
    let e = run
        .try_do(
            Actor::Director,
            Command::RegisterPlayer {
                number: PlayerNo(most + 1),
                name: "One too many".into(),
                club: None,
                late: false,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("the most it can register"), "{e}");
    let e = run
        .try_do(
            Actor::Director,
            Command::Substitute {
                out: PlayerNo(1),
                number: PlayerNo(most + 1),
                name: "One too many".into(),
                club: None,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("the most it can register"), "{e}");
}

/// A player seated, or sitting out, in a round that has started has
/// played: they withdraw, they are not marked late.
#[test]
fn a_player_who_has_played_or_sat_out_is_not_marked_late() {
    let mut run = Run::new("standard", OddPlayers::SitOut { points: 5 });
    run.register(1..=9);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    // Player 1 at a table, player 9 sitting out.
    for n in [1, 9] {
        let e = run
            .try_do(
                Actor::Director,
                Command::MarkLate {
                    number: PlayerNo(n),
                },
            )
            .unwrap_err();
        assert!(e.to_string().contains("withdraw them instead"), "{n}: {e}");
    }
    run.register([10]);
    run.ok(
        Actor::Director,
        Command::MarkLate {
            number: PlayerNo(10),
        },
    );
}

fn register(run: &mut Run, number: u32, name: &str, club: Option<&str>) -> Result<Player, String> {
    run.try_do(
        Actor::Director,
        Command::RegisterPlayer {
            number: PlayerNo(number),
            name: name.into(),
            club: club.map(str::to_string),
            late: false,
        },
    )
    .map_err(|e| e.to_string())?;
    Ok(run.t.player(PlayerNo(number)).unwrap().clone())
}

/// A player has a number from 1 and a name; a club is kept trimmed, and a
/// blank one is none. Each is checked as text (no control characters,
/// `MAX_NAME` characters at most).
#[test]
fn a_player_needs_a_number_from_1_and_a_name_and_a_blank_club_is_none() {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    let e = register(&mut run, 0, "Zero", None).unwrap_err();
    assert!(e.contains("player numbers start at 1"), "{e}");
    let e = register(&mut run, 1, "   ", None).unwrap_err();
    assert!(e.contains("player #1 needs a name"), "{e}");
    let long = "x".repeat(limits::MAX_NAME + 1);
    let e = register(&mut run, 1, &long, None).unwrap_err();
    assert!(e.contains("the name of player #1"), "{e}");
    let e = register(&mut run, 1, "Ada", Some(&long)).unwrap_err();
    assert!(e.contains("the club of player #1"), "{e}");
    assert!(run.t.players().next().is_none(), "nothing registered");
    let p = register(&mut run, 1, " Ada ", Some("  ")).unwrap();
    assert_eq!((p.name.as_str(), p.club), ("Ada", None));
    let p = register(&mut run, 2, "Bea", Some(" Bay Club ")).unwrap();
    assert_eq!(p.club.as_deref(), Some("Bay Club"));
}
