//! A ruling's points and record lines, worked out from the preset's own
//! values exactly as `score()` uses them (a test holds the two together):
//! one source of truth, so a director who changes
//! `penalties.blind_pass_peek.points` changes the ruling too.

use super::rule::{Conduct, Effect};
use super::ruling::{Award, Party};
use crate::preset::{Points, Preset};
use crate::record::{DeadReason, GameResult, PenaltyKind};

fn award(to: Party, who: &str, rule: &Points, reason: &str) -> Award {
    Award {
        to,
        who: who.to_string(),
        points: rule.points,
        claimed_value_times: 0,
        reason: reason.to_string(),
        when: None,
        source: rule.source.clone(),
    }
}

/// The points of a conduct penalty and its reason, as scoring gives them.
fn conduct_penalty(p: &Preset, kind: PenaltyKind) -> (&Points, &'static str) {
    match kind {
        PenaltyKind::BlindPassPeek => (
            &p.penalties.blind_pass_peek,
            "for looking at a blind-passed tile",
        ),
        PenaltyKind::MisnamedExposureTile => (
            &p.penalties.misnamed_exposure_tile,
            "for mis-naming a discard called for an exposure",
        ),
        PenaltyKind::FalseDeadCall => (
            &p.false_dead_call.penalty,
            "for wrongly declaring a hand dead",
        ),
        PenaltyKind::HiddenWallTail => (
            &p.penalties.hidden_wall_tail,
            "for hiding the tail of the wall",
        ),
    }
}

/// The points of an effect under a preset, as `score()` gives them.
pub(super) fn awards(p: &Preset, subject: &str, e: &Effect) -> Vec<Award> {
    let mut out = Vec::new();
    let when = |a: Award, w: Option<&str>| Award {
        when: w.map(str::to_string),
        ..a
    };
    match e.dead {
        Some(DeadReason::Infraction) => out.push(when(
            award(
                Party::Subject,
                subject,
                &p.scoring.dead_hand,
                "dead hand: stops picking and discarding, no wall points, whatever ends the game",
            ),
            e.when.as_deref(),
        )),
        Some(DeadReason::MahjongInError) => {
            let w = match (&e.when, e.ends_game) {
                (Some(w), _) => Some(w.as_str()),
                (None, Some(GameResult::MahjongInError)) => {
                    Some("two or more hands stay intact and the game goes on")
                }
                (None, _) => None,
            };
            let dead = Points {
                points: 0,
                source: "R6, R8".into(),
            };
            out.push(when(
                award(
                    Party::Subject,
                    subject,
                    &dead,
                    "dead after a Mah Jongg in error: stops picking and discarding, 0 for the game",
                ),
                w,
            ));
        }
        None => {}
    }
    if let Some(kind) = e.penalty {
        let (rule, reason) = conduct_penalty(p, kind);
        let f = &p.false_dead_call;
        if kind == PenaltyKind::FalseDeadCall && f.makes_dead {
            let dead = Points {
                points: 0,
                source: rule.source.clone(),
            };
            out.push(award(
                Party::Subject,
                subject,
                &dead,
                "hand is dead: stops playing and scores 0 for the game",
            ));
            if rule.points != 0 {
                out.push(award(Party::Subject, subject, rule, reason));
            }
        } else if kind == PenaltyKind::FalseDeadCall {
            out.push(award(
                Party::Subject,
                subject,
                rule,
                "for wrongly declaring a hand dead; plays on",
            ));
        } else if rule.points == 0 {
            out.push(award(Party::Subject, subject, rule, "no penalty"));
        } else {
            out.push(award(
                Party::Subject,
                subject,
                rule,
                &format!("{reason}; stands even if time is called (R7)"),
            ));
        }
    }
    match e.ends_game {
        Some(GameResult::Timeout) => out.push(award(
            Party::EveryPlayer,
            "every player",
            &p.scoring.timeout,
            "game not finished: no card value, no wall points, no dead-hand points; conduct penalties stand",
        )),
        Some(GameResult::MahjongInError) => {
            let m = &p.mahjong_in_error;
            let ends = "fewer than two hands stay intact: the game ends";
            out.push(when(
                award(
                    Party::Declarer,
                    "the declarer",
                    &m.declarer,
                    "declared Mah Jongg in error",
                ),
                Some(ends),
            ));
            out.push(when(
                award(
                    Party::Subject,
                    subject,
                    &m.all_exposed_others,
                    "all three other players exposed",
                ),
                Some("all three other players exposed: the game ends"),
            ));
            let exposed_one_left = Points {
                points: 0,
                source: m.declarer.source.clone(),
            };
            out.push(when(
                award(
                    Party::Subject,
                    subject,
                    &exposed_one_left,
                    "exposed after a Mah Jongg in error",
                ),
                Some("exactly one hand stays intact: the game ends"),
            ));
            out.push(Award {
                to: Party::IntactPlayer,
                who: "the player whose hand is intact".into(),
                points: m.one_intact.points,
                claimed_value_times: m.one_intact.claimed_value_times,
                reason: "the only hand intact".into(),
                when: Some("exactly one hand stays intact: the game ends".into()),
                source: m.one_intact.source.clone(),
            });
        }
        Some(GameResult::MisnamedMahjongClaim) => {
            let m = &p.misnamed_discard;
            out.push(award(
                Party::Subject,
                subject,
                &m.claim_discarder,
                "the game ends at once",
            ));
            out.push(award(
                Party::EachOtherPlayer,
                "each other player",
                &m.claim_others,
                "the game ends at once",
            ));
        }
        Some(GameResult::Mahjong | GameResult::Wall) | None => {}
    }
    if e.misnamed_discard {
        let m = &p.misnamed_discard;
        let reason = if m.replaces_throw {
            "in place of the throw penalty; the winner scores the hand as usual"
        } else {
            "on top of the usual throw penalty; the winner scores the hand as usual"
        };
        out.push(award(Party::Subject, subject, &m.winning_tile, reason));
    }
    out
}

/// The effect in plain words, naming the record's fields.
pub(super) fn on_the_record(e: &Effect, subject: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(reason) = e.dead {
        let name = match reason {
            DeadReason::Infraction => "infraction",
            DeadReason::MahjongInError => "mahjong_in_error",
        };
        out.push(format!(
            "{subject}: hand dead (record `dead`: seat -> \"{name}\")"
        ));
    }
    if let Some(kind) = e.penalty {
        out.push(format!(
            "{subject}: a penalty line (record `penalties`: {{seat, kind: \"{}\"}})",
            kind.name()
        ));
    }
    match e.ends_game {
        Some(GameResult::MahjongInError) => out.push(
            "when fewer than two hands stay intact the game ends (record `result`: \"mahjong_in_error\", with `declarer`, `exposed` and the claimed `value`)".into(),
        ),
        Some(GameResult::MisnamedMahjongClaim) => out.push(format!(
            "the game ends (record `result`: \"misnamed_mahjong_claim\", `discarder`: {subject}, `declarer`: the claimer)"
        )),
        Some(r) => out.push(format!("the game ends (record `result`: \"{}\")", r.name())),
        None => {}
    }
    if e.misnamed_discard {
        out.push(format!(
            "the Mah Jongg is recorded as made on a mis-named discard (record `misnamed`: true, `discarder`: {subject})"
        ));
    }
    if let Some(w) = &e.when
        && !out.is_empty()
    {
        out.push(format!("only when {w}"));
    }
    if out.is_empty() {
        out.push("no scoring effect".into());
    }
    out
}

pub(super) fn discipline_text(p: &Preset, conduct: Conduct) -> String {
    let d = &p.discipline;
    match conduct {
        Conduct::Complaint => {
            let sources: Vec<&str> = d.ladder.iter().map(|s| s.source.as_str()).collect();
            format!(
                "a complaint on the player's warning log: {} ({})",
                d.describe_ladder(),
                sources.join("; ")
            )
        }
        Conduct::DiscretionaryPenalty => match &d.discretionary_penalty {
            Some(pen) => format!("a {} ({})", pen.describe(), pen.source),
            None => "no penalty outside the game scores in this preset".into(),
        },
        Conduct::MayDisqualify => {
            let i = &d.immediate_disqualification;
            if i.allowed {
                format!(
                    "may be grounds for immediate disqualification ({})",
                    i.source
                )
            } else {
                format!(
                    "no disqualification at once ({}); the warning ladder applies: {}",
                    i.source,
                    d.describe_ladder()
                )
            }
        }
    }
}
