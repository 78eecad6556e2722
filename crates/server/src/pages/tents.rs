//! Table cards for the whole event as table tents (issue 13, point 3),
//! as a page to print and as PDF (issue 20.6, like every printable): the
//! event, the table number, the QR code of the table's card (its long key,
//! `/table?key=`, opens the round under way), the short code typed in at
//! `/code`, and what a table of three plays by (R12).

use super::pdf::{Doc, Section};
use super::print::PaperQuery;
use super::{PageResult, download, html, name_of};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_store::TournamentId;
use jongg_tournament::TableNo;
use std::sync::Arc;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(tents)),
        route(Access::Director, routes!(tents_pdf)),
    ]
}

struct Tent {
    table: TableNo,
    code: String,
    qr_svg: String,
    url: String,
    notes: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "tents.html")]
struct TentsPage {
    id: i64,
    name: String,
    tents: Vec<Tent>,
    /// Under a QR code whose link no phone can open.
    warning: Option<String>,
    base: String,
    /// The same cards as PDF.
    pdf: String,
}

/// The event's name and a tent for every table any seated round uses;
/// what a table of three plays by, where it is one in the current (or
/// next) round.
async fn tent_list(app: &AppState, id: i64) -> Result<(String, Vec<Tent>), ApiError> {
    let slot = app.tournaments.get(id)?;
    let (name, tables, three, notes) = slot.read(|t| {
        let mut tables: Vec<TableNo> = t
            .rounds()
            .iter()
            .flat_map(|r| r.seating.tables.iter().map(|x| x.table))
            .collect();
        tables.sort_unstable();
        tables.dedup();
        let round =
            super::cards::card_round(t).or_else(|| t.rounds().last().map(|r| r.seating.round));
        let three: Vec<TableNo> = round
            .map(|r| {
                tables
                    .iter()
                    .copied()
                    .filter(|&x| t.table_rules(r, x).is_ok_and(|x| x.three_player))
                    .collect()
            })
            .unwrap_or_default();
        let notes: Vec<(String, String)> = t.preset().map_or_else(
            |_| vec![],
            |p| {
                p.three_player_notes()
                    .into_iter()
                    .map(|n| (n.text, n.source))
                    .collect()
            },
        );
        (name_of(t), tables, three, notes)
    });
    let mut out = Vec::new();
    for table in tables {
        let card = app
            .tournaments
            .store()
            .table_card(TournamentId(id), table)
            .await
            .map_err(ApiError::from)?;
        let url = format!("{}/table?key={}", app.base_url, card.key);
        out.push(Tent {
            table,
            code: card.code,
            qr_svg: String::new(),
            url,
            notes: if three.contains(&table) {
                notes.clone()
            } else {
                vec![]
            },
        });
    }
    Ok((name, out))
}

/// The table cards for the whole event, as table tents to print.
#[utoipa::path(get, path = "/director/t/{id}/tents", params(InTournament, PaperQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn tents(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<PaperQuery>,
) -> PageResult {
    let paper = q.paper(&app)?;
    let (name, mut tents) = tent_list(&app, id).await?;
    for t in &mut tents {
        t.qr_svg = super::print::qr_svg(&t.url);
    }
    let page = TentsPage {
        id,
        name,
        warning: crate::http::hall::loopback_warning(&app.base_url),
        base: app.base_url.clone(),
        tents,
        pdf: format!("/director/t/{id}/tents.pdf?paper={paper}"),
    };
    html(&page)
}

/// The tents as a document: a page a table.
fn doc(name: &str, base: &str, tents: Vec<Tent>) -> Doc {
    let sections = tents
        .into_iter()
        .map(|c| {
            let mut paragraphs = vec![
                name.to_string(),
                "Scan the code with a phone to open this table's score sheet for the round under way."
                    .to_string(),
            ];
            paragraphs.extend(
                c.notes
                    .iter()
                    .map(|(text, source)| format!("A table of three: {text} ({source})")),
            );
            Section {
                heading: format!("Table {}", c.table),
                paragraphs,
                qr: Some(c.url),
                after: vec![
                    format!("Code {}", c.code),
                    format!("No camera? Open {base}/code and type the code."),
                ],
                new_page: true,
                ..Section::default()
            }
        })
        .collect();
    Doc {
        title: format!("{name}: table cards for the whole event"),
        sections,
    }
}

/// The table tents as PDF.
#[utoipa::path(get, path = "/director/t/{id}/tents.pdf", params(InTournament, PaperQuery),
    responses((status = OK, description = "A PDF", content_type = "application/pdf")))]
async fn tents_pdf(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<PaperQuery>,
) -> PageResult {
    let paper = q.paper(&app)?;
    let (name, tents) = tent_list(&app, id).await?;
    let d = doc(&name, &app.base_url, tents);
    Ok(download(
        "application/pdf",
        "table-cards.pdf",
        super::pdf::render_off_thread(&app, d, paper).await?,
    ))
}
