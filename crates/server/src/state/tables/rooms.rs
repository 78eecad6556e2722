//! The lobby's rooms (issue 23, point 6): a table that waits for its people
//! before it exists. A signed-in player opens a room choosing the preset,
//! the card, the clocks and each seat (open for a person, a bot, or
//! empty), and takes its first open seat; others join the open seats and
//! may leave them. When every open seat is taken, or the creator presses
//! Start, the live table is created ([`Tables::create_as`], with the room's
//! id) and its still-open seats are played by the `medium` bot: the play
//! crate's owner exists only from Start, so it needs nothing of rooms.
//! Rooms live in the store (`jongg_store::lobby`); one lock orders every
//! change to them on this server, so a join and a Start never cross.

use super::{SeatPlayer, TableSetupDoc, Tables};
use crate::http::error::ApiError;
use jongg_play::settings::TableSettings;
use jongg_store::{Joined, Left, LiveTableId, PlayerAccount, Room, RoomStatus};
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// What a room stores: the table it becomes and its clocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RoomSetup {
    /// The seats as chosen: `person` is a seat open for a person.
    pub table: TableSetupDoc,
    pub settings: TableSettings,
}

impl RoomSetup {
    /// A stored room's setup (the server wrote it).
    pub(crate) fn of(room: &Room) -> Result<RoomSetup, ApiError> {
        serde_json::from_value(room.setup.clone()).map_err(ApiError::internal)
    }

    /// The seats open for a person, East first.
    pub(crate) fn open_seats(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| self.table.is_person(*s))
            .collect()
    }
}

/// What a player's press did, in words for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Done {
    /// Seated; the room still waits.
    Joined(Seat),
    /// The room started (the last open seat was taken, or Start).
    Started,
    Left(Left),
}

/// An address as its rooms are counted: an IPv6 address by its /64.
fn address_of(ip: std::net::IpAddr) -> String {
    match crate::http::limiter::Key::address(ip) {
        crate::http::limiter::Key::Address(a) => a.to_string(),
        _ => ip.to_string(),
    }
}

fn no_room(id: &LiveTableId) -> ApiError {
    ApiError::not_found(format!("no room {id} in the lobby"))
}

impl Tables {
    /// Opens a room; its creator sits at its first open seat. A room with
    /// no other open seat starts at once. The setup has been read
    /// (`body::play::NewTable`); the error names what is wrong.
    pub(crate) async fn open_room(
        &self,
        creator: &PlayerAccount,
        address: std::net::IpAddr,
        table: TableSetupDoc,
        settings: TableSettings,
    ) -> Result<LiveTableId, ApiError> {
        table.table().map_err(ApiError::unprocessable)?;
        let setup = RoomSetup { table, settings };
        let open = setup.open_seats();
        let first = *open.first().ok_or_else(|| {
            ApiError::unprocessable("seats: at least one seat is open for a person (yours)")
        })?;
        let id = LiveTableId::new();
        let doc = serde_json::to_value(&setup).map_err(ApiError::internal)?;
        let address = address_of(address);
        let _order = self.rooms.lock().await;
        self.expire_rooms_locked().await?;
        let (of_account, of_address) = self.store.waiting_rooms_of(&creator.key, &address).await?;
        let (per_account, per_address) =
            (self.limits.rooms_per_account, self.limits.rooms_per_address);
        if of_account >= i64::from(per_account) {
            return Err(ApiError::conflict(format!(
                "you have {of_account} tables waiting for players, the most: start or leave one of them first"
            )));
        }
        if of_address >= i64::from(per_address) {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "{of_address} tables opened from this address are waiting for players, the most: wait until one starts or closes"
                ),
            ));
        }
        self.store
            .create_room(&id, &creator.key, &address, &doc, &open, first)
            .await?;
        if open.len() == 1 {
            self.start_locked(&id).await?;
        }
        Ok(id)
    }

    /// Closes the waiting rooms idle for [`TableLimits::room_idle`]
    /// (`limits.rs`): neither opened nor joined since.
    pub(crate) async fn expire_rooms(&self) -> Result<u64, ApiError> {
        let _order = self.rooms.lock().await;
        self.expire_rooms_locked().await
    }

    async fn expire_rooms_locked(&self) -> Result<u64, ApiError> {
        let idle = i64::try_from(self.limits.room_idle.as_millis()).unwrap_or(i64::MAX);
        let before = jongg_store::now_millis().saturating_sub(idle);
        let closed = self.store.expire_rooms(before).await?;
        if closed > 0 {
            tracing::info!(closed, "closed the lobby's rooms nobody joined for a while");
        }
        Ok(closed)
    }

    /// Rooms that do not read back, met while listing: set aside (the
    /// others are served), logged once each and listed for the operator
    /// (the director's home; issue 34.5).
    pub(crate) fn set_aside(&self, id: &str, why: &str) {
        let mut aside = self.set_aside.lock().unwrap_or_else(|e| e.into_inner());
        if aside.insert(id.to_string(), why.to_string()).is_none() {
            tracing::error!(room = %id, why, "a room of the lobby does not read back: set aside");
        }
    }

    /// Reads every room the lobby lists (waiting, and playing while its
    /// table is open: both bounded), a page at a time, and sets aside
    /// those that do not read back, so the director's home lists them from
    /// the start (`app/start.rs`).
    pub(crate) async fn find_unreadable_rooms(&self) -> Result<(), ApiError> {
        const AT_ONCE: u64 = 500;
        for status in [RoomStatus::Waiting, RoomStatus::Playing] {
            let mut offset = 0;
            loop {
                let read = self.store.rooms_page(status, offset, AT_ONCE).await?;
                let got = (read.rooms.len() + read.set_aside.len()) as u64;
                for bad in &read.set_aside {
                    self.set_aside(&bad.id, &bad.why);
                }
                for room in &read.rooms {
                    if let Err(e) = RoomSetup::of(room) {
                        self.set_aside(room.id.as_str(), &format!("its setup: {}", e.message));
                    }
                }
                if got < AT_ONCE {
                    break;
                }
                offset += AT_ONCE;
            }
        }
        Ok(())
    }

    /// The rooms set aside, by id, with why.
    pub(crate) fn rooms_set_aside(&self) -> Vec<(String, String)> {
        let aside = self.set_aside.lock().unwrap_or_else(|e| e.into_inner());
        aside.iter().map(|(i, w)| (i.clone(), w.clone())).collect()
    }

    /// A room of the store.
    pub(crate) async fn room(&self, id: &LiveTableId) -> Result<Room, ApiError> {
        self.store.room(id).await?.ok_or_else(|| no_room(id))
    }

    /// `player` takes `seat`; the last open seat taken starts the table.
    pub(crate) async fn join_room(
        &self,
        id: &LiveTableId,
        seat: Seat,
        player: &PlayerAccount,
    ) -> Result<Done, ApiError> {
        let _order = self.rooms.lock().await;
        match self.store.join_room(id, seat, &player.key).await? {
            Joined::Seated => {}
            Joined::Taken => {
                return Err(ApiError::conflict(format!(
                    "seat: {seat} is not open (someone took it first, or it is not a person's seat): choose another"
                )));
            }
            Joined::AlreadyAt(at) => {
                return Err(ApiError::conflict(format!(
                    "seat: you sit at {at} of this table already"
                )));
            }
            Joined::NotWaiting => {
                return Err(ApiError::conflict(
                    "this table is not waiting for players any more (it started, or its creator closed it)",
                ));
            }
        }
        let room = self.room(id).await?;
        if room.seats.iter().all(|s| s.player.is_some()) {
            self.start_locked(id).await?;
            return Ok(Done::Started);
        }
        Ok(Done::Joined(seat))
    }

    /// `player` leaves room `id` (see `jongg_store::Left`).
    pub(crate) async fn leave_room(
        &self,
        id: &LiveTableId,
        player: &PlayerAccount,
    ) -> Result<Done, ApiError> {
        let _order = self.rooms.lock().await;
        match self.store.leave_room(id, &player.key).await? {
            Left::NotSeated => Err(ApiError::conflict("you do not sit at this table")),
            left => Ok(Done::Left(left)),
        }
    }

    /// The creator starts a waiting room: its open seats go to bots.
    pub(crate) async fn start_room(
        &self,
        id: &LiveTableId,
        player: &PlayerAccount,
    ) -> Result<Done, ApiError> {
        let _order = self.rooms.lock().await;
        let room = self.room(id).await?;
        if room.creator.key != player.key {
            return Err(ApiError::forbidden(format!(
                "only the table's creator, {}, may start it before every seat is taken",
                room.creator.name
            )));
        }
        if room.status != RoomStatus::Waiting {
            return Err(ApiError::conflict(
                "this table is not waiting any more (it started, or it was closed)",
            ));
        }
        self.start_locked(id).await?;
        Ok(Done::Started)
    }

    /// Starts a waiting room, the rooms' lock held: the live table is
    /// created with the room's id, a seat nobody took played by `medium`,
    /// and each seated person's token kept with their seat.
    async fn start_locked(&self, id: &LiveTableId) -> Result<(), ApiError> {
        let room = self.room(id).await?;
        let setup = RoomSetup::of(&room)?;
        let mut table = setup.table;
        for s in &room.seats {
            if s.player.is_none() {
                table.seats[s.seat] = Some(SeatPlayer::Medium);
            }
        }
        let created = self.create_as(id.clone(), table, setup.settings).await?;
        let tokens: Vec<(Seat, String)> = Seat::ALL
            .into_iter()
            .filter_map(|s| created.tokens[s].clone().map(|t| (s, t)))
            .collect();
        if !self.store.start_room(id, &tokens).await? {
            return Err(ApiError::conflict("this table is not waiting any more"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::BySeat;

    #[test]
    fn a_rooms_open_seats_are_its_person_seats_east_first() {
        let setup = RoomSetup {
            table: TableSetupDoc {
                rules: "standard".into(),
                card: "practice".into(),
                card_text: None,
                seats: BySeat([
                    Some(SeatPlayer::Strong),
                    Some(SeatPlayer::Person),
                    None,
                    Some(SeatPlayer::Person),
                ]),
                round: None,
                position: None,
                dealer: None,
                east_roll: None,
            },
            settings: TableSettings::default(),
        };
        assert_eq!(setup.open_seats(), vec![Seat::South, Seat::North]);
    }
}
