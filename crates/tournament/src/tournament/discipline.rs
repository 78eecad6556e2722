//! Discipline (standard 2A-2C, 27; st-louis-senior-olympics NOTE): a
//! warning log per player on the preset's ladder (`Discipline::next_step`),
//! a penalty outside any game's score, and disqualification with the
//! player's scores kept or void (the director's choice), opponents'
//! scores unchanged. Each sanction is a `player_sanctioned` event, so the
//! audit log and the export carry it; the standings read it.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::floor::{DisqualifiedScores, Sanction};
use crate::limits::{MAX_POINTS, MAX_REASON, check_text};
use crate::model::{PlayerNo, PlayerStatus};

fn reason_ok(reason: String) -> Result<String, DomainError> {
    let reason = reason.trim().to_string();
    if reason.is_empty() {
        return Err(DomainError::Invalid(
            "say why: a sanction needs a reason".into(),
        ));
    }
    check_text("the reason", &reason, MAX_REASON, true)?;
    Ok(reason)
}

impl Tournament {
    /// How the player was disqualified (standard 2B, 27), if they were:
    /// they are withdrawn too, but every page says disqualified.
    pub fn disqualified(&self, player: PlayerNo) -> Option<DisqualifiedScores> {
        self.floor.disqualified(player)
    }

    /// A player's discipline record, oldest first.
    pub fn sanctions(&self, player: PlayerNo) -> &[Sanction] {
        self.floor.sanctions.get(&player).map_or(&[], Vec::as_slice)
    }

    /// Every player's discipline record.
    pub fn all_sanctions(&self) -> impl Iterator<Item = (PlayerNo, &Sanction)> {
        self.floor
            .sanctions
            .iter()
            .flat_map(|(p, s)| s.iter().map(move |x| (*p, x)))
    }

    /// A complaint acted on: the ladder's step for this player's next one
    /// (standard 2A: first a warning; 2B: then disqualification). The
    /// step is recorded; a disqualification it calls for is the
    /// director's own act (`DisqualifyPlayer`).
    pub(super) fn warn_player(
        &self,
        player: PlayerNo,
        reason: String,
    ) -> Result<Vec<Event>, DomainError> {
        self.player(player)?;
        let reason = reason_ok(reason)?;
        if self.floor.disqualified(player).is_some() {
            return Err(conflict(format!("player {player} is disqualified already")));
        }
        let discipline = self.preset()?.discipline();
        let so_far = self.floor.warnings(player);
        let step = discipline
            .next_step(so_far)
            .ok_or_else(|| DomainError::Invalid("the preset's ladder has no steps".into()))?;
        Ok(vec![Event::PlayerSanctioned {
            player,
            sanction: Sanction::Warning {
                count: so_far + 1,
                step: step.action,
                text: step.describe(discipline),
                source: step.source.clone(),
                reason,
            },
        }])
    }

    /// Points outside any game's score (standard 2C; st-louis NOTE's pot
    /// penalty): below 0, the preset's size where it fixes one.
    pub(super) fn penalize_player(
        &self,
        player: PlayerNo,
        points: i32,
        reason: String,
    ) -> Result<Vec<Event>, DomainError> {
        self.player(player)?;
        let reason = reason_ok(reason)?;
        let preset = self.preset()?;
        let Some(p) = &preset.discipline().discretionary_penalty else {
            return Err(DomainError::Invalid(format!(
                "the {} rules have no penalty outside the game scores",
                preset.name
            )));
        };
        if !(-MAX_POINTS..0).contains(&points) {
            return Err(DomainError::InvalidPoints(format!(
                "a {} takes points away: between -{MAX_POINTS} and -1, not {points}",
                p.name
            )));
        }
        if let Some(fixed) = p.points
            && fixed != points
        {
            return Err(DomainError::InvalidPoints(format!(
                "the {} is {fixed} points under these rules ({}), not {points}",
                p.name, p.source
            )));
        }
        Ok(vec![Event::PlayerSanctioned {
            player,
            sanction: Sanction::Penalty {
                points,
                name: p.name.clone(),
                source: p.source.clone(),
                reason,
            },
        }])
    }

    /// Disqualify a player: after a warning by the ladder's last step
    /// (standard 2B), without one only where the preset allows it at once
    /// (standard 27). They are withdrawn from later rounds.
    pub(super) fn disqualify_player(
        &self,
        player: PlayerNo,
        scores: DisqualifiedScores,
        reason: String,
    ) -> Result<Vec<Event>, DomainError> {
        let p = self.player(player)?;
        let reason = reason_ok(reason)?;
        if self.floor.disqualified(player).is_some() {
            return Err(conflict(format!("player {player} is disqualified already")));
        }
        let discipline = self.preset()?.discipline();
        let source = if self.floor.warnings(player) > 0 {
            discipline
                .ladder
                .iter()
                .rev()
                .find(|s| s.action == jongg_rules::floor::StepAction::Disqualification)
                .map_or_else(
                    || discipline.immediate_disqualification.source.clone(),
                    |s| s.source.clone(),
                )
        } else if discipline.immediate_disqualification.allowed {
            discipline.immediate_disqualification.source.clone()
        } else {
            return Err(conflict(format!(
                "these rules do not disqualify at once ({}): record a warning first",
                discipline.immediate_disqualification.source
            )));
        };
        let mut events = vec![Event::PlayerSanctioned {
            player,
            sanction: Sanction::Disqualification {
                scores,
                after_round: self.rounds_started(),
                source,
                reason,
            },
        }];
        if !matches!(p.status, PlayerStatus::Withdrawn { .. }) {
            events.extend(self.withdraw(player)?);
        }
        Ok(events)
    }
}
