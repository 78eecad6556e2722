#!/usr/bin/env bash
# Runs every test of jongg: formatting, lints, and the whole test suite
# (unit, property, CLI and API tests, on SQLite and PostgreSQL) and the
# browser tests of the web pages, and the API fuzzed from its OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-postgres.sh

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo nextest run --workspace --no-fail-fast

# The tournament's tests (property tests with extreme values among them)
# again in release, where an overflow wraps silently instead of panicking
# (issue 10). Only the pure crates are built in release; docs/security.md
# has the cost.
cargo nextest run --release -p jongg-tournament --no-fail-fast

# Generated requests from /openapi.json: no 5xx, no panic (schemathesis).
scripts/api-fuzz.sh

# The web pages in a real browser (Debian's headless Chromium).
scripts/browser-tests.sh
