//! The server's state: the store, and every tournament folded in memory.
//!
//! A command runs as: under the tournament's write lock, `decide` on the
//! state, apply the events and queue them; then commit the queue to the
//! store, and answer only once the commit is done. So whatever the server
//! said it saved is in the database.
//!
//! Commits are grouped: while one commit is under way (an fsync takes a few
//! milliseconds), the commands that arrive queue up, and the next commit
//! writes all of them in one transaction. Each command's events stay
//! all-or-nothing, and a hundred scorekeepers pay for a few fsyncs instead
//! of a hundred in a row. If a commit fails, the state is reloaded from the
//! store and every command of that batch is answered with the error.
//! Readers take a short read lock and never wait for the database (they may
//! see a command a few milliseconds before its commit is done).

use crate::error::ApiError;
use jongg_store::{Store, StoreError, Stored, now_millis};
use jongg_tournament::{Actor, Command, Recorded, Tournament};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

/// One tournament in memory.
#[derive(Debug, Default)]
pub struct Slot {
    state: RwLock<Tournament>,
    /// Decided, applied, not yet committed; in seq order.
    queue: Mutex<Queue>,
    /// Held by the one task committing at a time.
    committer: tokio::sync::Mutex<()>,
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
}

impl Slot {
    fn new(t: Tournament) -> Slot {
        Slot {
            state: RwLock::new(t),
            ..Default::default()
        }
    }

    /// Runs `f` on the current state under a read lock.
    pub fn read<R>(&self, f: impl FnOnce(&Tournament) -> R) -> R {
        let t = self.state.read().unwrap_or_else(|e| e.into_inner());
        f(&t)
    }
}

#[derive(Debug)]
pub struct Tournaments {
    store: Store,
    slots: RwLock<HashMap<i64, Arc<Slot>>>,
}

fn to_recorded(s: Stored<Actor, jongg_tournament::Event>) -> Recorded {
    Recorded {
        seq: u64::try_from(s.seq).unwrap_or(0),
        at: s.at,
        actor: s.actor,
        event: s.event,
    }
}

pub(crate) fn to_stored(r: &Recorded) -> Stored<Actor, jongg_tournament::Event> {
    Stored {
        seq: r.seq as i64,
        at: r.at,
        actor: r.actor,
        event: r.event.clone(),
    }
}

impl Tournaments {
    /// Loads and folds every stored tournament.
    pub async fn load(store: Store) -> Result<Tournaments, StoreError> {
        let mut slots = HashMap::new();
        for id in store.tournament_ids().await? {
            let t = Tournament::replay(store.load(id).await?.into_iter().map(to_recorded));
            slots.insert(id, Arc::new(Slot::new(t)));
        }
        Ok(Tournaments {
            store,
            slots: RwLock::new(slots),
        })
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn get(&self, id: i64) -> Result<Arc<Slot>, ApiError> {
        self.slots
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("tournament {id} does not exist")))
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
        command: Command,
    ) -> Result<(i64, Vec<Recorded>), ApiError> {
        let mut t = Tournament::new();
        let events = t.decide(&actor, command)?;
        let at = now_millis();
        let id = self.store.create_tournament(at, &actor, &events).await?;
        let recorded: Vec<Recorded> = events
            .into_iter()
            .enumerate()
            .map(|(i, event)| Recorded {
                seq: i as u64 + 1,
                at,
                actor,
                event,
            })
            .collect();
        for r in &recorded {
            t.record(r.clone());
        }
        self.insert(id, t);
        Ok((id, recorded))
    }

    /// Imports a whole tournament (already checked by `Tournament::import`).
    pub async fn import(&self, t: Tournament) -> Result<i64, ApiError> {
        let log: Vec<_> = t.log().iter().map(to_stored).collect();
        let id = self.store.import_tournament(&log).await?;
        self.insert(id, t);
        Ok(id)
    }

    /// Decides and applies one command, then waits until its events are
    /// committed (by this task or by another's grouped commit).
    pub async fn execute(
        &self,
        id: i64,
        actor: Actor,
        command: Command,
    ) -> Result<Vec<Recorded>, ApiError> {
        let slot = self.get(id)?;
        let (recorded, done) = {
            let mut t = slot.state.write().unwrap_or_else(|e| e.into_inner());
            let events = t.decide(&actor, command)?;
            if events.is_empty() {
                return Ok(vec![]);
            }
            let at = now_millis();
            let first = t.log().len() as u64 + 1;
            let recorded: Vec<Recorded> = events
                .into_iter()
                .enumerate()
                .map(|(i, event)| Recorded {
                    seq: first + i as u64,
                    at,
                    actor,
                    event,
                })
                .collect();
            for r in &recorded {
                t.record(r.clone());
            }
            let (tx, rx) = tokio::sync::oneshot::channel();
            let mut q = slot.queue.lock().unwrap_or_else(|e| e.into_inner());
            q.rows.extend(recorded.iter().cloned());
            q.waiters.push(tx);
            (recorded, rx)
        };
        self.commit(id, &slot).await;
        match done.await {
            Ok(Ok(())) => Ok(recorded),
            Ok(Err(Failed::Conflict(message))) => Err(ApiError::conflict(message)),
            Ok(Err(Failed::Database(what))) => Err(ApiError::internal(what)),
            Err(_) => Err(ApiError::internal("a commit was dropped")),
        }
    }

    /// Commits whatever is queued (if another task has not already).
    async fn commit(&self, id: i64, slot: &Slot) {
        let _one = slot.committer.lock().await;
        let batch = std::mem::take(&mut *slot.queue.lock().unwrap_or_else(|e| e.into_inner()));
        if batch.waiters.is_empty() {
            return; // an earlier commit took ours along
        }
        let rows: Vec<_> = batch.rows.iter().map(to_stored).collect();
        match self.store.append_stored(id, &rows).await {
            Ok(()) => {
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
                let fresh = self
                    .store
                    .load(id)
                    .await
                    .map(|log| Tournament::replay(log.into_iter().map(to_recorded)));
                let later = {
                    let mut t = slot.state.write().unwrap_or_else(|e| e.into_inner());
                    match fresh {
                        Ok(fresh) => *t = fresh,
                        Err(e) => eprintln!("jongg: cannot reload tournament {id}: {e}"),
                    }
                    std::mem::take(&mut *slot.queue.lock().unwrap_or_else(|e| e.into_inner()))
                };
                for w in batch.waiters.into_iter().chain(later.waiters) {
                    let _ = w.send(Err(failed.clone()));
                }
            }
        }
    }
}
