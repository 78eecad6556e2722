//! What a director, a scorekeeper or the server asks the tournament to do.
//!
//! A command is a request: [`crate::Tournament::decide`] checks it and turns it
//! into events, or refuses it with a [`crate::DomainError`].

use crate::card::CardFile;
use crate::clock::ClockAction;
use crate::floor::{CallNo, DisqualifiedScores, OfficialNo};
use crate::model::{
    Entry, GameNo, Millis, OddPlayers, PlayerNo, RoundNo, RulesSource, SeatingMethod, TableNo,
    TieBreak,
};
use crate::tournament::ScheduleOffer;
use jongg_rules::Incident;
use jongg_rules::floor::CardYear;
use jongg_tiles::Seat;
use serde::{Deserialize, Serialize};

/// A request to change the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// Start a tournament. Missing numbers come from the rules (R15: four
    /// games a round; round minutes by preset); rounds default to 4, tie-breaks
    /// to points, Mah Jonggs, best game; odd player counts to three-player tables.
    CreateTournament {
        name: String,
        #[serde(default)]
        dates: Vec<String>,
        rules: RulesSource,
        #[serde(default)]
        rounds: Option<RoundNo>,
        #[serde(default)]
        games_per_round: Option<GameNo>,
        #[serde(default)]
        round_minutes: Option<u16>,
        #[serde(default)]
        tie_breaks: Option<Vec<TieBreak>>,
        #[serde(default)]
        odd_players: Option<OddPlayers>,
        /// The event's time zone (an IANA name); UTC when left out.
        #[serde(default)]
        time_zone: Option<String>,
    },
    /// Change settings. Rules and games per round only before round 1 starts;
    /// the number of rounds never below the rounds already seated (R15: the
    /// director can change the round length and count).
    UpdateSettings {
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        dates: Option<Vec<String>>,
        #[serde(default)]
        rules: Option<RulesSource>,
        #[serde(default)]
        rounds: Option<RoundNo>,
        #[serde(default)]
        games_per_round: Option<GameNo>,
        #[serde(default)]
        round_minutes: Option<u16>,
        #[serde(default)]
        tie_breaks: Option<Vec<TieBreak>>,
        #[serde(default)]
        odd_players: Option<OddPlayers>,
        /// The event's time zone (an IANA name); UTC when left out.
        #[serde(default)]
        time_zone: Option<String>,
    },
    /// Register a player; `late` players are not seated until they arrive.
    RegisterPlayer {
        number: PlayerNo,
        name: String,
        #[serde(default)]
        club: Option<String>,
        #[serde(default)]
        late: bool,
    },
    /// Correct a player's name or club (`club: Some(None)` clears it).
    UpdatePlayer {
        number: PlayerNo,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        club: Option<Option<String>>,
    },
    /// The player leaves; scores so far stand; not seated in later rounds.
    WithdrawPlayer {
        number: PlayerNo,
    },
    /// The player has not arrived: not seated until [`Command::Arrive`].
    MarkLate {
        number: PlayerNo,
    },
    /// A late player arrived: seated from the next round not yet started.
    Arrive {
        number: PlayerNo,
    },
    /// A new player takes the place of `out`, who withdraws.
    Substitute {
        out: PlayerNo,
        number: PlayerNo,
        name: String,
        #[serde(default)]
        club: Option<String>,
    },
    /// Seat a round (again, while it has not started).
    SeatRound {
        round: RoundNo,
        method: SeatingMethod,
    },
    StartRound {
        round: RoundNo,
        at: Millis,
    },
    /// Enter (or correct) one game of a sheet that is not accepted.
    EnterGame {
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        entry: Entry,
    },
    /// `seat` signs the sheet, verifying the scores R14 gives it to verify;
    /// with `game`, that game's line, where the preset has seats sign each
    /// game (mississippi-2025). `device` is the device that signed.
    SignSheet {
        round: RoundNo,
        table: TableNo,
        seat: Seat,
        #[serde(default)]
        game: Option<GameNo>,
        #[serde(default)]
        device: Option<String>,
    },
    /// The director accepts a signed sheet; it is locked (standard 26, R14).
    AcceptSheet {
        round: RoundNo,
        table: TableNo,
    },
    /// The director accepts every signed sheet of a round at once: one
    /// acceptance per table, so the audit has a line for each (standard 26, R14).
    AcceptAllSigned {
        round: RoundNo,
    },
    /// The director changes a game on an accepted sheet, saying why (R14).
    AmendSheet {
        round: RoundNo,
        table: TableNo,
        game: GameNo,
        entry: Entry,
        reason: String,
    },
    /// A table of three rolled again for East (R12, standard 3A: before
    /// game 4): `east` deals that game, and the deal passes to the right.
    RecordEast {
        round: RoundNo,
        table: TableNo,
        east: Seat,
    },
    /// The event's card (issue 14.1): the card year chosen among the rules
    /// text's readings, and the card file loaded (or none). Replaces both.
    SetCard {
        #[serde(default)]
        year: Option<CardYear>,
        #[serde(default)]
        file: Option<CardFile>,
    },
    /// End a round whose sheets are all accepted.
    CloseRound {
        round: RoundNo,
        at: Millis,
    },
    /// The director pauses, resumes, extends or restarts the clock of the
    /// round under way, saying why (kept in the log).
    AdjustClock {
        round: RoundNo,
        action: ClockAction,
        reason: String,
        at: Millis,
    },
    /// The director opens tables of the round under way online (issue
    /// 23.7): each is played at a live table and its sheet fills itself.
    /// `tables` empty: every table not online yet; the rest of a round
    /// stays in the hall.
    OpenOnline {
        round: RoundNo,
        #[serde(default)]
        tables: Vec<TableNo>,
    },
    /// Bots play `seats` of an online table for their absent players
    /// (issue 23.7); their points are on the sheet but count for no one.
    FillWithBots {
        round: RoundNo,
        table: TableNo,
        seats: Vec<Seat>,
    },
    /// The director adopts a computed seating for the rounds not started
    /// (14.8; `Tournament::schedule_offer`): the seating itself, not a seed.
    AdoptSchedule {
        offer: ScheduleOffer,
    },
    /// Appoint (or re-appoint, with new tables) a floor official: a role
    /// below the director (st-louis-senior-olympics' table monitors).
    AppointOfficial {
        number: OfficialNo,
        name: String,
        tables: Vec<TableNo>,
    },
    /// Remove a floor official: they may no longer act (their calls and
    /// rulings stay in the log).
    RemoveOfficial {
        number: OfficialNo,
    },
    /// A table calls the director (standard 22, 27; every seed's "call the
    /// director"), with an optional short reason.
    CallDirector {
        round: RoundNo,
        table: TableNo,
        #[serde(default)]
        seat: Option<Seat>,
        #[serde(default)]
        reason: String,
    },
    /// An official (or the director) takes a waiting call.
    TakeCall {
        call: CallNo,
    },
    /// Close a call with what was decided: an incident the preset rules on
    /// (its ruling is stated and, where it is a scoring matter and `game`
    /// and `seat` are given, applied to that game), and a note.
    CloseCall {
        call: CallNo,
        #[serde(default)]
        incident: Option<Incident>,
        #[serde(default)]
        game: Option<GameNo>,
        #[serde(default)]
        seat: Option<Seat>,
        #[serde(default)]
        note: String,
    },
    /// A complaint about a player's conduct acted on: the preset's next
    /// step of the warning ladder (standard 2A-2B).
    WarnPlayer {
        player: PlayerNo,
        reason: String,
    },
    /// Points outside any game's score (standard 2C; st-louis "pot penalty").
    PenalizePlayer {
        player: PlayerNo,
        points: i32,
        reason: String,
    },
    /// Disqualify a player (standard 2B, 27): their scores kept or void,
    /// opponents' unchanged; not seated again.
    DisqualifyPlayer {
        player: PlayerNo,
        scores: DisqualifiedScores,
        reason: String,
    },
}
