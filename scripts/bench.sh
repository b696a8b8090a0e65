#!/usr/bin/env bash
# make bench: builds the corpora into bench-data/ (git-ignored), builds the
# Rust peer offline, then measures linkify beside it and cat in one run.
#
#   (a) text.txt     Debian's /usr/share/doc/*/changelog*.gz (unzipped) and
#                    */copyright, concatenated in byte-sorted path order
#   (b) urls.txt     32 MB of URL-dense lines from scripts/bench/urls.py
#   (c) markdown/    the real .md files on this machine (for lint benchmarks)
#
# Environment: BENCH_RUNS (default 3), BENCH_STARTUP_RUNS (default 200),
# BENCH_CALLGRIND=0 skips the instruction counts.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=$ROOT/.build/release/linkify
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

# (c) Markdown: every real .md (and .md.gz, unzipped) file under these trees.
rm -rf "$DATA/markdown"; mkdir -p "$DATA/markdown"
find /usr/share /usr/lib /opt /root/.pyenv /root/.rustup -xdev -type f \( -name '*.md' -o -name '*.md.gz' \) \
    -not -path '*/node_modules/*' 2>/dev/null | sort > "$DATA/markdown.manifest" || true
while IFS= read -r f; do
    name=$(printf '%s' "${f#/}" | tr '/' '_')
    case $f in *.gz) zcat -- "$f" > "$DATA/markdown/${name%.gz}" 2>/dev/null || rm -f "$DATA/markdown/${name%.gz}" ;;
               *) cp -- "$f" "$DATA/markdown/$name" ;; esac
done < "$DATA/markdown.manifest"
MD_COUNT=$(ls "$DATA/markdown" | wc -l)
MD_SUM=$(cd "$DATA/markdown" && cat -- * | sha256sum | cut -c1-16)

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

say "linkify bench  $(date -u +%Y-%m-%dT%H:%MZ)  $(git rev-parse --short HEAD 2>/dev/null || echo '?')  $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
say "  (a) text.txt  $(stat -c %s "$DATA/text.txt") bytes from $(wc -l < "$DATA/text.manifest") files, sha256 $TEXT_SUM"
say "  (b) urls.txt  $(stat -c %s "$DATA/urls.txt") bytes, sha256 $URLS_SUM"
say "  (c) markdown/ $MD_COUNT files, $(cat "$DATA"/markdown/* | wc -c) bytes, sha256 $MD_SUM"
say "  peer: Rust linkify $(sed -n 's/^version = "\(.*\)"/\1/p' /usr/share/cargo/registry/linkify-0.*/Cargo.toml | head -1) (kinds url+email, text escaped, BufWriter); stdout to /dev/null"
say ""

cat > "$DATA/bench.json" <<JSON
{"runs": $RUNS, "startup_runs": $STARTUP_RUNS,
 "corpora": [{"name": "(a) real text", "path": "$DATA/text.txt"},
             {"name": "(b) URL-dense", "path": "$DATA/urls.txt"}],
 "pairs": [{"label": "--to html (default profile)", "ours": ["$BIN", "--to", "html"], "peer": ["$PEER", "--no-scheme"]},
           {"label": "--to html --profile gfm", "ours": ["$BIN", "--to", "html", "--profile", "gfm"], "peer": ["$PEER"]}],
 "ceiling": ["cat"],
 "startup": {"input": "$DATA/startup.txt",
             "commands": {"linkify --to html": ["$BIN", "--to", "html"], "peer --no-scheme": ["$PEER", "--no-scheme"], "cat": ["cat"]}}}
JSON
cc -O2 -o "$DATA/runstat" scripts/bench/runstat.c
python3 scripts/bench/measure.py "$DATA/runstat" "$DATA/bench.json"

# Instruction counts are repeatable on a shared machine; wall times are not.
if [ "${BENCH_CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
    say ""
    say "instructions per input byte (callgrind; repeatable)"
    count() {  # count LABEL INPUT ARGV...
        local label=$1 input=$2; shift 2
        local ir
        ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 > /dev/null \
             | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
        printf '  %-44s %8.2f  (%s Ir)\n' "$label" "$(echo "$ir / $(stat -c %s "$input")" | bc -l)" "$ir"
    }
    count "ours  default, text-20MB" "$DATA/text-20MB.txt" "$BIN" --to html
    count "peer  --no-scheme, text-20MB" "$DATA/text-20MB.txt" "$PEER" --no-scheme
    count "ours  default, urls-8MB" "$DATA/urls-8MB.txt" "$BIN" --to html
    count "peer  --no-scheme, urls-8MB" "$DATA/urls-8MB.txt" "$PEER" --no-scheme
fi
