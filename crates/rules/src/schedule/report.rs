//! Reading seatings back: repeat meetings, seat counts and itineraries.
//! These take any rounds (played, computed or a preset's), by player number.

use super::{Player, Round};
use crate::movement::Schedule;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Repeat meetings in `rounds`: each time two players sit at one table after
/// having met before (a pair that meets three times counts two).
pub fn repeat_meetings(rounds: &[Round]) -> u32 {
    let mut met: BTreeMap<(Player, Player), u32> = BTreeMap::new();
    for table in rounds.iter().flat_map(|r| &r.tables) {
        let at: Vec<Player> = table.0.iter().flatten().copied().collect();
        for (i, &a) in at.iter().enumerate() {
            for &b in &at[i + 1..] {
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
    }
    met.values().map(|m| m - 1).sum()
}

/// How many times each player sat in each seat in `rounds`.
pub fn seat_counts(rounds: &[Round]) -> BTreeMap<Player, BySeat<u32>> {
    let mut out: BTreeMap<Player, BySeat<u32>> = BTreeMap::new();
    for table in rounds.iter().flat_map(|r| &r.tables) {
        for (seat, p) in table.iter() {
            if let Some(p) = p {
                out.entry(*p).or_default()[seat] += 1;
            }
        }
    }
    out
}

/// A movement's seating (R13) as numbered players: the player who starts at
/// table t in seat s is number 4(t − 1) + s + 1 (East 0 .. North 3), the
/// order in which a request's players 1..=4T are first seated.
pub fn numbered(schedule: &Schedule) -> Vec<Round> {
    let number =
        |p: crate::movement::PlayerId| Player((p.table - 1) * 4 + p.seat.index() as u32 + 1);
    schedule
        .rounds
        .iter()
        .map(|r| Round {
            tables: r
                .tables
                .iter()
                .map(|t| t.seats.map(|p| Some(number(p))))
                .collect(),
            sit_outs: Vec::new(),
        })
        .collect()
}

/// Where a player is in one round: a table and seat, or sitting out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stop {
    pub round: u32,
    /// `None`: the player sits this round out.
    pub table: Option<u32>,
    pub seat: Option<Seat>,
}

/// One player's rounds, in order: what a player's slip says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Itinerary {
    pub player: Player,
    pub stops: Vec<Stop>,
}

/// Every player's itinerary through `rounds`, the first numbered
/// `first_round`; players by number.
pub fn itineraries(first_round: u32, rounds: &[Round]) -> Vec<Itinerary> {
    let mut out: BTreeMap<Player, Vec<Stop>> = BTreeMap::new();
    for (round, r) in (first_round..).zip(rounds) {
        for (table, seats) in (1..).zip(&r.tables) {
            for (seat, p) in seats.iter() {
                if let Some(p) = p {
                    out.entry(*p).or_default().push(Stop {
                        round,
                        table: Some(table),
                        seat: Some(seat),
                    });
                }
            }
        }
        for p in &r.sit_outs {
            out.entry(*p).or_default().push(Stop {
                round,
                table: None,
                seat: None,
            });
        }
    }
    out.into_iter()
        .map(|(player, mut stops)| {
            stops.sort_by_key(|s| s.round);
            Itinerary { player, stops }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(ps: [Option<u32>; 4]) -> BySeat<Option<Player>> {
        BySeat(ps.map(|p| p.map(Player)))
    }

    #[test]
    fn repeats_count_every_meeting_after_the_first() {
        let r = Round {
            tables: vec![table([Some(1), Some(2), Some(3), None])],
            sit_outs: vec![Player(4)],
        };
        assert_eq!(repeat_meetings(std::slice::from_ref(&r)), 0);
        assert_eq!(repeat_meetings(&[r.clone(), r.clone()]), 3);
        assert_eq!(repeat_meetings(&[r.clone(), r.clone(), r]), 6);
    }

    #[test]
    fn itineraries_list_tables_seats_and_sit_outs() {
        let r1 = Round {
            tables: vec![table([Some(1), Some(2), Some(3), None])],
            sit_outs: vec![Player(4)],
        };
        let r2 = Round {
            tables: vec![table([Some(4), Some(3), Some(2), None])],
            sit_outs: vec![Player(1)],
        };
        let it = itineraries(3, &[r1, r2]);
        assert_eq!(it.len(), 4);
        assert_eq!(it[0].player, Player(1));
        assert_eq!(
            it[0].stops,
            [
                Stop {
                    round: 3,
                    table: Some(1),
                    seat: Some(Seat::East)
                },
                Stop {
                    round: 4,
                    table: None,
                    seat: None
                },
            ]
        );
        assert_eq!(seat_counts(&[]).len(), 0);
    }
}
