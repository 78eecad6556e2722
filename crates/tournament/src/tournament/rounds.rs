//! Rounds: seating them (random, by number, imported, by the preset's
//! movement, R13), re-seating a round not started after a change of
//! players, starting and closing them.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::time_ok;
use crate::model::{
    Millis, OddPlayers, Player, PlayerNo, RoundNo, RoundState, Seating, SeatingMethod, SheetState,
    SitOut,
};
use crate::seating::{self, Plan, Slots};
use std::collections::BTreeMap;

impl Tournament {
    /// Seat a round (again, while it has not started).
    pub(super) fn seat_round(
        &self,
        round: RoundNo,
        method: SeatingMethod,
    ) -> Result<Vec<Event>, DomainError> {
        let settings = self.settings_ok()?;
        let Some(index) = round.index().filter(|_| round <= settings.rounds) else {
            return Err(DomainError::Invalid(format!(
                "round {round} is not a round of this tournament (1 to {})",
                settings.rounds
            )));
        };
        match self.rounds.get(index) {
            Some(r) if r.state != RoundState::Seated => {
                return Err(conflict(format!(
                    "round {round} has started: its seating is fixed"
                )));
            }
            Some(_) if index + 1 != self.rounds.len() => {
                return Err(conflict(format!(
                    "round {round} cannot be re-seated: a later round is seated"
                )));
            }
            Some(_) => {}
            None if index != self.rounds.len() => {
                return Err(conflict(format!(
                    "round {round} cannot be seated before round {}",
                    self.rounds.len() + 1
                )));
            }
            None => {}
        }
        if let Some(before) = round.before()
            && self.round(before)?.state == RoundState::Seated
        {
            return Err(conflict(format!(
                "round {before} must start before round {round} is seated"
            )));
        }
        let plan = self.plan_round(round, &method, &self.players)?;
        Ok(vec![Event::RoundSeated {
            seating: self.seating_of(round, method, plan)?,
        }])
    }

    pub(super) fn start_round(
        &self,
        round: RoundNo,
        at: Millis,
    ) -> Result<Vec<Event>, DomainError> {
        check_time(at)?;
        let r = self.round(round)?;
        if r.state != RoundState::Seated {
            return Err(conflict(format!("round {round} has already started")));
        }
        if let Some(before) = round.before()
            && !matches!(self.round(before)?.state, RoundState::Closed { .. })
        {
            return Err(conflict(format!("round {before} is not closed yet")));
        }
        Ok(vec![Event::RoundStarted { round, at }])
    }

    /// End a round whose sheets are all accepted.
    pub(super) fn close_round(
        &self,
        round: RoundNo,
        at: Millis,
    ) -> Result<Vec<Event>, DomainError> {
        check_time(at)?;
        let r = self.round(round)?;
        if !matches!(r.state, RoundState::Started { .. }) {
            return Err(conflict(format!("round {round} is not under way")));
        }
        let open: Vec<String> = r
            .sheets
            .iter()
            .filter(|s| s.state != SheetState::Accepted)
            .map(|s| s.table.to_string())
            .collect();
        if !open.is_empty() {
            return Err(conflict(format!(
                "round {round} has sheets not accepted yet: tables {}",
                open.join(", ")
            )));
        }
        Ok(vec![Event::RoundClosed { round, at }])
    }

    fn sat_out_before(&self, round: RoundNo) -> BTreeMap<PlayerNo, u32> {
        let mut out = BTreeMap::new();
        for r in self
            .rounds
            .iter()
            .take(usize::from(round).saturating_sub(1))
        {
            for s in &r.seating.sit_outs {
                *out.entry(s.player).or_insert(0) += 1;
            }
        }
        out
    }

    /// The seating a round would get by `method`, for these players.
    fn plan_round(
        &self,
        round: RoundNo,
        method: &SeatingMethod,
        players: &BTreeMap<PlayerNo, Player>,
    ) -> Result<Plan, DomainError> {
        let odd = self.settings_ok()?.odd_players;
        let active = Self::active(players);
        match method {
            SeatingMethod::ByNumber => {
                let order: Vec<PlayerNo> = active.iter().copied().collect();
                seating::in_order(&order, odd)
            }
            SeatingMethod::Random { seed } => {
                let mut order: Vec<PlayerNo> = active.iter().copied().collect();
                seating::shuffle(&mut order, *seed);
                seating::in_order(&order, odd)
            }
            SeatingMethod::Imported { tables, sit_outs } => {
                seating::check(tables, sit_outs, &active, odd)
            }
            SeatingMethod::Movement => {
                let Some(before) = round.before() else {
                    return Err(DomainError::Invalid(
                        "round 1 has no round before it to move from: seat it randomly, by number or imported".into(),
                    ));
                };
                let prev = &self.round(before)?.seating;
                let slots: Vec<Slots> = prev.tables.iter().map(|t| t.seats.0).collect();
                let moved = seating::moved(&slots, self.preset()?)?;
                let waiting: Vec<PlayerNo> = prev.sit_outs.iter().map(|s| s.player).collect();
                seating::fit(&moved, &waiting, &active, odd, &self.sat_out_before(round))
            }
            SeatingMethod::Scheduled => {
                let Some(s) = self.scheduled(round) else {
                    return Err(DomainError::Invalid(format!(
                        "no computed seating is adopted for round {round}"
                    )));
                };
                seating::check(&s.tables, &s.sit_outs, &active, odd).map_err(|e| {
                    DomainError::InvalidSeating(format!(
                        "the computed seating of round {round} no longer fits the players ({e}): compute it again"
                    ))
                })
            }
            SeatingMethod::Adjusted => Err(DomainError::Invalid(
                "`adjusted` seatings are made by the tournament, not asked for".into(),
            )),
        }
    }

    fn seating_of(
        &self,
        round: RoundNo,
        method: SeatingMethod,
        plan: Plan,
    ) -> Result<Seating, DomainError> {
        let points = match self.settings.as_ref().map(|s| s.odd_players) {
            Some(OddPlayers::SitOut { points }) => points,
            _ => 0,
        };
        Ok(Seating {
            round,
            method,
            tables: plan.table_seats()?,
            sit_outs: plan
                .sit_outs
                .iter()
                .map(|&player| SitOut { player, points })
                .collect(),
        })
    }

    /// After a roster change, the round seated but not started (if any) is
    /// fitted to the new roster, moving as few players as possible. A
    /// substitute takes the seat of the player replaced.
    pub(super) fn reseat_pending(
        &self,
        players: &BTreeMap<PlayerNo, Player>,
        substitute: Option<(PlayerNo, PlayerNo)>,
    ) -> Result<Option<Event>, DomainError> {
        let Some(last) = self.rounds.last() else {
            return Ok(None);
        };
        if last.state != RoundState::Seated {
            return Ok(None);
        }
        let round = last.seating.round;
        let swap = |p: Option<PlayerNo>| match (p, substitute) {
            (Some(p), Some((out, sub))) if p == out => Some(sub),
            _ => p,
        };
        let slots: Vec<Slots> = last
            .seating
            .tables
            .iter()
            .map(|t| t.seats.0.map(swap))
            .collect();
        let waiting: Vec<PlayerNo> = last
            .seating
            .sit_outs
            .iter()
            .filter_map(|s| swap(Some(s.player)))
            .collect();
        let odd = self.settings_ok()?.odd_players;
        let plan = seating::fit(
            &slots,
            &waiting,
            &Self::active(players),
            odd,
            &self.sat_out_before(round),
        )?;
        let seating = self.seating_of(round, SeatingMethod::Adjusted, plan)?;
        if seating.tables == last.seating.tables && seating.sit_outs == last.seating.sit_outs {
            return Ok(None);
        }
        Ok(Some(Event::RoundSeated { seating }))
    }
}

/// A round's start or end is a moment between 1970 and 9999.
fn check_time(at: Millis) -> Result<(), DomainError> {
    if !time_ok(at) {
        return Err(DomainError::Invalid(format!(
            "{at} is not a moment between 1970 and 9999 (Unix milliseconds)"
        )));
    }
    Ok(())
}
