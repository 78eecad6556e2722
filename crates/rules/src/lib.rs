//! Rules presets, game scoring and seat movement for jongg.
//!
//! Pure: no file I/O. A preset ([`Preset`]) is everything a tournament's
//! rules decide, read from TOML text ([`Preset::from_toml`]) or built in
//! ([`Preset::builtin`]). A finished game is a [`record::GameRecord`] and
//! [`score()`] turns it into points per seat with one line per reason.
//! The floor (incidents and their [`Ruling`]s, discipline, the event's card,
//! the clock, sign-off) is data of the preset too: [`floor`].
//! See `docs/rules.md`, `docs/scoring.md` and `docs/floor.md`.

pub mod floor;
pub mod hidden;
mod load;
pub mod movement;
mod preset;
pub mod record;
pub mod rng;
pub mod schedule;
mod score;
mod summary;

pub use floor::{Incident, Ruling};
pub use load::PresetError;
pub use preset::{
    BlindPass, Calls, Change, Charleston, Cite, FalseDeadCall, Heavenly, IntactAward, LastDiscard,
    MahjongInError, MisnamedDiscard, OddPlayersDefault, PRESET_NAMES, Penalties, Points, Preset,
    Round, Scoring, ThreePlayer, Throw, Verification,
};
pub use record::{GameRecord, RecordError};
pub use score::{ScoreLine, Scored, score};
