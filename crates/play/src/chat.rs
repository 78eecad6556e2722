//! A table's chat (issue 23): short lines from the seats to everyone at the
//! table and its spectators. Not part of the game: never in the table's log;
//! the owner keeps the last [`KEPT_LINES`] in memory for a connection that
//! needs the whole view, and they are gone when the owner stops.

use crate::refusal::RefusalCode;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// The longest chat line, in characters.
pub const MOST_CHARS: usize = 200;
/// At most this many lines ...
pub const LINES_PER_SPELL: usize = 5;
/// ... within this long, from one connection.
pub const SPELL: Duration = Duration::from_secs(10);
/// Lines the owner keeps for a connection that gets the whole view.
pub const KEPT_LINES: usize = 50;

/// A character that changes how a line displays without being seen: the
/// direction controls and invisible characters that names refuse
/// (`jongg_rules::hidden`, issue 19.9), so that a line cannot show
/// another's words reversed or hide text (issue 34.8). The zero-width
/// joiner is taken: it is how emoji sequences are written, and it moves no
/// text.
fn hidden(c: char) -> Option<&'static str> {
    match c {
        '\u{200D}' => None,
        c => jongg_rules::hidden::hidden(c),
    }
}

/// A chat line as the table takes it: control characters (and so every
/// line break) removed, spaces at the ends trimmed; empty, too long, or
/// holding a direction control or an invisible character is refused in
/// words.
pub fn clean(text: &str) -> Result<String, (RefusalCode, String)> {
    if let Some((c, what)) = text.chars().find_map(|c| hidden(c).map(|w| (c, w))) {
        return Err((
            RefusalCode::BadMessage,
            format!(
                "a chat line may not hold {what} (U+{:04X}): it changes how the line reads without being seen",
                u32::from(c)
            ),
        ));
    }
    let kept: String = text.chars().filter(|c| !c.is_control()).collect();
    let line = kept.trim();
    if line.is_empty() {
        return Err((
            RefusalCode::BadMessage,
            "a chat line needs some text".into(),
        ));
    }
    let chars = line.chars().count();
    if chars > MOST_CHARS {
        return Err((
            RefusalCode::ChatTooLong,
            format!("a chat line is at most {MOST_CHARS} characters, not {chars}"),
        ));
    }
    Ok(line.to_string())
}

/// One connection's pace: at most [`LINES_PER_SPELL`] lines in any [`SPELL`].
#[derive(Debug, Default)]
pub struct Pace {
    sent: VecDeque<Instant>,
}

impl Pace {
    /// Counts a line sent at `now`, or refuses it (not counted).
    pub fn take(&mut self, now: Instant) -> Result<(), (RefusalCode, String)> {
        while self
            .sent
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= SPELL)
        {
            self.sent.pop_front();
        }
        if self.sent.len() >= LINES_PER_SPELL {
            return Err((
                RefusalCode::ChatTooFast,
                format!(
                    "at most {LINES_PER_SPELL} chat lines in {} seconds: wait a moment",
                    SPELL.as_secs()
                ),
            ));
        }
        self.sent.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_loses_its_control_characters_and_is_trimmed() {
        assert_eq!(clean("  hi\u{7}\nthere\t ").unwrap(), "hithere");
        assert_eq!(
            clean("<b>a</b>").unwrap(),
            "<b>a</b>",
            "markup is text, the page escapes it"
        );
        let (code, _) = clean(" \n\u{1b} ").unwrap_err();
        assert_eq!(code, RefusalCode::BadMessage);
    }

    #[test]
    fn a_line_with_a_direction_override_or_an_invisible_character_is_refused_by_name() {
        let (code, words) = clean("I pass\u{202E}won I").unwrap_err();
        assert_eq!(code, RefusalCode::BadMessage);
        assert!(words.contains("U+202E"), "{words}");
        assert!(words.contains("right-to-left override"), "{words}");
        for c in ['\u{200B}', '\u{2066}', '\u{FEFF}', '\u{00AD}', '\u{061C}'] {
            assert!(clean(&format!("a{c}b")).is_err(), "U+{:04X}", u32::from(c));
        }
        // Letters of every script, and emoji joined by a zero-width joiner.
        assert!(clean("مرحبا שלום 你好").is_ok());
        assert!(clean("\u{1F469}\u{200D}\u{1F4BB}").is_ok());
    }

    #[test]
    fn a_line_of_more_than_200_characters_is_refused_by_its_length() {
        assert!(clean(&"é".repeat(MOST_CHARS)).is_ok());
        let (code, words) = clean(&"é".repeat(MOST_CHARS + 1)).unwrap_err();
        assert_eq!(code, RefusalCode::ChatTooLong);
        assert!(words.contains("201"), "{words}");
    }

    #[test]
    fn a_sixth_line_within_ten_seconds_is_refused_and_later_taken() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for i in 0..LINES_PER_SPELL {
            pace.take(t0 + Duration::from_millis(i as u64)).unwrap();
        }
        let (code, _) = pace.take(t0 + Duration::from_secs(1)).unwrap_err();
        assert_eq!(code, RefusalCode::ChatTooFast);
        assert!(pace.take(t0 + SPELL).is_ok());
    }
}
