//! Live tables on the server (issue 23.2): every open table's owner
//! (`jongg_play`), by id, one owner per table. A table is stored (its row,
//! then its log through the owner) before anyone is told of it, and every
//! open table is resumed from the store before the server listens.
//!
//! The seats' tokens are kept as SHA-256 hashes, in the store and in the
//! owner alike: [`Tables::hello`] hashes the token of a hello before the
//! owner compares it, so a copy of the database seats no one.

pub(crate) mod finished;
pub(crate) mod limits;
pub(crate) mod players;
pub(crate) mod rooms;
pub(crate) mod shelf;

pub(crate) use players::{RoundGame, SeatPlayer, TableSetupDoc};

use crate::http::error::ApiError;
use jongg_play::owner::{open, resume};
use jongg_play::protocol::{ClientMessage, Numbered};
use jongg_play::settings::TableSettings;
use jongg_play::wall::ServerSeed;
use jongg_play::{Connection, LogRecord, TableHandle, TableLog, TableSetup};
use jongg_store::secret::{hash_token, new_token};
use jongg_store::{LiveTable, LiveTableId, Store, StoredTableLog};
use jongg_tiles::{BySeat, Seat};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};

/// How long a finished table stays mounted, for its players to see the end
/// and the wall's proof, before a later creation unmounts it.
const FINISHED_KEPT: Duration = Duration::from_secs(30 * 60);

/// After the last person seat said hello, how long the table waits for the
/// seats' wall contributions before it deals without them.
const START_GRACE: Duration = Duration::from_secs(1);

/// What the store's log has told of a table's game.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    pub started: AtomicBool,
    finished: OnceLock<Instant>,
}

impl Progress {
    pub(crate) fn finished(&self) -> bool {
        self.finished.get().is_some()
    }
}

/// The store's log, noting the deal and the end as they are stored; the
/// end is also told to [`Tables::take_ends`]'s reader (a tournament's
/// game goes onto its sheet, issue 23.7).
struct Tracked {
    id: LiveTableId,
    log: StoredTableLog,
    progress: Arc<Progress>,
    ends: mpsc::UnboundedSender<LiveTableId>,
}

impl TableLog for Tracked {
    async fn append(&mut self, records: Vec<LogRecord>) -> Result<(), String> {
        let played = records.iter().any(LogRecord::begins_play);
        let ends = records.iter().any(LogRecord::ends_game);
        self.log.append(records).await?;
        if played {
            self.progress.started.store(true, Ordering::Relaxed);
        }
        if ends {
            let _ = self.progress.finished.set(Instant::now());
            let _ = self.ends.send(self.id.clone());
        }
        Ok(())
    }

    async fn load(&mut self) -> Result<Vec<LogRecord>, String> {
        self.log.load().await
    }
}

/// A table mounted on this server.
#[derive(Debug)]
pub(crate) struct Mounted {
    pub id: LiveTableId,
    pub handle: TableHandle,
    pub setup: TableSetupDoc,
    pub created: i64,
    pub progress: Arc<Progress>,
    /// When this run mounted it (milliseconds since the Unix epoch): a
    /// table nobody joined is counted from here (`limits.rs`), so a
    /// resumed one has its whole wait again.
    pub(crate) mounted: i64,
    /// The person seats that have said hello in this run.
    pub(crate) hellos: Mutex<BySeat<bool>>,
}

/// A table just created: its id, and each person seat's token.
#[derive(Debug)]
pub(crate) struct Created {
    pub id: LiveTableId,
    pub tokens: BySeat<Option<String>>,
}

impl Created {
    /// The page of a person seat: its token in the address
    /// (`/play/{id}?seat=east&token=...`); `None` for a bot's or an empty seat.
    pub(crate) fn page(&self, seat: Seat) -> Option<String> {
        self.tokens[seat]
            .as_ref()
            .map(|t| format!("/play/{}?seat={seat}&token={t}", self.id))
    }
}

/// Charges a new table to the address that asks for it (`api/play.rs`'s
/// policy): too many, and the wait in seconds with its words.
pub(crate) fn charge_creation(
    limiter: &crate::http::limiter::LoginLimiter,
    client: std::net::IpAddr,
) -> Result<(), (u64, String)> {
    limiter
        .charge(&[crate::http::limiter::Key::address(client)])
        .map_err(|wait| {
            let secs = crate::http::limiter::retry_after_secs(wait);
            (
                secs,
                format!("too many tables were created from here: wait {secs} seconds"),
            )
        })
}

/// Every mounted table.
#[derive(Debug)]
pub(crate) struct Tables {
    store: Store,
    mounted: Mutex<HashMap<LiveTableId, Arc<Mounted>>>,
    /// Turns true when the server stops: every table's socket closes.
    stopping: watch::Sender<bool>,
    /// How long a new table's bots wait before each move (issue 24.5).
    bot_delay_ms: u64,
    /// How many tables, and how long one nobody joined (issue 34.3).
    limits: limits::TableLimits,
    /// Orders every change to the lobby's rooms (`rooms.rs`).
    rooms: tokio::sync::Mutex<()>,
    /// The rooms that do not read back, by id, with why (`rooms.rs`).
    set_aside: Mutex<std::collections::BTreeMap<String, String>>,
    /// Each table whose game ended (stored), for the tournament's sheet.
    ends: mpsc::UnboundedSender<LiveTableId>,
    ends_reader: Mutex<Option<mpsc::UnboundedReceiver<LiveTableId>>>,
}

impl Tables {
    /// Mounts every open table of the store, resumed from its log. A table
    /// that cannot be resumed is logged and left open in the store.
    /// New tables' bots wait `bot_delay_ms` before each move.
    pub(crate) async fn resume_all(
        store: Store,
        bot_delay_ms: u64,
        limits: limits::TableLimits,
    ) -> Result<Tables, jongg_store::StoreError> {
        let (ends, ends_reader) = mpsc::unbounded_channel();
        let tables = Tables {
            mounted: Mutex::default(),
            stopping: watch::Sender::new(false),
            store,
            bot_delay_ms,
            limits,
            rooms: tokio::sync::Mutex::new(()),
            set_aside: Mutex::default(),
            ends,
            ends_reader: Mutex::new(Some(ends_reader)),
        };
        for row in tables.store.open_live_tables().await? {
            let id = row.id.clone();
            if let Err(e) = tables.resume_one(row).await {
                tracing::error!(table = %id, error = %e, "cannot resume a live table");
            }
        }
        Ok(tables)
    }

    async fn resume_one(&self, row: LiveTable) -> Result<(), String> {
        let setup: TableSetupDoc = serde_json::from_value(row.setup)
            .map_err(|e| format!("its stored setup does not read back: {e}"))?;
        let progress = Arc::new(Progress::default());
        let log = self.log(&row.id, &progress);
        let players = setup.players(&row.id)?;
        let handle = resume(row.id.to_string(), row.token_hashes, log, players).await?;
        let glance = handle.glance().await?;
        if glance.dealt {
            progress.started.store(true, Ordering::Relaxed);
        }
        if glance.over() {
            // Stored as ended but not marked (a crash between): marked now,
            // and told (its sheet may not have it yet).
            let _ = progress.finished.set(Instant::now());
            let _ = self.ends.send(row.id.clone());
            self.store
                .finish_live_table(&row.id)
                .await
                .map_err(|e| e.to_string())?;
        }
        self.mount(Mounted {
            id: row.id,
            handle,
            setup,
            created: row.created,
            mounted: jongg_store::now_millis(),
            progress,
            hellos: Mutex::default(),
        });
        Ok(())
    }

    fn log(&self, id: &LiveTableId, progress: &Arc<Progress>) -> Tracked {
        Tracked {
            id: id.clone(),
            log: self.store.live_table_log(id),
            progress: progress.clone(),
            ends: self.ends.clone(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<LiveTableId, Arc<Mounted>>> {
        self.mounted.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn mount(&self, m: Mounted) {
        self.lock().insert(m.id.clone(), Arc::new(m));
    }

    /// The reader of the tables whose game ended (once: the server's
    /// online rounds take it, `state/online.rs`).
    pub(crate) fn take_ends(&self) -> Option<mpsc::UnboundedReceiver<LiveTableId>> {
        self.ends_reader
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// Opens a new table: its row and its opening are stored before its id
    /// is answered. The setup has been checked ([`TableSetupDoc::table`]).
    /// Each person seat gets a new token.
    pub(crate) async fn create(
        &self,
        setup: TableSetupDoc,
        settings: TableSettings,
    ) -> Result<Created, ApiError> {
        self.create_as(LiveTableId::new(), setup, settings).await
    }

    /// [`Tables::create`] with the id given (a lobby's room becomes the
    /// table of its own id).
    pub(crate) async fn create_as(
        &self,
        id: LiveTableId,
        setup: TableSetupDoc,
        settings: TableSettings,
    ) -> Result<Created, ApiError> {
        let tokens = BySeat::from_fn(|s| setup.is_person(s).then(new_token));
        self.create_with(id, setup, settings, |_| tokens).await
    }

    /// [`Tables::create_as`] with each person seat's token made from the
    /// table's id (a tournament's seats, `secret::seat_token`). A table
    /// with no person seat deals at once.
    pub(crate) async fn create_with(
        &self,
        id: LiveTableId,
        setup: TableSetupDoc,
        settings: TableSettings,
        tokens: impl FnOnce(&LiveTableId) -> BySeat<Option<String>>,
    ) -> Result<Created, ApiError> {
        let settings = TableSettings {
            bot_delay_ms: self.bot_delay_ms,
            ..settings
        };
        let table = setup.table().map_err(ApiError::unprocessable)?;
        settings.check().map_err(ApiError::unprocessable)?;
        // Finished long enough ago: unmounted (their owners end with
        // their last connection). A finished table counts for nothing.
        self.lock().retain(|_, m| {
            m.progress
                .finished
                .get()
                .is_none_or(|t| t.elapsed() < FINISHED_KEPT)
        });
        if setup.round.is_none() {
            self.close_unjoined().await;
        }
        self.room_for(setup.round.is_some())?;
        let doc = serde_json::to_value(&setup).map_err(ApiError::internal)?;
        let mut row = LiveTable {
            id,
            ..LiveTable::new(doc, BySeat::default())
        };
        let tokens = tokens(&row.id);
        let hashes = BySeat::from_fn(|s| tokens[s].as_deref().map(hash_token));
        row.token_hashes = hashes.clone();
        let secret = ServerSeed::generate().map_err(ApiError::internal)?;
        let players = setup.players(&row.id).map_err(ApiError::internal)?;
        self.store.create_live_table(&row).await?;
        let progress = Arc::new(Progress::default());
        let owner_setup = TableSetup {
            id: row.id.to_string(),
            table,
            settings,
            tokens: hashes,
            secret,
            position: setup.position.clone(),
        };
        let handle = match open(owner_setup, self.log(&row.id, &progress), players).await {
            Ok(handle) => handle,
            Err(e) => {
                // Never opened: not resumed at the next start either.
                let _ = self.store.finish_live_table(&row.id).await;
                return Err(ApiError::internal(e));
            }
        };
        let nobody = !Seat::ALL.into_iter().any(|s| setup.is_person(s));
        self.mount(Mounted {
            id: row.id.clone(),
            handle: handle.clone(),
            setup,
            created: row.created,
            mounted: jongg_store::now_millis(),
            progress,
            hellos: Mutex::default(),
        });
        if nobody {
            // No hello will come: the bots play now.
            handle.start().await.map_err(ApiError::internal)?;
        }
        Ok(Created { id: row.id, tokens })
    }

    /// Whether table `id` was set up from a position (every page of it
    /// says so): the mounted table's setup, or the store's once unmounted.
    pub(crate) async fn set_up_from_position(&self, id: &LiveTableId) -> bool {
        self.setup_of(id)
            .await
            .is_some_and(|s| s.position.is_some())
    }

    /// The setup of a table, mounted or stored; `None` for no such table
    /// (or one whose setup does not read back).
    pub(crate) async fn setup_of(&self, id: &LiveTableId) -> Option<TableSetupDoc> {
        if let Some(m) = self.get(id) {
            return Some(m.setup.clone());
        }
        match self.store.live_table(id).await {
            Ok(Some(row)) => serde_json::from_value::<TableSetupDoc>(row.setup).ok(),
            _ => None,
        }
    }

    /// A mounted table.
    pub(crate) fn get(&self, id: &LiveTableId) -> Option<Arc<Mounted>> {
        self.lock().get(id).cloned()
    }

    /// Every mounted table of a tournament's round (issue 23.7), its game
    /// ended or not, in game order.
    pub(crate) fn of_round(
        &self,
        tournament: i64,
        round: jongg_tournament::RoundNo,
    ) -> Vec<Arc<Mounted>> {
        let mut v: Vec<Arc<Mounted>> = self
            .lock()
            .values()
            .filter(|m| {
                m.setup
                    .round
                    .is_some_and(|g| g.tournament == tournament && g.round == round)
            })
            .cloned()
            .collect();
        v.sort_by_key(|m| m.setup.round.map(|g| (g.table, g.game)));
        v
    }

    /// Every mounted table whose game has not ended, oldest first.
    pub(crate) fn open_tables(&self) -> Vec<Arc<Mounted>> {
        let mut v: Vec<Arc<Mounted>> = self
            .lock()
            .values()
            .filter(|m| !m.progress.finished())
            .cloned()
            .collect();
        v.sort_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
        v
    }

    /// A table whose game never began retired (time was called before its
    /// deal, issue 23.7): its owner stopped, marked finished in the store
    /// so it is not resumed, and counted finished here.
    pub(crate) async fn retire(&self, m: &Mounted) -> Result<(), ApiError> {
        m.handle.stop().await;
        let _ = m.progress.finished.set(Instant::now());
        self.store.finish_live_table(&m.id).await?;
        Ok(())
    }

    /// Turns true when the server stops.
    pub(crate) fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// The server stops: every socket closes and every owner ends, its log
    /// holding everything it acknowledged.
    pub(crate) async fn stop_all(&self) {
        self.stopping.send_replace(true);
        let all: Vec<Arc<Mounted>> = self.lock().drain().map(|(_, m)| m).collect();
        for m in all {
            m.handle.stop().await;
        }
    }
}

impl Mounted {
    /// A seat's hello (or a spectator's watch), as the client sent it: its token hashed (the owner
    /// holds the hashes), then given to the owner. When every person seat
    /// has said hello, the deal follows after [`START_GRACE`] (at once if
    /// every seat sends its wall contribution first).
    pub(crate) async fn hello(&self, text: &str) -> Result<Connection, Numbered> {
        let hello = match ClientMessage::read(text) {
            Ok(ClientMessage::Hello {
                table,
                token,
                last_seen,
                take_over,
            }) => ClientMessage::Hello {
                table,
                token: hash_token(&token),
                last_seen,
                take_over,
            }
            .write(),
            // Not a hello: the owner refuses it in its words.
            _ => text.to_string(),
        };
        let conn = self.handle.connect(&hello).await?;
        // A spectator's watch: nothing to count toward the deal.
        let Some(seat) = conn.seat else {
            return Ok(conn);
        };
        let everyone = {
            let mut hellos = self.hellos.lock().unwrap_or_else(|e| e.into_inner());
            let first = !hellos[seat];
            hellos[seat] = true;
            first
                && Seat::ALL
                    .into_iter()
                    .all(|s| hellos[s] || !self.setup.is_person(s))
        };
        if everyone && !self.progress.started.load(Ordering::Relaxed) {
            let handle = self.handle.clone();
            tokio::spawn(async move {
                tokio::time::sleep(START_GRACE).await;
                let _ = handle.start().await;
            });
        }
        Ok(conn)
    }
}
