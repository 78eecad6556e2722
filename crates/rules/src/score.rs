//! Scoring one game under a preset (R2: everything adds up, nothing doubles).
//!
//! [`score`] first checks the record against the rules (which fields apply to
//! the result, who may be dead, ...) and then writes one [`ScoreLine`] per
//! reason; a seat's points are the sum of its lines. `docs/scoring.md` gives
//! the order of the lines and every reading where the texts are silent.

use crate::preset::{Points, Preset};
use crate::record::{DeadReason, GameRecord, GameResult, PenaltyKind, RecordError};
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most penalties one game may record (a bound, so no sum can overflow).
pub const MAX_PENALTIES: usize = 16;
/// The largest card value a record may give.
pub const MAX_VALUE: u32 = 1000;

/// One reason for points: `west -20 threw to two exposures (standard 13.6)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub seat: Seat,
    pub points: i32,
    pub reason: String,
    /// The rule it comes from, as the preset cites it.
    pub source: String,
}

impl fmt::Display for ScoreLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:+} {} ({})",
            self.seat, self.points, self.reason, self.source
        )
    }
}

/// A scored game: the points of each seat and the lines they add up from.
/// The empty seat of a table of three has 0 points and no line (R12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    pub points: BySeat<i32>,
    pub lines: Vec<ScoreLine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_seat: Option<Seat>,
}

impl Scored {
    /// The points as `{"east": 0, "south": 40, "west": -20, "north": 0}`
    /// (without the empty seat of a table of three).
    pub fn points_json(&self) -> String {
        let parts: Vec<String> = self
            .points
            .iter()
            .filter(|(seat, _)| self.empty_seat != Some(*seat))
            .map(|(seat, p)| format!("\"{seat}\": {p}"))
            .collect();
        format!("{{{}}}", parts.join(", "))
    }
}

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError::new(field, reason))
}

/// Which fields each result uses. A field outside its result must be at its
/// default.
fn applies(result: GameResult, field: &str) -> bool {
    use GameResult::*;
    match field {
        "dead" | "penalties" => true,
        "value" => matches!(result, Mahjong | MahjongInError),
        "declarer" => matches!(result, MahjongInError | MisnamedMahjongClaim),
        "discarder" => matches!(result, Mahjong | MisnamedMahjongClaim),
        "exposed" => result == MahjongInError,
        _ => result == Mahjong,
    }
}

/// The fields of a record that hold a value other than the default.
fn set_fields(r: &GameRecord) -> Vec<&'static str> {
    let flags = [
        ("winner", r.winner.is_some()),
        ("value", r.value != 0),
        ("self_picked", r.self_picked),
        ("discarder", r.discarder.is_some()),
        ("exposures", r.exposures != 0),
        ("jokerless", r.jokerless),
        ("singles_and_pairs", r.singles_and_pairs),
        ("quints", r.quints),
        ("one_group_left", r.one_group_left),
        ("heavenly", r.heavenly),
        ("misnamed", r.misnamed),
        ("declarer", r.declarer.is_some()),
        ("exposed", !r.exposed.is_empty()),
    ];
    flags
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(f, _)| f)
        .collect()
}

/// Seats made dead by a wrong dead call under R5 (when the preset says so).
fn dead_by_false_call(preset: &Preset, r: &GameRecord, seat: Seat) -> bool {
    preset.false_dead_call.makes_dead
        && r.penalties
            .iter()
            .any(|p| p.seat == seat && p.kind == PenaltyKind::FalseDeadCall)
}

/// Why a seat cannot act (win, throw, declare), or `None` when its hand is live.
fn why_dead(preset: &Preset, r: &GameRecord, seat: Seat) -> Option<String> {
    if dead_by_false_call(preset, r, seat) {
        return Some(format!(
            "{seat} wrongly declared a hand dead and is dead ({})",
            preset.false_dead_call.penalty.source
        ));
    }
    match r.dead.get(&seat) {
        Some(DeadReason::Infraction) => Some(format!("{seat}'s hand is dead")),
        Some(DeadReason::MahjongInError) => {
            Some(format!("{seat}'s hand is dead after a Mah Jongg in error"))
        }
        None => None,
    }
}

/// Checks a record against the rules of a preset.
fn validate(preset: &Preset, r: &GameRecord) -> Result<(), RecordError> {
    let result = r.result;
    for field in set_fields(r) {
        if !applies(result, field) {
            return err(
                field,
                format!("does not apply to a `{}` result", result.name()),
            );
        }
    }
    if r.penalties.len() > MAX_PENALTIES {
        return err(
            "penalties",
            format!(
                "{} penalties in one game (at most {MAX_PENALTIES})",
                r.penalties.len()
            ),
        );
    }
    if r.value > MAX_VALUE {
        return err(
            "value",
            format!("{} is not a card value (0 to {MAX_VALUE})", r.value),
        );
    }
    check_seated(r)?;
    match result {
        GameResult::Wall | GameResult::Timeout => Ok(()),
        GameResult::Mahjong => validate_mahjong(preset, r),
        GameResult::MahjongInError => validate_in_error(preset, r),
        GameResult::MisnamedMahjongClaim => validate_misnamed_claim(preset, r),
    }
}

/// R12: at a table of three no field may name the empty seat.
fn check_seated(r: &GameRecord) -> Result<(), RecordError> {
    let Some(empty) = r.empty_seat else {
        return Ok(());
    };
    let mut named: Vec<(String, Seat)> = Vec::new();
    let one = [
        ("winner", r.winner),
        ("discarder", r.discarder),
        ("declarer", r.declarer),
        ("dealer", Some(r.dealer())),
    ];
    named.extend(
        one.into_iter()
            .filter_map(|(f, s)| s.map(|s| (f.to_string(), s))),
    );
    named.extend(
        r.exposed
            .iter()
            .enumerate()
            .map(|(i, &s)| (format!("exposed[{i}]"), s)),
    );
    named.extend(r.dead.keys().map(|&s| (format!("dead.{s}"), s)));
    named.extend(
        r.penalties
            .iter()
            .enumerate()
            .map(|(i, p)| (format!("penalties[{i}].seat"), p.seat)),
    );
    match named.into_iter().find(|(_, s)| *s == empty) {
        Some((field, _)) => err(
            field,
            format!("{empty} is the empty seat at this table of three: nobody plays there (R12)"),
        ),
        None => Ok(()),
    }
}

fn validate_mahjong(preset: &Preset, r: &GameRecord) -> Result<(), RecordError> {
    let Some(winner) = r.winner else {
        return err("winner", "missing: a Mah Jongg needs the winner's seat");
    };
    if r.heavenly && winner != r.dealer() {
        return err(
            "heavenly",
            format!(
                "{winner} did not deal this game ({} did): only the dealer's fourteen dealt \
                 tiles can be a heavenly hand (R10; give `dealer` if {winner} dealt, R12)",
                r.dealer()
            ),
        );
    }
    if let Some(why) = why_dead(preset, r, winner) {
        return err("winner", format!("{why}: a dead hand cannot win (R5, R6)"));
    }
    if r.value == 0 {
        return err(
            "value",
            "missing: a Mah Jongg needs the card value of the winning hand",
        );
    }
    if r.exposures > 4 {
        return err("exposures", format!("{} is not 0 to 4", r.exposures));
    }
    if r.heavenly && r.exposures > 0 {
        return err("exposures", "a heavenly hand has no exposures (R10)");
    }
    if r.singles_and_pairs && r.exposures > 0 {
        return err(
            "exposures",
            "a Singles and Pairs hand is concealed: it has no exposures",
        );
    }
    if r.heavenly && r.self_picked {
        return err(
            "self_picked",
            "a heavenly hand is not self-picked (R10): leave self_picked out",
        );
    }
    if r.self_picked || r.heavenly {
        let how = if r.heavenly {
            "heavenly"
        } else {
            "self-picked"
        };
        if r.discarder.is_some() {
            return err("discarder", format!("does not apply to a {how} Mah Jongg"));
        }
        if r.misnamed {
            return err(
                "misnamed",
                format!("does not apply to a {how} Mah Jongg (no discard)"),
            );
        }
        return Ok(());
    }
    let Some(discarder) = r.discarder else {
        return err(
            "discarder",
            "missing: a Mah Jongg on a discard needs the discarder (or self_picked: true)",
        );
    };
    if discarder == winner {
        return err(
            "discarder",
            format!("{discarder} is the winner: nobody throws to themselves"),
        );
    }
    if let Some(why) = why_dead(preset, r, discarder) {
        return err("discarder", format!("{why}: a dead hand does not discard"));
    }
    Ok(())
}

fn validate_in_error(preset: &Preset, r: &GameRecord) -> Result<(), RecordError> {
    let Some(declarer) = r.declarer else {
        return err("declarer", "missing: who declared Mah Jongg in error");
    };
    if dead_by_false_call(preset, r, declarer)
        || r.dead.get(&declarer) == Some(&DeadReason::Infraction)
    {
        return err(
            "declarer",
            format!("{declarer}'s hand was already dead: it cannot declare"),
        );
    }
    for (i, &seat) in r.exposed.iter().enumerate() {
        let at = format!("exposed[{i}]");
        if seat == declarer {
            return err(
                at,
                format!("{seat} is the declarer: list only the other players who exposed"),
            );
        }
        if r.exposed[..i].contains(&seat) {
            return err(at, format!("{seat} is listed twice"));
        }
        if dead_by_false_call(preset, r, seat) || r.dead.get(&seat) == Some(&DeadReason::Infraction)
        {
            return err(
                at,
                format!("{seat}'s hand was already dead: it did not expose because of the error"),
            );
        }
    }
    let intact: Vec<Seat> = intact_seats(preset, r, declarer);
    if intact.len() >= 2 {
        let names: Vec<&str> = intact.iter().map(|s| s.name()).collect();
        return err(
            "exposed",
            format!(
                "{} hands are still intact ({}): the game goes on and is no end of a game (R8)",
                intact.len(),
                names.join(", ")
            ),
        );
    }
    Ok(())
}

/// After a Mah Jongg in error: the seated players neither the declarer, nor
/// exposed, nor dead (the empty seat of a table of three holds no hand, R12).
fn intact_seats(preset: &Preset, r: &GameRecord, declarer: Seat) -> Vec<Seat> {
    r.seats()
        .filter(|&s| {
            s != declarer
                && !r.exposed.contains(&s)
                && !r.dead.contains_key(&s)
                && !dead_by_false_call(preset, r, s)
        })
        .collect()
}

fn validate_misnamed_claim(preset: &Preset, r: &GameRecord) -> Result<(), RecordError> {
    if !preset.misnamed_discard.claim_ends_game {
        return err(
            "result",
            format!(
                "`misnamed_mahjong_claim` does not apply under preset `{}`: there a mis-named \
                 discard that does not complete the hand does not end the game (R4)",
                preset.name
            ),
        );
    }
    let Some(discarder) = r.discarder else {
        return err("discarder", "missing: who mis-named the discard");
    };
    let Some(declarer) = r.declarer else {
        return err("declarer", "missing: who claimed the mis-named discard");
    };
    if declarer == discarder {
        return err(
            "declarer",
            format!("{declarer} is the discarder: nobody claims their own discard"),
        );
    }
    if let Some(why) = why_dead(preset, r, discarder) {
        return err("discarder", format!("{why}: a dead hand does not discard"));
    }
    if let Some(why) = why_dead(preset, r, declarer) {
        return err("declarer", format!("{why}: a dead hand does not claim"));
    }
    Ok(())
}

/// Lines being written for one game.
struct Lines(Vec<ScoreLine>);

impl Lines {
    fn add(&mut self, seat: Seat, points: i32, reason: impl Into<String>, source: &str) {
        self.0.push(ScoreLine {
            seat,
            points,
            reason: reason.into(),
            source: source.to_string(),
        });
    }
    fn rule(&mut self, seat: Seat, rule: &Points, reason: impl Into<String>) {
        self.add(seat, rule.points, reason, &rule.source);
    }
}

/// Scores one game under a preset: points per seat and the lines they add
/// up from. The record is checked first; the error names the field.
pub fn score(preset: &Preset, record: &GameRecord) -> Result<Scored, RecordError> {
    validate(preset, record)?;
    let r = record;
    let mut lines = Lines(Vec::new());
    for seat in r.seats() {
        game_lines(preset, r, seat, &mut lines);
    }
    for p in &r.penalties {
        let pen = &preset.penalties;
        let (rule, reason) = match p.kind {
            PenaltyKind::BlindPassPeek => (&pen.blind_pass_peek, "looked at a blind-passed tile"),
            PenaltyKind::MisnamedExposureTile => (
                &pen.misnamed_exposure_tile,
                "mis-named a discard called for an exposure",
            ),
            PenaltyKind::FalseDeadCall => (
                &preset.false_dead_call.penalty,
                "wrongly declared another hand dead",
            ),
            PenaltyKind::HiddenWallTail => (&pen.hidden_wall_tail, "hid the tail of the wall"),
        };
        lines.rule(p.seat, rule, reason);
    }
    let mut points = BySeat([0i32; 4]);
    for line in &lines.0 {
        points[line.seat] += line.points;
    }
    Ok(Scored {
        points,
        lines: lines.0,
        empty_seat: r.empty_seat,
    })
}

/// The lines of one seat for how the game ended (conduct penalties apart).
fn game_lines(preset: &Preset, r: &GameRecord, seat: Seat, lines: &mut Lines) {
    let s = &preset.scoring;
    if r.result == GameResult::Timeout {
        lines.rule(seat, &s.timeout, "game not finished in time");
        return;
    }
    if dead_by_false_call(preset, r, seat) {
        lines.add(
            seat,
            0,
            "dead for wrongly declaring a hand dead: 0 for the game",
            &preset.false_dead_call.penalty.source,
        );
        return;
    }
    if r.result == GameResult::MahjongInError {
        in_error_lines(preset, r, seat, lines);
        return;
    }
    match r.dead.get(&seat) {
        Some(DeadReason::Infraction) => {
            lines.rule(seat, &s.dead_hand, "dead hand");
            return;
        }
        Some(DeadReason::MahjongInError) => {
            lines.add(seat, 0, "dead after a Mah Jongg in error", "R6, R8");
            return;
        }
        None => {}
    }
    match r.result {
        GameResult::Wall => lines.rule(seat, &s.wall_game, "wall game"),
        GameResult::Mahjong => mahjong_lines(preset, r, seat, lines),
        GameResult::MisnamedMahjongClaim => {
            let m = &preset.misnamed_discard;
            if r.discarder == Some(seat) {
                lines.rule(
                    seat,
                    &m.claim_discarder,
                    "mis-named a discard claimed for Mah Jongg that it did not complete",
                );
            } else {
                lines.rule(seat, &m.claim_others, "game ended by a mis-named discard");
            }
        }
        GameResult::Timeout | GameResult::MahjongInError => {}
    }
}

fn mahjong_lines(preset: &Preset, r: &GameRecord, seat: Seat, lines: &mut Lines) {
    let s = &preset.scoring;
    if r.winner == Some(seat) {
        let value = i32::try_from(r.value.min(MAX_VALUE)).unwrap_or(0);
        lines.add(seat, value, "card value", &s.card_value.source);
        if r.heavenly {
            if s.heavenly.self_picked_bonus {
                lines.rule(
                    seat,
                    &s.self_picked,
                    "heavenly hand, counted as self-picked",
                );
            } else {
                lines.add(
                    seat,
                    0,
                    "heavenly hand: no self-picked bonus",
                    &s.heavenly.source,
                );
            }
        } else if r.self_picked {
            lines.rule(seat, &s.self_picked, "self-picked");
        }
        if r.jokerless && r.singles_and_pairs {
            lines.add(
                seat,
                0,
                "no jokerless bonus on Singles and Pairs",
                &s.jokerless.source,
            );
        } else if r.jokerless {
            lines.rule(seat, &s.jokerless, "jokerless");
        }
        if r.singles_and_pairs && s.singles_and_pairs.points != 0 {
            lines.rule(seat, &s.singles_and_pairs, "Singles and Pairs hand");
        }
        return;
    }
    let discard_win = !r.self_picked && !r.heavenly;
    if !(discard_win && r.discarder == Some(seat)) {
        lines.add(seat, 0, "did not win or throw the winning tile", "R2");
        return;
    }
    let t = &preset.throw;
    let (rule, reason) = match r.exposures {
        0 => (&t.exposures_0, "threw to no exposures".to_string()),
        1 => (&t.exposures_1, "threw to one exposure".to_string()),
        2 => {
            let mut pick = (&t.exposures_2, "threw to two exposures");
            if r.one_group_left && t.exposures_2_one_group_left.points < pick.0.points {
                pick = (
                    &t.exposures_2_one_group_left,
                    "threw to two exposures, one group left",
                );
            }
            if r.quints && t.exposures_2_quints.points < pick.0.points {
                pick = (
                    &t.exposures_2_quints,
                    "threw to two exposures of a Quints hand",
                );
            }
            (pick.0, pick.1.to_string())
        }
        n => (
            &t.exposures_3_or_4,
            format!(
                "threw to {} exposures",
                if n == 3 { "three" } else { "four" }
            ),
        ),
    };
    let m = &preset.misnamed_discard;
    if r.misnamed && m.replaces_throw {
        lines.rule(
            seat,
            &m.winning_tile,
            "mis-named the winning discard (in place of the throw penalty)",
        );
    } else {
        lines.rule(seat, rule, reason);
        if r.misnamed {
            lines.rule(seat, &m.winning_tile, "mis-named the winning discard");
        }
    }
}

fn in_error_lines(preset: &Preset, r: &GameRecord, seat: Seat, lines: &mut Lines) {
    let m = &preset.mahjong_in_error;
    let Some(declarer) = r.declarer else {
        return;
    };
    if seat == declarer {
        lines.rule(seat, &m.declarer, "declared Mah Jongg in error and exposed");
        return;
    }
    let intact = intact_seats(preset, r, declarer);
    if r.exposed.contains(&seat) {
        if intact.is_empty() {
            lines.rule(
                seat,
                &m.all_exposed_others,
                "exposed after a Mah Jongg in error, all hands exposed",
            );
        } else {
            lines.add(
                seat,
                0,
                "exposed after a Mah Jongg in error",
                &m.declarer.source,
            );
        }
        return;
    }
    match r.dead.get(&seat) {
        Some(DeadReason::Infraction) => {
            lines.rule(seat, &preset.scoring.dead_hand, "dead hand");
            return;
        }
        Some(DeadReason::MahjongInError) => {
            lines.add(
                seat,
                0,
                "dead after an earlier Mah Jongg in error",
                "R6, R8",
            );
            return;
        }
        None => {}
    }
    // The one intact hand (validation allows at most one).
    let award = &m.one_intact;
    let value = i32::try_from(r.value.min(MAX_VALUE)).unwrap_or(0);
    let times = i32::try_from(award.claimed_value_times.min(10)).unwrap_or(0);
    let points = award.points + times * value;
    let reason = if times > 0 {
        format!("only hand intact after a Mah Jongg in error ({times} x the claimed value {value})")
    } else {
        "only hand intact after a Mah Jongg in error".to_string()
    };
    lines.add(seat, points, reason, &award.source);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Penalty;

    fn standard() -> Preset {
        Preset::builtin("standard").unwrap()
    }

    #[test]
    fn standard_13_6_lines_name_the_rule() {
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.winner = Some(Seat::South);
        r.value = 40;
        r.discarder = Some(Seat::West);
        r.exposures = 2;
        let s = score(&standard(), &r).unwrap();
        let shown: Vec<String> = s.lines.iter().map(|l| l.to_string()).collect();
        assert!(shown.contains(&"south +40 card value (standard 13)".to_string()));
        assert!(shown.contains(&"west -20 threw to two exposures (standard 13.6)".to_string()));
        assert_eq!(
            s.points_json(),
            r#"{"east": 0, "south": 40, "west": -20, "north": 0}"#
        );
    }

    #[test]
    fn r5_wrong_dead_call_is_dead_only_where_the_preset_says() {
        let mut r = GameRecord::new(GameResult::Wall);
        r.penalties.push(Penalty {
            seat: Seat::North,
            kind: PenaltyKind::FalseDeadCall,
        });
        assert!(dead_by_false_call(&standard(), &r, Seat::North));
        let mania = Preset::builtin("mahjong-mania-2026").unwrap();
        assert!(!dead_by_false_call(&mania, &r, Seat::North));
    }

    #[test]
    fn fields_apply_to_their_results_only() {
        assert!(applies(GameResult::Mahjong, "exposures"));
        assert!(!applies(GameResult::Wall, "exposures"));
        assert!(applies(GameResult::MahjongInError, "value"));
        assert!(applies(GameResult::MisnamedMahjongClaim, "declarer"));
        assert!(!applies(GameResult::MisnamedMahjongClaim, "exposed"));
        assert!(applies(GameResult::Timeout, "penalties"));
    }

    /// A Mah Jongg in error by East with South and West exposed: North is
    /// the one intact hand, so the record is complete.
    fn in_error_by_east() -> GameRecord {
        let mut r = GameRecord::new(GameResult::MahjongInError);
        r.declarer = Some(Seat::East);
        r.value = 30;
        r.exposed = vec![Seat::South, Seat::West];
        r
    }

    fn false_dead_call(seat: Seat) -> Penalty {
        Penalty {
            seat,
            kind: PenaltyKind::FalseDeadCall,
        }
    }

    fn field_refused(preset: &Preset, r: &GameRecord) -> String {
        score(preset, r).expect_err("the record is refused").field
    }

    #[test]
    fn a_hand_already_dead_cannot_declare_mahjong_in_error_r5_r6() {
        assert!(score(&standard(), &in_error_by_east()).is_ok());
        let mut dead = in_error_by_east();
        dead.dead.insert(Seat::East, DeadReason::Infraction);
        assert_eq!(field_refused(&standard(), &dead), "declarer");
        // R5: a wrong dead call makes the caller dead where the preset says so.
        let mut caller = in_error_by_east();
        caller.penalties.push(false_dead_call(Seat::East));
        assert_eq!(field_refused(&standard(), &caller), "declarer");
        let mania = Preset::builtin("mahjong-mania-2026").unwrap();
        assert!(score(&mania, &caller).is_ok());
    }

    #[test]
    fn a_dead_hand_is_not_listed_as_exposed_after_mahjong_in_error_r8() {
        let mut dead = in_error_by_east();
        dead.dead.insert(Seat::West, DeadReason::Infraction);
        assert_eq!(field_refused(&standard(), &dead), "exposed[1]");
        let mut caller = in_error_by_east();
        caller.penalties.push(false_dead_call(Seat::West));
        assert_eq!(field_refused(&standard(), &caller), "exposed[1]");
        let mut twice = in_error_by_east();
        twice.exposed = vec![Seat::South, Seat::South];
        assert_eq!(field_refused(&standard(), &twice), "exposed[1]");
        let mut declarer = in_error_by_east();
        declarer.exposed = vec![Seat::South, Seat::East];
        assert_eq!(field_refused(&standard(), &declarer), "exposed[1]");
    }

    #[test]
    fn penalties_and_card_value_are_bounded_inclusively() {
        let mut most = GameRecord::new(GameResult::Wall);
        most.penalties = vec![
            Penalty {
                seat: Seat::East,
                kind: PenaltyKind::BlindPassPeek,
            };
            MAX_PENALTIES
        ];
        assert!(score(&standard(), &most).is_ok());
        let mut one_more = most.clone();
        one_more.penalties.push(most.penalties[0]);
        assert_eq!(field_refused(&standard(), &one_more), "penalties");

        let mut highest = GameRecord::new(GameResult::Mahjong);
        highest.winner = Some(Seat::South);
        highest.self_picked = true;
        highest.value = MAX_VALUE;
        let scored = score(&standard(), &highest).unwrap();
        let value = scored.lines.iter().find(|l| l.reason == "card value");
        assert_eq!(value.map(|l| l.points), Some(MAX_VALUE as i32));
        let mut over = highest.clone();
        over.value = MAX_VALUE + 1;
        assert_eq!(field_refused(&standard(), &over), "value");
    }

    fn line_of(s: &Scored, seat: Seat) -> (i32, String) {
        let line = s.lines.iter().find(|l| l.seat == seat).unwrap();
        (line.points, line.reason.clone())
    }

    #[test]
    fn a_throw_to_three_or_four_exposures_says_how_many_standard_13_7() {
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.winner = Some(Seat::South);
        r.value = 30;
        r.discarder = Some(Seat::West);
        for (exposures, said) in [(3, "three"), (4, "four")] {
            r.exposures = exposures;
            let s = score(&standard(), &r).unwrap();
            let reason = format!("threw to {said} exposures");
            assert_eq!(line_of(&s, Seat::West), (-25, reason));
        }
    }

    #[test]
    fn the_one_intact_hand_says_when_it_gets_times_the_claimed_value_r8() {
        let r = in_error_by_east();
        let beth = Preset::builtin("beth-emeth").unwrap();
        let reason = "only hand intact after a Mah Jongg in error";
        let twice = format!("{reason} (2 x the claimed value 30)");
        assert_eq!(
            line_of(&score(&beth, &r).unwrap(), Seat::North),
            (60, twice)
        );
        let fixed = line_of(&score(&standard(), &r).unwrap(), Seat::North);
        assert_eq!(fixed, (10, reason.to_string()));
    }

    #[test]
    fn a_throw_to_two_exposures_costs_the_larger_of_the_penalties_that_apply_r3() {
        let mut r = GameRecord::new(GameResult::Mahjong);
        r.winner = Some(Seat::South);
        r.value = 40;
        r.discarder = Some(Seat::West);
        r.exposures = 2;
        r.quints = true;
        // mahjong-mania-2026: -25 for a Quints hand, -10 otherwise.
        let mania = Preset::builtin("mahjong-mania-2026").unwrap();
        let quints = "threw to two exposures of a Quints hand".to_string();
        assert_eq!(
            line_of(&score(&mania, &r).unwrap(), Seat::West),
            (-25, quints)
        );
        // beth-emeth: -25 for one group left, only -10 for a Quints hand.
        r.one_group_left = true;
        let beth = Preset::builtin("beth-emeth").unwrap();
        let left = "threw to two exposures, one group left".to_string();
        assert_eq!(line_of(&score(&beth, &r).unwrap(), Seat::West), (-25, left));
        // standard: the same -20 for every hand, so the plain reason.
        let plain = "threw to two exposures".to_string();
        assert_eq!(
            line_of(&score(&standard(), &r).unwrap(), Seat::West),
            (-20, plain)
        );
    }
}
