//! What the server's benches share: percentiles and their one-line report.

use std::time::{Duration, Instant};

/// The `p` quantile (0-1) of sorted durations.
pub fn pct(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One line: how many, p50, p90, p99 and the slowest.
pub fn report(name: &str, mut d: Vec<Duration>) {
    d.sort_unstable();
    println!(
        "{name:<28} n={:<6} p50={:>7.2} ms  p90={:>7.2} ms  p99={:>7.2} ms  max={:>7.2} ms",
        d.len(),
        ms(pct(&d, 0.5)),
        ms(pct(&d, 0.9)),
        ms(pct(&d, 0.99)),
        ms(*d.last().unwrap())
    );
}

/// What one synced 4 KB write costs on the disk the database is on (the
/// floor under every commit), so each run says what disk it measured.
pub fn disk_sync(dir: &std::path::Path, syncs: usize) -> Vec<Duration> {
    use std::io::{Seek, Write};
    let path = dir.join("sync-probe");
    let mut f = std::fs::File::create(&path).unwrap();
    let block = [7u8; 4096];
    let mut out = Vec::new();
    for _ in 0..syncs {
        let s = Instant::now();
        f.rewind().unwrap();
        f.write_all(&block).unwrap();
        f.sync_data().unwrap();
        out.push(s.elapsed());
    }
    let _ = std::fs::remove_file(path);
    out
}
