//! Who plays at a live table: its preset and card, and for each seat a
//! person or a bot of a strength. Stored with the table (as JSON) so that a
//! restart mounts it again with the same judge and bots.

use super::shelf;
use jongg_card::Card;
use jongg_game::Table;
use jongg_game::bot::{Bot, Strength};
use jongg_play::{BotFor, Players};
use jongg_rules::{PRESET_NAMES, Preset};
use jongg_store::LiveTableId;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::{GameNo, RoundNo, TableNo};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The name of jongg's own practice card, the card of a table that names
/// no other.
pub(crate) const PRACTICE: &str = "practice";

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SeatPlayer {
    /// A person, who reaches the seat with its token.
    Person,
    /// A bot that plays toward its lines but makes a player's mistakes.
    Easy,
    /// The greedy bot: its nearest lines, what is gone counted.
    Medium,
    /// A bot that weighs several lines and defends.
    Strong,
}

impl SeatPlayer {
    pub(crate) fn name(self) -> &'static str {
        match self {
            SeatPlayer::Person => "person",
            SeatPlayer::Easy => "easy",
            SeatPlayer::Medium => "medium",
            SeatPlayer::Strong => "strong",
        }
    }
}

/// A live table's setup as stored with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableSetupDoc {
    /// A built-in preset's name.
    pub rules: String,
    /// The card's name: [`PRACTICE`], or the name of the card in `card_text`.
    pub card: String,
    /// The text of the card the table plays by (an event's card, a card of
    /// the server's library), kept with the table so that its replay and
    /// coach read the same card; `None`: jongg's practice card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_text: Option<String>,
    /// Who plays each seat; `None`: the seat is empty (a table of three, R12).
    pub seats: BySeat<Option<SeatPlayer>>,
    /// The tournament game this table plays (issue 23.7); `None`: a
    /// practice table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundGame>,
    /// A practice table set up from this position (docs/positions.md), not
    /// dealt from a drawn wall; never a tournament's table or a room's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Who deals this game; `None`: East. A tournament's game is dealt by
    /// the seat its sheet names (R12: the deal passes to the right after
    /// each game; a table of three rolls again for East before game 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
    /// The roll for East the server made for this game's table (standard
    /// 3A, 5C), every round of throws, for the table's page to show.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub east_roll: Option<jongg_tournament::Throws>,
}

/// A game of a tournament's round played at a live table (issue 23.7):
/// when it ends, its record goes onto the table's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RoundGame {
    pub tournament: i64,
    pub round: RoundNo,
    pub table: TableNo,
    pub game: GameNo,
}

impl TableSetupDoc {
    /// The words every page of a set-up table shows.
    pub(crate) const SET_UP_WORDS: &'static str =
        "Set up from a position: this wall was not drawn.";

    pub(crate) fn is_person(&self, seat: Seat) -> bool {
        self.seats[seat] == Some(SeatPlayer::Person)
    }

    /// The engine's table: the preset's options, the dealer (East unless
    /// the setup names another), empty seats left out. The error names what is wrong, for the creator.
    pub(crate) fn table(&self) -> Result<Table, String> {
        let preset = Preset::builtin(&self.rules).ok_or_else(|| {
            format!(
                "rules: `{}` is not a preset; one of: {}",
                self.rules,
                PRESET_NAMES.join(", ")
            )
        })?;
        self.shelved().map_err(|e| format!("card: {e}"))?;
        // A tournament's table may be all bots: every player absent, their
        // games still played and marked (issue 23.7).
        if self.round.is_none() && !Seat::ALL.into_iter().any(|s| self.is_person(s)) {
            return Err(
                "seats: at least one seat is a person's (all bots: no one could sit)".into(),
            );
        }
        let table = Seat::ALL
            .into_iter()
            .filter(|s| self.seats[*s].is_none())
            .fold(
                Table::from_preset(&preset, self.dealer.unwrap_or(Seat::East)),
                Table::without,
            );
        table.check().map_err(|e| format!("seats: {e}"))?;
        Ok(table)
    }

    /// The card the table plays by (the coach judges its game on it).
    pub(crate) fn card(&self) -> Result<&'static Card, String> {
        Ok(self.shelved()?.card)
    }

    /// The card and its judge, from the shelf.
    fn shelved(&self) -> Result<shelf::Shelved, String> {
        match &self.card_text {
            Some(text) => shelf::card(&self.card, text),
            None if self.card == PRACTICE => Ok(shelf::practice()),
            None => Err(format!(
                "`{}` is not a card this table has: `{PRACTICE}`, or a card's text with its name",
                self.card
            )),
        }
    }

    /// The judge (the card) and the bots of table `id`: a bot seat's own
    /// strength; a person's seat, while its player is gone, the strength the
    /// owner asks for (the table's `stand_in`, medium unless it says
    /// otherwise). Each bot's ties follow from the table's id and its seat.
    pub(crate) fn players(&self, id: &LiveTableId) -> Result<Players, String> {
        let shelved = self.shelved()?;
        let card = shelved.card;
        let seed = u64::from_str_radix(id.as_str(), 16).unwrap_or_default();
        let seats = self.seats;
        Ok(Players {
            judge: shelved.judge,
            bots: Arc::new(move |s: Seat, role: BotFor| {
                let seed = seed.wrapping_mul(8).wrapping_add(s.index() as u64);
                bot(card, role, seats[s], seed)
            }),
        })
    }
}

/// The bot the owner asks for (the engine's one way to make one): a
/// stand-in of the table's strength, or the seat's own bot (a seat a
/// person holds, or none, never asks for its own: medium if it did).
fn bot(
    card: &'static Card,
    role: BotFor,
    player: Option<SeatPlayer>,
    seed: u64,
) -> Box<dyn Bot + Send> {
    let strength = match (role, player) {
        (BotFor::StandIn(strength), _) => strength,
        (BotFor::Seat, Some(SeatPlayer::Easy)) => Strength::Easy,
        (BotFor::Seat, Some(SeatPlayer::Strong)) => Strength::Strong,
        (BotFor::Seat, Some(SeatPlayer::Medium | SeatPlayer::Person) | None) => Strength::Medium,
    };
    strength.make(card, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(rules: &str, seats: [Option<SeatPlayer>; 4]) -> TableSetupDoc {
        TableSetupDoc {
            rules: rules.into(),
            card: PRACTICE.into(),
            card_text: None,
            seats: BySeat(seats),
            round: None,
            position: None,
            dealer: None,
            east_roll: None,
        }
    }

    const P: Option<SeatPlayer> = Some(SeatPlayer::Person);
    const M: Option<SeatPlayer> = Some(SeatPlayer::Medium);

    #[test]
    fn a_setup_names_what_is_wrong() {
        let e = doc("nope", [P, M, M, M]).table().unwrap_err();
        assert!(
            e.starts_with("rules: `nope` is not a preset; one of: standard"),
            "{e}"
        );
        let e = doc("standard", [M, M, M, M]).table().unwrap_err();
        assert!(
            e.starts_with("seats: at least one seat is a person's"),
            "{e}"
        );
        let e = doc("standard", [P, None, None, M]).table().unwrap_err();
        assert_eq!(e, "seats: a table needs three or four players, not 2");
        let e = doc("standard", [None, P, M, M]).table().unwrap_err();
        assert_eq!(e, "seats: the dealer's seat (east) is empty");
        let mut d = doc("standard", [P, M, M, M]);
        d.card = "nmjl".into();
        assert!(d.table().unwrap_err().starts_with("card: `nmjl`"));
        d.card_text = Some("not a card".into());
        let e = d.table().unwrap_err();
        assert!(
            e.starts_with("card: the card file is not a card: line 1"),
            "{e}"
        );
    }

    /// R12: a tournament's game is dealt by the seat its sheet names; a
    /// setup stored before it named none is dealt by East.
    #[test]
    fn a_setup_deals_from_the_seat_it_names_r12() {
        let mut d = doc("standard", [P, M, M, M]);
        assert_eq!(d.table().unwrap().dealer, Seat::East);
        d.dealer = Some(Seat::West);
        assert_eq!(d.table().unwrap().dealer, Seat::West);
        let back: TableSetupDoc =
            serde_json::from_value(serde_json::to_value(&d).unwrap()).unwrap();
        assert_eq!(back, d);
        let old: TableSetupDoc = serde_json::from_value(serde_json::json!({
            "rules": "standard", "card": "practice",
            "seats": { "east": "person", "south": "medium", "west": "medium", "north": "medium" }
        }))
        .unwrap();
        assert_eq!(old.dealer, None);
        let mut three = doc("standard", [P, M, M, None]);
        three.dealer = Some(Seat::North);
        assert_eq!(
            three.table().unwrap_err(),
            "seats: the dealer's seat (north) is empty"
        );
    }

    #[test]
    fn a_setup_gives_the_presets_table_with_its_empty_seat() {
        let t = doc("standard", [P, M, M, None]).table().unwrap();
        assert_eq!(t.present, BySeat([true, true, true, false]));
        assert_eq!(t.dealer, Seat::East);
        assert_eq!(
            t,
            Table::from_preset(&Preset::builtin("standard").unwrap(), Seat::East)
                .without(Seat::North)
        );
    }
}
