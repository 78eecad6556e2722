//! `decide`: a command to the events it makes. The actor's rights first
//! (`access.rs`), then the concern's own checks.

use super::Tournament;
use super::settings::Asked;
use crate::command::Command;
use crate::error::DomainError;
use crate::event::Event;
use crate::model::Actor;

impl Tournament {
    /// Check a command against the actor's rights and the tournament's state,
    /// and say what happens. Changes nothing.
    pub fn decide(&self, actor: &Actor, command: Command) -> Result<Vec<Event>, DomainError> {
        self.allowed(actor, &command)?;
        if !matches!(command, Command::CreateTournament { .. }) && self.settings.is_none() {
            return Err(DomainError::NoTournament);
        }
        use Command::*;
        match command {
            CreateTournament {
                name,
                dates,
                rules,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
                time_zone,
            } => self.create(Asked {
                name: Some(name),
                dates: Some(dates),
                rules: Some(rules),
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
                time_zone,
            }),
            UpdateSettings {
                name,
                dates,
                rules,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
                time_zone,
            } => self.update_settings(Asked {
                name,
                dates,
                rules,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
                time_zone,
            }),
            RegisterPlayer {
                number,
                name,
                club,
                late,
            } => self.register(number, name, club, late),
            UpdatePlayer { number, name, club } => self.update_player(number, name, club),
            WithdrawPlayer { number } => self.withdraw(number),
            MarkLate { number } => self.mark_late(number),
            Arrive { number } => self.arrive(number),
            Substitute {
                out,
                number,
                name,
                club,
            } => self.substitute(out, number, name, club),
            SeatRound { round, method } => self.seat_round(round, method),
            StartRound { round, at } => self.start_round(round, at),
            EnterGame {
                round,
                table,
                game,
                entry,
            } => self.enter_game(actor, round, table, game, entry),
            SignSheet {
                round,
                table,
                seat,
                game,
                device,
            } => self.sign_sheet(actor, round, table, seat, game, device),
            AcceptSheet { round, table } => self.accept_sheet(round, table),
            AcceptAllSigned { round } => self.accept_all_signed(round),
            AmendSheet {
                round,
                table,
                game,
                entry,
                reason,
            } => self.amend_sheet(round, table, game, entry, reason),
            CloseRound { round, at } => self.close_round(round, at),
            RecordEast { round, table, east } => self.record_east(round, table, east),
            SetCard { year, file } => self.set_card(year, file),
            AdjustClock {
                round,
                action,
                reason,
                at,
            } => self.adjust_clock(round, action, reason, at),
            AdoptSchedule { offer } => self.adopt_schedule(offer),
            OpenOnline { round, tables } => self.open_online(round, tables),
            FillWithBots {
                round,
                table,
                seats,
            } => self.fill_with_bots(round, table, seats),
            AppointOfficial {
                number,
                name,
                tables,
            } => self.appoint_official(number, name, tables),
            RemoveOfficial { number } => self.remove_official(number),
            CallDirector {
                round,
                table,
                seat,
                reason,
            } => self.call_director(round, table, seat, reason),
            TakeCall { call } => self.take_call(actor, call),
            CloseCall {
                call,
                incident,
                game,
                seat,
                note,
            } => self.close_call(actor, call, incident, game, seat, note),
            WarnPlayer { player, reason } => self.warn_player(player, reason),
            PenalizePlayer {
                player,
                points,
                reason,
            } => self.penalize_player(player, points, reason),
            DisqualifyPlayer {
                player,
                scores,
                reason,
            } => self.disqualify_player(player, scores, reason),
        }
    }
}
