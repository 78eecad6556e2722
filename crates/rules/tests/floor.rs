//! The floor sections of each preset (issue 14): discipline, the event's
//! card, the clock, sign-off, tables of three, and how `jongg rules show`
//! tells them. Every case names the rule it checks.

use jongg_rules::floor::{CardYear, DeadHandMark, Incident, SignWhen, StepAction};
use jongg_rules::record::GameResult;
use jongg_rules::{PRESET_NAMES, Preset};
use jongg_tiles::Seat::{self, *};

fn preset(name: &str) -> Preset {
    Preset::builtin(name).unwrap_or_else(|| panic!("{name} reads"))
}

#[test]
fn discipline_ladders_standard_2a_2b_and_st_louis_note() {
    for name in PRESET_NAMES {
        let p = preset(name);
        let d = p.discipline();
        // standard 2A: first complaint, asked to refrain; 2B: second, disqualified (R1 elsewhere).
        assert_eq!(
            d.next_step(0).unwrap().action,
            StepAction::Warning,
            "{name}"
        );
        assert_eq!(
            d.next_step(1).unwrap().action,
            StepAction::Disqualification,
            "{name}"
        );
        assert_eq!(
            d.next_step(7).unwrap().action,
            StepAction::Disqualification,
            "{name}"
        );
        assert!(
            d.next_step(0).unwrap().source.contains("standard 2A"),
            "{name}"
        );
        // standard 27: arguing with the director, immediate disqualification.
        assert!(d.immediate_disqualification.allowed, "{name}");
        // standard 2C or st-louis-senior-olympics NOTE: a penalty outside the game scores, no size in any text.
        let pen = d.discretionary_penalty.as_ref().unwrap();
        assert_eq!(pen.points, None, "{name}: no text gives a size");
    }
    let pen = preset("st-louis-senior-olympics")
        .discipline
        .discretionary_penalty
        .unwrap();
    assert_eq!(pen.name, "pot penalty");
    assert_eq!(pen.source, "st-louis-senior-olympics NOTE");
    assert_eq!(
        preset("standard")
            .discipline
            .discretionary_penalty
            .unwrap()
            .source,
        "standard 2C"
    );
}

#[test]
fn the_card_year_of_each_preset() {
    let only = |n: &str| {
        let c = preset(n).card;
        let r = c.only().unwrap().clone();
        (r.year, r.source)
    };
    // standard 1, 13: "the current" NMJL card.
    assert_eq!(
        only("standard"),
        (CardYear::Current, "standard 1, 13".into())
    );
    // beth-emeth 6: "the current card".
    assert_eq!(
        only("beth-emeth"),
        (CardYear::Current, "beth-emeth 6".into())
    );
    // mahjong-mania-2026 rule 1: the 2026 card.
    assert_eq!(only("mahjong-mania-2026").0, CardYear::Year(2026));
    assert!(only("mahjong-mania-2026").1.contains("rule 1"));
    // mississippi-2025 "Tournament Rules": the NMJL 2025 card.
    assert_eq!(only("mississippi-2025").0, CardYear::Year(2025));
    // st-louis-senior-olympics: 2022 in the heading, 2019 in 6a; the director chooses.
    let c = preset("st-louis-senior-olympics").card;
    assert!(c.needs_choice());
    let years: Vec<(CardYear, &str)> = c
        .readings
        .iter()
        .map(|r| (r.year, r.source.as_str()))
        .collect();
    assert_eq!(
        years,
        [
            (CardYear::Year(2022), "st-louis-senior-olympics heading"),
            (CardYear::Year(2019), "st-louis-senior-olympics 6a")
        ]
    );
    assert!(c.choose(CardYear::Year(2019)).is_ok());
    assert!(c.choose(CardYear::Current).is_err());
}

#[test]
fn the_clock_of_each_preset() {
    let t = |n: &str| preset(n).timing;
    // standard 23: about an hour a round.
    assert!(t("standard").rule.source.contains("standard 23"));
    // st-louis-senior-olympics 6i: the timer.
    assert_eq!(
        t("st-louis-senior-olympics").rule.source,
        "st-louis-senior-olympics 6i"
    );
    // mississippi-2025: "East is to make sure the game finishes on time".
    let m = t("mississippi-2025");
    assert_eq!(m.on_time_duty.as_ref().map(|d| d.seat), Some(East));
    assert!(m.on_time_duty.unwrap().source.contains("mississippi-2025"));
    // mahjong-mania-2026 SCORING d: "the designated time".
    assert!(t("mahjong-mania-2026").rule.source.contains("SCORING d"));
    for name in PRESET_NAMES {
        let timing = t(name);
        // No text gives a warning time: jongg's default, below the round's length.
        assert_eq!(timing.warning.minutes, 10, "{name}");
        assert!(timing.warning.source.contains("jongg's default"), "{name}");
        assert!(timing.warning.minutes < preset(name).round.minutes);
        if name != "mississippi-2025" {
            assert!(timing.on_time_duty.is_none(), "{name}");
        }
        // R7: a game open at time called ends with the `timeout` result.
        let r = preset(name).ruling(Incident::TimeCalled);
        assert_eq!(r.effect.ends_game, Some(GameResult::Timeout), "{name}");
        assert!(r.source.contains("R7"), "{name}");
    }
}

fn signers(name: &str, when: SignWhen) -> Vec<(Seat, Vec<Seat>)> {
    preset(name)
        .signatures()
        .into_iter()
        .filter(|s| s.when == when)
        .map(|s| (s.signer, s.scores_of))
        .collect()
}

#[test]
fn r14_sign_off_east_signs_where_every_player_must() {
    // mahjong-mania-2026 "Tournament Format": all players sign; West verifies and signs for East.
    let mania = signers("mahjong-mania-2026", SignWhen::EachRound);
    assert!(
        mania.contains(&(East, vec![East])),
        "East's own signature: {mania:?}"
    );
    assert!(mania.contains(&(West, vec![East])));
    assert_eq!(mania.len(), 5);
    assert!(signers("mahjong-mania-2026", SignWhen::EachGame).is_empty());
    // mississippi-2025 "Tournament Scoring": East signs after each game; every player at the
    // end of the round; West signs for East.
    assert_eq!(
        signers("mississippi-2025", SignWhen::EachGame),
        [(East, Seat::ALL.to_vec())]
    );
    let miss = signers("mississippi-2025", SignWhen::EachRound);
    assert!(miss.contains(&(East, vec![East])) && miss.contains(&(West, vec![East])));
    // standard 4, st-louis-senior-olympics 5b: East-West and North-South initial each other's.
    for name in ["standard", "beth-emeth", "st-louis-senior-olympics"] {
        let s = signers(name, SignWhen::EachRound);
        assert_eq!(
            s,
            [
                (East, vec![West]),
                (South, vec![North]),
                (West, vec![East]),
                (North, vec![South])
            ],
            "{name}"
        );
    }
}

#[test]
fn st_louis_6e_6j_mark_a_dead_hand_with_x() {
    let s = preset("st-louis-senior-olympics").sign_off;
    assert_eq!(s.dead_hand_mark.mark, DeadHandMark::X);
    assert_eq!(s.dead_hand_mark.source, "st-louis-senior-olympics 6e, 6j");
    assert_eq!(s.dead_hand_cell(0), "X");
    // standard 14: a dead hand is written as its points (-10).
    let s = preset("standard").sign_off;
    assert_eq!(s.dead_hand_cell(-10), "-10");
    for name in PRESET_NAMES {
        assert!(
            !preset(name).sign_off.personal_code.required,
            "{name}: no text asks for a code"
        );
    }
}

#[test]
fn r12_standard_3a_tables_of_three_are_shown_with_their_source() {
    for name in PRESET_NAMES {
        let notes = preset(name).three_player_notes();
        assert_eq!(notes.len(), 2, "{name}");
        assert_eq!(notes[0].text, "No Charleston at a table of three.");
        assert_eq!(
            notes[1].text,
            "Before game 4 the three players roll the dice again for East."
        );
        assert!(
            notes
                .iter()
                .all(|n| n.source.contains("3A") && n.source.contains("R12"))
        );
        let summary = preset(name).summary();
        assert!(summary.contains("At a table of three:"), "{name}");
        assert!(summary.contains("roll the dice again for East"), "{name}");
    }
}

#[test]
fn the_summary_shows_the_floor_briefly() {
    let s = preset("st-louis-senior-olympics").summary();
    assert!(
        s.contains("the 2022 NMJL card (st-louis-senior-olympics heading) or the 2019 NMJL card"),
        "{s}"
    );
    assert!(
        s.contains("A dead hand is written as X on the sheet"),
        "{s}"
    );
    assert!(s.contains("pot penalty"), "{s}");
    assert!(
        s.contains("Every clock warns 10 minutes before time is called"),
        "{s}"
    );
    let s = preset("mississippi-2025").summary();
    assert!(s.contains("East also signs after each game"), "{s}");
    assert!(
        s.contains("East at each table makes sure each game finishes on time"),
        "{s}"
    );
    // The rulings themselves are not dumped into `rules show`.
    assert!(!s.contains("Picking ahead"), "{s}");
    assert!(s.lines().count() < 90, "{} lines", s.lines().count());
}
