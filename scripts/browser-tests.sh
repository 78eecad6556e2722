#!/usr/bin/env bash
# The browser tests of jongg's web pages (issue 6). Builds jongg, starts it on
# a new SQLite database on a free port, drives the pages with Debian's
# headless Chromium through playwright-core (tests/browser), and stops it.
# Installs chromium with apt-get when /usr/bin/chromium is missing, and the
# test's npm packages with `npm ci`; no browser is ever downloaded by npm.
# Fails unless the runner reports the expected number of tests, all passed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if [ ! -x /usr/bin/chromium ]; then
  echo "browser-tests: installing Debian's chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null; then
  echo "browser-tests: installing node"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi

(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)

. scripts/serve-fresh.sh
serve_fresh browser-tests
SETUP=$SETUP_LINK

# The stage passes only if the runner reports exactly this many tests, all
# passed: a skipped, todo, cancelled or missing test (an empty file, a
# `test.skip`) fails it. Change it with the tests in tournament.test.mjs.
EXPECTED_TESTS=7

cd tests/browser
TAP="$WORK/browser-tests.tap"
set +e
JONGG_URL="$URL" JONGG_SETUP="$SETUP" CHROMIUM=/usr/bin/chromium \
  node --test --test-concurrency=1 --test-reporter=tap tournament.test.mjs | tee "$TAP"
status=${PIPESTATUS[0]}
set -e
count() { sed -n "s/^# $1 \([0-9][0-9]*\)$/\1/p" "$TAP" | tail -n 1; }
tests=$(count tests) pass=$(count pass) fail=$(count fail)
skipped=$(count skipped) todo=$(count todo) cancelled=$(count cancelled)
if [ "$status" -ne 0 ] || [ "$tests" != "$EXPECTED_TESTS" ] || [ "$pass" != "$EXPECTED_TESTS" ] ||
  [ "$fail" != 0 ] || [ "$skipped" != 0 ] || [ "$todo" != 0 ] || [ "$cancelled" != 0 ]; then
  echo "browser-tests: want $EXPECTED_TESTS tests, all passed, none skipped or todo; the runner said" \
    "tests=${tests:-?} pass=${pass:-?} fail=${fail:-?} skipped=${skipped:-?} todo=${todo:-?}" \
    "cancelled=${cancelled:-?} (exit $status)" >&2
  exit 1
fi
echo "browser-tests: $pass of $EXPECTED_TESTS tests passed"
