//! The lobby's rooms read back (issue 34.4, 34.5): a page of a status at
//! a time from the database (5,000 waiting rooms read whole took one view
//! from 1.9 ms to 151 ms), and a room that does not read back set aside
//! with why, so the others are served (one such room answered 500 for the
//! whole lobby).

use crate::live_tables::LiveTableId;
use crate::lobby::{Room, RoomSeat, RoomStatus, seat_of};
use crate::player_accounts::PlayerAccount;
use crate::{Store, StoreError};
use sqlx::Row;
use std::collections::HashMap;

const ROOM: &str = "SELECT r.id, r.created_at, r.status, r.setup, a.name_key, a.name \
     FROM lobby_rooms r JOIN player_accounts a ON a.name_key = r.creator";
const SEATS: &str = "SELECT s.room_id, s.seat, a.name_key, a.name, s.token, s.left_at \
     FROM lobby_seats s LEFT JOIN player_accounts a ON a.name_key = s.player";

/// A playing room is listed while its live table is open (not finished).
const LISTED: &str = "r.status = $1 AND (r.status <> 'playing' OR EXISTS \
     (SELECT 1 FROM live_tables t WHERE t.id = r.id AND t.status = 'open'))";

/// A stored room that does not read back: its id as stored, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    pub id: String,
    pub why: String,
}

/// Rooms read back, and those set aside.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rooms {
    pub rooms: Vec<Room>,
    pub set_aside: Vec<SetAside>,
}

impl Store {
    /// How many rooms of `status` the lobby lists (a playing room while
    /// its table is open).
    pub async fn count_rooms(&self, status: RoomStatus) -> Result<u64, StoreError> {
        let n: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) FROM lobby_rooms r WHERE {LISTED}"
        ))
        .bind(status.as_str())
        .fetch_one(self.pool())
        .await?
        .try_get(0)?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// At most `limit` of the rooms [`Store::count_rooms`] counts, oldest
    /// first, from the `offset`th: two queries whatever the number stored.
    pub async fn rooms_page(
        &self,
        status: RoomStatus,
        offset: u64,
        limit: u64,
    ) -> Result<Rooms, StoreError> {
        let rows = sqlx::query(&format!(
            "{ROOM} WHERE {LISTED} ORDER BY r.created_at, r.id LIMIT $2 OFFSET $3"
        ))
        .bind(status.as_str())
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(self.pool())
        .await?;
        let ids: Vec<String> = rows
            .iter()
            .filter_map(|r| r.try_get::<String, _>(0).ok())
            .collect();
        let seats = if ids.is_empty() {
            Vec::new()
        } else {
            let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
            let sql = format!("{SEATS} WHERE s.room_id IN ({})", marks.join(", "));
            let mut q = sqlx::query(&sql);
            for id in &ids {
                q = q.bind(id.clone());
            }
            q.fetch_all(self.pool()).await?
        };
        Ok(assemble(&rows, &seats))
    }

    /// The waiting or playing rooms where `key` sits (and has not left).
    pub async fn rooms_of(&self, key: &str) -> Result<Rooms, StoreError> {
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
        Ok(assemble(&rooms, &seats))
    }

    /// One room, whatever its status; one that does not read back is an
    /// error that says why.
    pub async fn room(&self, id: &LiveTableId) -> Result<Option<Room>, StoreError> {
        let rooms = sqlx::query(&format!("{ROOM} WHERE r.id = $1"))
            .bind(id.as_str())
            .fetch_all(self.pool())
            .await?;
        let seats = sqlx::query(&format!("{SEATS} WHERE s.room_id = $1"))
            .bind(id.as_str())
            .fetch_all(self.pool())
            .await?;
        let mut read = assemble(&rooms, &seats);
        if let Some(bad) = read.set_aside.pop() {
            return Err(StoreError::BadRoom(format!("room {}: {}", bad.id, bad.why)));
        }
        Ok(read.rooms.pop())
    }
}

fn account(row: &sqlx::any::AnyRow, at: usize) -> Result<Option<PlayerAccount>, StoreError> {
    let key: Option<String> = row.try_get(at)?;
    let name: Option<String> = row.try_get(at + 1)?;
    Ok(key.zip(name).map(|(key, name)| PlayerAccount { name, key }))
}

fn room_of(r: &sqlx::any::AnyRow) -> Result<Room, String> {
    let id: String = r.try_get(0).map_err(|e| e.to_string())?;
    let status: String = r.try_get(2).map_err(|e| e.to_string())?;
    let setup: String = r.try_get(3).map_err(|e| e.to_string())?;
    let id = LiveTableId::parse(&id).ok_or_else(|| format!("its id `{id}`"))?;
    Ok(Room {
        id,
        created: r.try_get(1).map_err(|e| e.to_string())?,
        creator: account(r, 4)
            .map_err(|e| e.to_string())?
            .ok_or("it has no creator")?,
        status: RoomStatus::read(&status).map_err(|e| e.to_string())?,
        setup: serde_json::from_str(&setup).map_err(|e| format!("its setup is not JSON: {e}"))?,
        seats: Vec::new(),
    })
}

fn seat_row(s: &sqlx::any::AnyRow) -> Result<RoomSeat, String> {
    let seat: String = s.try_get(1).map_err(|e| e.to_string())?;
    let left: Option<i64> = s.try_get(5).map_err(|e| e.to_string())?;
    Ok(RoomSeat {
        seat: seat_of(&seat).map_err(|e| e.to_string())?,
        player: account(s, 2).map_err(|e| e.to_string())?,
        token: s.try_get(4).map_err(|e| e.to_string())?,
        left: left.is_some(),
    })
}

/// The rooms of `rooms` with their `seats`; a room whose row or one of
/// whose seats does not read back is set aside, with why.
fn assemble(rooms: &[sqlx::any::AnyRow], seats: &[sqlx::any::AnyRow]) -> Rooms {
    let mut read: Vec<Option<Room>> = Vec::with_capacity(rooms.len());
    let mut set_aside = Vec::new();
    let mut at = HashMap::new();
    for r in rooms {
        let stored: String = r.try_get(0).unwrap_or_default();
        match room_of(r) {
            Ok(room) => {
                at.insert(stored, read.len());
                read.push(Some(room));
            }
            Err(why) => set_aside.push(SetAside { id: stored, why }),
        }
    }
    for s in seats {
        let stored: String = s.try_get(0).unwrap_or_default();
        let Some(&i) = at.get(&stored) else {
            continue;
        };
        match (seat_row(s), &mut read[i]) {
            (Ok(seat), Some(room)) => room.seats.push(seat),
            (Err(why), slot @ Some(_)) => {
                *slot = None;
                set_aside.push(SetAside {
                    id: stored,
                    why: format!("a seat: {why}"),
                });
            }
            (_, None) => {}
        }
    }
    let mut rooms: Vec<Room> = read.into_iter().flatten().collect();
    for r in &mut rooms {
        r.seats.sort_by_key(|s| s.seat.index());
    }
    Rooms { rooms, set_aside }
}
