//! The director's pages: login and setup, the list of tournaments with the
//! form to create one, a tournament's dashboard (players, rounds, tables,
//! warnings), the audit log, and the CSV upload of players.

use super::{PageResult, html, name_of, preset_of};
use crate::body::Body;
use crate::body::pages::CsvText;
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InRound, InTournament};
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use axum::response::IntoResponse;
use axum::response::Response;
use jongg_store::SetupToken;
use jongg_tournament::{
    Actor, Command, OddPlayers, PlayerStatus, RoundState, SeatingMethod, TieBreak, Tournament,
};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(login)),
        route(Access::Public, routes!(setup)),
        route(Access::Director, routes!(home)),
        route(Access::Director, routes!(players_page)),
        route(Access::Director, routes!(settings_page)),
        route(Access::Director, routes!(seating_page)),
        route(Access::Director, routes!(upload_players)).form(|s| {
            let n = s.answer("registered");
            format!("{n} player{} uploaded", if n == "1" { "" } else { "s" })
        }),
        route(Access::Director, routes!(upload_seating))
            .form(|s| format!("Round {} seated from the list", s.param("r"))),
    ]
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct NextQuery {
    /// Where to go after the login (a path of this server).
    next: Option<String>,
}

#[derive(Template)]
#[template(path = "login.html")]
struct Login {
    next: String,
    /// What went wrong with a login sent without a script.
    error: Option<String>,
}

/// Where to go after a login: only a path on this server as a browser reads
/// it ([`crate::local_path`]), never an address elsewhere; the director's
/// home otherwise.
pub(crate) fn safe_next(next: Option<String>) -> String {
    next.and_then(|n| crate::http::local_path::local_path(&n))
        .unwrap_or_else(|| "/director".into())
}

/// The login page, with what went wrong with the last attempt.
pub(crate) fn login_page(next: String, error: Option<String>) -> Response {
    match html(&Login { next, error }) {
        Ok(r) => r,
        Err(e) => e.into_response(),
    }
}

/// The director's login, then back to `next`.
#[utoipa::path(get, path = "/login", params(NextQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn login(Query(q): Query<NextQuery>) -> PageResult {
    Ok(login_page(safe_next(q.next), None))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the link `jongg serve` printed.
    token: Option<String>,
}

#[derive(Template)]
#[template(path = "setup.html")]
struct Setup {
    token: String,
    /// "live" (the form), "used", "unknown" or "set" (a password exists).
    state: &'static str,
    /// When a used link was used.
    used_at: String,
}

/// The setup link: the form while it is live, else what happened to it and
/// what to do (log in, or `jongg director reset-password`).
#[utoipa::path(get, path = "/setup", params(TokenQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn setup(State(app): State<Arc<AppState>>, Query(q): Query<TokenQuery>) -> PageResult {
    let Some(token) = q.token.filter(|t| !t.is_empty()) else {
        return Err(ApiError::bad_request(
            "this setup link has no token: open the link `jongg serve` printed when it started",
        )
        .into());
    };
    let store = app.tournaments.store();
    let (state, used_at) = match store
        .setup_token_state(&token)
        .await
        .map_err(ApiError::from)?
    {
        SetupToken::Used { at } => ("used", crate::state::time::date_time(at)),
        _ if store.has_director().await.map_err(ApiError::from)? => ("set", String::new()),
        SetupToken::Unknown => ("unknown", String::new()),
        SetupToken::Live => ("live", String::new()),
    };
    html(&Setup {
        token,
        state,
        used_at,
    })
}

pub(super) struct PresetView {
    pub name: String,
    pub title: String,
    pub summary: String,
}

#[derive(Template)]
#[template(path = "director_home.html")]
struct Home {
    tournaments: Vec<(i64, String)>,
    /// Stored tournaments that do not read back: id and why (issue 19.2).
    broken: Vec<(i64, String)>,
    /// Rooms of the lobby that do not read back: id and why (issue 34.5).
    rooms_aside: Vec<(String, String)>,
    presets: Vec<PresetView>,
    hall: Option<crate::http::hall::HallNotice>,
}

/// The director's tournaments, and the form to create one.
#[utoipa::path(get, path = "/director", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn home(State(app): State<Arc<AppState>>) -> PageResult {
    let tournaments = app
        .tournaments
        .ids()
        .into_iter()
        .filter_map(|id| Some((id, app.tournaments.get(id).ok()?.read(name_of))))
        .collect();
    let presets = jongg_rules::PRESET_NAMES
        .iter()
        .filter_map(|n| jongg_rules::Preset::builtin(n))
        .map(|p| PresetView {
            summary: p.summary(),
            title: p.title.clone(),
            name: p.name,
        })
        .collect();
    let broken = app
        .tournaments
        .broken()
        .into_iter()
        .map(|b| (b.id, b.why))
        .collect();
    html(&Home {
        tournaments,
        broken,
        rooms_aside: app.tables.rooms_set_aside(),
        presets,
        hall: app.hall_notice.clone(),
    })
}

#[derive(Clone)]
struct PlayerView {
    number: u32,
    name: String,
    club: String,
    status: &'static str,
    active: bool,
    late: bool,
}

/// The settings form, filled with the current settings (R15).
struct SettingsForm {
    name: String,
    /// One ISO date a line.
    dates: String,
    rounds: u8,
    games_per_round: u8,
    /// Games per round are fixed once round 1 has started.
    games_fixed: bool,
    round_minutes: u16,
    /// The event's time zone (an IANA name) and the zones suggested.
    time_zone: String,
    zones: &'static [&'static str],
    /// The tie-break orders offered: (JSON value, words, chosen).
    tie_breaks: Vec<(String, String, bool)>,
    three_player_tables: bool,
    sit_out_points: i32,
    /// Tables of three chosen under rules that seat four at every table
    /// (beth-emeth 1): the warning, said by the choice and with the
    /// movement warnings.
    odd_warning: Option<jongg_tournament::OddPlayersWarning>,
}

fn settings_form(t: &Tournament) -> SettingsForm {
    use TieBreak::{BestGame, MahJonggs, Points};
    let s = t.settings();
    let current = s.map(|s| s.tie_breaks.clone()).unwrap_or_default();
    let mut orders = vec![
        vec![Points, MahJonggs, BestGame],
        vec![Points, BestGame, MahJonggs],
        vec![Points, MahJonggs],
        vec![Points, BestGame],
        vec![Points],
    ];
    if !orders.contains(&current) && !current.is_empty() {
        orders.insert(0, current.clone());
    }
    let tie_breaks = orders
        .into_iter()
        .map(|o| {
            let chosen = o == current;
            (
                serde_json::to_string(&o).unwrap_or_default(),
                super::ranking_order(&o),
                chosen,
            )
        })
        .collect();
    let (three, sit_out) = match s.map(|s| s.odd_players) {
        Some(OddPlayers::SitOut { points }) => (false, points),
        _ => (true, 0),
    };
    SettingsForm {
        odd_warning: t.odd_players_warning(),
        name: s.map_or_else(String::new, |s| s.name.clone()),
        dates: s.map_or_else(String::new, |s| s.dates.join("\n")),
        rounds: s.map_or(4, |s| s.rounds.0),
        games_per_round: s.map_or(4, |s| s.games_per_round.0),
        games_fixed: t.rounds_started().0 > 0,
        round_minutes: s.map_or(60, |s| s.round_minutes),
        time_zone: s.map_or_else(|| "UTC".to_string(), |s| s.time_zone.clone()),
        zones: ZONES,
        tie_breaks,
        three_player_tables: three,
        sit_out_points: sit_out,
    }
}

#[derive(Template)]
#[template(path = "dashboard.html")]
struct Dashboard {
    id: i64,
    name: String,
    settings: String,
    form: SettingsForm,
    rules: String,
    players: Vec<PlayerView>,
    /// The players page's list: the search's, a page at a time (issue 20.4).
    shown: Vec<PlayerView>,
    pager: super::paging::Pager,
    /// The search (a number or part of a name).
    q: String,
    warnings: Vec<String>,
    /// Which page: "players", "settings" or "seating".
    tab: &'static str,
    reseats: Vec<super::control::ReseatView>,
    /// Whether a round can be seated now (round 1, or after the last one closed).
    seat_next: bool,
    /// That round, the one before it, and a draw number for a random seating.
    next: u8,
    prev: u8,
    seed: u64,
    movement_ok: bool,
    /// While no phone can open this server: the problem and its fix.
    hall: Option<crate::http::hall::HallNotice>,
    /// The computed seating offered or adopted (14.8; schedule_offer.html).
    schedule: Option<super::schedule::ScheduleView>,
    /// The next round has an adopted computed seating.
    scheduled_next: bool,
    /// Standard 2B: this event's disqualified, "Name (#12)", to keep for
    /// later events; the list pasted to check the players against, and the
    /// players found on it (`None`: nothing pasted).
    not_invited_again: Vec<String>,
    not_invited_pasted: String,
    not_invited_found: Option<Vec<String>>,
}

/// The players page: `done`, and a pasted "not invited" list to check
/// the registered players against (standard 2B).
/// The longest "not invited" list the page checks.
const MAX_NOT_INVITED: usize = 20_000;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct FlashQuery {
    /// What was just done, said at the top (the guard writes it in: `forms.rs`).
    #[allow(dead_code)]
    done: Option<String>,
}

fn dashboard_of(id: i64, t: &Tournament) -> Dashboard {
    let settings = t.settings().map_or_else(String::new, |s| {
        format!(
            "{} rounds of {} games, {} minutes a round{}",
            s.rounds,
            s.games_per_round,
            s.round_minutes,
            if s.dates.is_empty() {
                String::new()
            } else {
                format!("; {}", s.dates.join(", "))
            }
        )
    });
    let players = t
        .players()
        .map(|p| PlayerView {
            number: p.number.0,
            name: p.name.clone(),
            club: p.club.clone().unwrap_or_default(),
            status: super::status_word(t, p),
            active: p.status == PlayerStatus::Active,
            late: p.status == PlayerStatus::Late,
        })
        .collect();
    let last_closed = t
        .rounds()
        .last()
        .is_none_or(|r| matches!(r.state, RoundState::Closed { .. }));
    let total = t.settings().map_or(0, |s| s.rounds.0);
    // Rounds are seated in order: the last one's number is their count.
    let n = t.rounds().last().map_or(0, |r| r.seating.round.0);
    let seat_next = last_closed && n < total;
    let next = n.saturating_add(1);
    let warnings = super::repeat_meetings(t);
    Dashboard {
        id,
        name: name_of(t),
        settings,
        form: settings_form(t),
        rules: preset_of(t).map_or_else(String::new, |p| p.summary()),
        players,
        shown: Vec::new(),
        pager: super::paging::Pager::new(0, None, String::new()),
        q: String::new(),
        movement_ok: !t.rounds().is_empty(),
        warnings,
        tab: "players",
        reseats: super::control::reseat_views(t),
        seat_next,
        next,
        prev: n,
        seed: id.unsigned_abs() * 1000 + u64::from(next),
        hall: None,
        schedule: None,
        scheduled_next: t.scheduled(jongg_tournament::RoundNo(next)).is_some(),
        not_invited_again: t.not_invited_again(),
        not_invited_pasted: String::new(),
        not_invited_found: None,
    }
}

/// `?q=` and `?page=`: which players the players page lists.
#[derive(Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PlayersQuery {
    /// What was just done, said at the top (the guard writes it in: `forms.rs`).
    #[allow(dead_code)]
    done: Option<String>,
    /// Only the players with this number (`17`, `#17`) or this in their name.
    q: Option<String>,
    /// Which page of the list, from 1 (50 players a page).
    page: Option<String>,
    /// Names not invited again, one a line (earlier events' lists).
    not_invited: Option<String>,
}

/// The players the search keeps: a number is that player, else a part of
/// the name (as round control's search reads it).
fn players_found(all: &[PlayerView], q: &str) -> Vec<PlayerView> {
    let q = q.trim().trim_start_matches('#').trim();
    if q.is_empty() {
        return all.to_vec();
    }
    let number: Option<u32> = q.parse().ok();
    let typed = super::search::folded(q);
    all.iter()
        .filter(|p| match number {
            Some(n) => p.number == n,
            None => super::search::name_has(&p.name, &typed),
        })
        .cloned()
        .collect()
}

/// One of the director's long-form pages of a tournament.
async fn forms_page(app: &AppState, id: i64, tab: &'static str, list: PlayersQuery) -> PageResult {
    let mut d = app.tournaments.get(id)?.read(|t| dashboard_of(id, t));
    d.hall = app.hall_notice.clone();
    d.tab = tab;
    if tab == "players" {
        d.q = list.q.unwrap_or_default().trim().to_string();
        let found = players_found(&d.players, &d.q);
        let base = format!(
            "/director/t/{id}/players?{}page=",
            super::paging::query_part("q", &d.q)
        );
        d.pager = super::paging::Pager::new(found.len(), list.page.as_deref(), base);
        d.shown = found[d.pager.range()].to_vec();
        // An earlier event's list of players not invited again (standard 2B).
        if let Some(pasted) = list.not_invited.filter(|l| !l.trim().is_empty()) {
            let pasted: String = pasted.chars().take(MAX_NOT_INVITED).collect();
            d.not_invited_found = Some(app.tournaments.get(id)?.read(|t| {
                t.not_invited_matches(&pasted)
                    .into_iter()
                    .map(|(n, line)| {
                        format!(
                            "{} is on the list (\u{201c}{line}\u{201d})",
                            super::who(t, Some(n))
                        )
                    })
                    .collect()
            }));
            d.not_invited_pasted = pasted;
        }
    }
    // The computed seating is searched for the seating page only (14.8).
    if tab == "seating" {
        d.schedule = super::schedule::view(app, id).await;
    }
    html(&d)
}

/// The players: who is playing, registering, substitutes, a CSV list;
/// withdrawals and arrivals, with what a re-seating moved.
#[utoipa::path(get, path = "/director/t/{id}/players", params(InTournament, PlayersQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn players_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(list): Query<PlayersQuery>,
) -> PageResult {
    forms_page(&app, id, "players", list).await
}

/// The settings and the rules in plain language (R15).
#[utoipa::path(get, path = "/director/t/{id}/settings", params(InTournament, FlashQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn settings_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(_): Query<FlashQuery>,
) -> PageResult {
    forms_page(&app, id, "settings", PlayersQuery::default()).await
}

/// Seating the next round: by the rules' movement, a draw, by number, or
/// a pasted seating; the movement warnings (R13).
#[utoipa::path(get, path = "/director/t/{id}/seating", params(InTournament, FlashQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn seating_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(_): Query<FlashQuery>,
) -> PageResult {
    forms_page(&app, id, "seating", PlayersQuery::default()).await
}

/// The time zones the settings page suggests (any IANA name is taken).
const ZONES: &[&str] = &[
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
    "America/Toronto",
    "Europe/London",
    "UTC",
];

/// Registers every player of a CSV list, all or none: the list is tried on
/// a copy of the tournament first, so a bad line changes nothing.
#[utoipa::path(post, path = "/director/t/{id}/players.csv", params(InTournament), request_body = CsvText,
    responses((status = OK, description = "How many were registered", body = Object)))]
async fn upload_players(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Body(CsvText { csv }): Body<CsvText>,
) -> Result<axum::response::Response, ApiError> {
    let (rows, mut faults) = super::csv::player_list(&csv).map_err(ApiError::unprocessable)?;
    let commands: Vec<(u64, Command)> = rows
        .into_iter()
        .map(|p| {
            let command = Command::RegisterPlayer {
                number: p.number,
                name: p.name,
                club: p.club,
                late: p.late,
            };
            (p.line, command)
        })
        .collect();
    // Every line the tournament would refuse (a name too long, a number
    // taken, by an earlier line too), tried on a copy: all are named.
    let now = jongg_store::now_millis();
    app.tournaments.get(id)?.read(|t| {
        let mut trial = t.clone();
        for (line, c) in &commands {
            if let Err(e) = trial.execute(Actor::Director, c.clone(), now) {
                faults.push((*line, format!("line {line}: {e}")));
            }
        }
    });
    faults.sort_by_key(|(line, _)| *line);
    if !faults.is_empty() {
        let said: Vec<String> = faults.into_iter().map(|(_, f)| f).collect();
        return Err(ApiError::unprocessable(format!(
            "{}; nobody was registered",
            super::csv::faults_message(&said)
        )));
    }
    let lines: Vec<u64> = commands.iter().map(|(l, _)| *l).collect();
    let commands: Vec<Command> = commands.into_iter().map(|(_, c)| c).collect();
    // All in one: decided together, stored in one transaction, or none.
    let n = commands.len();
    app.tournaments
        .execute_all(id, Actor::Director, commands)
        .await
        .map_err(|(i, e)| {
            // The list as a whole cannot be taken: 422, whatever the line.
            if e.status.is_client_error() {
                let line = lines.get(i).copied().unwrap_or(0);
                ApiError::unprocessable(format!(
                    "line {line}: {}; nobody was registered",
                    e.message
                ))
            } else {
                e
            }
        })?;
    Ok(axum::Json(json!({ "registered": n })).into_response())
}

/// A seating pasted as CSV (`table,east,south,west,north`, `sit out,...`):
/// the round is seated with it, as the tournament checks it (everyone
/// playing seated once), or nothing changes.
#[utoipa::path(post, path = "/director/t/{id}/r/{r}/seating.csv", params(InRound), request_body = CsvText,
    responses((status = OK, description = "The events recorded", body = Object)))]
async fn upload_seating(
    State(app): State<Arc<AppState>>,
    Params(InRound { id, r: round }): Params<InRound>,
    Body(CsvText { csv }): Body<CsvText>,
) -> Result<axum::response::Response, ApiError> {
    let rows = super::csv::seating(&csv).map_err(ApiError::unprocessable)?;
    let command = Command::SeatRound {
        round,
        method: SeatingMethod::Imported {
            tables: rows.tables,
            sit_outs: rows.sit_outs,
        },
    };
    let events = app
        .tournaments
        .execute(id, Actor::Director, command)
        .await?;
    Ok(axum::Json(json!({ "events": events })).into_response())
}
