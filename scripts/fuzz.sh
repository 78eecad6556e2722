#!/usr/bin/env bash
# The fuzz run of every parser of outside input (issue 10): game records,
# card files, rules files, tile notation, CSV lists and seatings, tournament
# files and every request body of the API, each with 10^6 mutated inputs by
# default, in release. A panic fails the run and prints the smallest input
# that causes it. Each target's inputs may hold at most 64 MB over what the
# run holds (an allocator cap: past it the run stops, naming the target);
# each target's resident peak is printed. Not part of scripts/test.sh: it takes a while
# (docs/security.md has the figures).
#
#   scripts/fuzz.sh                 # every target, 10^6 inputs each
#   scripts/fuzz.sh 10000           # every target, 10^4 inputs each
#   scripts/fuzz.sh 1000000 body:   # only the API bodies (name prefixes)
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo bench -p jongg --bench fuzz -- "$@"
