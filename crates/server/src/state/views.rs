//! What the API and the pages both read of a tournament: the computed
//! seating on offer and the officials with their logins. Kept here, below
//! both, so neither area imports the other.

use crate::http::error::ApiError;
use crate::state::AppState;
use jongg_store::TournamentId;
use jongg_tournament::{ScheduleOffer, Tournament};

/// The search work of an offer: a twentieth of the schedule search's
/// second, so the dashboard stays quick (16 players take a design at once).
pub(crate) const OFFER_WORK: u64 = jongg_rules::schedule::SEARCH_WORK / 20;

/// The offer for tournament `id` as it stands, computed on a blocking thread.
pub(crate) async fn offer_of(app: &AppState, id: i64) -> Result<Option<ScheduleOffer>, ApiError> {
    let t: Tournament = app.tournaments.get(id)?.read(|t| t.clone());
    let found = tokio::task::spawn_blocking(move || t.schedule_offer(OFFER_WORK))
        .await
        .map_err(|e| ApiError::internal(format!("the seating search stopped: {e}")))?;
    Ok(found?)
}

/// One official with their login's username (if they have one).
pub(crate) struct OfficialView {
    pub number: u16,
    pub name: String,
    pub tables: Vec<u16>,
    pub username: Option<String>,
}

/// The tournament's officials, each with their username.
pub(crate) async fn official_views(app: &AppState, id: i64) -> Result<Vec<OfficialView>, ApiError> {
    let officials = app.tournaments.get(id)?.read(|t| {
        t.officials()
            .map(|o| OfficialView {
                number: o.number.0,
                name: o.name.clone(),
                tables: o.tables.iter().map(|t| t.0).collect(),
                username: None,
            })
            .collect::<Vec<_>>()
    });
    let names = app
        .tournaments
        .store()
        .official_usernames(TournamentId(id))
        .await?;
    Ok(officials
        .into_iter()
        .map(|mut o| {
            o.username = names
                .iter()
                .find(|(n, _)| n.0 == o.number)
                .map(|(_, u)| u.clone());
            o
        })
        .collect())
}
