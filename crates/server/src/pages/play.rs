//! The live table in the browser (issue 23.5): `/play/new`, the form that
//! starts a practice table (you and bots, no account: it works without a
//! script too, `POST /play/new`), `/play/{id}`, a seat's page, and
//! `/play/{id}/watch`, a spectator's (the same page and script).
//! The page is a frame: `assets/play.js` reads the seat and its token from
//! the address, plays over the table's WebSocket (docs/play-protocol.md)
//! and draws everything from the `view` and the events that follow.

use super::assets::asset;
use super::{PageResult, html, seat_name};
use crate::body::Body;
use crate::body::play::NewTable;
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::tables::players::PRACTICE;
use askama::Template;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use jongg_tiles::Seat;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(start_page)),
        route(Access::Public, routes!(start_practice)).form(|_| String::new()),
        route(Access::Public, routes!(links_page)),
        route(Access::Public, routes!(table_page)),
        route(Access::Public, routes!(watch_page)),
        route(Access::Public, routes!(play_js)),
        route(Access::Public, routes!(play_table_js)),
        route(Access::Public, routes!(play_css)),
    ]
}

/// The table page's script and the start form's (`assets/play.js`).
pub(crate) const PLAY_JS: &str = include_str!("../../assets/play.js");
/// The table as one seat sees it (`assets/play_table.js`).
pub(crate) const PLAY_TABLE_JS: &str = include_str!("../../assets/play_table.js");
pub(crate) const PLAY_CSS: &str = include_str!("../../assets/play.css");

/// The live table's script: the WebSocket, the table drawn, the moves.
#[utoipa::path(get, path = "/assets/play.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn play_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PLAY_JS)
}

/// The live table as one seat sees it: its view, changed by each event.
#[utoipa::path(get, path = "/assets/play_table.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn play_table_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PLAY_TABLE_JS)
}

/// The live table's stylesheet: the rack, the seats, phone and projector layouts.
#[utoipa::path(get, path = "/assets/play.css",
    responses((status = OK, description = "CSS", content_type = "text/css")))]
async fn play_css() -> impl IntoResponse {
    asset("text/css; charset=utf-8", PLAY_CSS)
}

/// The bots' strengths a practice table offers (docs/game.md, "Three strengths").
const STRENGTHS: [(&str, &str); 3] = [
    ("easy", "Easy: a learner's slips"),
    ("medium", "Medium: plays toward its nearest hands"),
    ("strong", "Strong: plans several hands and defends"),
];

/// The seats, as the form and the create route name them.
const SEATS: [(&str, &str); 4] = [
    ("east", "East (you deal)"),
    ("south", "South"),
    ("west", "West"),
    ("north", "North"),
];

/// The form of a new table: a practice table's, or a lobby room's.
#[derive(Template)]
#[template(path = "play_start.html")]
pub(super) struct StartPage {
    heading: &'static str,
    /// A lobby room's (seats open for a person), not a practice table's.
    room: bool,
    /// Each preset's name and title (the director's form shows titles too).
    presets: Vec<(&'static str, String)>,
    /// The cards to choose from: jongg's practice card first, then the
    /// server's library (`id`, words).
    cards: Vec<(String, String)>,
    strengths: &'static [(&'static str, &'static str)],
    seats: &'static [(&'static str, &'static str)],
    /// The spectators a table may take, and the form's default.
    most_spectators: usize,
}

impl StartPage {
    /// The form, offering the library's cards (none when it cannot be read:
    /// the practice card still plays).
    pub(super) async fn with_library(app: &AppState, room: bool) -> StartPage {
        let mut page = StartPage::new(room);
        match crate::state::card_library::list(app).await {
            Ok(cards) => page.cards.extend(cards.into_iter().map(|c| {
                let year = c.year.map(|y| format!(", {y}")).unwrap_or_default();
                (
                    c.id.to_string(),
                    format!("{}{year} ({} lines)", c.name, c.lines),
                )
            })),
            Err(e) => tracing::warn!(error = %e.message, "the card library did not read"),
        }
        page
    }

    pub(super) fn new(room: bool) -> StartPage {
        StartPage {
            heading: if room {
                "Open a table in the lobby"
            } else {
                "Play a practice table"
            },
            room,
            presets: jongg_rules::PRESET_NAMES
                .iter()
                .map(|&n| (n, rules_title(n)))
                .collect(),
            cards: vec![(
                PRACTICE.to_string(),
                "jongg's practice card (not the League's card)".to_string(),
            )],
            strengths: &STRENGTHS,
            seats: &SEATS,
            most_spectators: jongg_play::settings::DEFAULT_SPECTATORS,
        }
    }
}

/// Start a practice table: a preset, your seat, and bots of a strength.
#[utoipa::path(get, path = "/play/new", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn start_page(State(app): State<Arc<AppState>>) -> PageResult {
    html(&StartPage::with_library(&app, false).await)
}

/// The practice form sent without a script: the table is created as
/// `POST /api/play/tables` creates it, then its one person goes straight
/// to their seat, or several are shown their links (`/play/links`).
#[utoipa::path(post, path = "/play/new", request_body = NewTable,
    responses((status = SEE_OTHER, description = "To your seat, or to the page of the seats' links"),
        (status = TOO_MANY_REQUESTS, description = "Too many tables created from this address")))]
async fn start_practice(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<NewTable>,
) -> Result<Response, ApiError> {
    let client = crate::edge::client::client_ip(&app, peer, &headers);
    let created = crate::body::play::open_practice(&app, client, b).await?;
    let pages: Vec<String> = Seat::ALL
        .into_iter()
        .filter_map(|s| created.page(s))
        .collect();
    let to = match pages.as_slice() {
        [one] => one.clone(),
        _ => {
            let seats: Vec<String> = Seat::ALL
                .into_iter()
                .filter_map(|s| created.tokens[s].as_ref().map(|t| format!("{s}={t}")))
                .collect();
            format!("/play/links?table={}&{}", created.id, seats.join("&"))
        }
    };
    let mut r = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(&to) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    Ok(r)
}

/// `/play/links?table=...&east=...`: a new practice table's links.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinksQuery {
    /// The table's id.
    table: String,
    /// Each person seat's token, as the table's creation answered it.
    east: Option<String>,
    south: Option<String>,
    west: Option<String>,
    north: Option<String>,
}

#[derive(Template)]
#[template(path = "play_links.html")]
struct LinksPage {
    /// Each person seat and its page.
    links: Vec<(&'static str, String)>,
    /// The table was set up from a position (its pages say so).
    set_up: bool,
}

/// The links of a practice table's person seats, for its creator to send
/// each person theirs (the page the script shows in place, without it).
/// It only writes back the links its own address holds.
#[utoipa::path(get, path = "/play/links", params(LinksQuery),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn links_page(State(app): State<Arc<AppState>>, Query(q): Query<LinksQuery>) -> PageResult {
    let id = jongg_store::LiveTableId::parse(&q.table)
        .ok_or_else(|| ApiError::not_found("no such table: a table's id is 16 hex digits"))?;
    let token_ok = |t: &String| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit());
    let links = [
        ("east", q.east),
        ("south", q.south),
        ("west", q.west),
        ("north", q.north),
    ]
    .into_iter()
    .filter_map(|(s, t)| {
        t.filter(token_ok)
            .map(|t| (s, format!("/play/{id}?seat={s}&token={t}")))
    })
    .collect();
    let set_up = app.tables.set_up_from_position(&id).await;
    html(&LinksPage { links, set_up })
}

/// `/play/{id}`: a live table.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct AtTable {
    /// The table's id, as its creation answered.
    id: String,
}

/// The longest table id a page accepts.
const MOST_ID_CHARS: usize = 64;

/// A table id as the page may write it into the document: letters, digits,
/// `-` and `_` only; anything else is no table of ours.
fn checked_id(id: &str) -> Result<&str, ApiError> {
    let fine = !id.is_empty()
        && id.len() <= MOST_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(id)
    } else {
        Err(ApiError::not_found(format!(
            "no table has the id {:?}: a table's id is letters, digits, - and _ (at most {MOST_ID_CHARS})",
            id.chars().take(MOST_ID_CHARS).collect::<String>()
        )))
    }
}

#[derive(Template)]
#[template(path = "play.html")]
struct TablePage {
    id: String,
    /// A spectator's page: no rack, no moves, the chat read-only.
    watch: bool,
    /// The table was set up from a position: the page says its wall was not drawn.
    set_up: bool,
    /// A tournament's game: which, who deals it and why (R12).
    game_line: Option<String>,
    /// The card the table plays by, in words; `None`: no such table.
    card_line: Option<String>,
    /// What a wrong call of a hand dead costs the caller under the table's
    /// rules (R5), for the confirmation before the call.
    false_dead: String,
    /// What the rules remind every table of, each with its rule
    /// (`[[reminders]]`, as the score page shows them).
    reminders: Vec<(String, String)>,
}

impl TablePage {
    async fn of(app: &AppState, id: String, watch: bool) -> TablePage {
        let setup = match jongg_store::LiveTableId::parse(&id) {
            Some(table) => app.tables.setup_of(&table).await,
            None => None,
        };
        let rules = setup.as_ref().map_or("standard", |s| s.rules.as_str());
        TablePage {
            id,
            watch,
            set_up: setup.as_ref().is_some_and(|s| s.position.is_some()),
            game_line: setup.as_ref().and_then(game_line),
            card_line: setup.as_ref().map(card_line),
            false_dead: false_dead_words(rules),
            reminders: jongg_rules::Preset::builtin(rules).map_or_else(Vec::new, |p| {
                p.reminders
                    .into_iter()
                    .map(|r| (r.text, r.source))
                    .collect()
            }),
        }
    }
}

/// What a wrong call of another hand dead costs the caller, under the
/// preset `rules` (R5): the caller's own hand dead (standard 14F and most
/// texts), or a charge and play on (mahjong-mania-2026 rule 13).
fn false_dead_words(rules: &str) -> String {
    let Some(p) = jongg_rules::Preset::builtin(rules) else {
        return String::new();
    };
    let call = &p.false_dead_call;
    if call.makes_dead {
        format!(
            "If the hand is not dead, your own hand is dead instead and scores 0 for the game ({}).",
            call.penalty.source
        )
    } else {
        format!(
            "If the hand is not dead, you are charged {} points and play on ({}).",
            call.penalty.points, call.penalty.source
        )
    }
}

/// A preset's title, as the director's form names it ("Mahjong Mania
/// 2026", not `mahjong-mania-2026`); a name that is no preset, as it is.
pub(crate) fn rules_title(name: &str) -> String {
    jongg_rules::Preset::builtin(name).map_or_else(|| name.to_string(), |p| p.title)
}

/// The card a table plays by, as its page names it.
fn card_line(setup: &crate::state::tables::TableSetupDoc) -> String {
    match &setup.card_text {
        Some(_) => format!("The card: “{}”.", setup.card),
        None => "The card: jongg's practice card (not the League's card).".to_string(),
    }
}

/// "Round 2, table 3, game 4: South deals (won the roll for East: ...)".
fn game_line(setup: &crate::state::tables::TableSetupDoc) -> Option<String> {
    let g = setup.round?;
    let dealer = setup.dealer.unwrap_or(Seat::East);
    let mut line = format!(
        "Round {}, table {}, game {}: {} deals",
        g.round,
        g.table,
        g.game,
        seat_name(dealer)
    );
    if let Some(throws) = &setup.east_roll {
        let rounds: Vec<String> = throws
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|(s, d)| format!("{} {}+{}", seat_name(*s), d[0], d[1]))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        line.push_str(&format!(
            ", who won the roll for East ({}; standard 3A)",
            rounds.join("; then ")
        ));
    } else {
        line.push_str(" (the deal passes to the right after each game, R12)");
    }
    line.push('.');
    Some(line)
}

/// A seat at a live table: `?seat=east&token=...` from the table's link.
/// The page itself holds no secret: the script reads the token from the
/// address and says hello with it over the WebSocket.
#[utoipa::path(get, path = "/play/{id}", params(AtTable),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn table_page(
    State(app): State<Arc<AppState>>,
    Params(AtTable { id }): Params<AtTable>,
) -> PageResult {
    let id = checked_id(&id)?.to_string();
    html(&TablePage::of(&app, id, false).await)
}

/// `/play/{id}/watch`: a spectator's page. The same script in its spectator
/// mode: the public view over the table's WebSocket (a `watch`, no token),
/// every rack at the end, who is at each seat, the chat to read.
#[utoipa::path(get, path = "/play/{id}/watch", params(AtTable),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn watch_page(
    State(app): State<Arc<AppState>>,
    Params(AtTable { id }): Params<AtTable>,
) -> PageResult {
    let id = checked_id(&id)?.to_string();
    html(&TablePage::of(&app, id, true).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R5: each preset's own consequence of a wrong dead call, in the
    /// words the page asks before the call (mahjong-mania-2026 rule 13:
    /// charged and plays on; standard 14F: the caller is dead).
    #[test]
    fn a_wrong_dead_call_is_told_as_each_preset_rules_it_r5() {
        let mania = false_dead_words("mahjong-mania-2026");
        assert!(mania.contains("charged -10 points and play on"), "{mania}");
        assert!(mania.contains("mahjong-mania-2026 rule 13"), "{mania}");
        let standard = false_dead_words("standard");
        assert!(
            standard.contains("your own hand is dead instead"),
            "{standard}"
        );
        assert!(standard.contains("standard 14F"), "{standard}");
        for p in jongg_rules::PRESET_NAMES {
            assert!(!false_dead_words(p).is_empty(), "{p}");
        }
    }

    #[test]
    fn a_table_id_of_letters_digits_and_dashes_is_taken() {
        assert_eq!(checked_id("t-12_ab").ok(), Some("t-12_ab"));
        assert!(checked_id(&"a".repeat(MOST_ID_CHARS)).is_ok());
    }

    #[test]
    fn a_table_id_that_could_break_the_page_is_refused_in_words() {
        for bad in [
            "",
            "a b",
            "<x>",
            "a\"b",
            "../x",
            &"a".repeat(MOST_ID_CHARS + 1),
        ] {
            let e = checked_id(bad).unwrap_err();
            assert!(
                e.message.contains("letters, digits"),
                "{bad}: {}",
                e.message
            );
        }
    }

    #[test]
    fn the_start_page_offers_every_preset_and_every_strength() {
        let page = StartPage::new(false).render().unwrap();
        for p in jongg_rules::PRESET_NAMES {
            assert!(page.contains(&format!("value=\"{p}\"")), "{p}");
        }
        for (s, _) in STRENGTHS {
            assert!(page.contains(&format!("value=\"{s}\"")), "{s}");
        }
        // Issue 24: the stand-in's strength, medium unless changed.
        assert!(page.contains("name=\"stand_in\""), "{page}");
        assert!(
            page.contains("<option value=\"medium\" selected>Medium"),
            "{page}"
        );
        // A practice table may start from a position; a room may not.
        assert!(page.contains("name=\"position\""), "{page}");
        let room = StartPage::new(true).render().unwrap();
        assert!(!room.contains("name=\"position\""), "{room}");
        // Chat and spectators are the creator's to set, at either table.
        for page in [&page, &room] {
            assert!(
                page.contains("<select id=\"chat\" name=\"chat\">"),
                "{page}"
            );
            assert!(page.contains("name=\"spectators\""), "{page}");
            assert!(page.contains("max=\"50\" value=\"50\""), "{page}");
        }
    }

    #[test]
    fn the_table_page_names_its_socket_and_loads_its_script() {
        let page = TablePage {
            id: "abc".into(),
            watch: false,
            set_up: false,
            game_line: None,
            card_line: None,
            false_dead: String::new(),
            reminders: Vec::new(),
        }
        .render()
        .unwrap();
        assert!(
            page.contains("data-ws=\"/api/play/tables/abc/ws\""),
            "{page}"
        );
        assert!(page.contains("/assets/play.js"));
        assert!(page.contains("/assets/play.css"));
        // The end-of-game screen's next step: the replay, and the log.
        assert!(page.contains("href=\"/play/abc/replay\""), "{page}");
        assert!(page.contains("href=\"/play/abc/log.jsonl\""), "{page}");
        assert!(page.contains("id=\"rack\"") && !page.contains("data-watch"));
        assert!(!page.contains("Set up from a position"));
        assert!(page.contains("id=\"chat-form\""));
    }

    #[test]
    fn the_watch_page_is_the_same_script_in_its_spectator_mode_without_a_rack() {
        let page = TablePage {
            id: "abc".into(),
            watch: true,
            set_up: true,
            game_line: None,
            card_line: None,
            false_dead: String::new(),
            reminders: Vec::new(),
        }
        .render()
        .unwrap();
        assert!(page.contains("data-watch=\"1\""), "{page}");
        assert!(page.contains("/assets/play.js"));
        assert!(!page.contains("id=\"rack\""));
        assert!(page.contains("only the players write"));
        // A set-up table says so on every page (issue 23: a position's table).
        assert!(page.contains("Set up from a position: this wall was not drawn."));
    }
}
