#!/usr/bin/env bash
# make bench: builds the corpora into bench-data/ (git-ignored), builds the
# Rust peer offline, then measures linkify beside it and cat in one run.
#
#   (a) text.txt     Debian's /usr/share/doc/*/changelog*.gz (unzipped) and
#                    */copyright, concatenated in byte-sorted path order
#   (b) urls.txt     32 MB of URL-dense lines from scripts/bench/urls.py
# (the Markdown corpus of the lint and Markdown benchmarks is gathered by
# scripts/bench/bench_docs.py). Figures also go to bench-data/results.jsonl for the
# closing summary (scripts/bench/summary.py); `make bench` empties it first.
#
# Usage: scripts/bench/bench.sh [BIN] [STATIC_BIN]   (the static build is measured
# for its peak RSS and start-up when it exists)
# Environment: BENCH_RUNS (default 3), BENCH_STARTUP_RUNS (default 200),
# BENCH_CALLGRIND=0 skips the instruction counts.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."
ROOT=$PWD
BIN=$(realpath "${1:-.build/release/linkify}")
STATIC_BIN=$(realpath "${2:-.build/static/release/linkify}" 2>/dev/null || true)
[ -x "$STATIC_BIN" ] || STATIC_BIN=
DATA=$ROOT/bench-data
RUNS=${BENCH_RUNS:-3}
STARTUP_RUNS=${BENCH_STARTUP_RUNS:-200}
mkdir -p "$DATA"
[ -x "$BIN" ] || swift build -c release --product linkify

say() { printf '%s\n' "$*"; }

# (a) Real text. Installing packages changes /usr/share/doc: the checksum says which corpus a figure is for.
ls -d /usr/share/doc/*/changelog*.gz /usr/share/doc/*/copyright 2>/dev/null | sort > "$DATA/text.manifest"
while IFS= read -r f; do
    case $f in *.gz) zcat -- "$f" ;; *) cat -- "$f" ;; esac
done < "$DATA/text.manifest" > "$DATA/text.txt.tmp" 2>/dev/null || true
mv "$DATA/text.txt.tmp" "$DATA/text.txt"
TEXT_SUM=$(sha256sum "$DATA/text.txt" | cut -c1-16)

# (b) URL-dense text, the same bytes on every machine.
python3 scripts/bench/urls.py "$DATA/urls.txt" 32000000
URLS_SUM=$(sha256sum "$DATA/urls.txt" | cut -c1-16)

# A 100-byte input for start-up, and the slices that callgrind counts.
head -c 100 "$DATA/urls.txt" > "$DATA/startup.txt"
head -c 20000000 "$DATA/text.txt" > "$DATA/text-20MB.txt"
head -c 8000000 "$DATA/urls.txt" > "$DATA/urls-8MB.txt"

# The Rust peer: linkify 0.9 from Debian's registry, offline.
PEER_DIR=$DATA/rust-peer
mkdir -p "$PEER_DIR/.cargo" "$PEER_DIR/src"
cp scripts/bench/rust-peer/Cargo.toml "$PEER_DIR/"
cp scripts/bench/rust-peer/src/main.rs "$PEER_DIR/src/"
cat > "$PEER_DIR/.cargo/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
TOML
(cd "$PEER_DIR" && cargo build --release --quiet)
PEER=$PEER_DIR/target/release/linkify-peer

NOW=$(date -u +%Y-%m-%dT%H:%MZ)
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || COMMIT="$COMMIT+changes"
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
printf '{"id": "run", "date": "%s", "commit": "%s", "cores": %d, "load": "%s"}\n' \
    "$NOW" "$COMMIT" "$(nproc)" "$LOAD" >> "${BENCH_RESULTS:-$DATA/results.jsonl}"
say "linkify bench  $NOW  $COMMIT  $(nproc) cores, load $LOAD"
say "  (a) text.txt  $(stat -c %s "$DATA/text.txt") bytes from $(wc -l < "$DATA/text.manifest") files, sha256 $TEXT_SUM"
say "  (b) urls.txt  $(stat -c %s "$DATA/urls.txt") bytes, sha256 $URLS_SUM"
say "  peer: Rust linkify $(sed -n 's/^version = "\(.*\)"/\1/p' /usr/share/cargo/registry/linkify-0.*/Cargo.toml | head -1) (kinds url+email, text escaped, BufWriter); stdout to /dev/null"
say ""

STATIC_CORPUS= STATIC_STARTUP=
if [ -n "$STATIC_BIN" ]; then
    STATIC_CORPUS="\"static\": [\"$STATIC_BIN\", \"--to\", \"html\"],"
    STATIC_STARTUP="\"static linkify --to html\": [\"$STATIC_BIN\", \"--to\", \"html\"],"
fi
cat > "$DATA/bench.json" <<JSON
{"runs": $RUNS, "startup_runs": $STARTUP_RUNS,
 "corpora": [{"key": "text", "name": "(a) real text", "path": "$DATA/text.txt"},
             {"key": "urls", "name": "(b) URL-dense", "path": "$DATA/urls.txt"}],
 "pairs": [{"key": "default", "label": "--to html (default profile)", "ours": ["$BIN", "--to", "html"],
            "peer": ["$PEER", "--no-scheme"], "peer_name": "Rust linkify --no-scheme"},
           {"key": "gfm", "label": "--to html --profile gfm", "ours": ["$BIN", "--to", "html", "--profile", "gfm"],
            "peer": ["$PEER"], "peer_name": "Rust linkify"},
           {"key": "all", "label": "--detect all vs URL-only", "ours": ["$BIN", "--to", "html", "--detect", "all"],
            "peer": ["$BIN", "--to", "html"], "peer_name": "linkify URL-only", "goal": 0.3333, "rss": false},
           {"key": "dates", "label": "--detect date,address vs URL-only",
            "ours": ["$BIN", "--to", "html", "--detect", "date,address", "--now", "2026-01-01T00:00:00"],
            "peer": ["$BIN", "--to", "html"], "peer_name": "linkify URL-only", "goal": 0.3333, "rss": false}],
 "ceiling": ["cat"],
 $STATIC_CORPUS
 "startup": {"input": "$DATA/startup.txt",
             "commands": {"linkify --to html": ["$BIN", "--to", "html"],
                          $STATIC_STARTUP
                          "peer --no-scheme": ["$PEER", "--no-scheme"], "cat": ["cat"]},
             "record": {"startup-release": ["linkify --to html", "peer --no-scheme"],
                        "startup-static": ["static linkify --to html", "peer --no-scheme"]}}}
JSON
cc -O2 -o "$DATA/runstat" scripts/bench/runstat.c
python3 scripts/bench/measure.py "$DATA/runstat" "$DATA/bench.json"

# Instruction counts are repeatable on a shared machine; wall times are not.
if [ "${BENCH_CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
    say ""
    say "instructions per input byte (callgrind; repeatable)"
    count() {  # count LABEL INPUT ARGV...: prints the count, and Ir/byte
        local label=$1 input=$2; shift 2
        local ir
        ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 > /dev/null \
             | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
        printf '  %-44s %8.2f  (%s Ir)\n' "$label" "$(echo "$ir / $(stat -c %s "$input")" | bc -l)" "$ir" >&2
        echo "$ir / $(stat -c %s "$input")" | bc -l
    }
    for corpus in text-20MB urls-8MB; do
        ours=$(count "ours  default, $corpus" "$DATA/$corpus.txt" "$BIN" --to html)
        peer=$(count "peer  --no-scheme, $corpus" "$DATA/$corpus.txt" "$PEER" --no-scheme)
        printf '{"id": "ir-%s", "label": "default vs --no-scheme, %s", "ours": %s, "peer": %s, "unit": "Ir/byte"}\n' \
            "$corpus" "$corpus" "$ours" "$peer" >> "${BENCH_RESULTS:-$DATA/results.jsonl}"
    done
fi
