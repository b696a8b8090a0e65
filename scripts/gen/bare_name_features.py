#!/usr/bin/env python3
"""Exports the bare-name model's features for every candidate in the corpus.

Runs the built linkify on each file of corpus/text with `--explain=json
--detect url` (read as plain text, so that offsets are the file's bytes and every candidate is weighed, code spans and link texts included)
and writes corpus/features/bare-names.tsv: one row per bare name the model
weighed — source, file, byte start and end, text, its features
(`name=value;…`, the binary's own feature definitions), whether the model
linked it, and whether it is a link in the output (other rules may still
decide: an overlap, a --deny-schemes). The trainer
(scripts/gen/train_bare_names.py) fits its weights from this file and the
labels; features do not depend on the weights, so the export is the same
whatever table the binary was built with. UTS #58's test lines
(Fixtures/conformance/uts58/LinkDetectionTest.txt) are a source too: each line
is read on its own, as `uts58` / `LinkDetectionTest.txt:LINE`.

Usage: bare_name_features.py --bin .build/release/linkify [--out corpus/features/bare-names.tsv]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from model_export import ROOT, corpus_files, feature_column, weighed, write_rows  # noqa: E402


# UTS #58's own test lines (the standard marks the links in each): a labelled
# source beside the corpus, each line read on its own as the standard means it.
UTS58 = ROOT / "Fixtures/conformance/uts58/LinkDetectionTest.txt"
MARKS = ("\u2e20", "\u2e21")


def uts58_lines():
    """(line number, text without marks, [(start, end) of each marked link in bytes])."""
    for number, line in enumerate(UTS58.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        plain, spans, at, start = b"", [], 0, None
        for ch in line:
            if ch == MARKS[0]:
                start = len(plain)
            elif ch == MARKS[1]:
                spans.append((start, len(plain)))
            else:
                plain += ch.encode()
        yield number, plain, spans


def row(source, rel, e, linked):
    feats = feature_column(e)
    text = e["text"].replace("\t", " ").replace("\n", " ")
    return (source, rel, e["start"], e["end"], text, feats, int(e["links"]), int(e["start"] in linked))


def export(binary, out):
    rows = []
    for number, plain, _ in uts58_lines():
        proc = subprocess.run([binary, "--from", "text", "--explain=json", "--detect", "url", "--to", "jsonl",
                               "--offsets", "utf8", "-"], input=plain, capture_output=True, check=False)
        linked = {json.loads(l)["start"] for l in proc.stdout.splitlines()}
        for e in weighed(proc.stderr, "bare-name"):
            rows.append(row("uts58", f"LinkDetectionTest.txt:{number}", e, linked))
    for source, rel, path in corpus_files():
        proc = subprocess.run([binary, "--from", "text", "--explain=json", "--detect", "url", "--to", "jsonl", "--offsets", "utf8", str(path)],
                              capture_output=True, check=False)
        if proc.returncode not in (0, 1):
            sys.exit(f"bare_name_features: linkify failed on {path}: {proc.stderr[-300:]!r}")
        linked = set()
        for line in proc.stdout.splitlines():
            e = json.loads(line)
            linked.add(e["start"])
        for e in weighed(proc.stderr, "bare-name"):
            rows.append(row(source, rel, e, linked))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    return write_rows(out, ["source", "file", "start", "end", "text", "features", "model_links", "linked"], rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / ".build/release/linkify"))
    ap.add_argument("--out", default=str(ROOT / "corpus/features/bare-names.tsv"))
    a = ap.parse_args()
    n = export(os.path.abspath(a.bin), a.out)
    print(f"bare_name_features: {n} candidates weighed -> {os.path.relpath(a.out, ROOT)}")


if __name__ == "__main__":
    main()
