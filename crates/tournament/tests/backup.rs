//! The backup (issue 19.1): export then import is the identity for every
//! event any command makes. Random event days use every command kind
//! (games by tiles, by records and by points, amendments, rulings,
//! discipline, clock changes, officials, computed seatings, the event's
//! card); each is exported, imported, exported again: the two files are
//! equal byte for byte and so are the standings.

use jongg_card::Card;
use jongg_tiles::notation::format_tiles;
use jongg_tournament::card::{CardFile, HandTiles};
use jongg_tournament::event_day::{KINDS, random_event_day};
use jongg_tournament::*;
use std::collections::BTreeMap;

fn round_trip(t: &Tournament) -> Result<(), String> {
    let file = t.export_json();
    let back = Tournament::import_json(&file).map_err(|e| e.to_string())?;
    if back.export_json() != file {
        return Err("the file exported again differs".into());
    }
    if back.standings() != t.standings() {
        return Err("the standings differ".into());
    }
    if &back != t {
        return Err("the state differs".into());
    }
    Ok(())
}

#[test]
fn r19_1_every_event_day_exports_and_imports_to_the_same_file_and_standings() {
    let mut taken: BTreeMap<&str, u32> = BTreeMap::new();
    let mut events = 0;
    let (mut by_tiles, mut applied) = (0, 0);
    for seed in 0..100u64 {
        let day = random_event_day(seed, 300);
        events += day.t.log().len();
        for r in day.t.log() {
            match &r.event {
                Event::GameEntered { after, .. } | Event::SheetAmended { after, .. } => {
                    by_tiles += u32::from(matches!(after.entry, Entry::Hand { .. }));
                }
                Event::CallClosed {
                    ruling: Some(k), ..
                } => applied += u32::from(k.applied),
                _ => {}
            }
        }
        if let Err(e) = round_trip(&day.t) {
            panic!("seed {seed}: {e}");
        }
        for (k, n) in day.taken {
            *taken.entry(k).or_default() += n;
        }
    }
    eprintln!(
        "{events} events, {by_tiles} games by tiles, {applied} rulings applied; commands taken by kind: {taken:?}"
    );
    assert!(
        by_tiles >= 50,
        "only {by_tiles} games entered by their tiles"
    );
    assert!(applied >= 5, "only {applied} rulings applied to a game");
    // The identity means little unless the days made every kind of event.
    let missing: Vec<&&str> = KINDS.iter().filter(|k| !taken.contains_key(**k)).collect();
    assert!(missing.is_empty(), "no day took {missing:?}");
    for kind in ["enter_game", "amend_sheet", "close_call", "adopt_schedule"] {
        assert!(taken[kind] >= 20, "only {} of {kind}", taken[kind]);
    }
}

/// The finding itself: a game entered by its tiles on the event's card
/// (the card names the line it made) was refused on import, because the
/// record was stored without its tiles and deciding it again could not
/// say which line they made.
#[test]
fn r19_1_a_game_entered_by_its_tiles_on_the_card_imports_again() {
    let mut t = Tournament::new();
    let mut at = 1_760_000_000_000;
    let mut go = |t: &mut Tournament, actor: Actor, c: Command| {
        at += 1000;
        t.execute(actor, c, at).unwrap();
    };
    go(
        &mut t,
        Actor::Director,
        Command::CreateTournament {
            name: "tiles".into(),
            dates: vec![],
            rules: RulesSource::Preset {
                name: "standard".into(),
            },
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        },
    );
    for n in 1..=4 {
        go(
            &mut t,
            Actor::Director,
            Command::RegisterPlayer {
                number: PlayerNo(n),
                name: format!("P{n}"),
                club: None,
                late: false,
            },
        );
    }
    go(
        &mut t,
        Actor::Director,
        Command::SetCard {
            year: None,
            file: Some(CardFile::practice()),
        },
    );
    go(
        &mut t,
        Actor::Director,
        Command::SeatRound {
            round: RoundNo(1),
            method: SeatingMethod::ByNumber,
        },
    );
    go(
        &mut t,
        Actor::Director,
        Command::StartRound {
            round: RoundNo(1),
            at: 0,
        },
    );
    let card = Card::practice();
    let v = &card.variants_of(3)[0];
    let tiles: Vec<_> = v
        .groups
        .iter()
        .flat_map(|g| std::iter::repeat_n(g.tile, usize::from(g.size)))
        .collect();
    let mut record = jongg_rules::GameRecord::new(jongg_rules::record::GameResult::Mahjong);
    record.winner = Some(jongg_tiles::Seat::West);
    record.self_picked = true;
    go(
        &mut t,
        Actor::Scorekeeper {
            round: RoundNo(1),
            table: TableNo(1),
        },
        Command::EnterGame {
            round: RoundNo(1),
            table: TableNo(1),
            game: GameNo(1),
            entry: Entry::Hand {
                record,
                hand: HandTiles {
                    concealed: format_tiles(&tiles),
                    exposures: vec![],
                },
            },
        },
    );
    let game = t.sheet(RoundNo(1), TableNo(1)).unwrap().games[0]
        .clone()
        .unwrap();
    assert!(
        game.lines[0].starts_with("on the card: "),
        "{:?}",
        game.lines
    );
    assert!(
        matches!(game.entry, Entry::Hand { .. }),
        "the tiles are kept"
    );
    round_trip(&t).unwrap();
}

/// A file as the code before issue 19.1 wrote it: each game entered by its
/// tiles stored as the record they made, without the tiles.
fn as_written_before_19(file: &str) -> (String, usize) {
    let mut v: serde_json::Value = serde_json::from_str(file).unwrap();
    let mut changed = 0;
    for r in v["events"].as_array_mut().unwrap() {
        for at in ["/event/before/entry", "/event/after/entry"] {
            let Some(entry) = r.pointer_mut(at) else {
                continue;
            };
            if entry["kind"] == "hand" {
                entry["kind"] = "record".into();
                entry.as_object_mut().unwrap().remove("hand");
                changed += 1;
            }
        }
    }
    (serde_json::to_string_pretty(&v).unwrap(), changed)
}

/// Backups made before the fix restore too, and export again unchanged;
/// the card's line they carry must be one the card could have written.
#[test]
fn r19_1_a_backup_written_before_the_fix_restores_and_its_card_line_is_checked() {
    let mut restored = 0;
    for seed in 0..30u64 {
        let day = random_event_day(seed, 300);
        let (old, changed) = as_written_before_19(&day.t.export_json());
        if changed == 0 {
            continue;
        }
        let back = Tournament::import_json(&old).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // (The old file was rewritten through `Value`, whose keys are sorted:
        // compare what it says.)
        let said = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        assert!(said(&back.export_json()) == said(&old), "seed {seed}");
        assert_eq!(back.standings(), day.t.standings(), "seed {seed}");
        restored += 1;
        // A line the card never wrote is refused, naming the event.
        let forged = old.replacen("on the card: ", "on the card: forged ", 1);
        let e = Tournament::import_json(&forged).unwrap_err().to_string();
        assert!(
            e.contains("game_entered") || e.contains("sheet_amended"),
            "{e}"
        );
    }
    assert!(restored >= 10, "only {restored} days had games by tiles");
}
