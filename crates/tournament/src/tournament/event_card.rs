//! The event's card in the aggregate (issue 14.1): the director sets the
//! card year (a reading of the rules text, `[card]`) and loads a card file;
//! the sheet checks hands against it (`sheets.rs`, through [`crate::card`]).

use super::Tournament;
use super::apply::Unfit;
use crate::card::{CardFile, CardSetting, LoadedCard};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::{MAX_LABEL, check_text};
use jongg_card::Card;
use jongg_rules::floor::{CardReading, CardYear};

impl Tournament {
    /// The director sets the event's card: the year must be one the rules
    /// text reads (st-louis-senior-olympics: 2022, heading, or 2019, 6a),
    /// the file must parse as a card.
    pub(super) fn set_card(
        &self,
        year: Option<CardYear>,
        file: Option<CardFile>,
    ) -> Result<Vec<Event>, DomainError> {
        if let Some(y) = year {
            self.preset()?
                .card
                .choose(y)
                .map_err(|e| DomainError::Invalid(e.to_string()))?;
        }
        if let Some(f) = &file {
            check_text("the card's label", &f.label, MAX_LABEL, false)?;
            // Parsed once: the server parses it before taking the lock.
            f.parse().map_err(DomainError::Invalid)?;
        }
        let after = CardSetting { year, file };
        if after == self.card_setting {
            return Ok(vec![]);
        }
        Ok(vec![Event::CardSet {
            before: self.card_setting.clone(),
            after,
        }])
    }

    pub(super) fn card_set(&mut self, after: &CardSetting) -> Result<(), Unfit> {
        self.card = match &after.file {
            Some(f) => Some(LoadedCard {
                file: f.clone(),
                card: f.parse()?,
            }),
            None => None,
        };
        self.card_setting = after.clone();
        Ok(())
    }

    /// The event's card as the director set it.
    pub fn card_setting(&self) -> &CardSetting {
        &self.card_setting
    }

    /// The card year in force, with its source: the director's choice (while
    /// it is a reading of the rules), else the text's only reading; `None`
    /// where the text reads two ways and nobody has chosen.
    pub fn card_year(&self) -> Option<&CardReading> {
        let card = &self.preset().ok()?.card;
        self.card_setting
            .year
            .and_then(|y| card.choose(y).ok())
            .or_else(|| card.only())
    }

    /// The card file loaded, parsed.
    pub fn card(&self) -> Option<&Card> {
        self.card.as_ref().map(|c| c.card.as_ref())
    }
}

impl Tournament {
    /// The one check of a game against the event's card (issue 14.1), for
    /// the sheet and the score page's preview: with tiles, the card must be
    /// loaded and the tiles make (or, for a Mah Jongg in error, not make) a
    /// hand on it, which fills in the record; without tiles, a Mah Jongg's
    /// value must be one the card has where a card is loaded.
    pub fn check_on_card(
        &self,
        record: &jongg_rules::GameRecord,
        hand: Option<&crate::card::HandTiles>,
    ) -> Result<crate::card::CardCheck, jongg_rules::RecordError> {
        match (self.card(), hand) {
            (Some(card), Some(hand)) => crate::card::verify_hand(card, record, hand),
            (None, Some(_)) => Err(jongg_rules::RecordError::new(
                "hand",
                "no card is loaded for this event, so tiles cannot be checked: enter the hand's value",
            )),
            (card, None) => {
                if let Some(card) = card {
                    crate::card::check_value(card, record)?;
                }
                Ok(crate::card::CardCheck {
                    record: record.clone(),
                    line: None,
                    note: None,
                })
            }
        }
    }
}

impl Tournament {
    /// A game record (with the winning hand's tiles, if given) checked on
    /// the event's card and scored for game `game` at a table: the one path
    /// for the sheet and the score page's check of a hand.
    pub fn score_with_card(
        &self,
        round: crate::model::RoundNo,
        table: crate::model::TableNo,
        game: crate::model::GameNo,
        record: &jongg_rules::GameRecord,
        hand: Option<&crate::card::HandTiles>,
    ) -> Result<(crate::card::CardCheck, crate::rules::ScoredRecord), DomainError> {
        let invalid = |e: jongg_rules::RecordError| DomainError::InvalidRecord(e.to_string());
        let checked = self.check_on_card(record, hand).map_err(invalid)?;
        let at = self.table_game(round, table, game)?;
        let scored =
            crate::rules::score_record(self.preset()?, &checked.record, &at).map_err(invalid)?;
        Ok((checked, scored))
    }
}
