//! A player's page for the director (issue 14.4): their warning log, and
//! the forms to record a warning (the preset's ladder, standard 2A-2B),
//! give a penalty outside the games (standard 2C; st-louis-senior-olympics
//! NOTE) and disqualify (standard 2B, 27), each confirmed in plain words
//! saying what it does to the standings. The rules it follows, with their
//! sources, are one tap away.

use super::{PageResult, html, name_of};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InPlayer;
use crate::edge::route::{Route, route};
use crate::state::AppState;
use askama::Template;
use axum::extract::State;
use jongg_rules::floor::StepAction;
use jongg_tournament::{DisqualifiedScores, PlayerNo, PlayerStatus, Sanction, Tournament};
use std::sync::Arc;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![route(Access::Director, routes!(player_page))]
}

/// One line of the player's record: what, why, the rule.
struct Line {
    what: String,
    reason: String,
    source: String,
}

/// A rule the page follows, with its source.
struct Rule {
    text: String,
    source: String,
}

#[derive(Template)]
#[template(path = "discipline.html")]
struct PlayerPage {
    id: i64,
    name: String,
    number: u32,
    player: String,
    status: String,
    points: i64,
    games: u32,
    penalties: i64,
    record: Vec<Line>,
    /// The ladder's step for a complaint now, with its source.
    next_warning: Option<Rule>,
    /// The penalty outside the games, where the rules have one; its fixed size.
    penalty: Option<Rule>,
    penalty_points: Option<i32>,
    /// Already disqualified: how, in words.
    disqualified: Option<String>,
    /// Whether a disqualification may be given now, else why not.
    may_disqualify: Result<(), String>,
    /// The rules on discipline, one tap away.
    rules: Vec<Rule>,
}

fn line(s: &Sanction) -> Line {
    match s {
        Sanction::Warning {
            count,
            text,
            source,
            reason,
            ..
        } => Line {
            what: format!("Complaint {count}: {text}"),
            reason: reason.clone(),
            source: source.clone(),
        },
        Sanction::Penalty {
            points,
            name,
            source,
            reason,
        } => Line {
            what: format!("A {name} of {points} points, outside the games"),
            reason: reason.clone(),
            source: source.clone(),
        },
        Sanction::Disqualification {
            scores,
            after_round,
            source,
            reason,
        } => Line {
            what: format!(
                "Disqualified after round {after_round}: {}",
                scores_words(*scores)
            ),
            reason: reason.clone(),
            source: source.clone(),
        },
    }
}

fn scores_words(s: DisqualifiedScores) -> &'static str {
    match s {
        DisqualifiedScores::Kept => "their scores stand",
        DisqualifiedScores::Void => "their own scores are void",
    }
}

fn page(t: &Tournament, id: i64, n: PlayerNo) -> Result<PlayerPage, jongg_tournament::DomainError> {
    let p = t.player(n)?;
    let preset = t.preset()?;
    let d = preset.discipline();
    let sanctions = t.sanctions(n);
    let warnings = sanctions
        .iter()
        .filter(|s| matches!(s, Sanction::Warning { .. }))
        .count() as u32;
    let row = t.live_standings().rows.into_iter().find(|r| r.player == n);
    let disqualified = sanctions.iter().find_map(|s| match s {
        Sanction::Disqualification { scores, .. } => Some(scores_words(*scores).to_string()),
        _ => None,
    });
    let may_disqualify = if warnings > 0 || d.immediate_disqualification.allowed {
        Ok(())
    } else {
        Err(format!(
            "These rules disqualify only after a complaint ({}): record a warning first.",
            d.immediate_disqualification.source
        ))
    };
    let next_warning = d.next_step(warnings).map(|s| Rule {
        text: match s.action {
            StepAction::Disqualification => format!(
                "This would be complaint {}: the rules call for {}. Record it, then disqualify below.",
                warnings + 1,
                s.describe(d)
            ),
            _ => format!(
                "This would be complaint {}: the rules call for {}.",
                warnings + 1,
                s.describe(d)
            ),
        },
        source: s.source.clone(),
    });
    let mut rules: Vec<Rule> = d
        .ladder
        .iter()
        .enumerate()
        .map(|(i, s)| Rule {
            text: format!("Complaint {}: {}.", i + 1, s.describe(d)),
            source: s.source.clone(),
        })
        .collect();
    if let Some(last) = rules.last_mut() {
        last.text.push_str(" Past the last step, it repeats.");
    }
    rules.push(Rule {
        text: if d.immediate_disqualification.allowed {
            "A player may be disqualified at once, without a warning first (for arguing with the director).".into()
        } else {
            "A player is disqualified only after a warning.".into()
        },
        source: d.immediate_disqualification.source.clone(),
    });
    let penalty = d.discretionary_penalty.as_ref().map(|x| Rule {
        text: format!("A {}.", x.describe()),
        source: x.source.clone(),
    });
    if let Some(x) = &penalty {
        rules.push(Rule {
            text: x.text.clone(),
            source: x.source.clone(),
        });
    }
    Ok(PlayerPage {
        id,
        name: name_of(t),
        number: n.0,
        player: p.name.clone(),
        status: match p.status {
            // A disqualified player is not "withdrawn" (issue 32.8).
            _ if t.disqualified(n).is_some() => super::status_word(t, p).into(),
            PlayerStatus::Active => "playing".into(),
            PlayerStatus::Late => "not arrived".into(),
            PlayerStatus::Withdrawn { after_round } => {
                format!("withdrawn after round {after_round}")
            }
        },
        points: row.as_ref().map_or(0, |r| r.points),
        games: row.as_ref().map_or(0, |r| r.games),
        penalties: row.as_ref().map_or(0, |r| r.penalties),
        record: sanctions.iter().map(line).collect(),
        next_warning,
        penalty_points: d.discretionary_penalty.as_ref().and_then(|x| x.points),
        penalty,
        disqualified,
        may_disqualify,
        rules,
    })
}

/// A player for the director: their warning log; warn, penalize, disqualify.
#[utoipa::path(get, path = "/director/t/{id}/players/{n}", params(InPlayer),
    responses((status = OK, description = "The page", content_type = "text/html")))]
async fn player_page(
    State(app): State<Arc<AppState>>,
    Params(InPlayer { id, n }): Params<InPlayer>,
) -> PageResult {
    let p = app
        .tournaments
        .get(id)?
        .read(|t| page(t, id, PlayerNo(n)))?;
    html(&p)
}
