#!/usr/bin/env python3
"""Score a linkify binary end to end on the labelled corpus (issue 22).

usage: score.py --bin PATH [--detect LIST] [--from FORMAT] [--markdown] [REPO_ROOT]

Runs `PATH --to jsonl --offsets utf8` on every file of every source in
corpus/text/ (each file named on the command line, so files a directory walk
would skip are read too; default profile; each file read as the binary reads
it by its extension unless --from is given), once with the default kinds (or
--detect LIST) for bare names and once with `--detect all` for phones, and
scores what it links against corpus/labels/. It only reads the labels; it
never writes them, and nothing here decides a label.

Bare names
  A *bare-name link* is a `url` entity the binary gave a scheme itself: its
  text does not start with a scheme (`[A-Za-z][A-Za-z0-9+.-]*:` not followed
  by a digit, so `example.com:8080` has none) and does not start with `www.`
  (any case). A protocol-relative `//host` link is a bare name too, its host
  starting two bytes in. A bare-name link *is* a labelled candidate when its
  host start (its start, plus 2 after `//`) is the candidate's start in the
  same file; the ends may differ (`example.com` linked out of
  `example.com/a`).
  - precision strict: among labelled candidates of the uniform draw that are
    bare-name links, those labelled host;
  - precision lenient: the same, counting lenient=host (import paths, image
    references, obfuscated e-mail domains) as hosts;
  - domain recall: among labelled hosts (strict), those at whose start any
    `url` entity begins (bare, `www.` or `//`): over every labelled host of
    the uniform draw, over those whose top label is in IANA's list (the only
    ones SPEC §5 lets a bare name link: `domain.tld`, `host.local` are hosts
    that can never be linked bare), over each host-enriched draw (its
    IANA-TLD hosts), and over the IANA hosts of all draws together (each
    position once: its uniform label if it has one, else the first label
    file's in name order). The enriched draws over-represent TLD-shaped
    names (and enrich_draw.py's, names the binary weighs), so they are never
    used for precision.
  A row's draw is its `draw` column (`enriched`: enrich_draw.py;
  `enriched-tld`: candidates.py --enrich) or, without one, `enriched` when
  the label file's name has `enrich` in it, else `uniform`.

Phones (`--detect all`)
  A phone link is a `phone` entity. It *is on* a candidate of
  corpus/candidates (recomputed here with candidates.py's shapes, so undrawn
  candidates are known too) when their byte spans overlap in the same file.
  - false (labelled): phone links on a candidate labelled not-phone;
  - not drawn: phone links on a candidate of a sampled source that was not
    drawn (no label);
  - off candidate: phone links that overlap no candidate at all and no
    label of corpus/labels/phones-weighed.tsv (the numbers the detector
    weighs outside the draw's shapes, every one labelled: a link on one
    counts as true or false like a drawn label, unscaled).
  Per MB (10^6 bytes of the source's text): est. false/MB = labelled false x
  found/drawn (counts.tsv; 1 for sources whose every candidate was drawn),
  plus the false links on phones-weighed.tsv's labels, / MB; off-candidate/MB = off candidate / MB (the whole text, unlabelled). The
  pooled estimate sums the per-source scaled counts.
"""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import candidates as C  # noqa: E402

SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?![0-9])")


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def run(binary, paths, detect, fmt):
    """JSON Lines entities per (file path) from one run over many files."""
    cmd = [binary, "--to", "jsonl", "--offsets", "utf8"]
    if detect:
        cmd += ["--detect", detect]
    if fmt:
        cmd += ["--from", fmt]
    out = collections.defaultdict(list)
    # batches keep the command line short
    for i in range(0, len(paths), 200):
        p = subprocess.run(cmd + ["--"] + paths[i:i + 200], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, check=False)
        if p.returncode not in (0, 1):
            sys.exit("linkify failed (%d): %s" % (p.returncode, p.stderr.decode(errors="replace")[:500]))
        for line in p.stdout.decode("utf-8").splitlines():
            if line.strip():
                e = json.loads(line)
                out[e["path"]].append(e)
    return out


def bare_start(e):
    """The host start of a bare-name link, or None if the entity is not one."""
    if e["kind"] != "url":
        return None
    t = e["text"]
    if t.lower().startswith("www.") or SCHEME.match(t):
        return None
    if t.startswith("//"):
        return e["start"] + 2
    return e["start"]


def url_start(e):
    if e["kind"] != "url":
        return None
    return e["start"] + 2 if e["text"].startswith("//") else e["start"]


def fmt3(n, d):
    return "%.3f" % (n / d) if d else "–"


def frac(n, d):
    return "%s (%d/%d)" % (fmt3(n, d), n, d) if d else "–"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--detect", default=None, help="kinds for the bare-name run (default: the binary's)")
    ap.add_argument("--from", dest="fmt", default=None, help="read every file as this format")
    ap.add_argument("--tlds", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "../../../shared/data/tlds-alpha-by-domain.txt"),
        help="IANA's TLD list (default: ../shared/data/tlds-alpha-by-domain.txt beside the repository)")
    ap.add_argument("--markdown", action="store_true", help="write the tables as Markdown")
    ap.add_argument("root", nargs="?", default=os.getcwd())
    a = ap.parse_args()
    root = a.root
    text = os.path.join(root, "corpus/text")

    files, size = collections.defaultdict(list), collections.Counter()
    phone_cands = {}
    for source, rel, data in C.corpus_files(root):
        files[source].append(rel)
        size[source] += len(data)
        phone_cands[(source, rel)] = list(C.phone_candidates(data))
    sources = sorted(size)
    path_of = {}
    allpaths = []
    for s in sources:
        for rel in files[s]:
            p = os.path.join(text, s, rel)
            path_of[p] = (s, rel)
            allpaths.append(p)

    counts = {(r["source"], r["kind"]): r for r in read_tsv(os.path.join(root, "corpus/candidates/counts.tsv"))}

    # labels
    with open(a.tlds, encoding="ascii") as f:
        tlds = {l.strip().lower() for l in f if l.strip() and not l.startswith("#")}
    rows = []  # (key, host, lenient, draw, iana), every label file's rows
    for name in sorted(os.listdir(os.path.join(root, "corpus/labels"))):
        if not (name.startswith("bare") and name.endswith(".tsv")):
            continue
        for r in read_tsv(os.path.join(root, "corpus/labels", name)):
            if r["source"] not in size:
                continue  # e.g. uts58: not a corpus text
            draw = r.get("draw") or ("enriched" if "enrich" in name else "uniform")
            top = C.HOST_PART.match(r["text"].encode()).group(0).rsplit(b".", 1)[1].decode().lower()
            rows.append(((r["source"], r["file"], int(r["start"])), r["label"] == "host",
                         r["lenient"] == "host", draw, top in tlds))
    uniform = {k: (h, l) for k, h, l, d, _ in rows if d == "uniform"}
    draws = sorted({d for _, _, _, d, _ in rows} - {"uniform"})
    # all draws together: each position once, its uniform label if it has one, else its first
    union = {}
    for k, h, l, d, i in sorted(rows, key=lambda x: x[3] != "uniform"):
        union.setdefault(k, (k, h, l, "all", i))
    phones = {}
    for r in read_tsv(os.path.join(root, "corpus/labels/phones.tsv")):
        phones[(r["source"], r["file"], int(r["start"]), int(r["end"]))] = r["label"]
    # numbers the detector weighs outside the draw's shapes, every one labelled (not a sample)
    weighed = collections.defaultdict(list)
    for r in read_tsv(os.path.join(root, "corpus/labels/phones-weighed.tsv")):
        weighed[(r["source"], r["file"])].append((int(r["start"]), int(r["end"]), r["label"]))

    # bare names
    ents = run(a.bin, allpaths, a.detect, a.fmt)
    B = {s: collections.Counter() for s in sources + ["ALL"]}
    for p, es in ents.items():
        s, rel = path_of[p]
        linked_bare = {bare_start(e) for e in es} - {None}
        linked_any = {url_start(e) for e in es} - {None}
        B[s]["bare_links"] += len([e for e in es if bare_start(e) is not None])
        for st in linked_bare:
            lab = uniform.get((s, rel, st))
            if lab is not None:
                B[s]["linked"] += 1
                B[s]["linked_host"] += lab[0]
                B[s]["linked_lenient"] += lab[1]
        ents[p] = (linked_any, es)
    for (s, rel, st), host, lenient, draw, iana in rows + list(union.values()):
        B[s]["labelled_" + draw] += 1
        if not host:
            continue
        p = os.path.join(text, s, rel)
        got = p in ents and st in ents[p][0]
        B[s]["hosts_" + draw] += 1
        B[s]["hosts_linked_" + draw] += got
        if iana:
            B[s]["iana_" + draw] += 1
            B[s]["iana_linked_" + draw] += got

    # phones
    pents = run(a.bin, allpaths, "all", a.fmt)
    P = {s: collections.Counter() for s in sources + ["ALL"]}
    plabel = collections.defaultdict(list)
    for (s, rel, st, en), lab in phones.items():
        plabel[(s, rel)].append((st, en, lab))
    for p, es in pents.items():
        s, rel = path_of[p]
        for e in es:
            if e["kind"] != "phone":
                continue
            st, en = e["start"], e["end"]
            P[s]["phone_links"] += 1
            labs = [lab for a0, b0, lab in plabel[(s, rel)] if a0 < en and st < b0]
            if labs:
                if "phone" in labs:
                    P[s]["true"] += 1
                else:
                    P[s]["false"] += 1
            elif any(a0 < en and st < b0 for a0, b0 in phone_cands[(s, rel)]):
                P[s]["undrawn"] += 1
            elif (wl := [lab for a0, b0, lab in weighed[(s, rel)] if a0 < en and st < b0]):
                if "phone" in wl:
                    P[s]["true"] += 1
                else:
                    P[s]["false_weighed"] += 1
            else:
                P[s]["off"] += 1
    for s in sources:
        c = counts.get((s, "phone"))
        found, drawn = (int(c["found"]), int(c["drawn"])) if c else (0, 0)
        P[s]["scale"] = found / drawn if drawn else 1.0
        P[s]["est_false"] = P[s]["false"] * P[s]["scale"] + P[s]["false_weighed"]
        P[s]["false"] += P[s]["false_weighed"]

    for s in sources:
        for k, v in list(B[s].items()):
            B["ALL"][k] += v
        for k in ("phone_links", "true", "false", "undrawn", "off", "est_false"):
            P["ALL"][k] += P[s][k]
    size["ALL"] = sum(size[s] for s in sources)

    def bare_row(s):
        b = B[s]
        return ([b["labelled_uniform"], b["linked"], fmt3(b["linked_host"], b["linked"]),
                 fmt3(b["linked_lenient"], b["linked"]),
                 frac(b["hosts_linked_uniform"], b["hosts_uniform"]),
                 frac(b["iana_linked_uniform"], b["iana_uniform"])]
                + [frac(b["iana_linked_" + d], b["iana_" + d]) for d in draws]
                + [frac(b["iana_linked_all"], b["iana_all"]),
                   " / ".join(str(b["labelled_" + d]) for d in draws), b["bare_links"]])

    def phone_row(s):
        q = P[s]
        mb = size[s] / 1e6
        sampled = "%s/%s" % (counts[(s, "phone")]["found"], counts[(s, "phone")]["drawn"]) if s != "ALL" else \
            "%d/%d" % (sum(int(counts[(x, "phone")]["found"]) for x in sources),
                       sum(int(counts[(x, "phone")]["drawn"]) for x in sources))
        return ["%.2f" % mb, sampled, q["phone_links"], q["false"], "%.2f" % (q["est_false"] / mb),
                q["undrawn"], q["off"], "%.2f" % (q["off"] / mb), q["true"]]

    bh = ["source", "labelled (uniform)", "linked", "precision strict", "precision lenient",
          "recall, all hosts (uniform)", "recall, IANA TLD (uniform)"] + \
        ["recall (%s)" % d for d in draws] + \
        ["recall, IANA TLD (all draws)", "labelled (%s)" % " / ".join(draws), "bare links in text"]
    ph = ["source", "MB", "phone cands found/drawn", "phone links", "on not-phone labels",
          "est. false/MB", "on undrawn cands", "off candidates", "off/MB", "on phone labels"]
    names = sources + ["ALL"]

    def show(head, rowf):
        rows = [[n if n != "ALL" else "pooled"] + [str(x) for x in rowf(n)] for n in names]
        if a.markdown:
            print("| " + " | ".join(head) + " |")
            print("|---|" + "---:|" * (len(head) - 1))
            for r in rows:
                if r[0] == "pooled":
                    r = ["**%s**" % x for x in r]
                print("| " + " | ".join(r) + " |")
        else:
            w = [max(len(head[i]), max(len(r[i]) for r in rows)) for i in range(len(head))]
            print("  ".join(h.ljust(w[i]) if i == 0 else h.rjust(w[i]) for i, h in enumerate(head)))
            for r in rows:
                print("  ".join(x.ljust(w[i]) if i == 0 else x.rjust(w[i]) for i, x in enumerate(r)))
        print()

    how = "as by extension" if not a.fmt else "as " + a.fmt
    detect = a.detect or "default kinds"
    if a.markdown:
        print("Bare names (`--to jsonl`, %s, files read %s; precision on the uniform draw only):\n" % (detect, how))
    else:
        print("Bare names (%s, files read %s; precision on the uniform draw only)" % (detect, how))
    show(bh, bare_row)
    if a.markdown:
        print("Phones (`--detect all`; est. false/MB = links on not-phone labels x found/drawn / MB):\n")
    else:
        print("Phones (--detect all; est. false/MB = links on not-phone labels x found/drawn / MB)")
    show(ph, phone_row)


if __name__ == "__main__":
    main()
