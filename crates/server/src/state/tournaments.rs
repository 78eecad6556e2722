//! The server's state: the store, and every tournament folded in memory.
//!
//! A command runs as: under the tournament's write lock, `decide` on the
//! state, apply the events and queue them; then wait until a commit has put
//! them in the store, and answer only then. So whatever the server said it
//! saved is in the database.
//!
//! Commits are grouped: one committer task per tournament runs while there
//! is anything queued, taking the whole queue each time, so the commands
//! that arrive during one commit (an fsync takes a few milliseconds) go
//! together in the next transaction. Each command's events stay
//! all-or-nothing, and a hundred scorekeepers pay for a few fsyncs instead
//! of a hundred in a row. The committer is a task of its own, not one of the
//! requests: a request whose events were committed by someone else's batch
//! never waits its turn behind later commits (which would turn the groups
//! back into single commits), and a client hanging up cannot cancel a
//! commit half way. If a commit fails, the state is reloaded from the store
//! and every command of that batch, and every one decided on top of it, is
//! answered with the error.
//! Readers take a short read lock and never wait for the database (they may
//! see a command a few milliseconds before its commit is done).

use crate::http::error::ApiError;
use jongg_store::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::{Actor, Command, Recorded, Tournament};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// One tournament in memory.
#[derive(Debug)]
pub struct Slot {
    state: RwLock<Tournament>,
    /// Decided, applied, not yet committed; in seq order.
    queue: Mutex<Queue>,
    /// The seq of the last committed event: live pages watch it
    /// ([`Slot::watch`]) and fetch what changed.
    committed: tokio::sync::watch::Sender<u64>,
}

/// Told when its command's events are committed, or why not.
type Waiter = tokio::sync::oneshot::Sender<Result<(), Failed>>;

#[derive(Debug, Clone)]
enum Failed {
    /// Another process wrote to the tournament: try again.
    Conflict(String),
    /// The database failed.
    Database(String),
}

#[derive(Debug, Default)]
struct Queue {
    rows: Vec<Recorded>,
    waiters: Vec<Waiter>,
    /// A committer task is running for this tournament.
    committing: bool,
    /// A committer ended before its queue was empty: events applied in
    /// memory were never stored, so the next commit reloads instead.
    lost: bool,
}

impl Slot {
    fn new(t: Tournament) -> Slot {
        let last = last_seq(&t);
        Slot {
            state: RwLock::new(t),
            queue: Mutex::default(),
            committed: tokio::sync::watch::Sender::new(last),
        }
    }

    /// The seq of the last committed event, told again after each commit
    /// (only the newest counts: a slow watcher skips to it).
    pub fn watch(&self) -> tokio::sync::watch::Receiver<u64> {
        self.committed.subscribe()
    }

    /// Runs `f` on the current state under a read lock.
    pub fn read<R>(&self, f: impl FnOnce(&Tournament) -> R) -> R {
        let t = self.state.read().unwrap_or_else(|e| e.into_inner());
        f(&t)
    }
}

/// A stored tournament whose log does not fold (or whose rows do not read):
/// not served, shown to the director as needing repair (issue 19.2).
#[derive(Debug, Clone)]
pub struct Broken {
    pub id: i64,
    /// The stored event that does not fit, and why.
    pub why: String,
}

impl Broken {
    /// What a request for it is told.
    fn error(&self) -> ApiError {
        ApiError::conflict(format!(
            "tournament {} needs repair and is not served: {}. Its stored events can still be saved: \
             `GET /api/tournaments/{}/export`, or `jongg export --tournament {} FILE` on the server",
            self.id, self.why, self.id, self.id
        ))
    }
}

#[derive(Debug)]
pub struct Tournaments {
    store: Store,
    slots: RwLock<HashMap<i64, Arc<Slot>>>,
    /// Stored tournaments that do not fold, by id.
    broken: RwLock<HashMap<i64, Broken>>,
    /// Transactions the committers have run (a measure of the grouping).
    commits: Arc<AtomicU64>,
}

impl Tournaments {
    /// Loads and folds every stored tournament. One whose log does not
    /// fold, or whose rows do not read, is kept aside as [`Broken`] and the
    /// others are served (issue 19.2); only a database that fails stops
    /// the start.
    pub async fn load(store: Store) -> Result<Tournaments, StoreError> {
        let mut slots = HashMap::new();
        let mut broken = HashMap::new();
        for id in store.tournament_ids().await? {
            match store.load_tournament(id).await {
                Ok(t) => {
                    slots.insert(id.0, Arc::new(Slot::new(t)));
                }
                Err(e @ (StoreError::Unfolded { .. } | StoreError::BadRow { .. })) => {
                    tracing::error!(tournament = id.0, error = %e, "a stored tournament does not read back: not served");
                    let why = match e {
                        StoreError::Unfolded { source, .. } => source.to_string(),
                        other => other.to_string(),
                    };
                    broken.insert(id.0, Broken { id: id.0, why });
                }
                Err(e) => return Err(e),
            }
        }
        Ok(Tournaments {
            store,
            slots: RwLock::new(slots),
            broken: RwLock::new(broken),
            commits: Arc::default(),
        })
    }

    /// The stored tournaments not served because they do not read back.
    pub fn broken(&self) -> Vec<Broken> {
        let mut b: Vec<Broken> = self
            .broken
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        b.sort_by_key(|b| b.id);
        b
    }

    /// The tournament file of `id`: its log, or for a broken one its
    /// stored events as they are, so it can be saved and repaired.
    pub async fn export(&self, id: i64) -> Result<axum::response::Response, ApiError> {
        use axum::response::IntoResponse;
        if let Ok(slot) = self.get(id) {
            return Ok(slot.read(|t| axum::Json(t.export()).into_response()));
        }
        let broken = self
            .broken
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&id);
        if !broken {
            return Err(ApiError::not_found(format!(
                "tournament {id} does not exist"
            )));
        }
        let file = self.store.raw_file(TournamentId(id)).await?;
        Ok(axum::Json(file).into_response())
    }

    /// The tournament already here that `t` is a copy of (the same first
    /// event: created with the same settings at the same moment), if any.
    pub fn same_as(&self, t: &Tournament) -> Option<(i64, String, usize)> {
        let first = t.log().first()?;
        self.ids().into_iter().find_map(|id| {
            let slot = self.get(id).ok()?;
            slot.read(|here| {
                (here.log().first() == Some(first)).then(|| {
                    let name = here.settings().map(|s| s.name.clone()).unwrap_or_default();
                    (id, name, here.log().len())
                })
            })
        })
    }

    /// How many grouped commits have run since start.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn get(&self, id: i64) -> Result<Arc<Slot>, ApiError> {
        let slot = self
            .slots
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned();
        slot.ok_or_else(|| {
            match self
                .broken
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .get(&id)
            {
                Some(b) => b.error(),
                None => ApiError::not_found(format!("tournament {id} does not exist")),
            }
        })
    }

    /// Ids in creation order.
    pub fn ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self
            .slots
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .copied()
            .collect();
        ids.sort_unstable();
        ids
    }

    fn insert(&self, id: i64, t: Tournament) {
        self.slots
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Arc::new(Slot::new(t)));
    }

    /// Creates a tournament with `command` (a `CreateTournament`).
    pub async fn create(
        &self,
        actor: Actor,
        mut command: Command,
    ) -> Result<(i64, Vec<Recorded>), ApiError> {
        crate::state::zone::check_command(&mut command)?;
        let mut t = Tournament::new();
        let recorded = t.execute(actor, command, now_millis())?;
        let id = self.store.create(&recorded).await?.0;
        self.insert(id, t);
        Ok((id, recorded))
    }

    /// Imports a whole tournament (already checked by `Tournament::import`).
    pub async fn import(&self, t: Tournament) -> Result<i64, ApiError> {
        let id = self.store.create(t.log()).await?.0;
        self.insert(id, t);
        Ok(id)
    }

    /// Decides and applies one command, then waits until its events are
    /// committed (by the tournament's committer task).
    pub async fn execute(
        &self,
        id: i64,
        actor: Actor,
        command: Command,
    ) -> Result<Vec<Recorded>, ApiError> {
        self.execute_all(id, actor, vec![command])
            .await
            .map_err(|(_, e)| e)
    }

    /// Several commands as one: decided one after the other on a copy of
    /// the state, and only if every one is allowed are their events applied
    /// and committed, in one transaction. Otherwise nothing changes and the
    /// error says which command (by index) failed.
    pub async fn execute_all(
        &self,
        id: i64,
        actor: Actor,
        commands: Vec<Command>,
    ) -> Result<Vec<Recorded>, (usize, ApiError)> {
        self.execute_checked(id, actor, commands, |_| Ok(())).await
    }

    /// [`Tournaments::execute_all`] after `check` passed on the state, under
    /// the same lock (so nothing can change between the check and the
    /// commands): an edit's version and whether it knows it clears
    /// signatures (issue 13, no silent overwrite).
    pub async fn execute_checked(
        &self,
        id: i64,
        actor: Actor,
        commands: Vec<Command>,
        check: impl FnOnce(&Tournament) -> Result<(), ApiError>,
    ) -> Result<Vec<Recorded>, (usize, ApiError)> {
        let slot = self.get(id).map_err(|e| (0, e))?;
        parse_cards(&commands).await.map_err(|e| (0, e))?;
        let (recorded, done, start_committer) = {
            let mut t = slot.state.write().unwrap_or_else(|e| e.into_inner());
            check(&t).map_err(|e| (0, e))?;
            let at = now_millis();
            // One command needs no copy: `decide` changes nothing.
            let mut trial = if commands.len() > 1 {
                Some(t.clone())
            } else {
                None
            };
            let mut recorded = Vec::new();
            for (i, mut command) in commands.into_iter().enumerate() {
                crate::state::zone::check_command(&mut command).map_err(|e| (i, e))?;
                let state = trial.as_mut().unwrap_or(&mut t);
                let made = state
                    .execute(actor, command, at)
                    .map_err(|e| (i, e.into()))?;
                recorded.extend(made);
            }
            if recorded.is_empty() {
                return Ok(vec![]);
            }
            if let Some(trial) = trial {
                *t = trial;
            }
            // Queued under the state's lock, so the queue is in seq order.
            let (tx, rx) = tokio::sync::oneshot::channel();
            let mut q = slot.queue.lock().unwrap_or_else(|e| e.into_inner());
            q.rows.extend(recorded.iter().cloned());
            q.waiters.push(tx);
            let start = !q.committing;
            q.committing = true;
            (recorded, rx, start)
        };
        if start_committer {
            let committer = Committer {
                store: self.store.clone(),
                id,
                slot: slot.clone(),
                commits: self.commits.clone(),
            };
            tokio::spawn(committer.run());
        }
        match done.await {
            Ok(Ok(())) => Ok(recorded),
            Ok(Err(Failed::Conflict(message))) => Err((0, ApiError::conflict(message))),
            Ok(Err(Failed::Database(what))) => Err((0, ApiError::internal(what))),
            Err(_) => Err((0, ApiError::internal("a commit was dropped"))),
        }
    }
}

/// Parses each card file the commands carry, on a thread that may block,
/// before the tournament's lock is taken (issue 19.4: a card parsed under
/// the lock kept every other request waiting): `decide` and `apply` then
/// find it parsed ([`jongg_tournament::card::CardFile::parse`]).
async fn parse_cards(commands: &[Command]) -> Result<(), ApiError> {
    for c in commands {
        if let Command::SetCard { file: Some(f), .. } = c {
            let f = f.clone();
            // A file that is no card is refused by `decide`, in the same words.
            tokio::task::spawn_blocking(move || drop(f.parse()))
                .await
                .map_err(|e| ApiError::internal(format!("the card was not parsed: {e}")))?;
        }
    }
    Ok(())
}

fn last_seq(t: &Tournament) -> u64 {
    t.log().last().map_or(0, |r| r.seq)
}

/// Commits one tournament's queue, batch after batch, until it is empty.
struct Committer {
    store: Store,
    id: i64,
    slot: Arc<Slot>,
    commits: Arc<AtomicU64>,
}

/// The committer while it runs (issue 36.5, the cure of the live tables'
/// committer, `jongg_store`'s `live_commits.rs`). Should it end before the
/// queue is empty (a panic in a commit), the commands still queued are
/// failed (their waiters told the commit was dropped) and the queue is
/// freed, so that the next command starts a new committer instead of
/// waiting behind a flag nobody would clear. Their events were applied in
/// memory but never stored: the next commit stores nothing, reloads the
/// tournament from its log and fails its commands (try again), so the log
/// never gets a gap.
struct OnDuty<'a> {
    slot: &'a Slot,
    /// It emptied the queue and cleared the flag itself.
    done: bool,
}

impl Drop for OnDuty<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut q = self.slot.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.committing = false;
        q.lost = true;
        q.rows.clear();
        q.waiters.clear();
    }
}

impl Committer {
    async fn run(self) {
        let mut duty = OnDuty {
            slot: &self.slot,
            done: false,
        };
        loop {
            let batch = {
                let mut q = self.slot.queue.lock().unwrap_or_else(|e| e.into_inner());
                if q.waiters.is_empty() {
                    q.committing = false;
                    duty.done = true;
                    return;
                }
                Queue {
                    rows: std::mem::take(&mut q.rows),
                    waiters: std::mem::take(&mut q.waiters),
                    committing: true,
                    lost: std::mem::take(&mut q.lost),
                }
            };
            self.commit(batch).await;
        }
    }

    async fn commit(&self, batch: Queue) {
        let id = self.id;
        let started = std::time::Instant::now();
        let result = if batch.lost {
            Err(StoreError::Conflict {
                tournament: TournamentId(id),
                seq: batch.rows.first().map_or(0, |r| r.seq as i64),
            })
        } else {
            self.store.append(TournamentId(id), &batch.rows).await
        };
        self.commits.fetch_add(1, Ordering::Relaxed);
        tracing::debug!(
            tournament = id,
            commands = batch.waiters.len(),
            events = batch.rows.len(),
            ms = started.elapsed().as_secs_f64() * 1000.0,
            ok = result.is_ok(),
            "grouped commit"
        );
        match result {
            Ok(()) => {
                if let Some(last) = batch.rows.last() {
                    self.slot.committed.send_replace(last.seq);
                }
                for w in batch.waiters {
                    let _ = w.send(Ok(()));
                }
            }
            Err(e) => {
                let failed = match &e {
                    StoreError::Conflict { .. } => Failed::Conflict(format!(
                        "tournament {id} was changed elsewhere meanwhile; nothing was saved, try again"
                    )),
                    other => Failed::Database(format!("commit of tournament {id} failed: {other}")),
                };
                // Back to the truth: reload (only the committer writes, and
                // we are it, so the store cannot change meanwhile), and fail
                // everything decided on top of the lost batch too.
                let fresh = self.store.load_tournament(TournamentId(id)).await;
                let later = {
                    let mut t = self.slot.state.write().unwrap_or_else(|e| e.into_inner());
                    match fresh {
                        Ok(fresh) => {
                            self.slot.committed.send_replace(last_seq(&fresh));
                            *t = fresh;
                        }
                        Err(e) => {
                            tracing::error!(tournament = id, error = %e, "cannot reload the tournament after a failed commit")
                        }
                    }
                    let mut q = self.slot.queue.lock().unwrap_or_else(|e| e.into_inner());
                    q.rows.clear();
                    std::mem::take(&mut q.waiters)
                };
                for w in batch.waiters.into_iter().chain(later) {
                    let _ = w.send(Err(failed.clone()));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_store::testing::TestDb;
    use jongg_tournament::{PlayerNo, RulesSource};

    /// A current-thread runtime (tasks run in the order they are spawned).
    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    /// Every tournament of a fresh database, plus one new `standard` one.
    async fn one_tournament(db: &TestDb) -> (Tournaments, i64) {
        let all = Tournaments::load(Store::connect(&db.url).await.unwrap())
            .await
            .unwrap();
        let create = Command::CreateTournament {
            name: "Test".into(),
            dates: vec![],
            rules: RulesSource::Preset {
                name: "standard".into(),
            },
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        };
        let (id, _) = all.create(Actor::Director, create).await.unwrap();
        (all, id)
    }

    /// A committer queued `n` commands' waiters, as `execute_all` leaves
    /// them while its committer runs.
    fn queued(slot: &Slot, n: usize) -> Vec<tokio::sync::oneshot::Receiver<Result<(), Failed>>> {
        let mut q = slot.queue.lock().unwrap();
        q.committing = true;
        (0..n)
            .map(|_| {
                let (tx, rx) = tokio::sync::oneshot::channel();
                q.waiters.push(tx);
                rx
            })
            .collect()
    }

    /// Issue 36.5: a committer that ends before its queue is empty (a
    /// panic) fails the commands still queued and frees the queue, so the
    /// next command starts a new committer instead of waiting for ever.
    #[test]
    fn a_committer_that_ends_before_the_queue_is_empty_fails_its_waiters_and_frees_the_queue() {
        let slot = Slot::new(Tournament::new());
        let mut waiting = queued(&slot, 2);
        drop(OnDuty {
            slot: &slot,
            done: false,
        });
        for rx in &mut waiting {
            assert!(rx.try_recv().is_err(), "told the commit was dropped");
        }
        let q = slot.queue.lock().unwrap();
        assert!(!q.committing && q.waiters.is_empty() && q.rows.is_empty());
        assert!(q.lost, "the next commit reloads instead of storing a gap");
    }

    /// Issue 36.5: after a committer was lost, the next command stores
    /// nothing (its events would follow events never stored), is refused
    /// as a conflict, and the tournament is read again from its log; the
    /// command after that is saved as usual.
    #[test]
    fn after_a_lost_committer_the_next_command_reloads_and_the_one_after_is_saved() {
        runtime().block_on(async {
            let db = TestDb::sqlite();
            let (all, id) = one_tournament(&db).await;
            all.execute(id, Actor::Director, register(1)).await.unwrap();
            let slot = all.get(id).unwrap();
            slot.queue.lock().unwrap().lost = true;
            let e = all
                .execute(id, Actor::Director, register(2))
                .await
                .unwrap_err();
            assert_eq!(e.status, axum::http::StatusCode::CONFLICT, "{}", e.message);
            let players = |all: &Tournaments| all.get(id).unwrap().read(|t| t.players().count());
            assert_eq!(players(&all), 1, "read again from the log");
            all.execute(id, Actor::Director, register(2)).await.unwrap();
            let stored = all.store().load(TournamentId(id)).await.unwrap();
            assert_eq!(players(&all), 2);
            assert_eq!(stored.len(), all.get(id).unwrap().read(|t| t.log().len()));
        });
    }

    #[test]
    fn a_committer_that_emptied_the_queue_leaves_the_next_ones_commands_alone() {
        let slot = Slot::new(Tournament::new());
        let mut waiting = queued(&slot, 1);
        drop(OnDuty {
            slot: &slot,
            done: true,
        });
        assert!(matches!(
            waiting[0].try_recv(),
            Err(tokio::sync::oneshot::error::TryRecvError::Empty)
        ));
        assert!(slot.queue.lock().unwrap().committing);
    }

    fn register(n: u32) -> Command {
        Command::RegisterPlayer {
            number: PlayerNo(n),
            name: format!("P{n}"),
            club: None,
            late: false,
        }
    }

    /// Scorekeepers each wait for their answer before sending the next
    /// command. Their commands must still be committed in groups, about one
    /// commit per round of all of them; when every request had to take a
    /// turn at committing, the groups fell apart into one commit per command.
    #[test]
    fn waiting_writers_are_committed_in_groups() {
        const WRITERS: u32 = 20;
        const EACH: u32 = 10;
        let db = TestDb::sqlite();
        runtime().block_on(async {
            let (all, id) = one_tournament(&db).await;
            let all = Arc::new(all);
            let writers: Vec<_> = (0..WRITERS)
                .map(|w| {
                    let all = all.clone();
                    tokio::spawn(async move {
                        for i in 0..EACH {
                            let command = register(w * EACH + i + 1);
                            all.execute(id, Actor::Director, command).await.unwrap();
                        }
                    })
                })
                .collect();
            for w in writers {
                w.await.unwrap();
            }
            let commits = all.commits();
            assert!(
                commits <= u64::from(EACH) * 2,
                "{} commands took {commits} commits",
                WRITERS * EACH
            );
            // Everything answered is stored, in order.
            let stored = all.store().load(TournamentId(id)).await.unwrap();
            assert_eq!(stored.len(), all.get(id).unwrap().read(|t| t.log().len()));
            let players = all.get(id).unwrap().read(|t| t.players().count());
            assert_eq!(players, (WRITERS * EACH) as usize);
        });
    }

    #[test]
    fn several_commands_are_stored_together_or_not_at_all() {
        let db = TestDb::sqlite();
        runtime().block_on(async {
            let (all, id) = one_tournament(&db).await;
            let stored = || async { all.store().load(TournamentId(id)).await.unwrap().len() };
            let before = stored().await;
            // The third is refused (player 1 again): none is kept.
            let (i, e) = all
                .execute_all(
                    id,
                    Actor::Director,
                    vec![register(1), register(2), register(1)],
                )
                .await
                .unwrap_err();
            assert_eq!(i, 2, "{e:?}");
            assert_eq!(all.get(id).unwrap().read(|t| t.players().count()), 0);
            assert_eq!(stored().await, before);
            // All allowed: all kept, in one commit.
            let commits = all.commits();
            let done = all
                .execute_all(
                    id,
                    Actor::Director,
                    vec![register(1), register(2), register(3)],
                )
                .await
                .unwrap();
            assert_eq!(done.len(), 3);
            assert_eq!(all.commits(), commits + 1);
            assert_eq!(stored().await, before + 3);
            assert_eq!(all.get(id).unwrap().read(|t| t.players().count()), 3);
        });
    }
}
