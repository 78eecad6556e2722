//! Printables, each as a print-styled page and as PDF: table assignments per
//! round, each player's itinerary, table cards with the scorekeeper QR code,
//! score sheets pre-filled with names, seats, who verifies whom and who
//! hands the sheets in (the preset's rule, R14), and the standings; the routes of
//! the CSV exports of the games and the standings (written in `csv/`).

use super::pdf::{Doc, Grid, Paper, Section};
use super::{
    PageError, PageResult, download, duty_words, html, name_of, preset_of, seat_name, who,
};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_store::TableLink;
use jongg_tiles::Seat;
use jongg_tournament::{PlayerStatus, RoundNo, SheetState, TableNo, Tournament};
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(index)),
        route(Access::Director, routes!(printable)),
        route(Access::Public, routes!(standings_pdf)),
        route(Access::Public, routes!(standings_csv)),
        route(Access::Public, routes!(games_csv)),
    ]
}

/// `/director/t/{id}/print/{doc}`: a printable.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct InPrintable {
    /// The tournament's id.
    #[param(minimum = 1)]
    id: i64,
    /// `standings`, `itineraries`, `round/{r}`, `round/{r}/cards` or
    /// `round/{r}/sheets`; with `.pdf`, as PDF.
    doc: String,
}

/// Which printable a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Standings,
    Itineraries,
    Assignments(RoundNo),
    Cards(RoundNo),
    Sheets(RoundNo),
}

/// `round/2/cards.pdf` → (Cards(2), pdf = true). `None` for anything else.
pub(crate) fn parse_doc(path: &str) -> Option<(Kind, bool)> {
    let (path, pdf) = match path.strip_suffix(".pdf") {
        Some(p) => (p, true),
        None => (path, false),
    };
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let kind = match parts.as_slice() {
        ["standings"] => Kind::Standings,
        ["itineraries"] => Kind::Itineraries,
        ["round", r] => Kind::Assignments(r.parse().ok().filter(|&r| r > RoundNo(0))?),
        ["round", r, "cards"] => Kind::Cards(r.parse().ok().filter(|&r| r > RoundNo(0))?),
        ["round", r, "sheets"] => Kind::Sheets(r.parse().ok().filter(|&r| r > RoundNo(0))?),
        _ => return None,
    };
    Some((kind, pdf))
}

/// `?paper=a4` or `?paper=letter` on a PDF's address (or the printables').
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PaperQuery {
    /// `letter` or `a4` (default: the server's, `jongg serve --paper`).
    paper: Option<String>,
}

impl PaperQuery {
    /// The paper asked for, else the server's (`jongg serve --paper`).
    pub(super) fn paper(&self, app: &AppState) -> Result<Paper, ApiError> {
        match &self.paper {
            None => Ok(app.paper),
            Some(p) => p.parse().map_err(ApiError::bad_request),
        }
    }
}

#[derive(Template)]
#[template(path = "print_index.html")]
struct Index {
    id: i64,
    name: String,
    rounds: Vec<RoundNo>,
    /// "US Letter" or "A4", and the other one as (words, paper).
    paper: &'static str,
    other: (&'static str, Paper),
    /// What every PDF link ends with (`?paper=a4`).
    q: String,
}

fn paper_words(p: Paper) -> &'static str {
    match p {
        Paper::Letter => "US Letter",
        Paper::A4 => "A4",
    }
}

/// The printables and exports of a tournament.
#[utoipa::path(get, path = "/director/t/{id}/print", params(InTournament, PaperQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn index(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<PaperQuery>,
) -> PageResult {
    let paper = q.paper(&app)?;
    let other = match paper {
        Paper::Letter => Paper::A4,
        Paper::A4 => Paper::Letter,
    };
    let page = app.tournaments.get(id)?.read(|t| Index {
        id,
        name: name_of(t),
        rounds: t.rounds().iter().map(|r| r.seating.round).collect(),
        paper: paper_words(paper),
        other: (paper_words(other), other),
        q: format!("?paper={paper}"),
    });
    html(&page)
}

struct SectionView {
    s: Section,
    qr_svg: String,
    /// Under a QR code whose link no phone can open.
    warning: Option<String>,
}

#[derive(Template)]
#[template(path = "print.html")]
struct PrintPage {
    id: i64,
    title: String,
    pdf: String,
    sections: Vec<SectionView>,
}

pub(super) fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(200, 200)
            .build(),
        Err(_) => String::new(),
    }
}

/// A printable as a page, or as PDF with `.pdf`.
#[utoipa::path(get, path = "/director/t/{id}/print/{*doc}", params(InPrintable, PaperQuery),
    responses((status = OK, description = "The page (or the PDF)", content_type = "text/html")))]
async fn printable(
    State(app): State<Arc<AppState>>,
    Params(InPrintable { id, doc }): Params<InPrintable>,
    Query(q): Query<PaperQuery>,
) -> PageResult {
    let paper = q.paper(&app)?;
    let Some((kind, pdf)) = parse_doc(&doc) else {
        return Err(ApiError::not_found(format!(
            "no printable `{doc}`: see the list of printables"
        ))
        .into());
    };
    let d = build(&app, id, kind).await?;
    if pdf {
        return Ok(download(
            "application/pdf",
            &format!("{}.pdf", file_stem(&doc)),
            super::pdf::render_off_thread(&app, d, paper).await?,
        ));
    }
    let page = PrintPage {
        id,
        pdf: format!("/director/t/{id}/print/{doc}.pdf?paper={paper}"),
        title: d.title,
        sections: d
            .sections
            .into_iter()
            .map(|s| SectionView {
                qr_svg: s.qr.as_deref().map(qr_svg).unwrap_or_default(),
                warning: s
                    .qr
                    .as_deref()
                    .and_then(crate::http::hall::loopback_warning),
                s,
            })
            .collect(),
    };
    html(&page)
}

fn file_stem(doc: &str) -> String {
    doc.trim_end_matches(".pdf").replace('/', "-")
}

/// Builds a printable; table cards need each table's link from the store.
pub(crate) async fn build(app: &AppState, id: i64, kind: Kind) -> Result<Doc, PageError> {
    let slot = app.tournaments.get(id)?;
    let mut links = Vec::new();
    if let Kind::Cards(r) = kind {
        let tables: Vec<TableNo> = slot.read(|t| {
            t.seating(r)
                .map(|s| s.tables.iter().map(|x| x.table).collect())
        })?;
        for table in tables {
            let link = TableLink {
                tournament: jongg_store::TournamentId(id),
                round: r,
                table,
            };
            let token = app.table_token(link).await?;
            links.push((table, format!("{}/score?key={token}", app.base_url)));
        }
    }
    slot.read(|t| match kind {
        Kind::Standings => Ok(standings(t)),
        Kind::Itineraries => Ok(itineraries(t)),
        Kind::Assignments(r) => assignments(t, r),
        Kind::Cards(r) => cards(t, r, &links),
        Kind::Sheets(r) => sheets(t, r),
    })
}

fn standings(t: &Tournament) -> Doc {
    let rows = super::public::rows(t);
    let n = t.rounds().len();
    let mut head: Vec<String> = ["Place", "Player", "Points", "MJ", "Best", "Games"]
        .map(String::from)
        .to_vec();
    let mut widths = vec![1.4, 5.0, 1.4, 1.0, 1.2, 1.4];
    for r in 1..=n {
        head.push(format!("R{r}"));
        widths.push(1.1);
    }
    // Penalties outside the games (standard 2C) are in the points: a column
    // shows them, so the rounds and penalties add up to the points (20.8).
    let penalties = rows.iter().any(|r| r.penalties != 0);
    if penalties {
        head.push("Pen.".into());
        widths.push(1.2);
    }
    let mut numeric = vec![true, false];
    numeric.resize(head.len(), true);
    let grid = Grid {
        head,
        rows: rows
            .iter()
            .map(|r| {
                let mut v = vec![
                    r.rank.to_string(),
                    if r.standing.is_empty() {
                        format!("{} (#{})", r.name, r.number)
                    } else {
                        format!("{} (#{}), {}", r.name, r.number, r.standing)
                    },
                    r.points.to_string(),
                    r.mah_jonggs.to_string(),
                    r.best.clone(),
                    r.games.to_string(),
                ];
                v.extend(r.rounds.iter().map(i64::to_string));
                if penalties {
                    v.push(if r.penalties == 0 {
                        String::new()
                    } else {
                        r.penalties.to_string()
                    });
                }
                v
            })
            .collect(),
        widths,
        numeric,
        tall: false,
    };
    let total = t.settings().map_or(0, |s| s.rounds.0);
    let done = t
        .rounds()
        .iter()
        .filter(|r| matches!(r.state, jongg_tournament::RoundState::Closed { .. }))
        .count();
    let label = if done >= usize::from(total) && total > 0 {
        "Final standings".to_string()
    } else {
        format!("Standings after {done} of {total} rounds")
    };
    Doc {
        title: format!("{}: {label}", name_of(t)),
        sections: vec![Section {
            paragraphs: vec![format!(
                "Only accepted score sheets count. Ranked by {}; players equal on all of these share a rank.",
                super::ranking_order(
                    &t.settings()
                        .map(|s| s.tie_breaks.clone())
                        .unwrap_or_default()
                )
            )],
            grid: Some(grid),
            ..Section::default()
        }],
    }
}

fn assignments(t: &Tournament, r: RoundNo) -> Result<Doc, PageError> {
    let seating = t.seating(r)?;
    let tables = Grid {
        head: ["Table", "East", "South", "West", "North"]
            .map(String::from)
            .to_vec(),
        rows: seating
            .tables
            .iter()
            .map(|ts| {
                let mut v = vec![ts.table.to_string()];
                v.extend(Seat::ALL.map(|s| who(t, ts.seats[s])));
                v
            })
            .collect(),
        widths: vec![0.8, 3.0, 3.0, 3.0, 3.0],
        numeric: vec![true, false, false, false, false],
        tall: false,
    };
    // The same by name, for a player looking for their table.
    let mut by_name: Vec<(String, String)> = t
        .players()
        .filter(|p| !matches!(p.status, PlayerStatus::Withdrawn { .. }))
        .map(|p| {
            let place = match seating.place_of(p.number) {
                Some((table, seat)) => format!("Table {table}, {}", seat_name(seat)),
                None if seating.sit_outs.iter().any(|s| s.player == p.number) => "Sits out".into(),
                None => "Not seated".into(),
            };
            (format!("{} (#{})", p.name, p.number.0), place)
        })
        .collect();
    by_name.sort_by_key(|(n, _)| n.to_lowercase());
    Ok(Doc {
        title: format!("{}: round {r} table assignments", name_of(t)),
        sections: vec![
            Section {
                heading: "By table".into(),
                grid: Some(tables),
                ..Section::default()
            },
            Section {
                heading: "By name".into(),
                grid: Some(Grid {
                    head: vec!["Player".into(), "Sits at".into()],
                    rows: by_name.into_iter().map(|(a, b)| vec![a, b]).collect(),
                    widths: vec![3.0, 2.0],
                    numeric: vec![false, false],
                    tall: false,
                }),
                ..Section::default()
            },
        ],
    })
}

/// Each player's round, table and seat: the rounds seated, then the rounds
/// of an adopted computed seating not seated yet (14.8).
fn itineraries(t: &Tournament) -> Doc {
    let seated = t.rounds().len();
    let later: Vec<&jongg_tournament::ScheduledRound> = t
        .schedule()
        .map(|s| {
            s.rounds
                .iter()
                .filter(|r| usize::from(r.round.0) > seated)
                .collect()
        })
        .unwrap_or_default();
    let sections = t
        .players()
        .filter(|p| !matches!(p.status, PlayerStatus::Withdrawn { .. }))
        .map(|p| {
            let rows = t
                .rounds()
                .iter()
                .map(|r| {
                    let place = match r.seating.place_of(p.number) {
                        Some((table, seat)) => {
                            vec![format!("Table {table}"), seat_name(seat).to_string()]
                        }
                        None => vec!["Sits out".into(), String::new()],
                    };
                    let mut v = vec![format!("Round {}", r.seating.round)];
                    v.extend(place);
                    v
                })
                .chain(later.iter().map(|r| {
                    let at = r.tables.iter().find_map(|ts| {
                        ts.seats
                            .iter()
                            .find(|(_, x)| **x == Some(p.number))
                            .map(|(s, _)| (ts.table, s))
                    });
                    match at {
                        Some((table, seat)) => vec![
                            format!("Round {} (computed seating)", r.round),
                            format!("Table {table}"),
                            seat_name(seat).to_string(),
                        ],
                        None => vec![
                            format!("Round {} (computed seating)", r.round),
                            "Sits out".into(),
                            String::new(),
                        ],
                    }
                }))
                .collect();
            Section {
                heading: format!("{} (#{})", p.name, p.number.0),
                grid: Some(Grid {
                    head: vec!["Round".into(), "Table".into(), "Seat".into()],
                    rows,
                    widths: vec![1.0, 1.0, 1.0],
                    numeric: vec![false, false, false],
                    tall: false,
                }),
                ..Section::default()
            }
        })
        .collect();
    Doc {
        title: if later.is_empty() {
            format!("{}: itineraries (rounds seated so far)", name_of(t))
        } else {
            format!(
                "{}: itineraries (with the computed seating adopted)",
                name_of(t)
            )
        },
        sections,
    }
}

fn cards(t: &Tournament, r: RoundNo, links: &[(TableNo, String)]) -> Result<Doc, PageError> {
    let seating = t.seating(r)?;
    let preset = preset_of(t);
    let sections = seating
        .tables
        .iter()
        .map(|ts| {
            let url = links
                .iter()
                .find(|(n, _)| *n == ts.table)
                .map(|(_, u)| u.clone())
                .unwrap_or_default();
            let mut paragraphs: Vec<String> = Seat::ALL
                .into_iter()
                .map(|s| format!("{}: {}", seat_name(s), who(t, ts.seats[s])))
                .collect();
            paragraphs.push(
                "Scorekeeper: scan this code with a phone to enter the scores of this table."
                    .into(),
            );
            // The rules' reminders to every table (`[[reminders]]`).
            if let Some(p) = &preset {
                paragraphs.extend(
                    p.reminders
                        .iter()
                        .map(|r| format!("{} ({})", r.text, r.source)),
                );
            }
            Section {
                heading: format!("Table {} · Round {r}", ts.table),
                paragraphs,
                qr: Some(url.clone()),
                after: vec![url],
                new_page: true,
                ..Section::default()
            }
        })
        .collect();
    Ok(Doc {
        title: format!("{}: round {r} table cards", name_of(t)),
        sections,
    })
}

fn sheets(t: &Tournament, r: RoundNo) -> Result<Doc, PageError> {
    let seating = t.seating(r)?;
    let preset = preset_of(t);
    let games = t.settings().map_or(4, |s| s.games_per_round.0);
    let round = t.round(r)?;
    let sections = seating
        .tables
        .iter()
        .map(|ts| {
            let present: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&s| ts.seats[s].is_some())
                .collect();
            let sheet = round.sheets.iter().find(|s| s.table == ts.table);
            let mut head = vec!["Game".to_string()];
            head.extend(
                present
                    .iter()
                    .map(|&s| format!("{} — {}", seat_name(s), who(t, ts.seats[s]))),
            );
            // A box on each game's line for the seats that sign it right
            // after the game (mississippi-2025: East; `[sign_off] each_game`).
            let game_signers: Vec<Seat> = preset.as_ref().map_or_else(Vec::new, |p| {
                p.sign_off
                    .each_game
                    .seats
                    .iter()
                    .copied()
                    .filter(|s| present.contains(s))
                    .collect()
            });
            head.extend(
                game_signers
                    .iter()
                    .map(|&s| format!("{} signs", seat_name(s))),
            );
            let mut rows: Vec<Vec<String>> = (1..=games)
                .map(|g| {
                    let i = usize::from(g) - 1;
                    let entry = sheet.and_then(|s| s.games.get(i)).and_then(Option::as_ref);
                    let mut v = vec![g.to_string()];
                    v.extend(present.iter().map(|&s| {
                        entry.map_or_else(String::new, |e| {
                            jongg_tournament::marks::game_cell(preset.as_ref(), e, s, false)
                        })
                    }));
                    v.extend(game_signers.iter().map(|&s| {
                        let signed = sheet
                            .and_then(|x| x.game_signed.get(i))
                            .is_some_and(|b| b[s]);
                        if signed {
                            "signed".into()
                        } else {
                            String::new()
                        }
                    }));
                    v
                })
                .collect();
            let mut total = vec!["Total".to_string()];
            total.extend(present.iter().map(|&s| {
                sheet
                    .filter(|x| x.games.iter().any(Option::is_some))
                    .map_or_else(String::new, |x| x.totals()[s].to_string())
            }));
            total.extend(game_signers.iter().map(|_| String::new()));
            rows.push(total);
            let mut widths = vec![0.9];
            widths.extend(present.iter().map(|_| 3.0));
            widths.extend(game_signers.iter().map(|_| 1.8));
            let mut numeric = vec![false];
            numeric.extend(present.iter().map(|_| true));
            numeric.extend(game_signers.iter().map(|_| false));
            let mut paragraphs = Vec::new();
            let mut after = Vec::new();
            if let Some(p) = &preset {
                paragraphs.push(collects_line(t, p, r, ts));
                if !game_signers.is_empty() {
                    let who: Vec<&str> = game_signers.iter().map(|&s| seat_name(s)).collect();
                    paragraphs.push(format!(
                        "{} signs each game's line right after the game ({}).",
                        who.join(" and "),
                        p.sign_off.each_game.source
                    ));
                }
                // Who signs is what the acceptance requires (a table of three:
                // `jongg_tournament::duties`).
                let duties = jongg_tournament::duties::signing_duties(p, &ts.seats);
                for &s in &present {
                    let Some(d) = &duties[s] else { continue };
                    after.push(if d.required {
                        format!(
                            "{} verifies {}: signed ______________________",
                            seat_name(s),
                            duty_words::checked(d, s, "own scores")
                        )
                    } else {
                        format!(
                            "{} ({})",
                            duty_words::not_needed(d, s),
                            p.sign_off.signatures.source
                        )
                    });
                }
            }
            if sheet.is_some_and(|s| s.state == SheetState::Accepted) {
                paragraphs.push("This sheet was accepted by the director.".into());
            }
            Section {
                heading: format!("Score sheet · Round {r} · Table {}", ts.table),
                paragraphs,
                grid: Some(Grid {
                    head,
                    rows,
                    widths,
                    numeric,
                    tall: true,
                }),
                after,
                new_page: true,
                ..Section::default()
            }
        })
        .collect();
    Ok(Doc {
        title: format!("{}: round {r} score sheets", name_of(t)),
        sections,
    })
}

/// The standings as PDF.
#[utoipa::path(get, path = "/t/{id}/standings.pdf", params(InTournament, PaperQuery),
    responses((status = OK, description = "A PDF", content_type = "application/pdf")))]
async fn standings_pdf(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<PaperQuery>,
) -> PageResult {
    let paper = q.paper(&app)?;
    let d = build(&app, id, Kind::Standings).await?;
    Ok(download(
        "application/pdf",
        "standings.pdf",
        super::pdf::render_off_thread(&app, d, paper).await?,
    ))
}

/// The standings as CSV.
#[utoipa::path(get, path = "/t/{id}/standings.csv", params(InTournament),
    responses((status = OK, description = "CSV", content_type = "text/csv")))]
async fn standings_csv(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let text = app
        .tournaments
        .get(id)?
        .read(super::csv::standings)
        .map_err(ApiError::internal)?;
    Ok(download(
        "text/csv; charset=utf-8",
        "standings.csv",
        text.into_bytes(),
    ))
}

/// Every game entered as CSV, one row per player and game.
#[utoipa::path(get, path = "/t/{id}/games.csv", params(InTournament),
    responses((status = OK, description = "CSV", content_type = "text/csv")))]
async fn games_csv(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
) -> PageResult {
    let text = app
        .tournaments
        .get(id)?
        .read(super::csv::games)
        .map_err(ApiError::internal)?;
    Ok(download(
        "text/csv; charset=utf-8",
        "games.csv",
        text.into_bytes(),
    ))
}

/// Who keeps this table's sheet and who hands the sheets in after the
/// round (at a table of three without that seat, the keeper: the table's
/// rules), citing the rule the event's preset gives for it.
fn collects_line(
    t: &Tournament,
    p: &jongg_rules::Preset,
    r: RoundNo,
    ts: &jongg_tournament::TableSeats,
) -> String {
    let v = &p.verification;
    let keeper = v.sheet_keeper;
    let collector = t
        .table_rules(r, ts.table)
        .map_or_else(|_| v.collector(u32::from(r)), |tr| tr.collector);
    let cite = if v.collectors_source.is_empty() {
        String::new()
    } else {
        format!(" ({})", v.collectors_source)
    };
    format!(
        "{} keeps this sheet ({}). Hands the sheets in after round {r}: {} — {}{cite}.",
        seat_name(keeper),
        who(t, ts.seats[keeper]),
        seat_name(collector),
        who(t, ts.seats[collector]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_paths() {
        assert_eq!(parse_doc("standings"), Some((Kind::Standings, false)));
        assert_eq!(parse_doc("standings.pdf"), Some((Kind::Standings, true)));
        assert_eq!(
            parse_doc("round/2/cards.pdf"),
            Some((Kind::Cards(RoundNo(2)), true))
        );
        assert_eq!(
            parse_doc("round/3/sheets"),
            Some((Kind::Sheets(RoundNo(3)), false))
        );
        assert_eq!(
            parse_doc("round/1"),
            Some((Kind::Assignments(RoundNo(1)), false))
        );
        assert_eq!(parse_doc("round/0"), None);
        assert_eq!(parse_doc("round/x"), None);
        assert_eq!(parse_doc("round/300"), None);
        assert_eq!(parse_doc("../etc"), None);
    }
}
