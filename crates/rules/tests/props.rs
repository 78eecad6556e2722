//! Property tests: scoring never panics, lines add up, wall games give the
//! preset's wall points, preset files never panic the reader.

use jongg_rules::record::{DeadReason, GameResult, Penalty, PenaltyKind};
use jongg_rules::{GameRecord, PRESET_NAMES, Preset, score};
use jongg_tiles::Seat;
use proptest::prelude::*;

fn presets() -> Vec<Preset> {
    PRESET_NAMES
        .iter()
        .map(|n| Preset::builtin(n).unwrap())
        .collect()
}

fn seat() -> impl Strategy<Value = Seat> {
    (0usize..4).prop_map(Seat::from_index)
}

fn result() -> impl Strategy<Value = GameResult> {
    prop_oneof![
        Just(GameResult::Mahjong),
        Just(GameResult::Wall),
        Just(GameResult::Timeout),
        Just(GameResult::MahjongInError),
        Just(GameResult::MisnamedMahjongClaim),
    ]
}

fn penalty() -> impl Strategy<Value = Penalty> {
    let kind = prop_oneof![
        Just(PenaltyKind::BlindPassPeek),
        Just(PenaltyKind::MisnamedExposureTile),
        Just(PenaltyKind::FalseDeadCall),
        Just(PenaltyKind::HiddenWallTail),
    ];
    (seat(), kind).prop_map(|(seat, kind)| Penalty { seat, kind })
}

prop_compose! {
    /// Any record of the right shape, valid or not (values past the bounds too).
    fn record()(
        result in result(),
        winner in proptest::option::of(seat()),
        value in prop_oneof![0u32..80, any::<u32>()],
        flags in proptest::collection::vec(any::<bool>(), 8),
        discarder in proptest::option::of(seat()),
        exposures in prop_oneof![0u8..5, any::<u8>()],
        declarer in proptest::option::of(seat()),
        exposed in proptest::collection::vec(seat(), 0..4),
        dead in proptest::collection::btree_map(seat(), prop_oneof![Just(DeadReason::Infraction), Just(DeadReason::MahjongInError)], 0..3),
        penalties in proptest::collection::vec(penalty(), 0..20),
    ) -> GameRecord {
        let mut r = GameRecord::new(result);
        r.winner = winner;
        r.value = value;
        r.self_picked = flags[0];
        r.discarder = discarder;
        r.exposures = exposures;
        r.jokerless = flags[1];
        r.singles_and_pairs = flags[2];
        r.quints = flags[3];
        r.one_group_left = flags[4];
        r.heavenly = flags[5] && flags[6];
        r.misnamed = flags[7];
        r.declarer = declarer;
        r.exposed = exposed;
        r.dead = dead;
        r.penalties = penalties;
        r
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Scoring never panics, and when it scores, each seat's points are the
    /// sum of its lines (and the total the sum of all lines).
    #[test]
    fn structured_records_never_panic_and_points_are_the_sum_of_lines(r in record()) {
        for p in presets() {
            if let Ok(s) = score(&p, &r) {
                for seat in Seat::ALL {
                    let sum: i32 = s.lines.iter().filter(|l| l.seat == seat).map(|l| l.points).sum();
                    prop_assert_eq!(s.points[seat], sum);
                }
                let total: i32 = s.points.0.iter().sum();
                prop_assert_eq!(total, s.lines.iter().map(|l| l.points).sum::<i32>());
                // Every line cites a rule.
                prop_assert!(s.lines.iter().all(|l| !l.source.is_empty() && !l.reason.is_empty()));
            }
        }
    }

    /// Records built valid by construction score under every preset (the
    /// checks accept what the contract allows), and the lines add up.
    #[test]
    fn valid_records_score_and_lines_add_up(
        kind in 0u8..4, w in seat(), d in 1usize..4, value in 1u32..200, exposures in 0u8..5,
        flags in proptest::collection::vec(any::<bool>(), 6),
        others_dead in proptest::collection::vec(any::<bool>(), 4),
        pens in proptest::collection::vec((seat(), 0u8..3), 0..6),
        keep_intact in any::<bool>(),
    ) {
        let kinds = [PenaltyKind::BlindPassPeek, PenaltyKind::MisnamedExposureTile, PenaltyKind::HiddenWallTail];
        let discarder = Seat::from_index(w.index() + d);
        let mut r = GameRecord::new(GameResult::Wall);
        r.penalties = pens.iter().map(|&(seat, k)| Penalty { seat, kind: kinds[k as usize] }).collect();
        match kind {
            0 | 1 => {
                r.result = if kind == 0 { GameResult::Wall } else { GameResult::Timeout };
                for s in Seat::ALL {
                    if others_dead[s.index()] {
                        r.dead.insert(s, DeadReason::Infraction);
                    }
                }
            }
            2 => {
                r.result = GameResult::Mahjong;
                r.winner = Some(w);
                r.value = value;
                r.heavenly = flags[0] && flags[1];
                r.self_picked = !r.heavenly && flags[1];
                r.singles_and_pairs = flags[2];
                r.exposures = if r.heavenly || r.singles_and_pairs { 0 } else { exposures };
                r.jokerless = flags[3];
                r.quints = flags[4];
                r.one_group_left = flags[5];
                if !r.self_picked && !r.heavenly {
                    r.discarder = Some(discarder);
                    r.misnamed = flags[4] && flags[5];
                }
                for s in Seat::ALL {
                    if others_dead[s.index()] && s != w && Some(s) != r.discarder {
                        r.dead.insert(s, DeadReason::Infraction);
                    }
                }
            }
            _ => {
                r.result = GameResult::MahjongInError;
                r.declarer = Some(w);
                r.value = value;
                // All others exposed, or all but one.
                r.exposed = Seat::ALL.into_iter().filter(|&s| s != w && !(keep_intact && s == discarder)).collect();
            }
        }
        for p in presets() {
            let scored = score(&p, &r);
            prop_assert!(scored.is_ok(), "{}: {:?} refused: {:?}", p.name, r, scored.err());
            let s = scored.unwrap();
            for seat in Seat::ALL {
                let sum: i32 = s.lines.iter().filter(|l| l.seat == seat).map(|l| l.points).sum();
                prop_assert_eq!(s.points[seat], sum);
            }
        }
    }

    /// A wall game without dead hands or penalties gives every seat the
    /// preset's wall points (standard 13.3 and the like).
    #[test]
    fn a_plain_wall_game_gives_each_seat_the_wall_points(i in 0usize..5) {
        let p = Preset::builtin(PRESET_NAMES[i]).unwrap();
        let s = score(&p, &GameRecord::new(GameResult::Wall)).unwrap();
        for seat in Seat::ALL {
            prop_assert_eq!(s.points[seat], p.scoring.wall_game.points);
        }
    }

    /// R7: time called gives the timeout points (0) to every seat plus only
    /// conduct penalties.
    #[test]
    fn r7_a_timeout_scores_only_conduct_penalties(pens in proptest::collection::vec(penalty(), 0..8), i in 0usize..5) {
        let p = Preset::builtin(PRESET_NAMES[i]).unwrap();
        let mut r = GameRecord::new(GameResult::Timeout);
        r.penalties = pens.clone();
        let s = score(&p, &r).unwrap();
        for seat in Seat::ALL {
            let conduct: i32 = pens.iter().filter(|x| x.seat == seat).map(|x| match x.kind {
                PenaltyKind::BlindPassPeek => p.penalties.blind_pass_peek.points,
                PenaltyKind::MisnamedExposureTile => p.penalties.misnamed_exposure_tile.points,
                PenaltyKind::FalseDeadCall => p.false_dead_call.penalty.points,
                PenaltyKind::HiddenWallTail => p.penalties.hidden_wall_tail.points,
            }).sum();
            prop_assert_eq!(s.points[seat], p.scoring.timeout.points + conduct);
        }
    }

    /// A valid Mah Jongg on a discard: the winner gets at least the card
    /// value, the sum of the others' points is the throw charge (R2: losers
    /// who did not throw score 0).
    #[test]
    fn r2_discard_win_winner_gets_value_and_only_the_discarder_pays(
        w in seat(), d in 1usize..4, value in 1u32..100, exposures in 0u8..5, jokerless: bool, i in 0usize..5,
    ) {
        let p = Preset::builtin(PRESET_NAMES[i]).unwrap();
        let discarder = Seat::from_index(w.index() + d);
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.winner = Some(w);
        r.value = value;
        r.discarder = Some(discarder);
        r.exposures = exposures;
        r.jokerless = jokerless;
        let s = score(&p, &r).unwrap();
        let bonus = if jokerless { p.scoring.jokerless.points } else { 0 };
        prop_assert_eq!(s.points[w], value as i32 + bonus);
        for seat in Seat::ALL {
            if seat != w && seat != discarder {
                prop_assert_eq!(s.points[seat], 0);
            }
        }
        prop_assert!(s.points[discarder] <= 0);
    }

    /// Any JSON text: from_json and score never panic.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Ok(r) = GameRecord::from_json(&text) {
            for p in presets() {
                let _ = score(&p, &r);
            }
        }
    }

    /// JSON objects built from the contract's field names with arbitrary
    /// values: errors name a field, nothing panics.
    #[test]
    fn arbitrary_json_records_never_panic(
        fields in proptest::collection::vec((0usize..17, json_value()), 0..10),
    ) {
        const NAMES: [&str; 17] = ["result", "winner", "value", "self_picked", "discarder", "exposures",
            "jokerless", "singles_and_pairs", "quints", "one_group_left", "heavenly", "misnamed",
            "declarer", "exposed", "dead", "penalties", "bogus"];
        let mut map = serde_json::Map::new();
        for (i, v) in fields {
            map.insert(NAMES[i].to_string(), v);
        }
        let text = serde_json::Value::Object(map).to_string();
        match GameRecord::from_json(&text) {
            Ok(r) => {
                for p in presets() {
                    if let Err(e) = score(&p, &r) {
                        prop_assert!(!e.field.is_empty() && !e.reason.is_empty());
                    }
                }
            }
            Err(e) => prop_assert!(!e.field.is_empty() && !e.reason.is_empty()),
        }
    }

    /// Preset files: any text, and any small change to a base file, never
    /// panics the reader, and errors carry the file label.
    #[test]
    fn preset_reader_never_panics(text in ".{0,120}", key in "[a-z_.]{1,30}", val in "[-0-9a-z\"\\[\\]{}=, ]{0,12}") {
        if let Err(e) = Preset::from_toml(&text, "f.toml") {
            prop_assert_eq!(e.file, "f.toml");
        }
        let file = format!("base = \"standard\"\n{key} = {val}\n");
        if let Err(e) = Preset::from_toml(&file, "g.toml") {
            prop_assert_eq!(e.file, "g.toml");
        }
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (0u64..6).prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        prop_oneof![
            Just("east"),
            Just("south"),
            Just("west"),
            Just("north"),
            Just("mahjong"),
            Just("wall"),
            Just("timeout"),
            Just("mahjong_in_error"),
            Just("misnamed_mahjong_claim"),
            Just("infraction"),
            Just("blind_pass_peek"),
            Just("false_dead_call"),
            Just("x"),
        ]
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("seat".to_string()),
                    Just("kind".to_string()),
                    Just("east".to_string()),
                    Just("north".to_string()),
                    "[a-z]{1,4}"
                ],
                inner,
                0..3
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}
