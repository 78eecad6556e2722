//! The web pages (issue 6): server-rendered HTML for the director, the
//! tables and the public, printables (HTML and PDF) and CSV exports.
//!
//! Pages only read the tournament; every change goes through the JSON API
//! (`/api/...`) from a small script (`assets/jongg.js`) that sends a form as
//! JSON and shows the API's error beside the form. Every page's route is in
//! the one route table (`routes.rs`), with its access enforced before it
//! runs (a page for the director sends anyone else to the login first). Templates are askama (checked when compiling);
//! assets are embedded and served by jongg itself, nothing from the internet.

pub(crate) use crate::body::words::who;

mod assets;
mod audit;
mod cards;
pub(crate) use cards::CODE_POLICY;
mod clock;
mod control;
pub(crate) mod csv;
pub(crate) mod director;
mod discipline;
mod duty_words;
mod event_card;
mod floor;
mod lobby;
mod officials;
pub(crate) mod paging;
mod pdf;
mod play;
pub(crate) mod play_accounts;
mod play_cards;
mod play_points;
mod player_code;
mod print;
mod public;
mod replay;
mod replay_view;
mod rooms;
mod schedule;
mod search;
mod stop;
mod table;
mod tents;
mod tile_face;

pub(crate) use crate::edge::error_page::{PageError, PageResult};
use crate::edge::route::Route;
use askama::Template;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use jongg_tournament::Tournament;

/// The pages' routes, for the route table (`routes.rs`).
pub(crate) fn routes() -> Vec<Route> {
    let mut v = assets::routes();
    v.extend(director::routes());
    v.extend(audit::routes());
    v.extend(control::routes());
    v.extend(table::routes());
    v.extend(public::routes());
    v.extend(print::routes());
    v.extend(cards::routes());
    v.extend(tents::routes());
    v.extend(floor::routes());
    v.extend(officials::routes());
    v.extend(discipline::routes());
    v.extend(event_card::routes());
    v.extend(player_code::routes());
    v.extend(stop::routes());
    v.extend(play::routes());
    v.extend(play_cards::routes());
    v.extend(play_points::routes());
    v.extend(replay::routes());
    v.extend(tile_face::routes());
    v.extend(play_accounts::routes());
    v.extend(lobby::routes());
    v.extend(rooms::routes());
    v
}

/// Renders a template as an HTML response.
pub(crate) fn html<T: Template>(t: &T) -> PageResult {
    Ok(Html(t.render()?).into_response())
}

/// A player's name with the badge number, or a dash for an empty seat.
/// The seating's repeat meetings (R13), in words: "Ann and Ben meet in rounds 1, 3".
pub(crate) fn repeat_meetings(t: &Tournament) -> Vec<String> {
    t.movement_warnings()
        .iter()
        .map(|m| {
            let rounds: Vec<String> = m.rounds.iter().map(ToString::to_string).collect();
            format!(
                "{} and {} meet in rounds {}",
                who(t, Some(m.a)),
                who(t, Some(m.b)),
                rounds.join(", ")
            )
        })
        .collect()
}

/// The tournament's name, or a placeholder before it is created.
pub(crate) fn name_of(t: &Tournament) -> String {
    t.settings()
        .map_or_else(|| "Tournament".to_string(), |s| s.name.clone())
}

/// A download: bytes with a content type and a file name.
pub(crate) fn download(content_type: &'static str, filename: &str, body: Vec<u8>) -> Response {
    let disposition = format!("inline; filename=\"{}\"", filename.replace('"', ""));
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

/// The tournament's rules (a built-in preset or the director's file, read
/// once by the tournament: `Tournament::preset`).
pub(crate) fn preset_of(t: &Tournament) -> Option<jongg_rules::Preset> {
    t.preset().ok().cloned()
}

/// Capitalised seat name, for people.
/// A ranking order in words: "points, then Mah Jonggs, then best single game".
pub(crate) fn ranking_order(order: &[jongg_tournament::TieBreak]) -> String {
    use jongg_tournament::TieBreak;
    let words: Vec<&str> = order
        .iter()
        .map(|t| match t {
            TieBreak::Points => "points",
            TieBreak::MahJonggs => "Mah Jonggs",
            TieBreak::BestGame => "best single game",
        })
        .collect();
    words.join(", then ")
}

/// A sheet's state in the words every page uses (issue 13.6): "being filled
/// in", "waiting for signatures" (every game entered), "signed", "accepted".
/// The CSV export keeps its own short values (`draft`, `signed`,
/// `accepted`) for the spreadsheets that read them.
pub(crate) fn sheet_words(state: jongg_tournament::SheetState, complete: bool) -> &'static str {
    use jongg_tournament::SheetState;
    match state {
        SheetState::Draft if complete => "waiting for signatures",
        SheetState::Draft => "being filled in",
        SheetState::Signed => "signed",
        SheetState::Accepted => "accepted",
    }
}

pub(crate) fn seat_name(s: jongg_tiles::Seat) -> &'static str {
    use jongg_tiles::Seat;
    match s {
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
    }
}

/// A player's standing in the event in a word or two, the same on every
/// page: a disqualified player is said to be disqualified, not withdrawn
/// (issue 20.8; standard 2B, 27).
pub(crate) fn status_word(t: &Tournament, p: &jongg_tournament::Player) -> &'static str {
    status_of(p.status, t.disqualified(p.number))
}

/// [`status_word`] of a status and a disqualification.
pub(crate) fn status_of(
    status: jongg_tournament::PlayerStatus,
    disqualified: Option<jongg_tournament::DisqualifiedScores>,
) -> &'static str {
    use jongg_tournament::{DisqualifiedScores, PlayerStatus};
    match (status, disqualified) {
        (_, Some(DisqualifiedScores::Kept)) => "disqualified (scores kept)",
        (_, Some(DisqualifiedScores::Void)) => "disqualified (scores void)",
        (PlayerStatus::Active, None) => "playing",
        (PlayerStatus::Late, None) => "not arrived",
        (PlayerStatus::Withdrawn { .. }, None) => "withdrawn",
    }
}
