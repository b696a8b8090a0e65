#!/usr/bin/env python3
"""Labels of UTS #58's test lines for the bare-name model: every name the
binary weighed in a line of Fixtures/conformance/uts58/LinkDetectionTest.txt
is a host when the standard marks a link starting there, else not — the
standard's own judgement, not a rule of ours. Writes corpus/labels/bare-uts58.tsv.

Usage: uts58_labels.py   (after scripts/gen/bare_name_features.py)
"""
import csv
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/gen"))
import bare_name_features as F  # noqa: E402

marked = {}
for number, plain, spans in F.uts58_lines():
    marked[f"LinkDetectionTest.txt:{number}"] = {start for start, _ in spans}
rows = []
with open(ROOT / "corpus/features/bare-names.tsv", encoding="utf-8") as f:
    for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
        if r["source"] != "uts58":
            continue
        host = int(r["start"]) in marked[r["file"]]
        label = "host" if host else "not-host"
        rows.append((f"u{len(rows) + 1:04d}", "uts58", r["file"], r["start"], r["end"], r["text"], "", label,
                     "standard", label, "uniform"))
with open(ROOT / "corpus/labels/bare-uts58.tsv", "w", encoding="utf-8") as f:
    f.write("id\tsource\tfile\tstart\tend\ttext\tcontext\tlabel\treason\tlenient\tdraw\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
print(f"uts58_labels: {len(rows)} names, {sum(r[7] == 'host' for r in rows)} hosts -> corpus/labels/bare-uts58.tsv")
