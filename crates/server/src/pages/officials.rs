//! The director's page of floor officials (issue 14.2): who they are,
//! their username and tables; the forms to appoint one (with their login),
//! change an official's tables and remove one. Every form sends to the API
//! (`floor.rs`); the page only reads.

use super::{PageResult, html, name_of};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::state::AppState;
use crate::state::views::{OfficialView, official_views};
use askama::Template;
use axum::extract::State;
use std::sync::Arc;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![route(Access::Director, routes!(officials_page))]
}

/// "1, 2, 5" for a form and a table cell.
pub(super) fn tables_text(tables: &[u16]) -> String {
    tables
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

struct Row {
    number: u16,
    name: String,
    username: String,
    tables: String,
}

#[derive(Template)]
#[template(path = "officials.html")]
struct OfficialsPage {
    id: i64,
    name: String,
    officials: Vec<Row>,
    /// The number the next official is appointed under.
    next: u16,
    /// The tables of the round seated last (a hint for the form).
    tables: u16,
}

fn rows(list: Vec<OfficialView>) -> Vec<Row> {
    list.into_iter()
        .map(|o| Row {
            number: o.number,
            name: o.name,
            username: o.username.unwrap_or_default(),
            tables: tables_text(&o.tables),
        })
        .collect()
}

/// The floor officials: appoint, change tables, remove.
#[utoipa::path(get, path = "/director/t/{id}/officials", params(InTournament),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn officials_page(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let list = official_views(&app, id).await?;
    let (name, tables, next) = app.tournaments.get(id)?.read(|t| {
        let tables = t
            .rounds()
            .last()
            .map_or(0, |r| r.seating.tables.len() as u16);
        (name_of(t), tables, t.next_official_number().0)
    });
    html(&OfficialsPage {
        id,
        name,
        officials: rows(list),
        next,
        tables,
    })
}
