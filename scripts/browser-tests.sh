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

# Every test opens jongg on the hall's address, not loopback (issue 20.1):
# a browser sends no Sec-Fetch-Site to a plain-http address that is not
# loopback, which is what a phone in the hall opens. Chromium maps the name
# hall.test to 127.0.0.1 by a flag (lib.mjs) and the tests' own requests
# from Node do the same (hall-dns.mjs), so nothing leaves this machine, but
# the pages' origin is http://hall.test:PORT, as http://192.168.1.23:8080
# would be.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve_hall() {
  local port
  port=$(free_port)
  serve_fresh browser-tests --bind "127.0.0.1:$port" --public-url "http://hall.test:$port" "$@"
}
. scripts/serve-fresh.sh
serve_hall
SETUP=$SETUP_LINK

# The stage passes only if the runner reports exactly this many tests, all
# passed: a skipped, todo, cancelled or missing test (an empty file, a
# `test.skip`) fails it. Change it with the tests in tournament.test.mjs.
EXPECTED_TESTS=7

# The event test (event.test.mjs) counts on its own, so each file's count
# changes only with that file.
EXPECTED_EVENT_TESTS=1

# Event day at 200 players (eventday.test.mjs, issue 20.2-20.4).
EXPECTED_EVENTDAY_TESTS=1

# The pages with JavaScript off (nojs.test.mjs, issue 13.7).
EXPECTED_NOJS_TESTS=1

# A person plays a live table against three bots (play.test.mjs, issue 23.5).
EXPECTED_PLAY_TESTS=1

# Two people, two bots, a spectator and the replay at a table set up from a
# position (position.test.mjs, issue 23).
EXPECTED_POSITION_TESTS=1

# Screenshots of every page the tests visit (test artefacts); with
# JONGG_GUIDE_SHOTS=1 (scripts/guide-shots.sh) the guide's also go to docs/guide.
export JONGG_SCREENSHOTS="${JONGG_SCREENSHOTS:-$ROOT/target/browser-screenshots}"
export JONGG_GUIDE_DIR="$ROOT/docs/guide"

cd tests/browser
count() { sed -n "s/^# $1 \([0-9][0-9]*\)$/\1/p" "$2" | tail -n 1; }
# run FILE EXPECTED: the runner must report exactly EXPECTED tests, all passed.
run() {
  local file=$1 expected=$2 tap="$WORK/$1.tap" status tests pass fail skipped todo cancelled
  set +e
  JONGG_URL="$URL" JONGG_SETUP="$SETUP" CHROMIUM=/usr/bin/chromium NODE_OPTIONS="--import ./hall-dns.mjs" \
    node --test --test-concurrency=1 --test-reporter=tap "$file" | tee "$tap"
  status=${PIPESTATUS[0]}
  set -e
  tests=$(count tests "$tap") pass=$(count pass "$tap") fail=$(count fail "$tap")
  skipped=$(count skipped "$tap") todo=$(count todo "$tap") cancelled=$(count cancelled "$tap")
  if [ "$status" -ne 0 ] || [ "$tests" != "$expected" ] || [ "$pass" != "$expected" ] ||
    [ "$fail" != 0 ] || [ "$skipped" != 0 ] || [ "$todo" != 0 ] || [ "$cancelled" != 0 ]; then
    echo "browser-tests: $file: want $expected tests, all passed, none skipped or todo; the runner said" \
      "tests=${tests:-?} pass=${pass:-?} fail=${fail:-?} skipped=${skipped:-?} todo=${todo:-?}" \
      "cancelled=${cancelled:-?} (exit $status)" >&2
    exit 1
  fi
  echo "browser-tests: $file: $pass of $expected tests passed"
}
# JONGG_BROWSER_ONLY=event.test.mjs runs one file (while working on it).
only=${JONGG_BROWSER_ONLY:-}
if [ -z "$only" ] || [ "$only" = tournament.test.mjs ]; then
  run tournament.test.mjs "$EXPECTED_TESTS"
fi
if [ -z "$only" ] || [ "$only" = event.test.mjs ]; then
  start=$(date +%s)
  run event.test.mjs "$EXPECTED_EVENT_TESTS"
  echo "browser-tests: the event (100 players, 4 rounds) took $(( $(date +%s) - start )) s"
fi
if [ -z "$only" ] || [ "$only" = eventday.test.mjs ]; then
  run eventday.test.mjs "$EXPECTED_EVENTDAY_TESTS"
fi
if [ -z "$only" ] || [ "$only" = play.test.mjs ]; then
  # A whole game against three bots: on a server whose bots wait 100 ms a
  # move instead of a second (about 7 minutes of waiting on bots, issue
  # 34.10); what is tested is the person's page, not the bots' pace.
  cd "$ROOT"
  kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$WORK"
  serve_hall --play-bot-delay-ms 100
  SETUP=$SETUP_LINK
  cd tests/browser
  run play.test.mjs "$EXPECTED_PLAY_TESTS"
  # The tests after it on a server as `jongg serve` runs by default.
  cd "$ROOT"
  kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$WORK"
  serve_hall
  SETUP=$SETUP_LINK
  cd tests/browser
fi
if [ -z "$only" ] || [ "$only" = position.test.mjs ]; then
  run position.test.mjs "$EXPECTED_POSITION_TESTS"
fi
if [ -z "$only" ] || [ "$only" = nojs.test.mjs ]; then
  # A fresh server: its setup link is the test's own first step.
  cd "$ROOT"
  kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$WORK"
  serve_hall
  SETUP=$SETUP_LINK
  cd tests/browser
  run nojs.test.mjs "$EXPECTED_NOJS_TESTS"
fi
