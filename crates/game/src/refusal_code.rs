//! Stable refusal codes (issue 23.3): every refusal a seat receives carries
//! one of these beside its words. The engine's refusals are free text; this
//! file is the one place that gives them codes ([`code_of`]). It lives in the
//! engine's crate so that the live tables (`jongg-play`) and the position
//! format (`position/`, `expect refused W not_held`) read the same codes.

use crate::event::Refusal;
use serde::{Deserialize, Serialize};

/// Why a message or an action was refused, as a client program reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalCode {
    // The protocol's own.
    /// Not JSON, or not one of the messages.
    BadMessage,
    /// `v` is not a version this server speaks.
    UnsupportedVersion,
    /// The hello names another table.
    WrongTable,
    /// The hello's seat token is not one of this table's.
    UnknownToken,
    /// The action answers an event that has not happened.
    UnknownEvent,
    /// A claim or decline names a discard older than the one open.
    StaleClaim,
    /// A claim or decline names the last discard, but its window has closed.
    WindowClosed,
    /// A contribution after the deal.
    ContributionClosed,
    /// This seat has contributed already.
    AlreadyContributed,
    /// The table could not store the action: nothing happened.
    NotSaved,
    /// The table has as many spectators as its settings allow.
    TooManySpectators,
    /// A spectator may watch and read the chat, not play or write.
    SpectatorsOnlyWatch,
    /// The table's settings turn its chat off.
    ChatOff,
    /// A chat line longer than the table takes.
    ChatTooLong,
    /// Chat lines sent faster than the table takes them.
    ChatTooFast,
    /// The server has as many spectators as it takes, or this address as
    /// many as one address may (issue 34.2).
    SpectatorsBusy,
    /// Messages sent faster than the server takes them from one socket or
    /// one address: this one was not read (issue 34.7).
    TooFast,
    /// The seat is open on another device: a hello with `take_over` plays
    /// it here instead (issue 33.5).
    SeatOpenElsewhere,
    /// This connection's seat was taken over by a hello on another device:
    /// nothing more comes here (issue 33.5).
    SeatTakenElsewhere,
    // The engine's, by `code_of`.
    NotDealt,
    GameOver,
    SeatEmpty,
    DeadHand,
    NotYourTurn,
    MustPick,
    MustDiscard,
    MustExpose,
    MustAnswerClaim,
    MustAnswerError,
    NotHeld,
    NotMahJongg,
    CharlestonRule,
    ExposureRule,
    JokerExchangeRule,
    AlreadyAnswered,
    OwnDiscard,
    NoClaim,
    NothingToClaim,
    DeadCallRule,
    /// An engine refusal this table does not know (a newer engine).
    RefusedByRules,
}

impl RefusalCode {
    /// Every code (for the documentation's test).
    pub const ALL: [RefusalCode; 40] = [
        RefusalCode::BadMessage,
        RefusalCode::UnsupportedVersion,
        RefusalCode::WrongTable,
        RefusalCode::UnknownToken,
        RefusalCode::UnknownEvent,
        RefusalCode::StaleClaim,
        RefusalCode::WindowClosed,
        RefusalCode::ContributionClosed,
        RefusalCode::AlreadyContributed,
        RefusalCode::NotSaved,
        RefusalCode::TooManySpectators,
        RefusalCode::SpectatorsOnlyWatch,
        RefusalCode::ChatOff,
        RefusalCode::ChatTooLong,
        RefusalCode::ChatTooFast,
        RefusalCode::SpectatorsBusy,
        RefusalCode::TooFast,
        RefusalCode::SeatOpenElsewhere,
        RefusalCode::SeatTakenElsewhere,
        RefusalCode::NotDealt,
        RefusalCode::GameOver,
        RefusalCode::SeatEmpty,
        RefusalCode::DeadHand,
        RefusalCode::NotYourTurn,
        RefusalCode::MustPick,
        RefusalCode::MustDiscard,
        RefusalCode::MustExpose,
        RefusalCode::MustAnswerClaim,
        RefusalCode::MustAnswerError,
        RefusalCode::NotHeld,
        RefusalCode::NotMahJongg,
        RefusalCode::CharlestonRule,
        RefusalCode::ExposureRule,
        RefusalCode::JokerExchangeRule,
        RefusalCode::AlreadyAnswered,
        RefusalCode::OwnDiscard,
        RefusalCode::NoClaim,
        RefusalCode::NothingToClaim,
        RefusalCode::DeadCallRule,
        RefusalCode::RefusedByRules,
    ];
}

/// Words of the engine's refusals and their codes, first match wins.
const ENGINE_CODES: &[(&str, RefusalCode)] = &[
    ("this seat is empty", RefusalCode::SeatEmpty),
    ("a dead hand stops", RefusalCode::DeadHand),
    ("a dead hand cannot declare", RefusalCode::DeadHand),
    ("has not been dealt", RefusalCode::NotDealt),
    ("the game is over", RefusalCode::GameOver),
    ("it is not your turn", RefusalCode::NotYourTurn),
    ("pick from the wall first", RefusalCode::MustPick),
    ("say whether you exposed", RefusalCode::MustAnswerError),
    ("not a Mah Jongg", RefusalCode::NotMahJongg),
    ("already chosen your tiles", RefusalCode::AlreadyAnswered),
    ("already made your courtesy", RefusalCode::AlreadyAnswered),
    ("Charleston", RefusalCode::CharlestonRule),
    ("courtesy pass", RefusalCode::CharlestonRule),
    ("blind", RefusalCode::CharlestonRule),
    ("expose the claimed", RefusalCode::MustExpose),
    ("on your rack", RefusalCode::NotHeld),
    ("you do not hold", RefusalCode::NotHeld),
    ("can be corrected", RefusalCode::ExposureRule),
    ("exchanging for a joker", RefusalCode::JokerExchangeRule),
    ("has no exposure number", RefusalCode::JokerExchangeRule),
    ("holds no joker", RefusalCode::JokerExchangeRule),
    ("to exchange for that joker", RefusalCode::JokerExchangeRule),
    ("you hold fourteen tiles", RefusalCode::MustDiscard),
    ("it is your turn", RefusalCode::MustDiscard),
    (
        "exposures are made with a claimed",
        RefusalCode::ExposureRule,
    ),
    ("an exposure is a pung", RefusalCode::ExposureRule),
    ("cannot make a pung", RefusalCode::ExposureRule),
    ("no claim to withdraw", RefusalCode::NoClaim),
    ("claim your own discard", RefusalCode::OwnDiscard),
    ("already answered", RefusalCode::AlreadyAnswered),
    ("no tile can be claimed", RefusalCode::NothingToClaim),
    ("open for claims", RefusalCode::MustAnswerClaim),
    ("declared dead during play", RefusalCode::DeadCallRule),
    ("declare yourself dead", RefusalCode::DeadCallRule),
    ("not a live hand", RefusalCode::DeadCallRule),
];

/// The code of an engine refusal.
pub fn code_of(refusal: &Refusal) -> RefusalCode {
    ENGINE_CODES
        .iter()
        .find(|(words, _)| refusal.reason.contains(words))
        .map_or(RefusalCode::RefusedByRules, |(_, code)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::Seat;

    fn code(reason: &str) -> RefusalCode {
        code_of(&Refusal {
            seat: Seat::East,
            reason: reason.into(),
        })
    }

    /// The first string literal after each `refuse(seat,` in the engine.
    fn engine_reasons() -> Vec<String> {
        let source = include_str!("game.rs");
        source
            .split("refuse(")
            .skip(1)
            .filter_map(|after| {
                let start = after.find('"')? + 1;
                let len = after[start..].find('"')?;
                Some(after[start..start + len].to_string())
            })
            .collect()
    }

    #[test]
    fn every_refusal_of_the_engine_has_a_code() {
        let reasons = engine_reasons();
        assert!(reasons.len() > 30, "found {} refusals", reasons.len());
        for r in reasons {
            assert_ne!(code(&r), RefusalCode::RefusedByRules, "no code for: {r}");
        }
    }

    #[test]
    fn codes_are_snake_case_and_specific() {
        assert_eq!(code("it is not your turn"), RefusalCode::NotYourTurn);
        assert_eq!(
            code("it is your turn: discard, exchange a joker or declare Mah Jongg"),
            RefusalCode::MustDiscard
        );
        assert_eq!(code("you have no 5B on your rack"), RefusalCode::NotHeld);
        assert_eq!(code("something new"), RefusalCode::RefusedByRules);
        assert_eq!(
            serde_json::to_string(&RefusalCode::StaleClaim).unwrap(),
            "\"stale_claim\""
        );
    }
}
