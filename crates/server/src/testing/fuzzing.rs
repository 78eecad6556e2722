//! Entry points for the fuzz run (`scripts/fuzz.sh`, which runs
//! crates/jongg/benches/fuzz.rs): every request body the API reads, read
//! the way its route reads it, then decided on a tournament with a round
//! under way, without HTTP or a database. Not an API of the server.

use crate::body::read;
use crate::pages::csv;
use jongg_tournament::{Actor, Command, Tournament};

/// Every body the API takes, by the command its route makes (or what it is).
pub const BODIES: &[&str] = &[
    "setup",
    "login",
    "command",
    "create_tournament",
    "update_settings",
    "register_player",
    "update_player",
    "substitute",
    "seat_round",
    "start_round",
    "close_round",
    "enter_game",
    "amend_sheet",
    "sign_sheet",
    "accept_sheet",
    "accept_all_signed",
    "players_csv",
    "seating_csv",
    "set_card",
    "check_hand",
    "appoint_official",
    "remove_official",
    "call_director",
    "take_call",
    "close_call",
    "warn_player",
    "penalize_player",
    "disqualify_player",
    "new_live_table",
    "player_sign_up",
    "player_sign_in",
    "join_seat",
];

/// Reads `bytes` as the body of `route` (one of [`BODIES`]) as its handler
/// does, with round `round`, table 1, game 1 and player 3 in its path, and
/// decides the command it makes on `t` as the director. The answer says what
/// was refused; it never panics (that is what is tested).
pub fn body(route: &str, bytes: &[u8], t: &Tournament, round: u8) -> Result<usize, String> {
    use crate::body::{auth, card, command, floor, pages, players, rounds, settings};
    fn typed<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        read::<T>(bytes).map_err(|e| e.message)
    }
    use jongg_tournament::{GameNo, RoundNo, TableNo};
    let (round, table, game) = (RoundNo(round), TableNo(1), GameNo(1));
    let cmd: Command = match route {
        "setup" => return typed::<auth::Setup>(bytes).map(|_| 0),
        "login" => return typed::<auth::Login>(bytes).map(|_| 0),
        "player_sign_up" => {
            let b = typed::<crate::body::accounts::SignUp>(bytes)?;
            return b.check().map(|_| 0).map_err(|e| e.message);
        }
        "player_sign_in" => {
            let b = typed::<crate::body::accounts::SignIn>(bytes)?;
            return b.check().map(|_| 0).map_err(|e| e.message);
        }
        "join_seat" => return typed::<crate::body::accounts::JoinSeat>(bytes).map(|_| 0),
        "new_live_table" => {
            // A library card is looked up by the handler; the body reads alike.
            let card = crate::state::card_library::TableCard::practice();
            let (doc, settings) = typed::<crate::body::play::NewTable>(bytes)?.read(card)?;
            settings.check()?;
            return doc.table().map(|_| 0);
        }
        "players_csv" | "seating_csv" => {
            let pages::CsvText { csv } = typed(bytes)?;
            return if route == "players_csv" {
                players_csv(&csv)
            } else {
                seating_csv(&csv)
            };
        }
        "command" => typed::<command::AnyCommand>(bytes)?.into(),
        "create_tournament" => typed::<settings::CreateTournament>(bytes)?.into(),
        "update_settings" => typed::<settings::UpdateSettings>(bytes)?.into(),
        "register_player" => typed::<players::RegisterPlayer>(bytes)?.into(),
        "update_player" => typed::<players::UpdatePlayer>(bytes)?.command(3),
        "substitute" => typed::<players::Substitute>(bytes)?.command(3),
        "seat_round" => typed::<rounds::SeatRound>(bytes)?.command(round),
        "start_round" | "close_round" => {
            let at = typed::<rounds::RoundClock>(bytes)?.at.unwrap_or(0);
            if route == "start_round" {
                Command::StartRound { round, at }
            } else {
                Command::CloseRound { round, at }
            }
        }
        "enter_game" => typed::<rounds::EnterGame>(bytes)?.command(round, table, game),
        "amend_sheet" => typed::<rounds::AmendGame>(bytes)?.command(round, table, game),
        "sign_sheet" => typed::<rounds::SignSheet>(bytes)?.command(round, table, "device 0".into()),
        "accept_sheet" => {
            let crate::body::Empty {} = typed(bytes)?;
            Command::AcceptSheet { round, table }
        }
        "accept_all_signed" => {
            let crate::body::Empty {} = typed(bytes)?;
            Command::AcceptAllSigned { round }
        }
        "set_card" => typed::<card::SetCard>(bytes)?.command(None),
        "check_hand" => {
            let b = typed::<card::CheckHand>(bytes)?;
            let hand = b.hand.map(Into::into);
            return t
                .score_with_card(round, table, game, &b.record, hand.as_ref())
                .map(|_| 0)
                .map_err(|e| e.to_string());
        }
        "appoint_official" => typed::<floor::AppointOfficial>(bytes)?.command(),
        "remove_official" => {
            let crate::body::Empty {} = typed(bytes)?;
            Command::RemoveOfficial {
                number: jongg_tournament::OfficialNo(1),
            }
        }
        "call_director" => typed::<floor::CallDirector>(bytes)?.command(round, table),
        "take_call" => {
            let crate::body::Empty {} = typed(bytes)?;
            Command::TakeCall {
                call: jongg_tournament::CallNo(1),
            }
        }
        "close_call" => typed::<floor::CloseCall>(bytes)?.command(jongg_tournament::CallNo(1))?,
        "warn_player" => typed::<floor::WarnPlayer>(bytes)?.command(3),
        "penalize_player" => typed::<floor::PenalizePlayer>(bytes)?.command(3),
        "disqualify_player" => typed::<floor::DisqualifyPlayer>(bytes)?.command(3),
        other => return Err(format!("no body `{other}`")),
    };
    t.decide(&Actor::Director, cmd)
        .map(|events| events.len())
        .map_err(|e| e.to_string())
}

/// A page's form (url-encoded, issue 13.7) read as the bodies with the most
/// to read: the settings (nested fields, lists of lines, a JSON list, an
/// optional field), a seating, a new player (numbers, a tick) and the
/// score page's game (fields by seat, turned into a game's entry).
pub fn form(bytes: &[u8]) -> Result<usize, String> {
    use crate::body::{game_form, players, read_form, rounds, settings};
    let settings = read_form::<settings::UpdateSettings>(bytes).map(|_| 1);
    let seat = read_form::<rounds::SeatRound>(bytes).map(|_| 1);
    let player = read_form::<players::RegisterPlayer>(bytes).map(|_| 1);
    let game = read_form::<game_form::GameForm>(bytes)
        .and_then(rounds::EnterGame::try_from)
        .map(|_| 1);
    let taken = [settings, seat, player, game]
        .into_iter()
        .filter_map(Result::ok)
        .count();
    if taken == 0 {
        return Err("no body takes this form".into());
    }
    Ok(taken)
}

/// A pasted player list, read as the players page reads it.
pub fn players_csv(text: &str) -> Result<usize, String> {
    let (rows, faults) = csv::player_list(text)?;
    match faults.first() {
        Some((_, f)) => Err(f.clone()),
        None => Ok(rows.len()),
    }
}

/// A pasted seating, read as the seating page reads it.
pub fn seating_csv(text: &str) -> Result<usize, String> {
    csv::seating(text).map(|s| s.tables.len())
}
