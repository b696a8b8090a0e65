#!/usr/bin/env bash
# Time and peak memory of linkify on pathological input shapes (SPEC §7,
# issue 23): one table, a row per reader and shape. Each reader has a named
# baseline corpus, measured first; each shape is measured at 1 MiB and at
# PATHO_MIB (16 by default) and must stay within its reader's bounds:
#
#   reader                 baseline                                   CPU per byte          peak memory
#   text (annotate, lint)  ordinary text: Debian copyright files and  <= 4x the baseline    <= 32 MiB
#                          changelogs of this machine
#   html                   the same text as HTML paragraphs           <= 4x the baseline    <= 32 MiB
#   markdown               the corpus's Markdown files                <= 4x the baseline,   <= 2x the input
#                          (corpus/text/**/*.md)                      <= 2x its own at 1 MiB   + 32 MiB
#   all (--detect all)     the ordinary text, every detector on       <= 2x the baseline    <= 32 MiB
#                          (issue 27: digit, bracket, sign and word
#                          runs that wake the phone, date and
#                          address readers)
#
# Link-dense shapes (an entity every few bytes) are costly, not pathological:
# they are held to the memory bound only. CPU time (the least of three runs,
# less the start-up's), not wall time: on a shared machine wall time measures
# the load.
#
#   scripts/bench/pathological.sh                      # 16 MiB inputs
#   PATHO_MIB=1024 scripts/bench/pathological.sh       # SPEC §7's 1 GiB (needs ~1 GiB free in $TMPDIR)
#   LINKIFY=path/to/linkify READERS=markdown scripts/bench/pathological.sh   # some readers only
set -euo pipefail
BIN=${LINKIFY:-.build/release/linkify}
MIB=${PATHO_MIB:-16}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/linkify-patho.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
[ -x "$BIN" ] || { echo "no $BIN (run: swift build -c release)" >&2; exit 2; }

python3 - "$BIN" "$MIB" "$TMP" "${READERS:-}" <<'PY'
import glob, gzip, html, os, pathlib, subprocess, sys

MEASURE = '''
import os, sys
binary, path, *args = sys.argv[1:]
pid = os.fork()
if pid == 0:
    os.dup2(os.open(path, os.O_RDONLY), 0)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.execv(binary, [binary] + args + ['-'])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
'''
binary, mib, tmp, readers = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
small, large = 1 << 20, mib << 20

def ordinary_text():
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

def as_html(text):
    paragraphs = text.decode('utf-8', 'replace').split('\n\n')
    return ''.join(f'<p>{html.escape(p, quote=False)}</p>\n' for p in paragraphs).encode()

def markdown_corpus():
    root = pathlib.Path.cwd() / 'corpus/text'
    return b'\n\n'.join(p.read_bytes() for p in sorted(root.rglob('*.md')))

text = ordinary_text()
# (reader, arguments, shape, unit or None for the baseline, held to the time bound)
ROWS = [
    ('text', ['--to', 'html'], 'ordinary text', text, True),
    ('text', ['--to', 'html'], 'one line (no LF)', text.replace(b'\n', b' '), True),
    ('text', ['--to', 'html'], '((((', b'(', True),
    ('text', ['--to', 'html'], 'a.a.a.', b'a.', True),
    ('text', ['--to', 'html'], '@@@@', b'@', True),
    ('text', ['--to', 'html'], 'http:// repeated', b'http://', True),
    ('text', ['--to', 'html'], 'a@b.co repeated', b'a@b.co ', False),
    ('lint text', ['lint', '--stdin-filepath', 'x.txt'], 'ordinary text', text, True),
    ('lint text', ['lint', '--stdin-filepath', 'x.txt'], 'URL-dense', b'see https://example.com/a?b=c and www.foo.org/x, a@b.co ', False),
    ('html', ['--from', 'html', '--to', 'html'], 'ordinary text as HTML', as_html(text), True),
    ('html', ['--from', 'html', '--to', 'html'], '<p> nodes', b'<p>x</p>', True),
    ('html', ['--from', 'html', '--to', 'html'], '&amp; runs', b'&amp;', True),
    ('html', ['--from', 'html', '--to', 'html'], '<', b'<', True),
    ('html', ['--from', 'html', '--to', 'html'], 'anchors', b'<a href="https://x.org">x</a> https://y.org ', False),
    ('all', ['--detect', 'all', '--to', 'html'], 'ordinary text', text, True),
    ('all', ['--detect', 'all', '--to', 'html'], '1/1/1/', b'1/', True),
    ('all', ['--detect', 'all', '--to', 'html'], '((((', b'(', True),
    ('all', ['--detect', 'all', '--to', 'html'], '1 2 3 4', b'1 2 3 4 5 6 7 8 9 ', True),
    ('all', ['--detect', 'all', '--to', 'html'], '1.1.1.', b'1.', True),
    ('all', ['--detect', 'all', '--to', 'html'], '+1 +1', b'+1 ', True),
    ('all', ['--detect', 'all', '--to', 'html'], '1-1-1-', b'1-', True),
    ('all', ['--detect', 'all', '--to', 'html'], 'months repeated', b'January February March ', True),
    ('all', ['--detect', 'all', '--to', 'html'], 'Suite Suite', b'Suite ', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], 'ordinary Markdown', markdown_corpus(), True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], 'lines of abc', b'abc\n', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], 'reference defs and uses', b'[a]: http://x.com\n[a]\n', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '*_', b'*_', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '[', b'[', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '`', b'`', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '<', b'<', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '![', b'![', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], 'nested lists', b'- a\n  - b\n    - c\n      - d https://x.com\n', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], 'nested quotes', b'> > > > > a https://x.com\n', True),
    ('markdown', ['--from', 'markdown', '--to', 'markdown'], '`a` runs', b'`a` ``b`` ', True),
]
if readers:
    ROWS = [r for r in ROWS if r[0] in readers.split(',')]

def write(path, unit, size):
    with open(path, 'wb') as f:
        block = (unit * ((1 << 20) // len(unit) + 1))[: 1 << 20] if len(unit) < (1 << 20) else unit
        left = size
        while left > 0:
            chunk = block[:left]
            f.write(chunk)
            left -= len(chunk)

def measure(args, unit, size):
    """Exit status, CPU seconds (the least of three runs) and peak MiB (the most)."""
    path = os.path.join(tmp, 'input')
    if size:
        write(path, unit, size)
    else:
        open(path, 'wb').close()
    runs = []
    try:
        for _ in range(3):
            out = subprocess.run([sys.executable, '-c', MEASURE, binary, path] + args,
                                 capture_output=True, text=True, check=True).stdout.split()
            runs.append((int(out[0]), float(out[1]), int(out[2]) / 1024))
    finally:
        os.unlink(path)
    return max(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)

startup = {}
def cpu(args, unit, size):
    """measure(), its CPU time less the start-up's (an empty input's), at least 5 ms."""
    key = ' '.join(args)
    if key not in startup:
        startup[key] = measure(args, b'', 0)[1]
    code, seconds, peak = measure(args, unit, size)
    return code, max(seconds - startup[key], 0.005), peak

print(f'linkify on 1 MiB and {mib} MiB inputs ({binary})')
print(f'{"reader":<10} {"shape":<24} {"CPU s 1M":>8} {"CPU s":>7} {"growth":>7} {"vs base":>8} {"peak MiB":>9} {"bound":>6}  ok')
baseline, failed = {}, []
for reader, args, name, unit, timed in ROWS:
    c1, t1, _ = cpu(args, unit, small)
    c2, t2, peak = cpu(args, unit, large)
    # lint exits 1 when it finds something: that is not a failure here.
    exit_ok = all(c in (0, 1) if args[0] == 'lint' else c == 0 for c in (c1, c2))
    per1, per2 = t1 / small, t2 / large
    base = baseline.setdefault(reader, per2)
    growth, vs = per2 / per1, per2 / base
    if reader == 'markdown':
        bound = 2 * mib + 32
        ok = growth <= 2 and (not timed or vs <= 4)
    elif reader == 'all':
        bound = 32
        ok = not timed or vs <= 2
    else:
        bound = 32
        ok = not timed or vs <= 4
    ok = ok and exit_ok and peak <= bound
    if not ok:
        failed.append(f'{reader} {name}')
    print(f'{reader:<10} {name:<24} {t1:8.3f} {t2:7.3f} {growth:6.2f}x {vs:7.2f}x{"" if timed else "*"} {peak:9.1f} {bound:6d}  {"yes" if ok else "NO"}', flush=True)
print('* link-dense: held to the memory bound only')
print('every shape within its bounds' if not failed else f'over a bound: {", ".join(failed)}')
sys.exit(1 if failed else 0)
PY
