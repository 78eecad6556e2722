//! Each preset's rule for an incident, as its file gives it under
//! `[incidents.<id>]`: the ruling in plain words, its effect on the game's
//! record, its source. A text silent on an incident takes the `standard`
//! entry (R1): [`Incidents::inherit_from`].

use super::incident::Incident;
use crate::record::{DeadReason, GameResult, PenaltyKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the director's ruling does to a player in conduct terms (the
/// preset's `[discipline]` says how much).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conduct {
    /// A complaint: the next step of the warning ladder.
    Complaint,
    /// The discretionary penalty outside the game scores.
    DiscretionaryPenalty,
    /// Grounds for disqualification at once.
    MayDisqualify,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An incident's effect on the game's record (`docs/scoring.md`), applied
/// to the incident's subject. All parts empty: no scoring effect.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// The subject's hand is dead, for this reason (record `dead`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<DeadReason>,
    /// A conduct penalty line for the subject (record `penalties`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<PenaltyKind>,
    /// The game ends with this result (record `result`). For
    /// `mahjong_in_error` only when fewer than two hands stay intact (R8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_game: Option<GameResult>,
    /// The Mah Jongg was made on a mis-named discard (record `misnamed`, R4);
    /// the subject is its discarder.
    #[serde(default, skip_serializing_if = "is_false")]
    pub misnamed_discard: bool,
    /// Only when this holds (plain words, for the official to confirm).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
}

impl Effect {
    /// No scoring effect at all.
    pub fn is_none(&self) -> bool {
        self.dead.is_none()
            && self.penalty.is_none()
            && self.ends_game.is_none()
            && !self.misnamed_discard
    }
}

/// One incident's rule in a preset file (`[incidents.<id>]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentRule {
    /// The ruling in plain words. It never states points: those come from
    /// the preset's values, so a director's change there changes the ruling.
    pub ruling: String,
    /// What it does to the game's record; absent: no scoring effect.
    #[serde(default, skip_serializing_if = "Effect::is_none")]
    pub effect: Effect,
    /// Whether it is a discipline matter, and which kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conduct: Option<Conduct>,
    /// Related incidents the official may need next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub see_also: Vec<Incident>,
    /// The rule it comes from: a seed rule number or a ruling R1-R17.
    pub source: String,
}

/// The incident rules of a preset, by incident. After reading, every
/// incident has one (R1 fills the gaps from `standard`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Incidents(BTreeMap<Incident, IncidentRule>);

impl Incidents {
    /// The rule for one incident, if the preset has it (always, once read
    /// by [`crate::Preset::from_toml`]).
    pub fn get(&self, incident: Incident) -> Option<&IncidentRule> {
        self.0.get(&incident)
    }

    /// The incidents without a rule.
    pub fn missing(&self) -> Vec<Incident> {
        Incident::ALL
            .into_iter()
            .filter(|i| !self.0.contains_key(i))
            .collect()
    }

    /// Every rule, in the order of [`Incident::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (Incident, &IncidentRule)> {
        self.0.iter().map(|(i, r)| (*i, r))
    }

    /// R1: each incident this preset's text is silent on takes the rule of
    /// `standard`, its source prefixed with "R1, ".
    pub(crate) fn inherit_from(&mut self, standard: &BTreeMap<Incident, IncidentRule>) {
        for (incident, rule) in standard {
            self.0.entry(*incident).or_insert_with(|| IncidentRule {
                source: format!("R1, {}", rule.source),
                ..rule.clone()
            });
        }
    }

    /// Replaces one rule (for tests and tools that build a preset).
    pub fn set(&mut self, incident: Incident, rule: IncidentRule) {
        self.0.insert(incident, rule);
    }
}

/// The incident rules of the built-in `standard` preset as its file gives
/// them, for R1. Read once; `None` only if that file is broken, which the
/// tests catch.
pub(crate) fn standard_rules() -> Option<&'static BTreeMap<Incident, IncidentRule>> {
    #[derive(Deserialize)]
    struct OnlyIncidents {
        incidents: BTreeMap<Incident, IncidentRule>,
    }
    static STANDARD: std::sync::OnceLock<Option<BTreeMap<Incident, IncidentRule>>> =
        std::sync::OnceLock::new();
    STANDARD
        .get_or_init(|| {
            let (_, text) = crate::preset::PRESET_TEXTS
                .iter()
                .find(|(name, _)| *name == "standard")?;
            toml::from_str::<OnlyIncidents>(text)
                .ok()
                .map(|o| o.incidents)
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::floor::Incident;

    #[test]
    fn r1_inherits_missing_rules_with_the_source_marked() {
        let standard = standard_rules().expect("standard preset reads");
        let mut mine = Incidents::default();
        let own = IncidentRule {
            ruling: "own".into(),
            effect: Effect::default(),
            conduct: None,
            see_also: vec![],
            source: "club 1".into(),
        };
        mine.set(Incident::PickingAhead, own.clone());
        mine.inherit_from(standard);
        assert!(mine.missing().is_empty());
        assert_eq!(mine.get(Incident::PickingAhead), Some(&own));
        let inherited = mine.get(Incident::BlindPassPeek).unwrap();
        assert_eq!(
            inherited.source,
            format!("R1, {}", standard[&Incident::BlindPassPeek].source)
        );
    }
}
