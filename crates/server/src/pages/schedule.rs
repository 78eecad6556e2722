//! The dashboard's offer of a computed seating (14.8): shown where it has
//! fewer repeat meetings than the rules' movement, or once adopted.

use crate::state::AppState;
use jongg_tournament::ScheduleOffer;

/// What `schedule_offer.html` shows.
pub(crate) struct ScheduleView {
    pub adopted: bool,
    pub first: u8,
    pub last: u8,
    pub repeats: u32,
    pub baseline: Option<u32>,
    pub fewer: u32,
}

fn view_of(o: &ScheduleOffer, adopted: bool) -> Option<ScheduleView> {
    Some(ScheduleView {
        adopted,
        first: o.rounds.first()?.round.0,
        last: o.rounds.last()?.round.0,
        repeats: o.repeats,
        baseline: o.baseline_repeats,
        fewer: o.fewer().unwrap_or(0),
    })
}

/// The adopted seating while a round of it is still to seat; else the
/// offer, when it has fewer repeats than the movement. Nothing on error:
/// the dashboard shows without it.
pub(crate) async fn view(app: &AppState, id: i64) -> Option<ScheduleView> {
    let adopted = app.tournaments.get(id).ok()?.read(|t| {
        let seated = t.rounds().len();
        t.schedule()
            .filter(|s| s.rounds.iter().any(|r| usize::from(r.round.0) > seated))
            .cloned()
    });
    if let Some(a) = adopted {
        return view_of(&a, true);
    }
    let offer = crate::state::views::offer_of(app, id).await.ok()??;
    if offer.fewer().unwrap_or(0) == 0 {
        return None;
    }
    view_of(&offer, false)
}
