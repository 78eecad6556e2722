//! The floor (issue 14.2-14.4): calling the director, officials, rulings
//! with their source applied to the sheet, discipline. Each test names the
//! rule it checks.

mod common;

use common::*;
use jongg_rules::Incident;
use jongg_rules::floor::StepAction;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::*;

const R1: RoundNo = RoundNo(1);
const T1: TableNo = TableNo(1);
const T2: TableNo = TableNo(2);
const OFFICIAL: Actor = Actor::Official {
    official: OfficialNo(1),
};

/// Eight players under `preset`, round 1 started; official 1 watches table 1.
fn floor(preset: &str) -> Run {
    let mut run = Run::new(preset, OddPlayers::ThreePlayerTables);
    run.register(1..=8);
    run.seat(R1, SeatingMethod::ByNumber);
    run.start(R1);
    run.ok(
        Actor::Director,
        Command::AppointOfficial {
            number: OfficialNo(1),
            name: "Table monitor".into(),
            tables: vec![T1],
        },
    );
    run
}

fn keeper(table: TableNo) -> Actor {
    Actor::Scorekeeper { round: R1, table }
}

fn call(run: &mut Run, table: TableNo, seat: Option<Seat>, reason: &str) -> Vec<Recorded> {
    run.ok(
        keeper(table),
        Command::CallDirector {
            round: R1,
            table,
            seat,
            reason: reason.into(),
        },
    )
}

fn east_wins_game_1(run: &mut Run) {
    let entry = record_entry(serde_json::json!({
        "result": "mahjong", "winner": "east", "value": 25, "self_picked": true
    }));
    run.ok(
        keeper(T1),
        Command::EnterGame {
            round: R1,
            table: T1,
            game: GameNo(1),
            entry,
        },
    );
}

fn close(call: u32, incident: Option<Incident>, game: Option<u8>, seat: Option<Seat>) -> Command {
    Command::CloseCall {
        call: CallNo(call),
        incident,
        game: game.map(GameNo),
        seat,
        note: String::new(),
    }
}

/// standard 22, 27 and st-louis-senior-olympics 5d: a table calls the
/// director; the call is open with its table, seat, reason and time until
/// an official takes it and closes it.
#[test]
fn standard_22_a_table_calls_and_the_call_waits_with_its_table_seat_and_time() {
    let mut run = floor("st-louis-senior-olympics");
    let made = call(&mut run, T1, Some(Seat::West), "wrong tile count");
    let open = run.t.open_calls();
    assert_eq!(open.len(), 1);
    let c = &open[0];
    assert_eq!((c.number, c.round, c.table), (CallNo(1), R1, T1));
    assert_eq!(
        (c.seat, c.reason.as_str()),
        (Some(Seat::West), "wrong tile count")
    );
    assert_eq!(c.at, Some(made[0].at));
    assert_eq!(c.taken_by, None);
    assert_eq!(
        run.t.call_waiting(R1, T1).map(|c| c.number),
        Some(CallNo(1))
    );
    assert_eq!(run.t.call_waiting(R1, T2), None);
    // A second call from the same table while one waits is refused.
    let again = run.try_do(
        keeper(T1),
        Command::CallDirector {
            round: R1,
            table: T1,
            seat: None,
            reason: String::new(),
        },
    );
    assert!(again.unwrap_err().to_string().contains("already called"));
    run.ok(OFFICIAL, Command::TakeCall { call: CallNo(1) });
    assert_eq!(run.t.open_calls()[0].taken_by, Some(OFFICIAL));
    let taken = run.try_do(Actor::Director, Command::TakeCall { call: CallNo(1) });
    assert!(taken.unwrap_err().to_string().contains("already taken"));
    run.ok(
        OFFICIAL,
        Command::CloseCall {
            call: CallNo(1),
            incident: None,
            game: None,
            seat: None,
            note: "Counted again: 13 tiles, play on.".into(),
        },
    );
    assert!(run.t.open_calls().is_empty());
    assert_eq!(
        run.t.call(CallNo(1)).unwrap().state,
        CallState::Closed { by: OFFICIAL }
    );
}

/// standard 22: a call's reason is short and bounded; a table's link calls
/// only for its own table; nobody calls outside the round under way.
#[test]
fn standard_22_a_call_is_bounded_and_made_only_for_the_callers_table() {
    let mut run = floor("standard");
    let long = "x".repeat(MAX_CALL_REASON + 1);
    let e = run
        .try_do(
            keeper(T1),
            Command::CallDirector {
                round: R1,
                table: T1,
                seat: None,
                reason: long,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("at most 140"), "{e}");
    let e = run
        .try_do(
            keeper(T2),
            Command::CallDirector {
                round: R1,
                table: T1,
                seat: None,
                reason: String::new(),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    let e = run
        .try_do(
            Actor::Public,
            Command::CallDirector {
                round: R1,
                table: T1,
                seat: None,
                reason: String::new(),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    let e = run
        .try_do(
            Actor::Director,
            Command::CallDirector {
                round: RoundNo(2),
                table: T1,
                seat: None,
                reason: String::new(),
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("not under way"), "{e}");
}

/// st-louis-senior-olympics (table monitors, 5d): an official takes calls
/// and accepts sheets of their own tables only, and never changes settings,
/// players or an accepted sheet (R14: only the director amends).
#[test]
fn st_louis_5d_an_official_acts_only_at_their_tables_and_never_as_director() {
    let mut run = floor("st-louis-senior-olympics");
    call(&mut run, T2, None, "");
    let e = run
        .try_do(OFFICIAL, Command::TakeCall { call: CallNo(1) })
        .unwrap_err();
    assert!(e.to_string().contains("not one of theirs"), "{e}");
    let e = run
        .try_do(
            OFFICIAL,
            Command::UpdateSettings {
                name: Some("mine".into()),
                dates: None,
                rules: None,
                rounds: None,
                games_per_round: None,
                round_minutes: None,
                tie_breaks: None,
                odd_players: None,
                time_zone: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    let e = run
        .try_do(
            OFFICIAL,
            Command::DisqualifyPlayer {
                player: PlayerNo(1),
                scores: DisqualifiedScores::Void,
                reason: "x".into(),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    // Fill and sign table 1; the official accepts it, but may not amend it.
    for g in GameNo(4).upto() {
        let (points, mah_jongg) =
            one_win_each(T1, g, run.t.seating(R1).unwrap().table(T1).unwrap());
        run.ok(
            keeper(T1),
            Command::EnterGame {
                round: R1,
                table: T1,
                game: g,
                entry: Entry::Points { points, mah_jongg },
            },
        );
    }
    for seat in Seat::ALL {
        if run.t.sheet(R1, T1).unwrap().state == SheetState::Draft {
            run.ok(
                keeper(T1),
                Command::SignSheet {
                    round: R1,
                    table: T1,
                    seat,
                    game: None,
                    device: None,
                },
            );
        }
    }
    let e = run
        .try_do(
            OFFICIAL,
            Command::AcceptSheet {
                round: R1,
                table: T2,
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    run.ok(
        OFFICIAL,
        Command::AcceptSheet {
            round: R1,
            table: T1,
        },
    );
    let e = run
        .try_do(
            OFFICIAL,
            Command::AmendSheet {
                round: R1,
                table: T1,
                game: GameNo(1),
                entry: Entry::Points {
                    points: BySeat([0; 4]),
                    mah_jongg: None,
                },
                reason: "no".into(),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    // An official nobody appointed is nobody.
    let ghost = Actor::Official {
        official: OfficialNo(9),
    };
    let e = run
        .try_do(
            ghost,
            Command::AcceptSheet {
                round: R1,
                table: T1,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("no such official"), "{e}");
}

/// st-louis-senior-olympics 5d: the director changes an official's tables
/// (appointing again under the same number) and removes an official, who
/// may then act nowhere; what they did stays in the floor's audit, and
/// the removal exports and imports like any event.
#[test]
fn st_louis_5d_an_officials_tables_change_and_a_removed_official_may_not_act() {
    let mut run = floor("st-louis-senior-olympics");
    call(&mut run, T2, None, "");
    run.ok(
        Actor::Director,
        Command::AppointOfficial {
            number: OfficialNo(1),
            name: "Table monitor".into(),
            tables: vec![T2, T1],
        },
    );
    assert_eq!(run.t.official(OfficialNo(1)).unwrap().tables, vec![T1, T2]);
    run.ok(OFFICIAL, Command::TakeCall { call: CallNo(1) });
    let e = run
        .try_do(
            OFFICIAL,
            Command::RemoveOfficial {
                number: OfficialNo(1),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    run.ok(
        Actor::Director,
        Command::RemoveOfficial {
            number: OfficialNo(1),
        },
    );
    assert!(run.t.official(OfficialNo(1)).is_none());
    let e = run
        .try_do(OFFICIAL, close(1, None, None, None))
        .unwrap_err();
    assert!(e.to_string().contains("no such official"), "{e}");
    let e = run
        .try_do(
            Actor::Director,
            Command::RemoveOfficial {
                number: OfficialNo(1),
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("no official has that number"), "{e}");
    let log = run.t.floor_log();
    assert!(
        log.iter()
            .any(|e| e.text == "Table monitor (official 1) removed"),
        "{log:?}"
    );
    let again = Tournament::import(run.t.export()).unwrap();
    assert!(again.official(OfficialNo(1)).is_none());
}

/// standard 6, R17: looking at a blind-passed tile is penalized at the end
/// of the game. Closing the call with that incident states the preset's
/// ruling with its source and puts the penalty line on game 1's record,
/// so the sheet's points change (by the preset's -10).
#[test]
fn standard_6_r17_a_blind_pass_peek_ruling_puts_its_penalty_on_the_sheet() {
    let mut run = floor("standard");
    east_wins_game_1(&mut run);
    let before = run.t.sheet(R1, T1).unwrap().games[0].clone().unwrap();
    call(&mut run, T1, Some(Seat::South), "looked at a stolen tile");
    run.ok(OFFICIAL, Command::TakeCall { call: CallNo(1) });
    let made = run.ok(
        OFFICIAL,
        close(1, Some(Incident::BlindPassPeek), Some(1), Some(Seat::South)),
    );
    assert_eq!(made.len(), 2, "the ruling and the game it changes");
    let kept = run.t.call(CallNo(1)).unwrap().ruling.clone().unwrap();
    assert!(kept.applied);
    assert_eq!(kept.ruling.source, "standard 6, R17");
    assert_eq!(kept.ruling.preset, "standard");
    assert!(kept.ruling.text.contains("passed blind"));
    let after = run.t.sheet(R1, T1).unwrap().games[0].clone().unwrap();
    assert_eq!(after.points[Seat::South], before.points[Seat::South] - 10);
    assert_eq!(after.points[Seat::East], before.points[Seat::East]);
    let Entry::Record { record } = &after.entry else {
        panic!("a record")
    };
    assert_eq!(record.penalties.len(), 1);
    assert_eq!(record.penalties[0].seat, Seat::South);
    // The change is in the sheet's audit, by the official.
    let last = run.t.audit().pop().unwrap();
    assert_eq!((last.actor, last.game), (OFFICIAL, Some(GameNo(1))));
}

/// Issue 20.7: the game a ruling changes on an open sheet carries the
/// ruling (its title, its effect) as its audit reason, with its source to
/// cite; the entry before it by the scorekeeper has none.
#[test]
fn the_game_a_ruling_changes_has_the_ruling_as_its_audit_reason() {
    let mut run = floor("standard");
    east_wins_game_1(&mut run);
    call(&mut run, T1, Some(Seat::South), "looked at a stolen tile");
    run.ok(
        OFFICIAL,
        close(1, Some(Incident::BlindPassPeek), Some(1), Some(Seat::South)),
    );
    let audit = run.t.audit();
    let last = audit.last().unwrap();
    assert_eq!(last.action, AuditAction::Entered);
    let reason = last.reason.clone().unwrap_or_default();
    assert!(
        reason.starts_with("ruling on call 1: Looked at a blind-passed (stolen) tile — "),
        "{reason}"
    );
    assert!(reason.contains("a blind-pass peek penalty"), "{reason}");
    assert_eq!(last.cite.as_deref(), Some("standard 6, R17"));
    let first = &audit[audit.len() - 2];
    assert_eq!((first.reason.as_ref(), first.cite.as_ref()), (None, None));
}

/// Issue 20.7: a scoring ruling closed without a game applies nothing and
/// says so, and how to apply it; one that applied names the game.
#[test]
fn a_scoring_ruling_without_a_game_says_nothing_was_applied() {
    let mut run = floor("standard");
    east_wins_game_1(&mut run);
    call(&mut run, T1, Some(Seat::South), "");
    run.ok(
        OFFICIAL,
        close(1, Some(Incident::BlindPassPeek), None, Some(Seat::South)),
    );
    let kept = run.t.call(CallNo(1)).unwrap().ruling.clone().unwrap();
    assert!(!kept.applied);
    let said = kept.outcome(T1);
    assert!(
        said.starts_with("nothing was applied to any game") && said.contains("table 1's sheet"),
        "{said}"
    );
    call(&mut run, T1, Some(Seat::South), "");
    run.ok(
        OFFICIAL,
        close(2, Some(Incident::BlindPassPeek), Some(1), Some(Seat::South)),
    );
    let kept = run.t.call(CallNo(2)).unwrap().ruling.clone().unwrap();
    assert_eq!(kept.outcome(T1), "put on table 1's sheet: game 1, South");
}

/// st-louis-senior-olympics 3a: a player who picked ahead is declared dead;
/// the ruling marks their hand dead on the record. Without a seat the
/// ruling cannot be applied and says whose seat to name.
#[test]
fn st_louis_3a_picking_ahead_makes_the_hand_dead_on_the_record() {
    let mut run = floor("st-louis-senior-olympics");
    east_wins_game_1(&mut run);
    call(&mut run, T1, None, "");
    let e = run
        .try_do(
            OFFICIAL,
            close(1, Some(Incident::PickingAhead), Some(1), None),
        )
        .unwrap_err();
    assert!(e.to_string().contains("name the seat of"), "{e}");
    run.ok(
        OFFICIAL,
        close(1, Some(Incident::PickingAhead), Some(1), Some(Seat::North)),
    );
    let g = run.t.sheet(R1, T1).unwrap().games[0].clone().unwrap();
    let Entry::Record { record } = &g.entry else {
        panic!("a record")
    };
    assert!(record.dead.contains_key(&Seat::North));
    let kept = run.t.call(CallNo(1)).unwrap().ruling.clone().unwrap();
    assert_eq!(kept.ruling.source, "st-louis-senior-olympics 3a");
    assert!(kept.ruling.hand_dead && kept.applied);
}

/// R14, standard 26: a ruling that changes an accepted sheet is the
/// director's amendment (with the ruling as its reason); an official may
/// not make it.
#[test]
fn r14_a_ruling_on_an_accepted_sheet_is_the_directors_amendment() {
    let mut run = floor("standard");
    let seats = run.t.seating(R1).unwrap().table(T1).unwrap().clone();
    for g in GameNo(4).upto() {
        let entry = one_win_each_record(T1, g, &seats);
        run.ok(
            keeper(T1),
            Command::EnterGame {
                round: R1,
                table: T1,
                game: g,
                entry,
            },
        );
    }
    for seat in Seat::ALL {
        if run.t.sheet(R1, T1).unwrap().state == SheetState::Draft {
            run.ok(
                keeper(T1),
                Command::SignSheet {
                    round: R1,
                    table: T1,
                    seat,
                    game: None,
                    device: None,
                },
            );
        }
    }
    run.ok(
        Actor::Director,
        Command::AcceptSheet {
            round: R1,
            table: T1,
        },
    );
    call(&mut run, T1, None, "");
    let peek = close(1, Some(Incident::BlindPassPeek), Some(2), Some(Seat::West));
    let e = run.try_do(OFFICIAL, peek.clone()).unwrap_err();
    assert!(matches!(e, DomainError::SheetLocked { .. }), "{e}");
    let before = run.t.standings();
    run.ok(Actor::Director, peek);
    let last = run.t.audit().pop().unwrap();
    assert_eq!(last.action, AuditAction::Amended);
    assert!(
        last.reason
            .unwrap()
            .starts_with("ruling on call 1: Looked at")
    );
    assert_eq!(last.cite.as_deref(), Some("standard 6, R17"));
    let west = run.t.sheet(R1, T1).unwrap().players[Seat::West].unwrap();
    let was = before
        .rows
        .iter()
        .find(|r| r.player == west)
        .unwrap()
        .points;
    assert_eq!(row(&run.t, west.0).points, was - 10);
}

/// standard 2A, 2B: zero tolerance — the first complaint is a warning, the
/// next the ladder's disqualification; each is kept with its source.
#[test]
fn standard_2a_2b_the_warning_ladder_goes_warning_then_disqualification() {
    let mut run = floor("standard");
    let warn = |reason: &str| Command::WarnPlayer {
        player: PlayerNo(3),
        reason: reason.into(),
    };
    run.ok(OFFICIAL, warn("loud table talk"));
    run.ok(Actor::Director, warn("again"));
    let s = run.t.sanctions(PlayerNo(3));
    let steps: Vec<(u32, StepAction, &str)> = s
        .iter()
        .map(|x| match x {
            Sanction::Warning {
                count,
                step,
                source,
                ..
            } => (*count, *step, source.as_str()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        steps,
        vec![
            (1, StepAction::Warning, "standard 2A"),
            (2, StepAction::Disqualification, "standard 2B")
        ]
    );
    let e = run.try_do(Actor::Director, warn("   ")).unwrap_err();
    assert!(e.to_string().contains("needs a reason"), "{e}");
}

/// docs/api.md: an official acts on their own tables only. A warning is
/// theirs to give to a player seated at one of their tables in the round
/// under way; anyone else, or between rounds, is the director's (19.7).
#[test]
fn an_official_of_other_tables_may_not_warn_a_player() {
    let mut run = floor("standard");
    let warn = |n: u32| Command::WarnPlayer {
        player: PlayerNo(n),
        reason: "loud table talk".into(),
    };
    // Player 5 sits at table 2; official 1 watches table 1 only.
    let e = run.try_do(OFFICIAL, warn(5)).unwrap_err();
    assert!(e.to_string().contains("table 2"), "{e}");
    assert!(run.t.sanctions(PlayerNo(5)).is_empty());
    // An official of no tables warns no one.
    run.ok(
        Actor::Director,
        Command::AppointOfficial {
            number: OfficialNo(2),
            name: "Runner".into(),
            tables: vec![],
        },
    );
    let nobody = Actor::Official {
        official: OfficialNo(2),
    };
    assert!(run.try_do(nobody, warn(1)).is_err());
    // Their own table's player, yes; the director, anyone.
    run.ok(OFFICIAL, warn(3));
    run.ok(Actor::Director, warn(5));
}

/// st-louis-senior-olympics NOTE ("may face a pot penalty") and standard
/// 2C: a penalty outside any game's score, of the director's size, below 0;
/// it counts in the standings, apart from the rounds.
#[test]
fn st_louis_note_a_pot_penalty_counts_in_the_standings_outside_the_games() {
    let mut run = floor("st-louis-senior-olympics");
    let pen = |points| Command::PenalizePlayer {
        player: PlayerNo(2),
        points,
        reason: "stayed and disturbed table 2".into(),
    };
    let e = run.try_do(Actor::Director, pen(5)).unwrap_err();
    assert!(e.to_string().contains("takes points away"), "{e}");
    let e = run.try_do(OFFICIAL, pen(-5)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden, "{e}");
    run.ok(Actor::Director, pen(-15));
    let r = row(&run.t, 2);
    assert_eq!((r.points, r.penalties), (-15, -15));
    assert!(r.rounds.iter().all(|&p| p == 0), "not in any round");
    let Sanction::Penalty { name, source, .. } = &run.t.sanctions(PlayerNo(2))[0] else {
        panic!()
    };
    assert_eq!(
        (name.as_str(), source.as_str()),
        ("pot penalty", "st-louis-senior-olympics NOTE")
    );
}

/// standard 27 (disqualification at once for arguing with the director)
/// and 2B: the director chooses whether the player's scores stand or are
/// void; the opponents' scores never change; the player is not seated again.
#[test]
fn standard_27_disqualification_voids_or_keeps_the_players_scores_only() {
    for (scores, kept) in [
        (DisqualifiedScores::Kept, true),
        (DisqualifiedScores::Void, false),
    ] {
        let mut run = Run::new("standard", OddPlayers::ThreePlayerTables);
        run.register(1..=8);
        run.seat(R1, SeatingMethod::ByNumber);
        run.play_round(R1, one_win_each);
        let before = run.t.standings();
        run.ok(
            Actor::Director,
            Command::DisqualifyPlayer {
                player: PlayerNo(1),
                scores,
                reason: "argued with the director".into(),
            },
        );
        let after = run.t.standings();
        for b in before.rows.iter().filter(|b| b.player != PlayerNo(1)) {
            let a = after.rows.iter().find(|r| r.player == b.player).unwrap();
            assert_eq!(a.points, b.points, "opponent {} unchanged", b.player);
        }
        let was = before
            .rows
            .iter()
            .find(|r| r.player == PlayerNo(1))
            .unwrap();
        let now = row(&run.t, 1);
        assert!(was.points > 0);
        assert_eq!(now.points == was.points, kept, "{scores:?}");
        if !kept {
            assert_eq!((now.points, now.games), (0, 0));
        }
        assert_eq!(now.disqualified, Some(scores));
        assert!(matches!(now.status, PlayerStatus::Withdrawn { .. }));
        // Out of the competition: ranked after every other player, whatever
        // the points (R1: the texts give a disqualified player no place).
        let last = after.rows.last().unwrap();
        assert_eq!(last.player, PlayerNo(1), "{scores:?}");
        assert_eq!(last.rank, 8);
        assert!(
            after.rows[..7]
                .iter()
                .all(|r| r.disqualified.is_none() && r.rank <= 7)
        );
        let Sanction::Disqualification { source, .. } = &run.t.sanctions(PlayerNo(1))[0] else {
            panic!()
        };
        assert_eq!(source, "standard 27");
        run.seat(RoundNo(2), SeatingMethod::Movement);
        assert!(
            run.t
                .seating(RoundNo(2))
                .unwrap()
                .place_of(PlayerNo(1))
                .is_none()
        );
    }
}

/// The log is the truth: a tournament with officials, calls, rulings and
/// sanctions exports and imports whole, every event decided again.
#[test]
fn the_floor_exports_and_imports_whole() {
    let mut run = floor("standard");
    east_wins_game_1(&mut run);
    call(&mut run, T1, Some(Seat::South), "peek");
    run.ok(OFFICIAL, Command::TakeCall { call: CallNo(1) });
    run.ok(
        OFFICIAL,
        close(1, Some(Incident::BlindPassPeek), Some(1), Some(Seat::South)),
    );
    call(&mut run, T2, None, "");
    run.ok(
        OFFICIAL,
        Command::WarnPlayer {
            player: PlayerNo(3),
            reason: "rude".into(),
        },
    );
    run.ok(
        Actor::Director,
        Command::PenalizePlayer {
            player: PlayerNo(6),
            points: -10,
            reason: "disturbing".into(),
        },
    );
    run.ok(
        Actor::Director,
        Command::DisqualifyPlayer {
            player: PlayerNo(3),
            scores: DisqualifiedScores::Void,
            reason: "second complaint".into(),
        },
    );
    let json = run.t.export_json();
    assert!(json.contains("\"standard 6, R17\""));
    let back = Tournament::import_json(&json).unwrap();
    assert_eq!(back, run.t);
    assert_eq!(back.open_calls().len(), 1);
    // A hand-edited ruling is refused: the file's ruling is not the preset's.
    let forged = json.replacen("\"standard 6, R17\"", "\"standard 99\"", 1);
    let e = Tournament::import_json(&forged).unwrap_err();
    assert!(e.to_string().contains("call_closed"), "{e}");
}

/// Every ruling is kept with its table, round, game, official, time and
/// text, and the sanctions with theirs: the floor's audit and its CSV.
#[test]
fn rulings_and_sanctions_are_in_the_floor_audit_with_their_source() {
    let mut run = floor("standard");
    east_wins_game_1(&mut run);
    let called = call(&mut run, T1, Some(Seat::South), "peek");
    let closed = run.ok(
        OFFICIAL,
        close(1, Some(Incident::BlindPassPeek), Some(1), Some(Seat::South)),
    );
    run.ok(
        Actor::Director,
        Command::PenalizePlayer {
            player: PlayerNo(6),
            points: -10,
            reason: "disturbing, after the round".into(),
        },
    );
    let log = run.t.floor_log();
    let what: Vec<&str> = log.iter().map(|e| e.what.as_str()).collect();
    assert_eq!(what, ["official", "call", "ruling", "penalty"]);
    assert_eq!(log[1].at, called[0].at);
    let ruling = &log[2];
    assert_eq!(
        (
            ruling.round,
            ruling.table,
            ruling.game,
            ruling.seat,
            ruling.actor,
            ruling.at
        ),
        (
            Some(R1),
            Some(T1),
            Some(GameNo(1)),
            Some(Seat::South),
            OFFICIAL,
            closed[0].at
        )
    );
    assert_eq!(ruling.source, "standard 6, R17");
    assert!(ruling.penalty.contains("-10"), "{}", ruling.penalty);
    // The server writes these fields as floor.csv (its csv::floor).
    assert_eq!(ruling.actor.to_string(), "floor official 1");
    assert!(
        run.t
            .floor_log()
            .iter()
            .any(|e| e.penalty.ends_with("penalty: -10") && e.source == "standard 2C"),
        "{:?}",
        run.t.floor_log()
    );
}

/// Issue 14, point 6: where the rules ask for a personal code
/// (`[sign_off] personal_code`), a table's link signs only with the code
/// checked (the server records `PERSONAL_CODE` for it); the director may
/// sign for a seat; the signature imports as it was made.
#[test]
fn a_personal_code_is_required_of_a_tables_signature_where_the_rules_ask() {
    let mut run = Run {
        t: Tournament::new(),
        clock: 1_760_000_000_000,
    };
    run.ok(
        Actor::Director,
        Command::CreateTournament {
            name: "Club".into(),
            dates: vec![],
            rules: RulesSource::File {
                label: "club.toml".into(),
                toml: "base = \"standard\"\n[sign_off]\npersonal_code = { required = true, source = \"club rule 9\" }\n".into(),
            },
            rounds: Some(RoundNo(1)),
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: Some(OddPlayers::ThreePlayerTables),
            time_zone: None,
        },
    );
    run.register(1..=4);
    run.seat(R1, SeatingMethod::ByNumber);
    run.start(R1);
    for g in GameNo(4).upto() {
        let (points, mah_jongg) =
            one_win_each(T1, g, run.t.seating(R1).unwrap().table(T1).unwrap());
        run.ok(
            keeper(T1),
            Command::EnterGame {
                round: R1,
                table: T1,
                game: g,
                entry: Entry::Points { points, mah_jongg },
            },
        );
    }
    let sign = |seat, device: Option<&str>| Command::SignSheet {
        round: R1,
        table: T1,
        seat,
        game: None,
        device: device.map(Into::into),
    };
    let e = run
        .try_do(keeper(T1), sign(Seat::East, Some("a1b2c3d4")))
        .unwrap_err();
    assert!(e.to_string().contains("personal code (club rule 9)"), "{e}");
    run.ok(keeper(T1), sign(Seat::East, Some(PERSONAL_CODE)));
    run.ok(Actor::Director, sign(Seat::South, None));
    let signed: Vec<Option<String>> = run
        .t
        .audit()
        .into_iter()
        .filter(|a| a.action == AuditAction::Signed)
        .map(|a| a.device)
        .collect();
    assert_eq!(signed, vec![Some(PERSONAL_CODE.to_string()), None]);
    let again = Tournament::import(run.t.export()).unwrap();
    assert_eq!(
        again.sheet(R1, T1).unwrap().signed,
        run.t.sheet(R1, T1).unwrap().signed
    );
}

/// standard 22, 27: a table calls the director from its own link, for
/// itself: the link of table 1 cannot call for table 2.
#[test]
fn a_table_calls_the_director_only_for_itself_standard_22() {
    let mut run = floor("standard");
    let e = run
        .try_do(
            keeper(T1),
            Command::CallDirector {
                round: R1,
                table: T2,
                seat: None,
                reason: "a question".into(),
            },
        )
        .unwrap_err();
    assert!(matches!(e, DomainError::Forbidden { .. }), "{e}");
    assert!(e.to_string().contains("call for table 2, round 1"), "{e}");
    assert!(run.t.open_calls().is_empty());
    call(&mut run, T2, None, "a question");
    assert_eq!(run.t.open_calls().len(), 1);
}
