//! The table engine of jongg: a complete game of American Mah Jongg, event
//! sourced and deterministic, with per-seat views, bots and a simulator.
//!
//! A game is its seed plus the seats' actions. [`Game::act`] checks an action
//! against the state and the table's rules and either refuses it (nothing
//! changes) or turns it into [`Event`]s; the state is the fold of the events
//! ([`State::fold`]). See `docs/game.md`.

pub mod bot;
mod card_judge;
pub mod coach;
mod event;
mod game;
mod judge;
pub mod league;
pub mod log;
mod outcome;
mod pass;
pub mod position;
mod record;
pub mod refusal_code;
pub mod replay;
pub mod sim;
mod state;
mod table;
#[cfg(feature = "test-support")]
pub mod testing;
mod view;

pub use card_judge::CardJudge;
pub use event::{Action, Answer, Call, DeadReason, Event, PassKind, Refusal};
pub use game::Game;
pub use judge::{Exposure, Judge, ToyJudge, Win};
pub use outcome::{Conduct, Ending, Outcome};
pub use refusal_code::{RefusalCode, code_of};
pub use state::{Began, Charleston, Choice, Phase, State, Step, Turn, Window};
pub use table::Table;
pub use view::{Situation, Snapshot, View};
