//! Where a double-clicked jongg keeps its data (the platform's convention:
//! `~/.local/share/jongg`, `%APPDATA%\jongg`, `~/Library/Application
//! Support/jongg`), and its log there: with no terminal, the log file is
//! where a failure can still be read (bounded: `log_file.rs`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use super::log_file::{LOG_FILE, LOG_KEPT, RotatingFile};

/// The user's data folder for jongg (not created here).
pub fn data_folder() -> Result<PathBuf, String> {
    let base = directories::BaseDirs::new().ok_or(
        "this computer names no home folder for this user, so jongg has no place to keep its \
         data: start it as `jongg serve --database sqlite://<a file>` instead",
    )?;
    Ok(base.data_dir().join("jongg"))
}

/// The database in `folder`.
pub fn database_url(folder: &Path) -> String {
    jongg_store::sqlite_url(&folder.join("jongg.sqlite"))
}

/// Starts the log: to standard error (a terminal, if any) and appended to
/// the log file in `folder`. Returns the file's path.
pub fn start_log(folder: &Path) -> Result<PathBuf, String> {
    // Bounded while it runs: past 10 MB it becomes `jongg.old.log`.
    let file = RotatingFile::open(folder, LOG_KEPT).map_err(|e| {
        format!(
            "cannot write the log file {}: {e}",
            folder.join(LOG_FILE).display()
        )
    })?;
    let path = file.path().to_path_buf();
    use jongg_server::logging::{LogFormat, filter, layer};
    tracing_subscriber::registry()
        .with(filter())
        .with(layer(LogFormat::Text, std::io::stderr))
        .with(layer(LogFormat::Text, Mutex::new(file)))
        .try_init()
        .map_err(|e| format!("cannot start the log: {e}"))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_is_a_file_in_the_folder() {
        let folder = Path::new("/home/ann/.local/share/jongg");
        assert_eq!(
            database_url(folder),
            "sqlite:///home/ann/.local/share/jongg/jongg.sqlite"
        );
        assert_eq!(
            jongg_store::sqlite_file(&database_url(folder)).as_deref(),
            Some("/home/ann/.local/share/jongg/jongg.sqlite")
        );
    }
}
