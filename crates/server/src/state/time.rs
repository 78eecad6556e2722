//! Moments (Unix milliseconds) as people read them, in UTC: the server keeps
//! no time zone, and a hall clock is read against the round clock anyway.

/// `2026-03-14 09:05:07 UTC`.
pub(crate) fn date_time(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian
/// calendar (the well-known era arithmetic).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_moments() {
        assert_eq!(date_time(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(date_time(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(date_time(1_773_479_107_000), "2026-03-14 09:05:07 UTC");
        assert_eq!(date_time(-1000), "1969-12-31 23:59:59 UTC");
    }
}
