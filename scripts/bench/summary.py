#!/usr/bin/env python3
"""Prints the closing table of `make bench`: one row per goal of issue 7, with
our figure, the peer's figure and the ratio as measured in this run (read from
bench-data/results.jsonl, see results.py), the target and whether it is met.

Usage: summary.py            (run from the repository root)

Ratio: above 1 means we do better. Throughput: ours / peer; times and memory:
peer / ours; -j: time at -j 1 / time at -j 2. The targets below are the goals
of issue 7 and the `--detect all` row of issue 27 (within 3x the URL-only
time: a throughput ratio of at least 1/3); every figure comes from the records.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

# (record id, goal, kind, target). Kinds:
#   faster   ratio (ours/peer MB/s, or peer/ours seconds) >= target ("> 1" when target is 1)
#   at-most  ours <= target (or the record's own "limit", e.g. file size + 20 MiB)
#   speedup  ours is -j 2 seconds, peer -j 1 seconds: peer / ours >= target
GOALS = [
    ("html-default-text", "--to html default profile vs peer --no-scheme, real text", "faster", 1.5),
    ("html-default-urls", "--to html default profile vs peer --no-scheme, URL-dense", "faster", 1.5),
    ("html-gfm-text", "--to html --profile gfm vs peer default, real text", "faster", 1.5),
    ("html-gfm-urls", "--to html --profile gfm vs peer default, URL-dense", "faster", 1.5),
    ("html-all-text", "--detect all vs URL-only (default profile), real text", "faster", 0.3333),
    ("html-dates-text", "--detect date,address vs URL-only, real text", "faster", 0.3333),
    ("lint-rumdl", "lint (MD034) vs rumdl --enable MD034", "faster", 1.0),
    ("lint-rumdl-1core", "  same, both pinned to one core", "faster", 1.0),
    ("lint-mdl", "lint (MD034) vs mdl -r MD034", "faster", 1.0),
    ("md-cmark", "Markdown annotate vs cmark-gfm -e autolink, one file", "faster", 1.0),
    ("md-cmark-files", "  same, one process per file (static build)", "faster", 1.0),
    ("rss-release-text", "peak RSS, release build, text corpora", "at-most", 20.0),
    ("rss-release-line", "peak RSS, release build, 1 GiB single line", "at-most", 20.0),
    ("rss-static-text", "peak RSS, static (installed) build, text corpora", "at-most", 16.0),
    ("rss-static-line", "peak RSS, static (installed) build, 1 GiB single line", "at-most", 16.0),
    ("rss-markdown", "peak RSS, Markdown file (release)", "at-most", None),
    ("startup-release", "start-up, 100-byte input, release build", "at-most", 3.0),
    ("startup-static", "start-up, 100-byte input, static build", "at-most", 3.0),
    ("jobs", "-j 2 vs -j 1 over many files", "speedup", 1.7),
]


def fmt(value, unit):
    if value is None:
        return "-"
    if unit == "s":
        return "%.1f ms" % (value * 1e3) if value < 1 else "%.2f s" % value
    if unit == "ms":
        return "%.2f ms" % value
    if unit == "MB/s":
        return "%.0f MB/s" % value
    if unit == "MiB":
        return "%.1f MiB" % value
    return "%g %s" % (value, unit)


def evaluate(rec, kind, target):
    """(ratio text, target text, met) for one record."""
    ours, peer, unit = rec["ours"], rec.get("peer"), rec["unit"]
    if kind == "faster":
        ratio = ours / peer if unit == "MB/s" else peer / ours
        op = ">" if target == 1.0 else ">="
        met = ratio > target if op == ">" else ratio >= target
        return "%.2fx" % ratio, "%s %gx" % (op, target), met
    if kind == "speedup":
        ratio = peer / ours
        return "%.2fx" % ratio, ">= %gx" % target, ratio >= target
    limit = rec.get("limit", target)
    ratio = "%.2fx" % (peer / ours) if peer else "-"
    return ratio, "<= %s" % fmt(limit, unit), ours <= limit


def main():
    recs = results.load()
    run = recs.get("run", {})
    end = recs.get("run-end", {}).get("load", "? (now %s)" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print()
    print("Summary of issue 7 goals (this run; ratio > 1: we do better)")
    print("  %s, commit %s, %s cores, load average %s at start, %s at end" % (
        run.get("date", "?"), run.get("commit", "?"), run.get("cores", "?"),
        run.get("load", "?"), end))
    print()
    rows, notes, met_count, measured = [], [], 0, 0
    for rid, goal, kind, target in GOALS:
        rec = recs.get(rid)
        if rec and rec.get("line"):
            goal = goal.replace("1 GiB", rec["line"])  # a smaller BENCH_LINE_MIB says so
        if rec and rec.get("free_cores") is not None:
            goal += " (%.1f of %d cores free)" % (rec["free_cores"], rec["cores"])
        if rec is None:
            rows.append((goal, "not measured", "-", "-", "-", "-"))
            continue
        if rec.get("error"):
            rows.append((goal, rec["error"], "-", "-", "-", "no"))
            measured += 1
            continue
        ratio, target_text, met = evaluate(rec, kind, target)
        peer = fmt(rec.get("peer"), rec["unit"])
        if rec.get("peer_name") and rec.get("peer") is not None:
            peer = "%s %s" % (rec["peer_name"], peer)
        if rec.get("short_of"):
            met, target_text = False, target_text + " (%s)" % rec["short_of"]
        rows.append((goal, fmt(rec["ours"], rec["unit"]), peer, ratio, target_text, "yes" if met else "NO"))
        measured += 1
        met_count += bool(met)
        if rec.get("note"):
            notes.append("%s: %s" % (goal.strip(), rec["note"]))
    header = ("goal", "ours", "peer", "ratio", "target", "met")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))
    print()
    print("%d of %d goals met (%d measured)" % (met_count, len(GOALS), measured))
    for n in notes:
        print("- " + n)
    ir = [(k, r) for k, r in sorted(recs.items()) if k.startswith("ir-")]
    if ir:
        print("- instructions per byte (callgrind, repeatable): " + "; ".join(
            "%s ours %.1f, peer %.1f (%.2fx)" % (r["label"], r["ours"], r["peer"], r["peer"] / r["ours"]) for _, r in ir))


if __name__ == "__main__":
    main()
