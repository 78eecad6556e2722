//! Floor officials' logins (issue 14.2) on both backends.

use jongg_store::testing::TestDb;
use jongg_store::{OfficialLink, Store, TournamentId};
use jongg_tournament::{Actor, OfficialNo, Recorded};

fn created() -> Vec<Recorded> {
    vec![Recorded {
        seq: 1,
        at: 1,
        actor: Actor::Director,
        event: jongg_tournament::Event::PlayerArrived {
            number: jongg_tournament::PlayerNo(1),
        },
    }]
}

async fn an_official_logs_in_and_a_new_login_ends_the_old_sessions(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let t = store.create(&created()).await.unwrap();
    let link = OfficialLink {
        tournament: t,
        official: OfficialNo(1),
    };
    assert!(
        store
            .set_official_login(link, "monitor1", "hash1")
            .await
            .unwrap()
    );
    let other = OfficialLink {
        official: OfficialNo(2),
        ..link
    };
    assert!(
        !store
            .set_official_login(other, "monitor1", "h")
            .await
            .unwrap(),
        "a username is one official's"
    );
    let (hash, found) = store.official_login("monitor1").await.unwrap().unwrap();
    assert_eq!((hash.as_str(), found), ("hash1", link));
    let token = store
        .new_official_session("monitor1", 60_000)
        .await
        .unwrap();
    assert_eq!(
        store.official_session(&token).await.unwrap(),
        Some(("monitor1".to_string(), link))
    );
    // A new login for the same official ends the old one and its sessions.
    assert!(
        store
            .set_official_login(link, "monitor-one", "hash2")
            .await
            .unwrap()
    );
    assert_eq!(store.official_session(&token).await.unwrap(), None);
    assert_eq!(store.official_login("monitor1").await.unwrap(), None);
    let token = store
        .new_official_session("monitor-one", 60_000)
        .await
        .unwrap();
    store.end_official_session(&token).await.unwrap();
    assert_eq!(store.official_session(&token).await.unwrap(), None);
    let expired = store.new_official_session("monitor-one", -1).await.unwrap();
    assert_eq!(store.official_session(&expired).await.unwrap(), None);
    let none = OfficialLink {
        tournament: TournamentId(t.0 + 99),
        ..link
    };
    assert!(store.set_official_login(none, "ghost", "h").await.is_err());
    assert!(store.official_login("a\0b").await.is_err());
}

#[tokio::test]
async fn sqlite_an_official_logs_in_and_a_new_login_ends_the_old_sessions() {
    an_official_logs_in_and_a_new_login_ends_the_old_sessions(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn postgres_an_official_logs_in_and_a_new_login_ends_the_old_sessions() {
    an_official_logs_in_and_a_new_login_ends_the_old_sessions(&TestDb::postgres().await).await;
}

/// Issue 19.7: an official's device is known for them alone, and forgotten
/// with their login; a password reset ends their sessions, not their login.
async fn an_officials_device_is_theirs_and_a_reset_ends_their_sessions(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let t = store.create(&created()).await.unwrap();
    let link = OfficialLink {
        tournament: t,
        official: OfficialNo(1),
    };
    assert!(
        store
            .set_official_login(link, "monitor1", "h")
            .await
            .unwrap()
    );
    let device = store.new_official_device("monitor1").await.unwrap();
    assert!(
        store
            .known_official_device(&device, "monitor1")
            .await
            .unwrap()
    );
    assert!(
        !store
            .known_official_device(&device, "monitor2")
            .await
            .unwrap()
    );
    assert!(!store.known_device(&device, "monitor1").await.unwrap());
    let token = store
        .new_official_session("monitor1", 60_000)
        .await
        .unwrap();
    let reset = store.reset_director().await.unwrap();
    assert_eq!(reset.official_sessions, 1);
    assert_eq!(store.official_session(&token).await.unwrap(), None);
    assert!(store.official_login("monitor1").await.unwrap().is_some());
    // Removing the official forgets their devices.
    store.remove_official_login(link).await.unwrap();
    assert!(
        !store
            .known_official_device(&device, "monitor1")
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn sqlite_an_officials_device_is_theirs_and_a_reset_ends_their_sessions() {
    an_officials_device_is_theirs_and_a_reset_ends_their_sessions(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn postgres_an_officials_device_is_theirs_and_a_reset_ends_their_sessions() {
    an_officials_device_is_theirs_and_a_reset_ends_their_sessions(&TestDb::postgres().await).await;
}
