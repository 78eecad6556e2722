//! What each seated player's signature vouches for, in words, for the
//! score page and the printed sheet alike (`jongg_tournament::duties`:
//! what the acceptance requires).

use super::seat_name;
use jongg_tiles::Seat;
use jongg_tournament::duties::Duty;

/// A list of seats in words: "West", "West and South".
fn seats(list: &[Seat]) -> String {
    let names: Vec<&str> = list.iter().map(|&s| seat_name(s)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// What `me` checked: `own` ("my own scores") and "the scores of West".
pub(crate) fn checked(duty: &Duty, me: Seat, own: &str) -> String {
    let others: Vec<Seat> = duty.checks.iter().copied().filter(|&s| s != me).collect();
    let mut parts = Vec::new();
    if duty.checks.contains(&me) {
        parts.push(own.to_string());
    }
    if !others.is_empty() {
        parts.push(format!("the scores of {}", seats(&others)));
    }
    parts.join(" and ")
}

/// Why the sheet does not need `me`'s signature (empty when it does): at
/// a table of three, nobody here is `me`'s to check. The rule is the
/// caller's to cite.
pub(crate) fn not_needed(duty: &Duty, me: Seat) -> String {
    if duty.required {
        return String::new();
    }
    let me = seat_name(me);
    let by = if duty.checked_by.is_empty() {
        format!("any other player's signature vouches for {me}'s scores")
    } else {
        format!("{} checks {me}'s scores", seats(&duty.checked_by))
    };
    format!("{me} has nobody's scores to check at this table and need not sign: {by}")
}
