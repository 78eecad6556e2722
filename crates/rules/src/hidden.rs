//! Characters that change how a text displays without being seen: the
//! direction overrides and marks (an "RLO" makes `Alice\u{202E}Bob` read as
//! another name) and the invisible ones. Names refuse them (issue 19.9,
//! `jongg_tournament::limits`) and so do a live table's chat lines (issue
//! 34.8, `jongg_play::chat`): the one list of both. It lives in the rules
//! crate, as the one random generator does, because that is the lowest
//! crate both users depend on.

/// What `c` is, in words, when it is such a character; `None` for every
/// other (letters of every script among them).
pub fn hidden(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{00AD}' => "a soft hyphen",
        '\u{061C}' => "the Arabic letter mark",
        '\u{200B}' => "a zero-width space",
        '\u{200C}' => "a zero-width non-joiner",
        '\u{200D}' => "a zero-width joiner",
        '\u{200E}' => "the left-to-right mark",
        '\u{200F}' => "the right-to-left mark",
        '\u{202A}' => "a left-to-right embedding",
        '\u{202B}' => "a right-to-left embedding",
        '\u{202C}' => "a pop of directional formatting",
        '\u{202D}' => "a left-to-right override",
        '\u{202E}' => "a right-to-left override",
        '\u{2060}' => "a word joiner",
        '\u{2061}'..='\u{2064}' => "an invisible operator",
        '\u{2066}' => "a left-to-right isolate",
        '\u{2067}' => "a right-to-left isolate",
        '\u{2068}' => "a first-strong isolate",
        '\u{2069}' => "a pop of directional isolate",
        '\u{FEFF}' => "a zero-width no-break space",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_controls_and_invisible_characters_are_named_letters_are_not() {
        assert_eq!(hidden('\u{202E}'), Some("a right-to-left override"));
        assert_eq!(hidden('\u{2063}'), Some("an invisible operator"));
        assert_eq!(hidden('\u{200D}'), Some("a zero-width joiner"));
        for c in ['a', 'é', 'ß', 'ש', 'ع', '中', ' ', '\u{1F004}'] {
            assert_eq!(hidden(c), None, "{c}");
        }
    }
}
