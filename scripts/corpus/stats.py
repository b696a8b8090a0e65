#!/usr/bin/env python3
"""Print Markdown tables of the corpus: sources and sizes, candidates found and
drawn, and labels per source and kind (the tables in corpus/README.md).

usage: stats.py [REPO_ROOT]
"""
import collections
import os
import sys


def rows(path):
    with open(path, encoding="utf-8") as f:
        head = next(f).rstrip("\n").split("\t")
        for line in f:
            yield dict(zip(head, line.rstrip("\n").split("\t")))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    c = os.path.join(root, "corpus")
    counts = {(r["source"], r["kind"]): r for r in rows(os.path.join(c, "candidates/counts.tsv"))}
    bare = collections.defaultdict(collections.Counter)
    phone = collections.defaultdict(collections.Counter)
    for r in rows(os.path.join(c, "labels/bare-names.tsv")):
        bare[r["source"]][r["label"]] += 1
        bare[r["source"]]["lenient:" + r["lenient"]] += 1
        bare["ALL"]["reason:" + r["reason"]] += 1
    for r in rows(os.path.join(c, "labels/phones.tsv")):
        phone[r["source"]][r["label"]] += 1
        phone["ALL"]["reason:" + r["reason"]] += 1
    sources = sorted({s for s, _ in counts})
    print("| source | bytes | bare-name candidates found / drawn | labelled: host / not-host (lenient host) | phone candidates found / drawn | labelled: phone / not-phone |")
    print("|---|---:|---:|---:|---:|---:|")
    tot = collections.Counter()
    for s in sources:
        b, p = counts[(s, "bare-name")], counts[(s, "phone")]
        hb, nb, lh = bare[s]["host"], bare[s]["not-host"], bare[s]["lenient:host"]
        pp, np_ = phone[s]["phone"], phone[s]["not-phone"]
        print("| %s | %s | %s / %s | %d / %d (%d) | %s / %s | %d / %d |" % (
            s, b["bytes"], b["found"], b["drawn"], hb, nb, lh, p["found"], p["drawn"], pp, np_))
        for k, v in (("bytes", b["bytes"]), ("bf", b["found"]), ("bd", b["drawn"]),
                     ("pf", p["found"]), ("pd", p["drawn"])):
            tot[k] += int(v)
        tot["hb"] += hb
        tot["nb"] += nb
        tot["lh"] += lh
        tot["pp"] += pp
        tot["np"] += np_
    print("| **all** | %d | %d / %d | %d / %d (%d) | %d / %d | %d / %d |" % (
        tot["bytes"], tot["bf"], tot["bd"], tot["hb"], tot["nb"], tot["lh"],
        tot["pf"], tot["pd"], tot["pp"], tot["np"]))
    print()
    print("Bare-name reasons: " + ", ".join(
        "%s %d" % (k[7:], v) for k, v in sorted(bare["ALL"].items(), key=lambda kv: -kv[1])))
    print()
    print("Phone reasons: " + ", ".join(
        "%s %d" % (k[7:], v) for k, v in sorted(phone["ALL"].items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
