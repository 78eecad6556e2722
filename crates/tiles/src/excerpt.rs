//! What an error message quotes of the text it refuses: at most
//! [`EXCERPT_CHARS`] characters, so that an error's size does not grow with
//! its input (issue 19.4: an error per symbol of a 64 KB word, each quoting
//! the whole word, took 5 GB).

use std::borrow::Cow;

/// The most characters an error quotes of the text it is about.
pub const EXCERPT_CHARS: usize = 40;

/// `text`, or its first [`EXCERPT_CHARS`] characters and `…`.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_quoted_whole() {
        assert_eq!(excerpt("2222a"), "2222a");
        assert_eq!(
            excerpt(&"x".repeat(EXCERPT_CHARS)),
            "x".repeat(EXCERPT_CHARS)
        );
    }

    #[test]
    fn a_long_text_is_cut_at_a_character_with_an_ellipsis() {
        let long = "é".repeat(10_000);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
    }
}
