#!/usr/bin/env bash
# Runs every test of jongg: formatting, lints, and the whole test suite
# (unit, property, CLI and API tests, on SQLite and PostgreSQL), every bench
# once, the browser tests of the web pages, and the API fuzzed from its
# OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-postgres.sh

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo nextest run --workspace --no-fail-fast

# Every bench once, so the benches' own checks run (a bench that lies fails
# here): built in the test profile the line above already compiled for, not in
# release; divan runs each bench body once without `--bench`, and the server's
# load bench makes its quick run (BENCHMARKS.md, "Benches in CI").
cargo test --workspace --bench '*'

# The tournament's tests (property tests with extreme values among them)
# again in release, where an overflow wraps silently instead of panicking
# (issue 10). Only the pure crates are built in release; docs/security.md
# has the cost.
cargo nextest run --release -p jongg-tournament --no-fail-fast

# Generated requests from /openapi.json: no 5xx, no panic (schemathesis).
scripts/api-fuzz.sh

# The web pages in a real browser (Debian's headless Chromium).
scripts/browser-tests.sh
