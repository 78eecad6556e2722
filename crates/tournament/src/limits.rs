//! Bounds on everything a tournament takes from outside: texts, numbers,
//! times, sizes. Every command is checked against them in `decide`, and an
//! import replays through `decide`, so nothing stored lies outside them.
//! docs/security.md lists them with the attack each one stops.

use crate::error::DomainError;
use crate::model::{GameNo, Millis, RoundNo};

/// The most characters of a name: a tournament, a player, a club.
pub const MAX_NAME: usize = 100;
/// The most characters of an amendment's reason.
pub const MAX_REASON: usize = 500;
/// The most characters of a rules file's label.
pub const MAX_LABEL: usize = 100;
/// The most bytes of a rules file (the built-in presets are about 6 KB).
pub const MAX_RULES_FILE: usize = 64 * 1024;
/// The most bytes of one game record as JSON (a record is a few hundred).
pub const MAX_RECORD: usize = 4 * 1024;
/// The most days of play a tournament lists.
pub const MAX_DATES: usize = 31;
/// The most players a tournament registers (substitutes included).
pub const MAX_PLAYERS: usize = 10_000;
/// The most rounds, games a round and minutes a round a director may set.
pub const MAX_ROUNDS: RoundNo = RoundNo(30);
pub const MAX_GAMES: GameNo = GameNo(12);
pub const MAX_MINUTES: u16 = 600;
/// No single game score, and no sit-out, is anywhere near this; a larger
/// one is a typing slip (or an attack).
pub const MAX_POINTS: i32 = 10_000;
/// The latest moment a command or an imported event may carry:
/// 9999-12-31 23:59:59.999 UTC. The earliest is 0 (1970).
pub const MAX_MILLIS: Millis = 253_402_300_799_999;
/// The most events a tournament file may hold. The largest tournament the
/// settings allow (800 players, 30 rounds of 12 games) has about 100 000.
pub const MAX_EVENTS: usize = 150_000;

/// The most bytes of a tournament file (an 800-player, 8-round tournament
/// exports about 20 MB).
pub const MAX_FILE: usize = 64 << 20;

// Every total a player can reach (each game at most MAX_POINTS either way,
// plus a sit-out per round) fits an i32 with room to spare, so sums of
// checked values cannot overflow. The standings add in i64 all the same.
const _: () = assert!(
    (MAX_ROUNDS.0 as i64) * (MAX_GAMES.0 as i64 + 1) * (MAX_POINTS as i64) < i32::MAX as i64 / 100
);

/// A value within ±[`MAX_POINTS`] (compares, never negates: `i32::MIN`
/// has no absolute value).
pub fn points_ok(p: i32) -> bool {
    (-MAX_POINTS..=MAX_POINTS).contains(&p)
}

/// A moment between 1970 and the end of year 9999.
pub fn time_ok(at: Millis) -> bool {
    (0..=MAX_MILLIS).contains(&at)
}

/// Checks a free text: at most `max` characters, no NUL, and no control
/// character but (where `lines`) line breaks and tabs. `what` names it in
/// the error ("the player's name").
pub fn check_text(what: &str, text: &str, max: usize, lines: bool) -> Result<(), DomainError> {
    let bad = |m: String| Err(DomainError::Invalid(m));
    // Count no further than needed: a megabyte name is refused after `max`.
    if text.chars().nth(max).is_some() {
        return bad(format!(
            "{what} has {} characters: at most {max}",
            text.chars().count()
        ));
    }
    if text.contains('\0') {
        return bad(format!("{what} contains a NUL character"));
    }
    if let Some(c) = text
        .chars()
        .find(|&c| c.is_control() && !(lines && matches!(c, '\n' | '\r' | '\t')))
    {
        return bad(format!(
            "{what} contains the control character U+{:04X}",
            u32::from(c)
        ));
    }
    if let Some((c, name)) = text
        .chars()
        .find_map(|c| jongg_rules::hidden::hidden(c).map(|n| (c, n)))
    {
        return bad(format!(
            "{what} contains U+{:04X} ({name}), which is not shown but can make a text display as another: type it without",
            u32::from(c)
        ));
    }
    Ok(())
}

/// Whether `d` is a real day written `YYYY-MM-DD` (2026-02-30 is not).
pub fn is_iso_date(d: &str) -> bool {
    let b = d.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let digits = b
        .iter()
        .enumerate()
        .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !digits {
        return false;
    }
    let num = |r: std::ops::Range<usize>| d.get(r).and_then(|s| s.parse::<u32>().ok());
    let (Some(year), Some(month), Some(day)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    year >= 1 && (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_follow_the_calendar() {
        for good in ["2026-03-14", "2024-02-29", "2000-02-29", "2026-12-31"] {
            assert!(is_iso_date(good), "{good}");
        }
        for bad in [
            "2026-02-30",
            "2026-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-13-01",
            "2026-00-10",
            "2026-01-00",
            "0000-01-01",
            "2026-1-01",
            "2026/01/01",
            "２０２6-01-01",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
    }

    #[test]
    fn points_bounds_hold_at_the_extremes() {
        assert!(points_ok(MAX_POINTS) && points_ok(-MAX_POINTS) && points_ok(0));
        for p in [
            i32::MIN,
            i32::MIN + 1,
            i32::MAX,
            MAX_POINTS + 1,
            -MAX_POINTS - 1,
        ] {
            assert!(!points_ok(p), "{p}");
        }
        assert!(time_ok(0) && time_ok(MAX_MILLIS));
        assert!(!time_ok(-1) && !time_ok(i64::MIN) && !time_ok(i64::MAX));
    }

    #[test]
    fn texts_are_bounded_and_free_of_control_characters() {
        assert!(check_text("the name", &"é".repeat(100), 100, false).is_ok());
        let long = check_text("the name", &"x".repeat(80_000), 100, false).unwrap_err();
        assert_eq!(
            long.to_string(),
            "the name has 80000 characters: at most 100"
        );
        let nul = check_text("the name", "a\0b", 100, false).unwrap_err();
        assert!(nul.to_string().contains("NUL"), "{nul}");
        assert!(check_text("the name", "a\nb", 100, false).is_err());
        assert!(check_text("the reason", "a\nb\tc", 100, true).is_ok());
        assert!(check_text("the reason", "a\u{1b}[31m", 100, true).is_err());
    }

    #[test]
    fn direction_overrides_and_invisible_characters_are_refused_by_name() {
        let e = check_text("the player's name", "Alice\u{202E}kcaJ", 100, false).unwrap_err();
        assert!(e.to_string().contains("the player's name"), "{e}");
        assert!(e.to_string().contains("U+202E"), "{e}");
        for c in [
            '\u{202A}', '\u{202D}', '\u{2066}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
            '\u{200B}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}',
        ] {
            let text = format!("Ann{c}a");
            assert!(check_text("the name", &text, 100, true).is_err(), "{c:?}");
        }
        for good in [
            "Łucja",
            "Ελένη",
            "王秀英",
            "فاطمة",
            "שרה",
            "Zoë O'Brien-Smith",
        ] {
            assert!(check_text("the name", good, 100, false).is_ok(), "{good}");
        }
    }
}
