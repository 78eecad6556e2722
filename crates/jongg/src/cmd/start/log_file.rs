//! The log file of a double-clicked jongg, bounded while it runs (issue
//! 34.8): it was only rotated at start, and one guesser at the login wrote
//! about 550 MB an hour to it. Past [`LOG_KEPT`] bytes the file becomes
//! `jongg.old.log` (replacing the one before) and a new one is begun, so
//! the two never hold much more than twice the bound.
//!
//! Our own dozen lines, not `tracing-appender`: its rolling files are cut
//! by time (a minute, an hour, a day), not by size, so an hour of guesses
//! would still be hundreds of megabytes; bounding by size is what keeps a
//! laptop's disk.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The log file's name in the data folder.
pub const LOG_FILE: &str = "jongg.log";
/// The one older log kept.
pub const OLD_LOG_FILE: &str = "jongg.old.log";
/// The most bytes one log file holds before it is set aside.
pub const LOG_KEPT: u64 = 10 * 1024 * 1024;

/// A log file that sets itself aside past a bound.
#[derive(Debug)]
pub struct RotatingFile {
    path: PathBuf,
    old: PathBuf,
    file: File,
    written: u64,
    bound: u64,
}

impl RotatingFile {
    /// The log in `folder`, appended to; set aside at once if already
    /// past `bound`.
    pub fn open(folder: &Path, bound: u64) -> io::Result<RotatingFile> {
        let path = folder.join(LOG_FILE);
        let old = folder.join(OLD_LOG_FILE);
        let file = append(&path)?;
        let written = file.metadata().map(|m| m.len()).unwrap_or(0);
        let mut log = RotatingFile {
            path,
            old,
            file,
            written,
            bound: bound.max(1),
        };
        if log.written > log.bound {
            log.rotate()?;
        }
        Ok(log)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn rotate(&mut self) -> io::Result<()> {
        self.file.flush()?;
        std::fs::rename(&self.path, &self.old)?;
        self.file = append(&self.path)?;
        self.written = 0;
        Ok(())
    }
}

fn append(path: &Path) -> io::Result<File> {
    File::options().create(true).append(true).open(path)
}

impl Write for RotatingFile {
    /// One write is one log line (the subscriber writes a line at once):
    /// the file is set aside before a line that would take it past the bound.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.written > 0 && self.written + buf.len() as u64 > self.bound {
            // A log that cannot be set aside goes on in the same file
            // rather than lose the line.
            let _ = self.rotate();
        }
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jongg-log-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn size(path: PathBuf) -> u64 {
        std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
    }

    #[test]
    fn a_log_written_past_its_bound_keeps_two_files_of_at_most_the_bound() {
        let dir = folder("bound");
        let mut log = RotatingFile::open(&dir, 1000).unwrap();
        let line = [b'x'; 99];
        for _ in 0..10_000 {
            log.write_all(&line).unwrap();
            log.write_all(b"\n").unwrap();
        }
        log.flush().unwrap();
        // A million bytes written; at most two thousand kept.
        let (now, old) = (size(dir.join(LOG_FILE)), size(dir.join(OLD_LOG_FILE)));
        assert!(now <= 1000 && old <= 1000, "{now} {old}");
        assert!(old > 900, "the older log holds the lines before: {old}");
        let text = std::fs::read_to_string(dir.join(OLD_LOG_FILE)).unwrap();
        assert!(text.lines().all(|l| l.len() == 99), "whole lines only");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_log_past_its_bound_at_start_is_set_aside_and_appended_to_otherwise() {
        let dir = folder("start");
        std::fs::write(dir.join(LOG_FILE), vec![b'a'; 2000]).unwrap();
        let mut log = RotatingFile::open(&dir, 1000).unwrap();
        assert_eq!(size(dir.join(OLD_LOG_FILE)), 2000);
        log.write_all(b"new\n").unwrap();
        drop(log);
        let mut log = RotatingFile::open(&dir, 1000).unwrap();
        log.write_all(b"more\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join(LOG_FILE)).unwrap(),
            "new\nmore\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
