//! Versions (issue 21.4): `jongg --version` names the version and the
//! commit; a tournament file names the jongg that wrote it, and `jongg
//! import` refuses a file of a newer jongg in words.

#[path = "../build/commit.rs"]
mod commit;

use std::path::Path;
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("cannot run jongg")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// HEAD's short hash, asked of git here, when this is a git checkout.
fn head() -> Option<String> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if !workspace.join(".git").exists() {
        return None;
    }
    let out = Command::new("git")
        .arg("-C")
        .arg(&workspace)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| text(&out.stdout).trim().to_string())
}

#[test]
fn version_names_the_program_and_the_commit_it_was_built_from() {
    let out = jongg(&["--version"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let commit = commit::chosen(
        head().as_deref(),
        std::env::var("JONGG_COMMIT").ok().as_deref(),
    );
    // The same version as the files and the pages name (one version).
    assert_eq!(
        text(&out.stdout),
        format!("{} (commit {commit})\n", jongg_tournament::PROGRAM)
    );
    assert_eq!(text(&jongg(&["-V"]).stdout), text(&out.stdout));
    if head().is_some() {
        assert_ne!(commit, commit::UNKNOWN, "a git checkout names its commit");
    }
}

#[test]
fn import_refuses_a_file_of_a_newer_jongg_in_words() {
    let dir = std::env::temp_dir().join(format!("jongg-version-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let newer = jongg_tournament::VERSION + 1;
    let file = dir.join("newer.json");
    let body = serde_json::json!({
        "format": "jongg-tournament",
        "version": newer,
        "written_by": "jongg 0.9.0",
        "events": [{ "seq": 1, "what": "a kind of event from later" }],
    });
    std::fs::write(&file, body.to_string()).unwrap();
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let out = jongg(&["import", "--database", &db, file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: This file was written by jongg 0.9.0, a newer version (file format {newer}; this is {}, which reads up to {}). Update jongg to import it.\n",
            jongg_tournament::PROGRAM,
            jongg_tournament::VERSION
        )
    );
    assert!(text(&out.stdout).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// CHANGELOG.md in the Keep a Changelog form: Unreleased first, then each
/// version newest first with its date, the six kinds of change only, and
/// a link for every heading; this version has its entry.
#[test]
fn the_changelog_keeps_its_form_and_has_this_version() {
    let log = include_str!("../../../CHANGELOG.md");
    assert!(log.starts_with("# Changelog\n"));
    let kinds = [
        "Added",
        "Changed",
        "Deprecated",
        "Removed",
        "Fixed",
        "Security",
    ];
    let mut versions = Vec::new();
    for line in log.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            let (name, date) = h.split_once(" - ").unwrap_or((h, ""));
            let name = name
                .strip_prefix('[')
                .and_then(|n| n.strip_suffix(']'))
                .unwrap_or_else(|| panic!("`{line}`: a version in brackets"));
            if name != "Unreleased" {
                let d: Vec<&str> = date.split('-').collect();
                let digits = |s: &str, n| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
                assert!(
                    d.len() == 3 && digits(d[0], 4) && digits(d[1], 2) && digits(d[2], 2),
                    "`{line}`: a date as YYYY-MM-DD"
                );
            }
            versions.push(name);
        } else if let Some(kind) = line.strip_prefix("### ") {
            assert!(kinds.contains(&kind), "`{line}`: one of {kinds:?}");
        }
    }
    assert_eq!(versions.first(), Some(&"Unreleased"));
    assert!(
        versions.contains(&env!("CARGO_PKG_VERSION")),
        "{versions:?}"
    );
    let numbers = |v: &str| -> Vec<u64> { v.split('.').map(|n| n.parse().unwrap()).collect() };
    let released: Vec<Vec<u64>> = versions[1..].iter().map(|v| numbers(v)).collect();
    assert!(released.windows(2).all(|w| w[0] > w[1]), "newest first");
    for v in versions {
        assert!(log.contains(&format!("\n[{v}]: ")), "a link for [{v}]");
    }
}
