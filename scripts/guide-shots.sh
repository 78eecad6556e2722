#!/usr/bin/env bash
# Retakes the screenshots of docs/director-guide.md (docs/guide/*.png) from
# the real pages: runs the browser tests with JONGG_GUIDE_SHOTS=1, so the
# event test (tests/browser/event.test.mjs) saves its guide pictures there.
# Commit the PNGs it changes with the pages that changed them.
set -euo pipefail
cd "$(dirname "$0")/.."
JONGG_GUIDE_SHOTS=1 exec scripts/browser-tests.sh "$@"
