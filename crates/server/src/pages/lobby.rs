//! The lobby (issue 23, point 6): `GET /play` lists the tables waiting for
//! people (each open seat with its Join button) and the tables being
//! played (with a Watch link), and a signed-in player's own tables first;
//! `GET /play/rooms/{id}` is one room, the waiting room while it waits. No
//! page here ever holds a seat's token: a player reaches their seat through
//! `/play/rooms/{id}/seat` (`rooms.rs`), which only they may open.

use super::paging::{Pager, query_part};
use super::{PageResult, html};
use crate::edge::access::{Access, MaybePlayer};
use crate::edge::extract::Params;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::tables::rooms::RoomSetup;
use crate::state::tables::{SeatPlayer, Tables};
use askama::Template;
use axum::extract::{Query, State};
use jongg_store::{LiveTableId, Room, RoomStatus, Rooms};
use jongg_tiles::Seat;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(lobby)),
        route(Access::Public, routes!(room_page)),
    ]
}

/// How often a waiting room's page reloads itself (no script needed).
pub(crate) const REFRESH_SECS: u32 = 5;

/// One seat as the lobby shows it: never its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatView {
    pub seat: &'static str,
    /// Who sits, in words: a name, "Open", "Bot (medium)", "Empty".
    pub who: String,
    /// Open for a person: a Join button.
    pub open: bool,
}

/// Chat and spectators in a few words, as a room's line shows them.
fn company(chat: bool, spectators: usize) -> String {
    let chat = if chat { "chat on" } else { "chat off" };
    match spectators {
        0 => format!("{chat} · no spectators"),
        1 => format!("{chat} · one spectator at most"),
        n => format!("{chat} · up to {n} spectators"),
    }
}

/// One room as the lobby shows it.
#[derive(Debug, Clone)]
pub(crate) struct RoomView {
    pub id: String,
    pub rules: String,
    pub card: String,
    pub window_secs: u64,
    pub turn_secs: u64,
    /// The table's own words for chat and spectators: "chat off", "no
    /// spectators", "up to 50 spectators".
    pub company: String,
    pub creator: String,
    pub status: RoomStatus,
    pub seats: Vec<SeatView>,
    /// The viewer's seat here (not left), if any.
    pub mine: Option<&'static str>,
    /// The viewer opened this room.
    pub created_it: bool,
}

impl RoomView {
    /// The room as `viewer` (a player's key) sees it.
    pub(crate) fn of(room: &Room, viewer: Option<&str>) -> Result<RoomView, ApiError> {
        let setup = RoomSetup::of(room)?;
        let playing = room.status == RoomStatus::Playing;
        let seats = Seat::ALL
            .into_iter()
            .map(|s| {
                let person = room.seats.iter().find(|p| p.seat == s);
                let (who, open) = match (setup.table.seats[s], person) {
                    (None, _) => ("Empty (a table of three)".to_string(), false),
                    (Some(SeatPlayer::Person), Some(p)) => match &p.player {
                        Some(a) if p.left => {
                            (format!("Bot (medium) for {}, who left", a.name), false)
                        }
                        Some(a) => (a.name.clone(), false),
                        None if playing => ("Bot (medium): nobody joined".to_string(), false),
                        None => ("Open".to_string(), room.status == RoomStatus::Waiting),
                    },
                    (Some(bot), _) => (format!("Bot ({})", bot.name()), false),
                };
                SeatView {
                    seat: s.name(),
                    who,
                    open,
                }
            })
            .collect();
        Ok(RoomView {
            id: room.id.to_string(),
            rules: super::play::rules_title(&setup.table.rules),
            card: setup.table.card,
            window_secs: setup.settings.window_ms / 1000,
            turn_secs: setup.settings.turn_ms / 1000,
            company: company(setup.settings.chat, setup.settings.spectators),
            creator: room.creator.name.clone(),
            status: room.status,
            seats,
            mine: viewer.and_then(|k| room.seat_of(k)).map(|s| s.seat.name()),
            created_it: viewer == Some(room.creator.key.as_str()),
        })
    }

    pub(crate) fn waiting(&self) -> bool {
        self.status == RoomStatus::Waiting
    }

    pub(crate) fn playing(&self) -> bool {
        self.status == RoomStatus::Playing
    }

    pub(crate) fn open_seats(&self) -> usize {
        self.seats.iter().filter(|s| s.open).count()
    }
}

/// Whether a playing room's table is still being played on this server.
fn in_play(tables: &Tables, id: &LiveTableId) -> bool {
    tables.get(id).is_some_and(|m| !m.progress.finished())
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    me: Option<String>,
    mine: Vec<RoomView>,
    /// One page of each list (50 tables: 200 rooms on one page were 261 KB),
    /// and its links to the others.
    waiting: Vec<RoomView>,
    waiting_pager: Pager,
    playing: Vec<RoomView>,
    playing_pager: Pager,
}

/// `?waiting=` and `?playing=`: which page of each list the lobby shows.
#[derive(Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LobbyQuery {
    /// The page of the tables waiting for players, from 1 (50 a page).
    waiting: Option<String>,
    /// The page of the tables being played, from 1 (50 a page).
    playing: Option<String>,
}

/// The views of `read`'s rooms; a room that does not read back (in the
/// store, or its setup here) is set aside, and the others are served.
fn views(tables: &Tables, read: Rooms, viewer: Option<&str>) -> Vec<RoomView> {
    for bad in &read.set_aside {
        tables.set_aside(&bad.id, &bad.why);
    }
    read.rooms
        .iter()
        .filter_map(|r| match RoomView::of(r, viewer) {
            Ok(v) => Some(v),
            Err(e) => {
                tables.set_aside(r.id.as_str(), &format!("its setup: {}", e.message));
                None
            }
        })
        .collect()
}

/// One page of the rooms of `status`, read from the store a page at a
/// time (issue 34.4), the other list's page kept in its links.
async fn page_of(
    app: &AppState,
    status: RoomStatus,
    asked: Option<&str>,
    base: String,
    viewer: Option<&str>,
) -> Result<(Vec<RoomView>, Pager), ApiError> {
    let store = app.tournaments.store();
    let total = store.count_rooms(status).await?;
    let pager = Pager::new(usize::try_from(total).unwrap_or(usize::MAX), asked, base);
    let range = pager.range();
    let read = store
        .rooms_page(status, range.start as u64, range.len() as u64)
        .await?;
    Ok((views(&app.tables, read, viewer), pager))
}

/// The lobby: your tables, the tables waiting for players (Join), the
/// tables being played (Watch), and the ways to open one.
#[utoipa::path(get, path = "/play", params(LobbyQuery),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn lobby(
    State(app): State<Arc<AppState>>,
    MaybePlayer(me): MaybePlayer,
    Query(q): Query<LobbyQuery>,
) -> PageResult {
    let store = app.tournaments.store();
    let key = me.as_ref().map(|p| p.account.key.as_str());
    let mine = match key {
        Some(k) => {
            let mut read = store.rooms_of(k).await.map_err(ApiError::from)?;
            read.rooms
                .retain(|r| r.status == RoomStatus::Waiting || in_play(&app.tables, &r.id));
            views(&app.tables, read, key)
        }
        None => Vec::new(),
    };
    let (waiting, waiting_pager) = page_of(
        &app,
        RoomStatus::Waiting,
        q.waiting.as_deref(),
        format!(
            "/play?{}waiting=",
            query_part("playing", q.playing.as_deref().unwrap_or(""))
        ),
        key,
    )
    .await?;
    let (playing, playing_pager) = page_of(
        &app,
        RoomStatus::Playing,
        q.playing.as_deref(),
        format!(
            "/play?{}playing=",
            query_part("waiting", q.waiting.as_deref().unwrap_or(""))
        ),
        key,
    )
    .await?;
    html(&LobbyPage {
        me: me.map(|p| p.account.name),
        mine,
        waiting,
        waiting_pager,
        playing,
        playing_pager,
    })
}

/// `/play/rooms/{id}`: a room of the lobby.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct AtRoom {
    /// The room's id (its table's): 16 hex digits.
    #[param(min_length = 16, max_length = 16, pattern = "^[0-9a-f]{16}$")]
    pub id: String,
}

impl AtRoom {
    pub(crate) fn room(&self) -> Result<LiveTableId, ApiError> {
        LiveTableId::parse(&self.id).ok_or_else(|| {
            ApiError::not_found(format!(
                "no room {:?}: a room's id is 16 hex digits",
                self.id.chars().take(32).collect::<String>()
            ))
        })
    }
}

#[derive(Template)]
#[template(path = "room.html")]
struct RoomPage {
    me: Option<String>,
    room: RoomView,
    /// The table is being played (not ended) on this server.
    live: bool,
    refresh: u32,
}

/// A room: while it waits, who has joined (jongg.js fetches its part again
/// every few seconds), Join, Leave and, for its creator, Start; once started,
/// the way to your seat, or to watch.
#[utoipa::path(get, path = "/play/rooms/{id}", params(AtRoom),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn room_page(
    State(app): State<Arc<AppState>>,
    Params(at): Params<AtRoom>,
    MaybePlayer(me): MaybePlayer,
) -> PageResult {
    let id = at.room()?;
    let room = app.tables.room(&id).await?;
    let view = RoomView::of(&room, me.as_ref().map(|p| p.account.key.as_str()))?;
    html(&RoomPage {
        me: me.map(|p| p.account.name),
        live: in_play(&app.tables, &id),
        room: view,
        refresh: REFRESH_SECS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_store::{PlayerAccount, RoomSeat};

    fn account(name: &str) -> PlayerAccount {
        PlayerAccount {
            name: name.into(),
            key: name.to_lowercase(),
        }
    }

    fn room(status: RoomStatus) -> Room {
        let setup = serde_json::json!({
            "table": {"rules": "standard", "card": "practice",
                      "seats": {"east": "person", "south": "person", "west": "strong", "north": null}},
            "settings": jongg_play::settings::TableSettings::default(),
        });
        Room {
            id: LiveTableId::new(),
            created: 0,
            creator: account("Ann"),
            status,
            setup,
            seats: vec![
                RoomSeat {
                    seat: Seat::East,
                    player: Some(account("Ann")),
                    token: Some("f".repeat(64)),
                    left: false,
                },
                RoomSeat {
                    seat: Seat::South,
                    player: None,
                    token: None,
                    left: false,
                },
            ],
        }
    }

    #[test]
    fn a_waiting_room_shows_who_sits_and_which_seats_are_open() {
        let v = RoomView::of(&room(RoomStatus::Waiting), Some("ann")).unwrap();
        let who: Vec<(&str, &str, bool)> = v
            .seats
            .iter()
            .map(|s| (s.seat, s.who.as_str(), s.open))
            .collect();
        assert_eq!(
            who,
            vec![
                ("east", "Ann", false),
                ("south", "Open", true),
                ("west", "Bot (strong)", false),
                ("north", "Empty (a table of three)", false),
            ]
        );
        assert_eq!(
            (v.mine, v.created_it, v.window_secs),
            (Some("east"), true, 5)
        );
        let other = RoomView::of(&room(RoomStatus::Waiting), Some("ben")).unwrap();
        assert_eq!((other.mine, other.created_it), (None, false));
    }

    #[test]
    fn a_started_rooms_open_seat_is_a_bot_and_one_who_left_is_named() {
        let mut r = room(RoomStatus::Playing);
        r.seats[0].left = true;
        let v = RoomView::of(&r, Some("ann")).unwrap();
        assert_eq!(v.seats[0].who, "Bot (medium) for Ann, who left");
        assert_eq!(v.seats[1].who, "Bot (medium): nobody joined");
        assert_eq!(v.open_seats(), 0);
        assert_eq!(v.mine, None, "who left sits nowhere");
    }

    #[test]
    fn the_lobby_page_never_holds_a_seats_token() {
        let r = room(RoomStatus::Playing);
        let token = r.seats[0].token.clone().unwrap();
        let v = RoomView::of(&r, Some("ann")).unwrap();
        let page = LobbyPage {
            me: Some("Ann".into()),
            mine: vec![v.clone()],
            waiting: vec![],
            waiting_pager: Pager::new(0, None, "/play?waiting=".into()),
            playing: vec![v.clone()],
            playing_pager: Pager::new(1, None, "/play?playing=".into()),
        }
        .render()
        .unwrap();
        assert!(!page.contains(&token));
        assert!(
            page.contains(&format!("/play/rooms/{}/seat", v.id)),
            "{page}"
        );
        assert!(page.contains(&format!("/play/{}/watch", v.id)));
    }
}
