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
    fn as_str(self) -> &'static str {
        match self {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Closed => "closed",
        }
    }

    fn read(text: &str) -> Result<RoomStatus, StoreError> {
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

fn seat_of(text: &str) -> Result<Seat, StoreError> {
    Seat::ALL
        .into_iter()
        .find(|s| s.name() == text)
        .ok_or_else(|| StoreError::BadRoom(format!("a room's seat `{text}`")))
}

const ROOM: &str = "SELECT r.id, r.created_at, r.status, r.setup, a.name_key, a.name \
     FROM lobby_rooms r JOIN player_accounts a ON a.name_key = r.creator";
const SEATS: &str = "SELECT s.room_id, s.seat, a.name_key, a.name, s.token, s.left_at \
     FROM lobby_seats s LEFT JOIN player_accounts a ON a.name_key = s.player";

impl Store {
    /// A new waiting room: its creator sits at `creator_seat`, the other
    /// `open` seats wait for people.
    pub async fn create_room(
        &self,
        id: &LiveTableId,
        creator: &str,
        setup: &serde_json::Value,
        open: &[Seat],
        creator_seat: Seat,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO lobby_rooms (id, created_at, creator, status, setup) VALUES ($1, $2, $3, 'waiting', $4)",
        )
        .bind(id.as_str())
        .bind(now_millis())
        .bind(creator)
        .bind(serde_json::to_string(setup)?)
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

    /// The rooms of a status, oldest first, with their seats (two queries
    /// whatever their number).
    pub async fn rooms(&self, status: RoomStatus) -> Result<Vec<Room>, StoreError> {
        let rooms = sqlx::query(&format!(
            "{ROOM} WHERE r.status = $1 ORDER BY r.created_at, r.id"
        ))
        .bind(status.as_str())
        .fetch_all(self.pool())
        .await?;
        let seats = sqlx::query(&format!(
            "{SEATS} WHERE s.room_id IN (SELECT id FROM lobby_rooms WHERE status = $1)"
        ))
        .bind(status.as_str())
        .fetch_all(self.pool())
        .await?;
        assemble(&rooms, &seats)
    }

    /// The waiting or playing rooms where `key` sits (and has not left).
    pub async fn rooms_of(&self, key: &str) -> Result<Vec<Room>, StoreError> {
        let mine = "SELECT room_id FROM lobby_seats WHERE player = $1 AND left_at IS NULL";
        let rooms = sqlx::query(&format!(
            "{ROOM} WHERE r.status IN ('waiting', 'playing') AND r.id IN ({mine}) ORDER BY r.created_at, r.id"
        ))
        .bind(key)
        .fetch_all(self.pool())
        .await?;
        let seats = sqlx::query(&format!("{SEATS} WHERE s.room_id IN ({mine})"))
            .bind(key)
            .fetch_all(self.pool())
            .await?;
        assemble(&rooms, &seats)
    }

    /// One room, whatever its status.
    pub async fn room(&self, id: &LiveTableId) -> Result<Option<Room>, StoreError> {
        let rooms = sqlx::query(&format!("{ROOM} WHERE r.id = $1"))
            .bind(id.as_str())
            .fetch_all(self.pool())
            .await?;
        let seats = sqlx::query(&format!("{SEATS} WHERE s.room_id = $1"))
            .bind(id.as_str())
            .fetch_all(self.pool())
            .await?;
        Ok(assemble(&rooms, &seats)?.pop())
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
        tx.commit().await?;
        Ok(Joined::Seated)
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

fn account(row: &sqlx::any::AnyRow, at: usize) -> Result<Option<PlayerAccount>, StoreError> {
    let key: Option<String> = row.try_get(at)?;
    let name: Option<String> = row.try_get(at + 1)?;
    Ok(key.zip(name).map(|(key, name)| PlayerAccount { name, key }))
}

fn assemble(
    rooms: &[sqlx::any::AnyRow],
    seats: &[sqlx::any::AnyRow],
) -> Result<Vec<Room>, StoreError> {
    let mut out = Vec::with_capacity(rooms.len());
    let mut at = std::collections::HashMap::new();
    for r in rooms {
        let id: String = r.try_get(0)?;
        let status: String = r.try_get(2)?;
        let setup: String = r.try_get(3)?;
        let id = LiveTableId::parse(&id)
            .ok_or_else(|| StoreError::BadRoom(format!("a room's id `{id}`")))?;
        at.insert(id.clone(), out.len());
        out.push(Room {
            id,
            created: r.try_get(1)?,
            creator: account(r, 4)?
                .ok_or_else(|| StoreError::BadRoom("a room without its creator".into()))?,
            status: RoomStatus::read(&status)?,
            setup: serde_json::from_str(&setup)?,
            seats: Vec::new(),
        });
    }
    for s in seats {
        let id: String = s.try_get(0)?;
        let Some(i) = LiveTableId::parse(&id).and_then(|id| at.get(&id).copied()) else {
            continue;
        };
        let seat: String = s.try_get(1)?;
        let left: Option<i64> = s.try_get(5)?;
        out[i].seats.push(RoomSeat {
            seat: seat_of(&seat)?,
            player: account(s, 2)?,
            token: s.try_get(4)?,
            left: left.is_some(),
        });
    }
    for r in &mut out {
        r.seats.sort_by_key(|s| s.seat.index());
    }
    Ok(out)
}
