//! A finished table's game read back from the store, for its replay page
//! and its log's download (issue 23.9): the fair-wall log that
//! `jongg verify-wall` and `jongg replay` read. Only once the game has
//! ended: until then the wall's seed is the table's secret, and no byte of
//! the log leaves the server. Read from the store, not the mounted owner,
//! so a table unmounted long after its end still replays.

use super::{TableSetupDoc, Tables};
use crate::http::error::ApiError;
use jongg_game::coach::{Review, review};
use jongg_play::TableLog;
use jongg_play::game_log::FairGameLog;
use jongg_play::table_log::replay;
use jongg_store::LiveTableId;
use jongg_tiles::Seat;
use tokio::sync::Semaphore;

/// The coach's reviews computed at once, server-wide: each takes a core
/// for the length of a game's decisions (BENCHMARKS.md, "The coach on the
/// web"); more wait their turn instead of starving the tables.
static COACHING: Semaphore = Semaphore::const_new(1);

/// A finished table: who sat where, and its game with the wall's proof.
#[derive(Debug)]
pub(crate) struct Finished {
    pub setup: TableSetupDoc,
    pub log: FairGameLog,
    /// Each person seat's token, hashed: a tournament game's seat shows
    /// its token to see the replay before the round is closed.
    pub token_hashes: jongg_tiles::BySeat<Option<String>>,
}

impl Tables {
    /// Table `id`'s finished game. Unknown: 404; its game not ended: 409,
    /// in words, with nothing of its log.
    pub(crate) async fn finished(&self, id: &LiveTableId) -> Result<Finished, ApiError> {
        let row = self
            .store
            .live_table(id)
            .await?
            .ok_or_else(|| ApiError::not_found(format!("no table {id} on this server")))?;
        let not_yet = || {
            ApiError::conflict(format!(
                "table {id}'s game has not ended: its log and its replay open once it ends \
                 (the wall's seed stays secret until then)"
            ))
        };
        if !row.finished {
            return Err(not_yet());
        }
        let records = self
            .store
            .live_table_log(id)
            .load()
            .await
            .map_err(ApiError::internal)?;
        let game = replay(&records).map_err(ApiError::internal)?;
        // A table closed without a game (it never opened): nothing to show.
        let log = game.fair_log().ok_or_else(not_yet)?;
        let setup = serde_json::from_value(row.setup).map_err(ApiError::internal)?;
        Ok(Finished {
            setup,
            log,
            token_hashes: row.token_hashes,
        })
    }
}

impl Finished {
    /// The coach's review of `seat`'s decisions (issue 24.6): the strong
    /// bot at each, judged on the table's card (`jongg_game::coach`, the
    /// one `jongg review` uses). Only ever after the game's end, so a
    /// tournament's online game may be reviewed too: the help tournament
    /// tables never show is help during play. Computed on a blocking
    /// thread, one review at a time.
    pub(crate) async fn review(&self, seat: Seat) -> Result<Vec<Review>, ApiError> {
        if self.log.position.is_some() {
            return Err(ApiError::bad_request(
                "the coach reviews games dealt from a wall: this table was set up from a position",
            ));
        }
        let card = self.setup.card().map_err(ApiError::internal)?;
        let events = self.log.events.clone();
        let _turn = COACHING
            .acquire()
            .await
            .map_err(|e| ApiError::internal(format!("the coach is closed: {e}")))?;
        tokio::task::spawn_blocking(move || review(&events, seat, card))
            .await
            .map_err(|e| ApiError::internal(format!("the coach stopped: {e}")))?
            .map_err(ApiError::bad_request)
    }
}
