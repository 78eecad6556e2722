//! The event's time zone (issue 13.6): the tournament keeps an IANA name,
//! the server checks it against the time zone database bundled into the
//! binary (`jiff`) and shows moments in it.

use crate::http::error::ApiError;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use jongg_tournament::Command;

/// A command that names a time zone names one the database knows; the name
/// is written as the database spells it (`america/chicago` becomes
/// `America/Chicago`). A blank name means UTC and is left to the domain.
pub(crate) fn check_command(command: &mut Command) -> Result<(), ApiError> {
    let asked = match command {
        Command::CreateTournament { time_zone, .. } | Command::UpdateSettings { time_zone, .. } => {
            time_zone
        }
        _ => return Ok(()),
    };
    let Some(name) = asked.as_deref().map(str::trim).filter(|z| !z.is_empty()) else {
        return Ok(());
    };
    let shown: String = name.chars().take(40).collect();
    let zone = TimeZone::get(name).map_err(|_| {
        ApiError::unprocessable(format!(
            "the time zone `{shown}` is not one the server knows: write its name like \
             America/Chicago, America/New_York, Europe/London or UTC"
        ))
    })?;
    if let Some(canonical) = zone.iana_name() {
        *asked = Some(canonical.to_string());
    }
    Ok(())
}

/// The zone of a stored name; UTC for a name the database does not know
/// (an imported file from a server with a newer database, say).
pub(crate) fn zone(name: &str) -> TimeZone {
    TimeZone::get(name).unwrap_or(TimeZone::UTC)
}

/// A moment (Unix milliseconds) in `zone`: `2026-03-14 09:05:07 CDT`.
pub(crate) fn local(ms: i64, zone: &TimeZone) -> String {
    match Timestamp::from_millisecond(ms) {
        Ok(t) => t
            .to_zoned(zone.clone())
            .strftime("%Y-%m-%d %H:%M:%S %Z")
            .to_string(),
        Err(_) => crate::state::time::date_time(ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_in_a_zone_follow_its_daylight_saving() {
        let chicago = zone("America/Chicago");
        // 2026-03-14 09:05:07 UTC: Chicago is on daylight saving time (UTC-5).
        assert_eq!(
            local(1_773_479_107_000, &chicago),
            "2026-03-14 04:05:07 CDT"
        );
        // 60 days before, standard time (UTC-6).
        let days = 60 * 86_400_000;
        assert_eq!(
            local(1_773_479_107_000 - days, &chicago),
            "2026-01-13 03:05:07 CST"
        );
        assert_eq!(local(0, &zone("UTC")), "1970-01-01 00:00:00 UTC");
    }

    #[test]
    fn an_unknown_zone_is_refused_in_words_and_a_known_one_spelt_right() {
        let update = |z: &str| Command::UpdateSettings {
            name: None,
            dates: None,
            rules: None,
            rounds: None,
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: Some(z.to_string()),
        };
        let e = check_command(&mut update("Mars/Olympus_Mons")).unwrap_err();
        assert!(
            e.message
                .contains("`Mars/Olympus_Mons` is not one the server knows"),
            "{}",
            e.message
        );
        let mut c = update("america/chicago");
        check_command(&mut c).unwrap();
        assert!(
            matches!(c, Command::UpdateSettings { time_zone: Some(z), .. } if z == "America/Chicago")
        );
        // Blank is UTC, for the domain to say.
        check_command(&mut update(" ")).unwrap();
    }
}
