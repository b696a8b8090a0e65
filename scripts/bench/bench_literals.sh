#!/bin/sh
# Cost of --links with 10,000 literals (issue 3): start-up (building the one
# Aho-Corasick automaton) and throughput, against the same run without literals,
# and a --pattern run. Usage: scripts/bench/bench_literals.sh [BIN] [MB]
set -eu
BIN=${1:-.build/release/linkify}
MB=${2:-20}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK" "$MB" <<'PY'
import gzip, glob, os, random, sys
work, mb = sys.argv[1], int(sys.argv[2])
random.seed(58)
# Real text: Debian changelogs, repeated up to the size asked for.
chunks, size = [], 0
for path in sorted(glob.glob('/usr/share/doc/*/changelog*.gz'))[:400]:
    try:
        data = gzip.open(path).read()
    except OSError:
        continue
    chunks.append(data); size += len(data)
    if size > 8 << 20: break
text = b''.join(chunks) or b'see example.com and Debian packages\n' * 100000
out = bytearray()
while len(out) < mb << 20: out += text
open(os.path.join(work, 'text.txt'), 'wb').write(out[:mb << 20])
# 10,000 literals: words of the text (so they match) plus made-up terms.
words = sorted({w for w in text.decode('utf-8', 'replace').split() if w.isalpha() and len(w) > 3})
random.shuffle(words)
terms = words[:5000] + ['term%05d' % k for k in range(10000 - min(5000, len(words)))]
with open(os.path.join(work, 'glossary.tsv'), 'w') as f:
    for t in terms[:10000]: f.write('%s\thttps://glossary.example/%s\n' % (t, t))
# Literals that never occur, 10 and 10,000: the cost of the automaton's size alone.
for count in (10, 10000):
    with open(os.path.join(work, 'absent%d.tsv' % count), 'w') as f:
        for k in range(count): f.write('zqxabsent%05d\thttps://glossary.example/%d\n' % (k, k))
PY
run() { # label, args...
    label=$1; shift
    python3 - "$label" "$BIN" "$WORK" "$@" <<'PY'
import os, resource, subprocess, sys, time
label, binary, work, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def once(stdin_path):
    t = time.perf_counter()
    with open(stdin_path, 'rb') as f:
        subprocess.run([binary, '--no-config'] + args, stdin=f, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t
empty = os.path.join(work, 'empty.txt'); open(empty, 'wb').close()
text = os.path.join(work, 'text.txt')
start = sorted(once(empty) for _ in range(7))[3]
full = sorted(once(text) for _ in range(3))[1]
size = os.path.getsize(text) / 1e6
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print('%-34s start-up %6.1f ms   %6.1f MB/s   peak RSS %5.1f MiB' % (label, start * 1000, size / full, rss))
PY
}
echo "input: $MB MB of Debian changelogs; $(wc -l < "$WORK/glossary.tsv") literals"
links=$("$BIN" --no-config --to jsonl --links "$WORK/glossary.tsv" < "$WORK/text.txt" | wc -l)
echo "the 10,000 literals below make $links links (the 'absent' ones none)"
run "no literals" --to html
run "--links 10 absent literals" --to html --links "$WORK/absent10.tsv"
run "--links 10,000 absent literals" --to html --links "$WORK/absent10000.tsv"
run "--links 10,000 literals" --to html --links "$WORK/glossary.tsv"
run "--links 10,000 --ignore-case" --to html --links "$WORK/glossary.tsv" --ignore-case
run "--pattern 'Closes: #(\\d+)'" --to html --pattern 'Closes: #(\d+)=>https://bugs.debian.org/{1}'
run "--pattern '\\b[A-Z]{2,}-\\d+'" --to html --pattern '\b[A-Z]{2,}-\d+=>https://t.example/{0}'
