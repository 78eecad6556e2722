//! The event's card (issue 14.1): the card year each rules text requires,
//! the director's card file, and hands checked against it on the sheet.

mod common;

use common::Run;
use jongg_card::Card;
use jongg_rules::floor::CardYear;
use jongg_rules::record::{GameRecord, GameResult};
use jongg_tiles::Seat;
use jongg_tiles::notation::format_tiles;
use jongg_tournament::card::{CardFile, HandTiles};
use jongg_tournament::*;

const THREES: OddPlayers = OddPlayers::ThreePlayerTables;

fn year(run: &Run) -> Option<u16> {
    run.t.card_year().map(|r| r.year.resolve(2026))
}

fn set_card(year: Option<u16>, file: Option<CardFile>) -> Command {
    Command::SetCard {
        year: year.map(CardYear::Year),
        file,
    }
}

/// mahjong-mania-2026 rule 1 (the 2026 card), mississippi-2025 "Tournament
/// Rules" (2025); st-louis-senior-olympics reads 2022 (heading) and 2019
/// (6a): the director chooses one of the two, nothing else.
#[test]
fn the_card_year_is_the_texts_and_st_louis_chooses_between_its_two_readings() {
    assert_eq!(year(&Run::new("mahjong-mania-2026", THREES)), Some(2026));
    assert_eq!(year(&Run::new("mississippi-2025", THREES)), Some(2025));
    let mut run = Run::new("st-louis-senior-olympics", THREES);
    assert_eq!(year(&run), None, "two readings: nobody has chosen yet");
    let e = run
        .try_do(Actor::Director, set_card(Some(2024), None))
        .unwrap_err();
    assert!(e.to_string().contains("2022 card or the 2019 card"), "{e}");
    run.ok(Actor::Director, set_card(Some(2019), None));
    assert_eq!(year(&run), Some(2019));
    assert_eq!(
        run.t.card_year().unwrap().source,
        "st-louis-senior-olympics 6a"
    );
    run.ok(Actor::Director, set_card(Some(2022), None));
    assert_eq!(
        run.t.card_year().unwrap().source,
        "st-louis-senior-olympics heading"
    );
}

/// A hand from the card's line `id`, all concealed.
fn hand_of(card: &Card, id: usize) -> (HandTiles, u32) {
    let v = &card.variants_of(id)[0];
    let tiles: Vec<_> = v
        .groups
        .iter()
        .flat_map(|g| std::iter::repeat_n(g.tile, usize::from(g.size)))
        .collect();
    (
        HandTiles {
            concealed: format_tiles(&tiles),
            exposures: vec![],
        },
        card.line(id).unwrap().value,
    )
}

fn started(preset: &str) -> Run {
    let mut run = Run::new(preset, THREES);
    run.register(1..=4);
    run.seat(RoundNo(1), SeatingMethod::ByNumber);
    run.start(RoundNo(1));
    run
}

fn enter(entry: Entry) -> Command {
    Command::EnterGame {
        round: RoundNo(1),
        table: TableNo(1),
        game: GameNo(1),
        entry,
    }
}

fn mahjong(value: u32) -> GameRecord {
    let mut r = GameRecord::new(GameResult::Mahjong);
    r.winner = Some(Seat::South);
    r.self_picked = true;
    r.value = value;
    r
}

const KEEPER: Actor = Actor::Scorekeeper {
    round: RoundNo(1),
    table: TableNo(1),
};

#[test]
fn tiles_on_the_card_fill_in_the_value_and_name_the_line() {
    let mut run = started("standard");
    // Without a card, tiles cannot be checked.
    let card = Card::practice();
    let (hand, value) = hand_of(&card, 2);
    let e = run
        .try_do(
            KEEPER,
            enter(Entry::Hand {
                record: mahjong(0),
                hand: hand.clone(),
            }),
        )
        .unwrap_err();
    assert!(e.to_string().contains("no card is loaded"), "{e}");
    // Only the director loads the card.
    assert!(
        run.try_do(KEEPER, set_card(None, Some(CardFile::practice())))
            .is_err()
    );
    run.ok(Actor::Director, set_card(None, Some(CardFile::practice())));
    run.ok(
        KEEPER,
        enter(Entry::Hand {
            record: mahjong(0),
            hand,
        }),
    );
    let sheet = run.t.sheet(RoundNo(1), TableNo(1)).unwrap();
    let g = sheet.games[0].as_ref().unwrap();
    let Entry::Hand { record, .. } = &g.entry else {
        panic!("stored as the record with its tiles: {:?}", g.entry)
    };
    assert_eq!(record.value, value, "the value is the line's");
    assert!(record.jokerless, "no joker in the tiles (R11)");
    assert!(
        g.lines[0].contains(&card.line(2).unwrap().name),
        "{:?}",
        g.lines
    );
    // Self-picked: everyone pays the winner (standard 13); South gains.
    assert!(g.points[Seat::South] > 0);
}

#[test]
fn tiles_off_the_card_and_values_the_card_lacks_are_refused() {
    let mut run = started("standard");
    run.ok(Actor::Director, set_card(None, Some(CardFile::practice())));
    let off = HandTiles {
        concealed: "1Bx3 2Bx3 3Bx3 4Bx3 9C 7D".into(),
        exposures: vec![],
    };
    let e = run
        .try_do(
            KEEPER,
            enter(Entry::Hand {
                record: mahjong(0),
                hand: off.clone(),
            }),
        )
        .unwrap_err();
    assert!(e.to_string().contains("not a hand on the card"), "{e}");
    // A value typed without tiles must be one the card has.
    let e = run
        .try_do(
            KEEPER,
            enter(Entry::Record {
                record: mahjong(27),
            }),
        )
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("no hand on the event's card is worth 27"),
        "{e}"
    );
    let on_card = Card::practice().lines()[0].value;
    run.ok(
        KEEPER,
        enter(Entry::Record {
            record: mahjong(on_card),
        }),
    );
    // A Mah Jongg in error is checked the same way (R8): these tiles are
    // not a hand, so it stands.
    let mut err = GameRecord::new(GameResult::MahjongInError);
    err.declarer = Some(Seat::West);
    // Two others exposed too: fewer than two hands intact end the game (R8).
    err.exposed = vec![Seat::East, Seat::South];
    run.ok(
        KEEPER,
        enter(Entry::Hand {
            record: err,
            hand: off,
        }),
    );
}

#[test]
fn a_card_file_that_is_no_card_is_refused_and_the_log_keeps_the_text() {
    let mut run = Run::new("standard", THREES);
    let bad = CardFile::new("mine", "[x]\nnot a hand : 25 X\n");
    let e = run
        .try_do(Actor::Director, set_card(None, Some(bad)))
        .unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    run.ok(Actor::Director, set_card(None, Some(CardFile::practice())));
    // The tournament replays from its log with the card.
    let again = Tournament::replay(run.t.log().iter().cloned()).unwrap();
    assert!(again.card().is_some());
    assert_eq!(again.card_setting(), run.t.card_setting());
}

/// The setting reads back as the director set it: the year chosen and the
/// card file loaded (the card page and the table sheet show it).
#[test]
fn the_card_setting_reads_back_the_year_and_the_file_the_director_set() {
    let mut run = Run::new("st-louis-senior-olympics", THREES);
    assert_eq!(
        run.t.card_setting(),
        &jongg_tournament::card::CardSetting::default()
    );
    run.ok(
        Actor::Director,
        set_card(Some(2019), Some(CardFile::practice())),
    );
    let setting = run.t.card_setting();
    assert_eq!(setting.year, Some(CardYear::Year(2019)));
    assert_eq!(setting.file, Some(CardFile::practice()));
}

/// Issue 19.4: the 64 KB card of one unknown word inside a tournament file
/// took 10.8 s and 4.47 GB to import. Now it is refused at once, in words.
#[test]
fn an_import_carrying_a_hostile_card_is_refused_quickly_and_briefly() {
    let mut run = Run::new("standard", THREES);
    run.ok(Actor::Director, set_card(None, Some(CardFile::practice())));
    let (head, tail) = ("[Hostile]\n", " : 25 X\n");
    let word = "Z".repeat(jongg_card::MAX_CARD_FILE - head.len() - tail.len());
    let hostile = format!("{head}{word}{tail}");
    let file = run.t.export_json().replace(
        &serde_json::to_string(jongg_card::PRACTICE_CARD).unwrap(),
        &serde_json::to_string(&hostile).unwrap(),
    );
    assert!(file.contains(&word), "the card's text is in the file");
    let clock = std::time::Instant::now();
    let e = Tournament::import_json(&file).unwrap_err().to_string();
    let took = clock.elapsed();
    assert!(e.contains("unknown symbol `Z`"), "{e}");
    assert!(e.len() < 2_000, "{} bytes", e.len());
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
}
