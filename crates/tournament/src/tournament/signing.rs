//! Signing a score sheet as the preset's text says (R14, `[verification]`
//! and `[sign_off]`): every signature [`jongg_rules::Preset::signatures`]
//! lists for a seated player, East's own where every player signs
//! (mahjong-mania-2026, mississippi-2025 "West verifies and signs for
//! East"), and the seats that sign each game's line right after it
//! (mississippi-2025: East "signs the score sheet after each game").
//! Each signature records the device it came from, so the audit shows one
//! phone signing for several seats.

use super::{Tournament, conflict};
use crate::error::DomainError;
use crate::event::Event;
use crate::limits::check_text;
use crate::model::{Actor, GameNo, PlayerNo, RoundNo, Sheet, TableNo};
use jongg_rules::Preset;
use jongg_rules::floor::SignWhen;
use jongg_tiles::{BySeat, Seat};

/// The longest device id a signature records.
pub const MAX_DEVICE: usize = 64;

/// What a signature records instead of a device when the player typed
/// their own personal code (issue 14, point 6; `[sign_off] personal_code`):
/// the server checked it. A device id is hex digits, so never this.
pub const PERSONAL_CODE: &str = "personal code";

impl Tournament {
    /// `seat` signs the sheet (`game: None`: the round's signature, once
    /// every game is on it) or one game's line (`game: Some`), from `device`.
    pub(super) fn sign_sheet(
        &self,
        actor: &Actor,
        round: RoundNo,
        table: TableNo,
        seat: Seat,
        game: Option<GameNo>,
        device: Option<String>,
    ) -> Result<Vec<Event>, DomainError> {
        let sheet = self.open_sheet(actor, round, table)?;
        if let Some(d) = &device {
            check_text("the device", d, MAX_DEVICE, false)?;
        }
        if sheet.players[seat].is_none() {
            return Err(DomainError::Invalid(format!(
                "{seat} is empty at table {table}: nobody there can sign"
            )));
        }
        let preset = self.preset()?;
        let code = &preset.sign_off.personal_code;
        if code.required
            && matches!(actor, Actor::Scorekeeper { .. })
            && device.as_deref() != Some(PERSONAL_CODE)
        {
            return Err(DomainError::Invalid(format!(
                "under these rules each player signs with their own personal code ({}): \
                 {seat} types theirs to sign",
                code.source
            )));
        }
        let mut signed = sheet.signed;
        let mut game_signed = game_signatures(sheet);
        match game {
            None => {
                if let Some(g) = sheet.games.iter().position(Option::is_none) {
                    return Err(conflict(format!(
                        "game {} is not entered: a sheet is signed when every game is on it",
                        g + 1
                    )));
                }
                if sheet.signed[seat] {
                    return Err(conflict(format!("{seat} has already signed this sheet")));
                }
                signed[seat] = true;
            }
            Some(g) => {
                let each = &preset.sign_off.each_game;
                if !each.seats.contains(&seat) {
                    return Err(DomainError::Invalid(if each.seats.is_empty() {
                        format!(
                            "under these rules nobody signs after each game: players sign the sheet once its games are done ({})",
                            each.source
                        )
                    } else {
                        let who: Vec<String> = each.seats.iter().map(ToString::to_string).collect();
                        format!(
                            "under these rules only {} signs after each game ({})",
                            who.join(" and "),
                            each.source
                        )
                    }));
                }
                if self.game_slot(sheet, g)?.is_none() {
                    return Err(conflict(format!(
                        "game {g} is not entered: a game's line is signed once it is on the sheet"
                    )));
                }
                let i = g.index().unwrap_or(0);
                if game_signed[i][seat] {
                    return Err(conflict(format!("{seat} has already signed game {g}")));
                }
                game_signed[i][seat] = true;
            }
        }
        let complete = sheet.is_complete()
            && signatures_complete(preset, &sheet.players, &signed, &game_signed);
        Ok(vec![Event::SheetSigned {
            round,
            table,
            seat,
            complete,
            game,
            device,
        }])
    }
}

/// Each game's signatures, one slot per game (a sheet from before the
/// signatures of each game has none yet).
pub(crate) fn game_signatures(sheet: &Sheet) -> Vec<BySeat<bool>> {
    let mut v = sheet.game_signed.clone();
    v.resize(sheet.games.len(), BySeat([false; 4]));
    v
}

/// A signature a sheet still lacks (issue 20.9: said by name, with the rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingSignature {
    /// Who must sign; `None`: any other seated player, for the sheet
    /// keeper's own scores (R14).
    pub signer: Option<Seat>,
    /// The game's line to sign, or `None`: the sheet.
    pub game: Option<GameNo>,
    /// The rule that asks for it.
    pub source: String,
}

impl std::fmt::Display for MissingSignature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = match self.signer {
            Some(s) => {
                let s = s.to_string();
                let mut c = s.chars();
                c.next()
                    .map(|first| first.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
            None => "another player".to_string(),
        };
        match self.game {
            Some(g) => write!(f, "{who} has not signed game {g} ({})", self.source),
            None => write!(f, "{who} has not signed the sheet ({})", self.source),
        }
    }
}

/// The signatures a sheet lacks of those the preset requires (R14): each
/// signature [`Preset::signatures`] lists whose signer is seated and vouches
/// for a seated player, per round and per game; and every seated player's
/// scores vouched for by someone seated. A score nobody seated is charged
/// with (the partner's seat is empty at a table of three) falls to the sheet
/// keeper (East); the keeper's own, to any other seated signer. In seat
/// and game order, each once.
pub fn missing_signatures(
    preset: &Preset,
    players: &BySeat<Option<PlayerNo>>,
    signed: &BySeat<bool>,
    game_signed: &[BySeat<bool>],
) -> Vec<MissingSignature> {
    let seated = |s: Seat| players[s].is_some();
    let mut out: Vec<MissingSignature> = Vec::new();
    let mut add = |signer: Option<Seat>, game: Option<GameNo>, source: &str| {
        if !out.iter().any(|m| m.signer == signer && m.game == game) {
            out.push(MissingSignature {
                signer,
                game,
                source: source.to_string(),
            });
        }
    };
    for sig in preset.signatures() {
        if !seated(sig.signer) || !sig.scores_of.iter().any(|&s| seated(s)) {
            continue;
        }
        match sig.when {
            SignWhen::EachRound if !signed[sig.signer] => add(Some(sig.signer), None, &sig.source),
            SignWhen::EachRound => {}
            SignWhen::EachGame => {
                for (i, g) in game_signed.iter().enumerate() {
                    if !g[sig.signer] {
                        let game = GameNo::at(i).ok();
                        add(Some(sig.signer), game, &sig.source);
                    }
                }
            }
        }
    }
    let v = &preset.verification;
    let source = &preset.sign_off.signatures.source;
    for s in Seat::ALL.into_iter().filter(|&s| seated(s)) {
        let duty: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&o| seated(o) && v.verifies[o].contains(&s))
            .collect();
        if !duty.is_empty() {
            for o in duty.into_iter().filter(|&o| !signed[o]) {
                add(Some(o), None, source);
            }
        } else if v.sign_own && s != v.sheet_keeper {
            if !signed[s] {
                add(Some(s), None, source);
            }
        } else if s != v.sheet_keeper {
            if !signed[v.sheet_keeper] {
                add(Some(v.sheet_keeper), None, "R14");
            }
        } else if !Seat::ALL
            .into_iter()
            .any(|o| o != s && seated(o) && signed[o])
        {
            add(None, None, "R14");
        }
    }
    out.sort_by_key(|m| (m.game, m.signer.map(Seat::index)));
    out
}

/// Whether a sheet carries every signature the preset requires (R14).
pub(crate) fn signatures_complete(
    preset: &Preset,
    players: &BySeat<Option<PlayerNo>>,
    signed: &BySeat<bool>,
    game_signed: &[BySeat<bool>],
) -> bool {
    missing_signatures(preset, players, signed, game_signed).is_empty()
}

impl Tournament {
    /// What a sheet still waits for before the director may accept it:
    /// the games not entered, then each signature missing, named with its
    /// rule (issue 20.9). Empty once signed.
    pub fn waiting_for(&self, sheet: &Sheet) -> Vec<String> {
        let missing_games: Vec<String> = sheet
            .numbered_games()
            .filter(|(_, g)| g.is_none())
            .map(|(n, _)| n.to_string())
            .collect();
        if !missing_games.is_empty() {
            let s = if missing_games.len() == 1 { "" } else { "s" };
            return vec![format!("game{s} {} not entered", missing_games.join(", "))];
        }
        let Ok(preset) = self.preset() else {
            return vec![];
        };
        missing_signatures(
            preset,
            &sheet.players,
            &sheet.signed,
            &game_signatures(sheet),
        )
        .iter()
        .map(ToString::to_string)
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: BySeat<Option<PlayerNo>> = BySeat([
        Some(PlayerNo(1)),
        Some(PlayerNo(2)),
        Some(PlayerNo(3)),
        Some(PlayerNo(4)),
    ]);

    fn preset(name: &str) -> Preset {
        Preset::builtin(name).unwrap()
    }

    fn signed(seats: &[Seat]) -> BySeat<bool> {
        BySeat::from_fn(|s| seats.contains(&s))
    }

    use Seat::*;

    /// R14, mahjong-mania-2026 "Tournament Format": "All players must sign
    /// their score sheet before leaving the table. West verifies and signs
    /// for East": without East's own signature the sheet is not complete.
    #[test]
    fn mahjong_mania_needs_easts_own_signature_r14() {
        let p = preset("mahjong-mania-2026");
        assert!(!signatures_complete(
            &p,
            &FOUR,
            &signed(&[South, West, North]),
            &[]
        ));
        assert!(signatures_complete(
            &p,
            &FOUR,
            &signed(&[East, South, West, North]),
            &[]
        ));
        // West's signature is needed too: it verifies East.
        assert!(!signatures_complete(
            &p,
            &FOUR,
            &signed(&[East, South, North]),
            &[]
        ));
    }

    /// mississippi-2025 "Tournament Scoring": East "signs the score sheet
    /// after each game. West will sign the score sheet for East" (R14).
    #[test]
    fn mississippi_east_signs_each_game_r14() {
        let p = preset("mississippi-2025");
        let all = signed(&[East, South, West, North]);
        let games = |n: usize, east: usize| -> Vec<BySeat<bool>> {
            (0..n)
                .map(|i| signed(if i < east { &[East] } else { &[] }))
                .collect()
        };
        assert!(!signatures_complete(&p, &FOUR, &all, &games(4, 3)));
        assert!(signatures_complete(&p, &FOUR, &all, &games(4, 4)));
        assert!(!signatures_complete(
            &p,
            &FOUR,
            &signed(&[South, West, North]),
            &games(4, 4)
        ));
    }

    /// Issue 20.9: what is missing is said by seat and game, citing the
    /// event's own preset (mahjong-mania-2026: East's own signature;
    /// mississippi-2025: East's signature on each game's line).
    #[test]
    fn a_missing_signature_is_named_with_the_presets_rule_r14() {
        let p = preset("mahjong-mania-2026");
        let missing = missing_signatures(&p, &FOUR, &signed(&[South, West, North]), &[]);
        let words: Vec<String> = missing.iter().map(ToString::to_string).collect();
        assert_eq!(words.len(), 1, "{words:?}");
        assert!(
            words[0].starts_with("East has not signed the sheet (mahjong-mania-2026"),
            "{words:?}"
        );
        let p = preset("mississippi-2025");
        let all = signed(&[East, South, West, North]);
        let games = vec![
            signed(&[East]),
            signed(&[]),
            signed(&[East]),
            signed(&[East]),
        ];
        let words: Vec<String> = missing_signatures(&p, &FOUR, &all, &games)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(words.len(), 1, "{words:?}");
        assert!(
            words[0].starts_with("East has not signed game 2 (mississippi-2025"),
            "{words:?}"
        );
        assert!(missing_signatures(&p, &FOUR, &all, &[signed(&[East]); 4]).is_empty());
    }

    /// mississippi-2025 "Tournament Scoring" (R14): a seat that owes its
    /// signature on several games' lines and on the sheet is named once for
    /// each of them, in game order.
    #[test]
    fn each_missing_game_line_and_the_sheet_are_named_once_each_r14() {
        let p = preset("mississippi-2025");
        let games = vec![signed(&[]), signed(&[East]), signed(&[])];
        let missing = missing_signatures(&p, &FOUR, &signed(&[South, West, North]), &games);
        let named: Vec<(Option<Seat>, Option<GameNo>)> =
            missing.iter().map(|m| (m.signer, m.game)).collect();
        assert_eq!(
            named,
            vec![
                (Some(East), None),
                (Some(East), Some(GameNo(1))),
                (Some(East), Some(GameNo(3))),
            ]
        );
    }

    /// R14 at a table of three without West (standard): nobody seated
    /// verifies East, the sheet keeper, so another seated player's
    /// signature vouches for East's scores; East's own does not.
    #[test]
    fn at_a_table_of_three_the_keepers_scores_need_another_players_signature_r14() {
        let p = preset("standard");
        let no_west = BySeat([
            Some(PlayerNo(1)),
            Some(PlayerNo(2)),
            None,
            Some(PlayerNo(4)),
        ]);
        let another = |signed_by: &[Seat]| {
            missing_signatures(&p, &no_west, &signed(signed_by), &[])
                .iter()
                .any(|m| m.signer.is_none())
        };
        assert!(another(&[]), "nobody signed");
        assert!(another(&[East]), "East's own signature vouches for no one");
        assert!(!another(&[South]));
        assert!(signatures_complete(
            &p,
            &no_west,
            &signed(&[South, North]),
            &[]
        ));
        let words: Vec<String> = missing_signatures(&p, &no_west, &signed(&[East]), &[])
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(words[0], "another player has not signed the sheet (R14)");
    }

    /// R14 where every player signs for their own scores (`sign_own`): an
    /// empty seat signs nothing, even when the rules make it the sheet
    /// keeper's (a preset naming North, at a table of three without North).
    #[test]
    fn where_players_sign_their_own_an_empty_keepers_seat_is_not_asked_to_sign_r14() {
        let mut p = preset("mississippi-2025");
        p.verification.sheet_keeper = North;
        let no_north = BySeat([
            Some(PlayerNo(1)),
            Some(PlayerNo(2)),
            Some(PlayerNo(3)),
            None,
        ]);
        let games = [signed(&[East]); 4];
        assert_eq!(
            missing_signatures(&p, &no_north, &signed(&[East, South, West]), &games),
            vec![]
        );
        let missing = missing_signatures(&p, &no_north, &signed(&[East, West]), &games);
        let signers: Vec<Option<Seat>> = missing.iter().map(|m| m.signer).collect();
        assert_eq!(signers, vec![Some(South)]);
    }

    /// standard 4 and R14: East and West, North and South initial each
    /// other's scores; nothing is signed per game.
    #[test]
    fn standard_needs_the_four_cross_signatures_r14() {
        let p = preset("standard");
        assert!(signatures_complete(
            &p,
            &FOUR,
            &signed(&[East, South, West, North]),
            &[]
        ));
        assert!(!signatures_complete(
            &p,
            &FOUR,
            &signed(&[East, South, West]),
            &[]
        ));
        // A table of three without North: South vouches for nobody seated,
        // North's partner's score falls to East (R14).
        let three = BySeat([
            Some(PlayerNo(1)),
            Some(PlayerNo(2)),
            Some(PlayerNo(3)),
            None,
        ]);
        assert!(signatures_complete(&p, &three, &signed(&[East, West]), &[]));
        assert!(!signatures_complete(&p, &three, &signed(&[East]), &[]));
    }
}
