#!/usr/bin/env python3
"""Exports the date acceptance model's features for every date the reader reads.

Runs the built linkify with `--explain=json --detect date` and writes
corpus/features/dates.tsv: one row per date the model weighed — source, file,
byte start and end, text, its features (`name=value;…`, the binary's own
feature definitions, `DateAcceptance.swift`), and whether the model linked it.
Features do not depend on the weights, so the export is the same whatever
table the binary was built with. The trainer (scripts/gen/train_dates.py)
fits the weights from this file and the labels.

Two kinds of source:
- every file of corpus/text, read as plain text with the draws' reference
  time (scripts/corpus/date_draw.py's NOW), as `SOURCE` / `FILE`;
- the sentences of corpus/dates-dev/chrono.jsonl (chrono's tests, each read
  on its own with its locale and reference time), as `chrono` / `ID`.

Usage: date_features.py [--bin .build/release/linkify] [--out corpus/features/dates.tsv]
"""
import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from model_export import ROOT, corpus_files, feature_column, weighed, write_rows  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts/corpus"))
from date_draw import NOW  # noqa: E402

CHRONO = ROOT / "corpus/dates-dev/chrono.jsonl"


def row(source, rel, e):
    feats = feature_column(e)
    text = e["text"].replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return (source, rel, e["start"], e["end"], text, feats, int(e["links"]))


def run(binary, args, data=None):
    proc = subprocess.run([binary, "--from", "text", "--explain=json", "--detect", "date", "--to", "jsonl",
                           "--offsets", "utf8"] + args, input=data, capture_output=True, check=False)
    if proc.returncode not in (0, 1):
        sys.exit(f"date_features: linkify failed on {args[-1]}: {proc.stderr[-300:]!r}")
    return proc.stderr


def valid_now(now):
    """chrono's tests hold a few impossible reference times (month 13), which linkify refuses."""
    try:
        datetime.datetime.fromisoformat(now)
        return True
    except ValueError:
        return False


def export(binary, out):
    rows = []
    for source, rel, path in corpus_files():
        for e in weighed(run(binary, ["--now", NOW, str(path)]), "date"):
            rows.append(row(source, rel, e))
    with open(CHRONO, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if not valid_now(r["now"]):
                continue
            stderr = run(binary, ["--now", r["now"], "--locale", r["locale"], "-"], r["input"].encode())
            for e in weighed(stderr, "date"):
                rows.append(row("chrono", r["id"], e))
    return write_rows(out, ["source", "file", "start", "end", "text", "features", "model_links"], rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / ".build/release/linkify"))
    ap.add_argument("--out", default=str(ROOT / "corpus/features/dates.tsv"))
    a = ap.parse_args()
    n = export(os.path.abspath(a.bin), a.out)
    print(f"date_features: {n} dates weighed -> {os.path.relpath(a.out, ROOT)}")


if __name__ == "__main__":
    main()
