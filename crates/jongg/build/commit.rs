//! Which commit a build of `jongg` names in `jongg --version` (used by
//! `build.rs`; its tests run in `tests/version_cli.rs`).

/// What a build names when neither git nor `JONGG_COMMIT` says.
pub const UNKNOWN: &str = "unknown";

/// The commit: git's when the build has a git checkout, else the one the
/// builder gave in `JONGG_COMMIT` (a tarball, a container without .git),
/// else [`UNKNOWN`]. A name that is not a commit's is passed over.
pub fn chosen(from_git: Option<&str>, from_env: Option<&str>) -> String {
    from_git
        .and_then(cleaned)
        .or_else(|| from_env.and_then(cleaned))
        .unwrap_or_else(|| UNKNOWN.into())
}

/// A commit's name as given, without surrounding spaces, when it is one:
/// 1 to 40 letters, digits, `.`, `-` or `_` (a hash, `v0.1.0-3-gabc1234`).
pub fn cleaned(given: &str) -> Option<String> {
    let s = given.trim();
    let fits = (1..=40).contains(&s.len())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    fits.then(|| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_comes_first_then_the_environment_then_unknown() {
        assert_eq!(chosen(Some("abc1234\n"), Some("fff0000")), "abc1234");
        assert_eq!(chosen(None, Some(" fff0000 ")), "fff0000");
        assert_eq!(chosen(None, None), UNKNOWN);
    }

    #[test]
    fn a_name_that_is_no_commit_is_passed_over() {
        assert_eq!(chosen(Some(""), Some("fff0000")), "fff0000");
        assert_eq!(chosen(None, Some("abc; rm -rf /")), UNKNOWN);
        assert_eq!(chosen(None, Some(&"a".repeat(41))), UNKNOWN);
        assert_eq!(
            cleaned("v0.1.0-3-gabc1234").as_deref(),
            Some("v0.1.0-3-gabc1234")
        );
    }
}
