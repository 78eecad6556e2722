//! No silent overwrite (issue 13): every sheet carries the seq of the last
//! event that changed it (its version). An edit names the version it
//! started from and is refused if someone saved the sheet meanwhile; and
//! since entering a game clears the signatures (they vouched for other
//! numbers), an edit of a signed sheet is refused unless it says it knows.
//! The server checks these under the same lock as `decide`.

use super::{Tournament, sheet_index};
use crate::event::Event;
use crate::model::{RoundNo, SheetState, TableNo};
use jongg_tiles::Seat;

/// What an edit of a sheet started from, as the page or client says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EditBasis {
    /// The sheet's version the edit was made on (None: not said, not checked).
    pub version: Option<u64>,
    /// The editor was told the signatures will be cleared, and goes on.
    pub clear_signatures: bool,
}

/// Why an edit is refused before it is decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditRefused {
    /// Someone saved the sheet after the version the edit started from.
    Stale { yours: u64, current: u64 },
    /// The sheet has signatures this edit would clear.
    ClearsSignatures { signed: Vec<Seat> },
}

impl std::fmt::Display for EditRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditRefused::Stale { .. } => f.write_str(
                "Someone else saved this sheet while you were editing: here is what they saved. \
                 Nothing of yours was saved; check the sheet and enter your game again if it is still needed.",
            ),
            EditRefused::ClearsSignatures { signed } => {
                let names: Vec<String> = signed.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "This sheet is signed ({}). Changing a game clears every signature, and each player signs again. Say that you want this, then save again.",
                    names.join(", ")
                )
            }
        }
    }
}

/// The sheet an event changes, if any.
fn sheet_of(event: &Event) -> Option<(RoundNo, TableNo)> {
    match event {
        Event::GameEntered { round, table, .. }
        | Event::SheetSigned { round, table, .. }
        | Event::SheetAccepted { round, table }
        | Event::SheetAmended { round, table, .. }
        | Event::EastRerolled { round, table, .. } => Some((*round, *table)),
        _ => None,
    }
}

impl Tournament {
    /// After event `seq` is applied: its sheet's version is `seq`.
    pub(super) fn touch_sheet(&mut self, event: &Event, seq: u64) {
        let Some((round, table)) = sheet_of(event) else {
            return;
        };
        let Some(r) = round.index().and_then(|i| self.rounds.get_mut(i)) else {
            return;
        };
        if let Some(i) = sheet_index(&r.sheets, table) {
            r.sheets[i].version = seq;
        }
    }

    /// Whether an edit of the sheet of `table`, round `round`, made on
    /// `basis`, may go on to `decide`. `clears` says whether the edit
    /// clears the signatures (entering a game does; signing does not).
    /// A sheet that does not exist, or is accepted, passes: `decide` says
    /// why nothing may be written there.
    pub fn check_edit(
        &self,
        round: RoundNo,
        table: TableNo,
        basis: EditBasis,
        clears: bool,
    ) -> Result<(), EditRefused> {
        let Ok(sheet) = self.sheet(round, table) else {
            return Ok(());
        };
        if sheet.state == SheetState::Accepted {
            return Ok(());
        }
        if let Some(yours) = basis.version
            && yours != sheet.version
        {
            return Err(EditRefused::Stale {
                yours,
                current: sheet.version,
            });
        }
        let signed: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| sheet.signed[s]).collect();
        if clears && !signed.is_empty() && !basis.clear_signatures {
            return Err(EditRefused::ClearsSignatures { signed });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use jongg_tiles::BySeat;

    fn enter(t: &mut Tournament, game: u8, east: i32) {
        let entry = Entry::Points {
            points: BySeat([east, -east, 0, 0]),
            mah_jongg: None,
        };
        t.execute(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(1),
                game: GameNo(game),
                entry,
            },
            3_000,
        )
        .unwrap();
    }

    fn version(t: &Tournament) -> u64 {
        t.sheet(RoundNo(1), TableNo(1)).unwrap().version
    }

    #[test]
    fn a_sheet_s_version_is_the_seq_of_its_last_change() {
        let mut t = crate::testing::seated("standard", 8, None, true);
        assert_eq!(version(&t), 0);
        enter(&mut t, 1, 10);
        let v1 = version(&t);
        assert_eq!(v1, t.log().last().unwrap().seq);
        // Another table's entry leaves this sheet's version alone.
        t.execute(
            Actor::Director,
            Command::EnterGame {
                round: RoundNo(1),
                table: TableNo(2),
                game: GameNo(1),
                entry: Entry::Points {
                    points: BySeat([0; 4]),
                    mah_jongg: None,
                },
            },
            3_000,
        )
        .unwrap();
        assert_eq!(version(&t), v1);
        enter(&mut t, 2, 20);
        assert!(version(&t) > v1);
        // A replay of the log folds to the same versions.
        let again = Tournament::replay(t.log().to_vec()).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn an_edit_made_on_an_older_version_is_refused() {
        let mut t = crate::testing::seated("standard", 8, None, true);
        let seen = version(&t);
        let basis = EditBasis {
            version: Some(seen),
            clear_signatures: false,
        };
        assert_eq!(t.check_edit(RoundNo(1), TableNo(1), basis, true), Ok(()));
        // The other phone saves first.
        enter(&mut t, 1, 10);
        let refused = t
            .check_edit(RoundNo(1), TableNo(1), basis, true)
            .unwrap_err();
        assert_eq!(
            refused,
            EditRefused::Stale {
                yours: seen,
                current: version(&t)
            }
        );
        assert!(
            refused
                .to_string()
                .contains("Someone else saved this sheet")
        );
        // No version named: not checked (the command line, imports).
        assert_eq!(
            t.check_edit(RoundNo(1), TableNo(1), EditBasis::default(), true),
            Ok(())
        );
    }

    #[test]
    fn editing_a_signed_sheet_must_say_it_clears_the_signatures_r14() {
        let mut t = crate::testing::seated("standard", 8, None, true);
        for g in 1..=4 {
            enter(&mut t, g, 10);
        }
        t.execute(
            Actor::Director,
            Command::SignSheet {
                round: RoundNo(1),
                table: TableNo(1),
                seat: Seat::South,
                game: None,
                device: None,
            },
            4_000,
        )
        .unwrap();
        let v = Some(version(&t));
        let unaware = EditBasis {
            version: v,
            clear_signatures: false,
        };
        assert_eq!(
            t.check_edit(RoundNo(1), TableNo(1), unaware, true),
            Err(EditRefused::ClearsSignatures {
                signed: vec![Seat::South]
            })
        );
        // Signing again does not clear anything.
        assert_eq!(t.check_edit(RoundNo(1), TableNo(1), unaware, false), Ok(()));
        let aware = EditBasis {
            version: v,
            clear_signatures: true,
        };
        assert_eq!(t.check_edit(RoundNo(1), TableNo(1), aware, true), Ok(()));
    }
}
