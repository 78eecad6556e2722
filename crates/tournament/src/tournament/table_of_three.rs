//! The roll for East. A table of three (R12; standard 3A): before game 4
//! the players roll the dice again for East. A table of four (standard 3):
//! the player who rolls highest is East for game 1. The table records who
//! won the roll; from then on the sheet knows the dealer (the new East deals
//! that game, and the deal passes to the right among the players), and
//! fills it into the games' records.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::model::{GameNo, RoundNo, SheetState, TableNo};
use jongg_tiles::{BySeat, Seat};

impl Tournament {
    /// The table of three rolled again for East: `east` is East now.
    pub(super) fn record_east(
        &self,
        round: RoundNo,
        table: TableNo,
        east: Seat,
    ) -> Result<Vec<Event>, DomainError> {
        let rules = self.table_rules(round, table)?;
        let Some(reroll) = roll_for_east(&rules) else {
            return Err(DomainError::Invalid(format!(
                "table {table} does not roll again for East in round {round}: these rules give a table of three no second roll (R12)"
            )));
        };
        let sheet = self.sheet(round, table)?;
        if sheet.state == SheetState::Accepted {
            return Err(conflict(format!(
                "the sheet of table {table}, round {round} is accepted"
            )));
        }
        if sheet.players[east].is_none() {
            return Err(DomainError::Invalid(format!(
                "{east} is the empty seat at table {table}: East must be one of the three players"
            )));
        }
        let from = reroll.index().unwrap_or(0);
        if let Some(i) = (from..sheet.games.len()).find(|&i| sheet.games[i].is_some()) {
            return Err(conflict(format!(
                "game {} is already on the sheet: the roll for East is recorded before game {reroll} is entered ({})",
                i + 1,
                if rules.three_player {
                    "R12, standard 3A"
                } else {
                    "standard 3"
                }
            )));
        }
        Ok(vec![Event::EastRerolled { round, table, east }])
    }

    /// Who deals game `game` at a table of three once the table recorded
    /// its roll for East before game `reroll` (R12): None before that game
    /// or before the roll is recorded.
    pub(crate) fn dealer_after_reroll(
        &self,
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        reroll: Option<GameNo>,
    ) -> Option<Seat> {
        let sheet = self.sheet(round, table).ok()?;
        let seated = BySeat::from_fn(|s| sheet.players[s].is_some());
        dealer_from(seated, sheet.east_after_reroll?, reroll?, game)
    }
}

/// Before which game a table records its roll for East: at a table of
/// three, the preset's second roll (R12, standard 3A); at a table of four,
/// game 1 ("starting with player who rolls highest number who is then
/// designated as EAST", standard 3; unrecorded, East deals first, the text's
/// VARIATION and R12).
pub(crate) fn roll_for_east(rules: &crate::TableRules) -> Option<GameNo> {
    if rules.three_player {
        rules.reroll_east_before_game
    } else {
        Some(GameNo(1))
    }
}

/// The throws of one roll for East: each round of throws, each a seat
/// and its two dice.
pub type Throws = Vec<Vec<(Seat, [u8; 2])>>;

/// The roll for East (standard 3, 3A; 5C at a table of three): each seated
/// player throws two dice, the highest total is East, and the players tied
/// for the highest throw again among themselves. Answers East and every
/// round of throws, so a table can show everyone how East was found.
/// Draws from the one generator.
pub fn roll_dice_for_east(
    seated: BySeat<bool>,
    rng: &mut jongg_rules::rng::Rng,
) -> Option<(Seat, Throws)> {
    let mut rolling: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| seated[s]).collect();
    let mut throws = Vec::new();
    while !rolling.is_empty() {
        let round: Vec<(Seat, [u8; 2])> =
            rolling.iter().map(|&s| (s, [die(rng), die(rng)])).collect();
        let best = round.iter().map(|(_, d)| d[0] + d[1]).max()?;
        rolling = round
            .iter()
            .filter(|(_, d)| d[0] + d[1] == best)
            .map(|&(s, _)| s)
            .collect();
        throws.push(round);
        if let [east] = rolling[..] {
            return Some((east, throws));
        }
    }
    None
}

fn die(rng: &mut jongg_rules::rng::Rng) -> u8 {
    // `below(6)` is 0 to 5.
    1 + rng.below(6) as u8
}

/// The new `east` deals game `reroll`, and the deal passes to the right
/// among the seated players (R12).
fn dealer_from(seated: BySeat<bool>, east: Seat, reroll: GameNo, game: GameNo) -> Option<Seat> {
    if game < reroll {
        return None;
    }
    let players: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| seated[s]).collect();
    let start = players.iter().position(|&s| s == east)?;
    let after = usize::from(game.0 - reroll.0);
    Some(players[(start + after) % players.len()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    fn seven() -> Tournament {
        // Table 1 of four, table 2 of three (players 5-7, North empty).
        crate::testing::seated("standard", 7, None, true)
    }

    fn record(t: &mut Tournament, table: u16, east: Seat) -> Result<(), DomainError> {
        let c = Command::RecordEast {
            round: RoundNo(1),
            table: TableNo(table),
            east,
        };
        t.execute(
            Actor::Scorekeeper {
                round: RoundNo(1),
                table: TableNo(table),
            },
            c,
            3_000,
        )
        .map(|_| ())
    }

    #[test]
    fn the_dealer_after_the_roll_for_east_passes_to_the_right_r12() {
        let three = BySeat([true, true, true, false]);
        let g = |n| GameNo(n);
        assert_eq!(dealer_from(three, Seat::West, g(4), g(3)), None);
        assert_eq!(dealer_from(three, Seat::West, g(4), g(4)), Some(Seat::West));
        assert_eq!(dealer_from(three, Seat::West, g(4), g(5)), Some(Seat::East));
        assert_eq!(
            dealer_from(three, Seat::West, g(4), g(6)),
            Some(Seat::South)
        );
        assert_eq!(dealer_from(three, Seat::North, g(4), g(4)), None);
    }

    #[test]
    fn a_table_of_three_records_east_before_game_4_r12_standard_3a() {
        let mut t = seven();
        // Before the roll the sheet does not know who deals game 4.
        let before = t.table_game(RoundNo(1), TableNo(2), GameNo(4)).unwrap();
        assert_eq!(before.dealer, None);
        record(&mut t, 2, Seat::South).unwrap();
        let sheet = t.sheet(RoundNo(1), TableNo(2)).unwrap();
        assert_eq!(sheet.east_after_reroll, Some(Seat::South));
        let at = t.table_game(RoundNo(1), TableNo(2), GameNo(4)).unwrap();
        assert_eq!(at.dealer, Some(Seat::South));
        // Games before the roll keep R12's rotation from East.
        let g2 = t.table_game(RoundNo(1), TableNo(2), GameNo(2)).unwrap();
        assert_eq!(g2.dealer, Some(Seat::South));
        // Game 4's record is stored with its dealer.
        t.execute(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(2),
                game: GameNo(4),
                entry: Entry::Record {
                    record: read_record(&serde_json::json!({"result": "wall"})).unwrap(),
                },
            },
            3_000,
        )
        .unwrap();
        let sheet = t.sheet(RoundNo(1), TableNo(2)).unwrap();
        match &sheet.games[3].as_ref().unwrap().entry {
            Entry::Record { record } => assert_eq!(record.dealer, Some(Seat::South)),
            other => panic!("{other:?}"),
        }
        // Once game 4 is on the sheet the roll is not changed.
        let late = record(&mut t, 2, Seat::West).unwrap_err();
        assert!(late.to_string().contains("game 4 is already"), "{late}");
        // The audit log shows it.
        assert!(
            t.audit()
                .iter()
                .any(|a| a.action == AuditAction::EastRerolled && a.seat == Some(Seat::South))
        );
    }

    /// standard 3: "Each player rotates roll of dice ... starting with
    /// player who rolls highest number who is then designated as EAST": a
    /// table of four records the roll before game 1, and the deal passes to
    /// the right from there (R12's rotation).
    #[test]
    fn standard_3_a_table_of_four_records_the_roll_for_east_before_game_1() {
        let mut t = seven();
        let dealer = |t: &Tournament, g| {
            t.table_game(RoundNo(1), TableNo(1), GameNo(g))
                .unwrap()
                .dealer
        };
        assert_eq!(
            dealer(&t, 1),
            Some(Seat::East),
            "unrecorded: East deals first (R12)"
        );
        record(&mut t, 1, Seat::West).unwrap();
        assert_eq!(dealer(&t, 1), Some(Seat::West));
        assert_eq!(dealer(&t, 2), Some(Seat::North));
        assert_eq!(dealer(&t, 3), Some(Seat::East));
        t.execute(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(1),
                game: GameNo(1),
                entry: Entry::Record {
                    record: read_record(&serde_json::json!({"result": "wall"})).unwrap(),
                },
            },
            3_000,
        )
        .unwrap();
        let late = record(&mut t, 1, Seat::South).unwrap_err();
        assert!(late.to_string().contains("game 1 is already"), "{late}");
    }

    /// standard 3A, 5C: the players of a table of three roll for East;
    /// the highest throw is East, those tied throw again; the empty seat
    /// never throws.
    #[test]
    fn the_roll_for_east_finds_one_of_the_seated_by_the_highest_throw_standard_3a() {
        let three = BySeat([true, true, false, true]);
        let mut wins = BySeat([0u32; 4]);
        let mut rng = jongg_rules::rng::Rng::new(7);
        let total = |d: &[u8; 2]| d[0] + d[1];
        let mut ties = 0;
        for _ in 0..3_000 {
            let (east, throws) = roll_dice_for_east(three, &mut rng).unwrap();
            wins[east] += 1;
            assert_eq!(throws[0].len(), 3, "every seated player throws first");
            for (i, round) in throws.iter().enumerate() {
                assert!(
                    round
                        .iter()
                        .all(|(s, d)| three[*s] && d.iter().all(|x| (1..=6).contains(x)))
                );
                let best = round.iter().map(|(_, d)| total(d)).max().unwrap();
                let top: Vec<Seat> = round
                    .iter()
                    .filter(|(_, d)| total(d) == best)
                    .map(|p| p.0)
                    .collect();
                match throws.get(i + 1) {
                    // Those tied, and only they, throw again.
                    Some(next) => {
                        assert_eq!(next.iter().map(|p| p.0).collect::<Vec<_>>(), top);
                        ties += 1;
                    }
                    None => assert_eq!(top, vec![east]),
                }
            }
        }
        assert!(ties > 100, "ties happen and are thrown again ({ties})");
        assert_eq!(wins[Seat::West], 0, "the empty seat");
        for s in [Seat::East, Seat::South, Seat::North] {
            assert!(
                (800..1_200).contains(&wins[s]),
                "{s} won {} of 3,000",
                wins[s]
            );
        }
        assert_eq!(roll_dice_for_east(BySeat([false; 4]), &mut rng), None);
    }

    #[test]
    fn the_empty_seat_is_refused_r12() {
        let mut t = seven();
        let empty = record(&mut t, 2, Seat::North).unwrap_err();
        assert!(empty.to_string().contains("empty seat"), "{empty}");
        // Another table's scorekeeper may not.
        let c = Command::RecordEast {
            round: RoundNo(1),
            table: TableNo(2),
            east: Seat::East,
        };
        let other = Actor::Scorekeeper {
            round: RoundNo(1),
            table: TableNo(1),
        };
        assert!(matches!(
            t.decide(&other, c),
            Err(DomainError::Forbidden { .. })
        ));
    }
}
