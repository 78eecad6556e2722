//! The score page's game form before its script loads (issue 13.7).
//!
//! The script sends a game as a nested JSON record (`EnterGame`); a plain
//! form cannot repeat a name (`form.rs` refuses a field given twice) nor
//! build a list of `{seat, kind}`. So the page names each input by its seat
//! (`dead.west`, `exposed.south`, `penalty.north.false_dead_call`, a ticked
//! box sending `on`), the form is read as [`GameForm`] (`form.rs`: dotted
//! names nest, texts read as the type wants, empty fields left out), and one
//! conversion here turns it into the very record the script would have
//! built: only the fields of the game's result are kept (a winner is not
//! sent with a wall game), and no one threw a self-picked or heavenly hand.

use super::card::Hand;
use super::rounds::{AmendGame, EnterGame, Entry, Seat};
use crate::http::error::ApiError;
use jongg_rules::GameRecord;
use jongg_rules::record::{DeadReason, GameResult, Penalty, PenaltyKind};
use serde::Deserialize;

/// One value a seat (a seat left out: its default).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerSeat<T: Default> {
    #[serde(default)]
    pub east: T,
    #[serde(default)]
    pub south: T,
    #[serde(default)]
    pub west: T,
    #[serde(default)]
    pub north: T,
}

impl<T: Default> PerSeat<T> {
    /// East, South, West, North (the page's and the script's order).
    fn by_seat(&self) -> [(Seat, &T); 4] {
        [
            (Seat::East, &self.east),
            (Seat::South, &self.south),
            (Seat::West, &self.west),
            (Seat::North, &self.north),
        ]
    }
}

/// A seat's penalty boxes, each ticked or not.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalties {
    #[serde(default)]
    pub blind_pass_peek: bool,
    #[serde(default)]
    pub misnamed_exposure_tile: bool,
    #[serde(default)]
    pub false_dead_call: bool,
    #[serde(default)]
    pub hidden_wall_tail: bool,
}

impl Penalties {
    /// The kinds ticked, in the page's order.
    fn kinds(&self) -> impl Iterator<Item = PenaltyKind> {
        [
            (self.blind_pass_peek, PenaltyKind::BlindPassPeek),
            (
                self.misnamed_exposure_tile,
                PenaltyKind::MisnamedExposureTile,
            ),
            (self.false_dead_call, PenaltyKind::FalseDeadCall),
            (self.hidden_wall_tail, PenaltyKind::HiddenWallTail),
        ]
        .into_iter()
        .filter_map(|(ticked, kind)| ticked.then_some(kind))
    }
}

/// The score page's game form as a browser sends it without the script
/// (the field names are the page's: `templates/score.html`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameForm {
    pub result: GameResult,
    #[serde(default)]
    pub winner: Option<Seat>,
    #[serde(default)]
    pub declarer: Option<Seat>,
    #[serde(default)]
    pub discarder: Option<Seat>,
    #[serde(default)]
    pub value: Option<u32>,
    #[serde(default)]
    pub exposures: Option<u8>,
    #[serde(default)]
    pub self_picked: bool,
    #[serde(default)]
    pub jokerless: bool,
    #[serde(default)]
    pub singles_and_pairs: bool,
    #[serde(default)]
    pub quints: bool,
    #[serde(default)]
    pub one_group_left: bool,
    #[serde(default)]
    pub heavenly: bool,
    #[serde(default)]
    pub misnamed: bool,
    /// Who else exposed their hand because of a Mah Jongg in error.
    #[serde(default)]
    pub exposed: PerSeat<bool>,
    #[serde(default)]
    pub dead: PerSeat<Option<DeadReason>>,
    #[serde(default)]
    pub penalty: PerSeat<Penalties>,
    /// The sheet's version the page showed (a stale one is refused).
    #[serde(default)]
    pub version: Option<u64>,
    /// Ticked where the sheet is signed: saving clears the signatures.
    #[serde(default)]
    pub clear_signatures: bool,
    /// The winning hand's tiles on the rack, checked on the event's card
    /// (issue 14.1; only where the event has a card).
    #[serde(default)]
    pub hand_concealed: Option<String>,
    /// Its exposed groups, each separated by `/`.
    #[serde(default)]
    pub hand_exposed: Option<String>,
    /// Why an accepted sheet's game is changed (amending only).
    #[serde(default)]
    pub reason: Option<String>,
}

impl GameForm {
    /// The record the script builds from the same form (`assets/score.js`,
    /// `record()`): the fields of this result only.
    pub fn record(&self) -> GameRecord {
        let mut rec = GameRecord::new(self.result);
        match self.result {
            GameResult::Mahjong => {
                rec.winner = self.winner.map(Into::into);
                rec.value = self.value.unwrap_or(0);
                rec.self_picked = self.self_picked;
                rec.jokerless = self.jokerless;
                rec.singles_and_pairs = self.singles_and_pairs;
                rec.quints = self.quints;
                rec.one_group_left = self.one_group_left;
                rec.heavenly = self.heavenly;
                rec.misnamed = self.misnamed;
                if !self.self_picked && !self.heavenly {
                    rec.discarder = self.discarder.map(Into::into);
                }
                rec.exposures = self.exposures.unwrap_or(0);
            }
            GameResult::MahjongInError => {
                rec.declarer = self.declarer.map(Into::into);
                rec.value = self.value.unwrap_or(0);
                rec.exposed = self
                    .exposed
                    .by_seat()
                    .into_iter()
                    .filter(|(_, ticked)| **ticked)
                    .map(|(s, _)| s.into())
                    .collect();
            }
            GameResult::MisnamedMahjongClaim => {
                rec.declarer = self.declarer.map(Into::into);
                rec.discarder = self.discarder.map(Into::into);
            }
            GameResult::Wall | GameResult::Timeout => {}
        }
        for (seat, why) in self.dead.by_seat() {
            if let Some(why) = why {
                rec.dead.insert(seat.into(), *why);
            }
        }
        for (seat, ticked) in self.penalty.by_seat() {
            rec.penalties.extend(ticked.kinds().map(|kind| Penalty {
                seat: seat.into(),
                kind,
            }));
        }
        rec
    }
}

impl GameForm {
    /// The entry the script sends: the record, with the hand's tiles where
    /// they are typed for a Mah Jongg (`assets/score_hand.js`, `hand()`).
    pub fn entry(&self) -> Entry {
        let record = self.record();
        let concealed = self.hand_concealed.as_deref().map_or("", str::trim);
        let tiles_shown = matches!(
            self.result,
            GameResult::Mahjong | GameResult::MahjongInError
        );
        if concealed.is_empty() || !tiles_shown {
            return Entry::Record { record };
        }
        let exposures = self
            .hand_exposed
            .as_deref()
            .unwrap_or_default()
            .split('/')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        Entry::Hand {
            record,
            hand: Hand {
                concealed: concealed.to_string(),
                exposures,
            },
        }
    }
}

impl TryFrom<GameForm> for EnterGame {
    type Error = ApiError;

    fn try_from(f: GameForm) -> Result<Self, ApiError> {
        if f.reason.is_some() {
            return Err(ApiError::unprocessable(
                "a reason is given only when the director amends an accepted sheet",
            ));
        }
        Ok(EnterGame {
            entry: f.entry(),
            version: f.version,
            clear_signatures: f.clear_signatures,
        })
    }
}

impl TryFrom<GameForm> for AmendGame {
    type Error = ApiError;

    fn try_from(f: GameForm) -> Result<Self, ApiError> {
        let reason = f.reason.clone().unwrap_or_default().trim().to_string();
        if reason.is_empty() {
            return Err(ApiError::unprocessable(
                "say why the game is changed: the audit log keeps it",
            ));
        }
        Ok(AmendGame {
            entry: f.entry(),
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::read_form;
    use jongg_tiles::Seat as S;

    fn record(form: &str) -> GameRecord {
        read_form::<GameForm>(form.as_bytes()).unwrap().record()
    }

    #[test]
    fn a_discard_mah_jongg_is_the_scripts_record() {
        // Every field of the page is sent, the ones of other results empty.
        let rec = record(
            "result=mahjong&winner=south&declarer=&value=30&self_picked=&discarder=west\
             &exposures=2&jokerless=on&dead.east=&dead.south=&dead.west=infraction&dead.north=\
             &version=3",
        );
        let mut want = GameRecord::new(GameResult::Mahjong);
        want.winner = Some(S::South);
        want.value = 30;
        want.discarder = Some(S::West);
        want.exposures = 2;
        want.jokerless = true;
        want.dead.insert(S::West, DeadReason::Infraction);
        assert_eq!(rec, want);
    }

    #[test]
    fn no_one_threw_a_self_picked_hand() {
        let rec = record("result=mahjong&winner=east&value=25&self_picked=on&discarder=north");
        assert!(rec.self_picked);
        assert_eq!(rec.discarder, None);
        let rec = record("result=mahjong&winner=east&value=25&heavenly=on&discarder=north");
        assert_eq!(rec.discarder, None);
    }

    #[test]
    fn only_the_results_own_fields_are_kept() {
        let rec = record(
            "result=wall&winner=east&value=25&jokerless=on&exposures=0&exposed.west=on\
             &penalty.north.false_dead_call=on&penalty.east.blind_pass_peek=on\
             &penalty.east.hidden_wall_tail=on&dead.south=mahjong_in_error",
        );
        let mut want = GameRecord::new(GameResult::Wall);
        want.dead.insert(S::South, DeadReason::MahjongInError);
        want.penalties = vec![
            Penalty {
                seat: S::East,
                kind: PenaltyKind::BlindPassPeek,
            },
            Penalty {
                seat: S::East,
                kind: PenaltyKind::HiddenWallTail,
            },
            Penalty {
                seat: S::North,
                kind: PenaltyKind::FalseDeadCall,
            },
        ];
        assert_eq!(rec, want);
        let rec = record(
            "result=mahjong_in_error&winner=east&declarer=north&value=40&exposed.west=on&exposed.east=on",
        );
        assert_eq!(
            (rec.winner, rec.declarer, rec.value, rec.exposed),
            (None, Some(S::North), 40, vec![S::East, S::West])
        );
    }

    #[test]
    fn a_mistake_is_named_and_an_amendment_needs_its_reason() {
        let e = read_form::<GameForm>(b"result=mahjong&value=lots").unwrap_err();
        assert!(e.message.contains("value"), "{}", e.message);
        let e = read_form::<GameForm>(b"result=mahjong&dead.up=infraction").unwrap_err();
        assert!(e.message.contains("up"), "{}", e.message);
        let form = |s: &str| read_form::<GameForm>(s.as_bytes()).unwrap();
        assert!(AmendGame::try_from(form("result=wall&reason=+")).is_err());
        let a = AmendGame::try_from(form("result=wall&reason=Wrong+game")).unwrap();
        assert_eq!(a.reason, "Wrong game");
        assert!(EnterGame::try_from(form("result=wall&reason=x")).is_err());
        let e = EnterGame::try_from(form("result=wall&version=4&clear_signatures=on")).unwrap();
        assert_eq!((e.version, e.clear_signatures), (Some(4), true));
    }

    #[test]
    fn typed_tiles_go_with_a_mah_jongg_only() {
        let f =
            "result=mahjong&winner=east&hand_concealed=+1Bx3+F+&hand_exposed=2Cx3+%2F+%2F+J+J+J";
        let form = read_form::<GameForm>(f.as_bytes()).unwrap();
        let Entry::Hand { hand, .. } = form.entry() else {
            panic!("no hand");
        };
        assert_eq!(hand.concealed, "1Bx3 F");
        assert_eq!(hand.exposures, vec!["2Cx3", "J J J"]);
        let f = b"result=wall&hand_concealed=1Bx3";
        let form = read_form::<GameForm>(f).unwrap();
        assert!(matches!(form.entry(), Entry::Record { .. }));
    }
}
