//! The roster: registering players, correcting them, and the changes of a
//! tournament day (withdrawal, late arrival, substitution). A change of
//! players re-seats a round seated but not started (`rounds.rs`).

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::{MAX_NAME, MAX_PLAYERS, check_text};
use crate::model::{Player, PlayerNo, PlayerStatus, RoundState};
use std::collections::{BTreeMap, BTreeSet};

impl Tournament {
    /// Register a player; `late` players are not seated until they arrive.
    pub(super) fn register(
        &self,
        number: PlayerNo,
        name: String,
        club: Option<String>,
        late: bool,
    ) -> Result<Vec<Event>, DomainError> {
        if self.players.contains_key(&number) {
            return Err(DomainError::DuplicatePlayer(number));
        }
        self.room_for_a_player()?;
        let player = Player {
            number,
            name: name.trim().to_string(),
            club: clean_club(club),
            status: if late {
                PlayerStatus::Late
            } else {
                PlayerStatus::Active
            },
            substitute_for: None,
        };
        check_player(&player)?;
        let mut events = vec![Event::PlayerRegistered {
            player: player.clone(),
        }];
        // The roster is copied only when a round waits to be
        // re-seated (a list of thousands registers in linear time).
        if self
            .rounds
            .last()
            .is_some_and(|r| r.state == RoundState::Seated)
        {
            let mut players = self.players.clone();
            players.insert(number, player);
            events.extend(self.reseat_pending(&players, None)?);
        }
        Ok(events)
    }

    /// Correct a player's name or club (`club: Some(None)` clears it).
    pub(super) fn update_player(
        &self,
        number: PlayerNo,
        name: Option<String>,
        club: Option<Option<String>>,
    ) -> Result<Vec<Event>, DomainError> {
        let before = self.player(number)?.clone();
        let mut after = before.clone();
        if let Some(name) = name {
            after.name = name.trim().to_string();
        }
        if let Some(club) = club {
            after.club = clean_club(club);
        }
        check_player(&after)?;
        if after == before {
            return Ok(vec![]);
        }
        Ok(vec![Event::PlayerUpdated { before, after }])
    }

    /// The player leaves; scores so far stand; not seated in later rounds.
    pub(super) fn withdraw(&self, number: PlayerNo) -> Result<Vec<Event>, DomainError> {
        let p = self.player(number)?;
        if let PlayerStatus::Withdrawn { .. } = p.status {
            return Err(conflict(format!("player {number} has already withdrawn")));
        }
        let after_round = self.rounds_started();
        let mut players = self.players.clone();
        if let Some(p) = players.get_mut(&number) {
            p.status = PlayerStatus::Withdrawn { after_round };
        }
        let mut events = vec![Event::PlayerWithdrawn {
            number,
            after_round,
        }];
        events.extend(self.reseat_pending(&players, None)?);
        Ok(events)
    }

    /// The player has not arrived: not seated until they do.
    pub(super) fn mark_late(&self, number: PlayerNo) -> Result<Vec<Event>, DomainError> {
        let p = self.player(number)?;
        if p.status != PlayerStatus::Active {
            return Err(conflict(format!("player {number} is not active")));
        }
        if self.has_played(number) {
            return Err(conflict(format!(
                "player {number} has played already; withdraw them instead"
            )));
        }
        let mut players = self.players.clone();
        if let Some(p) = players.get_mut(&number) {
            p.status = PlayerStatus::Late;
        }
        let mut events = vec![Event::PlayerMarkedLate { number }];
        events.extend(self.reseat_pending(&players, None)?);
        Ok(events)
    }

    /// A late player arrived: seated from the next round not yet started.
    pub(super) fn arrive(&self, number: PlayerNo) -> Result<Vec<Event>, DomainError> {
        let p = self.player(number)?;
        if p.status != PlayerStatus::Late {
            return Err(conflict(format!("player {number} is not marked late")));
        }
        let mut players = self.players.clone();
        if let Some(p) = players.get_mut(&number) {
            p.status = PlayerStatus::Active;
        }
        let mut events = vec![Event::PlayerArrived { number }];
        events.extend(self.reseat_pending(&players, None)?);
        Ok(events)
    }

    /// A new player takes the place of `out`, who withdraws, and their seat
    /// in a round not yet started.
    pub(super) fn substitute(
        &self,
        out: PlayerNo,
        number: PlayerNo,
        name: String,
        club: Option<String>,
    ) -> Result<Vec<Event>, DomainError> {
        let gone = self.player(out)?;
        if let PlayerStatus::Withdrawn { .. } = gone.status {
            return Err(conflict(format!("player {out} has already withdrawn")));
        }
        if self.players.contains_key(&number) {
            return Err(DomainError::DuplicatePlayer(number));
        }
        self.room_for_a_player()?;
        let player = Player {
            number,
            name: name.trim().to_string(),
            club: clean_club(club),
            status: PlayerStatus::Active,
            substitute_for: Some(out),
        };
        check_player(&player)?;
        let after_round = self.rounds_started();
        let mut players = self.players.clone();
        if let Some(p) = players.get_mut(&out) {
            p.status = PlayerStatus::Withdrawn { after_round };
        }
        players.insert(number, player.clone());
        let mut events = vec![Event::PlayerSubstituted {
            out,
            after_round,
            player,
        }];
        events.extend(self.reseat_pending(&players, Some((out, number)))?);
        Ok(events)
    }

    /// A tournament registers at most [`MAX_PLAYERS`].
    fn room_for_a_player(&self) -> Result<(), DomainError> {
        if self.players.len() >= MAX_PLAYERS {
            return Err(DomainError::Invalid(format!(
                "the tournament has {MAX_PLAYERS} players, the most it can register"
            )));
        }
        Ok(())
    }

    fn has_played(&self, player: PlayerNo) -> bool {
        self.rounds.iter().any(|r| {
            r.state != RoundState::Seated
                && (r.seating.place_of(player).is_some()
                    || r.seating.sit_outs.iter().any(|s| s.player == player))
        })
    }

    /// The players who are playing (seated in the rounds to come).
    pub(super) fn active(players: &BTreeMap<PlayerNo, Player>) -> BTreeSet<PlayerNo> {
        players
            .values()
            .filter(|p| p.status == PlayerStatus::Active)
            .map(|p| p.number)
            .collect()
    }
}

fn clean_club(club: Option<String>) -> Option<String> {
    club.map(|c| c.trim().to_string()).filter(|c| !c.is_empty())
}

fn check_player(p: &Player) -> Result<(), DomainError> {
    if p.number.0 == 0 {
        return Err(DomainError::Invalid("player numbers start at 1".into()));
    }
    if p.name.is_empty() {
        return Err(DomainError::Invalid(format!(
            "player {} needs a name",
            p.number
        )));
    }
    check_text(
        &format!("the name of player {}", p.number),
        &p.name,
        MAX_NAME,
        false,
    )?;
    if let Some(club) = &p.club {
        check_text(
            &format!("the club of player {}", p.number),
            club,
            MAX_NAME,
            false,
        )?;
    }
    Ok(())
}
