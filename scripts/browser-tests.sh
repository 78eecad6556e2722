#!/usr/bin/env bash
# The browser tests of jongg's web pages (issue 6). Builds jongg, starts it on
# a new SQLite database on a free port, drives the pages with Debian's
# headless Chromium through playwright-core (tests/browser), and stops it.
# Installs chromium with apt-get when /usr/bin/chromium is missing, and the
# test's npm packages with `npm ci`; no browser is ever downloaded by npm.
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

cargo build -q -p jongg
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/jongg"

WORK=$(mktemp -d)
LOG="$WORK/serve.log"
"$BIN" serve --database "sqlite://$WORK/jongg.sqlite" --bind 127.0.0.1:0 >"$LOG" 2>&1 &
PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  grep -q "Set the director password" "$LOG" 2>/dev/null && break
  if ! kill -0 "$PID" 2>/dev/null; then
    echo "browser-tests: jongg serve stopped:"; cat "$LOG"; exit 1
  fi
  sleep 0.1
done
URL=$(sed -n 's/^jongg is serving at \([^ ]*\).*/\1/p' "$LOG" | head -1)
SETUP=$(sed -n 's/^Set the director password: \(.*\)$/\1/p' "$LOG" | head -1)
if [ -z "$URL" ] || [ -z "$SETUP" ]; then
  echo "browser-tests: jongg serve did not print its address and setup link:"; cat "$LOG"; exit 1
fi
echo "browser-tests: jongg at $URL"

cd tests/browser
JONGG_URL="$URL" JONGG_SETUP="$SETUP" CHROMIUM=/usr/bin/chromium \
  node --test --test-concurrency=1 tournament.test.mjs
