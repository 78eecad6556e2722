//! What a re-seating changed (issue 13.2). A withdrawal, an arrival, a late
//! mark, a substitution or a new player re-seats the round seated but not
//! started (`tournament/rounds.rs`, moving as few players as it can); the
//! director is told who moved and which table cards to print again.

use crate::event::Event;
use crate::model::{PlayerNo, RoundNo, Seating, SeatingMethod, TableNo};
use crate::tournament::Tournament;
use jongg_tiles::Seat;

/// One player's place before and after (`None`: sitting out or not seated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub player: PlayerNo,
    pub from: Option<(TableNo, Seat)>,
    pub to: Option<(TableNo, Seat)>,
}

/// The roster change that re-seated the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReseatCause {
    Registered(PlayerNo),
    Withdrawn(PlayerNo),
    MarkedLate(PlayerNo),
    Arrived(PlayerNo),
    Substituted { out: PlayerNo, player: PlayerNo },
}

/// One re-seating of a round: why, who moved, which cards to print again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reseat {
    pub round: RoundNo,
    /// The seq of the `RoundSeated` event.
    pub seq: u64,
    pub cause: Option<ReseatCause>,
    pub moves: Vec<Move>,
    /// Tables whose seats changed (or that are new): their cards are wrong.
    pub reprint: Vec<TableNo>,
    /// Tables of the old seating that are gone: their cards go away.
    pub removed: Vec<TableNo>,
}

/// Who moved from `before` to `after`, and the tables whose cards changed.
pub fn changes(before: &Seating, after: &Seating) -> (Vec<Move>, Vec<TableNo>, Vec<TableNo>) {
    let mut players: Vec<PlayerNo> = before
        .tables
        .iter()
        .chain(&after.tables)
        .flat_map(|t| t.players().map(|(_, p)| p))
        .chain(
            before
                .sit_outs
                .iter()
                .chain(&after.sit_outs)
                .map(|s| s.player),
        )
        .collect();
    players.sort_unstable();
    players.dedup();
    let moves = players
        .into_iter()
        .filter_map(|player| {
            let from = before.place_of(player);
            let to = after.place_of(player);
            (from != to).then_some(Move { player, from, to })
        })
        .collect();
    let reprint = after
        .tables
        .iter()
        .filter(|t| before.table(t.table).is_none_or(|b| b.seats != t.seats))
        .map(|t| t.table)
        .collect();
    let removed = before
        .tables
        .iter()
        .filter(|t| after.table(t.table).is_none())
        .map(|t| t.table)
        .collect();
    (moves, reprint, removed)
}

fn cause_of(event: &Event) -> Option<ReseatCause> {
    Some(match event {
        Event::PlayerRegistered { player } => ReseatCause::Registered(player.number),
        Event::PlayerWithdrawn { number, .. } => ReseatCause::Withdrawn(*number),
        Event::PlayerMarkedLate { number } => ReseatCause::MarkedLate(*number),
        Event::PlayerArrived { number } => ReseatCause::Arrived(*number),
        Event::PlayerSubstituted { out, player, .. } => ReseatCause::Substituted {
            out: *out,
            player: player.number,
        },
        _ => return None,
    })
}

impl Tournament {
    /// The re-seatings of `round` since the director last seated it, oldest
    /// first (each compared with the seating just before it). A seating the
    /// director asks for again starts the list afresh: its cards are new.
    pub fn reseats(&self, round: RoundNo) -> Vec<Reseat> {
        let mut out = Vec::new();
        let mut current: Option<&Seating> = None;
        for (i, rec) in self.log().iter().enumerate() {
            let Event::RoundSeated { seating } = &rec.event else {
                continue;
            };
            if seating.round != round {
                continue;
            }
            match (current, &seating.method) {
                (Some(before), SeatingMethod::Adjusted) => {
                    let (moves, reprint, removed) = changes(before, seating);
                    let cause = i
                        .checked_sub(1)
                        .and_then(|j| self.log().get(j))
                        .and_then(|r| cause_of(&r.event));
                    out.push(Reseat {
                        round,
                        seq: rec.seq,
                        cause,
                        moves,
                        reprint,
                        removed,
                    });
                }
                _ => out.clear(),
            }
            current = Some(seating);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::seated;
    use crate::{Actor, Command};

    #[test]
    fn a_withdrawal_before_the_round_starts_names_who_moved_and_the_cards_to_reprint() {
        // 9 players by number at tables of three: 1-3, 4-6, 7-9.
        let mut t = seated("standard", 9, None, false);
        assert!(t.reseats(RoundNo(1)).is_empty());
        t.execute(
            Actor::Director,
            Command::WithdrawPlayer {
                number: PlayerNo(2),
            },
            5_000,
        )
        .unwrap();
        let r = t.reseats(RoundNo(1));
        assert_eq!(r.len(), 1);
        let r = &r[0];
        assert_eq!(r.cause, Some(ReseatCause::Withdrawn(PlayerNo(2))));
        let gone = r.moves.iter().find(|m| m.player == PlayerNo(2)).unwrap();
        assert!(gone.from.is_some() && gone.to.is_none());
        // Every moved player's tables, old and new, are to be reprinted.
        for m in &r.moves {
            for (table, _) in m.from.iter().chain(&m.to) {
                assert!(
                    r.reprint.contains(table) || r.removed.contains(table),
                    "{table} changed but is not reprinted"
                );
            }
        }
        // A table nobody moved at keeps its card.
        let seating = t.seating(RoundNo(1)).unwrap();
        for table in &seating.tables {
            let touched = r.moves.iter().any(|m| {
                m.from.map(|f| f.0) == Some(table.table) || m.to.map(|f| f.0) == Some(table.table)
            });
            assert_eq!(touched, r.reprint.contains(&table.table));
        }
    }

    #[test]
    fn a_new_seating_by_the_director_starts_the_list_afresh() {
        let mut t = seated("standard", 9, None, false);
        let mut go = |c| t.execute(Actor::Director, c, 5_000).unwrap();
        go(Command::MarkLate {
            number: PlayerNo(5),
        });
        go(Command::SeatRound {
            round: RoundNo(1),
            method: SeatingMethod::ByNumber,
        });
        assert!(t.reseats(RoundNo(1)).is_empty());
        t.execute(
            Actor::Director,
            Command::Arrive {
                number: PlayerNo(5),
            },
            6_000,
        )
        .unwrap();
        let r = t.reseats(RoundNo(1));
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].cause, Some(ReseatCause::Arrived(PlayerNo(5))));
        assert!(
            r[0].moves
                .iter()
                .any(|m| m.player == PlayerNo(5) && m.to.is_some())
        );
        assert!(!r[0].reprint.is_empty());
    }
}
