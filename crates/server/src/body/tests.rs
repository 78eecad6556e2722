//! Every mistake in a body is named by its exact path, in plain words.

use super::command::AnyCommand;
use super::rounds::{EnterGame, Entry, SeatRound, SeatingMethod};
use super::settings::CreateTournament;
use super::*;
use proptest::prelude::*;
use serde_json::json;

fn error<T: DeserializeOwned + std::fmt::Debug>(v: Value) -> String {
    decode::<T>(v).unwrap_err().to_string()
}

#[test]
fn a_wrong_value_inside_a_tagged_value_is_named_by_its_path() {
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "kind": "points",
            "points": { "east": "ten", "south": 0, "west": 0, "north": 0 } } })),
        "the points of East must be a whole number, not the text \"ten\""
    );
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "kind": "points" } })),
        "the points are missing"
    );
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "kind": "points",
            "points": { "east": 1, "south": 0, "west": 0, "north": 0 }, "mah_jongg": "up" } })),
        "`entry.mah_jongg` is `up`: expected one of: east, south, west, north"
    );
}

#[test]
fn the_kind_is_named_when_missing_unknown_or_not_a_text() {
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "points": {} } })),
        "the kind is missing"
    );
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "kind": "fly" } })),
        "`entry.kind` is `fly`: expected one of: points, record, hand"
    );
    assert_eq!(
        error::<EnterGame>(json!({ "entry": { "kind": 0 } })),
        "the kind must be one of: points, record, hand, not 0"
    );
    assert_eq!(
        error::<EnterGame>(json!({ "entry": "points" })),
        "the game must be an object, not the text \"points\""
    );
}

#[test]
fn paths_go_through_lists_and_tagged_values_within_tagged_values() {
    // `entry` sorts before `kind`: it is still named in full.
    assert_eq!(
        error::<AnyCommand>(
            json!({ "kind": "enter_game", "round": 1, "table": 1, "game": 1,
            "entry": { "kind": "points", "points": { "east": 1, "south": 2, "west": 3, "north": "x" } } })
        ),
        "the points of North must be a whole number, not the text \"x\""
    );
    assert_eq!(
        error::<SeatRound>(json!({ "method": { "kind": "imported", "tables": [
            { "table": 1, "seats": { "east": 1, "south": 2, "west": 3, "north": 4 } },
            { "table": 2, "seats": { "east": 5, "south": 6, "west": 7, "north": -8 } } ] } })),
        "North's seat at table 2 is -8: expected a whole number from 0 to 4294967295"
    );
    assert_eq!(
        error::<AnyCommand>(
            json!({ "kind": "seat_round", "round": 300, "method": { "kind": "movement" } })
        ),
        "the round is 300: expected a whole number from 0 to 255"
    );
}

#[test]
fn unknown_fields_are_named_with_the_fields_there_are() {
    assert_eq!(
        error::<CreateTournament>(json!({ "name": "T", "colour": "red",
            "rules": { "kind": "preset", "name": "standard" } })),
        "unknown field `colour`: expected one of: name, dates, rules, rounds, games_per_round, round_minutes, tie_breaks, odd_players, time_zone"
    );
    assert_eq!(
        error::<CreateTournament>(json!({ "name": "T",
            "rules": { "kind": "preset", "name": "standard", "year": 2026 } })),
        "unknown field `rules.year`: the only field here is name"
    );
    assert_eq!(
        error::<SeatRound>(json!({ "method": { "kind": "movement", "seed": 1 } })),
        "unknown field `method.seed`: this takes no fields"
    );
    assert_eq!(
        error::<Empty>(json!({ "zz_unknown": 1 })),
        "unknown field `zz_unknown`: this takes no fields"
    );
}

#[test]
fn a_command_is_the_domains_command() {
    let c: AnyCommand = decode(json!({ "kind": "mark_late", "number": 4 })).unwrap();
    assert_eq!(
        jongg_tournament::Command::from(c),
        jongg_tournament::Command::MarkLate {
            number: jongg_tournament::PlayerNo(4)
        }
    );
    let m: SeatRound = decode(json!({ "method": { "kind": "random", "seed": 7 } })).unwrap();
    assert_eq!(
        m.command(jongg_tournament::RoundNo(2)),
        jongg_tournament::Command::SeatRound {
            round: jongg_tournament::RoundNo(2),
            method: jongg_tournament::SeatingMethod::Random { seed: 7 }
        }
    );
}

fn entry() -> impl Strategy<Value = Entry> {
    use super::rounds::{Seat, SeatPoints};
    let seat = prop_oneof![
        Just(Seat::East),
        Just(Seat::South),
        Just(Seat::West),
        Just(Seat::North)
    ];
    prop_oneof![
        (any::<[i32; 4]>(), proptest::option::of(seat)).prop_map(|(p, mah_jongg)| {
            Entry::Points {
                points: SeatPoints {
                    east: p[0],
                    south: p[1],
                    west: p[2],
                    north: p[3],
                },
                mah_jongg,
            }
        }),
        prop_oneof![
            Just(json!({ "result": "wall" })),
            Just(
                json!({ "result": "mahjong", "winner": "east", "value": 25, "self_picked": true })
            ),
            Just(
                json!({ "result": "mahjong", "winner": "south", "value": 30, "discarder": "west" })
            ),
        ]
        .prop_map(|v| Entry::Record {
            record: jongg_tournament::read_record(&v).unwrap()
        }),
    ]
}

fn seating() -> impl Strategy<Value = SeatingMethod> {
    use super::rounds::{SeatPlayers, TableSeats};
    let table = (1u16..40, any::<[Option<u32>; 4]>()).prop_map(|(table, s)| TableSeats {
        table,
        seats: SeatPlayers {
            east: s[0],
            south: s[1],
            west: s[2],
            north: s[3],
        },
    });
    prop_oneof![
        any::<u64>().prop_map(|seed| SeatingMethod::Random { seed }),
        Just(SeatingMethod::ByNumber {}),
        Just(SeatingMethod::Movement {}),
        (
            proptest::collection::vec(table, 0..4),
            proptest::collection::vec(any::<u32>(), 0..3)
        )
            .prop_map(|(tables, sit_outs)| SeatingMethod::Imported { tables, sit_outs }),
    ]
}

proptest! {
    /// What the schema describes (the serialised form) reads back as itself.
    #[test]
    fn tagged_values_read_back_as_written(e in entry(), m in seating()) {
        let back: Entry = decode(serde_json::to_value(&e).unwrap()).unwrap();
        prop_assert_eq!(back, e);
        let back: SeatingMethod = decode(serde_json::to_value(&m).unwrap()).unwrap();
        prop_assert_eq!(back, m);
    }

    /// Any JSON at all: an answer, never a panic.
    #[test]
    fn any_value_is_read_or_refused(s in "\\PC{0,80}") {
        let _ = read::<AnyCommand>(s.as_bytes());
        let _ = read::<SeatRound>(s.as_bytes());
    }
}

/// Every kind the document offers is a kind the reader takes (and the
/// reader takes no other).
#[test]
fn the_kinds_of_the_document_are_the_kinds_read() {
    use super::settings::{OddPlayers, RulesSource};
    fn kinds<T: utoipa::PartialSchema>() -> Vec<String> {
        let schema = serde_json::to_value(T::schema()).unwrap();
        schema["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v["properties"]["kind"]["enum"][0]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    }
    fn check<T: utoipa::PartialSchema + DeserializeOwned + std::fmt::Debug>(n: usize) {
        let offered = kinds::<T>();
        assert_eq!(offered.len(), n, "{offered:?}");
        for kind in &offered {
            if let Err(e) = decode::<T>(json!({ "kind": kind })) {
                assert_ne!(e.path, "kind", "{kind}: {e}");
            }
        }
        let e = decode::<T>(json!({ "kind": "no_such_kind" })).unwrap_err();
        assert_eq!(e.path, "kind");
    }
    check::<AnyCommand>(17);
    check::<Entry>(3);
    check::<super::card::CardChoice>(3);
    check::<SeatingMethod>(5);
    check::<super::clock::ClockAction>(4);
    check::<RulesSource>(2);
    check::<OddPlayers>(2);
}
