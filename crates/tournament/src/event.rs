//! What happened. Events carry everything needed to apply them without
//! deciding anything again (computed points, the new seating, before and after).

use crate::card::CardSetting;
use crate::clock::ClockChange;
use crate::floor::{CallNo, KeptRuling, Official, OfficialNo, Sanction};
use crate::model::{
    Actor, GameEntry, GameNo, Millis, Player, PlayerNo, RoundNo, Seating, Settings, TableNo,
};
use crate::tournament::ScheduleOffer;
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// A fact in the tournament's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Event {
    TournamentCreated {
        settings: Settings,
    },
    SettingsUpdated {
        before: Settings,
        after: Settings,
    },
    PlayerRegistered {
        player: Player,
    },
    PlayerUpdated {
        before: Player,
        after: Player,
    },
    PlayerWithdrawn {
        number: PlayerNo,
        after_round: RoundNo,
    },
    PlayerMarkedLate {
        number: PlayerNo,
    },
    PlayerArrived {
        number: PlayerNo,
    },
    /// `player` is registered in place of `out`, who is withdrawn.
    PlayerSubstituted {
        out: PlayerNo,
        after_round: RoundNo,
        player: Player,
    },
    /// A round's seating (replacing the seating of a round not yet started).
    RoundSeated {
        seating: Seating,
    },
    /// The round begins; its score sheets open, one per table.
    RoundStarted {
        round: RoundNo,
        at: Millis,
    },
    /// A game entered on a sheet not yet accepted. Clears the signatures:
    /// they vouched for other numbers.
    GameEntered {
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        before: Option<GameEntry>,
        after: GameEntry,
    },
    /// `seat` signed (with `game`, that game's line); `complete` when the
    /// sheet now has every signature the preset requires (R14). `device`:
    /// the device that signed, where known.
    SheetSigned {
        round: RoundNo,
        table: TableNo,
        seat: Seat,
        complete: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<GameNo>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        device: Option<String>,
    },
    SheetAccepted {
        round: RoundNo,
        table: TableNo,
    },
    /// The director changed a game on an accepted sheet (R14).
    SheetAmended {
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        before: Option<GameEntry>,
        after: GameEntry,
        reason: String,
    },
    /// The event's card was set (issue 14.1).
    CardSet {
        before: CardSetting,
        after: CardSetting,
    },
    RoundClosed {
        round: RoundNo,
        at: Millis,
    },
    /// A table of three rolled again for East (R12, standard 3A).
    EastRerolled {
        round: RoundNo,
        table: TableNo,
        east: Seat,
    },
    /// The director changed the clock of a round under way.
    ClockAdjusted {
        round: RoundNo,
        change: ClockChange,
    },
    /// A table of the round under way is played online (issue 23.7): a
    /// live table plays its games, and its sheet fills itself.
    TableOnline {
        round: RoundNo,
        table: TableNo,
    },
    /// Bots play these seats of an online table for their absent players
    /// (issue 23.7), marked on the sheet.
    BotsSeated {
        round: RoundNo,
        table: TableNo,
        seats: Vec<Seat>,
    },
    /// A computed seating adopted for the rounds not started (14.8).
    ScheduleAdopted {
        offer: ScheduleOffer,
    },
    /// A floor official appointed, or their tables changed.
    OfficialAppointed {
        official: Official,
    },
    /// A floor official removed (what they did stays in the log).
    OfficialRemoved {
        number: OfficialNo,
    },
    /// A table called the director.
    DirectorCalled {
        call: CallNo,
        round: RoundNo,
        table: TableNo,
        seat: Option<Seat>,
        reason: String,
    },
    CallTaken {
        call: CallNo,
        by: Actor,
    },
    /// A call closed, with the ruling kept (a scoring ruling's change to
    /// the game follows as its own `game_entered` or `sheet_amended`).
    CallClosed {
        call: CallNo,
        by: Actor,
        note: String,
        ruling: Option<KeptRuling>,
    },
    /// A warning, a penalty outside the games or a disqualification.
    PlayerSanctioned {
        player: PlayerNo,
        sanction: Sanction,
    },
}

/// An event as stored: its place in the log, when, and who caused it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recorded {
    /// 1, 2, 3, ... with no gaps.
    pub seq: u64,
    /// Unix milliseconds, supplied by the caller.
    pub at: Millis,
    pub actor: Actor,
    pub event: Event,
}
