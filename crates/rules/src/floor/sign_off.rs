//! Signing the score sheet (`[sign_off]`), with who signs from
//! `[verification]` (R14): when each signature is given, how a dead hand is
//! marked, and whether a signature needs the player's own code.
//! [`crate::Preset::signatures`] lists every signature a sheet needs.

use crate::preset::{Cite, Preset};
use crate::record::{GameRecord, GameResult, PenaltyKind};
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// Seats that also sign after every game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSigners {
    pub seats: Vec<Seat>,
    pub source: String,
}

/// How a dead hand is written on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadHandMark {
    /// Its points, like any other score.
    Points,
    /// An "X" (`st-louis-senior-olympics` 6e, 6j); it still scores its points.
    X,
}

/// The dead-hand mark and its source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeadHandMarkRule {
    pub mark: DeadHandMark,
    pub source: String,
}

/// Whether each signature needs the player's own short code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonalCode {
    pub required: bool,
    pub source: String,
}

/// Signing the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignOff {
    /// The source of the signing duties of `[verification]`.
    pub signatures: Cite,
    /// Seats that sign each game's line as soon as the game is scored.
    pub each_game: GameSigners,
    /// How a dead hand is written on the sheet.
    pub dead_hand_mark: DeadHandMarkRule,
    /// Whether a signature needs the player's own code.
    pub personal_code: PersonalCode,
}

impl SignOff {
    /// The sheet's cell for a dead hand that scored `points`.
    pub fn dead_hand_cell(&self, points: i32) -> String {
        match self.dead_hand_mark.mark {
            DeadHandMark::Points => points.to_string(),
            DeadHandMark::X => "X".to_string(),
        }
    }

    pub(crate) fn check(&self) -> Result<(), (String, String)> {
        let seats = &self.each_game.seats;
        for (i, s) in seats.iter().enumerate() {
            if seats[..i].contains(s) {
                return Err((
                    "sign_off.each_game.seats".into(),
                    format!("{s} is listed twice"),
                ));
            }
        }
        Ok(())
    }
}

/// When a signature is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignWhen {
    /// Right after each game, on that game's line.
    EachGame,
    /// Once the round's games are done, on the whole sheet.
    EachRound,
}

/// One signature a sheet needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    /// The seat that signs.
    pub signer: Seat,
    /// The seats whose scores the signature vouches for.
    pub scores_of: Vec<Seat>,
    pub when: SignWhen,
    pub source: String,
}

impl Preset {
    /// The seats whose hand was dead at the end of `record`, for the
    /// sheet's dead-hand mark: listed in `dead`, dead by a wrong dead call
    /// where the preset makes the caller dead (R5), and the declarer and the
    /// exposed hands of a Mah Jongg in error that ended the game (R8).
    pub fn dead_hands(&self, record: &GameRecord) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| {
                record.dead.contains_key(s)
                    || (self.false_dead_call.makes_dead
                        && record
                            .penalties
                            .iter()
                            .any(|p| p.seat == *s && p.kind == PenaltyKind::FalseDeadCall))
                    || (record.result == GameResult::MahjongInError
                        && (record.declarer == Some(*s) || record.exposed.contains(s)))
            })
            .collect()
    }

    /// Every signature a round's sheet needs, per round and per game: each
    /// player for their own scores where the preset says so (`sign_own`),
    /// each seat for the seats it verifies, and the seats that sign each
    /// game's line. East's own signature is among them wherever the text
    /// asks every player to sign (R14).
    pub fn signatures(&self) -> Vec<Signature> {
        let v = &self.verification;
        let source = &self.sign_off.signatures.source;
        let mut out = Vec::new();
        for seat in Seat::ALL {
            if v.sign_own {
                out.push(Signature {
                    signer: seat,
                    scores_of: vec![seat],
                    when: SignWhen::EachRound,
                    source: source.clone(),
                });
            }
            if !v.verifies[seat].is_empty() {
                out.push(Signature {
                    signer: seat,
                    scores_of: v.verifies[seat].clone(),
                    when: SignWhen::EachRound,
                    source: source.clone(),
                });
            }
        }
        for &seat in &self.sign_off.each_game.seats {
            out.push(Signature {
                signer: seat,
                scores_of: Seat::ALL.to_vec(),
                when: SignWhen::EachGame,
                source: self.sign_off.each_game.source.clone(),
            });
        }
        out
    }
}
