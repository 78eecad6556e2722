//! The server's library of cards (issue 32.1): the director's event cards
//! and the cards players loaded, listed by name and year, so that a club
//! types the year's card once and every table's host can choose it. jongg
//! ships no card but its own practice card; a card in the library is one
//! somebody loaded on this server. A table copies its card's text into its
//! setup (`tables/players.rs`): the library is only where a card is chosen.

use crate::http::error::ApiError;
use crate::state::AppState;
use jongg_store::{LibraryCard, NewLibraryCard};
use jongg_tournament::Tournament;
use jongg_tournament::card::CardFile;
use jongg_tournament::limits::{MAX_LABEL, check_text};
use serde::Deserialize;

use crate::state::tables::players::PRACTICE;

/// The most cards a library holds (the shelf of cards in play holds more,
/// `tables/shelf.rs`).
pub(crate) const MOST_CARDS: i64 = 100;
/// The most cards one player account may load.
pub(crate) const MOST_PER_PLAYER: i64 = 5;
/// Who loaded the director's event cards.
pub(crate) const DIRECTOR: &str = "director";

/// Which card a new table plays by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(try_from = "String")]
pub(crate) enum CardPick {
    /// jongg's practice card.
    #[default]
    Practice,
    /// A card of the server's library, by its id.
    Library(i64),
}

impl TryFrom<String> for CardPick {
    type Error = String;
    fn try_from(s: String) -> Result<CardPick, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case(PRACTICE) {
            return Ok(CardPick::Practice);
        }
        match s.parse::<i64>() {
            Ok(id) if id > 0 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(CardPick::Library(id)),
            _ => Err(format!(
                "`{}` is neither `{PRACTICE}` nor the number of a card of the library",
                s.chars().take(20).collect::<String>()
            )),
        }
    }
}

/// The card a new table plays by, as the server found it: its name, and
/// its text unless it is jongg's practice card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableCard {
    pub name: String,
    pub text: Option<String>,
}

impl TableCard {
    pub(crate) fn practice() -> TableCard {
        TableCard {
            name: PRACTICE.to_string(),
            text: None,
        }
    }
}

/// A card to load: its name, year and text, as a player or the director
/// gave them.
#[derive(Debug, Clone)]
pub(crate) struct CardToLoad {
    pub name: String,
    pub year: Option<u16>,
    pub text: String,
}

/// A card added: the library's card, whether it is new, and the card's
/// warnings (its lint, as `jongg card lint` gives them).
#[derive(Debug)]
pub(crate) struct Added {
    pub card: LibraryCard,
    pub new: bool,
    pub warnings: Vec<String>,
}

/// Checks a card and adds it to the library as loaded by `by` (a player
/// account's key, or [`DIRECTOR`]). The same text again is the card already
/// there. Refused in words: a bad name, a card that does not parse (line
/// and column), a full library, a player's sixth card.
pub(crate) async fn add(app: &AppState, load: &CardToLoad, by: &str) -> Result<Added, ApiError> {
    check_text("the card's name", &load.name, MAX_LABEL, false)
        .map_err(|e| ApiError::unprocessable(format!("name: {e}")))?;
    if load.name.trim().is_empty() {
        return Err(ApiError::unprocessable("name: give the card a name"));
    }
    let years = jongg_rules::floor::CARD_YEARS;
    if let Some(y) = load.year.filter(|y| !years.contains(y)) {
        return Err(ApiError::unprocessable(format!(
            "year: {y} is not a card's year ({} to {})",
            years.start(),
            years.end()
        )));
    }
    let file = CardFile::new(load.name.trim(), load.text.as_str());
    let card = file
        .parse()
        .map_err(|e| ApiError::unprocessable(format!("text: {e}")))?;
    let store = app.tournaments.store();
    let (all, mine) = store.library_counts(by).await?;
    if all >= MOST_CARDS {
        return Err(ApiError::new(
            axum::http::StatusCode::CONFLICT,
            format!("the library has {MOST_CARDS} cards, its most: ask the server's operator"),
        ));
    }
    if by != DIRECTOR && mine >= MOST_PER_PLAYER {
        return Err(ApiError::new(
            axum::http::StatusCode::CONFLICT,
            format!("you have loaded {MOST_PER_PLAYER} cards, the most one player may"),
        ));
    }
    let lines = i64::try_from(card.lines().len()).unwrap_or(i64::MAX);
    let (card_row, new) = store
        .add_library_card(NewLibraryCard {
            name: load.name.trim(),
            year: load.year.map(i64::from),
            lines,
            text: &load.text,
            added_by: by,
        })
        .await?;
    let warnings = card.warnings().iter().map(ToString::to_string).collect();
    Ok(Added {
        card: card_row,
        new,
        warnings,
    })
}

/// The library, newest year first.
pub(crate) async fn list(app: &AppState) -> Result<Vec<LibraryCard>, ApiError> {
    Ok(app.tournaments.store().library_cards(MOST_CARDS).await?)
}

/// The card a new table plays by: jongg's practice card, or a card of the
/// library (its text copied into the table's setup).
pub(crate) async fn resolve(app: &AppState, pick: Option<CardPick>) -> Result<TableCard, ApiError> {
    match pick.unwrap_or_default() {
        CardPick::Practice => Ok(TableCard::practice()),
        CardPick::Library(id) => {
            let (card, text) =
                app.tournaments
                    .store()
                    .library_card(id)
                    .await?
                    .ok_or_else(|| {
                        ApiError::unprocessable(format!(
                            "card: the library has no card {id} (GET /api/cards lists them)"
                        ))
                    })?;
            Ok(TableCard {
                name: card.name,
                text: Some(text),
            })
        }
    }
}

/// The card a tournament's online tables play by (every text: "the
/// current NMJL card"): the event's card the director loaded; jongg's
/// practice card while none is loaded (the director's round page says so).
pub(crate) fn event_card(t: &Tournament) -> TableCard {
    match &t.card_setting().file {
        Some(f) => TableCard {
            name: f.label.clone(),
            text: Some(f.text.clone()),
        },
        None => TableCard::practice(),
    }
}

/// The director set an event's card: it goes into the library too, so
/// that the club's players can choose it at practice tables. A failure
/// here is logged, never the director's problem.
pub(crate) async fn keep_event_card(app: &AppState, id: i64) {
    let Ok(slot) = app.tournaments.get(id) else {
        return;
    };
    let Some(load) = slot.read(|t| {
        t.card_setting().file.as_ref().map(|f| CardToLoad {
            name: f.label.clone(),
            year: t.card_year().and_then(|r| match r.year {
                jongg_rules::floor::CardYear::Year(y) => Some(y),
                jongg_rules::floor::CardYear::Current => None,
            }),
            text: f.text.clone(),
        })
    }) else {
        return;
    };
    if load.text == jongg_card::PRACTICE_CARD {
        return;
    }
    if let Err(e) = add(app, &load, DIRECTOR).await {
        tracing::warn!(tournament = id, error = %e.message, "the event's card did not go into the library");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(s: &str) -> Result<CardPick, String> {
        CardPick::try_from(s.to_string())
    }

    #[test]
    fn a_card_is_practice_or_a_library_number_and_anything_else_is_named() {
        assert_eq!(pick("practice"), Ok(CardPick::Practice));
        assert_eq!(pick(" Practice "), Ok(CardPick::Practice));
        assert_eq!(pick("7"), Ok(CardPick::Library(7)));
        assert_eq!(pick("0007"), Ok(CardPick::Library(7)));
        for bad in [
            "0",
            "-1",
            "+5",
            "1e3",
            "7a",
            "",
            "nmjl",
            "99999999999999999999",
        ] {
            let e = pick(bad).unwrap_err();
            assert!(
                e.contains("is neither `practice` nor the number"),
                "{bad}: {e}"
            );
        }
        // A long word is cut in the words, not echoed whole.
        let e = pick(&"x".repeat(10_000)).unwrap_err();
        assert!(e.len() < 100, "{e}");
    }

    #[test]
    fn no_text_panics_the_card_pick() {
        let mut rng = jongg_rules::rng::Rng::new(32);
        let alphabet: Vec<char> = "0123456789practiceP -+e\u{0}é".chars().collect();
        for _ in 0..5_000 {
            let n = rng.below(12);
            let s: String = (0..n)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            match pick(&s) {
                Ok(CardPick::Library(id)) => assert!(id > 0, "{s:?}"),
                Ok(CardPick::Practice) => assert!(s.trim().eq_ignore_ascii_case("practice")),
                Err(e) => assert!(!e.is_empty()),
            }
        }
    }
}
