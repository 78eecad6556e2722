//! Players' accounts and the lobby's rooms (issue 23, point 6) on both
//! backends: names unique without regard to case, sessions that end, and a
//! room's seats joined, left and started.

use jongg_store::testing::TestDb;
use jongg_store::{Joined, Left, LiveTable, LiveTableId, RoomStatus, Store};
use jongg_tiles::Seat;

jongg_store::on_both!(
    a_player_account_name_is_unique_in_any_case_and_its_session_ends,
    a_lobby_room_is_joined_left_started_and_listed,
    the_lobby_pages_from_the_database,
    waiting_rooms_expire_and_are_counted_by_creator_and_address,
    an_unreadable_room_is_set_aside_and_the_rest_are_read,
);

async fn a_player_account_name_is_unique_in_any_case_and_its_session_ends(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    assert!(store.create_player("Ann Lee", "hash-1").await.unwrap());
    assert!(!store.create_player("ANN LEE", "hash-2").await.unwrap());
    let (account, hash) = store.player_login("ann lee").await.unwrap().unwrap();
    assert_eq!(
        (account.name.as_str(), account.key.as_str(), hash.as_str()),
        ("Ann Lee", "ann lee", "hash-1")
    );
    assert_eq!(store.player_login("Ben").await.unwrap(), None);
    let token = store
        .new_player_session(&account.key, 60_000)
        .await
        .unwrap();
    assert_eq!(
        store.player_session(&token).await.unwrap(),
        Some(account.clone())
    );
    let expired = store.new_player_session(&account.key, -1).await.unwrap();
    assert_eq!(store.player_session(&expired).await.unwrap(), None);
    store.end_player_session(&token).await.unwrap();
    assert_eq!(store.player_session(&token).await.unwrap(), None);
    assert!(store.create_player("nul\0", "h").await.is_err());
}

async fn a_lobby_room_is_joined_left_started_and_listed(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    for name in ["Ann", "Ben", "Cara"] {
        assert!(store.create_player(name, "hash").await.unwrap());
    }
    let id = LiveTableId::new();
    let setup = serde_json::json!({"any": "setup"});
    let open = [Seat::East, Seat::South, Seat::West];
    store
        .create_room(&id, "ann", "10.0.0.1", &setup, &open, Seat::East)
        .await
        .unwrap();
    let room = store.room(&id).await.unwrap().unwrap();
    assert_eq!(
        (room.status, room.creator.name.as_str()),
        (RoomStatus::Waiting, "Ann")
    );
    assert_eq!(room.setup, setup);
    assert_eq!(room.seat_of("ann").map(|s| s.seat), Some(Seat::East));
    assert_eq!(room.seats.len(), 3);
    assert_eq!(
        store.join_room(&id, Seat::South, "ben").await.unwrap(),
        Joined::Seated
    );
    assert_eq!(
        store.join_room(&id, Seat::South, "cara").await.unwrap(),
        Joined::Taken
    );
    assert_eq!(
        store.join_room(&id, Seat::North, "cara").await.unwrap(),
        Joined::Taken,
        "not a person's seat"
    );
    assert_eq!(
        store.join_room(&id, Seat::West, "ben").await.unwrap(),
        Joined::AlreadyAt(Seat::South)
    );
    assert_eq!(store.leave_room(&id, "ben").await.unwrap(), Left::Freed);
    assert_eq!(store.leave_room(&id, "ben").await.unwrap(), Left::NotSeated);
    assert_eq!(
        store.join_room(&id, Seat::West, "cara").await.unwrap(),
        Joined::Seated
    );
    let waiting = store.rooms_page(RoomStatus::Waiting, 0, 50).await.unwrap();
    assert_eq!(waiting.rooms.len(), 1);
    assert_eq!(store.rooms_of("cara").await.unwrap().rooms.len(), 1);
    assert!(store.rooms_of("ben").await.unwrap().rooms.is_empty());
    let tokens = vec![(Seat::East, "a".repeat(64)), (Seat::West, "c".repeat(64))];
    assert!(store.start_room(&id, &tokens).await.unwrap());
    assert!(
        !store.start_room(&id, &tokens).await.unwrap(),
        "started once"
    );
    assert_eq!(
        store.join_room(&id, Seat::South, "ben").await.unwrap(),
        Joined::NotWaiting
    );
    let room = store.room(&id).await.unwrap().unwrap();
    assert_eq!(room.status, RoomStatus::Playing);
    assert_eq!(
        room.seat_of("cara").unwrap().token.as_deref(),
        Some("c".repeat(64).as_str())
    );
    assert!(
        room.seats
            .iter()
            .find(|s| s.seat == Seat::South)
            .unwrap()
            .player
            .is_none()
    );
    assert_eq!(store.leave_room(&id, "cara").await.unwrap(), Left::ToBot);
    let room = store.room(&id).await.unwrap().unwrap();
    assert!(room.seat_of("cara").is_none());
    assert!(
        room.seats
            .iter()
            .any(|s| s.left && s.player.as_ref().is_some_and(|p| p.key == "cara"))
    );
    assert!(store.rooms_of("cara").await.unwrap().rooms.is_empty());
    // A playing room is listed while its live table is open.
    assert_eq!(store.count_rooms(RoomStatus::Playing).await.unwrap(), 0);
    store
        .create_live_table(&LiveTable {
            id: id.clone(),
            ..LiveTable::new(serde_json::json!({}), Default::default())
        })
        .await
        .unwrap();
    assert_eq!(store.count_rooms(RoomStatus::Playing).await.unwrap(), 1);
    assert_eq!(
        store
            .rooms_page(RoomStatus::Playing, 0, 50)
            .await
            .unwrap()
            .rooms
            .len(),
        1
    );
    store.finish_live_table(&id).await.unwrap();
    assert_eq!(store.count_rooms(RoomStatus::Playing).await.unwrap(), 0);
    // A creator leaving a waiting room closes it.
    let other = LiveTableId::new();
    store
        .create_room(&other, "ben", "10.0.0.2", &setup, &open, Seat::East)
        .await
        .unwrap();
    assert_eq!(store.leave_room(&other, "ben").await.unwrap(), Left::Closed);
    assert_eq!(
        store.room(&other).await.unwrap().unwrap().status,
        RoomStatus::Closed
    );
    assert_eq!(store.count_rooms(RoomStatus::Waiting).await.unwrap(), 0);
}

/// Opens a waiting room of `creator` from `address`, its creator at East.
async fn open_room(store: &Store, creator: &str, address: &str) -> LiveTableId {
    let id = LiveTableId::new();
    let setup = serde_json::json!({"any": "setup"});
    store
        .create_room(
            &id,
            creator,
            address,
            &setup,
            &[Seat::East, Seat::South],
            Seat::East,
        )
        .await
        .unwrap();
    id
}

async fn the_lobby_pages_from_the_database(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    assert!(store.create_player("Ann", "hash").await.unwrap());
    let mut ids = Vec::new();
    for _ in 0..7 {
        ids.push(open_room(&store, "ann", "10.0.0.1").await);
        // Rooms are listed oldest first: each a millisecond apart at least.
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    assert_eq!(store.count_rooms(RoomStatus::Waiting).await.unwrap(), 7);
    let page = store.rooms_page(RoomStatus::Waiting, 3, 3).await.unwrap();
    let got: Vec<LiveTableId> = page.rooms.iter().map(|r| r.id.clone()).collect();
    assert_eq!(got, ids[3..6].to_vec());
    assert!(
        page.rooms.iter().all(|r| r.seats.len() == 2),
        "with their seats"
    );
    let last = store.rooms_page(RoomStatus::Waiting, 6, 3).await.unwrap();
    assert_eq!(last.rooms.len(), 1);
    assert!(
        store
            .rooms_page(RoomStatus::Waiting, 9, 3)
            .await
            .unwrap()
            .rooms
            .is_empty()
    );
}

async fn waiting_rooms_expire_and_are_counted_by_creator_and_address(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    for name in ["Ann", "Ben"] {
        assert!(store.create_player(name, "hash").await.unwrap());
    }
    let first = open_room(&store, "ann", "10.0.0.1").await;
    open_room(&store, "ann", "10.0.0.2").await;
    open_room(&store, "ben", "10.0.0.1").await;
    assert_eq!(
        store.waiting_rooms_of("ann", "10.0.0.1").await.unwrap(),
        (2, 2)
    );
    assert_eq!(
        store.waiting_rooms_of("ben", "10.0.0.9").await.unwrap(),
        (1, 0)
    );
    let opened = jongg_store::now_millis();
    assert_eq!(
        store.expire_rooms(opened - 60_000).await.unwrap(),
        0,
        "none was opened a minute ago"
    );
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    // A join keeps a room: the first is joined after `now`, the others
    // were last touched before it.
    let now = jongg_store::now_millis();
    assert_eq!(
        store.join_room(&first, Seat::South, "ben").await.unwrap(),
        Joined::Seated
    );
    assert_eq!(store.expire_rooms(now).await.unwrap(), 2);
    assert_eq!(store.count_rooms(RoomStatus::Waiting).await.unwrap(), 1);
    assert_eq!(
        store.waiting_rooms_of("ann", "10.0.0.1").await.unwrap(),
        (1, 1)
    );
    assert_eq!(
        store.waiting_rooms_of("ben", "10.0.0.1").await.unwrap(),
        (0, 1)
    );
}

async fn an_unreadable_room_is_set_aside_and_the_rest_are_read(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    assert!(store.create_player("Ann", "hash").await.unwrap());
    let good = open_room(&store, "ann", "10.0.0.1").await;
    let bad_setup = open_room(&store, "ann", "10.0.0.1").await;
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    sqlx::query("UPDATE lobby_rooms SET setup = '{not json' WHERE id = $1")
        .bind(bad_setup.as_str())
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let page = store.rooms_page(RoomStatus::Waiting, 0, 50).await.unwrap();
    let read: Vec<LiveTableId> = page.rooms.iter().map(|r| r.id.clone()).collect();
    assert!(read.contains(&good), "{page:?}");
    assert!(!read.contains(&bad_setup));
    let aside: Vec<&str> = page.set_aside.iter().map(|s| s.id.as_str()).collect();
    assert!(aside.contains(&bad_setup.as_str()), "{aside:?}");
    let why = &page
        .set_aside
        .iter()
        .find(|s| s.id == bad_setup.as_str())
        .unwrap()
        .why;
    assert!(why.contains("setup is not JSON"), "{why}");
    let one = store.room(&bad_setup).await.unwrap_err().to_string();
    assert!(one.contains(bad_setup.as_str()), "{one}");
    let mine = store.rooms_of("ann").await.unwrap();
    assert!(mine.rooms.iter().any(|r| r.id == good));
    assert!(mine.set_aside.iter().any(|s| s.id == bad_setup.as_str()));
}
