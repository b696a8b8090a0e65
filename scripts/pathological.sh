#!/usr/bin/env bash
# Time and peak memory of linkify on pathological inputs (SPEC §7, issue 5):
# a single huge line, and huge runs of "((((", "a.a.a.", "@@@@", "http://",
# next to ordinary text of the same size. Each shape must run in time linear
# in its size, at most 4x slower than ordinary text, in at most 32 MiB.
#
#   scripts/pathological.sh              # 1 GiB each (needs ~1 GiB free in $TMPDIR)
#   PATHO_MIB=64 scripts/pathological.sh # smaller
#   LINKIFY=path/to/linkify FORMAT=json scripts/pathological.sh
set -euo pipefail
BIN=${LINKIFY:-.build/release/linkify}
MIB=${PATHO_MIB:-1024}
FORMAT=${FORMAT:-html}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/linkify-patho.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
[ -x "$BIN" ] || { echo "no $BIN (run: swift build -c release)" >&2; exit 2; }

python3 - "$BIN" "$MIB" "$FORMAT" "$TMP" <<'PY'
import glob, gzip, os, sys, time
binary, mib, fmt, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
size = mib << 20

def ordinary_text():
    # Real English text with some links: Debian copyright files and changelogs.
    parts = []
    for path in sorted(glob.glob('/usr/share/doc/*/copyright'))[:400]:
        try:
            parts.append(open(path, 'rb').read())
        except OSError:
            pass
    for path in sorted(glob.glob('/usr/share/doc/*/changelog.Debian.gz'))[:100]:
        try:
            parts.append(gzip.open(path).read())
        except OSError:
            pass
    return b''.join(parts) or b'ordinary words and https://example.com/links in a sentence.\n'

base = ordinary_text()
shapes = [
    ('ordinary text', base),
    ('one line (no LF)', base.replace(b'\n', b' ')),
    ('((((', b'('),
    ('a.a.a.', b'a.'),
    ('@@@@', b'@'),
    ('http:// repeated', b'http://'),
    ('a@b.co repeated', b'a@b.co '),
]

def write(path, unit):
    block = (unit * ((1 << 20) // len(unit) + 1))[: 1 << 20] if len(unit) < (1 << 20) else unit
    with open(path, 'wb') as f:
        left = size
        while left > 0:
            chunk = block[:left] if left < len(block) else block
            # For long units (ordinary text) keep cycling through the text.
            f.write(chunk)
            left -= len(chunk)

print(f'linkify --to {fmt} on {mib} MiB inputs ({binary})')
print(f'{"shape":<20} {"seconds":>8} {"MB/s":>8} {"peak MiB":>9} {"vs text":>8}')
baseline = None
worst_ratio, worst_mem = 0.0, 0.0
for name, unit in shapes:
    path = os.path.join(tmp, 'input')
    write(path, unit)
    with open(path, 'rb') as src, open(os.devnull, 'wb') as dst:
        start = time.monotonic()
        # A real fork, not subprocess's vfork: after a vfork the kernel counts
        # the parent's resident memory in the child's ru_maxrss at exec.
        pid = os.fork()
        if pid == 0:
            os.dup2(src.fileno(), 0)
            os.dup2(dst.fileno(), 1)
            os.execv(binary, [binary, '--to', fmt, '-'])
        _, status, usage = os.wait4(pid, 0)
        seconds = time.monotonic() - start
    os.unlink(path)
    peak = usage.ru_maxrss / 1024
    if baseline is None:
        baseline = seconds
    ratio = seconds / baseline
    if name != 'ordinary text':
        worst_ratio = max(worst_ratio, ratio)
    worst_mem = max(worst_mem, peak)
    code = os.waitstatus_to_exitcode(status)
    note = '' if code == 0 else f'  exit {code}'
    print(f'{name:<20} {seconds:8.2f} {size / seconds / 1e6:8.1f} {peak:9.1f} {ratio:7.2f}x{note}', flush=True)
ok = worst_ratio <= 4 and worst_mem <= 32
print(f'worst: {worst_ratio:.2f}x ordinary text (limit 4x), {worst_mem:.1f} MiB peak (limit 32 MiB): {"PASS" if ok else "FAIL"}')
sys.exit(0 if ok else 1)
PY
