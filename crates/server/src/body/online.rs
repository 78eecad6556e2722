//! A round played online (issue 23.7): the tables the director opens
//! online, and the seats bots play for absent players.

use super::rounds::Seat;
use jongg_tournament::{Command, RoundNo, TableNo};
use serde::Deserialize;
use utoipa::ToSchema;

/// Tables of the round under way opened online, and the seats bots play.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenOnline {
    /// The tables to open online; empty or left out: every table not
    /// online yet. The rest of a round plays in the hall.
    #[serde(default)]
    #[schema(value_type = Vec<u16>)]
    pub tables: Vec<TableNo>,
    /// Seats bots play for their absent players, marked on the sheet.
    #[serde(default)]
    pub bots: Vec<BotSeat>,
}

/// A seat a bot plays: its table and the seat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    #[schema(value_type = u16, minimum = 1)]
    pub table: TableNo,
    pub seat: Seat,
}

/// Seats of an online table bots play for their absent players.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FillWithBots {
    pub seats: Vec<Seat>,
}

impl OpenOnline {
    /// The commands: the tables opened, then one `FillWithBots` a table
    /// named among the bots, in the order first named.
    pub fn commands(self, round: RoundNo) -> Vec<Command> {
        let mut out = vec![Command::OpenOnline {
            round,
            tables: self.tables,
        }];
        let mut tables: Vec<TableNo> = Vec::new();
        for b in &self.bots {
            if !tables.contains(&b.table) {
                tables.push(b.table);
            }
        }
        for table in tables {
            let seats = self
                .bots
                .iter()
                .filter(|b| b.table == table)
                .map(|b| b.seat.into())
                .collect();
            out.push(Command::FillWithBots {
                round,
                table,
                seats,
            });
        }
        out
    }
}

impl FillWithBots {
    pub fn command(self, round: RoundNo, table: TableNo) -> Command {
        Command::FillWithBots {
            round,
            table,
            seats: self.seats.into_iter().map(Into::into).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_online_round_names_its_tables_and_groups_bots_by_table() {
        let b: OpenOnline = serde_json::from_str(
            r#"{"tables": [2, 1], "bots": [{"table": 1, "seat": "north"}, {"table": 2, "seat": "east"}, {"table": 1, "seat": "west"}]}"#,
        )
        .unwrap();
        let c = b.commands(RoundNo(3));
        assert_eq!(c.len(), 3);
        assert_eq!(
            c[0],
            Command::OpenOnline {
                round: RoundNo(3),
                tables: vec![TableNo(2), TableNo(1)]
            }
        );
        assert_eq!(
            c[1],
            Command::FillWithBots {
                round: RoundNo(3),
                table: TableNo(1),
                seats: vec![jongg_tiles::Seat::North, jongg_tiles::Seat::West]
            }
        );
        assert!(serde_json::from_str::<OpenOnline>(r#"{"tables": [-1]}"#).is_err());
        assert!(serde_json::from_str::<OpenOnline>(r#"{"tabels": []}"#).is_err());
        let all: OpenOnline = serde_json::from_str("{}").unwrap();
        assert_eq!(all.commands(RoundNo(1)).len(), 1);
    }
}
