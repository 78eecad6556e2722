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
    },
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
    }) = records.first()
    else {
        return Err("record 1 is not the table's opening".into());
    };
    let mut out = Replayed {
        table: table.clone(),
        settings: settings.clone(),
        secret: *secret,
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
        };
        let e = replay(&[opened.clone(), opened]).unwrap_err();
        assert_eq!(e, "record 2: a second opening");
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
