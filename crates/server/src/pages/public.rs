//! The public pages: the list of tournaments, live standings that refresh
//! themselves, the projector view (round clock, standings, seating) and each
//! player's page (tables, seats, scores game by game).

use super::clock::{ClockView, current_clock};
use super::{PageResult, html, name_of, seat_name, who};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::{InPlayer, InTournament};
use crate::edge::route::{Route, route};
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_tournament::{PlayerNo, RoundState, Tournament};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(index)),
        route(Access::Public, routes!(standings)),
        route(Access::Public, routes!(projector)),
        route(Access::Public, routes!(player)),
    ]
}

#[derive(Template)]
#[template(path = "index.html")]
struct Index {
    tournaments: Vec<(i64, String, usize)>,
}

/// The tournaments.
#[utoipa::path(get, path = "/", responses((status = OK, description = "The page", content_type = "text/html")))]
async fn index(State(app): State<Arc<AppState>>) -> PageResult {
    let tournaments = app
        .tournaments
        .ids()
        .into_iter()
        .filter_map(|id| {
            let slot = app.tournaments.get(id).ok()?;
            Some(slot.read(|t| (id, name_of(t), t.players().count())))
        })
        .collect();
    html(&Index { tournaments })
}

pub(super) struct Row {
    pub rank: u32,
    pub number: u32,
    pub name: String,
    pub club: String,
    pub points: i64,
    pub mah_jonggs: u32,
    pub best: String,
    pub games: u32,
    pub rounds: Vec<i64>,
    /// "withdrawn" or "disqualified (...)"; empty while playing (issue 20.8).
    pub standing: &'static str,
    /// Penalties outside the games, already in `points` (standard 2C).
    pub penalties: i64,
    /// Counts games entered but not yet accepted (live standings, issue 13.9).
    pub provisional: bool,
    /// The accepted points alone, when provisional.
    pub official: i64,
}

/// The official standings' rows: accepted sheets only (standard 26).
pub(super) fn rows(t: &Tournament) -> Vec<Row> {
    rows_of(t.standings())
}

/// The live standings' rows: games entered but not accepted count, each
/// such row marked provisional (issue 13.9).
pub(super) fn live_rows(t: &Tournament) -> Vec<Row> {
    rows_of(t.live_standings())
}

fn rows_of(s: jongg_tournament::Standings) -> Vec<Row> {
    s.rows
        .into_iter()
        .map(|r| Row {
            provisional: r.provisional(),
            official: r.official_points(),
            rank: r.rank,
            number: r.player.0,
            name: r.name,
            club: r.club.unwrap_or_default(),
            points: r.points,
            mah_jonggs: r.mah_jonggs,
            best: r.best_game.map(|b| b.to_string()).unwrap_or_default(),
            games: r.games,
            rounds: r.rounds,
            standing: match super::status_of(r.status, r.disqualified) {
                "playing" | "not arrived" => "",
                word => word,
            },
            penalties: r.penalties,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "standings.html")]
struct Standings {
    id: i64,
    name: String,
    status: String,
    clock: Option<ClockView>,
    round_count: usize,
    rows: Vec<Row>,
    /// Whether any row counts a game not yet accepted.
    provisional: bool,
    /// Whether any player has a penalty outside the games: a column then.
    penalties: bool,
}

fn status_of(t: &Tournament) -> String {
    let total = t.settings().map_or(0, |s| s.rounds.0);
    match t.rounds().last() {
        None => "Not started yet".into(),
        Some(r) => match r.state {
            RoundState::Seated => format!("Round {} of {total} is seated", r.seating.round),
            RoundState::Started { .. } => format!("Round {} of {total} under way", r.seating.round),
            RoundState::Closed { .. } if r.seating.round.0 >= total => "Final standings".into(),
            RoundState::Closed { .. } => format!("After round {} of {total}", r.seating.round),
        },
    }
}

/// Live standings (they refresh themselves).
#[utoipa::path(get, path = "/t/{id}", params(InTournament), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn standings(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let page = app.tournaments.get(id)?.read(|t| {
        let rows = live_rows(t);
        Standings {
            id,
            name: name_of(t),
            status: status_of(t),
            clock: current_clock(t, jongg_store::now_millis()),
            round_count: t.rounds().len(),
            provisional: rows.iter().any(|r| r.provisional),
            penalties: rows.iter().any(|r| r.penalties != 0),
            rows,
        }
    });
    html(&page)
}

struct SeatingView {
    round: u8,
    tables: Vec<(u16, Vec<(String, String)>)>,
}

/// The seating to show on the projector: the round seated and not started,
/// or else the round under way.
fn seating_view(t: &Tournament) -> Option<SeatingView> {
    let r = t
        .rounds()
        .iter()
        .rev()
        .find(|r| !matches!(r.state, RoundState::Closed { .. }))?;
    Some(SeatingView {
        round: r.seating.round.0,
        tables: r
            .seating
            .tables
            .iter()
            .map(|ts| {
                (
                    ts.table.0,
                    ts.seats
                        .iter()
                        .map(|(s, p)| (seat_name(s).to_string(), who(t, *p)))
                        .collect(),
                )
            })
            .collect(),
    })
}

#[derive(Template)]
#[template(path = "projector.html")]
struct Projector {
    id: i64,
    name: String,
    status: String,
    clock: Option<ClockView>,
    rows: Vec<Row>,
    provisional: bool,
    seating: Option<SeatingView>,
    /// Seconds a page shows, and columns (1 or 2; 0: as the screen's width allows).
    seconds: u16,
    columns: u8,
    /// The last event's seq, for the change feed.
    seq: u64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ProjectorQuery {
    /// Seconds each page shows (3 to 600; 12 if not given).
    seconds: Option<u16>,
    /// 1 or 2 columns a page (if not given: two on a wide screen).
    columns: Option<u8>,
}

/// The projector: round clock, standings, the next seating.
#[utoipa::path(get, path = "/t/{id}/projector", params(InTournament, ProjectorQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn projector(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<ProjectorQuery>,
) -> PageResult {
    let page = app.tournaments.get(id)?.read(|t| {
        let rows = live_rows(t);
        Projector {
            id,
            name: name_of(t),
            status: status_of(t),
            clock: current_clock(t, jongg_store::now_millis()),
            provisional: rows.iter().any(|r| r.provisional),
            rows,
            seating: seating_view(t),
            seconds: q.seconds.unwrap_or(12).clamp(3, 600),
            columns: q.columns.filter(|c| matches!(c, 1 | 2)).unwrap_or(0),
            seq: t.log().len() as u64,
        }
    });
    html(&page)
}

struct RoundLine {
    round: u8,
    place: String,
    games: Vec<String>,
    total: i64,
    counted: bool,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    id: i64,
    tname: String,
    number: u32,
    name: String,
    club: String,
    status: &'static str,
    rank: String,
    points: i64,
    /// Points of penalties outside the games, already in `points`
    /// (standard 2C): said beside them.
    penalties: i64,
    rounds: Vec<RoundLine>,
}

fn player_page(
    t: &Tournament,
    id: i64,
    n: PlayerNo,
) -> Result<PlayerPage, jongg_tournament::DomainError> {
    let p = t.player(n)?;
    let record = t.player_record(n)?;
    let standings = t.standings();
    let row = standings.rows.iter().find(|r| r.player == n);
    let mut rounds = Vec::new();
    for r in t.rounds() {
        let no = r.seating.round;
        let place = match r.seating.place_of(n) {
            Some((table, seat)) => format!("Table {table}, {}", seat_name(seat)),
            None => match r.seating.sit_outs.iter().find(|s| s.player == n) {
                Some(s) => format!("Sits out ({} points)", s.points),
                None => "Not playing".into(),
            },
        };
        let lines: Vec<_> = record.games.iter().filter(|g| g.round == no).collect();
        let games = lines
            .iter()
            .map(|g| match g.points {
                // A bot played the seat: its points are no one's (issue 23.7).
                Some(p) if g.bot => format!("a bot played ({p:+}, counts for no one)"),
                Some(p) => format!("{p:+}{}", if g.mah_jongg { " MJ" } else { "" }),
                None => "—".into(),
            })
            .collect();
        let sit = record
            .sit_outs
            .iter()
            .filter(|(r, _)| *r == no)
            .map(|(_, p)| i64::from(*p))
            .sum::<i64>();
        let total = lines
            .iter()
            .filter(|g| !g.bot)
            .filter_map(|g| g.points.map(i64::from))
            .sum::<i64>()
            + sit;
        rounds.push(RoundLine {
            round: no.0,
            place,
            games,
            total,
            counted: lines.iter().all(|g| g.accepted),
        });
    }
    Ok(PlayerPage {
        id,
        tname: name_of(t),
        number: n.0,
        name: p.name.clone(),
        club: p.club.clone().unwrap_or_default(),
        status: super::status_word(t, p),
        rank: row.map(|r| r.rank.to_string()).unwrap_or_default(),
        points: row.map_or(0, |r| r.points),
        penalties: row.map_or(0, |r| r.penalties),
        rounds,
    })
}

/// A player's rounds: table, seat, scores by game.
#[utoipa::path(get, path = "/t/{id}/players/{n}", params(InPlayer), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn player(
    State(app): State<Arc<AppState>>,
    Params(InPlayer { id, n }): Params<InPlayer>,
) -> PageResult {
    let page = app
        .tournaments
        .get(id)?
        .read(|t| player_page(t, id, PlayerNo(n)))?;
    html(&page)
}
