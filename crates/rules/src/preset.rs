//! The rules preset: everything a tournament's rules decide, as data.
//!
//! A preset is a TOML file (see `crates/rules/presets/` and `docs/rules.md`).
//! The five built-in presets are embedded in the binary; a director's own file
//! may start from one with `base = "standard"` and override single values (see
//! [`crate::load`]). Every scoring value carries the rule it comes from
//! (`source`), so a score line can cite it.

use crate::floor::{Discipline, EventCard, Incidents, SignOff, Timing};
use crate::movement::SeatMovement;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};

/// The names of the built-in presets, in the order `jongg rules list` shows them.
pub const PRESET_NAMES: [&str; 5] = [
    "standard",
    "beth-emeth",
    "mahjong-mania-2026",
    "mississippi-2025",
    "st-louis-senior-olympics",
];

/// The embedded text of each built-in preset, by name.
pub(crate) const PRESET_TEXTS: [(&str, &str); 5] = [
    ("standard", include_str!("../presets/standard.toml")),
    ("beth-emeth", include_str!("../presets/beth-emeth.toml")),
    (
        "mahjong-mania-2026",
        include_str!("../presets/mahjong-mania-2026.toml"),
    ),
    (
        "mississippi-2025",
        include_str!("../presets/mississippi-2025.toml"),
    ),
    (
        "st-louis-senior-olympics",
        include_str!("../presets/st-louis-senior-olympics.toml"),
    ),
];

/// A whole rules preset. See `docs/rules.md` for the meaning of every key.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// Short name, e.g. `standard`.
    pub name: String,
    /// One-line title, e.g. the tournament's name.
    pub title: String,
    /// The document the preset implements.
    pub document: String,
    /// The built-in preset a director's file started from (`base = ...`), if any.
    #[serde(skip)]
    pub based_on: Option<String>,
    /// The values a director's file changed from its base, in file order.
    #[serde(skip)]
    pub changes: Vec<Change>,
    pub scoring: Scoring,
    pub throw: Throw,
    pub misnamed_discard: MisnamedDiscard,
    pub penalties: Penalties,
    pub false_dead_call: FalseDeadCall,
    pub mahjong_in_error: MahjongInError,
    pub movement: SeatMovement,
    pub verification: Verification,
    pub round: Round,
    pub charleston: Charleston,
    pub three_player: ThreePlayer,
    pub calls: Calls,
    /// The event's card: the year(s) the text names. A file without the
    /// floor sections (written before they existed) takes `standard`'s (R1).
    #[serde(default = "crate::floor::standard_card")]
    pub card: EventCard,
    /// The clock: the timing rule, the duty to finish on time, the warning.
    #[serde(default = "crate::floor::standard_timing")]
    pub timing: Timing,
    /// Signing the score sheet (who signs is `verification`).
    #[serde(default = "crate::floor::standard_sign_off")]
    pub sign_off: SignOff,
    /// The warning ladder, disqualification, the discretionary penalty.
    #[serde(default = "crate::floor::standard_discipline")]
    pub discipline: Discipline,
    /// What every table is reminded of (the table card, the score page).
    #[serde(default = "crate::floor::standard_reminders")]
    pub reminders: Vec<crate::floor::Reminder>,
    /// The incidents a director rules on. A file gives the ones its text
    /// speaks to; the others come from `standard` when it is read (R1).
    #[serde(default)]
    pub incidents: Incidents,
}

/// One value a director's file set over its base preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Dotted key, e.g. `scoring.self_picked.points`.
    pub key: String,
    /// The new value as written in TOML.
    pub value: String,
    /// 1-based line in the director's file.
    pub line: usize,
}

/// A number of points (positive: bonus, negative: penalty) and the rule it
/// comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub points: i32,
    pub source: String,
}

/// Only a citation (for the card value, which is not a number of the preset).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cite {
    pub source: String,
}

/// The winner's score and the points of a game without a winner (R2: additive).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// The winner scores the card value of the hand.
    pub card_value: Cite,
    /// Bonus when the winner picked the winning tile (R9).
    pub self_picked: Points,
    /// Whether a heavenly hand also gets the self-picked bonus (R10: never).
    pub heavenly: Heavenly,
    /// Bonus for a hand without jokers that is not Singles and Pairs (R11).
    pub jokerless: Points,
    /// Bonus for any hand of the card's Singles and Pairs section.
    pub singles_and_pairs: Points,
    /// Each live hand in a wall game.
    pub wall_game: Points,
    /// A hand dead by an infraction, whatever ends the game (R6); hands dead
    /// by R5 or R8 score 0.
    pub dead_hand: Points,
    /// Every player when time is called before the game ends (R7).
    pub timeout: Points,
}

/// The heavenly hand (R10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heavenly {
    pub self_picked_bonus: bool,
    pub source: String,
}

/// Points to the player who threw the winning tile, by the number of
/// exposures on the winner's rack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Throw {
    pub exposures_0: Points,
    pub exposures_1: Points,
    pub exposures_2: Points,
    /// Two exposures and only one more group completes the hand (R3).
    pub exposures_2_one_group_left: Points,
    /// Two exposures and the hand is from the Quints section (R3).
    pub exposures_2_quints: Points,
    pub exposures_3_or_4: Points,
}

/// A discard that was mis-named and claimed for Mah Jongg (R4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MisnamedDiscard {
    /// Points to the discarder when the mis-named tile completes the hand.
    pub winning_tile: Points,
    /// `true`: `winning_tile` replaces the throw penalty; `false`: the throw
    /// penalty stands and `winning_tile` is added to it.
    pub replaces_throw: bool,
    /// Whether a claim of a mis-named tile that does not complete the hand
    /// ends the game at once (record result `misnamed_mahjong_claim`).
    pub claim_ends_game: bool,
    /// Points to the discarder who mis-named, when the claim ends the game.
    pub claim_discarder: Points,
    /// Points to each other live hand, when the claim ends the game.
    pub claim_others: Points,
}

/// Conduct penalties: they stand whatever ends the game (R7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalties {
    /// Looked at a tile received in a blind pass (R17).
    pub blind_pass_peek: Points,
    /// Mis-named a discard that was called for an exposure (to its discarder).
    pub misnamed_exposure_tile: Points,
    /// Pushed the wall out so that its tail was hidden.
    pub hidden_wall_tail: Points,
}

/// Wrongly declaring another player's hand dead (R5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FalseDeadCall {
    /// `true`: the caller's hand is dead and scores 0 for the game (R5);
    /// `false`: the caller plays on.
    pub makes_dead: bool,
    /// Points for the wrong call itself (a conduct penalty).
    pub penalty: Points,
}

/// A Mah Jongg declared in error that ends the game (R8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MahjongInError {
    /// The declarer, who exposed tiles and is dead.
    pub declarer: Points,
    /// Each other player who exposed, when all three others exposed.
    pub all_exposed_others: Points,
    /// The one player whose hand is intact.
    pub one_intact: IntactAward,
}

/// Points to the one intact hand after a Mah Jongg in error (R8): a fixed
/// number plus a multiple of the value of the hand the declarer claimed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntactAward {
    pub points: i32,
    pub claimed_value_times: u32,
    pub source: String,
}

/// Who keeps, signs and hands in the score sheet (R14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verification {
    /// Who keeps the score sheet at the table.
    pub sheet_keeper: Seat,
    /// Whether every player signs for their own scores.
    pub sign_own: bool,
    /// For each seat, the seats whose scores it checks and initials.
    pub verifies: BySeat<Vec<Seat>>,
    /// Who hands the sheets in, by round: round 1 the first, round 2 the
    /// second, ..., cycling.
    pub collectors: Vec<Seat>,
    /// The rule that says who hands the sheets in, printed on every sheet
    /// (`standard 25`; `R1, standard 25` where the event's rules do not say
    /// and the standard rotation applies). Empty in a file written before
    /// it existed: the sheet then cites nothing.
    #[serde(default)]
    pub collectors_source: String,
    /// A sheet accepted by the director is locked (only the director changes
    /// it, with a reason).
    pub locked_when_accepted: bool,
}

impl Verification {
    /// The seat that hands the sheets in after `round` (1-based).
    pub fn collector(&self, round: u32) -> Seat {
        if self.collectors.is_empty() {
            return self.sheet_keeper;
        }
        let i = (round.max(1) - 1) as usize % self.collectors.len();
        self.collectors[i]
    }
}

/// Round length (R15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Games per round.
    pub games: u32,
    /// Minutes per round.
    pub minutes: u32,
    /// Rounds in the tournament, when the rules fix it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

/// The Charleston.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charleston {
    /// The first Charleston (right, across, left) is compulsory.
    pub first_required: bool,
    /// The second Charleston (left, across, right) happens only if nobody stops it.
    pub second_optional: bool,
    /// The optional courtesy pass across after the Charleston.
    pub courtesy_pass: bool,
    /// Blind passes (R17).
    pub blind_pass: BlindPass,
}

/// Blind passing (R17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlindPass {
    /// Allowed on the first Charleston's last pass (first left).
    pub first_left: bool,
    /// Allowed on the second Charleston's last pass (last right).
    pub last_right: bool,
    /// At most this many tiles may be passed blind (1 to 3).
    pub max_tiles: u8,
}

/// A table of three players (R12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreePlayer {
    /// Whether a three-player table plays the Charleston.
    pub charleston: bool,
    /// Before this game of the round (1-based) the players roll again for
    /// East; 0 for never.
    pub reroll_east_before_game: u32,
    /// The rule both come from.
    #[serde(default = "r12")]
    pub source: String,
    /// What a new tournament does with players left over by default.
    /// Absent in a file written before it: tables of three (R12).
    #[serde(default = "odd_players_r12")]
    pub odd_players: OddPlayersDefault,
}

fn r12() -> String {
    "R12".into()
}

/// A new tournament's default for a player count not a multiple of four.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddPlayersDefault {
    /// Tables of three (R12); `false`: the players left over sit out with
    /// `sit_out_points` (`beth-emeth` 1: "Four players at each table"), and
    /// the director is warned if tables of three are chosen anyway.
    pub tables_of_three: bool,
    /// The points a sit-out scores by default; the director may change them.
    #[serde(default)]
    pub sit_out_points: i32,
    pub source: String,
}

fn odd_players_r12() -> OddPlayersDefault {
    OddPlayersDefault {
        tables_of_three: true,
        sit_out_points: 0,
        source: "R12".into(),
    }
}

/// Claiming discards (R16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calls {
    /// A call for Mah Jongg beats a call for an exposure.
    pub mahjong_beats_exposure: bool,
    /// Between equal calls the player next in turn after the discarder wins.
    pub nearest_in_turn_wins: bool,
    /// A discarded joker covers the tile before it (that tile is dead). When
    /// `false`, the tile before a discarded joker can still be called.
    pub joker_covers: bool,
    /// Whether the discard made after the wall's last tile was picked may
    /// be claimed. Absent in a file written before it: standard 12's answer.
    #[serde(default = "last_discard_standard")]
    pub last_discard: LastDiscard,
}

/// The discard after the wall's last tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastDiscard {
    /// It may be claimed for Mah Jongg or an exposure, like any discard
    /// (`standard` 12); `false`: the game ends with it, a wall game
    /// (`mississippi-2025`: "Game ends when the last tile is discarded").
    pub callable: bool,
    pub source: String,
}

fn last_discard_standard() -> LastDiscard {
    LastDiscard {
        callable: true,
        source: "standard 12".into(),
    }
}

impl Preset {
    /// A built-in preset by name (see [`PRESET_NAMES`]).
    pub fn builtin(name: &str) -> Option<Preset> {
        // Read once; a built-in preset that does not read is a bug caught by
        // the tests (`every_builtin_preset_reads...`), and gives `None` here.
        static BUILTIN: std::sync::OnceLock<Vec<Option<Preset>>> = std::sync::OnceLock::new();
        let all = BUILTIN.get_or_init(|| {
            PRESET_TEXTS
                .iter()
                .map(|(n, text)| Preset::from_toml(text, &format!("presets/{n}.toml")).ok())
                .collect()
        });
        let i = PRESET_TEXTS.iter().position(|(n, _)| *n == name)?;
        all.get(i)?.clone()
    }

    /// The embedded TOML text of a built-in preset.
    pub fn builtin_text(name: &str) -> Option<&'static str> {
        PRESET_TEXTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
    }
}

/// The largest number of points any single rule may give or take. Keeps
/// every game score far from overflow whatever the file says.
pub const MAX_RULE_POINTS: i32 = 1000;

impl Preset {
    /// Checks what the types cannot say. Returns the dotted key and the reason.
    pub(crate) fn check(&self) -> Result<(), (String, String)> {
        let points: [(&str, &Points); 19] = [
            ("scoring.self_picked", &self.scoring.self_picked),
            ("scoring.jokerless", &self.scoring.jokerless),
            ("scoring.singles_and_pairs", &self.scoring.singles_and_pairs),
            ("scoring.wall_game", &self.scoring.wall_game),
            ("scoring.dead_hand", &self.scoring.dead_hand),
            ("scoring.timeout", &self.scoring.timeout),
            ("throw.exposures_0", &self.throw.exposures_0),
            ("throw.exposures_1", &self.throw.exposures_1),
            ("throw.exposures_2", &self.throw.exposures_2),
            (
                "throw.exposures_2_one_group_left",
                &self.throw.exposures_2_one_group_left,
            ),
            ("throw.exposures_2_quints", &self.throw.exposures_2_quints),
            ("throw.exposures_3_or_4", &self.throw.exposures_3_or_4),
            (
                "misnamed_discard.winning_tile",
                &self.misnamed_discard.winning_tile,
            ),
            (
                "misnamed_discard.claim_discarder",
                &self.misnamed_discard.claim_discarder,
            ),
            (
                "misnamed_discard.claim_others",
                &self.misnamed_discard.claim_others,
            ),
            ("penalties.blind_pass_peek", &self.penalties.blind_pass_peek),
            (
                "penalties.misnamed_exposure_tile",
                &self.penalties.misnamed_exposure_tile,
            ),
            (
                "penalties.hidden_wall_tail",
                &self.penalties.hidden_wall_tail,
            ),
            ("false_dead_call.penalty", &self.false_dead_call.penalty),
        ];
        let more: [(&str, i32); 3] = [
            (
                "mahjong_in_error.declarer",
                self.mahjong_in_error.declarer.points,
            ),
            (
                "mahjong_in_error.all_exposed_others",
                self.mahjong_in_error.all_exposed_others.points,
            ),
            (
                "mahjong_in_error.one_intact",
                self.mahjong_in_error.one_intact.points,
            ),
        ];
        let all = points
            .iter()
            .map(|(k, p)| (*k, p.points))
            .chain(more.iter().copied());
        for (key, p) in all {
            if !(-MAX_RULE_POINTS..=MAX_RULE_POINTS).contains(&p) {
                return Err((
                    format!("{key}.points"),
                    format!("{p} is out of range (-{MAX_RULE_POINTS} to {MAX_RULE_POINTS})"),
                ));
            }
        }
        let bad = |key: &str, why: String| Err((key.to_string(), why));
        if self.mahjong_in_error.one_intact.claimed_value_times > 10 {
            return bad(
                "mahjong_in_error.one_intact.claimed_value_times",
                "must be 0 to 10".into(),
            );
        }
        if self.name.trim().is_empty() {
            return bad("name", "must not be empty".into());
        }
        if !(1..=16).contains(&self.round.games) {
            return bad(
                "round.games",
                format!("{} is not 1 to 16", self.round.games),
            );
        }
        if !(1..=600).contains(&self.round.minutes) {
            return bad(
                "round.minutes",
                format!("{} is not 1 to 600", self.round.minutes),
            );
        }
        if let Some(r) = self.round.rounds
            && !(1..=100).contains(&r)
        {
            return bad("round.rounds", format!("{r} is not 1 to 100"));
        }
        if self.three_player.reroll_east_before_game > self.round.games {
            return bad(
                "three_player.reroll_east_before_game",
                format!(
                    "game {} is past the {} games of a round (0 for never)",
                    self.three_player.reroll_east_before_game, self.round.games
                ),
            );
        }
        if !(1..=3).contains(&self.charleston.blind_pass.max_tiles) {
            return bad(
                "charleston.blind_pass.max_tiles",
                "must be 1 to 3 (R17)".into(),
            );
        }
        let m = &self.movement;
        for (seat, v) in [
            ("east", m.east),
            ("south", m.south),
            ("west", m.west),
            ("north", m.north),
        ] {
            if !(-1000..=1000).contains(&v) {
                return bad(
                    &format!("movement.{seat}"),
                    format!("{v} is not -1000 to 1000"),
                );
            }
        }
        if self.verification.collectors.is_empty() {
            return bad("verification.collectors", "name at least one seat".into());
        }
        for (seat, list) in self.verification.verifies.iter() {
            if list.contains(&seat) {
                return bad(
                    &format!("verification.verifies.{seat}"),
                    format!("{seat} cannot verify itself (use sign_own)"),
                );
            }
        }
        self.check_floor()
    }
}
