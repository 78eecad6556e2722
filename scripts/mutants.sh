#!/usr/bin/env bash
# Mutation testing of the core (issue 22): cargo-mutants changes the code of
# one file at a time (a `>` made `>=`, a body replaced by a default value, ...)
# and runs the tests of that file's own crate. A mutant the tests let pass
# ("missed") is behaviour nothing pins. docs/testing.md has the figures, the
# mutants that change nothing (equivalent) and the habit.
#
#   scripts/mutants.sh                      the whole core list
#   scripts/mutants.sh crates/rules/src/score.rs ...   the named files
#
# Environment: MUTANTS_TIMEOUT (seconds per mutant's tests, default 300);
# MUTANTS_OUT (default target/mutants); MUTANTS_BASELINE=skip when the
# crates' tests are known to pass (else the unmutated tests run once per
# crate first); MUTANTS_RE=REGEX to run only the mutants whose names match
# (a re-run of survivors: `cargo mutants --list --file FILE` shows names);
# MUTANTS_TARGETS="--lib --test=NAME" to build and run only those targets.
# The run mutates the worktree in place (each file is restored after its
# mutant): do not edit, build or commit in it while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# The core: scoring, the card, the game engine, the tournament, and the live
# table's fair wall and owner (crates/play).
CORE=(
  crates/rules/src/score.rs
  crates/rules/src/record/mod.rs
  crates/rules/src/record/read.rs
  crates/card/src/matcher.rs
  crates/card/src/near.rs
  crates/card/src/columns.rs
  crates/card/src/scan.rs
  crates/card/src/live.rs
  crates/card/src/rack.rs
  crates/card/src/expand.rs
  crates/game/src/game.rs
  crates/game/src/state.rs
  crates/game/src/view.rs
  crates/tournament/src/tournament/decide.rs
  crates/tournament/src/tournament/roster.rs
  crates/tournament/src/tournament/rounds.rs
  crates/tournament/src/tournament/sheets.rs
  crates/tournament/src/tournament/clock.rs
  crates/tournament/src/tournament/schedule.rs
  crates/tournament/src/tournament/online.rs
  crates/tournament/src/tournament/floor.rs
  crates/tournament/src/tournament/discipline.rs
  crates/tournament/src/tournament/edits.rs
  crates/tournament/src/tournament/event_card.rs
  crates/tournament/src/tournament/settings.rs
  crates/tournament/src/tournament/table_of_three.rs
  crates/tournament/src/tournament/not_invited.rs
  crates/tournament/src/tournament/access.rs
  crates/tournament/src/tournament/apply.rs
  crates/tournament/src/standings.rs
  crates/tournament/src/tournament/signing.rs
  crates/tournament/src/tournament/import.rs
  crates/play/src/wall.rs
  crates/play/src/owner/mod.rs
  crates/play/src/owner/play.rs
  crates/play/src/owner/watch.rs
  crates/play/src/owner/clocks.rs
  crates/play/src/owner/defaults.rs
  crates/play/src/owner/handle.rs
)

# The test targets built and run per mutant, where not all of a crate's: each
# mutant rebuilds and links every target named, most of a mutant's 15 s to a
# minute on two busy cores. The rules crate's floor and movement tests pin
# files outside the core.
test_targets() {
  case "$1" in
    rules) echo '--lib --test=cases --test=props --test=presets --test=rulings --test=ruling_points' ;;
    *) echo '' ;;
  esac
}

# Tests that time themselves (linear-time reading, hostile input refused
# quickly) fail on a loaded machine, and a failing test "catches" every
# mutant: they never run against mutants.
timing_tests() {
  case "$1" in
    rules) echo 'test(a_64_kb_rules_file_of_many_keys_is_read_in_linear_time)' ;;
    card) echo 'binary(hostile_words)' ;;
    tournament) echo 'test(an_import_carrying_a_hostile_card_is_refused_quickly_and_briefly)' ;;
    *) echo '' ;;
  esac
}

if ! cargo mutants --version >/dev/null 2>&1; then
  echo "installing cargo-mutants from crates.io" >&2
  cargo install --locked cargo-mutants
fi

files=("$@")
[ ${#files[@]} -eq 0 ] && files=("${CORE[@]}")
out_root="${MUTANTS_OUT:-target/mutants}"
timeout="${MUTANTS_TIMEOUT:-300}"
mkdir -p "$out_root"

# A mutant's failing property test must not leave a seed file in the tree.
export PROPTEST_DISABLE_FAILURE_PERSISTENCE=1

declare -A baseline_done=()
rows=()
for file in "${files[@]}"; do
  if [ ! -f "$file" ]; then
    echo "no such file: $file (skipped)" >&2
    rows+=("$(printf '%-46s %s' "$file" 'missing')")
    continue
  fi
  crate=$(echo "$file" | sed -n 's#^crates/\([^/]*\)/.*#\1#p')
  if [ -z "$crate" ]; then
    echo "not a file of a crate: $file (skipped)" >&2
    continue
  fi
  out="$out_root/$(echo "$file" | tr '/' '_')"
  rm -rf "$out"
  mkdir -p "$out"
  args=(mutants --in-place --test-tool nextest --timeout "$timeout"
    --file "$file" --output "$out" --no-shuffle)
  # The crate's unmutated tests must pass first; once is enough per crate.
  if [ -n "${baseline_done[$crate]:-}" ] || [ "${MUTANTS_BASELINE:-run}" = skip ]; then
    args+=(--baseline skip)
  fi
  for target in ${MUTANTS_TARGETS:-$(test_targets "$crate")}; do
    args+=("--cargo-arg=$target")
  done
  timing=$(timing_tests "$crate")
  if [ -n "$timing" ]; then
    args+=(--cargo-test-arg=-E "--cargo-test-arg=not ($timing)")
  fi
  # MUTANTS_RE: only the mutants whose names match (a re-run of survivors).
  if [ -n "${MUTANTS_RE:-}" ]; then
    args+=(--re "$MUTANTS_RE")
  fi
  echo "== $file ==" >&2
  start=$(date +%s)
  # cargo-mutants exits non-zero when a mutant is missed: the table says so.
  nice -n 10 cargo "${args[@]}" >&2 || true
  minutes=$(( ($(date +%s) - start + 59) / 60 ))
  baseline_done[$crate]=1
  result="$out/mutants.out/outcomes.json"
  if [ ! -f "$result" ]; then
    rows+=("$(printf '%-46s %s' "$file" 'no result (see the log above)')")
    continue
  fi
  rows+=("$(jq -r --arg f "$file" --arg m "$minutes" \
    '[$f, .total_mutants, .caught, .missed, .timeout, .unviable, $m] | @tsv' "$result" |
    awk -F'\t' '{ printf "%-46s %7s %6s %6s %7s %8s %7s", $1, $2, $3, $4, $5, $6, $7 }')")
  if [ -s "$out/mutants.out/missed.txt" ]; then
    echo "missed in $file:" >&2
    sed 's/^/  /' "$out/mutants.out/missed.txt" >&2
  fi
done

printf '\n%-46s %7s %6s %6s %7s %8s %7s\n' file mutants caught missed timeout unviable minutes
printf '%s\n' "${rows[@]}"
