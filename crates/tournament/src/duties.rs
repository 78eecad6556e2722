//! Who checks whose scores at one table, as the score page and the printed
//! sheet say it: `[verification]` (R14) for the seats present. At a table
//! of three the empty seat's partner is checked by the sheet keeper (East:
//! standard 4, "where there is a designated EAST-SCOREKEEPER, then all
//! game-scores will be verified by EAST"), and the partner signs for nobody,
//! so the sheet does not need their signature. What is said here is what
//! [`crate::missing_signatures`] requires (a test holds them together).

use crate::model::PlayerNo;
use jongg_rules::Preset;
use jongg_tiles::{BySeat, Seat};

/// One seated player's signing duty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duty {
    /// The seats whose scores this player's signature vouches for (their
    /// own first, where every player signs their own), all seated.
    pub checks: Vec<Seat>,
    /// The other seated players who check this player's scores; empty: any
    /// other player's signature vouches for them (the sheet keeper's own,
    /// with the keeper's partner absent).
    pub checked_by: Vec<Seat>,
    /// Whether the sheet needs this player's signature.
    pub required: bool,
}

/// Each seated player's duty under `preset`; `None` for an empty seat.
pub fn signing_duties(preset: &Preset, players: &BySeat<Option<PlayerNo>>) -> BySeat<Option<Duty>> {
    let v = &preset.verification;
    let seated = |s: Seat| players[s].is_some();
    let verified = |o: Seat| {
        Seat::ALL
            .into_iter()
            .any(|x| x != o && seated(x) && v.verifies[x].contains(&o))
    };
    let checks = BySeat::from_fn(|s| {
        let mut c: Vec<Seat> = Vec::new();
        if v.sign_own {
            c.push(s);
        }
        c.extend(v.verifies[s].iter().copied().filter(|&o| seated(o)));
        // The partner's duty falls to the keeper (standard 4, R14).
        if s == v.sheet_keeper && !v.sign_own {
            let unchecked: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&o| o != s && seated(o) && !verified(o) && !c.contains(&o))
                .collect();
            c.extend(unchecked);
        }
        c
    });
    BySeat::from_fn(|s| {
        seated(s).then(|| Duty {
            checks: checks[s].clone(),
            checked_by: Seat::ALL
                .into_iter()
                .filter(|&x| x != s && seated(x) && checks[x].contains(&s))
                .collect(),
            required: !checks[s].is_empty(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::missing_signatures;
    use jongg_rules::PRESET_NAMES;
    use std::collections::BTreeSet;

    fn table(empty: Option<Seat>) -> BySeat<Option<PlayerNo>> {
        BySeat::from_fn(|s| (Some(s) != empty).then_some(PlayerNo(s.index() as u32 + 1)))
    }

    /// standard 4, st-louis-senior-olympics 5b (R12, R14): at a table of
    /// three without North, East checks West and South, and South, who has
    /// nobody to check, is not asked to sign; the page says what the
    /// acceptance requires, for every preset and every empty seat.
    #[test]
    fn standard_4_st_louis_5b_a_table_of_three_says_what_it_requires() {
        for name in ["standard", "st-louis-senior-olympics"] {
            let p = Preset::builtin(name).unwrap();
            let d = signing_duties(&p, &table(Some(Seat::North)));
            let east = d[Seat::East].as_ref().unwrap();
            assert_eq!(east.checks, vec![Seat::West, Seat::South], "{name}");
            let south = d[Seat::South].as_ref().unwrap();
            assert!(south.checks.is_empty() && !south.required, "{name}");
            assert_eq!(south.checked_by, vec![Seat::East], "{name}");
            assert!(d[Seat::North].is_none());
        }
        for name in PRESET_NAMES {
            let p = Preset::builtin(name).unwrap();
            // East, the keeper, is always seated (seating: a table without
            // East has its North move there).
            for empty in [None, Some(Seat::South), Some(Seat::West), Some(Seat::North)] {
                let players = table(empty);
                let none = BySeat([false; 4]);
                let required: BTreeSet<usize> = missing_signatures(&p, &players, &none, &[])
                    .iter()
                    .filter_map(|m| m.signer.map(Seat::index))
                    .collect();
                let said: BTreeSet<usize> = Seat::ALL
                    .into_iter()
                    .filter(|&s| {
                        signing_duties(&p, &players)[s]
                            .as_ref()
                            .is_some_and(|d| d.required)
                    })
                    .map(Seat::index)
                    .collect();
                assert_eq!(said, required, "{name}, empty seat {empty:?}");
            }
        }
    }
}
