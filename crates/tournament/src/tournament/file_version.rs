//! Which tournament files this program reads: the format's name and its
//! version, read before the events, so that a file of a newer version is
//! named as newer (with the program that wrote it) rather than refused for
//! a field or an event this program does not know.

use super::export::{FORMAT, OLDEST_VERSION, VERSION};
use crate::error::DomainError;
use serde::Deserialize;

/// A file's first fields; its events and anything else are skipped.
#[derive(Debug, Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(default)]
    written_by: Option<String>,
}

/// The format and version of a file's text checked, when they read; a
/// text whose header does not read is left to the full reading, which
/// names what is wrong.
pub(super) fn check_text(text: &str) -> Result<(), DomainError> {
    match serde_json::from_str::<Header>(text) {
        Ok(h) => check(&h.format, h.version, h.written_by.as_deref()),
        Err(_) => Ok(()),
    }
}

/// A file of another format, of a newer version or of no version there
/// ever was is refused, in words.
pub(super) fn check(
    format: &str,
    version: u32,
    written_by: Option<&str>,
) -> Result<(), DomainError> {
    if format != FORMAT {
        return Err(DomainError::BadFile(format!(
            "format is `{}`, not `{FORMAT}`",
            shown(format)
        )));
    }
    if version > VERSION {
        return Err(DomainError::NewerFile {
            written_by: written_by.map(shown),
            version,
        });
    }
    if version < OLDEST_VERSION {
        return Err(DomainError::BadFile(format!(
            "its version is {version}, which no jongg ever wrote (this one reads {OLDEST_VERSION} to {VERSION})"
        )));
    }
    Ok(())
}

/// A name from the file as a message shows it: at most 40 characters and
/// no control characters (a terminal would obey them).
fn shown(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::export::PROGRAM;

    fn words(text: &str) -> String {
        check_text(text).unwrap_err().to_string()
    }

    #[test]
    fn a_newer_file_is_named_with_its_writer_and_both_versions() {
        let said = words(
            r#"{"format":"jongg-tournament","version":3,"written_by":"jongg 0.9.0","events":[{"new":1}],"more":true}"#,
        );
        assert_eq!(
            said,
            format!(
                "This file was written by jongg 0.9.0, a newer version (file format 3; this is {PROGRAM}, which reads up to {VERSION}). Update jongg to import it."
            )
        );
    }

    #[test]
    fn a_newer_file_without_its_writer_is_still_named_newer() {
        let said = words(r#"{"format":"jongg-tournament","version":7,"events":[]}"#);
        assert!(
            said.starts_with("This file is of a newer file format (7;"),
            "{said}"
        );
        assert!(said.ends_with("Update jongg to import it."), "{said}");
    }

    #[test]
    fn the_writer_is_cut_short_and_loses_its_control_characters() {
        let long = format!("jongg \u{1b}[2J{}", "9".repeat(100));
        let text = serde_json::json!({
            "format": FORMAT, "version": VERSION + 1, "written_by": long, "events": []
        })
        .to_string();
        let said = words(&text);
        assert!(!said.contains('\u{1b}'), "{said}");
        assert!(
            said.contains(&format!("jongg [2J{},", "9".repeat(31))),
            "{said}"
        );
    }

    #[test]
    fn versions_one_to_this_one_read_and_version_zero_is_refused() {
        for v in OLDEST_VERSION..=VERSION {
            assert_eq!(check(FORMAT, v, None), Ok(()));
        }
        let said = check(FORMAT, 0, None).unwrap_err().to_string();
        assert!(said.contains("version is 0"), "{said}");
        let said = check("other", 1, None).unwrap_err().to_string();
        assert!(said.contains("format is `other`"), "{said}");
    }

    #[test]
    fn a_header_that_does_not_read_is_left_to_the_full_reading() {
        assert_eq!(check_text("not json"), Ok(()));
        assert_eq!(check_text(r#"{"version":"three"}"#), Ok(()));
    }
}
