//! Directors' rules files that change the floor data: they read, or fail
//! naming the file, line and key; nothing panics.

use jongg_rules::floor::{CardYear, Incident, Party, StepAction};
use jongg_rules::record::GameResult;
use jongg_rules::{PRESET_NAMES, Preset, PresetError};
use proptest::prelude::*;

fn load(text: &str) -> Result<Preset, PresetError> {
    Preset::from_toml(text, "club.toml")
}

fn expect_err(text: &str, line: usize, key: &str, words: &str) {
    let e = load(text).expect_err("should fail");
    assert_eq!(
        (e.file.as_str(), e.line, e.key.as_deref()),
        ("club.toml", Some(line), Some(key)),
        "{e}"
    );
    assert!(e.message.contains(words), "{e}");
}

#[test]
fn a_penalty_changed_in_a_file_changes_the_ruling_one_source_of_truth() {
    let p = load("base = \"standard\"\n[penalties]\nblind_pass_peek.points = -20\n").unwrap();
    let r = p.ruling(Incident::BlindPassPeek);
    let a = &r.penalty[0];
    assert_eq!((a.to, a.points), (Party::Subject, -20));
    assert_eq!(a.source, "club.toml line 3");
    // The incident's own text and source are still standard 6's.
    assert_eq!(r.source, "standard 6, R17");
}

#[test]
fn a_single_value_of_an_inherited_ruling_can_change_and_then_cites_the_file() {
    // beth-emeth is silent on hidden tails: it inherits standard 11A (R1).
    let base = Preset::builtin("beth-emeth").unwrap();
    assert!(
        base.ruling(Incident::HiddenWallTail)
            .source
            .starts_with("R1, ")
    );
    let p = load(
        "base = \"beth-emeth\"\n[incidents.hidden_wall_tail]\nruling = \"No tails: push the wall out with every tile in view.\"\n",
    )
    .unwrap();
    let r = p.ruling(Incident::HiddenWallTail);
    assert_eq!(
        r.text,
        "No tails: push the wall out with every tile in view."
    );
    assert_eq!(r.source, "club.toml line 3");
    assert_eq!(r.effect, base.ruling(Incident::HiddenWallTail).effect);
    // A changed effect cites the file too (the incident's `source`).
    let p = load(
        "base = \"standard\"\n[incidents.declared_self_dead]\neffect = { dead = \"infraction\" }\n",
    )
    .unwrap();
    let r = p.ruling(Incident::DeclaredSelfDead);
    assert!(r.hand_dead);
    assert_eq!(r.source, "club.toml line 3");
}

#[test]
fn the_director_settles_the_card_year_and_the_clock_in_a_file() {
    let p = load(
        "base = \"st-louis-senior-olympics\"\n[card]\nreadings = [{ year = 2019, source = \"director, 6a\" }]\n[timing]\nwarning.minutes = 5\n",
    )
    .unwrap();
    assert_eq!(p.card.only().map(|r| r.year), Some(CardYear::Year(2019)));
    assert_eq!(p.timing.warning.minutes, 5);
    assert_eq!(p.timing.warning.source, "club.toml line 5");
    let p = load(
        "base = \"standard\"\n[discipline]\nladder = [{ action = \"warning\", source = \"club 1\" }, { action = \"penalty\", source = \"club 2\" }, { action = \"disqualification\", source = \"club 3\" }]\ndiscretionary_penalty = { name = \"pot penalty\", points = -25, source = \"club 4\" }\n",
    )
    .unwrap();
    let d = p.discipline();
    assert_eq!(d.next_step(1).unwrap().action, StepAction::Penalty);
    assert!(d.describe_ladder().contains("pot penalty of -25 points"));
}

#[test]
fn floor_mistakes_name_file_line_and_key() {
    expect_err(
        "base = \"standard\"\n[incidents.phone_rang]\nruling = \"x\"\n",
        3,
        "incidents.phone_rang.ruling",
        "unknown incident `phone_rang` (known incidents: blind_pass_peek",
    );
    expect_err(
        "base = \"standard\"\n[incidents.picking_ahead]\neffect = { dead = \"sleepy\" }\n",
        3,
        "incidents.picking_ahead.effect.dead",
        "unknown variant `sleepy`",
    );
    expect_err(
        "base = \"standard\"\n[incidents.picking_ahead]\neffect = { ends_game = \"wall\" }\n",
        3,
        "incidents.picking_ahead.effect.ends_game",
        "not how an incident ends a game",
    );
    expect_err(
        "base = \"standard\"\n[incidents.picking_ahead]\neffect = { ends_game = \"misnamed_mahjong_claim\" }\n",
        3,
        "incidents.picking_ahead.effect.ends_game",
        "claim_ends_game",
    );
    // R4: the switch and the incident must agree.
    expect_err(
        "base = \"standard\"\n\n[misnamed_discard]\nclaim_ends_game = true\n",
        4,
        "misnamed_discard.claim_ends_game",
        "must end the game with \"misnamed_mahjong_claim\" (R4): make the two agree",
    );
    expect_err(
        "base = \"standard\"\n[card]\nreadings = [{ year = 26, source = \"x\" }]\n",
        3,
        "card.readings",
        "a card year from 1960 to 2100",
    );
    expect_err(
        "base = \"standard\"\n[card]\nreadings = []\n",
        3,
        "card.readings",
        "at least one",
    );
    expect_err(
        "base = \"beth-emeth\"\n[timing]\nwarning.minutes = 45\n",
        3,
        "timing.warning.minutes",
        "not less than the 45 minutes",
    );
    expect_err(
        "base = \"standard\"\n[sign_off]\ndead_hand_mark.mark = \"cross\"\n",
        3,
        "sign_off.dead_hand_mark.mark",
        "unknown variant `cross`",
    );
    expect_err(
        "base = \"standard\"\n[discipline]\nladder = []\n",
        3,
        "discipline.ladder",
        "at least one step",
    );
    expect_err(
        "base = \"standard\"\n[discipline]\ndiscretionary_penalty.points = 5\n",
        3,
        "discipline.discretionary_penalty.points",
        "not a penalty",
    );
    expect_err(
        "base = \"standard\"\n[incidents.time_called]\nsee_also = [\"time_called\"]\n",
        3,
        "incidents.time_called.see_also",
        "refers to itself",
    );
    expect_err(
        "base = \"standard\"\n[incidents.time_called]\nwhen = \"x\"\n",
        3,
        "incidents.time_called.when",
        "unknown field",
    );
}

#[test]
fn a_full_file_without_incidents_takes_them_from_standard_r1() {
    // A file without `base` must give every value, but silence on an
    // incident is R1's: it takes standard's ruling.
    let text = Preset::builtin_text("beth-emeth").unwrap();
    let cut = text.find("[incidents.").unwrap();
    let p = Preset::from_toml(&text[..cut], "full.toml").unwrap();
    assert_eq!(p.incidents().len(), Incident::ALL.len());
    let r = p.ruling(Incident::MisnamedDiscardExposure);
    assert_eq!(r.source, "R1, standard 15A, 15B, 16B");
    // ... and the points are still beth-emeth PENALTIES' -5.
    assert_eq!(r.penalty[0].points, -5);
    // Without its incidents mahjong-mania-2026's rule 8 switch no longer
    // matches standard's ruling: refused, naming the switch's line (R4).
    let text = Preset::builtin_text("mahjong-mania-2026").unwrap();
    let cut = text.find("[incidents.").unwrap();
    let e = Preset::from_toml(&text[..cut], "full.toml").unwrap_err();
    let line = text
        .lines()
        .position(|l| l == "claim_ends_game = true")
        .unwrap()
        + 1;
    assert_eq!(
        (e.line, e.key.as_deref()),
        (Some(line), Some("misnamed_discard.claim_ends_game")),
        "{e}"
    );
    // A full file must still give the floor sections.
    let cut = text.find("[card]").unwrap();
    let e = Preset::from_toml(&text[..cut], "full.toml").unwrap_err();
    assert!(e.message.contains("missing field `card`"), "{e}");
}

#[test]
fn the_misnamed_claim_switch_and_its_incident_change_together() {
    // A director who ends the game on a failed mis-named claim (as
    // mahjong-mania-2026 rule 8) changes both, and scoring accepts the result.
    let p = load(
        "base = \"standard\"\n[misnamed_discard]\nclaim_ends_game = true\nclaim_discarder = { points = -25, source = \"club 8\" }\n[incidents.misnamed_discard_false_mahjong_claim]\neffect = { ends_game = \"misnamed_mahjong_claim\" }\n",
    )
    .unwrap();
    let r = p.ruling(Incident::MisnamedDiscardFalseMahjongClaim);
    assert_eq!(r.effect.ends_game, Some(GameResult::MisnamedMahjongClaim));
    assert_eq!(r.penalty[0].points, -25);
}

/// Keys of the floor sections a director might set, with a few wrong ones.
fn floor_key() -> impl Strategy<Value = String> {
    let incident = prop_oneof![
        (0..Incident::ALL.len()).prop_map(|i| Incident::ALL[i].id().to_string()),
        Just("phone_rang".to_string()),
    ];
    let field = prop_oneof![
        Just("ruling"),
        Just("source"),
        Just("conduct"),
        Just("see_also"),
        Just("effect"),
        Just("effect.dead"),
        Just("effect.penalty"),
        Just("effect.ends_game"),
        Just("effect.misnamed_discard"),
        Just("effect.when"),
        Just("effect.colour"),
        Just("verdict"),
    ];
    prop_oneof![
        (incident, field).prop_map(|(i, f)| format!("incidents.{i}.{f}")),
        prop_oneof![
            Just("card.readings"),
            Just("card.year"),
            Just("timing.rule.text"),
            Just("timing.warning.minutes"),
            Just("timing.on_time_duty.seat"),
            Just("timing.on_time_duty"),
            Just("sign_off.each_game.seats"),
            Just("sign_off.dead_hand_mark.mark"),
            Just("sign_off.personal_code.required"),
            Just("sign_off.signatures.source"),
            Just("discipline.ladder"),
            Just("discipline.immediate_disqualification.allowed"),
            Just("discipline.discretionary_penalty.points"),
            Just("discipline.discretionary_penalty"),
            Just("misnamed_discard.claim_ends_game"),
            Just("round.minutes"),
        ]
        .prop_map(str::to_string),
    ]
}

/// TOML values, right and wrong for the keys above.
fn toml_value() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("infraction"),
        Just("mahjong_in_error"),
        Just("timeout"),
        Just("wall"),
        Just("misnamed_mahjong_claim"),
        Just("blind_pass_peek"),
        Just("complaint"),
        Just("discretionary_penalty"),
        Just("x"),
        Just("points"),
        Just("east"),
        Just("current"),
        Just("warning"),
        Just("time_called"),
        Just(""),
    ];
    let leaf = prop_oneof![
        word.clone().prop_map(|w| format!("\"{w}\"")),
        (-30i64..3000).prop_map(|n| n.to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
    ];
    prop_oneof![
        leaf.clone(),
        proptest::collection::vec(leaf.clone(), 0..3).prop_map(|v| format!("[{}]", v.join(", "))),
        (word.clone(), leaf.clone())
            .prop_map(|(k, v)| format!("{{ year = {v}, source = \"{k}\" }}")),
        (leaf.clone(), word.clone())
            .prop_map(|(v, k)| format!("[{{ year = {v}, source = \"s {k}\" }}]")),
        (word.clone(), word).prop_map(|(a, b)| {
            format!(
                "[{{ action = \"{a}\", source = \"s\" }}, {{ action = \"{b}\", source = \"t\" }}]"
            )
        }),
        (leaf.clone(), leaf).prop_map(|(a, b)| format!("{{ dead = {a}, when = {b} }}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any director's file overriding floor values reads, giving a ruling
    /// for every incident, or fails naming the file, the line and the key.
    #[test]
    fn director_files_over_the_floor_read_or_name_file_line_and_key(
        base in 0usize..5,
        sets in proptest::collection::vec((floor_key(), toml_value()), 1..4),
    ) {
        let mut text = format!("base = \"{}\"\n", PRESET_NAMES[base]);
        for (k, v) in &sets {
            text.push_str(&format!("{k} = {v}\n"));
        }
        let syntax_ok = text.parse::<toml::Table>().is_ok();
        match Preset::from_toml(&text, "dir.toml") {
            Ok(p) => {
                prop_assert_eq!(p.incidents().len(), Incident::ALL.len());
                for r in p.rulings() {
                    prop_assert!(!r.text.is_empty() && !r.source.is_empty());
                }
                prop_assert!(p.discipline().next_step(3).is_some());
                prop_assert!(!p.summary().is_empty());
            }
            Err(e) => {
                prop_assert_eq!(&e.file, "dir.toml");
                prop_assert!(e.line.is_some(), "{}", e);
                if syntax_ok {
                    prop_assert!(e.key.is_some(), "{}\n{}", e, text);
                    let line = e.line.unwrap();
                    prop_assert!(line >= 2 && line <= sets.len() + 1, "{}\n{}", e, text);
                }
            }
        }
    }

    /// Any text as an incident id: parsed or refused by name, never a panic.
    #[test]
    fn incident_ids_parse_or_are_refused_by_name(s in "[a-z_]{0,40}") {
        match s.parse::<Incident>() {
            Ok(i) => prop_assert_eq!(i.id(), s.as_str()),
            Err(e) => {
                let quoted = format!("`{}`", s);
                prop_assert!(e.to_string().contains(&quoted));
            }
        }
    }
}
