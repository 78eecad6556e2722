//! The tournament floor as rules data: the event's card (`[card]`), the
//! clock (`[timing]`), signing the sheet (`[sign_off]`), discipline
//! (`[discipline]`) and the incidents a director is called to, with each
//! preset's ruling (`[incidents.<id>]`). Every value cites its source; an
//! incident a text is silent on takes the `standard` ruling (R1). Tools and
//! the server read it through [`crate::Preset`]: `incidents()`, `ruling()`,
//! `discipline()`, `signatures()`, `three_player_notes()` and the public
//! fields `card`, `timing`, `sign_off`. See `docs/floor.md`.

mod card;
mod clock;
mod discipline;
mod incident;
mod points;
mod reminder;
mod rule;
mod ruling;
mod sign_off;
mod summary;

pub use card::{CARD_YEARS, CardReading, CardYear, EventCard, NotAReading};
pub use clock::{Noted, SeatDuty, TimeWarning, Timing};
pub use discipline::{Allowed, Discipline, DiscretionaryPenalty, Step, StepAction};
pub use incident::{INCIDENT_COUNT, Incident, UnknownIncident};
pub use reminder::Reminder;
pub use rule::{Conduct, Effect, IncidentRule, Incidents};
pub use ruling::{Award, Party, Ruling};
pub use sign_off::{
    DeadHandMark, DeadHandMarkRule, GameSigners, PersonalCode, SignOff, SignWhen, Signature,
};

use crate::preset::Preset;
use crate::record::GameResult;
use serde::de::DeserializeOwned;

/// R1 for a whole floor section: a full rules file that leaves one out
/// (every file written before the floor sections existed, and stored in
/// tournaments' event logs) takes `standard`'s.
fn standard_section<T: DeserializeOwned>(key: &str) -> T {
    let (_, text) = crate::preset::PRESET_TEXTS
        .iter()
        .find(|(name, _)| *name == "standard")
        .expect("the standard preset is built in");
    let table: toml::Table = text.parse().expect("the standard preset reads");
    table
        .get(key)
        .cloned()
        .and_then(|v| v.try_into().ok())
        .expect("the standard preset has every floor section")
}

pub(crate) fn standard_card() -> EventCard {
    standard_section("card")
}
pub(crate) fn standard_timing() -> Timing {
    standard_section("timing")
}
pub(crate) fn standard_sign_off() -> SignOff {
    standard_section("sign_off")
}
pub(crate) fn standard_discipline() -> Discipline {
    standard_section("discipline")
}
pub(crate) fn standard_reminders() -> Vec<Reminder> {
    standard_section("reminders")
}

/// Results an incident may end a game with (the others are ends of play).
const ENDING_RESULTS: [GameResult; 3] = [
    GameResult::Timeout,
    GameResult::MahjongInError,
    GameResult::MisnamedMahjongClaim,
];

impl Preset {
    /// The preset's discipline: the warning ladder
    /// ([`Discipline::next_step`]), disqualification at once, and the
    /// discretionary penalty.
    pub fn discipline(&self) -> &Discipline {
        &self.discipline
    }

    /// What changes at a table of three (R12), in plain words with sources,
    /// for the table card and the score page.
    pub fn three_player_notes(&self) -> Vec<Noted> {
        let t = &self.three_player;
        let mut out = vec![Noted {
            text: if t.charleston {
                "A table of three plays the Charleston.".into()
            } else {
                "No Charleston at a table of three.".into()
            },
            source: t.source.clone(),
        }];
        if t.reroll_east_before_game > 0 {
            out.push(Noted {
                text: format!(
                    "Before game {} the three players roll the dice again for East.",
                    t.reroll_east_before_game
                ),
                source: t.source.clone(),
            });
        }
        out
    }

    /// R1: the incidents this preset's text is silent on take the ruling
    /// of `standard`. Called once a preset is read, before it is checked.
    pub(crate) fn complete_by_r1(&mut self) {
        if let Some(standard) = rule::standard_rules() {
            self.incidents.inherit_from(standard);
        }
    }

    /// Checks the floor sections: the dotted key and the reason.
    pub(crate) fn check_floor(&self) -> Result<(), (String, String)> {
        self.card.check()?;
        self.timing.check(self.round.minutes)?;
        self.sign_off.check()?;
        self.discipline.check()?;
        if let Some(missing) = self.incidents.missing().first() {
            return Err((
                format!("incidents.{missing}"),
                "no ruling, and `standard` gives none to inherit (R1)".into(),
            ));
        }
        for (incident, rule) in self.incidents.iter() {
            self.check_incident(incident, rule)
                .map_err(|(k, m)| (format!("incidents.{incident}.{k}"), m))?;
        }
        // The one incident that mirrors a scoring switch (R4).
        let claim = Incident::MisnamedDiscardFalseMahjongClaim;
        let ends = self.incidents.get(claim).and_then(|r| r.effect.ends_game);
        if self.misnamed_discard.claim_ends_game && ends != Some(GameResult::MisnamedMahjongClaim) {
            return Err((
                "misnamed_discard.claim_ends_game".into(),
                format!(
                    "is true, so incident `{claim}` must end the game with \
                     \"misnamed_mahjong_claim\" (R4): make the two agree"
                ),
            ));
        }
        Ok(())
    }

    fn check_incident(
        &self,
        incident: Incident,
        rule: &IncidentRule,
    ) -> Result<(), (String, String)> {
        let bad = |k: &str, m: String| Err((k.to_string(), m));
        if rule.ruling.trim().is_empty() {
            return bad("ruling", "must not be empty".into());
        }
        if rule.source.trim().is_empty() {
            return bad("source", "must cite a rule".into());
        }
        let e = &rule.effect;
        if let Some(result) = e.ends_game {
            if !ENDING_RESULTS.contains(&result) {
                return bad(
                    "effect.ends_game",
                    format!(
                        "`{}` is not how an incident ends a game (expected \"timeout\", \"mahjong_in_error\" or \"misnamed_mahjong_claim\")",
                        result.name()
                    ),
                );
            }
            if result == GameResult::MisnamedMahjongClaim && !self.misnamed_discard.claim_ends_game
            {
                return bad(
                    "effect.ends_game",
                    "\"misnamed_mahjong_claim\" needs misnamed_discard.claim_ends_game = true (R4)"
                        .into(),
                );
            }
        }
        if e.misnamed_discard && (e.dead.is_some() || e.ends_game.is_some()) {
            return bad(
                "effect.misnamed_discard",
                "a Mah Jongg on a mis-named discard neither kills a hand nor ends the game otherwise"
                    .into(),
            );
        }
        if e.when.is_some() && e.is_none() {
            return bad("effect.when", "a condition needs an effect".into());
        }
        if rule.conduct == Some(Conduct::DiscretionaryPenalty)
            && self.discipline.discretionary_penalty.is_none()
        {
            return bad(
                "conduct",
                "needs a discipline.discretionary_penalty in this preset".into(),
            );
        }
        if rule.see_also.contains(&incident) {
            return bad("see_also", format!("`{incident}` refers to itself"));
        }
        Ok(())
    }
}
