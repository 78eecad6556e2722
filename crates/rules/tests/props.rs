//! Property tests of scoring. Each property states what the rulings require
//! and can fail: exact points taken from the scoring table of RULINGS.md
//! (written out below, not read from the preset files or the scorer), seats
//! that are only names, penalties that add exactly their charge, an empty
//! seat at a table of three that drops out (R12), and nothing that panics.

use jongg_rules::record::{DeadReason, GameResult, Penalty, PenaltyKind};
use jongg_rules::{GameRecord, PRESET_NAMES, Preset, score};
use jongg_tiles::{BySeat, Seat};
use proptest::prelude::*;

/// One column of the scoring table of RULINGS.md ("Scoring at a glance"),
/// with R3, R4, R5 and R8 as they read it.
struct Ruled {
    name: &'static str,
    self_picked: i32,
    jokerless: i32,
    singles_and_pairs: i32,
    wall: i32,
    dead_hand: i32,
    /// Throw to 0, 1, 2, 3 exposures (3 and 4 alike).
    throw: [i32; 4],
    /// R3: the charge for two exposures with one group left / of a Quints hand.
    one_group_left: i32,
    quints: i32,
    /// R4: the mis-named winning discard: `Some(-25)` in place of the
    /// throw, `None` where the throw stands (mahjong-mania-2026).
    misnamed_in_place: Option<i32>,
    misnamed_exposure_tile: i32,
    blind_pass_peek: i32,
    /// R5: `None` where the caller is dead and scores 0; `Some(-10)` where
    /// it is a plain penalty and the caller plays on.
    false_dead_call: Option<i32>,
    hidden_wall_tail: i32,
    /// R8: the one intact hand: fixed points, or times the claimed value.
    intact_points: i32,
    intact_times: i32,
    /// R8: each other player when all hands are exposed.
    all_exposed_others: i32,
}

const RULINGS: [Ruled; 5] = [
    Ruled {
        name: "standard",
        self_picked: 10,
        jokerless: 20,
        singles_and_pairs: 0,
        wall: 10,
        dead_hand: -10,
        throw: [-10, -10, -20, -25],
        one_group_left: -20,
        quints: -20,
        misnamed_in_place: Some(-25),
        misnamed_exposure_tile: 0,
        blind_pass_peek: -10,
        false_dead_call: None,
        hidden_wall_tail: 0,
        intact_points: 10,
        intact_times: 0,
        all_exposed_others: 0,
    },
    Ruled {
        name: "beth-emeth",
        self_picked: 15,
        jokerless: 20,
        singles_and_pairs: 15,
        wall: 10,
        dead_hand: 0,
        throw: [0, 0, -10, -25],
        one_group_left: -25,
        quints: -10,
        misnamed_in_place: Some(-25),
        misnamed_exposure_tile: -5,
        blind_pass_peek: -10,
        false_dead_call: None,
        hidden_wall_tail: 0,
        intact_points: 0,
        intact_times: 2,
        all_exposed_others: 10,
    },
    Ruled {
        name: "mahjong-mania-2026",
        self_picked: 10,
        jokerless: 10,
        singles_and_pairs: 0,
        wall: 10,
        dead_hand: 0,
        throw: [0, 0, -10, -25],
        one_group_left: -10,
        quints: -25,
        misnamed_in_place: None,
        misnamed_exposure_tile: -10,
        blind_pass_peek: -10,
        false_dead_call: Some(-10),
        hidden_wall_tail: -25,
        intact_points: 10,
        intact_times: 0,
        all_exposed_others: 0,
    },
    Ruled {
        name: "mississippi-2025",
        self_picked: 10,
        jokerless: 10,
        singles_and_pairs: 0,
        wall: 10,
        dead_hand: 0,
        throw: [0, 0, -10, -20],
        one_group_left: -10,
        quints: -10,
        misnamed_in_place: Some(-25),
        misnamed_exposure_tile: 0,
        blind_pass_peek: -10,
        false_dead_call: None,
        hidden_wall_tail: 0,
        intact_points: 10,
        intact_times: 0,
        all_exposed_others: 0,
    },
    Ruled {
        name: "st-louis-senior-olympics",
        self_picked: 10,
        jokerless: 20,
        singles_and_pairs: 0,
        wall: 10,
        dead_hand: 0,
        throw: [-10, -10, -20, -25],
        one_group_left: -20,
        quints: -20,
        misnamed_in_place: Some(-25),
        misnamed_exposure_tile: 0,
        blind_pass_peek: -10,
        false_dead_call: None,
        hidden_wall_tail: 0,
        intact_points: 10,
        intact_times: 0,
        all_exposed_others: 0,
    },
];

impl Ruled {
    fn preset(&self) -> Preset {
        Preset::builtin(self.name).unwrap()
    }

    fn throw(&self, exposures: u8, one_group_left: bool, quints: bool) -> i32 {
        let mut charge = self.throw[usize::from(exposures.min(3))];
        if exposures == 2 && one_group_left {
            charge = charge.min(self.one_group_left);
        }
        if exposures == 2 && quints {
            charge = charge.min(self.quints);
        }
        charge
    }

    fn penalty(&self, kind: PenaltyKind) -> i32 {
        match kind {
            PenaltyKind::BlindPassPeek => self.blind_pass_peek,
            PenaltyKind::MisnamedExposureTile => self.misnamed_exposure_tile,
            PenaltyKind::HiddenWallTail => self.hidden_wall_tail,
            PenaltyKind::FalseDeadCall => self.false_dead_call.unwrap_or(0),
        }
    }
}

/// The seats of a table: four, or three without `empty` (R12).
fn seats_of(empty: Option<Seat>) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&s| Some(s) != empty)
        .collect()
}

/// No empty seat, or one of South, West, North (East keeps the sheet, R14).
fn empty_seat() -> impl Strategy<Value = Option<Seat>> {
    prop_oneof![
        Just(None),
        (1usize..4).prop_map(|i| Some(Seat::from_index(i)))
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    (0usize..4).prop_map(Seat::from_index)
}

fn kind() -> impl Strategy<Value = PenaltyKind> {
    prop_oneof![
        Just(PenaltyKind::BlindPassPeek),
        Just(PenaltyKind::MisnamedExposureTile),
        Just(PenaltyKind::FalseDeadCall),
        Just(PenaltyKind::HiddenWallTail),
    ]
}

fn penalty() -> impl Strategy<Value = Penalty> {
    (seat(), kind()).prop_map(|(seat, kind)| Penalty { seat, kind })
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

prop_compose! {
    /// Any record of the right shape, valid or not (values past the bounds too).
    fn any_record()(
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
        empty_seat in proptest::option::of(seat()),
        dealer in seat(),
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
        r.empty_seat = empty_seat;
        r.dealer = Some(dealer);
        r
    }
}

prop_compose! {
    /// A record valid by construction, at a table of four or three: any
    /// result, dead hands, conduct penalties, the rarer Mah Jongg flags.
    fn valid_record()(
        kind in 0u8..5, empty in empty_seat(), w in 0usize..4, d in 0usize..3,
        value in 1u32..200, exposures in 0u8..5,
        flags in proptest::collection::vec(any::<bool>(), 7),
        dead in proptest::collection::vec(any::<bool>(), 4),
        pens in proptest::collection::vec((seat(), kind()), 0..6),
        keep_intact: bool,
    ) -> GameRecord {
        let seats = seats_of(empty);
        let n = seats.len();
        let w = seats[w % n];
        let other = seats[(seats.iter().position(|&s| s == w).unwrap() + 1 + d % (n - 1)) % n];
        let mut r = GameRecord::new(GameResult::Wall);
        r.empty_seat = empty;
        r.penalties = pens.into_iter().filter(|(s, _)| r.seated(*s))
            .map(|(seat, kind)| Penalty { seat, kind }).collect();
        // R5: a caller made dead may not win, throw, claim or declare.
        let free = |r: &GameRecord, s: Seat| !r.penalties.iter().any(|p| p.seat == s && p.kind == PenaltyKind::FalseDeadCall);
        match kind {
            0 | 1 => {
                r.result = if kind == 0 { GameResult::Wall } else { GameResult::Timeout };
                for &s in &seats {
                    if dead[s.index()] {
                        r.dead.insert(s, DeadReason::Infraction);
                    }
                }
            }
            2 => {
                r.penalties.retain(|p| p.kind != PenaltyKind::FalseDeadCall || (p.seat != w && p.seat != other));
                r.result = GameResult::Mahjong;
                r.winner = Some(w);
                r.value = value;
                r.heavenly = flags[0] && flags[1];
                if r.heavenly {
                    r.dealer = Some(w);
                }
                r.self_picked = !r.heavenly && flags[1];
                r.singles_and_pairs = flags[2];
                r.exposures = if r.heavenly || r.singles_and_pairs { 0 } else { exposures };
                r.jokerless = flags[3];
                r.quints = flags[4];
                r.one_group_left = flags[5];
                if !r.self_picked && !r.heavenly {
                    r.discarder = Some(other);
                    r.misnamed = flags[6];
                }
                for &s in &seats {
                    if dead[s.index()] && s != w && Some(s) != r.discarder {
                        r.dead.insert(s, DeadReason::Infraction);
                    }
                }
            }
            3 => {
                r.penalties.retain(|p| p.kind != PenaltyKind::FalseDeadCall);
                r.result = GameResult::MahjongInError;
                r.declarer = Some(w);
                r.value = value;
                // All others exposed, or all but one.
                r.exposed = seats.iter().copied().filter(|&s| s != w && !(keep_intact && s == other)).collect();
            }
            _ => {
                r.penalties.retain(|p| p.kind != PenaltyKind::FalseDeadCall || (p.seat != w && p.seat != other));
                r.result = GameResult::MisnamedMahjongClaim;
                r.discarder = Some(other);
                r.declarer = Some(w);
            }
        }
        debug_assert!(free(&r, w) || r.result == GameResult::Wall || r.result == GameResult::Timeout);
        r
    }
}

/// The same record with every seat moved `k` places to the right.
fn rotated(r: &GameRecord, k: usize) -> GameRecord {
    let turn = |s: Seat| Seat::from_index(s.index() + k);
    let mut out = r.clone();
    out.winner = r.winner.map(turn);
    out.discarder = r.discarder.map(turn);
    out.declarer = r.declarer.map(turn);
    out.exposed = r.exposed.iter().map(|&s| turn(s)).collect();
    out.dead = r.dead.iter().map(|(&s, &why)| (turn(s), why)).collect();
    out.penalties = r
        .penalties
        .iter()
        .map(|p| Penalty {
            seat: turn(p.seat),
            kind: p.kind,
        })
        .collect();
    out.empty_seat = r.empty_seat.map(turn);
    out.dealer = Some(turn(r.dealer()));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// R2, R3, R4, R11 and the throw rows of the table: a Mah Jongg on a
    /// discard at a table of four or three gives the winner the card value
    /// plus the jokerless bonus (not on Singles and Pairs) plus the
    /// Singles-and-Pairs bonus; the discarder exactly the throw charge for
    /// the winner's exposures (R3's heavier charge once; R4's -25 in its
    /// place where the preset says so); every other player exactly 0.
    #[test]
    fn r2_r3_r4_a_discard_win_scores_exactly_the_rulings_table(
        empty in empty_seat(), w in 0usize..4, d in 0usize..3, value in 1u32..200,
        exposures in 0u8..5, jokerless: bool, singles_and_pairs: bool,
        one_group_left: bool, quints: bool, misnamed: bool, i in 0usize..5,
    ) {
        let ruled = &RULINGS[i];
        let seats = seats_of(empty);
        let winner = seats[w % seats.len()];
        let discarder = seats[(w % seats.len() + 1 + d % (seats.len() - 1)) % seats.len()];
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.empty_seat = empty;
        r.winner = Some(winner);
        r.value = value;
        r.discarder = Some(discarder);
        r.singles_and_pairs = singles_and_pairs;
        r.exposures = if singles_and_pairs { 0 } else { exposures };
        r.jokerless = jokerless;
        r.one_group_left = one_group_left;
        r.quints = quints;
        r.misnamed = misnamed;
        let s = score(&ruled.preset(), &r).unwrap();
        let mut want = BySeat([0; 4]);
        want[winner] = value as i32
            + if jokerless && !singles_and_pairs { ruled.jokerless } else { 0 }
            + if singles_and_pairs { ruled.singles_and_pairs } else { 0 };
        let throw = ruled.throw(r.exposures, one_group_left, quints);
        want[discarder] = match ruled.misnamed_in_place {
            Some(charge) if misnamed => charge,
            _ => throw,
        };
        prop_assert_eq!(s.points, want, "{}: {}", ruled.name, r.to_json());
    }

    /// R9, R10, R11: a self-picked win adds the self-picked bonus; a heavenly
    /// hand (only the dealer's, R10) scores the card value and the jokerless
    /// bonus without it. Nobody else scores.
    #[test]
    fn r9_r10_r11_a_win_from_the_wall_or_the_deal_scores_exactly(
        empty in empty_seat(), w in 0usize..4, value in 1u32..200,
        exposures in 0u8..5, jokerless: bool, heavenly: bool, i in 0usize..5,
    ) {
        let ruled = &RULINGS[i];
        let seats = seats_of(empty);
        let winner = seats[w % seats.len()];
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.empty_seat = empty;
        r.winner = Some(winner);
        r.value = value;
        r.jokerless = jokerless;
        if heavenly {
            r.heavenly = true;
            r.dealer = Some(winner);
        } else {
            r.self_picked = true;
            r.exposures = exposures;
        }
        let s = score(&ruled.preset(), &r).unwrap();
        let mut want = BySeat([0; 4]);
        want[winner] = value as i32
            + if heavenly { 0 } else { ruled.self_picked }
            + if jokerless { ruled.jokerless } else { 0 };
        prop_assert_eq!(s.points, want, "{}: {}", ruled.name, r.to_json());
    }

    /// R6, R7, R5 and the penalty rows: a wall game gives each live hand the
    /// wall points, a dead hand its dead-hand points (0 when dead by a Mah
    /// Jongg in error); time called gives 0; each conduct penalty adds its
    /// charge whatever ended the game; a wrong dead call under R5 makes the
    /// caller score 0 for the game.
    #[test]
    fn r5_r6_r7_wall_and_time_score_exactly(
        empty in empty_seat(), timeout: bool,
        dead in proptest::collection::btree_map(seat(), prop_oneof![Just(DeadReason::Infraction), Just(DeadReason::MahjongInError)], 0..3),
        penalties in proptest::collection::vec(penalty(), 0..6), i in 0usize..5,
    ) {
        let ruled = &RULINGS[i];
        let mut r = GameRecord::new(if timeout { GameResult::Timeout } else { GameResult::Wall });
        r.empty_seat = empty;
        r.dead = dead.into_iter().filter(|(s, _)| Some(*s) != empty).collect();
        r.penalties = penalties.into_iter().filter(|p| Some(p.seat) != empty).collect();
        let s = score(&ruled.preset(), &r).unwrap();
        let mut want = BySeat([0; 4]);
        for seat in seats_of(empty) {
            let called_wrongly = r.penalties.iter().any(|p| p.seat == seat && p.kind == PenaltyKind::FalseDeadCall);
            want[seat] = if timeout || (called_wrongly && ruled.false_dead_call.is_none()) {
                0
            } else {
                match r.dead.get(&seat) {
                    Some(DeadReason::Infraction) => ruled.dead_hand,
                    Some(DeadReason::MahjongInError) => 0,
                    None => ruled.wall,
                }
            };
            want[seat] += r.penalties.iter().filter(|p| p.seat == seat).map(|p| ruled.penalty(p.kind)).sum::<i32>();
        }
        prop_assert_eq!(s.points, want, "{}: {}", ruled.name, r.to_json());
    }

    /// R8: a shown false Mah Jongg that leaves at most one hand intact, at a
    /// table of four or three: the declarer and those who exposed score 0,
    /// the one intact hand its award; when every other hand is exposed, each
    /// of them the all-exposed points (beth-emeth +10).
    #[test]
    fn r8_an_error_that_ends_the_game_scores_exactly(
        empty in empty_seat(), d in 0usize..4, keep in 0usize..4, keep_one: bool,
        value in 1u32..200, i in 0usize..5,
    ) {
        let ruled = &RULINGS[i];
        let seats = seats_of(empty);
        let declarer = seats[d % seats.len()];
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != declarer).collect();
        let intact = keep_one.then(|| others[keep % others.len()]);
        let mut r = GameRecord::new(GameResult::MahjongInError);
        r.empty_seat = empty;
        r.declarer = Some(declarer);
        r.value = value;
        r.exposed = others.iter().copied().filter(|&s| Some(s) != intact).collect();
        let s = score(&ruled.preset(), &r).unwrap();
        let mut want = BySeat([0; 4]);
        match intact {
            Some(seat) => want[seat] = ruled.intact_points + ruled.intact_times * value as i32,
            None => {
                for &seat in &others {
                    want[seat] = ruled.all_exposed_others;
                }
            }
        }
        prop_assert_eq!(s.points, want, "{}: {}", ruled.name, r.to_json());
    }

    /// R2, R7: a conduct penalty (other than a wrong dead call, which may
    /// also kill the hand) added to any record that scores changes exactly
    /// its seat's points, by exactly its charge.
    #[test]
    fn r2_r7_a_conduct_penalty_adds_exactly_its_charge_to_its_seat(
        r in valid_record(), seat in seat(),
        kind in prop_oneof![Just(PenaltyKind::BlindPassPeek), Just(PenaltyKind::MisnamedExposureTile), Just(PenaltyKind::HiddenWallTail)],
        i in 0usize..5,
    ) {
        let ruled = &RULINGS[i];
        let preset = ruled.preset();
        let seat = if r.seated(seat) { seat } else { Seat::East };
        // A record valid for the preset (the mis-named claim ends a game only in one).
        let Ok(before) = score(&preset, &r) else {
            prop_assert!(r.result == GameResult::MisnamedMahjongClaim && !preset.misnamed_discard.claim_ends_game);
            return Ok(());
        };
        let mut more = r.clone();
        more.penalties.push(Penalty { seat, kind });
        let after = score(&preset, &more).unwrap();
        let mut want = before.points;
        want[seat] += ruled.penalty(kind);
        prop_assert_eq!(after.points, want, "{}: {}", ruled.name, more.to_json());
    }

    /// Seats are only names: the same record with every seat moved to the
    /// right (winner, discarder, dealer, empty seat, ...) is accepted or
    /// refused alike, and its points move with it.
    #[test]
    fn seats_are_only_names(r in prop_oneof![any_record(), valid_record()], k in 1usize..4, i in 0usize..5) {
        let preset = RULINGS[i].preset();
        let turned = rotated(&r, k);
        match (score(&preset, &r), score(&preset, &turned)) {
            (Ok(a), Ok(b)) => {
                for s in Seat::ALL {
                    prop_assert_eq!(a.points[s], b.points[Seat::from_index(s.index() + k)], "{}", r.to_json());
                }
            }
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "{} then {}: {:?} / {:?}", r.to_json(), turned.to_json(), a.err(), b.err()),
        }
    }

    /// R12: a player who is not there changes nobody's points. A record
    /// that names a seat nowhere scores the same for the others when that
    /// seat is empty (a Mah Jongg in error aside: there the empty seat is
    /// not an intact hand); the empty seat scores 0 with no line.
    #[test]
    fn r12_an_empty_seat_drops_out(r in prop_oneof![any_record(), valid_record()], e in 1usize..4, i in 0usize..5) {
        let preset = RULINGS[i].preset();
        let mut four = r.clone();
        four.empty_seat = None;
        let named = |s: Seat| four.winner == Some(s) || four.discarder == Some(s)
            || four.declarer == Some(s) || four.dealer() == s
            || four.exposed.contains(&s) || four.dead.contains_key(&s)
            || four.penalties.iter().any(|p| p.seat == s);
        // A seat the record names nowhere (not East, who keeps the sheet).
        let Some(empty) = (0..3).map(|k| Seat::from_index(1 + (e + k) % 3)).find(|&s| !named(s)) else {
            return Ok(());
        };
        if four.result == GameResult::MahjongInError {
            return Ok(());
        }
        let mut three = four.clone();
        three.empty_seat = Some(empty);
        match (score(&preset, &four), score(&preset, &three)) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(b.points[empty], 0);
                prop_assert!(b.lines.iter().all(|l| l.seat != empty));
                for s in seats_of(Some(empty)) {
                    prop_assert_eq!(a.points[s], b.points[s], "{}", three.to_json());
                }
            }
            (Err(a), Err(b)) => prop_assert_eq!(a.field, b.field),
            (a, b) => prop_assert!(false, "{}: {:?} / {:?}", three.to_json(), a.err(), b.err()),
        }
    }

    /// R12: a record that names the empty seat anywhere is refused.
    #[test]
    fn r12_a_record_naming_the_empty_seat_is_refused(r in any_record(), i in 0usize..5) {
        let preset = RULINGS[i].preset();
        let Some(empty) = r.empty_seat else { return Ok(()) };
        let named = r.winner == Some(empty) || r.discarder == Some(empty)
            || r.declarer == Some(empty) || r.dealer() == empty
            || r.exposed.contains(&empty) || r.dead.contains_key(&empty)
            || r.penalties.iter().any(|p| p.seat == empty);
        if named {
            prop_assert!(score(&preset, &r).is_err(), "{}", r.to_json());
        }
    }

    /// Any JSON text: from_json and score never panic.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Ok(r) = GameRecord::from_json(&text) {
            for n in PRESET_NAMES {
                let _ = score(&Preset::builtin(n).unwrap(), &r);
            }
        }
    }

    /// JSON objects built from the contract's field names with arbitrary
    /// values: errors name a field and a reason, nothing panics.
    #[test]
    fn arbitrary_json_records_never_panic(
        fields in proptest::collection::vec((0usize..19, json_value()), 0..10),
    ) {
        const NAMES: [&str; 19] = ["result", "winner", "value", "self_picked", "discarder", "exposures",
            "jokerless", "singles_and_pairs", "quints", "one_group_left", "heavenly", "misnamed",
            "declarer", "exposed", "dead", "penalties", "empty_seat", "dealer", "bogus"];
        let mut map = serde_json::Map::new();
        for (i, v) in fields {
            map.insert(NAMES[i].to_string(), v);
        }
        let text = serde_json::Value::Object(map).to_string();
        match GameRecord::from_json(&text) {
            Ok(r) => {
                for n in PRESET_NAMES {
                    if let Err(e) = score(&Preset::builtin(n).unwrap(), &r) {
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

/// The table above names the five presets in their order.
#[test]
fn the_rulings_table_covers_every_preset() {
    let names: Vec<&str> = RULINGS.iter().map(|r| r.name).collect();
    assert_eq!(names, PRESET_NAMES);
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
