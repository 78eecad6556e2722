//! Players' accounts and the lobby's rooms (issue 23, point 6) on both
//! backends: names unique without regard to case, sessions that end, and a
//! room's seats joined, left and started.

use jongg_store::testing::TestDb;
use jongg_store::{Joined, Left, LiveTableId, RoomStatus, Store};
use jongg_tiles::Seat;

macro_rules! on_both {
    ($($case:ident),* $(,)?) => { $(
        mod $case {
            #[tokio::test]
            async fn sqlite() {
                let db = jongg_store::testing::TestDb::sqlite();
                super::$case(&db).await;
            }
            #[tokio::test]
            async fn postgres() {
                let db = jongg_store::testing::TestDb::postgres().await;
                super::$case(&db).await;
            }
        }
    )* };
}

on_both!(
    a_player_account_name_is_unique_in_any_case_and_its_session_ends,
    a_lobby_room_is_joined_left_started_and_listed,
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
        .create_room(&id, "ann", &setup, &open, Seat::East)
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
    let waiting = store.rooms(RoomStatus::Waiting).await.unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(store.rooms_of("cara").await.unwrap().len(), 1);
    assert!(store.rooms_of("ben").await.unwrap().is_empty());
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
    assert!(store.rooms_of("cara").await.unwrap().is_empty());
    assert_eq!(store.rooms(RoomStatus::Playing).await.unwrap().len(), 1);
    // A creator leaving a waiting room closes it.
    let other = LiveTableId::new();
    store
        .create_room(&other, "ben", &setup, &open, Seat::East)
        .await
        .unwrap();
    assert_eq!(store.leave_room(&other, "ben").await.unwrap(), Left::Closed);
    assert_eq!(
        store.room(&other).await.unwrap().unwrap().status,
        RoomStatus::Closed
    );
    assert!(store.rooms(RoomStatus::Waiting).await.unwrap().is_empty());
}
