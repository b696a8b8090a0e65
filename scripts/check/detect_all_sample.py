#!/usr/bin/env python3
"""Writes Fixtures/detect-all-sample/input, the text the golden test runs
with every detector on: a sample of the labelled corpus (the first 6 KB, cut
at a line end, of every 40th file of corpus/text in sorted order), then the
one-line string literals of the phone, date and address detectors' tests
(their `|` marks taken out), which hold the numbers, dates and addresses
real text here has few of. A change
meant to keep behaviour (speed work, restructuring) must leave the golden's
expected output byte for byte; a change to a detector updates it on purpose
(LINKIFY_RECORD=1 swift test --filter GoldenTests), and the diff shows what
the change did on real text.

    python3 scripts/check/detect_all_sample.py
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parents[2]
files = sorted(p for p in (root / "corpus" / "text").rglob("*") if p.is_file())
out = bytearray()
for p in files[::40]:
    data = p.read_bytes()[:6000]
    cut = data.rfind(b"\n")
    out += data[: cut + 1 if cut >= 0 else len(data)] + b"\n"
for p in sorted((root / "Tests" / "LinkifyCoreTests" / "Detectors").glob("*/*.swift")):
    if p.parent.name not in ("Phone", "Date", "Address"):
        continue
    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', p.read_text(encoding="utf-8")):
        if len(literal) >= 12 and "\\(" not in literal:
            out += literal.replace("|", "").replace("\\n", "\n").encode("utf-8") + b"\n"
target = root / "Fixtures" / "detect-all-sample"
target.mkdir(exist_ok=True)
(target / "input").write_bytes(bytes(out))
print(f"{len(files[::40])} files, {len(out)} bytes")
