#!/usr/bin/env python3
"""Draw a second, host-enriched sample of bare-name candidates to label.

usage: enrich_draw.py [REPO_ROOT]

Reads corpus/features/bare-names.tsv (every bare-name candidate linkify weighed
in the corpus) and corpus/labels/bare-names.tsv (the uniform draw, already
labelled). For each corpus source (the 'uts58' rows are left out), it takes
the weighed rows whose (source, file, start) is not in the uniform draw and
draws up to PER_SOURCE of them (all when fewer) with random.Random(
"2222/enriched/SOURCE") from the source's rows sorted by file (byte order)
and start; a position listed twice (the export sometimes repeats a name with
a stray closing backtick) counts once, with its shorter range. The drawn
rows are written in order of source, file (byte order) and start to

  corpus/candidates/bare-enriched.tsv   id (eNNNN), source, file, start, end,
                                        text, context

with the same context as candidates.py: 80 characters either side of the byte
range read from corpus/text/SOURCE/FILE, the candidate between ⟦ and ⟧,
backslash, tab, CR and newline written as \\\\, \\t, \\r, \\n.

Deterministic: fixed seed, no dependence on the order of the input files.
Which rows are drawn depends on linkify (the features file is its export), so
this draw over-represents names the tool weighs; the labels themselves are
given by a person reading the context, never by linkify or a rule.
"""
import csv
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from candidates import context, escape  # noqa: E402  same context as the uniform draw

SEED = 2222
PER_SOURCE = 70
SKIP_SOURCES = {"uts58"}


def read_tsv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..")
    corpus = os.path.join(root, "corpus")
    labelled = {(r["source"], r["file"], int(r["start"]))
                for r in read_tsv(os.path.join(corpus, "labels", "bare-names.tsv"))}
    pool = {}
    seen = {}
    for r in read_tsv(os.path.join(corpus, "features", "bare-names.tsv")):
        src = r["source"]
        if src in SKIP_SOURCES:
            continue
        key = (src, r["file"], int(r["start"]))
        if key in labelled:
            continue
        # The export repeats some names at one start, once with a stray
        # closing backtick (`gcr.io/x:latest` and gcr.io/x:latest`): one
        # position is one candidate, kept with its shortest range.
        end = int(r["end"])
        if key in seen and seen[key] <= end:
            continue
        seen[key] = end
    for (src, rel, start), end in seen.items():
        pool.setdefault(src, []).append((rel.encode("utf-8"), start, end, rel))
    drawn = []
    for src in sorted(pool):
        cands = sorted(pool[src])
        if len(cands) > PER_SOURCE:
            cands = sorted(random.Random("%d/enriched/%s" % (SEED, src)).sample(cands, PER_SOURCE))
        drawn.extend((src, c) for c in cands)
    out = os.path.join(corpus, "candidates", "bare-enriched.tsv")
    cache = {}
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write("id\tsource\tfile\tstart\tend\ttext\tcontext\n")
        for i, (src, (_, start, end, rel)) in enumerate(drawn, 1):
            path = os.path.join(corpus, "text", src, rel)
            if path not in cache:
                with open(path, "rb") as g:
                    cache[path] = g.read()
            data = cache[path]
            text = escape(data[start:end].decode("utf-8", "replace"))
            f.write("e%04d\t%s\t%s\t%d\t%d\t%s\t%s\n" % (
                i, src, rel, start, end, text, context(data, start, end)))
    counts = {}
    for src, _ in drawn:
        counts[src] = counts.get(src, 0) + 1
    for src in sorted(pool):
        print("%s\t%d available\t%d drawn" % (src, len(pool[src]), counts.get(src, 0)))
    print("all\t%d drawn -> %s" % (len(drawn), os.path.relpath(out, root)))


if __name__ == "__main__":
    main()
