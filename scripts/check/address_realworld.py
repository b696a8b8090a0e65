#!/usr/bin/env python3
"""Scores linkify's address detector on addresses written by other people.

Recall and precision over sentences built around the addresses in
Fixtures/realworld-addresses/ (datamade/usaddress's labelled addresses and
pyap's test addresses, see its README), and false addresses over real text
that has none (Debian changelogs from /usr/share/doc):

    scripts/check/address_realworld.py [--bin PATH] [--changelogs N] [--show]

A found address overlaps the labelled one; an exact one has the same start
and the same end (trailing `.`, `,`, `;` and spaces aside). Only the binary is
run (`--detect address --to jsonl`), so two builds can be compared.
"""
import argparse
import glob
import gzip
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "Fixtures", "realworld-addresses")
SOURCES = [("usaddress.txt", "usaddress", "US"), ("pyap-us.txt", "pyap", "US"),
           ("pyap-ca.txt", "pyap", "CA"), ("pyap-gb.txt", "pyap", "GB")]
# How the addresses stand in text: in a sentence, on lines of their own, alone,
# after a label. Each address takes the next frame in turn.
FRAMES = [
    "Our office is at {} if you want to visit.",
    "Please send the signed forms to:\n{}\nThank you!",
    "{}",
    "Address: {} (ring the bell twice)",
    "The meeting moved to {}.",
]
SEPARATOR = "\n\n\n=====\n\n\n"


def load(name="*"):
    if name == "negative":
        with open(os.path.join(DATA, "pyap-negative.txt"), encoding="utf-8") as f:
            return [("pyap", "neg", l.rstrip("\n")) for l in f if l.strip()]
    records = []
    for name, source, region in SOURCES:
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if line and not line.startswith("#"):
                    records.append((source, region, line.replace("\\n", "\n")))
    return records


def run(binary, text):
    out = subprocess.run([binary, "--detect", "address", "--to", "jsonl", "--offsets", "scalar"],
                         input=text.encode("utf-8"), capture_output=True, check=True).stdout
    return [json.loads(l) for l in out.decode("utf-8").splitlines() if l.strip()]


def trimmed(text, start, end):
    while end > start and text[end - 1] in ".,; \n":
        end -= 1
    return end


def score(binary, show):
    records = load()
    negatives = load("negative")
    parts, gold = [], []
    pos = 0
    for i, (source, region, address) in enumerate(records):
        frame = FRAMES[i % len(FRAMES)]
        doc = frame.format(address)
        start = pos + frame.index("{}")
        gold.append((source, region, start, start + len(address)))
        parts.append(doc)
        pos += len(doc) + len(SEPARATOR)
    # Text that is not an address, in the same frames: whatever is found there is false.
    for i, (_, _, line) in enumerate(negatives):
        parts.append(FRAMES[i % len(FRAMES)].format(line))
    text = SEPARATOR.join(parts)
    found = run(binary, text)
    stats = {}
    hit = [None] * len(gold)
    false = []
    for e in found:
        s, t = e["start"], e["end"]
        owner = next((k for k, g in enumerate(gold) if s < g[3] and g[2] < t), None)
        if owner is None:
            false.append(e["text"])
        elif hit[owner] is None:
            hit[owner] = (s, t)
        else:
            false.append(e["text"])   # a second span inside one address
    for k, (source, region, s, t) in enumerate(gold):
        key = f"{source} {region}"
        st = stats.setdefault(key, [0, 0, 0])
        st[0] += 1
        if hit[k]:
            st[1] += 1
            hs, ht = hit[k]
            if hs == s and trimmed(text, hs, ht) == trimmed(text, s, t):
                st[2] += 1
            elif show:
                print(f"  partial [{key}] {text[s:t]!r} -> {text[hs:ht]!r}")
        elif show:
            print(f"  missed  [{key}] {text[s:t]!r}")
    for f in false:
        if show:
            print(f"  false   {f!r}")
    total = [sum(v[i] for v in stats.values()) for i in range(3)]
    print(f"{'source':<16}{'records':>8}{'found':>8}{'exact':>8}")
    for key in sorted(stats):
        n, f, x = stats[key]
        print(f"{key:<16}{n:>8}{f / n:>8.3f}{x / n:>8.3f}")
    n, f, x = total
    detections = f + len(false)
    precision = f / detections if detections else 1.0
    print(f"{'all':<16}{n:>8}{f / n:>8.3f}{x / n:>8.3f}")
    print(f"precision on the sentences: {precision:.3f} ({len(false)} false of {detections};"
          f" {len(negatives)} of the sentences hold pyap's non-addresses)")
    return precision, f / n


def changelogs(binary, limit, show):
    paths = sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz"))
    text, size = [], 0
    for p in paths:
        try:
            with gzip.open(p, "rb") as f:
                data = f.read().decode("utf-8", "replace")
        except OSError:
            continue
        text.append(data)
        size += len(data)
        if size >= limit:
            break
    found = run(binary, "\n".join(text))
    print(f"Debian changelogs: {len(text)} files, {size / 1e6:.1f} M characters, {len(found)} addresses found")
    if show:
        for e in found:
            print(f"  {e['text']!r}")
    return len(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "linkify"))
    ap.add_argument("--changelogs", type=float, default=4.0, help="megacharacters of changelogs to read (0: none)")
    ap.add_argument("--show", action="store_true", help="list misses, partial spans and false addresses")
    ap.add_argument("--min", nargs=2, type=float, metavar=("P", "R"),
                    help="exit 1 unless precision and recall on the sentences reach these floors")
    args = ap.parse_args()
    precision, recall = score(args.bin, args.show)
    if args.changelogs > 0:
        changelogs(args.bin, int(args.changelogs * 1e6), args.show)
    if args.min and (precision < args.min[0] or recall < args.min[1]):
        print(f"below the floor: precision {precision:.3f} (floor {args.min[0]}), recall {recall:.3f} (floor {args.min[1]})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
