//! Importing a tournament file event by event (`tournament/import.rs`): what
//! a file must hold besides each event's own command, and the words that say
//! where a file differs from what its commands make.

mod common;

use common::*;
use jongg_tournament::card::{CardFile, HandTiles};
use jongg_tournament::*;
use serde_json::{Value, json};

/// Eight players, round 1 seated, then player 1 withdrawn before it starts:
/// the withdrawal makes two events, the withdrawal and the adjusted seating.
fn withdrawn() -> Tournament {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    let made = run.ok(
        Actor::Director,
        Command::WithdrawPlayer {
            number: PlayerNo(1),
        },
    );
    assert_eq!(made.len(), 2, "the withdrawal and the adjusted seating");
    run.t
}

/// `t`'s file as JSON, changed by `change`, imported: the refusal in words.
fn refused(t: &Tournament, change: impl FnOnce(&mut Vec<Value>)) -> String {
    let mut file: Value = serde_json::from_str(&t.export_json()).unwrap();
    let Some(Value::Array(events)) = file.get_mut("events") else {
        panic!("a file has its events: {file}");
    };
    change(events);
    Tournament::import_json(&file.to_string())
        .unwrap_err()
        .to_string()
}

#[test]
fn an_event_that_follows_from_the_one_before_has_its_actor_and_time() {
    let t = withdrawn();
    let last = t.log().len();
    let words = format!(
        "event {last} of the file is refused: it follows from the event before, so it has that event's actor and time; nothing was imported"
    );
    let later = refused(&t, |e| {
        let at = e[last - 1]["at"].as_i64().unwrap();
        e[last - 1]["at"] = json!(at + 1);
    });
    assert_eq!(later, words);
    let other = refused(&t, |e| {
        e[last - 1]["actor"] = json!({"kind": "system"});
    });
    assert_eq!(other, words);
}

#[test]
fn a_file_that_ends_inside_a_commands_events_names_the_event_missing() {
    let t = withdrawn();
    let last = t.log().len();
    let e = refused(&t, |e| {
        e.pop();
    });
    assert_eq!(
        e,
        format!(
            "event {last} of the file is refused: the file ends where `round_seated` must follow; nothing was imported"
        )
    );
}

#[test]
fn an_imported_copy_renamed_keeps_the_files_log_and_adds_the_new_name() {
    let t = withdrawn();
    let copy = Tournament::import_json(&t.export_json())
        .unwrap()
        .renamed("standard test (copy)".into(), 1_800_000_000_000)
        .unwrap();
    assert_eq!(copy.settings().unwrap().name, "standard test (copy)");
    assert_eq!(&copy.log()[..t.log().len()], t.log());
    let Some(rename) = copy.log().get(t.log().len()) else {
        panic!("the rename is the copy's last event");
    };
    assert_eq!(rename.at, 1_800_000_000_000);
    assert!(matches!(rename.event, Event::SettingsUpdated { .. }));
    assert_eq!(copy.log().len(), t.log().len() + 1);
}

#[test]
fn where_a_file_differs_from_its_command_it_names_the_path_and_both_values() {
    let mut t = withdrawn();
    let zone = Command::UpdateSettings {
        name: None,
        dates: None,
        rules: None,
        rounds: None,
        games_per_round: None,
        round_minutes: None,
        tie_breaks: None,
        odd_players: None,
        time_zone: Some("America/Chicago".into()),
    };
    t.execute(Actor::Director, zone, 1_790_000_000_000).unwrap();
    let t = t.renamed("renamed".into(), 1_800_000_000_000).unwrap();
    let last = t.log().len();
    let e = refused(&t, |e| {
        e[last - 1]["event"]["before"]["name"] = json!("other");
    });
    assert_eq!(
        e,
        format!(
            "event {last} of the file is refused: `settings_updated` at `before.name` is \"other\", but the command behind it makes \"standard test\"; nothing was imported"
        )
    );
    // A key the file leaves out is named too, as nothing.
    let e = refused(&t, |e| {
        let before = e[last - 1]["event"]["before"].as_object_mut().unwrap();
        before.remove("time_zone");
    });
    assert!(
        e.contains(
            "at `before.time_zone` is null, but the command behind it makes \"America/Chicago\";"
        ),
        "{e}"
    );
    // In a list of the same length, the item; else the whole list.
    let e = refused(&t, |e| {
        e[last - 1]["event"]["before"]["dates"][0] = json!("2026-03-15");
    });
    assert!(
        e.contains(
            "at `before.dates.0` is \"2026-03-15\", but the command behind it makes \"2026-03-14\";"
        ),
        "{e}"
    );
    let e = refused(&t, |e| {
        e[last - 1]["event"]["before"]["dates"] = json!([]);
    });
    assert!(
        e.contains("at `before.dates` is [], but the command behind it makes [\"2026-03-14\"];"),
        "{e}"
    );
    // A value is shown whole up to 80 characters (quotes included), then cut.
    let shown = |name: &str| {
        refused(&t, |e| {
            e[last - 1]["event"]["before"]["name"] = json!(name);
        })
    };
    let whole = "w".repeat(78);
    assert!(shown(&whole).contains(&format!("is \"{whole}\", but")));
    let long = "l".repeat(79);
    assert!(
        shown(&long).contains(&format!("is \"{}…, but", "l".repeat(79))),
        "{}",
        shown(&long)
    );
}

/// Four players under the practice card, game 1 of round 1 entered by its
/// tiles as a Mah Jongg in error (R8): tiles that are no hand on the card.
fn in_error_by_tiles() -> Tournament {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=4);
    run.ok(
        Actor::Director,
        Command::SetCard {
            year: None,
            file: Some(CardFile::practice()),
        },
    );
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    let record = json!({"result": "mahjong_in_error", "declarer": "east", "value": 30, "exposed": ["south", "west"]});
    run.ok(
        Actor::Director,
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            entry: Entry::Hand {
                record: serde_json::from_value(record).unwrap(),
                hand: HandTiles {
                    concealed: "1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C".into(),
                    exposures: vec![],
                },
            },
        },
    );
    run.t
}

/// `file` as the code before issue 19.1 wrote it: a game entered by its
/// tiles stored as the record they made, without the tiles.
fn as_written_before_19(file: &str) -> Value {
    let mut v: Value = serde_json::from_str(file).unwrap();
    for r in v["events"].as_array_mut().unwrap() {
        if let Some(entry) = r.pointer_mut("/event/after/entry")
            && entry["kind"] == "hand"
        {
            entry["kind"] = "record".into();
            entry.as_object_mut().unwrap().remove("hand");
        }
    }
    v
}

#[test]
fn a_mah_jongg_in_error_written_before_19_1_imports_with_the_cards_not_a_hand_line_only() {
    let t = in_error_by_tiles();
    let game = t.sheet(RoundNo(1), TableNo(1)).unwrap().games[0]
        .clone()
        .unwrap();
    assert_eq!(game.lines[0], card::NOT_ON_THE_CARD);
    let old = as_written_before_19(&t.export_json());
    let back = Tournament::import_json(&old.to_string()).unwrap();
    assert_eq!(back.standings(), t.standings());
    // Any other first line is not one the card could have written for it.
    let mut forged = old;
    let last = forged["events"].as_array().unwrap().len() - 1;
    forged["events"][last]["event"]["after"]["lines"][0] =
        json!("checked against the card: forged");
    let e = Tournament::import_json(&forged.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&format!("event {} of the file is refused: `game_entered` at `after.lines` is [\"checked against the card: forged\"", last + 1)),
        "{e}"
    );
}
