//! Live tables' appends, committed in groups (issue 23, "Speed").
//!
//! Every table's owner appends its records and waits for the commit before it
//! tells any seat. One transaction per append made each move pay a whole
//! fsync, and SQLite's one writer queued every table's fsync behind the
//! others'. Here the appends that arrive while a commit runs wait together
//! and go in the next transaction: a thousand tables pay for a few fsyncs a
//! second, not a thousand. As for tournaments (the server's
//! `state/tournaments.rs`), the committer is a task of its own that runs
//! while anything is queued, so an owner dropped mid-wait cannot cancel a
//! commit half way, and no append waits behind later ones.
//!
//! Each append stays all-or-nothing. If a group's transaction fails, its
//! appends are tried again one by one, so one table's bad append (a record
//! number already taken) fails that table only.

use crate::live_tables::LiveTableId;
use crate::{Store, StoreError};
use jongg_play::LogRecord;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::oneshot;

/// One table's records, numbered from `first`.
#[derive(Clone, Debug)]
pub(crate) struct LiveAppend {
    pub table: LiveTableId,
    pub first: i64,
    pub records: Vec<LogRecord>,
}

/// Rows of one INSERT (three values a row: well under every backend's limit
/// of bound values, and few statements for a large group).
const ROWS_PER_INSERT: usize = 200;

type Waiter = oneshot::Sender<Result<(), String>>;

/// The queue of appends waiting for a commit, shared by a store's clones.
#[derive(Debug, Default)]
pub(crate) struct LiveCommits {
    queue: Mutex<Queue>,
    /// Transactions the committer has run (the measure of the grouping).
    commits: AtomicU64,
}

#[derive(Debug, Default)]
struct Queue {
    appends: Vec<(LiveAppend, Waiter)>,
    committing: bool,
}

/// The committer while it runs. Should it end before the queue is empty (a
/// panic in a commit), the appends still queued are failed (their waiters
/// told the commit was dropped) and the queue is freed, so that the next
/// append starts a new committer instead of waiting behind a flag that
/// nobody would clear.
struct OnDuty<'a> {
    commits: &'a LiveCommits,
    /// It emptied the queue and cleared the flag itself.
    done: bool,
}

impl Drop for OnDuty<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut q = self.commits.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.committing = false;
        q.appends.clear();
    }
}

impl Store {
    /// Appends `append` in the next group commit; returns once that commit
    /// is done (or failed).
    pub(crate) async fn append_live(&self, append: LiveAppend) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        let start = {
            let mut q = self
                .live_commits
                .queue
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            q.appends.push((append, tx));
            !std::mem::replace(&mut q.committing, true)
        };
        if start {
            tokio::spawn(self.clone().commit_live_queue());
        }
        rx.await
            .unwrap_or_else(|_| Err("the live table's commit was dropped".into()))
    }

    /// How many group commits of live tables' records have run.
    pub fn live_commits(&self) -> u64 {
        self.live_commits.commits.load(Ordering::Relaxed)
    }

    /// Commits the queue, group after group, until it is empty.
    async fn commit_live_queue(self) {
        let mut on_duty = OnDuty {
            commits: &self.live_commits,
            done: false,
        };
        loop {
            let group = {
                let mut q = self
                    .live_commits
                    .queue
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                if q.appends.is_empty() {
                    q.committing = false;
                    on_duty.done = true;
                    return;
                }
                std::mem::take(&mut q.appends)
            };
            let (appends, waiters): (Vec<_>, Vec<_>) = group.into_iter().unzip();
            self.live_commits.commits.fetch_add(1, Ordering::Relaxed);
            match self.write_live_appends(&appends).await {
                Ok(()) => {
                    for w in waiters {
                        let _ = w.send(Ok(()));
                    }
                }
                Err(_) if appends.len() > 1 => {
                    // Find whose append failed: each alone, in order.
                    for (a, w) in appends.into_iter().zip(waiters) {
                        let alone = self.write_live_appends(std::slice::from_ref(&a)).await;
                        let _ = w.send(alone.map_err(|e| e.to_string()));
                    }
                }
                Err(e) => {
                    for w in waiters {
                        let _ = w.send(Err(e.to_string()));
                    }
                }
            }
        }
    }

    /// One transaction: every append's records, and the tables whose game
    /// they end marked finished.
    pub(crate) async fn write_live_appends(
        &self,
        appends: &[LiveAppend],
    ) -> Result<(), StoreError> {
        let mut rows = Vec::new();
        for a in appends {
            for (i, r) in a.records.iter().enumerate() {
                rows.push((
                    a.table.as_str(),
                    a.first + i as i64,
                    serde_json::to_string(r)?,
                ));
            }
        }
        let mut tx = self.begin_write().await?;
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            let values: Vec<String> = (0..chunk.len())
                .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
                .collect();
            let sql = format!(
                "INSERT INTO live_table_records (table_id, record_no, record) VALUES {}",
                values.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for (table, no, text) in chunk {
                query = query.bind(*table).bind(*no).bind(text.as_str());
            }
            query.execute(&mut *tx).await?;
        }
        for a in appends
            .iter()
            .filter(|a| a.records.iter().any(LogRecord::ends_game))
        {
            sqlx::query("UPDATE live_tables SET status = 'finished' WHERE id = $1")
                .bind(a.table.as_str())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queued(commits: &LiveCommits) -> oneshot::Receiver<Result<(), String>> {
        let (tx, rx) = oneshot::channel();
        let mut q = commits.queue.lock().unwrap();
        q.appends.push((
            LiveAppend {
                table: LiveTableId::new(),
                first: 1,
                records: Vec::new(),
            },
            tx,
        ));
        q.committing = true;
        rx
    }

    #[test]
    fn a_committer_that_ends_before_the_queue_is_empty_fails_its_waiters_and_frees_the_queue() {
        let commits = LiveCommits::default();
        let mut waiting = queued(&commits);
        drop(OnDuty {
            commits: &commits,
            done: false,
        });
        let q = commits.queue.lock().unwrap();
        assert!(!q.committing, "the next append starts a committer");
        assert!(q.appends.is_empty());
        assert!(
            matches!(
                waiting.try_recv(),
                Err(oneshot::error::TryRecvError::Closed)
            ),
            "its waiter is told the commit was dropped, not left waiting"
        );
    }

    #[test]
    fn a_committer_that_emptied_the_queue_leaves_the_next_ones_appends_alone() {
        let commits = LiveCommits::default();
        // The next committer's append, queued after this one finished.
        let mut waiting = queued(&commits);
        drop(OnDuty {
            commits: &commits,
            done: true,
        });
        let q = commits.queue.lock().unwrap();
        assert!(q.committing);
        assert_eq!(q.appends.len(), 1);
        drop(q);
        assert!(matches!(
            waiting.try_recv(),
            Err(oneshot::error::TryRecvError::Empty)
        ));
    }
}
