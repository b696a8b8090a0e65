#!/usr/bin/env python3
"""Dates as people write them: precision, recall and value per locale (issue 13).

Runs `linkify --detect date --to jsonl --locale L --now N` over the phrases
of Fixtures/realworld-dates/phrases.jsonl (a sample of other projects' test
phrases; see that folder's README for sources and licences) and scores the
dates found against the expected spans and ISO 8601 values: a found date
counts when its span is exactly an expected one; its value is right when it
equals the expected value (`Z` read as `+00:00`). A record with no expected
date is a negative: anything found there lowers precision.

Usage:
    python3 scripts/check/realworld_dates.py --bin .build/release/linkify
        [--fixture FILE] [--show N] [--locale ll_CC]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURE = os.path.join(HERE, "..", "..", "Fixtures", "realworld-dates", "phrases.jsonl")


def norm(value):
    return value[:-1] + "+00:00" if value.endswith("Z") else value


def spans(record):
    """Expected (start, end, value) in scalars, each text found left to right."""
    out, at = [], 0
    for e in record["expect"]:
        k = record["text"].find(e["text"], at)
        if k < 0:
            raise SystemExit(f"{record['id']}: expected text {e['text']!r} not in the phrase")
        out.append((k, k + len(e["text"]), e["value"]))
        at = k + len(e["text"])
    return out


def run(binary, locale, now, records):
    """The dates found in each record (one phrase a line): {id: [(start, end, value, text)]}."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("".join(r["text"] + "\n" for r in records))
        path = f.name
    try:
        out = subprocess.run([binary, "--detect", "date", "--to", "jsonl", "--locale", locale, "--now", now, path],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    found = collections.defaultdict(list)
    for line in out.splitlines():
        e = json.loads(line)
        r = records[e["line"] - 1]
        c = e["column"] - 1
        found[r["id"]].append((c, c + (e["end"] - e["start"]), e.get("value", ""), e["text"]))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--fixture", default=DEFAULT_FIXTURE)
    ap.add_argument("--show", type=int, default=0, help="list up to N misses and false positives per locale")
    ap.add_argument("--locale", help="score one locale only")
    ap.add_argument("--min", nargs=3, type=float, metavar=("P", "R", "V"),
                    help="exit 1 unless precision, recall and value right (all locales) reach these floors")
    args = ap.parse_args()
    with open(args.fixture, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    if args.locale:
        records = [r for r in records if r["locale"] == args.locale]
    groups = collections.defaultdict(list)
    for r in records:
        groups[(r["locale"], r["now"])].append(r)
    stats = collections.defaultdict(collections.Counter)
    notes = collections.defaultdict(list)
    for (locale, now), rs in sorted(groups.items()):
        found = run(args.bin, locale, now, rs)
        for r in rs:
            exp = spans(r)
            got = found.get(r["id"], [])
            s = stats[locale]
            s["records"] += 1
            s["expected"] += len(exp)
            s["found"] += len(got)
            s["negatives"] += 0 if exp else 1
            s["negatives_hit"] += 1 if (not exp and got) else 0
            byspan = {(a, b): v for a, b, v, _ in got}
            for a, b, v in exp:
                if (a, b) in byspan:
                    s["exact"] += 1
                    if norm(byspan[(a, b)]) == norm(v):
                        s["value_ok"] += 1
                    else:
                        notes[locale].append(f"value  {r['text']!r}: {byspan[(a, b)]} (expected {v})")
                else:
                    shown = ", ".join(f"{t!r}={v}" for _, _, v, t in got) or "nothing"
                    notes[locale].append(f"miss   {r['text']!r} [{r['text'][a:b]!r} = {v}]: found {shown}")
            expset = {(a, b) for a, b, _ in exp}
            for a, b, v, t in got:
                if (a, b) not in expset and not any(a < eb and ea < b for ea, eb in expset):
                    notes[locale].append(f"extra  {r['text']!r}: {t!r} = {v}")
    total = collections.Counter()
    print(f"{'locale':8} {'phrases':>7} {'spans':>6} {'found':>6} {'precision':>9} {'recall':>7} {'value':>6}  negatives hit")
    for locale in sorted(stats):
        s = stats[locale]
        total.update(s)
        print(line(locale, s))
    print(line("all", total))
    if args.show:
        for locale in sorted(notes):
            print(f"\n{locale}:")
            for n in notes[locale][:args.show]:
                print("  " + n)
    if args.min:
        got = figures(total)
        short = [f"{name} {g:.3f} < {m}" for name, g, m in zip(("precision", "recall", "value"), got, args.min) if g < m]
        if short:
            print("below the floor: " + ", ".join(short))
            return 1
    return 0


def figures(s):
    prec = s["exact"] / s["found"] if s["found"] else 1.0
    rec = s["exact"] / s["expected"] if s["expected"] else 1.0
    val = s["value_ok"] / s["exact"] if s["exact"] else 1.0
    return prec, rec, val


def line(name, s):
    prec, rec, val = figures(s)
    return (f"{name:8} {s['records']:>7} {s['expected']:>6} {s['found']:>6} {prec:>9.3f} {rec:>7.3f} "
            f"{val:>6.3f}  {s['negatives_hit']}/{s['negatives']}")


if __name__ == "__main__":
    sys.exit(main())
