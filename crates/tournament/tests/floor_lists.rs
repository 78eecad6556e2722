//! What the floor lists (`tournament/floor.rs`): the officials, every
//! call made, closed ones too (standard 22, 27; st-louis-senior-olympics
//! 5d).

mod common;

use common::*;
use jongg_tournament::*;

const R1: RoundNo = RoundNo(1);
const T1: TableNo = TableNo(1);
const T2: TableNo = TableNo(2);

/// Eight players under `standard`, round 1 started.
fn started() -> Run {
    let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(R1, SeatingMethod::ByNumber);
    run.start(R1);
    run
}

fn appoint(run: &mut Run, number: u16, name: &str, tables: Vec<TableNo>) {
    run.ok(
        Actor::Director,
        Command::AppointOfficial {
            number: OfficialNo(number),
            name: name.into(),
            tables,
        },
    );
}

fn call(run: &mut Run, table: TableNo, reason: &str) {
    run.ok(
        Actor::Scorekeeper { round: R1, table },
        Command::CallDirector {
            round: R1,
            table,
            seat: None,
            reason: reason.into(),
        },
    );
}

/// st-louis-senior-olympics 5d: the officials appointed, by number.
#[test]
fn the_officials_are_listed_by_number_st_louis_5d() {
    let mut run = started();
    appoint(&mut run, 2, "Second", vec![T2]);
    appoint(&mut run, 1, "First", vec![T1]);
    let listed: Vec<(OfficialNo, &str)> = run
        .t
        .officials()
        .map(|o| (o.number, o.name.as_str()))
        .collect();
    assert_eq!(
        listed,
        vec![(OfficialNo(1), "First"), (OfficialNo(2), "Second")]
    );
}

/// standard 22: every call is kept, oldest first, a closed one too, with
/// what was decided.
#[test]
fn every_call_is_listed_oldest_first_closed_ones_too_standard_22() {
    let mut run = started();
    call(&mut run, T1, "tile count");
    run.ok(
        Actor::Director,
        Command::CloseCall {
            call: CallNo(1),
            incident: None,
            game: None,
            seat: None,
            note: "Play on.".into(),
        },
    );
    call(&mut run, T2, "a claim");
    let calls: Vec<(CallNo, TableNo, &str, Option<&str>)> = run
        .t
        .calls()
        .iter()
        .map(|c| (c.number, c.table, c.reason.as_str(), c.note.as_deref()))
        .collect();
    assert_eq!(
        calls,
        vec![
            (CallNo(1), T1, "tile count", Some("Play on.")),
            (CallNo(2), T2, "a claim", None),
        ]
    );
}

/// A tournament keeps at most `MAX_OFFICIALS`: a new one beyond is
/// refused, but an official already appointed may still be appointed
/// again (their tables changed).
#[test]
fn no_official_is_appointed_beyond_the_most_but_one_appointed_may_change() {
    let mut run = started();
    let most = u16::try_from(MAX_OFFICIALS).unwrap();
    for n in 1..=most {
        appoint(&mut run, n, &format!("Official {n}"), vec![T1]);
    }
    let e = run
        .try_do(
            Actor::Director,
            Command::AppointOfficial {
                number: OfficialNo(most + 1),
                name: "One too many".into(),
                tables: vec![T1],
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("at most"), "{e}");
    appoint(&mut run, most, "Moved", vec![T2]);
    assert_eq!(run.t.official(OfficialNo(most)).unwrap().tables, vec![T2]);
}

/// An official watches at most `MAX_OFFICIAL_TABLES` tables: exactly that
/// many is fine, one more is refused.
#[test]
fn an_official_watches_at_most_the_limit_of_tables_inclusive() {
    let mut run = started();
    let most = u16::try_from(MAX_OFFICIAL_TABLES).unwrap();
    appoint(&mut run, 1, "All", (1..=most).map(TableNo).collect());
    assert_eq!(
        run.t.official(OfficialNo(1)).unwrap().tables.len(),
        MAX_OFFICIAL_TABLES
    );
    let e = run
        .try_do(
            Actor::Director,
            Command::AppointOfficial {
                number: OfficialNo(2),
                name: "Too many".into(),
                tables: (1..=most + 1).map(TableNo).collect(),
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("at most"), "{e}");
}

/// A removed official keeps their own name in the audit: the name they
/// were last appointed under, not another official's.
#[test]
fn a_removed_official_is_named_as_last_appointed() {
    let mut run = started();
    appoint(&mut run, 1, "First", vec![T1]);
    appoint(&mut run, 1, "First, renamed", vec![T1]);
    appoint(&mut run, 2, "Second", vec![T2]);
    run.ok(
        Actor::Director,
        Command::RemoveOfficial {
            number: OfficialNo(1),
        },
    );
    assert_eq!(run.t.official_name(OfficialNo(1)), "First, renamed");
    assert_eq!(run.t.official_name(OfficialNo(2)), "Second");
    assert_eq!(
        run.t.official_name(OfficialNo(9)),
        OfficialNo(9).to_string()
    );
}
