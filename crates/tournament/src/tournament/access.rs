//! Who may do what: the public nothing; a scorekeeper only its own table's
//! sheet in the round under way; only the director amends.

use super::Tournament;
use crate::command::Command;
use crate::error::DomainError;
use crate::model::{Actor, SheetState};

impl Tournament {
    /// Whether `actor` may ask for `command` at all (the concern's own
    /// checks come after).
    pub(super) fn allowed(&self, actor: &Actor, command: &Command) -> Result<(), DomainError> {
        let forbid = |action: &str| {
            Err(DomainError::Forbidden {
                actor: *actor,
                action: action.to_string(),
            })
        };
        match (actor, command) {
            (Actor::Director, _) => Ok(()),
            (Actor::System, Command::AmendSheet { .. }) => forbid("amend an accepted sheet"),
            (Actor::System, _) => Ok(()),
            (Actor::Public, _) => forbid("change the tournament"),
            (
                Actor::Scorekeeper { round: r, table: t },
                Command::EnterGame { round, table, .. }
                | Command::SignSheet { round, table, .. }
                | Command::RecordEast { round, table, .. },
            ) => {
                if (r, t) != (round, table) {
                    return forbid(&format!("write the sheet of table {table}, round {round}"));
                }
                if self.current_round() != Some(*round) {
                    return forbid(&format!(
                        "write a sheet of round {round}: it is not under way"
                    ));
                }
                if self.sheet(*round, *table).is_ok_and(|s| s.online) {
                    return forbid(&format!(
                        "write the sheet of table {table}, round {round}: it is played online, and the table enters and signs its games (issue 23.7)"
                    ));
                }
                if self
                    .sheet(*round, *table)
                    .is_ok_and(|s| s.state == SheetState::Accepted)
                {
                    return Err(DomainError::SheetLocked {
                        round: *round,
                        table: *table,
                    });
                }
                Ok(())
            }
            (Actor::Official { official }, _) => self.official_may(*official, command),
            // A table calls the director from its own link (standard 22, 27).
            (
                Actor::Scorekeeper { round: r, table: t },
                Command::CallDirector { round, table, .. },
            ) => {
                if (r, t) != (round, table) {
                    return forbid(&format!("call for table {table}, round {round}"));
                }
                Ok(())
            }
            (Actor::Scorekeeper { .. }, _) => {
                forbid("do anything but enter and sign its own sheet")
            }
        }
    }
}
