//! Names the commit this build comes from, for `jongg --version`, as the
//! compile-time variable `JONGG_BUILD_COMMIT` (`build/commit.rs` chooses).
//!
//! It runs again only when HEAD moves (HEAD, the branch it names, the
//! packed refs) or `JONGG_COMMIT` changes, never for an edited file: so a
//! build does not say whether the tree had changes beyond its commit (a
//! `-dirty` mark would need every file watched, and be stale otherwise).

#[path = "build/commit.rs"]
mod commit;

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/commit.rs");
    println!("cargo:rerun-if-env-changed=JONGG_COMMIT");
    // Read when the script runs, not when it was compiled: a build script
    // compiled in another checkout (a copied target/) must look at this one.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
    let workspace = manifest.join("../..");
    let git = from_git(&workspace);
    let env = std::env::var("JONGG_COMMIT").ok();
    if git.is_none()
        && let Some(e) = env.as_deref().filter(|e| commit::cleaned(e).is_none())
    {
        println!(
            "cargo:warning=JONGG_COMMIT `{}` is not a commit's name (1 to 40 letters, digits, `.`, `-`, `_`): the build names its commit `{}`",
            e.escape_default(),
            commit::UNKNOWN
        );
    }
    let chosen = commit::chosen(git.as_deref(), env.as_deref());
    println!("cargo:rustc-env=JONGG_BUILD_COMMIT={chosen}");
}

/// HEAD's short hash when the workspace is a git checkout (its own `.git`,
/// not a repository it happens to sit in) and git runs; the files that
/// move with HEAD are watched.
fn from_git(workspace: &Path) -> Option<String> {
    if !workspace.join(".git").exists() {
        return None;
    }
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(workspace)
            .args(args)
            .output()
            .ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_string())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"])?;
    // A worktree's HEAD is in its own git folder and its branch in the
    // shared one: git says where each is.
    let path = |name: &str| {
        git(&["rev-parse", "--git-path", name]).map(|p| {
            let p = PathBuf::from(p);
            if p.is_absolute() {
                p
            } else {
                workspace.join(p)
            }
        })
    };
    let mut watched = vec![path("HEAD"), path("packed-refs")];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        // A branch only in packed-refs gets its own file at the next
        // commit: its folder shows that.
        watched.push(path(&branch).map(|f| match f.exists() {
            true => f,
            false => f.parent().map(Path::to_path_buf).unwrap_or(f),
        }));
    }
    // A file that does not exist would make cargo run this every time.
    for file in watched.into_iter().flatten().filter(|f| f.exists()) {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    Some(commit)
}
