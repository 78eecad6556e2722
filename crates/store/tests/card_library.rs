//! The library of cards (issue 32.1) on both backends: a card is kept once
//! by its text, listed newest year first, read back whole, and counted per
//! loader.

use jongg_store::testing::TestDb;
use jongg_store::{NewLibraryCard, Store};

jongg_store::on_both!(a_card_is_kept_once_by_its_text_and_listed_newest_year_first);

fn card<'a>(name: &'a str, year: Option<i64>, text: &'a str, by: &'a str) -> NewLibraryCard<'a> {
    NewLibraryCard {
        name,
        year,
        lines: 3,
        text,
        added_by: by,
    }
}

async fn a_card_is_kept_once_by_its_text_and_listed_newest_year_first(db: &TestDb) {
    let store = Store::connect(&db.url).await.unwrap();
    let (old, new) = store
        .add_library_card(card("Club 2025", Some(2025), "text a", "director"))
        .await
        .unwrap();
    assert!(new);
    let (later, new) = store
        .add_library_card(card("Club 2026", Some(2026), "text b", "ann"))
        .await
        .unwrap();
    assert!(new);
    // The same text again, under another name: the card already there.
    let (again, new) = store
        .add_library_card(card("Copy", None, "text a", "bob"))
        .await
        .unwrap();
    assert!(!new);
    assert_eq!(again, old);
    let _ = store
        .add_library_card(card("No year", None, "text c", "ann"))
        .await
        .unwrap();
    let list = store.library_cards(10).await.unwrap();
    let names: Vec<&str> = list.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Club 2026", "Club 2025", "No year"]);
    assert_eq!(store.library_cards(1).await.unwrap(), vec![later.clone()]);
    let (read, text) = store.library_card(later.id).await.unwrap().unwrap();
    assert_eq!((read, text.as_str()), (later, "text b"));
    assert_eq!(store.library_card(9_999).await.unwrap(), None);
    assert_eq!(store.library_counts("ann").await.unwrap(), (3, 2));
    assert_eq!(store.library_counts("nobody").await.unwrap(), (3, 0));
    assert!(
        store
            .add_library_card(card("Nul", None, "a\0b", "ann"))
            .await
            .is_err()
    );
}
