//! The built-in presets and reading directors' files (errors name file, line, key).

use jongg_rules::{PRESET_NAMES, Preset, PresetError};

fn load(text: &str) -> Result<Preset, PresetError> {
    Preset::from_toml(text, "club.toml")
}

#[test]
fn every_builtin_preset_reads_and_is_named_after_itself() {
    for name in PRESET_NAMES {
        let text = Preset::builtin_text(name).expect("embedded");
        let p = Preset::from_toml(text, name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.name, name);
        assert_eq!(Preset::builtin(name), Some(p));
    }
    assert_eq!(Preset::builtin("nope"), None);
}

/// Whether a text names a ruling R1-R17.
fn cites_ruling(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'R' && w[1].is_ascii_digit())
}

#[test]
fn every_value_of_every_preset_cites_a_source() {
    // Every `source` is a seed rule or a ruling, and every value line of the
    // file has a comment above it (the preset files are read by directors).
    for name in PRESET_NAMES {
        let text = Preset::builtin_text(name).unwrap();
        for (i, line) in text.lines().enumerate() {
            if let Some(pos) = line.find("source = \"") {
                let src = &line[pos + 10..];
                let cites_seed = src.starts_with(name) || src.starts_with("standard ");
                let cites_ruling = src.starts_with('R');
                assert!(cites_seed || cites_ruling, "{name}:{}: {line}", i + 1);
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let is_value = line.contains(" = ") && !line.starts_with('#');
            if !is_value
                || line.starts_with("name")
                || line.starts_with("title")
                || line.starts_with("document")
            {
                continue;
            }
            // Walk up over other values to the nearest comment; stop at a table header.
            let mut j = i;
            let mut cited = false;
            while j > 0 {
                j -= 1;
                let l = lines[j].trim();
                if l.starts_with('#') {
                    // The whole comment block above the value.
                    let mut k = j;
                    while k > 0 && lines[k - 1].trim().starts_with('#') {
                        k -= 1;
                    }
                    cited = lines[k..=j]
                        .iter()
                        .any(|l| l.contains(name) || l.contains("standard") || cites_ruling(l));
                    break;
                }
                if l.starts_with('[') || l.is_empty() {
                    break;
                }
            }
            assert!(
                cited,
                "{name}:{}: `{line}` has no comment citing its rule",
                i + 1
            );
        }
    }
}

#[test]
fn r13_movement_offsets_of_each_preset() {
    let m = |n: &str| {
        let p = Preset::builtin(n).unwrap();
        (
            p.movement.east,
            p.movement.south,
            p.movement.west,
            p.movement.north,
        )
    };
    // standard 24: East +1, North -1, West +2, South -2.
    assert_eq!(m("standard"), (1, -2, 2, -1));
    // beth-emeth 5: East stays; others as standard (R13).
    assert_eq!(m("beth-emeth"), (0, -2, 2, -1));
    // mahjong-mania-2026 TABLE ROTATION, st-louis-senior-olympics 8: North +1, West +2, South -1.
    assert_eq!(m("mahjong-mania-2026"), (0, -1, 2, 1));
    assert_eq!(m("st-louis-senior-olympics"), (0, -1, 2, 1));
    // mississippi-2025 "Table Relocation": West +1, South +2, North +3.
    assert_eq!(m("mississippi-2025"), (0, 2, 1, 3));
}

/// Each preset says where its rotation of who hands the sheets in comes
/// from, and the sheet prints it: its own rule, or R1 and standard 25 where
/// the event's rules do not say (mahjong-mania-2026, mississippi-2025).
#[test]
fn each_preset_cites_who_hands_the_sheets_in() {
    let cite = |name: &str| {
        Preset::builtin(name)
            .unwrap()
            .verification
            .collectors_source
    };
    assert_eq!(cite("standard"), "standard 25");
    assert_eq!(cite("beth-emeth"), "beth-emeth 14");
    assert_eq!(
        cite("st-louis-senior-olympics"),
        "st-louis-senior-olympics 5d"
    );
    assert_eq!(cite("mahjong-mania-2026"), "R1, standard 25");
    assert_eq!(cite("mississippi-2025"), "R1, standard 25");
    for name in PRESET_NAMES {
        assert!(!cite(name).is_empty(), "{name} cites its collectors");
    }
}

#[test]
fn r14_verification_duties() {
    use jongg_tiles::Seat::*;
    for name in PRESET_NAMES {
        let v = Preset::builtin(name).unwrap().verification;
        assert_eq!(v.sheet_keeper, East, "{name}: R14 East keeps the sheet");
        assert!(v.locked_when_accepted, "{name}: R14");
    }
    // standard 4, beth-emeth (R1), st-louis-senior-olympics 5b: East-West, North-South.
    for name in ["standard", "beth-emeth", "st-louis-senior-olympics"] {
        let v = Preset::builtin(name).unwrap().verification;
        assert!(!v.sign_own);
        assert_eq!(v.verifies[East], vec![West]);
        assert_eq!(v.verifies[West], vec![East]);
        assert_eq!(v.verifies[North], vec![South]);
        assert_eq!(v.verifies[South], vec![North]);
    }
    // mahjong-mania-2026 "Tournament Format", mississippi-2025 "Tournament Scoring":
    // everyone signs their own; West signs for East.
    for name in ["mahjong-mania-2026", "mississippi-2025"] {
        let v = Preset::builtin(name).unwrap().verification;
        assert!(v.sign_own);
        assert_eq!(v.verifies[West], vec![East]);
        assert!(v.verifies[East].is_empty() && v.verifies[North].is_empty());
    }
    // standard 25: A, B (North), C (West), D (South) collect in sessions 1-4.
    let v = Preset::builtin("standard").unwrap().verification;
    assert_eq!(
        [1, 2, 3, 4, 5].map(|r| v.collector(r)),
        [East, North, West, South, East]
    );
    // beth-emeth 14, st-louis-senior-olympics 5d: East brings the scores every round.
    for name in ["beth-emeth", "st-louis-senior-olympics"] {
        let v = Preset::builtin(name).unwrap().verification;
        assert_eq!(v.collector(3), East);
    }
}

#[test]
fn r15_round_length() {
    let r = |n: &str| Preset::builtin(n).unwrap().round;
    assert_eq!((r("standard").games, r("standard").minutes), (4, 60)); // standard 23
    assert_eq!((r("beth-emeth").games, r("beth-emeth").minutes), (4, 45)); // beth-emeth 14
    let m = r("mississippi-2025"); // mississippi-2025: 4 (60 minute) rounds, 4 games
    assert_eq!((m.games, m.minutes, m.rounds), (4, 60, Some(4)));
    assert_eq!(r("mahjong-mania-2026").minutes, 60); // R1
    assert_eq!(r("st-louis-senior-olympics").minutes, 60); // R1
}

#[test]
fn r12_r16_r17_play_options() {
    for name in PRESET_NAMES {
        let p = Preset::builtin(name).unwrap();
        // R12, standard 3A, 5C: no Charleston at three, re-roll before game 4.
        assert!(!p.three_player.charleston, "{name}");
        assert_eq!(p.three_player.reroll_east_before_game, 4, "{name}");
        // R17: blind pass on first left and last right, up to three tiles.
        let b = &p.charleston.blind_pass;
        assert!(b.first_left && b.last_right && b.max_tiles == 3, "{name}");
        assert!(p.charleston.first_required && p.charleston.second_optional);
        // R16: Mah Jongg beats an exposure, nearest in turn wins.
        assert!(p.calls.mahjong_beats_exposure && p.calls.nearest_in_turn_wins);
        // R16, beth-emeth 11: only beth-emeth lets a discarded joker not cover.
        assert_eq!(p.calls.joker_covers, name != "beth-emeth", "{name}");
    }
}

#[test]
fn a_file_may_start_from_a_preset_and_override_single_values() {
    let p = load(
        "base = \"standard\"\nname = \"club\"\n[scoring]\nself_picked.points = 15\n[round]\nminutes = 50\n",
    )
    .unwrap();
    let std = Preset::builtin("standard").unwrap();
    assert_eq!(p.name, "club");
    assert_eq!(p.based_on.as_deref(), Some("standard"));
    assert_eq!(p.scoring.self_picked.points, 15);
    // The changed value now cites the director's file.
    assert_eq!(p.scoring.self_picked.source, "club.toml line 4");
    assert_eq!(p.round.minutes, 50);
    assert_eq!(p.round.games, 4);
    assert_eq!(p.movement, std.movement);
    assert_eq!(p.throw, std.throw);
    assert_eq!(p.changes.len(), 3);
    assert!(
        p.summary()
            .contains("scoring.self_picked.points = 15 (line 4)")
    );
    // Without a name the file's label names it.
    let q = load("base = \"beth-emeth\"\n").unwrap();
    assert_eq!(q.name, "club.toml");
    assert_eq!(q.scoring, Preset::builtin("beth-emeth").unwrap().scoring);
}

#[test]
fn overriding_a_whole_inline_table_and_a_source() {
    let p = load(
        "base = \"standard\"\n[throw]\nexposures_2 = { points = -15, source = \"club rule 3\" }\n[movement]\neast = 0\n",
    )
    .unwrap();
    assert_eq!(p.throw.exposures_2.points, -15);
    assert_eq!(p.throw.exposures_2.source, "club rule 3");
    assert_eq!(p.movement.east, 0);
}

fn expect_err(text: &str, line: usize, key: &str, words: &str) {
    let e = load(text).expect_err("should fail");
    assert_eq!(e.file, "club.toml", "{e}");
    assert_eq!(e.line, Some(line), "{e}");
    assert_eq!(e.key.as_deref(), Some(key), "{e}");
    assert!(e.message.contains(words), "{e}");
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("club.toml:{line}: {key}: ")),
        "{shown}"
    );
}

#[test]
fn unknown_key_names_file_line_and_key() {
    expect_err(
        "base = \"standard\"\n\n[scoring]\nself_pickd = 3\n",
        4,
        "scoring.self_pickd",
        "unknown field",
    );
    expect_err(
        "base = \"standard\"\ncolour = \"red\"\n",
        2,
        "colour",
        "unknown field",
    );
    expect_err(
        "base = \"standard\"\n[movement]\nnorth = 1\ncentre = 2\n",
        4,
        "movement.centre",
        "unknown field",
    );
}

#[test]
fn bad_value_names_file_line_and_key() {
    expect_err(
        "base = \"standard\"\n[round]\nminutes = \"sixty\"\n",
        3,
        "round.minutes",
        "invalid type",
    );
    expect_err(
        "base = \"standard\"\n[round]\nminutes = 0\n",
        3,
        "round.minutes",
        "not 1 to 600",
    );
    expect_err(
        "base = \"standard\"\n[verification]\nsheet_keeper = \"centre\"\n",
        3,
        "verification.sheet_keeper",
        "centre",
    );
    expect_err(
        "base = \"standard\"\n[scoring]\nwall_game.points = 5000\n",
        3,
        "scoring.wall_game.points",
        "out of range",
    );
    expect_err(
        "base = \"standard\"\n[calls]\njoker_covers = \"no\"\n",
        3,
        "calls.joker_covers",
        "invalid type",
    );
    expect_err(
        "base = \"standard\"\n[movement]\neast = 99999999999\n",
        3,
        "movement.east",
        "",
    );
}

#[test]
fn bad_base_names_file_line_and_key() {
    expect_err(
        "# club\nbase = \"standrd\"\n",
        2,
        "base",
        "not a built-in preset",
    );
    expect_err("base = 3\n", 1, "base", "built-in preset");
}

#[test]
fn a_file_without_base_must_be_complete_and_errors_still_point_at_the_key() {
    let std = Preset::builtin_text("standard").unwrap();
    let broken = std.replace("minutes = 60", "minutes = 60\nhours = 1");
    let e = load(&broken).unwrap_err();
    let line = broken.lines().position(|l| l == "hours = 1").unwrap() + 1;
    assert_eq!(e.line, Some(line), "{e}");
    assert_eq!(e.key.as_deref(), Some("round.hours"), "{e}");
    let zero = std.replace("games = 4", "games = 0");
    let e = load(&zero).unwrap_err();
    let line = zero.lines().position(|l| l == "games = 0").unwrap() + 1;
    assert_eq!(
        (e.line, e.key.as_deref()),
        (Some(line), Some("round.games")),
        "{e}"
    );
    let e = load("name = \"x\"\n").unwrap_err();
    assert!(e.message.contains("missing field"), "{e}");
}

#[test]
fn toml_syntax_errors_give_the_line() {
    let e = load("base = \"standard\"\n[scoring\n").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn a_preset_serialises_to_toml_that_reads_back_the_same() {
    for name in PRESET_NAMES {
        let p = Preset::builtin(name).unwrap();
        let text = toml::to_string(&p).unwrap();
        assert_eq!(Preset::from_toml(&text, "x").unwrap(), p, "{name}");
    }
}

#[test]
fn summaries_mention_the_main_numbers() {
    let s = Preset::builtin("beth-emeth").unwrap().summary();
    assert!(s.contains("Self-picked Mah Jongg: +15"), "{s}");
    assert!(s.contains("45 minutes"), "{s}");
    assert!(s.contains("joker does not cover"), "{s}");
    let s = Preset::builtin("mahjong-mania-2026").unwrap().summary();
    assert!(
        s.contains("the discarder -25, each other player +10"),
        "{s}"
    );
    assert!(s.contains("-10, and the caller plays on"), "{s}");
}

/// standard 1 ("All Players are required to display the NMJL card"),
/// mahjong-mania-2026 rule 1, mississippi-2025 "Tournament Rules" (display
/// the year's card) and standard 25 ("DO NOT LEAVE THE ROOM BEFORE YOU
/// SUBMIT THE SCORE CARDS"): every preset reminds its tables of both, each
/// reminder citing its rule (R1 where the text is silent).
#[test]
fn standard_1_25_mania_1_mississippi_tables_are_reminded_of_the_card_and_the_sheet() {
    for name in PRESET_NAMES {
        let p = Preset::builtin(name).unwrap();
        let card = p.reminders.iter().find(|r| r.text.contains("card"));
        let card = card.unwrap_or_else(|| panic!("{name}: no card reminder"));
        assert!(card.text.contains("isplay"), "{name}: {}", card.text);
        let leave = p.reminders.iter().find(|r| r.text.contains("leav"));
        assert!(leave.is_some(), "{name}: no reminder to stay");
        for r in &p.reminders {
            assert!(
                r.source.starts_with(name)
                    || r.source.starts_with("standard ")
                    || r.source.starts_with('R'),
                "{name}: {}",
                r.source
            );
        }
    }
    let src = |n: &str| Preset::builtin(n).unwrap().reminders[0].source.clone();
    assert_eq!(src("standard"), "standard 1");
    assert_eq!(src("mahjong-mania-2026"), "mahjong-mania-2026 rule 1");
    assert!(src("mississippi-2025").starts_with("mississippi-2025"));
    assert!(
        Preset::builtin("mahjong-mania-2026").unwrap().reminders[0]
            .text
            .contains("2026")
    );
    // The summaries say both (and beth-emeth 1's four at every table).
    assert!(
        Preset::builtin("standard")
            .unwrap()
            .summary()
            .contains("Do not leave the room")
    );
    let beth = Preset::builtin("beth-emeth").unwrap().summary();
    assert!(beth.contains("Four players at every table"), "{beth}");
    // A file without [[reminders]] takes standard's (R1).
    let p = Preset::from_toml("base = \"standard\"\n", "club.toml").unwrap();
    assert_eq!(p.reminders, Preset::builtin("standard").unwrap().reminders);
}

/// beth-emeth 7 ("NO MUSHING!") and 13 ("There is NO 'hot or cold wall'"):
/// the engine follows both (it passes exactly the tiles chosen and plays
/// the wall alike to its last tile); the preset states them to its tables,
/// each with its rule, and its summary says them.
#[test]
fn beth_emeth_7_and_13_no_mushing_and_no_hot_or_cold_wall_are_reminders() {
    let p = Preset::builtin("beth-emeth").unwrap();
    let source = |needle: &str| {
        p.reminders
            .iter()
            .find(|r| r.text.contains(needle))
            .map(|r| r.source.clone())
            .unwrap_or_else(|| panic!("no reminder with {needle:?}"))
    };
    assert_eq!(source("No mushing"), "beth-emeth 7");
    assert_eq!(source("no hot or cold wall"), "beth-emeth 13");
    let summary = p.summary();
    assert!(summary.contains("No mushing"), "{summary}");
    assert!(summary.contains("no hot or cold wall"), "{summary}");
    for other in PRESET_NAMES.iter().filter(|n| **n != "beth-emeth") {
        let o = Preset::builtin(other).unwrap();
        assert!(
            o.reminders.iter().all(|r| !r.text.contains("mushing")),
            "{other} does not say beth-emeth's rule"
        );
    }
}
