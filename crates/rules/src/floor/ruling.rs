//! A ruling: an incident's rule under a preset, with its penalty (worked
//! out in `points.rs`), its effect on the record and its source.

use super::incident::Incident;
use super::points::{awards, discipline_text, on_the_record};
use super::rule::{Conduct, Effect, IncidentRule};
use crate::preset::Preset;
use crate::record::{GameResult, PenaltyKind};
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
        self.effect_line(false)
    }

    /// [`Ruling::short_effect`] in plain words for a page: no field or
    /// result names ("hand dead: the player who picked ahead -10").
    pub fn effect_words(&self) -> String {
        self.effect_line(true)
    }

    fn effect_line(&self, plain: bool) -> String {
        let e = &self.effect;
        let mut what = Vec::new();
        if self.hand_dead {
            what.push("hand dead".to_string());
        }
        if let Some(k) = e.penalty {
            what.push(if plain {
                format!("a {} penalty", k.words())
            } else {
                format!("`{}` penalty", k.name())
            });
        }
        let result = |r: GameResult| {
            if plain {
                r.words().to_string()
            } else {
                format!("`{}`", r.name())
            }
        };
        match e.ends_game {
            Some(r @ GameResult::MahjongInError) => {
                what.push(format!("the game may end ({})", result(r)));
            }
            Some(r) => what.push(format!("the game ends ({})", result(r))),
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

#[cfg(test)]
mod tests {
    use crate::preset::{PRESET_NAMES, Preset};

    /// A page shows a ruling's effect in words: no result or penalty name
    /// (`timeout`, `blind_pass_peek`), as the floor's list once did.
    #[test]
    fn effect_words_name_no_code_names() {
        for name in PRESET_NAMES {
            let p = Preset::builtin(name).expect("a built-in preset reads");
            for r in p.rulings() {
                let w = r.effect_words();
                let snake = w
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .any(|x| x.contains('_'));
                assert!(!w.contains('`') && !snake, "{name} {}: {w}", r.incident);
            }
        }
        let p = Preset::builtin("standard").expect("standard reads");
        let peek = p.ruling(crate::Incident::BlindPassPeek).effect_words();
        assert!(peek.contains("a blind-pass peek penalty"), "{peek}");
    }
}
