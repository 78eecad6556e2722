//! Any command of a tournament, tagged by `kind` (`POST
//! /api/tournaments/{id}/commands`): the same commands the other routes make,
//! with the numbers their paths give written as fields. Creating a
//! tournament is not one of them (`POST /api/tournaments`).

use super::clock::ClockAction;
use super::rounds::{Entry, Seat, SeatingMethod};
use super::schema;
use super::settings::{OddPlayers, RulesSource, TieBreak};
use jongg_tournament::{Command, GameNo, PlayerNo, RoundNo, TableNo};

crate::tagged! {
    /// A command, by `kind`.
    pub enum AnyCommand {
        UpdateSettings = "update_settings" {
            #[schema(schema_with = schema::name_or_null)]
            name: Option<String>,
            #[schema(schema_with = schema::dates_or_null)]
            dates: Option<Vec<String>>,
            rules: Option<RulesSource>,
            #[schema(schema_with = schema::rounds_or_null)]
            rounds: Option<u8>,
            #[schema(schema_with = schema::games_or_null)]
            games_per_round: Option<u8>,
            #[schema(schema_with = schema::minutes_or_null)]
            round_minutes: Option<u16>,
            tie_breaks: Option<Vec<TieBreak>>,
            odd_players: Option<OddPlayers>,
            /// The event's time zone, an IANA name such as `America/Chicago`.
            #[schema(schema_with = schema::time_zone_or_null)]
            time_zone: Option<String>,
        },
        RegisterPlayer = "register_player" {
            #[schema(minimum = 1)]
            number: u32,
            #[schema(schema_with = schema::name)]
            name: String,
            #[schema(schema_with = schema::club_or_null)]
            club: Option<String>,
            #[serde(default)]
            late: bool,
        },
        UpdatePlayer = "update_player" {
            #[schema(minimum = 1)]
            number: u32,
            #[schema(schema_with = schema::name_or_null)]
            name: Option<String>,
            #[schema(schema_with = schema::club_or_null)]
            club: Option<String>,
        },
        WithdrawPlayer = "withdraw_player" {
            #[schema(minimum = 1)]
            number: u32,
        },
        MarkLate = "mark_late" {
            #[schema(minimum = 1)]
            number: u32,
        },
        Arrive = "arrive" {
            #[schema(minimum = 1)]
            number: u32,
        },
        Substitute = "substitute" {
            /// The player who leaves.
            #[schema(minimum = 1)]
            out: u32,
            #[schema(minimum = 1)]
            number: u32,
            #[schema(schema_with = schema::name)]
            name: String,
            #[schema(schema_with = schema::club_or_null)]
            club: Option<String>,
        },
        SeatRound = "seat_round" {
            #[schema(minimum = 1)]
            round: u8,
            method: SeatingMethod,
        },
        StartRound = "start_round" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 0)]
            at: i64,
        },
        EnterGame = "enter_game" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 1)]
            table: u16,
            #[schema(minimum = 1)]
            game: u8,
            entry: Entry,
        },
        SignSheet = "sign_sheet" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 1)]
            table: u16,
            seat: Seat,
            /// The game whose line is signed, where the rules have a seat
            /// sign each game; absent: the round's signature.
            #[schema(schema_with = schema::games_or_null)]
            #[serde(default)]
            game: Option<u8>,
        },
        AcceptSheet = "accept_sheet" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 1)]
            table: u16,
        },
        AcceptAllSigned = "accept_all_signed" {
            #[schema(minimum = 1)]
            round: u8,
        },
        AmendSheet = "amend_sheet" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 1)]
            table: u16,
            #[schema(minimum = 1)]
            game: u8,
            entry: Entry,
            #[schema(schema_with = schema::reason)]
            reason: String,
        },
        CloseRound = "close_round" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 0)]
            at: i64,
        },
        RecordEast = "record_east" {
            #[schema(minimum = 1)]
            round: u8,
            #[schema(minimum = 1)]
            table: u16,
            east: Seat,
        },
        AdjustClock = "adjust_clock" {
            #[schema(minimum = 1)]
            round: u8,
            action: ClockAction,
            #[schema(schema_with = schema::reason)]
            reason: String,
            #[schema(minimum = 0)]
            at: i64,
        },
    }
}

impl From<AnyCommand> for Command {
    fn from(c: AnyCommand) -> Command {
        use AnyCommand as A;
        match c {
            A::UpdateSettings {
                name,
                dates,
                rules,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
                time_zone,
            } => Command::UpdateSettings {
                name,
                dates,
                rules: rules.map(Into::into),
                rounds: rounds.map(RoundNo),
                games_per_round: games_per_round.map(GameNo),
                round_minutes,
                tie_breaks: tie_breaks.map(|v| v.into_iter().map(Into::into).collect()),
                odd_players: odd_players.map(Into::into),
                time_zone,
            },
            A::RegisterPlayer {
                number,
                name,
                club,
                late,
            } => Command::RegisterPlayer {
                number: PlayerNo(number),
                name,
                club,
                late,
            },
            A::UpdatePlayer { number, name, club } => Command::UpdatePlayer {
                number: PlayerNo(number),
                name,
                club: club.map(Some),
            },
            A::WithdrawPlayer { number } => Command::WithdrawPlayer {
                number: PlayerNo(number),
            },
            A::MarkLate { number } => Command::MarkLate {
                number: PlayerNo(number),
            },
            A::Arrive { number } => Command::Arrive {
                number: PlayerNo(number),
            },
            A::Substitute {
                out,
                number,
                name,
                club,
            } => Command::Substitute {
                out: PlayerNo(out),
                number: PlayerNo(number),
                name,
                club,
            },
            A::SeatRound { round, method } => Command::SeatRound {
                round: RoundNo(round),
                method: method.into(),
            },
            A::StartRound { round, at } => Command::StartRound {
                round: RoundNo(round),
                at,
            },
            A::EnterGame {
                round,
                table,
                game,
                entry,
            } => Command::EnterGame {
                round: RoundNo(round),
                table: TableNo(table),
                game: GameNo(game),
                entry: entry.into(),
            },
            A::SignSheet {
                round,
                table,
                seat,
                game,
            } => Command::SignSheet {
                round: RoundNo(round),
                table: TableNo(table),
                seat: seat.into(),
                game: game.map(GameNo),
                // The server knows the device, not the body (`rounds::sign`).
                device: None,
            },
            A::AcceptSheet { round, table } => Command::AcceptSheet {
                round: RoundNo(round),
                table: TableNo(table),
            },
            A::AcceptAllSigned { round } => Command::AcceptAllSigned {
                round: RoundNo(round),
            },
            A::AmendSheet {
                round,
                table,
                game,
                entry,
                reason,
            } => Command::AmendSheet {
                round: RoundNo(round),
                table: TableNo(table),
                game: GameNo(game),
                entry: entry.into(),
                reason,
            },
            A::CloseRound { round, at } => Command::CloseRound {
                round: RoundNo(round),
                at,
            },
            A::RecordEast { round, table, east } => Command::RecordEast {
                round: RoundNo(round),
                table: TableNo(table),
                east: east.into(),
            },
            A::AdjustClock {
                round,
                action,
                reason,
                at,
            } => Command::AdjustClock {
                round: RoundNo(round),
                action: action.into(),
                reason,
                at,
            },
        }
    }
}
