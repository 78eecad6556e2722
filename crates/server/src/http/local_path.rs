//! Whether an address a request names (`?next=`, a form's `_then`) is a
//! path on this server, read as a browser reads it (issue 19.5: `/\t/evil`
//! passed a `//` check, and the browser, which drops tabs and line breaks
//! inside an address, went to `//evil`, another site).

/// The most bytes of a path gone back to.
const MAX_PATH: usize = 2000;

/// `text` as a browser reads it, if that is a path on this server: tab, CR
/// and LF dropped; then one `/` not followed by `/` or `\`, no `\` at all
/// (a browser reads it as `/`), no other control character. Else `None`.
pub(crate) fn local_path(text: &str) -> Option<String> {
    let read: String = text
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let mut chars = read.chars();
    let ok = chars.next() == Some('/')
        && !matches!(chars.next(), Some('/' | '\\'))
        && !read.contains('\\')
        && !read.chars().any(char::is_control)
        && read.len() <= MAX_PATH;
    ok.then_some(read)
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn a_path_on_this_server_is_local() {
        assert_eq!(local_path("/director/t/1"), Some("/director/t/1".into()));
        assert_eq!(local_path("/"), Some("/".into()));
        assert_eq!(local_path("/t/1?x=//y"), Some("/t/1?x=//y".into()));
        // Encoded slashes stay one path segment on this server.
        assert_eq!(local_path("/%2F%2Fevil"), Some("/%2F%2Fevil".into()));
        // What a browser goes to: the line break dropped.
        assert_eq!(local_path("/a\nb"), Some("/ab".into()));
    }

    #[test]
    fn a_tab_or_line_break_before_a_second_slash_is_another_site() {
        assert_eq!(local_path("/\t/evil.example/phish"), None);
        assert_eq!(local_path("/\r\n/evil.example"), None);
        assert_eq!(local_path("\t//evil.example"), None);
    }

    #[test]
    fn another_site_or_a_scheme_is_not_local() {
        for other in [
            "//evil",
            "/\\evil",
            "\\\\evil",
            "/x\\y",
            "https://evil",
            "javascript:alert(1)",
            " /x",
            "director",
            "",
            "/a\u{0}b",
        ] {
            assert_eq!(local_path(other), None, "{other:?}");
        }
        assert_eq!(local_path(&format!("/{}", "a".repeat(2000))), None);
    }
}
