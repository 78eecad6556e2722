//! The director's setup link and its reset (issue 13), on both backends:
//! a link says whether it was used, and a reset ends every session and
//! prints a new link as on a first start.

use jongg_store::testing::TestDb;
use jongg_store::{SetupToken, Store};

jongg_store::on_both!(
    a_setup_link_says_whether_it_was_used,
    a_reset_ends_the_sessions_and_makes_a_new_link,
    a_reset_before_any_password_makes_a_link_too,
);

async fn a_setup_link_says_whether_it_was_used(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let old = store.new_setup_token().await.unwrap();
    let token = store.new_setup_token().await.unwrap();
    // A replaced link is unknown, like a mistyped one.
    assert_eq!(
        store.setup_token_state(&old).await.unwrap(),
        SetupToken::Unknown
    );
    assert_eq!(
        store.setup_token_state("nonsense").await.unwrap(),
        SetupToken::Unknown
    );
    assert_eq!(
        store.setup_token_state(&token).await.unwrap(),
        SetupToken::Live
    );
    let before = jongg_store::now_millis();
    assert!(store.complete_setup(&token, "ann", "hash").await.unwrap());
    match store.setup_token_state(&token).await.unwrap() {
        SetupToken::Used { at } => assert!(at >= before),
        other => panic!("{other:?}"),
    }
    // A NUL is refused before the query, never a database error.
    assert!(store.setup_token_state("a\0b").await.is_err());
}

async fn a_reset_ends_the_sessions_and_makes_a_new_link(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let first = store.new_setup_token().await.unwrap();
    assert!(store.complete_setup(&first, "ann", "hash").await.unwrap());
    let s1 = store.new_session("ann", 60_000).await.unwrap();
    let s2 = store.new_session("ann", 60_000).await.unwrap();
    let device = store.new_device("ann").await.unwrap();

    let reset = store.reset_director().await.unwrap();
    assert_eq!(reset.username.as_deref(), Some("ann"));
    assert_eq!(reset.sessions, 2);
    assert_eq!(reset.token.len(), 64);
    // Logged out everywhere; the old password and device are gone.
    assert_eq!(store.session_user(&s1).await.unwrap(), None);
    assert_eq!(store.session_user(&s2).await.unwrap(), None);
    assert!(!store.known_device(&device, "ann").await.unwrap());
    assert!(!store.has_director().await.unwrap());
    assert_eq!(store.password_hash("ann").await.unwrap(), None);
    // The old link still says it was used; the new one sets a password.
    assert!(matches!(
        store.setup_token_state(&first).await.unwrap(),
        SetupToken::Used { .. }
    ));
    assert_eq!(
        store.setup_token_state(&reset.token).await.unwrap(),
        SetupToken::Live
    );
    assert!(
        store
            .complete_setup(&reset.token, "director", "new hash")
            .await
            .unwrap()
    );
    assert_eq!(
        store.password_hash("director").await.unwrap().as_deref(),
        Some("new hash")
    );
    // A second reset replaces an unused link: only the newest works.
    let a = store.reset_director().await.unwrap();
    let b = store.reset_director().await.unwrap();
    assert_eq!(a.username.as_deref(), Some("director"));
    assert_eq!(b.username, None);
    assert_eq!(
        store.setup_token_state(&a.token).await.unwrap(),
        SetupToken::Unknown
    );
    assert!(!store.complete_setup(&a.token, "x", "h").await.unwrap());
    assert!(store.complete_setup(&b.token, "x", "h").await.unwrap());
}

async fn a_reset_before_any_password_makes_a_link_too(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let printed = store.new_setup_token().await.unwrap();
    let reset = store.reset_director().await.unwrap();
    assert_eq!((reset.username, reset.sessions), (None, 0));
    assert_eq!(
        store.setup_token_state(&printed).await.unwrap(),
        SetupToken::Unknown
    );
    assert!(
        store
            .complete_setup(&reset.token, "director", "hash")
            .await
            .unwrap()
    );
}
