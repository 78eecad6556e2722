//! The cards live tables play by (issue 32.1), each parsed once and kept
//! for the life of the process, with its judge: jongg's practice card, an
//! event's card, a card of the server's library. A table's bots and judge
//! borrow their card for as long as the table lives, and a table may
//! outlive any one request, so a card on the shelf is never dropped; the
//! shelf holds at most [`MOST_CARDS`] different cards (a card is found by
//! the SHA-256 of its text), which bounds what it keeps. The library's own
//! bound (`api/card_library.rs`) keeps it well below that.

use jongg_card::Card;
use jongg_game::CardJudge;
use jongg_play::SharedJudge;
use jongg_tournament::card::CardFile;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// The most different cards one process keeps.
pub(crate) const MOST_CARDS: usize = 256;

/// A card on the shelf and its judge.
#[derive(Clone)]
pub(crate) struct Shelved {
    pub card: &'static Card,
    pub judge: SharedJudge,
}

impl std::fmt::Debug for Shelved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shelved")
            .field("lines", &self.card.lines().len())
            .finish_non_exhaustive()
    }
}

static PRACTICE: LazyLock<Shelved> = LazyLock::new(|| shelve(Arc::new(Card::practice())));

static SHELF: LazyLock<Mutex<HashMap<String, Shelved>>> = LazyLock::new(Mutex::default);

fn shelve(card: Arc<Card>) -> Shelved {
    // Kept for the process's life (the module's note says why and how many).
    let card: &'static Card = Box::leak(Box::new(card));
    Shelved {
        card,
        judge: Arc::new(CardJudge::new(card)),
    }
}

/// jongg's practice card.
pub(crate) fn practice() -> Shelved {
    PRACTICE.clone()
}

/// The card of this text (`label` names it in an error): parsed the first
/// time, the same card after. The error names the line and column that is
/// wrong, or that the shelf is full.
pub(crate) fn card(label: &str, text: &str) -> Result<Shelved, String> {
    let key = jongg_store::card_digest(text);
    if let Some(s) = lock().get(&key) {
        return Ok(s.clone());
    }
    // Parsed outside the lock: a card takes some milliseconds.
    let parsed = CardFile::new(label, text).parse()?;
    let mut shelf = lock();
    if let Some(s) = shelf.get(&key) {
        return Ok(s.clone());
    }
    if shelf.len() >= MOST_CARDS {
        return Err(format!(
            "this server has {MOST_CARDS} different cards in play, its most: \
             choose one of its library's cards, or restart it"
        ));
    }
    let s = shelve(parsed);
    shelf.insert(key, s.clone());
    Ok(s)
}

fn lock() -> std::sync::MutexGuard<'static, HashMap<String, Shelved>> {
    SHELF.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_parsed_once_and_the_same_card_after() {
        let text = format!("{}\n# shelf test\n", jongg_card::PRACTICE_CARD);
        let a = card("mine", &text).unwrap();
        let b = card("another name", &text).unwrap();
        assert!(std::ptr::eq(a.card, b.card));
        assert_eq!(a.card.lines().len(), practice().card.lines().len());
    }

    #[test]
    fn a_card_that_does_not_parse_is_named_by_line_and_column() {
        let e = card("bad", "not a card at all").unwrap_err();
        assert!(
            e.starts_with("the card file is not a card: line 1, column"),
            "{e}"
        );
    }
}
