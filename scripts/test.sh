#!/usr/bin/env bash
# Runs every test of jongg: formatting, lints, and the whole test suite
# (unit, property, CLI and API tests, on SQLite and PostgreSQL), every bench
# once, the browser tests of the web pages, and the API fuzzed from its
# OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")/.."

# A heading before each stage, so a long run says where it is.
stage() { printf '\n== %s ==\n' "$*"; }

if ! cargo nextest --version >/dev/null 2>&1; then
  stage "installing cargo-nextest (the test runner) from crates.io"
  cargo install --locked cargo-nextest
fi

stage "PostgreSQL"
scripts/ensure-postgres.sh

stage "formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

stage "unit, property, CLI and API tests (SQLite and PostgreSQL)"
cargo nextest run --workspace --no-fail-fast

# The download a director unpacks (issue 21.2): the binary the tests above
# built, packed by scripts/release.sh and run from an empty folder. Not a
# release build (`cargo build --release -p jongg`: 13 min of CPU, about 7 to
# 10 more minutes on CI's 2 cores; docs/install.md): what is tested is the
# archive's contents and the program running on its own; the release
# builds of every target run in .github/workflows/release.yml.
stage "the release archive, unpacked and run from an empty folder"
rm -rf target/dist-test
scripts/release.sh --binary target/debug/jongg --out target/dist-test
scripts/test-release.sh target/dist-test/jongg-*.tar.gz

# Every bench once, so the benches' own checks run (a bench that lies fails
# here): built in the test profile the line above already compiled for, not in
# release; divan runs each bench body once without `--bench`, and the server's
# load bench makes its quick run (BENCHMARKS.md, "Benches in CI").
stage "every bench once"
cargo test --workspace --bench '*'

# The tournament's tests (property tests with extreme values among them)
# again in release, where an overflow wraps silently instead of panicking
# (issue 10). Only the pure crates are built in release; docs/security.md
# has the cost.
stage "the tournament's tests in release"
cargo nextest run --release -p jongg-tournament --no-fail-fast

# Generated requests from /openapi.json: no 5xx, no panic (schemathesis).
stage "the API fuzzed from its OpenAPI document"
scripts/api-fuzz.sh

# The web pages in a real browser (Debian's headless Chromium).
stage "the web pages in headless Chromium"
scripts/browser-tests.sh
