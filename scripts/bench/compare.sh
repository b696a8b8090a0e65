#!/usr/bin/env bash
# Two linkify binaries side by side on the same inputs: instructions counted by
# callgrind (repeatable on a busy machine) and the median wall time of N runs,
# taken in turns, for the default and gfm profiles.
#
#   scripts/bench/compare.sh OLD_BINARY NEW_BINARY FILE...
#
# Environment: COMPARE_RUNS (default 5), COMPARE_CALLGRIND=0 skips the counts.
# Prints one line per file and profile: instructions old → new (change) and
# median seconds old → new (change). A quick check between `make bench` runs,
# for a change that must not cost speed.
set -euo pipefail
old=$(realpath "${1:?usage: compare.sh OLD NEW FILE...}")
new=$(realpath "${2:?usage: compare.sh OLD NEW FILE...}")
shift 2
runs=${COMPARE_RUNS:-5}

instructions() {   # instructions BIN ARGS...
  local out; out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$out" || true
  sed -nE 's/.*Collected : ([0-9]+).*/\1/p' "$out" | tail -n 1
  rm -f "$out"
}

seconds() {   # seconds BIN ARGS...: wall time of one run
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

for file in "$@"; do
  for profile in default gfm; do
    args=(--no-config --profile "$profile" --to html "$file")
    line="$(basename "$file") --profile $profile:"
    if [ "${COMPARE_CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
      a=$(instructions "$old" "${args[@]}"); b=$(instructions "$new" "${args[@]}")
      line+=$(awk -v a="$a" -v b="$b" 'BEGIN { printf " instructions %.1f M -> %.1f M (%+.1f %%);", a / 1e6, b / 1e6, (b - a) * 100 / a }')
    fi
    old_times=() new_times=()
    for ((i = 0; i < runs; i++)); do   # in turns, so that a change in load falls on both
      old_times+=("$(seconds "$old" "${args[@]}")"); new_times+=("$(seconds "$new" "${args[@]}")")
    done
    ta=$(printf '%s\n' "${old_times[@]}" | median); tb=$(printf '%s\n' "${new_times[@]}" | median)
    line+=$(awk -v a="$ta" -v b="$tb" 'BEGIN { printf " median %.3f s -> %.3f s (%+.1f %%)", a, b, (b - a) * 100 / a }')
    echo "$line"
  done
done
