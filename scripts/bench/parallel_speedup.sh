#!/usr/bin/env bash
# Parallel speed-up of `linkify -j N` over a folder of real files: Debian
# copyright files and changelogs (as .txt), and the Markdown and HTML files
# under /usr/share/doc and the Python installation. Checks that every -j
# gives the same bytes as -j 1.
#
#   scripts/bench/parallel_speedup.sh            # -j 1, 2, 4 and the number of cores
#   JOBS="1 2 8" REPEAT=5 scripts/bench/parallel_speedup.sh
set -euo pipefail
BIN=${LINKIFY:-.build/release/linkify}
REPEAT=${REPEAT:-3}
CORES=$(nproc)
JOBS=${JOBS:-"1 2 4 $CORES"}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/linkify-speedup.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
[ -x "$BIN" ] || { echo "no $BIN (run: swift build -c release)" >&2; exit 2; }

CORPUS=$TMP/corpus
mkdir -p "$CORPUS/copyright" "$CORPUS/changelog" "$CORPUS/docs"
for f in /usr/share/doc/*/copyright; do
    cp "$f" "$CORPUS/copyright/$(basename "$(dirname "$f")").txt" 2>/dev/null || true
done
for f in /usr/share/doc/*/changelog.Debian.gz /usr/share/doc/*/changelog.gz; do
    [ -f "$f" ] || continue
    name=$(basename "$(dirname "$f")")-$(basename "$f" .gz)
    zcat "$f" > "$CORPUS/changelog/$name.txt" 2>/dev/null || true
done
i=0
while IFS= read -r f; do
    i=$((i + 1))
    cp "$f" "$CORPUS/docs/$i-$(basename "$f")" 2>/dev/null || true
done < <(find /usr/share/doc /usr/lib/python3* -type f \( -name '*.md' -o -name '*.html' -o -name '*.htm' \) 2>/dev/null | sort)
FILES=$(find "$CORPUS" -type f | wc -l)
BYTES=$(du -sb "$CORPUS" | cut -f1)
echo "corpus: $FILES files, $((BYTES / 1048576)) MiB; $CORES cores, load average $(cut -d" " -f1-3 /proc/loadavg) (-j N needs N free cores); best of $REPEAT runs"

best() {  # best wall time of REPEAT runs of: linkify -j $1
    local best=""
    for _ in $(seq "$REPEAT"); do
        local start end t
        start=$(date +%s.%N)
        "$BIN" -q -j "$1" "$CORPUS" > "$TMP/out-$1"
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}

printf '%-6s %9s %9s %9s  %s\n' jobs seconds MB/s speed-up output
base=""
for j in $JOBS; do
    t=$(best "$j")
    [ -n "$base" ] || base=$t
    same=$(cmp -s "$TMP/out-1" "$TMP/out-$j" 2>/dev/null && echo "same as -j 1" || echo "DIFFERS from -j 1")
    [ -f "$TMP/out-1" ] || same="(baseline)"
    printf '%-6s %9.3f %9.1f %8.2fx  %s\n' "$j" "$t" "$(echo "$BYTES / $t / 1000000" | bc -l)" "$(echo "$base / $t" | bc -l)" "$same"
done
