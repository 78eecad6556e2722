//! How many live tables a server keeps, and for how long a table nobody
//! joined (issue 34.3). 402 addresses filled the 10,000 tables in 16 s;
//! practice tables, lobby starts and the director's online round were then
//! refused for 45 minutes. Now:
//!
//! - only tables still being played count, and only those of practice and
//!   the lobby: a finished (or retired) table stops counting at once;
//! - a tournament round's tables are never refused for room (nor counted):
//!   the director has made them, one per table of the round;
//! - a table whose game was never dealt and whose person seats nobody
//!   said hello to is closed after [`TableLimits::unjoined_close`]: marked
//!   finished in the store, its owner stopped, never dealt, so no bot plays
//!   it. The sweep runs before each creation and once a minute.

use super::{Mounted, Tables};
use crate::http::error::ApiError;
use jongg_store::now_millis;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The most practice and lobby tables being played at once.
pub(crate) const MOST_OPEN: usize = 10_000;

/// How long a table nobody joined waits before it closes.
pub(crate) const UNJOINED_CLOSE: Duration = Duration::from_secs(10 * 60);

/// How long a waiting room of the lobby stays without a join.
pub(crate) const ROOM_IDLE: Duration = Duration::from_secs(2 * 60 * 60);

/// The bounds on live tables and the lobby's rooms (`Config::tables`).
#[derive(Debug, Clone, Copy)]
pub struct TableLimits {
    /// The most practice and lobby tables being played at once (a round's
    /// tables are not counted and never refused); beyond it a new one is
    /// refused, 503.
    pub most_open: usize,
    /// A table no person said hello to closes after this, never dealt.
    pub unjoined_close: Duration,
    /// A waiting room neither opened nor joined for this long is closed
    /// (issue 34.4; the sweep runs once a minute and before each opening).
    pub room_idle: Duration,
    /// Waiting rooms one account may have opened at once.
    pub rooms_per_account: u32,
    /// Waiting rooms opened from one address (an IPv6 /64) at once.
    pub rooms_per_address: u32,
}

impl Default for TableLimits {
    fn default() -> TableLimits {
        TableLimits {
            most_open: MOST_OPEN,
            unjoined_close: UNJOINED_CLOSE,
            room_idle: ROOM_IDLE,
            rooms_per_account: 3,
            rooms_per_address: 20,
        }
    }
}

impl Mounted {
    /// A practice or lobby table whose game was never dealt, that no
    /// person has said hello to in this run, mounted `older` ago or more
    /// (a table resumed at a start has its whole wait again).
    fn unjoined(&self, older: Duration, now: i64) -> bool {
        let age = u64::try_from(now.saturating_sub(self.mounted)).unwrap_or(0);
        self.setup.round.is_none()
            && !self.progress.finished()
            && !self.progress.started.load(Ordering::Relaxed)
            && !self
                .hellos
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .any(|(_, h)| *h)
            && u128::from(age) >= older.as_millis()
    }

    /// Counted toward [`TableLimits::most_open`].
    fn counted(&self) -> bool {
        self.setup.round.is_none() && !self.progress.finished()
    }
}

impl Tables {
    /// Closes every table nobody joined within
    /// [`TableLimits::unjoined_close`]: retired (finished, never dealt).
    /// Answers how many.
    pub(crate) async fn close_unjoined(&self) -> usize {
        let now = now_millis();
        let stale: Vec<Arc<Mounted>> = self
            .lock()
            .values()
            .filter(|m| m.unjoined(self.limits.unjoined_close, now))
            .cloned()
            .collect();
        let mut closed = 0;
        for m in stale {
            match self.retire(&m).await {
                Ok(()) => closed += 1,
                Err(e) => {
                    tracing::warn!(table = %m.id, error = %e.message, "cannot close a table nobody joined");
                }
            }
        }
        if closed > 0 {
            tracing::info!(closed, "closed live tables nobody joined");
        }
        closed
    }

    /// Whether a table of `round` (a tournament's, or not) may open now:
    /// a round's always; another while fewer than
    /// [`TableLimits::most_open`] practice and lobby tables are played.
    pub(crate) fn room_for(&self, round: bool) -> Result<(), ApiError> {
        if round {
            return Ok(());
        }
        let most = self.limits.most_open;
        let open = self.lock().values().filter(|m| m.counted()).count();
        if open >= most {
            return Err(ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this server has {most} tables being played, its most: try again in a few minutes (a table nobody joins closes after {} minutes)",
                    self.limits.unjoined_close.as_secs().div_ceil(60)
                ),
            ));
        }
        Ok(())
    }

    /// Every minute, [`Tables::close_unjoined`], until the server stops.
    pub(crate) async fn close_unjoined_every_minute(&self) {
        let mut stopping = self.stopping();
        let mut every = tokio::time::interval(Duration::from_secs(60));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = every.tick() => {
                    self.close_unjoined().await;
                    if let Err(e) = self.expire_rooms().await {
                        tracing::warn!(error = %e.message, "cannot expire the lobby's idle rooms");
                    }
                }
                _ = stopping.changed() => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tables::{RoundGame, SeatPlayer, TableSetupDoc};
    use jongg_play::settings::TableSettings;
    use jongg_store::testing::TestDb;
    use jongg_store::{LiveTableId, Store};
    use jongg_tiles::BySeat;
    use jongg_tournament::{GameNo, RoundNo, TableNo};

    const P: Option<SeatPlayer> = Some(SeatPlayer::Person);
    const M: Option<SeatPlayer> = Some(SeatPlayer::Medium);

    fn practice() -> TableSetupDoc {
        TableSetupDoc {
            rules: "standard".into(),
            card: "practice".into(),
            card_text: None,
            seats: BySeat([P, M, M, M]),
            round: None,
            position: None,
            dealer: None,
            east_roll: None,
        }
    }

    fn of_round(table: u8) -> TableSetupDoc {
        TableSetupDoc {
            round: Some(RoundGame {
                tournament: 1,
                round: RoundNo(1),
                table: TableNo(table.into()),
                game: GameNo(1),
            }),
            ..practice()
        }
    }

    async fn tables(db: &TestDb, limits: TableLimits) -> Tables {
        let store = Store::connect(&db.url).await.unwrap();
        Tables::resume_all(store, 0, limits).await.unwrap()
    }

    async fn open(t: &Tables, setup: TableSetupDoc) -> Result<LiveTableId, ApiError> {
        Ok(t.create(setup, TableSettings::default()).await?.id)
    }

    #[tokio::test]
    async fn a_table_nobody_joined_closes_and_no_bot_plays_it() {
        let db = TestDb::sqlite();
        let limits = TableLimits {
            most_open: 1,
            unjoined_close: Duration::ZERO,
            ..TableLimits::default()
        };
        let t = tables(&db, limits).await;
        let id = open(&t, practice()).await.unwrap();
        // The next creation sweeps it away first: room for one more.
        let next = open(&t, practice()).await.unwrap();
        let closed = t.get(&id).unwrap();
        assert!(closed.progress.finished());
        assert!(
            !closed.progress.started.load(Ordering::Relaxed),
            "never dealt"
        );
        let open_rows = t.store.open_live_tables().await.unwrap();
        assert!(
            !open_rows.iter().any(|r| r.id == id),
            "finished in the store"
        );
        // Only its opening is stored: no bot made a move.
        let mut stored = t.store.live_table_log(&id);
        let log = jongg_play::TableLog::load(&mut stored).await.unwrap();
        assert!(
            !log.iter().any(jongg_play::LogRecord::begins_play),
            "{log:?}"
        );
        assert_eq!(t.close_unjoined().await, 1, "the next one, by the sweep");
        assert!(t.get(&next).unwrap().progress.finished());
    }

    #[tokio::test]
    async fn a_table_someone_joined_is_not_closed() {
        let db = TestDb::sqlite();
        let limits = TableLimits {
            most_open: 10,
            unjoined_close: Duration::ZERO,
            ..TableLimits::default()
        };
        let t = tables(&db, limits).await;
        let id = open(&t, practice()).await.unwrap();
        t.get(&id).unwrap().hellos.lock().unwrap()[jongg_tiles::Seat::East] = true;
        assert_eq!(t.close_unjoined().await, 0);
        assert!(!t.get(&id).unwrap().progress.finished());
        let db = TestDb::sqlite();
        let patient = tables(&db, TableLimits::default()).await;
        let id = open(&patient, practice()).await.unwrap();
        assert_eq!(patient.close_unjoined().await, 0, "ten minutes are not up");
        assert!(!patient.get(&id).unwrap().progress.finished());
    }

    #[tokio::test]
    async fn a_table_resumed_at_a_start_has_its_whole_wait_again() {
        let db = TestDb::sqlite();
        let t = tables(&db, TableLimits::default()).await;
        let id = open(&t, practice()).await.unwrap();
        t.stop_all().await;
        // Opened long ago; its people may come back now the server is up.
        let sql = "UPDATE live_tables SET created_at = 0 WHERE id = $1";
        let changed = jongg_store::testing::execute(&db.url, sql, &[id.as_str()])
            .await
            .unwrap();
        assert_eq!(changed, 1);
        let again = tables(&db, TableLimits::default()).await;
        assert_eq!(again.get(&id).unwrap().created, 0);
        assert_eq!(again.close_unjoined().await, 0);
        assert!(!again.get(&id).unwrap().progress.finished());
    }

    #[tokio::test]
    async fn a_rounds_tables_are_never_refused_for_room() {
        let db = TestDb::sqlite();
        let limits = TableLimits {
            most_open: 2,
            ..TableLimits::default()
        };
        let t = tables(&db, limits).await;
        open(&t, practice()).await.unwrap();
        open(&t, practice()).await.unwrap();
        let e = open(&t, practice()).await.unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(e.message.contains("2 tables being played"), "{}", e.message);
        for table in 1..=5 {
            open(&t, of_round(table)).await.unwrap();
        }
        // Nor do they take the practice tables' room.
        assert!(open(&t, practice()).await.is_err());
    }

    #[tokio::test]
    async fn a_finished_table_stops_counting_at_once() {
        let db = TestDb::sqlite();
        let limits = TableLimits {
            most_open: 1,
            ..TableLimits::default()
        };
        let t = tables(&db, limits).await;
        let id = open(&t, practice()).await.unwrap();
        assert!(open(&t, practice()).await.is_err());
        t.retire(&t.get(&id).unwrap()).await.unwrap();
        open(&t, practice()).await.unwrap();
    }
}
