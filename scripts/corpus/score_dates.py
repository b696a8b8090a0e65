#!/usr/bin/env python3
"""Date precision on the labelled corpus (issues 22 and 26).

usage: score_dates.py --bin BINARY [--draw NAME] [--markdown] [--min P] [REPO_ROOT]

--draw NAME scores the added draw NAME (date_draw.py --since: the spans a
change added, corpus/labels/dates-NAME.tsv) in place of the main one.

With --min (make test), it also checks that every drawn row is labelled and
still holds its text at its offsets, and fails when the pooled precision is
below P (a floor a little under today's, so a detector change that links
more non-dates in this text fails there).

corpus/labels/dates.tsv holds a seeded draw of the spans one binary linked as
dates (scripts/corpus/date_draw.py), each labelled by a person reading it in
context (`date`, or `not-date` with a reason). This script runs BINARY the way
the draw did (plain text, `--detect date`, the draw's reference time) and, per
source and pooled:

- drawn: labelled rows; still linked: rows BINARY links at an overlapping span;
- precision: among the rows still linked, those labelled `date` (a date whose
  span was wrong, reason `span`, counts as a date here and is shown apart);
- weighted: the pooled precision with each source's rows weighted by its
  linked/drawn ratio from corpus/candidates/counts-dates.tsv, so that a source
  that links many dates counts for them all (the estimate for every date the
  drawing binary linked in the corpus);
- linked now: how many spans BINARY links in the source's text, beside the
  drawing binary's count (a large change means the labels no longer cover
  what BINARY does and the draw should be made again).

No form or rule of the reader was written from this corpus, but the date
acceptance model (scripts/gen/train_dates.py) is fitted on these labels, so
for what the model turns down the figures here are in-sample; its held-out
figures are train_dates.py --report's.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from candidates import corpus_files, escape  # noqa: E402
from date_draw import NOW  # noqa: E402


def linked(binary, path):
    proc = subprocess.run([binary, "--from", "text", "--detect", "date", "--now", NOW, "--to", "jsonl",
                           "--offsets", "utf8", path], capture_output=True, check=False)
    return [(e["start"], e["end"]) for e in map(json.loads, proc.stdout.splitlines())]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--min", type=float)
    ap.add_argument("--draw", default="")
    ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    name = "dates%s.tsv" % ("-" + a.draw if a.draw else "")
    with open(os.path.join(root, "corpus/labels", name), encoding="utf-8") as f:
        labels = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    with open(os.path.join(root, "corpus/candidates", name), encoding="utf-8") as f:
        drawn = [r["id"] for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)]
    if drawn != [r["id"] for r in labels]:
        sys.exit(f"score_dates: corpus/labels/{name} does not label every row of corpus/candidates/{name} in order")
    for r in labels:
        with open(os.path.join(root, "corpus/text", r["source"], r["file"]), "rb") as f:
            text = escape(f.read()[int(r["start"]):int(r["end"])].decode("utf-8", "replace"))
        if text != r["text"]:
            sys.exit(f"score_dates: {r['id']}: the text at its offsets is {text!r}, not {r['text']!r}")
    with open(os.path.join(root, "corpus/candidates/counts-" + name), encoding="utf-8") as f:
        counts = {r["source"]: r for r in csv.DictReader(f, delimiter="\t")}
    spans, now = {}, {}
    for source, rel, _ in corpus_files(root):
        spans[(source, rel)] = linked(os.path.abspath(a.bin), os.path.join(root, "corpus/text", source, rel))
        now[source] = now.get(source, 0) + len(spans[(source, rel)])
    per = {}
    for r in labels:
        s = per.setdefault(r["source"], {"drawn": 0, "kept": 0, "date": 0, "span": 0})
        s["drawn"] += 1
        st, en = int(r["start"]), int(r["end"])
        if any(a0 < en and st < b0 for a0, b0 in spans[(r["source"], r["file"])]):
            s["kept"] += 1
            s["date"] += r["label"] == "date"
            s["span"] += r["reason"] == "span"
    out = ["| source | linked (drawing binary) | linked now | drawn | still linked | dates | of which span wrong | precision | precision, span right |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    tot = {"drawn": 0, "kept": 0, "date": 0, "span": 0}
    wnum = wden = 0.0
    for src in sorted(per):
        s = per[src]
        for k in tot:
            tot[k] += s[k]
        n = int(counts[src]["linked"]) if src in counts else s["drawn"]
        weight = n / s["drawn"]
        wnum += weight * s["date"]
        wden += weight * s["kept"]
        p = f"{s['date'] / s['kept']:.3f}" if s["kept"] else "–"
        q = f"{(s['date'] - s['span']) / s['kept']:.3f}" if s["kept"] else "–"
        out.append(f"| {src} | {n} | {now.get(src, 0)} | {s['drawn']} | {s['kept']} | {s['date']} | {s['span']} | {p} | {q} |")
    p = f"{tot['date'] / tot['kept']:.3f}" if tot["kept"] else "–"
    q = f"{(tot['date'] - tot['span']) / tot['kept']:.3f}" if tot["kept"] else "–"
    out.append(f"| **pooled** | {sum(int(c['linked']) for c in counts.values())} | {sum(now.values())} | {tot['drawn']} "
               f"| {tot['kept']} | {tot['date']} | {tot['span']} | {p} | {q} |")
    print("\n".join(out) if a.markdown else "\n".join(l.replace("|", " ") for l in out))
    print()
    print(f"weighted precision (each source's rows weighted by linked/drawn): "
          f"{wnum / wden:.3f}" if wden else "weighted precision: –")
    if a.min is not None:
        precision = tot["date"] / tot["kept"] if tot["kept"] else 0.0
        if precision < a.min:
            sys.exit(f"score_dates: precision {precision:.3f} is under the floor {a.min}")
        print(f"score_dates: precision {precision:.3f} holds the floor {a.min}")


if __name__ == "__main__":
    main()
