//! The incidents a director is called to: [`Incident`] is the closed
//! vocabulary, a stable snake_case id for the command line, the server and
//! the event log, with a title and the player each is about. What a preset
//! rules for each is in `rule.rs`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// An incident the director may be called to. The id (`Incident::id`) is
/// stable: it is what the command line takes and what a ruling is kept under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Incident {
    // The Charleston.
    BlindPassPeek,
    SecondCharlestonStop,
    // Before the first discard.
    DiscardBeforeEast,
    WrongTileCountBeforeFirstDiscard,
    // Picking.
    PickingAhead,
    PickingOutOfTurn,
    DiscardingBeforePicking,
    WrongEndOfWall,
    HiddenWallTail,
    WrongTileCount,
    TwoHandedPicking,
    // Discards, claims and exposures.
    MisnamedDiscardExposure,
    MisnamedDiscardExposedInReliance,
    DiscardClaimedAfterNextPick,
    CoveredDiscardClaimed,
    CompetingClaims,
    ClaimWithdrawn,
    ClaimedTileRacked,
    IncorrectExposure,
    ClaimNotSpoken,
    RackedOrDiscarded,
    // Jokers.
    JokerExchangeBeforePicking,
    JokerExchangeRefused,
    // Mah Jongg.
    MisnamedDiscardMahjong,
    MisnamedDiscardFalseMahjongClaim,
    MahjongInErrorVerbal,
    MahjongInErrorExposed,
    MahjongInErrorOthersExposed,
    MahjongHandNotDisplayed,
    // Dead hands.
    FalseDeadCall,
    DeclaredSelfDead,
    // The clock.
    TimeCalled,
    // Conduct.
    DiscourteousConduct,
    ArgumentWithDirector,
    DisturbingAfterRound,
    // The score sheet.
    ScoreChangeAfterSubmission,
    QuestionSettledAtTable,
}

/// The number of incidents.
pub const INCIDENT_COUNT: usize = 37;

/// Each incident's id, title and the player it is about, in the order of
/// the enum (checked by a test).
#[rustfmt::skip]
const TABLE: [(Incident, &str, &str, &str); INCIDENT_COUNT] = {
    use Incident::*;
    [
        (BlindPassPeek, "blind_pass_peek", "Looked at a blind-passed (stolen) tile", "the player who looked"),
        (SecondCharlestonStop, "second_charleston_stop", "A player asks to stop the second Charleston", "the player who asked to stop"),
        (DiscardBeforeEast, "discard_before_east", "A tile discarded before East's first discard", "the player who discarded early"),
        (WrongTileCountBeforeFirstDiscard, "wrong_tile_count_before_first_discard", "Too many or too few tiles, found before East's first discard", "the player with the wrong count"),
        (PickingAhead, "picking_ahead", "Picking ahead", "the player who picked ahead"),
        (PickingOutOfTurn, "picking_out_of_turn", "Picking out of turn", "the player who picked out of turn"),
        (DiscardingBeforePicking, "discarding_before_picking", "Discarding before picking", "the player who discarded before picking"),
        (WrongEndOfWall, "wrong_end_of_wall", "Picking from the wrong wall or the wrong end of the wall", "the player who picked from the wrong end"),
        (HiddenWallTail, "hidden_wall_tail", "The tail of the wall was hidden from view", "the player who pushed the wall out"),
        (WrongTileCount, "wrong_tile_count", "Too many or too few tiles during play", "the player with the wrong count"),
        (TwoHandedPicking, "two_handed_picking", "Picking with one hand and discarding with the other", "the player who picked"),
        (MisnamedDiscardExposure, "misnamed_discard_exposure", "A mis-named discard called for an exposure", "the discarder who mis-named the tile"),
        (MisnamedDiscardExposedInReliance, "misnamed_discard_exposed_in_reliance", "Tiles exposed for a mis-named discard", "the player who exposed tiles for it"),
        (DiscardClaimedAfterNextPick, "discard_claimed_after_next_pick", "A discard claimed after the next player picked", "the player who claimed"),
        (CoveredDiscardClaimed, "covered_discard_claimed", "A covered discard claimed", "the player who claimed"),
        (CompetingClaims, "competing_claims", "Two players claim the same discard", "the players who claimed"),
        (ClaimWithdrawn, "claim_withdrawn", "A player changes their mind about a claim", "the player who claimed"),
        (ClaimedTileRacked, "claimed_tile_racked", "A claimed tile put in the rack instead of on top", "the player who racked the claimed tile"),
        (IncorrectExposure, "incorrect_exposure", "An incorrect exposure", "the player who exposed"),
        (ClaimNotSpoken, "claim_not_spoken", "A discard claimed without saying so aloud", "the player who claimed"),
        (RackedOrDiscarded, "racked_or_discarded", "Whether a tile was racked, or discarded, is disputed", "the player whose tile it is"),
        (JokerExchangeBeforePicking, "joker_exchange_before_picking", "A joker exchanged before picking", "the player who exchanged"),
        (JokerExchangeRefused, "joker_exchange_refused", "A joker exchange refused or disputed", "the player who asked for the joker"),
        (MisnamedDiscardMahjong, "misnamed_discard_mahjong", "A mis-named discard claimed for Mah Jongg", "the discarder who mis-named the tile"),
        (MisnamedDiscardFalseMahjongClaim, "misnamed_discard_false_mahjong_claim", "Mah Jongg claimed on a mis-named discard that does not complete the hand", "the discarder who mis-named the tile"),
        (MahjongInErrorVerbal, "mahjong_in_error_verbal", "Mah Jongg declared in error, no tiles exposed", "the declarer"),
        (MahjongInErrorExposed, "mahjong_in_error_exposed", "Mah Jongg declared in error, tiles exposed", "the declarer"),
        (MahjongInErrorOthersExposed, "mahjong_in_error_others_exposed", "Mah Jongg declared in error, other players threw in their hands", "each player who exposed because of it"),
        (MahjongHandNotDisplayed, "mahjong_hand_not_displayed", "A Mah Jongg hand not laid out as on the card", "the declarer"),
        (FalseDeadCall, "false_dead_call", "A hand declared dead wrongly", "the player who declared it dead"),
        (DeclaredSelfDead, "declared_self_dead", "A player declares their own hand dead", "the player"),
        (TimeCalled, "time_called", "Time called with the game unfinished", "every player at the table"),
        (DiscourteousConduct, "discourteous_conduct", "Discourteous, rude or abusive conduct", "the player complained of"),
        (ArgumentWithDirector, "argument_with_director", "Arguing with the director", "the player who argued"),
        (DisturbingAfterRound, "disturbing_after_round", "Staying after the round and disturbing players still playing", "the player who disturbed others"),
        (ScoreChangeAfterSubmission, "score_change_after_submission", "A score questioned after the sheet was handed in", "the player who questions it"),
        (QuestionSettledAtTable, "question_settled_at_table", "A question of rules or scoring settled at the table, then brought to the director", "the players who settled it"),
    ]
};

impl Incident {
    /// Every incident, in the order the command line lists them.
    pub const ALL: [Incident; INCIDENT_COUNT] = {
        let mut all = [Incident::BlindPassPeek; INCIDENT_COUNT];
        let mut i = 0;
        while i < INCIDENT_COUNT {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static (Incident, &'static str, &'static str, &'static str) {
        // The enum's order is the table's (test `the_table_follows_the_enum`).
        &TABLE[self as usize]
    }

    /// The stable snake_case id, e.g. `mahjong_in_error_exposed`.
    pub fn id(self) -> &'static str {
        self.row().1
    }

    /// A short title in plain words.
    pub fn title(self) -> &'static str {
        self.row().2
    }

    /// The player the incident is about ("the declarer", "the player who
    /// looked", ...): the one the ruling's effect and penalty fall on.
    pub fn subject(self) -> &'static str {
        self.row().3
    }
}

impl fmt::Display for Incident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An incident id that is not one of [`Incident::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownIncident(pub String);

impl fmt::Display for UnknownIncident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Incident::ALL.iter().map(|i| i.id()).collect();
        write!(
            f,
            "unknown incident `{}` (known incidents: {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownIncident {}

impl FromStr for Incident {
    type Err = UnknownIncident;
    fn from_str(s: &str) -> Result<Incident, UnknownIncident> {
        Incident::ALL
            .into_iter()
            .find(|i| i.id() == s)
            .ok_or_else(|| UnknownIncident(s.to_string()))
    }
}

impl Serialize for Incident {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Incident {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Incident, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_the_enum() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.0 as usize, i, "{}", row.1);
            assert_eq!(Incident::ALL[i], row.0);
        }
        let mut ids: Vec<&str> = TABLE.iter().map(|r| r.1).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), INCIDENT_COUNT, "ids are unique");
    }

    #[test]
    fn ids_are_snake_case_and_read_back() {
        for i in Incident::ALL {
            let id = i.id();
            assert!(
                id.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{id}"
            );
            assert_eq!(id.parse::<Incident>(), Ok(i));
            assert_eq!(serde_json::to_string(&i).unwrap(), format!("\"{id}\""));
        }
    }

    #[test]
    fn an_unknown_id_is_refused_naming_it_and_the_known_ones() {
        let e = "mahjong_in_eror".parse::<Incident>().unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.starts_with("unknown incident `mahjong_in_eror`"),
            "{shown}"
        );
        assert!(shown.contains("mahjong_in_error_exposed"), "{shown}");
        assert!(shown.contains("blind_pass_peek"), "{shown}");
    }
}
