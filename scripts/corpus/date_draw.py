#!/usr/bin/env python3
"""Draw the dates a linkify binary links in corpus/text/, for labelling.

usage: date_draw.py --bin BINARY [REPO_ROOT]
       date_draw.py --bin BINARY --since OLD_BINARY --name NAME [REPO_ROOT]
       date_draw.py --shapes NAME [--features F,F…] [--per-source N] [REPO_ROOT]

Issue 22 asks the corpus to label "the dates it links" for the dates issue
(issue 26): what share of the spans the date detector links in other projects'
documentation are dates. This script runs the binary on every file of every
source (read as plain text, `--detect date`, a fixed reference time so that
the output does not depend on the day), and from each source's linked spans
draws up to DATES_PER_SOURCE with random.Random("22/date/SOURCE") (fixed seed
22), files in byte order of their paths. It writes

  corpus/candidates/dates.tsv         the drawn spans: id (dNNNN), source, file,
                                      start, end (byte offsets, end exclusive),
                                      text, context (the span between ⟦ and ⟧,
                                      as in candidates.py), value (the ISO value
                                      the binary gave)
  corpus/candidates/counts-dates.tsv  per source: bytes, spans linked, drawn

With --since, the draw is of what a change adds: the spans BINARY links that
overlap none OLD_BINARY links, drawn alike (seed "22/date-NAME/SOURCE") into
corpus/candidates/dates-NAME.tsv and counts-dates-NAME.tsv (ids NAME-NNNN),
labelled into corpus/labels/dates-NAME.tsv (apply_labels.py date:NAME). A rule
that links new kinds of phrase is judged on them so, before the main draw is
made again.

With --shapes, the draw is of the dates whose context the acceptance model
weighs (corpus/features/dates.tsv, scripts/gen/date_features.py): among the
corpus's weighed dates that overlap no labelled row (corpus/labels/dates*.tsv),
those with any of SHAPES (a path or quote mark, a sign, a table, a line of
numbers, a clock time alone, words only; or the features --features names),
up to SHAPES_PER_SOURCE (or --per-source) per source (seed
"22/date-NAME/SOURCE"), into corpus/candidates/dates-NAME.tsv. The
uniform draws hold few dates in such contexts, and the model's weights for
them would rest on a handful of rows.

The binary chooses what is drawn, never how it is labelled: each row's label
(labels/dates.tsv, apply_labels.py date) is given by a person reading the
context. The draw belongs to the binary that made it; scripts/corpus/
score_dates.py scores any later binary on the same labels.
"""
import argparse
import csv
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from candidates import context, corpus_files, escape, source_order  # noqa: E402

DATES_PER_SOURCE = 40
SHAPES_PER_SOURCE = 20
SHAPES = ("path_mark", "quote_mark", "sign_before", "table_line", "numbers_on_line", "clock_only", "words_only")
SEED = 22
NOW = "2026-01-01T00:00:00"


def linked_dates(binary, path):
    proc = subprocess.run([binary, "--from", "text", "--detect", "date", "--now", NOW, "--to", "jsonl",
                           "--offsets", "utf8", path], capture_output=True, check=False)
    if proc.returncode not in (0, 1):
        sys.exit(f"date_draw: linkify failed on {path}: {proc.stderr[-300:]!r}")
    for line in proc.stdout.splitlines():
        e = json.loads(line)
        yield e["start"], e["end"], str(e.get("value", ""))


def labelled_spans(root):
    """(source, file) -> [(start, end, is_date, draw)] of every labelled row of
    corpus/labels/dates*.tsv (draw: `uniform` for dates.tsv, else the added draw's name)."""
    spans = {}
    for name in sorted(os.listdir(os.path.join(root, "corpus/labels"))):
        if name.startswith("dates") and name.endswith(".tsv"):
            draw = "uniform" if name == "dates.tsv" else name[len("dates-"):-len(".tsv")]
            with open(os.path.join(root, "corpus/labels", name), encoding="utf-8") as f:
                for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
                    spans.setdefault((r["source"], r["file"]), []).append(
                        (int(r["start"]), int(r["end"]), r["label"] == "date", draw))
    return spans


def shape_candidates(root, shapes):
    """The weighed dates of the corpus (not chrono's sentences) in a context `shapes` names, unlabelled."""
    labelled = labelled_spans(root)
    found = {}
    with open(os.path.join(root, "corpus/features/dates.tsv"), encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if r["source"] == "chrono":
                continue
            feats = dict(kv.split("=") for kv in filter(None, r["features"].split(";")))
            if r["features"] and any(feats.get(k, "0") != "0" and not (k == "numbers_on_line" and feats[k] == "1")
                                     for k in shapes):
                s, e = int(r["start"]), int(r["end"])
                if not any(s0 < e and s < e0 for s0, e0, _, _ in labelled.get((r["source"], r["file"]), [])):
                    found.setdefault(r["source"], []).append((r["file"], s, e))
    return found


def draw_shapes(root, name, shapes, per_source):
    found, size, data = shape_candidates(root, shapes), {}, {}
    for source, rel, d in corpus_files(root):
        size[source] = size.get(source, 0) + len(d)
        data[(source, rel)] = d
    rows, counts = [], []
    for source in source_order(size, root):
        spans = found.get(source, [])
        rng = random.Random("%d/date-%s/%s" % (SEED, name, source))
        drawn = spans if len(spans) <= per_source else rng.sample(spans, per_source)
        for rel, s, e in sorted(drawn, key=lambda c: (c[0].encode(), c[1])):
            d = data[(source, rel)]
            rows.append((source, rel, s, e, escape(d[s:e].decode("utf-8", "replace")), context(d, s, e), ""))
        counts.append((source, size[source], len(spans), len(drawn)))
    write(root, "-" + name, name + "-", rows, counts)


def write(root, suffix, prefix, rows, counts):
    out = os.path.join(root, "corpus/candidates")
    with open(os.path.join(out, "dates%s.tsv" % suffix), "w", encoding="utf-8") as f:
        f.write("id\tsource\tfile\tstart\tend\ttext\tcontext\tvalue\n")
        for k, r in enumerate(rows, 1):
            f.write(prefix + "%04d\t" % k + "\t".join(str(x) for x in r) + "\n")
    with open(os.path.join(out, "counts-dates%s.tsv" % suffix), "w", encoding="utf-8") as f:
        f.write("source\tbytes\tlinked\tdrawn\n")
        for c in counts:
            f.write("\t".join(str(x) for x in c) + "\n")
    print(f"date_draw: {sum(c[2] for c in counts)} dates to draw from, {len(rows)} drawn -> corpus/candidates/dates{suffix}.tsv")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--shapes", metavar="NAME", help="draw dates in the contexts SHAPES names (see above)")
    ap.add_argument("--features", help="with --shapes: the features to draw on, comma-separated (default SHAPES)")
    ap.add_argument("--per-source", type=int, default=SHAPES_PER_SOURCE)
    ap.add_argument("--since", help="draw only the spans that overlap none this binary links")
    ap.add_argument("--name", help="the added draw's name (with --since)")
    ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    if a.shapes:
        return draw_shapes(root, a.shapes, a.features.split(",") if a.features else SHAPES, a.per_source)
    if not a.bin:
        sys.exit("date_draw: --bin or --shapes is needed")
    binary = os.path.abspath(a.bin)
    if bool(a.since) != bool(a.name):
        sys.exit("date_draw: --since and --name go together")
    suffix = "-" + a.name if a.name else ""
    found, size = {}, {}
    for source, rel, data in corpus_files(root):
        size[source] = size.get(source, 0) + len(data)
        path = os.path.join(root, "corpus/text", source, rel)
        old = list(linked_dates(os.path.abspath(a.since), path)) if a.since else []
        for s, e, value in linked_dates(binary, path):
            if not any(s0 < e and s < e0 for s0, e0, _ in old):
                found.setdefault(source, []).append((rel, s, e, value, data))
    rows, counts = [], []
    for source in source_order(size, root):
        spans = found.get(source, [])
        rng = random.Random("%d/date%s/%s" % (SEED, suffix, source))
        drawn = spans if len(spans) <= DATES_PER_SOURCE else rng.sample(spans, DATES_PER_SOURCE)
        drawn = sorted(drawn, key=lambda c: (c[0].encode(), c[1]))
        rows += [(source, rel, s, e, escape(d[s:e].decode("utf-8", "replace")), context(d, s, e), value)
                 for rel, s, e, value, d in drawn]
        counts.append((source, size[source], len(spans), len(drawn)))
    write(root, suffix, a.name + "-" if a.name else "d", rows, counts)


if __name__ == "__main__":
    main()
