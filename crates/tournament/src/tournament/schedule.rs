//! A computed seating for the rounds left (14.8): where the preset's
//! movement (R13) repeats meetings at this event's size, the director is
//! offered `jongg_rules::schedule::compute`'s seating with fewer repeats
//! and may adopt it. The command carries the seating itself (not a seed),
//! so the fold never computes; rounds are then seated `scheduled`.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::model::{OddPlayers, PlayerNo, RoundNo, RoundState, TableNo, TableSeats};
use crate::seating;
use jongg_rules::schedule::{self, Leftover, Player, Request};
use jongg_tiles::BySeat;
use serde::{Deserialize, Serialize};

/// One round of an adopted seating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduledRound {
    pub round: RoundNo,
    pub tables: Vec<TableSeats>,
    #[serde(default)]
    pub sit_outs: Vec<PlayerNo>,
}

/// A computed seating for the rounds left, with its repeat meetings and the
/// preset movement's (over all rounds, played and left).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleOffer {
    pub rounds: Vec<ScheduledRound>,
    pub repeats: u32,
    /// The preset's movement continued, where it applies.
    #[serde(default)]
    pub baseline_repeats: Option<u32>,
}

impl ScheduleOffer {
    /// How many fewer repeat meetings than the preset's movement.
    pub fn fewer(&self) -> Option<u32> {
        self.baseline_repeats
            .map(|b| b.saturating_sub(self.repeats))
    }
}

impl Tournament {
    /// The first round not started, and how many are left from it.
    fn rounds_left(&self) -> Option<(RoundNo, u8)> {
        let total = self.settings.as_ref()?.rounds.0;
        let started = self.rounds_started().0;
        (started < total).then(|| (RoundNo(started + 1), total - started))
    }

    /// A computed seating for the rounds not started (`None`: none left or
    /// nobody to seat). Deterministic: the same state gives the same
    /// seating. `work` bounds the search (`schedule::SEARCH_WORK` is about
    /// a second on one core).
    pub fn schedule_offer(&self, work: u64) -> Result<Option<ScheduleOffer>, DomainError> {
        let Some((first, left)) = self.rounds_left() else {
            return Ok(None);
        };
        let settings = self.settings_ok()?;
        let active = Self::active(&self.players);
        if active.len() < 3 {
            return Ok(None);
        }
        let played: Vec<schedule::Round> = self
            .rounds
            .iter()
            .filter(|r| r.state != RoundState::Seated)
            .map(|r| schedule::Round {
                tables: r
                    .seating
                    .tables
                    .iter()
                    .map(|t| BySeat(t.seats.0.map(|p| p.map(|p| Player(p.0)))))
                    .collect(),
                sit_outs: r
                    .seating
                    .sit_outs
                    .iter()
                    .map(|s| Player(s.player.0))
                    .collect(),
            })
            .collect();
        let request = Request {
            players: active.iter().map(|p| Player(p.0)).collect(),
            played,
            rounds_left: u32::from(left),
            leftover: match settings.odd_players {
                OddPlayers::ThreePlayerTables => Leftover::TablesOfThree,
                OddPlayers::SitOut { .. } => Leftover::SitOut,
            },
            baseline: Some(self.preset()?.movement),
            seed: 0,
            search_work: work,
        };
        let computed = schedule::compute(&request)
            .map_err(|e| DomainError::Invalid(format!("no computed seating: {e}")))?;
        let rounds = (first.0..)
            .zip(&computed.rounds)
            .map(|(n, r)| ScheduledRound {
                round: RoundNo(n),
                tables: (1..)
                    .zip(&r.tables)
                    .map(|(t, seats)| TableSeats {
                        table: TableNo(t),
                        seats: BySeat(seats.0.map(|p| p.map(|p| PlayerNo(p.0)))),
                    })
                    .collect(),
                sit_outs: r.sit_outs.iter().map(|p| PlayerNo(p.0)).collect(),
            })
            .collect();
        Ok(Some(ScheduleOffer {
            rounds,
            repeats: computed.repeats,
            baseline_repeats: computed.baseline_repeats,
        }))
    }

    /// The director adopts a computed seating for the rounds not started:
    /// every round left, in order, each seating every active player once.
    pub(super) fn adopt_schedule(&self, offer: ScheduleOffer) -> Result<Vec<Event>, DomainError> {
        let Some((first, left)) = self.rounds_left() else {
            return Err(conflict(
                "every round has started: no round is left to seat".to_string(),
            ));
        };
        let want: Vec<RoundNo> = (first.0..first.0 + left).map(RoundNo).collect();
        let got: Vec<RoundNo> = offer.rounds.iter().map(|r| r.round).collect();
        if got != want {
            return Err(DomainError::Invalid(format!(
                "a computed seating must give rounds {} to {}, in order",
                first,
                first.0 + left - 1
            )));
        }
        let odd = self.settings_ok()?.odd_players;
        let active = Self::active(&self.players);
        for r in &offer.rounds {
            seating::check(&r.tables, &r.sit_outs, &active, odd)
                .map_err(|e| DomainError::InvalidSeating(format!("round {}: {e}", r.round)))?;
        }
        Ok(vec![Event::ScheduleAdopted { offer }])
    }

    /// The adopted computed seating of round `round`, if any.
    pub fn scheduled(&self, round: RoundNo) -> Option<&ScheduledRound> {
        self.schedule
            .as_ref()?
            .rounds
            .iter()
            .find(|r| r.round == round)
    }

    /// The adopted computed seating, if any.
    pub fn schedule(&self) -> Option<&ScheduleOffer> {
        self.schedule.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::seated;
    use crate::*;
    use std::collections::BTreeMap;

    /// Pairs that share a table in more than one of these seatings.
    fn repeats(rounds: &[&[TableSeats]]) -> u32 {
        let mut met: BTreeMap<(PlayerNo, PlayerNo), u32> = BTreeMap::new();
        for tables in rounds {
            for t in *tables {
                let ps: Vec<PlayerNo> = t.seats.0.iter().flatten().copied().collect();
                for (i, a) in ps.iter().enumerate() {
                    for b in &ps[i + 1..] {
                        *met.entry((*a.min(b), *a.max(b))).or_default() += 1;
                    }
                }
            }
        }
        met.values().map(|n| n - 1).sum()
    }

    /// R13: `standard`'s movement repeats meetings at 4 tables; the computed
    /// seating of 16 players over 5 rounds (the affine plane) has none, and
    /// adopted, it seats round 2 exactly as offered.
    #[test]
    fn sixteen_players_five_rounds_without_a_repeat_meeting_r13() {
        let mut t = seated("standard", 16, Some(RoundNo(5)), true);
        let offer = t.schedule_offer(1_000_000).unwrap().unwrap();
        assert_eq!(offer.rounds.len(), 4);
        assert_eq!(offer.rounds[0].round, RoundNo(2));
        assert_eq!(offer.repeats, 0);
        assert!(offer.fewer().unwrap() > 0, "{offer:?}");
        let r1 = t.seating(RoundNo(1)).unwrap().tables.clone();
        let mut all: Vec<&[TableSeats]> = vec![&r1];
        all.extend(offer.rounds.iter().map(|r| r.tables.as_slice()));
        assert_eq!(repeats(&all), 0);
        // East goes round fairly: nobody is East more than twice in 5 rounds.
        let mut east: BTreeMap<PlayerNo, u32> = BTreeMap::new();
        for tables in &all {
            for tb in *tables {
                *east.entry(tb.seats.0[0].unwrap()).or_default() += 1;
            }
        }
        assert!(east.values().all(|&n| n <= 2), "{east:?}");
        let refused = t.execute(
            Actor::Director,
            Command::SeatRound {
                round: RoundNo(2),
                method: SeatingMethod::Scheduled,
            },
            1,
        );
        assert!(
            refused
                .unwrap_err()
                .to_string()
                .contains("no computed seating")
        );
        t.execute(
            Actor::Director,
            Command::AdoptSchedule {
                offer: offer.clone(),
            },
            1,
        )
        .unwrap();
        t.execute(
            Actor::Director,
            Command::SeatRound {
                round: RoundNo(2),
                method: SeatingMethod::Scheduled,
            },
            1,
        )
        .unwrap();
        assert_eq!(
            t.seating(RoundNo(2)).unwrap().tables,
            offer.rounds[0].tables
        );
        // The fold keeps the seating itself.
        let again = Tournament::replay(t.log().to_vec()).unwrap();
        assert_eq!(again.schedule(), Some(&offer));
    }

    /// How many fewer repeat meetings than the preset's movement: none
    /// fewer where the computed seating repeats more, nothing to say where
    /// the movement does not apply.
    #[test]
    fn an_offer_says_how_many_fewer_repeats_than_the_presets_movement() {
        let offer = |repeats, baseline_repeats| ScheduleOffer {
            rounds: vec![],
            repeats,
            baseline_repeats,
        };
        assert_eq!(offer(3, Some(7)).fewer(), Some(4));
        assert_eq!(offer(0, Some(12)).fewer(), Some(12));
        assert_eq!(offer(5, Some(2)).fewer(), Some(0));
        assert_eq!(offer(5, None).fewer(), None);
    }

    /// Once every round has started there is nothing to compute or adopt.
    #[test]
    fn no_seating_is_offered_or_adopted_once_every_round_has_started() {
        let t = seated("standard", 16, Some(RoundNo(1)), true);
        assert_eq!(t.schedule_offer(1_000_000).unwrap(), None);
        let empty = ScheduleOffer {
            rounds: vec![],
            repeats: 0,
            baseline_repeats: None,
        };
        let err = t
            .decide(&Actor::Director, Command::AdoptSchedule { offer: empty })
            .unwrap_err();
        assert!(err.to_string().contains("every round has started"), "{err}");
    }

    /// Three players are a table of three (R12) and get a seating; with
    /// fewer than three left active there is nobody to seat.
    #[test]
    fn three_active_players_get_a_seating_and_two_do_not_r12() {
        let three = seated("standard", 3, Some(RoundNo(3)), true);
        let offer = three.schedule_offer(1_000_000).unwrap().unwrap();
        assert_eq!(offer.rounds.len(), 2);
        assert_eq!(offer.rounds[0].tables.len(), 1);
        let mut two = seated("standard", 4, Some(RoundNo(3)), true);
        for n in [3, 4] {
            two.execute(
                Actor::Director,
                Command::WithdrawPlayer {
                    number: PlayerNo(n),
                },
                3_000,
            )
            .unwrap();
        }
        assert_eq!(two.schedule_offer(1_000_000).unwrap(), None);
    }

    #[test]
    fn a_seating_that_is_not_the_rounds_left_or_seats_someone_twice_is_refused() {
        let t = seated("standard", 16, Some(RoundNo(5)), true);
        let mut offer = t.schedule_offer(1_000_000).unwrap().unwrap();
        let mut short = offer.clone();
        short.rounds.pop();
        let err = t
            .decide(&Actor::Director, Command::AdoptSchedule { offer: short })
            .unwrap_err();
        assert!(err.to_string().contains("rounds 2 to 5"), "{err}");
        offer.rounds[1].tables[0].seats.0[0] = offer.rounds[1].tables[1].seats.0[0];
        let err = t
            .decide(&Actor::Director, Command::AdoptSchedule { offer })
            .unwrap_err();
        assert!(err.to_string().contains("round 3"), "{err}");
    }
}
