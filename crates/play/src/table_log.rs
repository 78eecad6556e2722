//! A live table's log: what its owner appends before it tells any seat, and
//! reads back to resume after a restart. The store implements [`TableLog`]
//! on SQL; [`MemoryLog`] is the one here, for tests and bot tables.

use crate::game_log::FairGameLog;
use crate::settings::TableSettings;
use crate::wall::{Contribution, ServerSeed, WallProof};
use jongg_game::{Event, Table};
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// One entry of a table's log. Server-side only: `Opened` holds the secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum LogRecord {
    Opened {
        table: Table,
        settings: TableSettings,
        secret: ServerSeed,
        /// A practice table set up from a position (`position.rs`): its
        /// text, the table's start in place of a drawn wall.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
    },
    /// A table set up from a position: its players are here and play
    /// begins from the position (a drawn table begins with its deal's events).
    SetOut,
    Contributed {
        seat: Seat,
        contribution: Contribution,
    },
    /// The events of one action (or of the deal), acknowledged together.
    Played {
        events: Vec<Event>,
    },
    StandIn {
        seat: Seat,
        bot: bool,
    },
    /// The owner started again from this log: its messages are numbered anew.
    Resumed {
        run: u32,
    },
}

impl LogRecord {
    /// Whether this record begins play: the deal's events, or a position set out.
    pub fn begins_play(&self) -> bool {
        matches!(self, LogRecord::Played { .. } | LogRecord::SetOut)
    }

    /// Whether this record holds the game's end: the table is finished
    /// once it is stored (the store marks it in the same transaction).
    pub fn ends_game(&self) -> bool {
        matches!(self, LogRecord::Played { events } if events.iter().any(|e| matches!(e, Event::Ended { .. })))
    }
}

/// Where a table's owner writes. `append` returns once the records are
/// stored (acknowledged); the owner tells no seat before.
pub trait TableLog: Send + 'static {
    fn append(
        &mut self,
        records: Vec<LogRecord>,
    ) -> impl Future<Output = Result<(), String>> + Send;
    fn load(&mut self) -> impl Future<Output = Result<Vec<LogRecord>, String>> + Send;
}

/// A log in memory; clones share it (a test drops the owner and resumes
/// from the same log). `fail` makes appends fail, to test that nothing
/// unacknowledged is told.
#[derive(Clone, Debug, Default)]
pub struct MemoryLog {
    records: Arc<Mutex<Vec<LogRecord>>>,
    fail: Arc<AtomicBool>,
}

impl MemoryLog {
    pub fn records(&self) -> Vec<LogRecord> {
        self.records.lock().map(|r| r.clone()).unwrap_or_default()
    }

    pub fn fail(&self, fail: bool) {
        self.fail.store(fail, Ordering::SeqCst);
    }
}

impl TableLog for MemoryLog {
    async fn append(&mut self, records: Vec<LogRecord>) -> Result<(), String> {
        if self.fail.load(Ordering::SeqCst) {
            return Err("the log refused the write (a test's failure)".into());
        }
        self.records
            .lock()
            .map_err(|_| "the log's lock is poisoned".to_string())?
            .extend(records);
        Ok(())
    }

    async fn load(&mut self) -> Result<Vec<LogRecord>, String> {
        Ok(self.records())
    }
}

/// A table as its log tells it.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub table: Table,
    pub settings: TableSettings,
    pub secret: ServerSeed,
    /// The position the table was set up from, if it was.
    pub position: Option<String>,
    /// The position was set out: play began from it.
    pub set_out: bool,
    pub contributions: BySeat<Option<Contribution>>,
    pub events: Vec<Event>,
    pub bots: BySeat<bool>,
    pub runs: u32,
}

/// Folds a table's log; the error names the record that does not fit.
pub fn replay(records: &[LogRecord]) -> Result<Replayed, String> {
    let Some(LogRecord::Opened {
        table,
        settings,
        secret,
        position,
    }) = records.first()
    else {
        return Err("record 1 is not the table's opening".into());
    };
    let mut out = Replayed {
        table: table.clone(),
        settings: settings.clone(),
        secret: *secret,
        position: position.clone(),
        set_out: false,
        contributions: BySeat::default(),
        events: Vec::new(),
        bots: BySeat::default(),
        runs: 0,
    };
    for (i, r) in records.iter().enumerate().skip(1) {
        match r {
            LogRecord::Opened { .. } => {
                return Err(format!("record {}: a second opening", i + 1));
            }
            LogRecord::Contributed { .. } if out.position.is_some() => {
                return Err(format!(
                    "record {}: a contribution to a table set up from a position",
                    i + 1
                ));
            }
            LogRecord::SetOut if out.position.is_none() || out.set_out => {
                return Err(format!(
                    "record {}: a position set out on a table that has none, or twice",
                    i + 1
                ));
            }
            LogRecord::SetOut => out.set_out = true,
            LogRecord::Played { .. } if out.position.is_some() && !out.set_out => {
                return Err(format!(
                    "record {}: a move before the position was set out",
                    i + 1
                ));
            }
            LogRecord::Contributed { seat, contribution } => {
                if !out.events.is_empty() {
                    return Err(format!("record {}: a contribution after the deal", i + 1));
                }
                out.contributions[*seat] = Some(contribution.clone());
            }
            LogRecord::Played { events } => out.events.extend(events.iter().cloned()),
            LogRecord::StandIn { seat, bot } => out.bots[*seat] = *bot,
            LogRecord::Resumed { run } => out.runs = *run,
        }
    }
    Ok(out)
}

impl Replayed {
    pub fn contributions(&self) -> BySeat<Contribution> {
        BySeat::from_fn(|s| self.contributions[s].clone().unwrap_or_default())
    }

    /// The finished game with its proof, for `jongg verify-wall`; `None`
    /// while the game is on (the seed stays secret until it ends).
    pub fn fair_log(&self) -> Option<FairGameLog> {
        let over = self.events.iter().any(|e| matches!(e, Event::Ended { .. }));
        over.then(|| FairGameLog {
            proof: WallProof {
                commitment: self.secret.commitment(),
                contributions: self.contributions(),
                seed: self.secret,
            },
            position: self.position.clone(),
            events: self.events.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_that_does_not_open_is_named() {
        let e = replay(&[LogRecord::Resumed { run: 1 }]).unwrap_err();
        assert_eq!(e, "record 1 is not the table's opening");
        let opened = LogRecord::Opened {
            table: Table::standard(),
            settings: TableSettings::default(),
            secret: ServerSeed::from_bytes([0; 32]),
            position: None,
        };
        let e = replay(&[opened.clone(), opened]).unwrap_err();
        assert_eq!(e, "record 2: a second opening");
    }

    #[test]
    fn a_set_up_tables_log_holds_its_position_and_takes_no_contribution() {
        let opened = LogRecord::Opened {
            table: Table::standard(),
            settings: TableSettings::default(),
            secret: ServerSeed::from_bytes([0; 32]),
            position: Some("turn E".into()),
        };
        let played = LogRecord::Played { events: vec![] };
        let r = replay(&[opened.clone(), LogRecord::SetOut, played.clone()]).unwrap();
        assert_eq!(r.position.as_deref(), Some("turn E"));
        assert!(r.set_out);
        let contributed = LogRecord::Contributed {
            seat: Seat::East,
            contribution: Contribution::default(),
        };
        let e = replay(&[opened.clone(), contributed]).unwrap_err();
        assert!(e.starts_with("record 2: a contribution"), "{e}");
        let e = replay(&[opened.clone(), played]).unwrap_err();
        assert!(e.starts_with("record 2: a move before"), "{e}");
        let e = replay(&[opened, LogRecord::SetOut, LogRecord::SetOut]).unwrap_err();
        assert!(e.starts_with("record 3: a position set out"), "{e}");
        // The opening of a drawn table is written as it always was.
        let drawn = LogRecord::Opened {
            table: Table::standard(),
            settings: TableSettings::default(),
            secret: ServerSeed::from_bytes([0; 32]),
            position: None,
        };
        let json = serde_json::to_string(&drawn).unwrap();
        assert!(!json.contains("position"), "{json}");
    }

    #[tokio::test]
    async fn a_failing_memory_log_stores_nothing() {
        let mut log = MemoryLog::default();
        log.fail(true);
        assert!(
            log.append(vec![LogRecord::Resumed { run: 1 }])
                .await
                .is_err()
        );
        assert!(log.records().is_empty());
        log.fail(false);
        log.append(vec![LogRecord::Resumed { run: 1 }])
            .await
            .unwrap();
        assert_eq!(log.load().await.unwrap().len(), 1);
    }
}
