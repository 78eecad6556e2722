//! The lobby's rooms (issue 23, point 6): a live table waiting for its
//! people before its owner exists. A room has the id of the live table it
//! becomes at Start, its setup (the server's JSON), its creator, and a row
//! per seat open for a person: who sits there, and from Start the seat's
//! token (kept so its player can come back from the lobby), and whether
//! the player left the game.

use crate::live_tables::LiveTableId;
use crate::player_accounts::PlayerAccount;
use crate::{Store, StoreError, now_millis};
use jongg_tiles::Seat;
use sqlx::Row;

/// Where a room is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomStatus {
    /// Waiting for its people: seats can be joined and left.
    Waiting,
    /// Started: its live table exists (same id).
    Playing,
    /// Closed by its creator before Start.
    Closed,
}

impl RoomStatus {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Closed => "closed",
        }
    }

    pub(crate) fn read(text: &str) -> Result<RoomStatus, StoreError> {
        match text {
            "waiting" => Ok(RoomStatus::Waiting),
            "playing" => Ok(RoomStatus::Playing),
            "closed" => Ok(RoomStatus::Closed),
            other => Err(StoreError::BadRoom(format!("a room's status `{other}`"))),
        }
    }
}

/// A seat of a room open for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomSeat {
    pub seat: Seat,
    /// Who sits there; `None`: still open.
    pub player: Option<PlayerAccount>,
    /// The seat's token, from Start (never shown but to its player).
    pub token: Option<String>,
    /// The player left the game: a bot plays the seat.
    pub left: bool,
}

/// A room and its person seats (East to North).
#[derive(Debug, Clone, PartialEq)]
pub struct Room {
    pub id: LiveTableId,
    /// Milliseconds since the Unix epoch.
    pub created: i64,
    pub creator: PlayerAccount,
    pub status: RoomStatus,
    /// The server's setup (preset, card, seats, clocks) as it wrote it.
    pub setup: serde_json::Value,
    pub seats: Vec<RoomSeat>,
}

impl Room {
    /// The seat `key` sits at (and has not left), if any.
    pub fn seat_of(&self, key: &str) -> Option<&RoomSeat> {
        self.seats
            .iter()
            .find(|s| !s.left && s.player.as_ref().is_some_and(|p| p.key == key))
    }
}

/// What a join did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    Seated,
    /// Someone else took the seat first, or it is not open for a person.
    Taken,
    /// The player sits at another seat of this room already.
    AlreadyAt(Seat),
    /// The room is no longer waiting (started or closed), or does not exist.
    NotWaiting,
}

/// What a leave did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Left {
    /// The seat is open again (a waiting room).
    Freed,
    /// The creator left a waiting room: it is closed.
    Closed,
    /// The game goes on: a bot plays the seat.
    ToBot,
    /// The player does not sit in this room.
    NotSeated,
}

pub(crate) fn seat_of(text: &str) -> Result<Seat, StoreError> {
    Seat::ALL
        .into_iter()
        .find(|s| s.name() == text)
        .ok_or_else(|| StoreError::BadRoom(format!("a room's seat `{text}`")))
}

impl Store {
    /// A new waiting room: its creator sits at `creator_seat`, the other
    /// `open` seats wait for people. `address`: where its creator opened it
    /// from (counted by [`Store::waiting_rooms_of`]).
    pub async fn create_room(
        &self,
        id: &LiveTableId,
        creator: &str,
        address: &str,
        setup: &serde_json::Value,
        open: &[Seat],
        creator_seat: Seat,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let now = now_millis();
        sqlx::query(
            "INSERT INTO lobby_rooms (id, created_at, creator, status, setup, touched_at, address) \
             VALUES ($1, $2, $3, 'waiting', $4, $5, $6)",
        )
        .bind(id.as_str())
        .bind(now)
        .bind(creator)
        .bind(serde_json::to_string(setup)?)
        .bind(now)
        .bind(address)
        .execute(&mut *tx)
        .await?;
        for s in open {
            sqlx::query("INSERT INTO lobby_seats (room_id, seat, player) VALUES ($1, $2, $3)")
                .bind(id.as_str())
                .bind(s.name())
                .bind((*s == creator_seat).then_some(creator))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// `key` takes `seat` of a waiting room, if it is open.
    pub async fn join_room(
        &self,
        id: &LiveTableId,
        seat: Seat,
        key: &str,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.begin_write().await?;
        let status: Option<String> = sqlx::query("SELECT status FROM lobby_rooms WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
        if status.as_deref() != Some("waiting") {
            return Ok(Joined::NotWaiting);
        }
        let at: Option<String> =
            sqlx::query("SELECT seat FROM lobby_seats WHERE room_id = $1 AND player = $2")
                .bind(id.as_str())
                .bind(key)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
        if let Some(at) = at {
            return Ok(Joined::AlreadyAt(seat_of(&at)?));
        }
        let done = sqlx::query(
            "UPDATE lobby_seats SET player = $1 WHERE room_id = $2 AND seat = $3 AND player IS NULL",
        )
        .bind(key)
        .bind(id.as_str())
        .bind(seat.name())
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(Joined::Taken);
        }
        // A join keeps the room from expiring (`expire_rooms`).
        sqlx::query("UPDATE lobby_rooms SET touched_at = $1 WHERE id = $2")
            .bind(now_millis())
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Joined::Seated)
    }

    /// Closes every waiting room opened or last joined before `before`
    /// (milliseconds since the Unix epoch; issue 34.4); answers how many.
    pub async fn expire_rooms(&self, before: i64) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE lobby_rooms SET status = 'closed' WHERE status = 'waiting' AND touched_at < $1",
        )
        .bind(before)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }

    /// How many waiting rooms `creator` opened, and how many were opened
    /// from `address` (issue 34.4: each is bounded).
    pub async fn waiting_rooms_of(
        &self,
        creator: &str,
        address: &str,
    ) -> Result<(i64, i64), StoreError> {
        let count = |column: &'static str, value: &str| {
            let sql = format!(
                "SELECT COUNT(*) FROM lobby_rooms WHERE {column} = $1 AND status = 'waiting'"
            );
            let value = value.to_string();
            async move {
                let n: i64 = sqlx::query(&sql)
                    .bind(value)
                    .fetch_one(self.pool())
                    .await?
                    .try_get(0)?;
                Ok::<i64, StoreError>(n)
            }
        };
        Ok((
            count("creator", creator).await?,
            count("address", address).await?,
        ))
    }

    /// `key` leaves room `id`: a waiting room's seat opens again (the
    /// creator leaving closes the room); a game's seat goes to a bot.
    pub async fn leave_room(&self, id: &LiveTableId, key: &str) -> Result<Left, StoreError> {
        let Some(room) = self.room(id).await? else {
            return Ok(Left::NotSeated);
        };
        if room.seat_of(key).is_none() {
            return Ok(Left::NotSeated);
        }
        let (sql, left) = match room.status {
            RoomStatus::Waiting if room.creator.key == key => (
                "UPDATE lobby_rooms SET status = 'closed' WHERE id = $1 AND status = 'waiting' AND $2 = creator",
                Left::Closed,
            ),
            RoomStatus::Waiting => (
                "UPDATE lobby_seats SET player = NULL WHERE room_id = $1 AND player = $2",
                Left::Freed,
            ),
            RoomStatus::Playing => (
                "UPDATE lobby_seats SET left_at = $3 WHERE room_id = $1 AND player = $2",
                Left::ToBot,
            ),
            RoomStatus::Closed => return Ok(Left::NotSeated),
        };
        let q = sqlx::query(sql).bind(id.as_str()).bind(key);
        let q = if left == Left::ToBot {
            q.bind(now_millis())
        } else {
            q
        };
        q.execute(self.pool()).await?;
        Ok(left)
    }

    /// A waiting room started: it is playing, and each seated person's
    /// seat has its token. `Ok(false)`: it was not waiting.
    pub async fn start_room(
        &self,
        id: &LiveTableId,
        tokens: &[(Seat, String)],
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE lobby_rooms SET status = 'playing' WHERE id = $1 AND status = 'waiting'",
        )
        .bind(id.as_str())
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        for (seat, token) in tokens {
            sqlx::query("UPDATE lobby_seats SET token = $1 WHERE room_id = $2 AND seat = $3")
                .bind(token)
                .bind(id.as_str())
                .bind(seat.name())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
