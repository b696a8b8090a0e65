#!/usr/bin/env python3
"""Draw bare-name and phone candidates from corpus/text/, rule-agnostic.

usage: candidates.py [REPO_ROOT]
       candidates.py --enrich [REPO_ROOT]

Writes (deterministically: fixed seed, files in byte order of their paths):

  corpus/candidates/bare-names.tsv  up to BARE_PER_SOURCE bare-name candidates
                                    per source, a seeded sample of all of them
  corpus/candidates/phones.tsv      every source's phone candidates up to
                                    PHONE_PER_SOURCE (171), a seeded sample of
                                    that many in the larger sources (see
                                    counts.tsv)

Ids (bNNNN, pNNNN, tNNNN) number the rows source by source: first the
FIRST_SOURCES (the 16 of the first draw) in name order, then the sources
added later in the order of their lines in scripts/corpus/manifest.tsv (the
order they were added; append a new source's line at the end), so adding a
source never renumbers or changes an earlier row.
  corpus/candidates/counts.tsv      per source and kind: bytes, candidates
                                    found, candidates drawn

--enrich draws a host-enriched sample of bare names chosen by shape alone and
writes only corpus/candidates/bare-enriched-tld.tsv (ids tNNNN) and
corpus/candidates/counts-enriched-tld.tsv: from each source's bare-name
candidates whose last label is in IANA's list (../shared/data/
tlds-alpha-by-domain.txt beside the repository, or --tlds FILE) and that are
not in the uniform draw (corpus/candidates/bare-names.tsv), all of them when there
are at most ENRICH_PER_SOURCE, else a seeded sample of that many
(random.Random("22/enrich/SOURCE")). The cap per source, not a share of the
pool, keeps rare sources covered. Unlike enrich_draw.py's draw (names the
binary weighs), no detector chooses these rows, so hosts linkify never
weighs (a name after '/', say) can be drawn too.

No detector and no rule under test is involved: the shapes are the generous
ones below, and every label is given by a person reading the context.

Bare name: a maximal token label(.label)+ of ASCII letters, digits, '_' and
'-', whose last label is 2-24 ASCII letters, optionally followed by ':PORT'
and/or a '/path' (up to white space, a quote, '<', '>', or a closing bracket;
trailing . , ; : ! ? are left out). The token must not be directly preceded by
a letter, digit, '_' or '-', and is skipped when directly preceded by '://'
or '@' (URLs with a scheme and e-mail addresses).

Phone: a maximal run of digits and the separators space, '-', '.', '/', '(',
')' and a leading '+', split at two or more spaces, trimmed to start with a
digit, '+' or '(' and to end with a digit or ')', holding 7 to 15 digits; runs
glued to a letter or '_' on either side (v1.2.3, sha256, 0x1f, 12ms) are not
candidates.

Columns: id, source, file (path under corpus/text/SOURCE), start, end (byte
offsets in that file, end exclusive), text, context (about 80 characters
either side, the candidate between ⟦ and ⟧; backslash, tab, CR and newline
written as \\\\, \\t, \\r, \\n).
"""
import os
import random
import re
import sys

SEED = 22
BARE_PER_SOURCE = 150
# Fixed per-source phone share. It was an equal share of a global cap of 1,500
# (171 with the first 16 sources); fixed so that adding a source leaves every
# other source's phone draw, and its labels, unchanged.
PHONE_PER_SOURCE = 171
# The sources of the first draw; ids number these first (in name order), then
# the sources added later, in the order of their manifest lines.
FIRST_SOURCES = frozenset((
    "commonmark-spec", "composer", "containerd", "django", "eslint", "express",
    "flask", "hugo-news", "junit5", "nginx", "postfix", "prometheus", "rails",
    "redis", "ripgrep", "ruby-ja"))
CONTEXT = 80
ENRICH_PER_SOURCE = 60

LABEL = rb"[A-Za-z0-9_-]+"
BARE = re.compile(
    rb"(?<![A-Za-z0-9_-])" + LABEL + rb"(?:\." + LABEL + rb")+"
    rb"(?::[0-9]{1,5}(?![0-9A-Za-z_]))?"
    rb"(?:/[^\s\"'<>()\[\]{}`|]*)?")
LAST_LABEL = re.compile(rb"^[A-Za-z]{2,24}$")
HOST_PART = re.compile(LABEL + rb"(?:\." + LABEL + rb")+")

RUN = re.compile(rb"[0-9+\-./() ]+")
GLUE = re.compile(rb"[A-Za-z_]")


def escape(s):
    return (s.replace("\\", "\\\\").replace("\t", "\\t")
            .replace("\r", "\\r").replace("\n", "\\n"))


def context(data, start, end):
    left = data[max(0, start - 4 * CONTEXT):start].decode("utf-8", "replace")[-CONTEXT:]
    right = data[end:end + 4 * CONTEXT].decode("utf-8", "replace")[:CONTEXT]
    mid = data[start:end].decode("utf-8", "replace")
    return escape(left) + "⟦" + escape(mid) + "⟧" + escape(right)


def bare_candidates(data):
    for m in BARE.finditer(data):
        start, end = m.span()
        host = HOST_PART.match(data, start).group(0)
        if not LAST_LABEL.match(host.rsplit(b".", 1)[1]):
            continue
        if data[max(0, start - 3):start] == b"://" or data[start - 1:start] == b"@":
            continue
        # a path's trailing sentence punctuation is not part of it
        if end > start + len(host):
            while data[end - 1:end] in (b".", b",", b";", b":", b"!", b"?"):
                end -= 1
        yield start, end


def phone_candidates(data):
    for m in RUN.finditer(data):
        for piece in re.finditer(rb"(?:(?!  )[0-9+\-./() ])+", m.group(0)):
            s = m.start() + piece.start()
            e = m.start() + piece.end()
            while s < e and not (data[s:s + 1].isdigit() or data[s:s + 1] in (b"+", b"(")):
                s += 1
            while e > s and not (data[e - 1:e].isdigit() or data[e - 1:e] == b")"):
                e -= 1
            # an unbalanced bracket at either end belongs to the prose around
            if data[e - 1:e] == b")" and data[s:e].count(b"(") < data[s:e].count(b")"):
                e -= 1
                while e > s and not data[e - 1:e].isdigit():
                    e -= 1
            if data[s:s + 1] == b"(" and data[s:e].count(b"(") > data[s:e].count(b")"):
                s += 1
                while s < e and not data[s:s + 1].isdigit():
                    s += 1
            if s >= e:
                continue
            digits = sum(c in b"0123456789" for c in data[s:e])
            if not 7 <= digits <= 15:
                continue
            if data[s:s + 1].isdigit() and s > 0 and GLUE.match(data, s - 1):
                continue
            if e < len(data) and GLUE.match(data, e):
                continue
            yield s, e


def source_order(sources, root):
    added = []
    with open(os.path.join(root, "scripts/corpus/manifest.tsv"), encoding="utf-8") as f:
        for line in f:
            name = line.split("\t", 1)[0]
            if line.strip() and not line.startswith("#") and name not in FIRST_SOURCES:
                added.append(name)

    def key(s):
        if s in FIRST_SOURCES:
            return (0, 0, s)
        return (1, added.index(s), s) if s in added else (2, 0, s)
    return sorted(sources, key=key)


def corpus_files(root):
    base = os.path.join(root, "corpus/text")
    for source in sorted(os.listdir(base)):
        paths = []
        for d, _, fs in os.walk(os.path.join(base, source)):
            for f in fs:
                paths.append(os.path.relpath(os.path.join(d, f), os.path.join(base, source)))
        for rel in sorted(paths, key=lambda p: p.encode()):
            with open(os.path.join(base, source, rel), "rb") as f:
                yield source, rel, f.read()


def enrich(root, tlds_path):
    with open(tlds_path, encoding="ascii") as f:
        tlds = {l.strip().lower().encode() for l in f if l.strip() and not l.startswith("#")}
    labelled = set()
    with open(os.path.join(root, "corpus/candidates/bare-names.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            c = line.split("\t")
            labelled.add((c[1], c[2], int(c[3])))
    pool, size = {}, {}
    for source, rel, data in corpus_files(root):
        size[source] = size.get(source, 0) + len(data)
        for s, e in bare_candidates(data):
            top = HOST_PART.match(data, s).group(0).rsplit(b".", 1)[1].lower()
            if top in tlds and (source, rel, s) not in labelled:
                pool.setdefault(source, []).append((source, rel, s, e, data))
    out = os.path.join(root, "corpus/candidates")
    rows, counts = [], []
    for source in source_order(size, root):
        found = pool.get(source, [])
        rng = random.Random("%d/enrich/%s" % (SEED, source))
        drawn = found if len(found) <= ENRICH_PER_SOURCE else rng.sample(found, ENRICH_PER_SOURCE)
        drawn = sorted(drawn, key=lambda c: (c[1].encode(), c[2]))
        rows += [(src, rel, s, e, escape(d[s:e].decode("utf-8", "replace")), context(d, s, e))
                 for src, rel, s, e, d in drawn]
        counts.append((source, "bare-name-enriched-tld", size[source], len(found), len(drawn)))
    with open(os.path.join(out, "bare-enriched-tld.tsv"), "w", encoding="utf-8") as f:
        f.write("id\tsource\tfile\tstart\tend\ttext\tcontext\n")
        for i, r in enumerate(rows, 1):
            f.write("t%04d\t%s\t%s\t%d\t%d\t%s\t%s\n" % ((i,) + r))
    with open(os.path.join(out, "counts-enriched-tld.tsv"), "w", encoding="utf-8") as f:
        f.write("source\tkind\tbytes\tfound\tdrawn\n")
        for c in counts:
            f.write("%s\t%s\t%d\t%d\t%d\n" % c)


def main():
    args = sys.argv[1:]
    if args and args[0] == "--enrich":
        args = args[1:]
        tlds = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "../../../shared/data/tlds-alpha-by-domain.txt")
        if len(args) >= 2 and args[0] == "--tlds":
            tlds, args = args[1], args[2:]
        return enrich(args[0] if args else os.getcwd(), tlds)
    root = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    bare, phone, size = {}, {}, {}
    for source, rel, data in corpus_files(root):
        size[source] = size.get(source, 0) + len(data)
        for s, e in bare_candidates(data):
            bare.setdefault(source, []).append((source, rel, s, e, data))
        for s, e in phone_candidates(data):
            phone.setdefault(source, []).append((source, rel, s, e, data))

    def rows(cands):
        return [(src, rel, s, e, escape(d[s:e].decode("utf-8", "replace")), context(d, s, e))
                for src, rel, s, e, d in cands]

    out = os.path.join(root, "corpus/candidates")
    os.makedirs(out, exist_ok=True)
    counts = []
    bare_rows = []
    for source in source_order(size, root):
        found = bare.get(source, [])
        rng = random.Random("%d/bare/%s" % (SEED, source))
        drawn = found if len(found) <= BARE_PER_SOURCE else rng.sample(found, BARE_PER_SOURCE)
        drawn = sorted(drawn, key=lambda c: (c[1].encode(), c[2]))
        bare_rows += rows(drawn)
        counts.append((source, "bare-name", size[source], len(found), len(drawn)))

    phone_rows = []
    # every source keeps all of its candidates up to PHONE_PER_SOURCE, larger
    # ones a seeded sample of that many
    for source in source_order(size, root):
        found = phone.get(source, [])
        drawn = found
        if len(found) > PHONE_PER_SOURCE:
            drawn = random.Random("%d/phone/%s" % (SEED, source)).sample(found, PHONE_PER_SOURCE)
        drawn = sorted(drawn, key=lambda c: (c[1].encode(), c[2]))
        phone_rows += rows(drawn)
        counts.append((source, "phone", size[source], len(found), len(drawn)))

    head = "id\tsource\tfile\tstart\tend\ttext\tcontext\n"
    for name, rs, prefix in (("bare-names.tsv", bare_rows, "b"), ("phones.tsv", phone_rows, "p")):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(head)
            for i, r in enumerate(rs, 1):
                f.write("%s%04d\t%s\t%s\t%d\t%d\t%s\t%s\n" % ((prefix, i) + r))
    with open(os.path.join(out, "counts.tsv"), "w", encoding="utf-8") as f:
        f.write("source\tkind\tbytes\tfound\tdrawn\n")
        for c in sorted(counts, key=lambda c: (c[1], c[0])):
            f.write("%s\t%s\t%d\t%d\t%d\n" % c)


if __name__ == "__main__":
    main()
