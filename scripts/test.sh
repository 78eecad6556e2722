#!/usr/bin/env bash
# Runs every test of jongg: formatting, lints, and the whole test suite
# (unit, property, CLI and API tests, on SQLite and PostgreSQL), every bench
# once, the browser tests of the web pages, and the API fuzzed from its
# OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")/.."

# The long runs (1,000 games over the wire, 1,000 through the table's owner,
# 100,000 bot games) stay out of the default run, which plays a bounded
# sample of each (5, 30 and 60 games); JONGG_LONG_TESTS=1 adds them as a
# last stage, in release where they were measured (docs/testing.md, "The
# long runs"). Mutation runs are never part of it (scripts/mutants.sh).
LONG="${JONGG_LONG_TESTS:-0}"

# A heading before each stage, with when it starts (seconds since the run
# began); each stage's time when it ends, and every stage's and the total at
# the end (even when a stage fails), so a slow run says where its time went.
RUN_START=$(date +%s)
STAGE_NAME=""
STAGE_START=$RUN_START
STAGE_TIMES=()
end_stage() {
  [ -n "$STAGE_NAME" ] || return 0
  local took=$(($(date +%s) - STAGE_START))
  STAGE_TIMES+=("$(printf '%6ds  %s' "$took" "$STAGE_NAME")")
  printf '== %s: %ds ==\n' "$STAGE_NAME" "$took"
  STAGE_NAME=""
}
stage() {
  end_stage
  STAGE_NAME="$*"
  STAGE_START=$(date +%s)
  printf '\n== %s (at %ds) ==\n' "$*" $((STAGE_START - RUN_START))
}
summary() {
  local status=$?
  end_stage
  printf '\n== time by stage ==\n'
  printf '%s\n' "${STAGE_TIMES[@]}"
  printf '%6ds  total%s\n' $(($(date +%s) - RUN_START)) \
    "$([ "$status" = 0 ] || echo " (failed, exit $status)")"
}
trap summary EXIT

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

if [ "$LONG" = 1 ]; then
  stage "the long runs (JONGG_LONG_TESTS=1)"
  cargo nextest run --release -p jongg-game --run-ignored only \
    -E 'test(no_bot_makes_an_illegal_move_in_100000_games)'
  JONGG_PLAY_GAMES=1000 cargo nextest run --release -p jongg-play -E 'test(no_message)'
  JONGG_PLAY_WIRE_GAMES=1000 JONGG_PLAY_WIRE_AT_ONCE=25 \
    cargo nextest run -p jongg-server --test play -E 'test(no_message)'
fi
