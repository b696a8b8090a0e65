#!/usr/bin/env python3
"""Merge a reader's decisions into corpus/labels/{bare-names,phones}.tsv.

usage: apply_labels.py KIND DECISIONS_FILE [REPO_ROOT]
       (KIND: bare | phone | enriched; enriched reads the host-enriched draw
       corpus/candidates/bare-enriched.tsv of enrich_draw.py, writes
       corpus/labels/bare-enriched.tsv with bare-name codes and a last column
       draw = enriched; enriched-tld likewise reads candidates.py --enrich's
       corpus/candidates/bare-enriched-tld.tsv and writes
       corpus/labels/bare-enriched-tld.tsv, draw = enriched-tld)

DECISIONS_FILE has one decision a line: `ID CODE [note...]`, e.g. `b0012 hs`.
A decision is what a person decided after reading the candidate's context in
corpus/candidates/; this script only spells the short codes out. Rows already
labelled keep their label unless the file decides them again.

Bare-name codes (label, reason, lenient):
  hs host site   he host example
  ip not-host import-path (lenient host)   ir not-host image-ref (lenient host)
  oe not-host obfuscated-email (lenient host)
  f file  m member  lk label-key  ag api-group  v version  ck config-key
  rd reverse-dns  pn package-name  c code  o other        (all not-host)
Phone codes: ph phone; id hash ver date time pr(port-range) num tc(table-cell)
  ip code o                                                (all not-phone)
Date codes (KIND date: corpus/candidates/dates.tsv of date_draw.py, written to
  corpus/labels/dates.tsv): dt date; dp date, span wrong (the linked span cuts
  the date or takes more); ver version; id id, number or hash; num quantity,
  duration or count; gen a generic word naming no particular time; code code,
  a format pattern or placeholder; o other                (all not-date)
"""
import os
import sys

BARE = {
    "hs": ("host", "site", "host"), "he": ("host", "example", "host"),
    "ip": ("not-host", "import-path", "host"), "ir": ("not-host", "image-ref", "host"),
    "oe": ("not-host", "obfuscated-email", "host"),
    "f": "file", "m": "member", "lk": "label-key", "ag": "api-group", "v": "version",
    "ck": "config-key", "rd": "reverse-dns", "pn": "package-name", "c": "code", "o": "other",
}
DATE = {"dt": ("date", "date"), "dp": ("date", "span"), "ver": "version", "id": "id", "num": "number",
        "gen": "generic", "code": "code", "o": "other"}
PHONE = {"ph": ("phone", "phone"), "id": "id", "hash": "hash", "ver": "version",
         "date": "date", "time": "time", "pr": "port-range", "num": "number",
         "tc": "table-cell", "ip": "ip", "code": "code", "o": "other"}


def main():
    kind, dec = sys.argv[1], sys.argv[2]
    draw = ""
    if kind.startswith("date:"):   # an added draw of date_draw.py --since (date:NAME)
        kind, draw = "date", "-" + kind[5:]
    root = sys.argv[3] if len(sys.argv) > 3 else os.getcwd()
    enriched = kind if kind in ("enriched", "enriched-tld") else None
    if enriched:
        kind = "bare"
    name = ("bare-%s.tsv" % enriched if enriched else "bare-names.tsv" if kind == "bare"
            else "dates%s.tsv" % draw if kind == "date" else "phones.tsv")
    codes = BARE if kind == "bare" else DATE if kind == "date" else PHONE
    cand = os.path.join(root, "corpus/candidates", name)
    out = os.path.join(root, "corpus/labels", name)
    extra = ["label", "reason", "lenient"] if kind == "bare" else ["label", "reason"]
    if enriched:
        extra.append("draw")
    with open(cand, encoding="utf-8") as f:
        width = len(next(f).rstrip("\n").split("\t"))
    labels = {}
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            next(f)
            for line in f:
                c = line.rstrip("\n").split("\t")
                labels[c[0]] = c[width:]
    new = 0
    with open(dec, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            rid, code = parts[0], parts[1]
            v = codes[code]
            if isinstance(v, str):
                v = (("not-host", v, "not-host") if kind == "bare" else ("not-date", v) if kind == "date"
                     else ("not-phone", v))
            labels[rid] = list(v) + ([enriched] if enriched else [])
            new += 1
    rows = []
    with open(cand, encoding="utf-8") as f:
        head = next(f).rstrip("\n").split("\t")
        for line in f:
            c = line.rstrip("\n").split("\t")
            if c[0] in labels:
                rows.append(c + labels[c[0]])
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\t".join(head + extra) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("%s: %d decisions read, %d rows labelled" % (name, new, len(rows)))


if __name__ == "__main__":
    main()
