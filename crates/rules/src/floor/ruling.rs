//! A ruling: an incident's rule under a preset, with the penalty worked out
//! from the preset's own values (one source of truth: a director who changes
//! `penalties.blind_pass_peek.points` changes the ruling too).

use super::incident::{Conduct, Effect, Incident, IncidentRule};
use crate::preset::{Points, Preset};
use crate::record::{DeadReason, GameResult, PenaltyKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who points go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// The player the incident is about ([`Incident::subject`]).
    Subject,
    /// The player who declared Mah Jongg in error.
    Declarer,
    /// Each player but the subject.
    EachOtherPlayer,
    /// The one player whose hand stayed intact.
    IntactPlayer,
    /// Every player at the table.
    EveryPlayer,
}

/// Points a ruling gives or takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub to: Party,
    /// `to` in plain words ("the player who looked").
    pub who: String,
    pub points: i32,
    /// Plus this many times the value of the hand the declarer claimed (R8).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub claimed_value_times: u32,
    pub reason: String,
    /// Only when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    pub source: String,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What the director rules for an incident under a preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    pub incident: Incident,
    pub title: String,
    /// The player the ruling is about.
    pub subject: String,
    /// The preset's name.
    pub preset: String,
    /// The ruling in plain words.
    pub text: String,
    /// The points, and who gets them; empty: no points.
    pub penalty: Vec<Award>,
    /// The effect on the game's record (empty: no scoring effect).
    pub effect: Effect,
    /// Whether the subject's hand is dead by it (a `dead` effect, or a
    /// wrong dead call where the preset makes the caller dead, R5).
    pub hand_dead: bool,
    /// The effect in plain words.
    pub on_the_record: Vec<String>,
    /// Whether it is a discipline matter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conduct: Option<Conduct>,
    /// The discipline in plain words, with its source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discipline: Option<String>,
    pub source: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub see_also: Vec<Incident>,
}

impl Ruling {
    /// Whether it changes the game's scores (a dead hand, a penalty line, an
    /// ended game or a mis-named winning discard), even by 0 points.
    pub fn is_scoring_matter(&self) -> bool {
        !self.effect.is_none()
    }

    /// The effect and points in one short line, for lists: "hand dead: the
    /// player who picked ahead -10". Conditions are in the full ruling.
    pub fn short_effect(&self) -> String {
        let e = &self.effect;
        let mut what = Vec::new();
        if self.hand_dead {
            what.push("hand dead".to_string());
        }
        if let Some(k) = e.penalty {
            what.push(format!("`{}` penalty", k.name()));
        }
        match e.ends_game {
            Some(GameResult::MahjongInError) => {
                what.push("the game may end (`mahjong_in_error`)".to_string());
            }
            Some(r) => what.push(format!("the game ends (`{}`)", r.name())),
            None => {}
        }
        if e.misnamed_discard {
            what.push("Mah Jongg on a mis-named discard".to_string());
        }
        if e.when.is_some() {
            what.push("conditional".to_string());
        }
        if let Some(c) = self.conduct {
            what.push(
                match c {
                    Conduct::Complaint => "discipline: a complaint on the warning ladder",
                    Conduct::DiscretionaryPenalty => {
                        "discipline: a penalty outside the game scores"
                    }
                    Conduct::MayDisqualify => "discipline: may disqualify at once",
                }
                .to_string(),
            );
        }
        if what.is_empty() {
            what.push("no scoring effect".to_string());
        }
        let mut line = what.join(", ");
        let mut points: Vec<String> = Vec::new();
        for a in &self.penalty {
            let p = format!("{} {}", a.who, pts(a.points));
            if !points.contains(&p) {
                points.push(p);
            }
        }
        if !points.is_empty() {
            line.push_str(": ");
            line.push_str(&points.join("; "));
        }
        line
    }
}

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
fn awards(p: &Preset, subject: &str, e: &Effect) -> Vec<Award> {
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
fn on_the_record(e: &Effect, subject: &str) -> Vec<String> {
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

fn discipline_text(p: &Preset, conduct: Conduct) -> String {
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

impl Preset {
    /// The incidents this preset rules on, in the order of [`Incident::ALL`]
    /// (every one, once the preset is read: R1 fills the text's gaps).
    pub fn incidents(&self) -> Vec<Incident> {
        Incident::ALL
            .into_iter()
            .filter(|i| self.incidents.get(*i).is_some())
            .collect()
    }

    /// The ruling for an incident under this preset. A preset built without
    /// [`Preset::from_toml`] may lack one: the ruling then says the director
    /// decides, with no effect.
    pub fn ruling(&self, incident: Incident) -> Ruling {
        let fallback;
        let rule = match self.incidents.get(incident) {
            Some(r) => r,
            None => {
                fallback = IncidentRule {
                    ruling: "This preset gives no ruling for this incident: the director decides."
                        .into(),
                    effect: Effect::default(),
                    conduct: None,
                    see_also: vec![],
                    source: "none".into(),
                };
                &fallback
            }
        };
        let subject = incident.subject();
        Ruling {
            incident,
            title: incident.title().into(),
            subject: subject.into(),
            preset: self.name.clone(),
            text: rule.ruling.clone(),
            penalty: awards(self, subject, &rule.effect),
            effect: rule.effect.clone(),
            hand_dead: rule.effect.dead.is_some()
                || (rule.effect.penalty == Some(PenaltyKind::FalseDeadCall)
                    && self.false_dead_call.makes_dead),
            on_the_record: on_the_record(&rule.effect, subject),
            conduct: rule.conduct,
            discipline: rule.conduct.map(|c| discipline_text(self, c)),
            source: rule.source.clone(),
            see_also: rule.see_also.clone(),
        }
    }

    /// Every ruling of the preset, in the order of [`Preset::incidents`].
    pub fn rulings(&self) -> Vec<Ruling> {
        self.incidents()
            .into_iter()
            .map(|i| self.ruling(i))
            .collect()
    }
}

fn pts(p: i32) -> String {
    if p == 0 { "0".into() } else { format!("{p:+}") }
}

impl fmt::Display for Award {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.who, pts(self.points))?;
        if self.claimed_value_times > 0 {
            write!(
                f,
                " plus {} times the value of the hand the declarer claimed",
                self.claimed_value_times
            )?;
        }
        write!(f, ", {}", self.reason)?;
        if let Some(w) = &self.when {
            write!(f, " (when {w})")?;
        }
        write!(f, " ({})", self.source)
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} (`{}`)", self.title, self.incident)?;
        writeln!(f, "Preset: {}", self.preset)?;
        writeln!(f, "Ruling: {}", self.text)?;
        if self.penalty.is_empty() {
            writeln!(f, "Penalty: none")?;
        } else {
            writeln!(f, "Penalty:")?;
            for a in &self.penalty {
                writeln!(f, "  - {a}")?;
            }
        }
        writeln!(f, "On the score sheet:")?;
        for line in &self.on_the_record {
            writeln!(f, "  - {line}")?;
        }
        if let Some(d) = &self.discipline {
            writeln!(f, "Discipline: {d}")?;
        }
        writeln!(f, "Source: {}", self.source)?;
        if !self.see_also.is_empty() {
            let ids: Vec<&str> = self.see_also.iter().map(|i| i.id()).collect();
            writeln!(f, "See also: {}", ids.join(", "))?;
        }
        Ok(())
    }
}
