#!/usr/bin/env python3
"""Markdown's pathological shapes (issue 23): time and peak memory of
`linkify --from markdown` on each shape at 1 MiB and at a larger size, beside
ordinary Markdown (the corpus's Markdown files, corpus/text/**/*.md, repeated).

Bounds per shape: CPU time per byte at the large size within 2x of that at
1 MiB (linear) and within 4x of ordinary Markdown's; peak memory at most
twice the input plus 32 MiB.

  scripts/bench/pathological_markdown.py [--bin .build/release/linkify] [--mib 16]
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]

MEASURE = '''
import os, sys, time
binary, path = sys.argv[1:3]
pid = os.fork()
if pid == 0:
    os.dup2(os.open(path, os.O_RDONLY), 0)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.execv(binary, [binary, '--from', 'markdown', '--to', 'markdown', '-'])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
'''


def ordinary():
    parts = [p.read_bytes() for p in sorted((ROOT / "corpus/text").rglob("*.md"))]
    return b"\n\n".join(parts)


SHAPES = [
    ("ordinary Markdown", None),
    ("lines of abc", b"abc\n"),
    ("reference defs and uses", b"[a]: http://x.com\n[a]\n"),
    ("*_", b"*_"),
    ("[", b"["),
    ("`", b"`"),
    ("<", b"<"),
    ("![", b"!["),
    ("nested lists", b"- a\n  - b\n    - c\n      - d https://x.com\n"),
    ("nested quotes", b"> > > > > a https://x.com\n"),
    ("`a` runs", b"`a` ``b`` "),
]


def build(unit, size):
    if unit is None:
        unit = ordinary()
    reps = size // len(unit) + 1
    return (unit * reps)[:size]


def measure(binary, data):
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
        path = f.name
    try:
        out = subprocess.run([sys.executable, "-c", MEASURE, binary, path], capture_output=True, text=True, check=True).stdout.split()
    finally:
        os.unlink(path)
    return int(out[0]), float(out[1]), int(out[2]) / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / ".build/release/linkify"))
    ap.add_argument("--mib", type=int, default=16)
    a = ap.parse_args()
    small, large = 1 << 20, a.mib << 20
    print(f"linkify --from markdown --to markdown, 1 MiB and {a.mib} MiB inputs ({a.bin})")
    print(f"{'shape':<26} {'CPU s 1M':>9} {'CPU s big':>9} {'per byte':>9} {'vs ordinary':>11} {'peak MiB':>9} {'bound':>7}  ok")
    base = None
    failed = []
    for name, unit in SHAPES:
        c1, t1, _ = measure(a.bin, build(unit, small))
        c2, t2, peak = measure(a.bin, build(unit, large))
        per1 = max(t1, 0.01) / small
        per2 = max(t2, 0.01) / large
        if base is None:
            base = per2
        growth = per2 / per1
        vs = per2 / base
        bound = 2 * a.mib + 32
        ok = c1 == 0 and c2 == 0 and growth <= 2 and vs <= 4 and peak <= bound
        if not ok:
            failed.append(name)
        print(f"{name:<26} {t1:9.2f} {t2:9.2f} {growth:8.2f}x {vs:10.2f}x {peak:9.1f} {bound:7d}  {'yes' if ok else 'NO'}", flush=True)
    print("all shapes within bounds" if not failed else f"over a bound: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
