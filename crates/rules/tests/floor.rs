//! The floor data of each preset (issue 14): incidents and their rulings,
//! discipline, the event's card, the clock, sign-off, tables of three. Every
//! case names the rule it checks.

use jongg_rules::floor::{CardYear, Conduct, DeadHandMark, Incident, Party, SignWhen, StepAction};
use jongg_rules::record::{DeadReason, GameResult, Penalty, PenaltyKind};
use jongg_rules::{GameRecord, PRESET_NAMES, Preset, Ruling, score};
use jongg_tiles::Seat::{self, *};

fn preset(name: &str) -> Preset {
    Preset::builtin(name).unwrap_or_else(|| panic!("{name} reads"))
}

fn ruling(name: &str, id: &str) -> Ruling {
    preset(name).ruling(id.parse().unwrap())
}

/// The points the ruling gives its subject with no condition attached (or
/// the first condition when every line has one).
fn subject_points(r: &Ruling) -> Option<i32> {
    let subject: Vec<_> = r
        .penalty
        .iter()
        .filter(|a| a.to == Party::Subject)
        .collect();
    subject
        .iter()
        .find(|a| a.when.is_none() || r.effect.when.is_some())
        .or(subject.first())
        .map(|a| a.points)
}

#[test]
fn every_preset_rules_on_every_incident_with_a_cited_source() {
    for name in PRESET_NAMES {
        let p = preset(name);
        assert_eq!(
            p.incidents(),
            Incident::ALL.to_vec(),
            "{name}: R1 fills the gaps"
        );
        for r in p.rulings() {
            let at = format!("{name} {}", r.incident);
            assert!(!r.text.trim().is_empty(), "{at}");
            // A seed rule of this preset or of standard (R1), or a ruling.
            let s = &r.source;
            assert!(
                s.starts_with(name) || s.starts_with("standard ") || s.starts_with('R'),
                "{at}: source `{s}`"
            );
            assert!(!r.on_the_record.is_empty(), "{at}");
            assert_eq!(r.is_scoring_matter(), !r.effect.is_none(), "{at}");
        }
    }
}

/// Whether a text states a number of points ("-10", "+10", "25 points").
fn states_points(text: &str) -> bool {
    let b = text.as_bytes();
    let signed = b
        .windows(2)
        .any(|w| (w[0] == b'-' || w[0] == b'+') && w[1].is_ascii_digit());
    let words: Vec<&str> = text.split_whitespace().collect();
    let counted = words.windows(2).any(|w| {
        w[0].chars().all(|c| c.is_ascii_digit()) && w[1].trim_end_matches(['.', ',']) == "points"
    });
    signed || counted
}

#[test]
fn ruling_texts_never_state_points_so_the_preset_values_decide() {
    assert!(states_points("is penalized -10 at the end"));
    assert!(states_points("loses 25 points."));
    assert!(!states_points("a hand must hold 13 tiles; game 4"));
    for name in PRESET_NAMES {
        for r in preset(name).rulings() {
            assert!(!states_points(&r.text), "{name} {}: {}", r.incident, r.text);
        }
    }
}

#[test]
fn r1_silent_texts_take_the_standard_ruling_and_say_so() {
    let std = preset("standard");
    for name in PRESET_NAMES {
        let p = preset(name);
        for i in Incident::ALL {
            let (mine, theirs) = (p.ruling(i), std.ruling(i));
            if mine.source.starts_with("R1, ") {
                assert_eq!(mine.source, format!("R1, {}", theirs.source), "{name} {i}");
                assert_eq!(mine.text, theirs.text, "{name} {i}");
                assert_eq!(mine.effect, theirs.effect, "{name} {i}");
            }
        }
    }
    // st-louis-senior-olympics says nothing on Mah Jongg in error: standard 17 (R1, R8).
    let r = ruling("st-louis-senior-olympics", "mahjong_in_error_exposed");
    assert_eq!(r.source, "R1, standard 17B, 17C, 17E, R8");
    // beth-emeth is silent on picking from the wrong end of the wall: standard 10 (R1).
    assert_eq!(
        ruling("beth-emeth", "wrong_end_of_wall").source,
        "R1, standard 10"
    );
    // standard inherits nothing.
    assert!(std.rulings().iter().all(|r| !r.source.starts_with("R1")));
}

/// Hand-checked: (preset, incident, subject's hand dead, subject's points,
/// how the game ends, a rule the source must cite).
type Case = (
    &'static str,
    &'static str,
    bool,
    Option<i32>,
    Option<GameResult>,
    &'static str,
);

const KEY_CASES: &[Case] = &[
    // standard 6: -10 for looking at a stolen tile.
    (
        "standard",
        "blind_pass_peek",
        false,
        Some(-10),
        None,
        "standard 6",
    ),
    // standard 7B, 14A: dead for picking ahead; a dead hand scores -10 (standard 14, R6).
    (
        "standard",
        "picking_ahead",
        true,
        Some(-10),
        None,
        "standard 7B",
    ),
    // standard 10: dead for the wrong end of the wall (unless found late).
    (
        "standard",
        "wrong_end_of_wall",
        true,
        Some(-10),
        None,
        "standard 10",
    ),
    // standard 11A: nobody penalized for a hidden tail.
    (
        "standard",
        "hidden_wall_tail",
        false,
        Some(0),
        None,
        "standard 11A",
    ),
    // standard 15B: no penalty to the discarder of a mis-named exposure tile.
    (
        "standard",
        "misnamed_discard_exposure",
        false,
        Some(0),
        None,
        "standard 15B",
    ),
    // standard 13.8, 15C; R4: -25 to the discarder of a mis-named winning tile.
    (
        "standard",
        "misnamed_discard_mahjong",
        false,
        Some(-25),
        None,
        "standard 15C",
    ),
    // standard 17A: no penalty for a verbal Mah Jongg in error.
    (
        "standard",
        "mahjong_in_error_verbal",
        false,
        None,
        None,
        "standard 17A",
    ),
    // standard 17B; R6, R8: exposed in error, dead with 0 (not -10).
    (
        "standard",
        "mahjong_in_error_exposed",
        true,
        Some(0),
        None,
        "standard 17B",
    ),
    // standard 17D; R8: others threw in: the game may end.
    (
        "standard",
        "mahjong_in_error_others_exposed",
        true,
        Some(0),
        Some(GameResult::MahjongInError),
        "standard 17D",
    ),
    // standard 14F; R5: the wrong caller is dead and scores 0.
    (
        "standard",
        "false_dead_call",
        true,
        Some(0),
        None,
        "standard 14F",
    ),
    // standard 14E: you may not declare yourself dead.
    (
        "standard",
        "declared_self_dead",
        false,
        None,
        None,
        "standard 14E",
    ),
    // standard 13.4; R7: time called, 0 for everyone.
    (
        "standard",
        "time_called",
        false,
        None,
        Some(GameResult::Timeout),
        "standard 13.4",
    ),
    // standard 18: a claimed tile put in the rack.
    (
        "standard",
        "claimed_tile_racked",
        true,
        Some(-10),
        None,
        "standard 18",
    ),
    // standard 14C, 19A: a joker exchanged before picking.
    (
        "standard",
        "joker_exchange_before_picking",
        true,
        Some(-10),
        None,
        "standard 19A",
    ),
    // beth-emeth 8 (R1, standard 6): -10 for looking.
    (
        "beth-emeth",
        "blind_pass_peek",
        false,
        Some(-10),
        None,
        "beth-emeth 8",
    ),
    // beth-emeth PENALTIES: -5 for mis-naming a tile called for an exposure.
    (
        "beth-emeth",
        "misnamed_discard_exposure",
        false,
        Some(-5),
        None,
        "beth-emeth PENALTIES",
    ),
    // beth-emeth 9 (R1, standard 7B): dead for picking ahead; a dead hand scores 0 (beth-emeth SCORING).
    (
        "beth-emeth",
        "picking_ahead",
        true,
        Some(0),
        None,
        "beth-emeth 9",
    ),
    // beth-emeth MAH JONGG IN ERROR; R5: "your hand is dead".
    (
        "beth-emeth",
        "false_dead_call",
        true,
        Some(0),
        None,
        "beth-emeth MAH JONGG IN ERROR",
    ),
    // beth-emeth MAH JONGG IN ERROR: an incorrect exposure not corrected before the discard.
    (
        "beth-emeth",
        "incorrect_exposure",
        true,
        Some(0),
        None,
        "beth-emeth MAH JONGG IN ERROR",
    ),
    // beth-emeth 11, 12 (R16): a covered tile is dead, but a joker does not cover.
    (
        "beth-emeth",
        "covered_discard_claimed",
        false,
        None,
        None,
        "beth-emeth 11, 12",
    ),
    // beth-emeth: no time rule of its own, standard 13.4 (R1, R7).
    (
        "beth-emeth",
        "time_called",
        false,
        None,
        Some(GameResult::Timeout),
        "R1, standard 13.4",
    ),
    // mahjong-mania-2026 rule 4: -10 for looking in either Charleston.
    (
        "mahjong-mania-2026",
        "blind_pass_peek",
        false,
        Some(-10),
        None,
        "mahjong-mania-2026 rule 4",
    ),
    // mahjong-mania-2026 rule 5: dead for picking out of turn; dead scores 0 (SCORING c).
    (
        "mahjong-mania-2026",
        "picking_out_of_turn",
        true,
        Some(0),
        None,
        "mahjong-mania-2026 rule 5",
    ),
    // mahjong-mania-2026 rule 8: -10 to the mis-caller of a tile needed for an exposure.
    (
        "mahjong-mania-2026",
        "misnamed_discard_exposure",
        false,
        Some(-10),
        None,
        "mahjong-mania-2026 rule 8",
    ),
    // mahjong-mania-2026 rule 8: calling a mis-named tile and exposing: dead.
    (
        "mahjong-mania-2026",
        "misnamed_discard_exposed_in_reliance",
        true,
        Some(0),
        None,
        "mahjong-mania-2026 rule 8",
    ),
    // mahjong-mania-2026 rule 8; R4: the actual Mah Jongg tile: no extra penalty.
    (
        "mahjong-mania-2026",
        "misnamed_discard_mahjong",
        false,
        Some(0),
        None,
        "mahjong-mania-2026 rule 8",
    ),
    // mahjong-mania-2026 rule 8; R4: not the Mah Jongg tile: -25, the game ends.
    (
        "mahjong-mania-2026",
        "misnamed_discard_false_mahjong_claim",
        false,
        Some(-25),
        Some(GameResult::MisnamedMahjongClaim),
        "mahjong-mania-2026 rule 8",
    ),
    // mahjong-mania-2026 rule 13; R5: -10 for a wrong dead call, and plays on.
    (
        "mahjong-mania-2026",
        "false_dead_call",
        false,
        Some(-10),
        None,
        "mahjong-mania-2026 rule 13",
    ),
    // mahjong-mania-2026 rule 14: -25 to the player who pushed the wall with hidden tiles.
    (
        "mahjong-mania-2026",
        "hidden_wall_tail",
        false,
        Some(-25),
        None,
        "mahjong-mania-2026 rule 14",
    ),
    // mahjong-mania-2026 rule 13e: more or less than 13 tiles: dead.
    (
        "mahjong-mania-2026",
        "wrong_tile_count",
        true,
        Some(0),
        None,
        "mahjong-mania-2026 rule 13e",
    ),
    // mahjong-mania-2026 rule 2: a wrong count before the first discard: thrown in, no penalty.
    (
        "mahjong-mania-2026",
        "wrong_tile_count_before_first_discard",
        false,
        None,
        None,
        "mahjong-mania-2026 rule 2",
    ),
    // mahjong-mania-2026 SCORING d; R7.
    (
        "mahjong-mania-2026",
        "time_called",
        false,
        None,
        Some(GameResult::Timeout),
        "mahjong-mania-2026 SCORING d",
    ),
    // mississippi-2025 "Tournament Rules": a mis-named discard called for Mahjong: the discarder -25 (R4).
    (
        "mississippi-2025",
        "misnamed_discard_mahjong",
        false,
        Some(-25),
        None,
        "mississippi-2025 Tournament Rules",
    ),
    // mississippi-2025 "Tournament Rules": exposing on what you hear: dead; "Any dead hand scores 0".
    (
        "mississippi-2025",
        "misnamed_discard_exposed_in_reliance",
        true,
        Some(0),
        None,
        "mississippi-2025 Tournament Rules",
    ),
    // mississippi-2025 "Tournament Rules": the wrong end and looked: dead.
    (
        "mississippi-2025",
        "wrong_end_of_wall",
        true,
        Some(0),
        None,
        "mississippi-2025 Tournament Rules",
    ),
    // mississippi-2025 "Tournament Rules": a called tile racked in front: dead.
    (
        "mississippi-2025",
        "claimed_tile_racked",
        true,
        Some(0),
        None,
        "mississippi-2025 Tournament Rules",
    ),
    // mississippi-2025 "Tournament Rules" (R1, R5): a wrong dead call makes the caller dead.
    (
        "mississippi-2025",
        "false_dead_call",
        true,
        Some(0),
        None,
        "R5",
    ),
    // mississippi-2025 "Scorekeeping"; R7: time up, 0 for everyone.
    (
        "mississippi-2025",
        "time_called",
        false,
        None,
        Some(GameResult::Timeout),
        "mississippi-2025 Scorekeeping",
    ),
    // st-louis-senior-olympics 2c, 7d: -10 for looking at a blind tile.
    (
        "st-louis-senior-olympics",
        "blind_pass_peek",
        false,
        Some(-10),
        None,
        "st-louis-senior-olympics 2c, 7d",
    ),
    // st-louis-senior-olympics 3a: dead for picking ahead; 6e: a dead hand scores 0.
    (
        "st-louis-senior-olympics",
        "picking_ahead",
        true,
        Some(0),
        None,
        "st-louis-senior-olympics 3a",
    ),
    // st-louis-senior-olympics 1d, 7f: more or less than 13 tiles: dead.
    (
        "st-louis-senior-olympics",
        "wrong_tile_count",
        true,
        Some(0),
        None,
        "st-louis-senior-olympics 1d, 7f",
    ),
    // st-louis-senior-olympics 3f, 7g: a called tile placed in the rack: dead.
    (
        "st-louis-senior-olympics",
        "claimed_tile_racked",
        true,
        Some(0),
        None,
        "st-louis-senior-olympics 3f, 7g",
    ),
    // st-louis-senior-olympics 7h: the wrong end of the wall: dead.
    (
        "st-louis-senior-olympics",
        "wrong_end_of_wall",
        true,
        Some(0),
        None,
        "st-louis-senior-olympics 7h",
    ),
    // st-louis-senior-olympics is silent on mis-named winning discards: -25 (R1, R4).
    (
        "st-louis-senior-olympics",
        "misnamed_discard_mahjong",
        false,
        Some(-25),
        None,
        "R1, standard 13.8",
    ),
    // st-louis-senior-olympics 6i; R7: the timer sounds, all score 0.
    (
        "st-louis-senior-olympics",
        "time_called",
        false,
        None,
        Some(GameResult::Timeout),
        "st-louis-senior-olympics 6i",
    ),
];

/// Whether `source` cites `want` ("standard 7B" is cited by "standard 7A, 7B, 14A").
fn cites_rule(source: &str, want: &str) -> bool {
    if source.contains(want) {
        return true;
    }
    let Some((doc, rule)) = want.rsplit_once(' ') else {
        return false;
    };
    source.contains(doc) && source.split([',', ' ']).any(|t| t == rule)
}

#[test]
fn key_incidents_of_each_preset_rule_as_their_texts_say() {
    assert!(cites_rule("standard 7A, 7B, 14A", "standard 7B"));
    assert!(!cites_rule("standard 7A, 7C", "standard 7B"));
    for &(name, id, dead, points, ends, cites) in KEY_CASES {
        let r = ruling(name, id);
        let at = format!("{name} {id}");
        assert_eq!(r.hand_dead, dead, "{at}: hand dead");
        assert_eq!(subject_points(&r), points, "{at}: {:#?}", r.penalty);
        assert_eq!(r.effect.ends_game, ends, "{at}: end of game");
        assert!(
            cites_rule(&r.source, cites),
            "{at}: `{}` cites {cites}",
            r.source
        );
    }
    // Every preset has cases above.
    for name in PRESET_NAMES {
        assert!(
            KEY_CASES.iter().filter(|c| c.0 == name).count() >= 6,
            "{name}"
        );
    }
}

#[test]
fn r8_mahjong_in_error_ending_the_game_pays_as_each_text_says() {
    let intact = |name: &str| {
        ruling(name, "mahjong_in_error_others_exposed")
            .penalty
            .into_iter()
            .find(|a| a.to == Party::IntactPlayer)
            .map(|a| (a.points, a.claimed_value_times))
            .unwrap()
    };
    // standard 17D: one hand intact, that player +10.
    assert_eq!(intact("standard"), (10, 0));
    // mahjong-mania-2026 SCORING e: the one who did not expose, 10 points.
    assert_eq!(intact("mahjong-mania-2026"), (10, 0));
    // beth-emeth MAH JONGG IN ERROR: double the value of the incorrect hand.
    assert_eq!(intact("beth-emeth"), (0, 2));
    // beth-emeth MAH JONGG IN ERROR: every player exposed, the others score 10.
    let all = ruling("beth-emeth", "mahjong_in_error_others_exposed");
    let others = all
        .penalty
        .iter()
        .find(|a| {
            a.when
                .as_deref()
                .is_some_and(|w| w.starts_with("all three"))
        })
        .unwrap();
    assert_eq!(others.points, 10);
}

#[test]
fn the_misnamed_claim_that_ends_the_game_is_mahjong_mania_only_r4() {
    for name in PRESET_NAMES {
        let r = ruling(name, "misnamed_discard_false_mahjong_claim");
        let ends = r.effect.ends_game == Some(GameResult::MisnamedMahjongClaim);
        assert_eq!(ends, name == "mahjong-mania-2026", "{name}");
        if ends {
            // mahjong-mania-2026 rule 8: -25 to the mis-caller, +10 to each of the other three.
            let others = r.penalty.iter().find(|a| a.to == Party::EachOtherPlayer);
            assert_eq!(others.map(|a| a.points), Some(10));
        } else {
            // standard 15B: no penalty; the claim is a Mah Jongg in error (17A, 17B).
            assert!(r.penalty.is_empty(), "{name}");
            assert!(
                r.see_also.contains(&Incident::MahjongInErrorExposed),
                "{name}"
            );
        }
    }
}

#[test]
fn conduct_incidents_point_to_the_discipline_of_the_preset() {
    for name in PRESET_NAMES {
        let r = ruling(name, "discourteous_conduct");
        assert_eq!(r.conduct, Some(Conduct::Complaint), "{name}");
        // standard 2A, 2B (R1 elsewhere): a warning first, then disqualification.
        let d = r.discipline.unwrap();
        assert!(
            d.contains("first a warning") && d.contains("then disqualification"),
            "{d}"
        );
        let r = ruling(name, "argument_with_director");
        assert_eq!(r.conduct, Some(Conduct::MayDisqualify), "{name}");
        assert!(
            r.discipline.as_ref().unwrap().contains("standard 27"),
            "{name}: standard 27 (R1)"
        );
        assert!(!r.is_scoring_matter(), "{name}");
    }
    // st-louis-senior-olympics NOTE: disturbing players still playing, a pot penalty.
    let r = ruling("st-louis-senior-olympics", "disturbing_after_round");
    assert!(r.discipline.unwrap().contains("pot penalty"));
    // standard 2C: "may be penalized", size not given.
    let r = ruling("standard", "disturbing_after_round");
    assert!(
        r.discipline
            .unwrap()
            .contains("at the director's discretion")
    );
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

// ---- the ruling's points are what scoring gives -------------------------

fn wall_with(f: impl FnOnce(&mut GameRecord)) -> GameRecord {
    let mut r = GameRecord::new(GameResult::Wall);
    f(&mut r);
    r
}

/// For every preset and incident with a scoring effect, the effect written
/// on a record (the subject at East) scores exactly the ruling's points.
#[test]
fn ruling_points_agree_with_scoring_under_every_preset() {
    for name in PRESET_NAMES {
        let p = preset(name);
        for r in p.rulings().into_iter().filter(Ruling::is_scoring_matter) {
            let at = format!("{name} {}", r.incident);
            let award = |to: Party, when: Option<&str>| {
                r.penalty
                    .iter()
                    .filter(|a| a.to == to)
                    .find(|a| {
                        when.is_none_or(|w| a.when.as_deref().is_some_and(|x| x.starts_with(w)))
                    })
                    .unwrap_or_else(|| panic!("{at}: no {to:?} award"))
                    .clone()
            };
            let subject_sum: i32 = r
                .penalty
                .iter()
                .filter(|a| a.to == Party::Subject)
                .map(|a| a.points)
                .sum();
            let e = &r.effect;
            let wall = p.scoring.wall_game.points;
            if e.misnamed_discard {
                let mut rec = GameRecord::new(GameResult::Mahjong);
                rec.winner = Some(South);
                rec.value = 30;
                rec.discarder = Some(East);
                rec.exposures = 2;
                rec.misnamed = true;
                let s = score(&p, &rec).unwrap();
                let throw = if p.misnamed_discard.replaces_throw {
                    0
                } else {
                    p.throw.exposures_2.points
                };
                assert_eq!(s.points[East], subject_sum + throw, "{at}");
                assert_eq!(s.points[South], 30, "{at}");
                continue;
            }
            match e.ends_game {
                Some(GameResult::Timeout) => {
                    let s = score(&p, &GameRecord::new(GameResult::Timeout)).unwrap();
                    let every = award(Party::EveryPlayer, None).points;
                    assert!(Seat::ALL.iter().all(|&x| s.points[x] == every), "{at}");
                }
                Some(GameResult::MisnamedMahjongClaim) => {
                    let mut rec = GameRecord::new(GameResult::MisnamedMahjongClaim);
                    rec.discarder = Some(East);
                    rec.declarer = Some(South);
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(s.points[East], subject_sum, "{at}");
                    let others = award(Party::EachOtherPlayer, None).points;
                    assert!(
                        [South, West, North].iter().all(|&x| s.points[x] == others),
                        "{at}"
                    );
                }
                Some(GameResult::MahjongInError) => {
                    // All three others exposed (East among them), North declared.
                    let mut rec = GameRecord::new(GameResult::MahjongInError);
                    rec.declarer = Some(North);
                    rec.value = 30;
                    rec.exposed = vec![East, South, West];
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(s.points[North], award(Party::Declarer, None).points, "{at}");
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("all three")).points,
                        "{at}"
                    );
                    // One hand intact (West).
                    rec.exposed = vec![East, South];
                    let s = score(&p, &rec).unwrap();
                    let i = award(Party::IntactPlayer, None);
                    assert_eq!(
                        s.points[West],
                        i.points + 30 * i.claimed_value_times as i32,
                        "{at}"
                    );
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("exactly one")).points,
                        "{at}"
                    );
                    // Two or more intact: the game goes on, the exposer dead.
                    let rec = wall_with(|r| {
                        r.dead.insert(East, DeadReason::MahjongInError);
                    });
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("two or more")).points,
                        "{at}"
                    );
                }
                Some(other) => panic!("{at}: ends with {other:?}"),
                None => {
                    let mut rec = GameRecord::new(GameResult::Wall);
                    if let Some(d) = e.dead {
                        rec.dead.insert(East, d);
                    }
                    if let Some(kind) = e.penalty {
                        rec.penalties.push(Penalty { seat: East, kind });
                    }
                    let s = score(&p, &rec).unwrap();
                    let live_wall = if r.hand_dead { 0 } else { wall };
                    assert_eq!(
                        s.points[East],
                        live_wall + subject_sum,
                        "{at}: {:#?}",
                        s.lines
                    );
                    assert_eq!(
                        r.hand_dead,
                        e.dead.is_some() || kind_kills(&p, e.penalty),
                        "{at}"
                    );
                }
            }
        }
    }
}

fn kind_kills(p: &Preset, kind: Option<PenaltyKind>) -> bool {
    kind == Some(PenaltyKind::FalseDeadCall) && p.false_dead_call.makes_dead
}

/// The incidents each text speaks to itself (hand-listed from the texts);
/// every other incident is the `standard` ruling by R1.
#[test]
fn each_preset_rules_itself_where_its_text_speaks_and_by_r1_elsewhere() {
    let own: [(&str, &[&str]); 4] = [
        // beth-emeth 7-12, PENALTIES, MAH JONGG IN ERROR, REDEEMING JOKERS, the closing rule,
        // and "Director's ruling will be final".
        (
            "beth-emeth",
            &[
                "blind_pass_peek",
                "second_charleston_stop",
                "picking_ahead",
                "picking_out_of_turn",
                "discarding_before_picking",
                "covered_discard_claimed",
                "misnamed_discard_exposure",
                "misnamed_discard_exposed_in_reliance",
                "incorrect_exposure",
                "joker_exchange_refused",
                "misnamed_discard_mahjong",
                "mahjong_in_error_verbal",
                "mahjong_in_error_exposed",
                "mahjong_in_error_others_exposed",
                "false_dead_call",
                "argument_with_director",
            ],
        ),
        // mahjong-mania-2026 rules 2-14, SCORING d-e, PENALTIES and its closing lines.
        (
            "mahjong-mania-2026",
            &[
                "blind_pass_peek",
                "second_charleston_stop",
                "discard_before_east",
                "wrong_tile_count_before_first_discard",
                "picking_ahead",
                "picking_out_of_turn",
                "discarding_before_picking",
                "wrong_end_of_wall",
                "hidden_wall_tail",
                "wrong_tile_count",
                "misnamed_discard_exposure",
                "misnamed_discard_exposed_in_reliance",
                "discard_claimed_after_next_pick",
                "competing_claims",
                "claim_withdrawn",
                "claimed_tile_racked",
                "incorrect_exposure",
                "joker_exchange_before_picking",
                "joker_exchange_refused",
                "misnamed_discard_mahjong",
                "misnamed_discard_false_mahjong_claim",
                "mahjong_in_error_verbal",
                "mahjong_in_error_exposed",
                "mahjong_in_error_others_exposed",
                "mahjong_hand_not_displayed",
                "false_dead_call",
                "time_called",
                "argument_with_director",
                "score_change_after_submission",
            ],
        ),
        // mississippi-2025 "Tournament Rules", "Tournament Scoring", "Scorekeeping"; its
        // verbal Mah Jongg in error is R8's reading of that text.
        (
            "mississippi-2025",
            &[
                "blind_pass_peek",
                "second_charleston_stop",
                "discard_before_east",
                "wrong_end_of_wall",
                "misnamed_discard_exposure",
                "misnamed_discard_exposed_in_reliance",
                "discard_claimed_after_next_pick",
                "competing_claims",
                "claim_withdrawn",
                "claimed_tile_racked",
                "incorrect_exposure",
                "joker_exchange_before_picking",
                "joker_exchange_refused",
                "misnamed_discard_mahjong",
                "mahjong_in_error_verbal",
                "mahjong_in_error_exposed",
                "mahjong_in_error_others_exposed",
                "mahjong_hand_not_displayed",
                "false_dead_call",
                "time_called",
                "discourteous_conduct",
                "argument_with_director",
                "score_change_after_submission",
            ],
        ),
        // st-louis-senior-olympics 1d-1e, 2c, 3a-3f, 4b, 5e, 6i, 7d-7i, the heading and the NOTE.
        (
            "st-louis-senior-olympics",
            &[
                "blind_pass_peek",
                "discard_before_east",
                "picking_ahead",
                "picking_out_of_turn",
                "wrong_end_of_wall",
                "wrong_tile_count",
                "discard_claimed_after_next_pick",
                "competing_claims",
                "claim_withdrawn",
                "claimed_tile_racked",
                "time_called",
                "discourteous_conduct",
                "argument_with_director",
                "disturbing_after_round",
                "score_change_after_submission",
            ],
        ),
    ];
    for (name, ids) in own {
        let p = preset(name);
        for r in p.rulings() {
            let is_own = ids.contains(&r.incident.id());
            assert_eq!(
                !r.source.starts_with("R1, "),
                is_own,
                "{name} {}: `{}`",
                r.incident,
                r.source
            );
            if is_own {
                // Its own ruling cites its own text first, or a ruling that reads it.
                assert!(
                    r.source.starts_with(name) || r.source.starts_with("R8"),
                    "{name} {}",
                    r.incident
                );
            }
        }
    }
}
