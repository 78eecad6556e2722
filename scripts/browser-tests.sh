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

. scripts/serve-fresh.sh
serve_fresh browser-tests
SETUP=$SETUP_LINK

cd tests/browser
JONGG_URL="$URL" JONGG_SETUP="$SETUP" CHROMIUM=/usr/bin/chromium \
  node --test --test-concurrency=1 tournament.test.mjs
