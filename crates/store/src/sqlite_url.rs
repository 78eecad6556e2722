//! SQLite database addresses. A file's path goes into a `sqlite://` URL
//! with `%`, `?` and `#` escaped (sqlx reads `?` as the start of the options
//! and `#` as a fragment, and decodes `%XX`), so a data folder named
//! `Mah Jongg #2` or `50% club` reaches SQLite unchanged.

use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};
use std::path::Path;

/// What a file's path must escape in a URL: what would end the path or be
/// read as an escape.
const ESCAPED: &AsciiSet = &CONTROLS.add(b'%').add(b'?').add(b'#');

/// The `sqlite://` URL of `file`.
pub fn sqlite_url(file: &Path) -> String {
    let path = file.to_string_lossy();
    format!("sqlite://{}", utf8_percent_encode(&path, ESCAPED))
}

/// The file of a `sqlite:` database URL, its escapes decoded. `None`: the
/// URL is not SQLite's, or its path is not UTF-8 once decoded.
pub fn sqlite_file(url: &str) -> Option<String> {
    let path = url.strip_prefix("sqlite:")?.trim_start_matches("//");
    let path = path.split(['?', '#']).next().unwrap_or_default();
    percent_decode_str(path)
        .decode_utf8()
        .ok()
        .map(|p| p.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_path_is_its_own_url() {
        let url = sqlite_url(Path::new("/home/ann/jongg/jongg.sqlite"));
        assert_eq!(url, "sqlite:///home/ann/jongg/jongg.sqlite");
        assert_eq!(
            sqlite_file(&url).as_deref(),
            Some("/home/ann/jongg/jongg.sqlite")
        );
    }

    #[test]
    fn a_folder_with_question_hash_or_percent_comes_back_unchanged() {
        for file in [
            "/data/Mah Jongg #2/jongg.sqlite",
            "/data/what?/jongg.sqlite",
            "/data/50% club/jongg.sqlite",
            "/data/%41/jongg.sqlite",
            "/data/Café/jongg.sqlite",
        ] {
            let url = sqlite_url(Path::new(file));
            assert!(!url[9..].contains(['?', '#']), "{url}");
            assert_eq!(sqlite_file(&url).as_deref(), Some(file), "{url}");
        }
    }

    #[test]
    fn options_after_the_path_are_not_part_of_the_file() {
        assert_eq!(
            sqlite_file("sqlite://data/jongg.sqlite?mode=rwc").as_deref(),
            Some("data/jongg.sqlite")
        );
        assert_eq!(sqlite_file("sqlite:x.sqlite").as_deref(), Some("x.sqlite"));
    }

    #[test]
    fn other_databases_and_broken_escapes_are_not_sqlite_files() {
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
        assert_eq!(sqlite_file("sqlite://bad%FF.sqlite"), None);
    }
}
