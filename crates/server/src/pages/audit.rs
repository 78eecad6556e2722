//! The audit log (issue 13.6): every change to a score sheet, in the event's
//! time zone, rows numbered from 1, filtered by round and table with a plain
//! GET form (no script needed); and the same rows as CSV, with the local
//! time and the time in UTC.

use super::{PageResult, download, html, name_of, seat_name};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_tournament::{AuditAction, AuditEntry, GameEntry, Tournament};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(audit)),
        route(Access::Director, routes!(audit_csv)),
    ]
}

/// Which rows to show: a round, a table, or both; blank or anything that
/// is not a number shows them all (a filter never fails).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AuditFilter {
    /// Only this round's changes.
    round: Option<String>,
    /// Only this table's changes.
    table: Option<String>,
    /// Which page of the rows, from 1 (50 a page; the last, the newest, if
    /// not given; the page only, not the CSV).
    page: Option<String>,
}

impl AuditFilter {
    fn round(&self) -> Option<u8> {
        self.round.as_deref().and_then(|r| r.trim().parse().ok())
    }
    fn table(&self) -> Option<u16> {
        self.table.as_deref().and_then(|t| t.trim().parse().ok())
    }
    fn keeps(&self, a: &AuditEntry) -> bool {
        self.round().is_none_or(|r| a.round.0 == r) && self.table().is_none_or(|t| a.table.0 == t)
    }
}

pub(crate) struct AuditRow {
    /// The row's number on the page, from 1.
    no: usize,
    at: String,
    utc: String,
    who: String,
    round: u8,
    table: u16,
    action: &'static str,
    game: String,
    seat: String,
    before: String,
    after: String,
    reason: String,
    /// The source of the ruling that made the change (shown in a citation).
    cite: String,
}

#[derive(Template)]
#[template(path = "audit.html")]
struct Audit {
    id: i64,
    name: String,
    time_zone: String,
    rows: Vec<AuditRow>,
    /// The filter as asked, for the form and the CSV link.
    round: String,
    table: String,
    rounds: Vec<u8>,
    tables: Vec<u16>,
    /// How many changes there are in all.
    total: usize,
    /// The rows the filter keeps (the CSV's), and the page of them shown.
    kept: usize,
    pager: super::paging::Pager,
    clock_rows: Vec<super::clock::ClockRow>,
    /// The rulings on calls the filter keeps (issue 20.7).
    rulings: Vec<crate::body::rulings::RulingView>,
}

impl Audit {
    fn filtered(&self) -> bool {
        !self.round.is_empty() || !self.table.is_empty()
    }
    /// The filter as an address's query, ending in `&` (or empty).
    fn filter_query(round: &str, table: &str) -> String {
        super::paging::query_part("round", round) + &super::paging::query_part("table", table)
    }
    fn csv_query(&self) -> String {
        let mut q = Vec::new();
        if !self.round.is_empty() {
            q.push(format!("round={}", self.round));
        }
        if !self.table.is_empty() {
            q.push(format!("table={}", self.table));
        }
        if q.is_empty() {
            String::new()
        } else {
            format!("?{}", q.join("&"))
        }
    }
}

/// The event's time zone name (UTC when it names none).
pub(crate) fn zone_name(t: &Tournament) -> String {
    t.settings()
        .map_or_else(|| "UTC".to_string(), |s| s.time_zone.clone())
}

fn points_text(e: Option<&GameEntry>) -> String {
    e.map_or_else(String::new, |g| {
        g.points
            .iter()
            .map(|(s, p)| format!("{} {p:+}", seat_name(s)))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

fn action_words(a: AuditAction) -> &'static str {
    match a {
        AuditAction::Entered => "entered",
        AuditAction::Signed => "signed",
        AuditAction::Accepted => "accepted",
        AuditAction::Amended => "amended",
        AuditAction::EastRerolled => "rolled again for East",
    }
}

/// The rows the filter keeps, numbered from 1, times in the event's zone.
/// Who made the change and, for a signature, how: the device it came from
/// or the player's personal code, so one phone signing for four shows
/// (issue 14.6).
fn who(a: &AuditEntry) -> String {
    match a.device.as_deref() {
        Some(jongg_tournament::PERSONAL_CODE) => {
            format!("{}, with the player's personal code", a.actor)
        }
        Some(device) => format!("{}, on {device}", a.actor),
        None => a.actor.to_string(),
    }
}

fn rows(t: &Tournament, filter: &AuditFilter) -> Vec<AuditRow> {
    let zone = crate::state::zone::zone(&zone_name(t));
    t.audit()
        .into_iter()
        .filter(|a| filter.keeps(a))
        .enumerate()
        .map(|(i, a)| AuditRow {
            no: i + 1,
            at: crate::state::zone::local(a.at, &zone),
            utc: crate::state::time::date_time(a.at),
            who: who(&a),
            round: a.round.0,
            table: a.table.0,
            action: action_words(a.action),
            game: a.game.map(|g| g.to_string()).unwrap_or_default(),
            seat: a.seat.map(|s| seat_name(s).to_string()).unwrap_or_default(),
            before: points_text(a.before.as_ref()),
            after: points_text(a.after.as_ref()),
            reason: a.reason.unwrap_or_default(),
            cite: a.cite.unwrap_or_default(),
        })
        .collect()
}

/// Every sheet change: who, when, before, after, why.
#[utoipa::path(get, path = "/director/t/{id}/audit", params(InTournament, AuditFilter), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn audit(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(filter): Query<AuditFilter>,
) -> PageResult {
    let page = app.tournaments.get(id)?.read(|t| {
        let all = t.audit();
        let mut rounds: Vec<u8> = all.iter().map(|a| a.round.0).collect();
        rounds.sort_unstable();
        rounds.dedup();
        let mut tables: Vec<u16> = all.iter().map(|a| a.table.0).collect();
        tables.sort_unstable();
        tables.dedup();
        let mut kept = rows(t, &filter);
        let round = filter.round().map(|r| r.to_string()).unwrap_or_default();
        let table = filter.table().map(|t| t.to_string()).unwrap_or_default();
        let base = format!(
            "/director/t/{id}/audit?{}page=",
            Audit::filter_query(&round, &table)
        );
        let pager = super::paging::Pager::latest_first(kept.len(), filter.page.as_deref(), base);
        let count = kept.len();
        let shown: Vec<AuditRow> = kept.drain(pager.range()).collect();
        Audit {
            id,
            name: name_of(t),
            time_zone: zone_name(t),
            rows: shown,
            kept: count,
            pager,
            round,
            table,
            rounds,
            tables,
            total: all.len(),
            clock_rows: super::clock::clock_rows(t),
            rulings: crate::body::rulings::rulings(
                t,
                filter.round().map(jongg_tournament::RoundNo),
                filter.table().map(jongg_tournament::TableNo),
            ),
        }
    });
    html(&page)
}

/// The audit log as CSV, the page's rows (and filter): the time in the
/// event's zone and in UTC.
#[utoipa::path(get, path = "/director/t/{id}/audit.csv", params(InTournament, AuditFilter),
    responses((status = OK, description = "CSV", content_type = "text/csv")))]
async fn audit_csv(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(filter): Query<AuditFilter>,
) -> PageResult {
    let text = app
        .tournaments
        .get(id)?
        .read(|t| {
            let rows = rows(t, &filter);
            super::csv::audit(rows.iter().map(AuditRow::fields))
        })
        .map_err(ApiError::internal)?;
    Ok(download(
        "text/csv; charset=utf-8",
        "audit.csv",
        text.into_bytes(),
    ))
}

impl AuditRow {
    /// The CSV's fields, in the order of `csv::AUDIT_HEAD`.
    fn fields(&self) -> [String; 12] {
        [
            self.no.to_string(),
            self.at.clone(),
            self.utc.clone(),
            self.who.clone(),
            self.round.to_string(),
            self.table.to_string(),
            self.action.to_string(),
            self.game.clone(),
            self.seat.clone(),
            self.before.clone(),
            self.after.clone(),
            if self.cite.is_empty() {
                self.reason.clone()
            } else {
                format!("{} ({})", self.reason, self.cite)
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::Audit;

    #[test]
    fn the_page_links_keep_the_round_and_table_asked_for() {
        assert_eq!(Audit::filter_query("2", "13"), "round=2&table=13&");
        assert_eq!(Audit::filter_query("", "13"), "table=13&");
        assert_eq!(Audit::filter_query("", ""), "");
    }
}
