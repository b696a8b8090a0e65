#!/usr/bin/env python3
"""Fits the date acceptance model's weights (logistic regression, logistic.py)
from the labelled corpus and writes Sources/LinkifyDetectors/Tables/DateWeights.swift.

Inputs, all committed:
- corpus/features/dates.tsv — every date the binary's reader read in the
  corpus and in chrono's sentences, with its features
  (scripts/gen/date_features.py exports it from `linkify --explain=json`; the
  features do not depend on the weights);
- corpus/labels/dates*.tsv — the corpus's dates labelled in context by people
  (`date`, or `not-date` with a reason; a date whose span is wrong is a date);
  a weighed date takes the label of the labelled span it overlaps;
- corpus/dates-dev/chrono.jsonl — chrono's test sentences (MIT): a weighed
  date in a sentence chrono says holds no date is 0, one that overlaps the
  span chrono marks is 1, any other is left out (chrono's conventions are not
  SPEC §3's, so it says nothing about it).

A weighed date with a label is a training example: 1 for a date, 0 for
anything else, each counted once (weighting each draw's rows by the candidates
they stand for, linked/drawn, fitted worse held out: uniform draw 0.953 / 0.986
against 0.965 / 0.989). `../shared/realworld` is never read here.

  train_dates.py --report        # leave-one-source-out table (Markdown)
  train_dates.py --check         # the binary's decisions in the export are the shipped weights'
  train_dates.py --write FILE    # the fitted table as Swift (make tables)
"""
import argparse
import csv
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import logistic  # noqa: E402
from model_export import feature_vector  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "corpus"))
from date_draw import labelled_spans  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
FEATURES = ROOT / "corpus/features/dates.tsv"
CHRONO = ROOT / "corpus/dates-dev/chrono.jsonl"
SHIPPED = ROOT / "Sources/LinkifyDetectors/Tables/DateWeights.swift"

# The features in the binary's order (DateFeature's raw values).
NAMES = ["no_year", "iso_form", "has_time", "range", "non_ascii", "path_mark", "quote_mark", "sign_before",
         "table_line", "numbers_on_line", "cue_before", "after_the", "line_start", "bracketed", "clause_end",
         "in_url", "reference_layout", "slash_pair", "code_mark", "column_gap",
         "words_only", "one_word", "clock_only"]
INDEX = {n: i for i, n in enumerate(NAMES)}
ITERATIONS = 3000
RATE = 0.5
L2 = 0.001
# The threshold (hundredths) is chosen among these: the one whose held-out
# decisions (each source decided by the fit without it) have the best F1 on
# every labelled date pooled; on a tie, the one nearest 0 (p = 0.5).
THRESHOLDS = tuple(range(-200, 201, 25))


def read_features():
    rows = []
    with open(FEATURES, encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            x = feature_vector(r["features"], INDEX)
            rows.append({"source": r["source"], "file": r["file"], "start": int(r["start"]), "end": int(r["end"]),
                         "text": r["text"], "x": x, "model_links": r["model_links"] == "1"})
    return rows


def read_labels():
    """(source, file) -> [(start, end, is_date, draw)]: the corpus's labelled dates (date_draw.py)."""
    return labelled_spans(ROOT)


def read_chrono():
    """id -> (has a date, [(byte start, byte end)] of the spans chrono marks)."""
    out = {}
    with open(CHRONO, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            spans = []
            if r.get("span"):
                s, e = r["span"]["start"], r["span"]["end"]
                text = r["input"]
                spans.append((len(text[:s].encode()), len(text[:e].encode())))
            out[r["id"]] = (r["set"] == "pos", spans)
    return out


def label(row, labels, chrono):
    """(1, 0 or None for no label; the draw it comes from)."""
    s, e = row["start"], row["end"]
    if row["source"] == "chrono":
        has_date, spans = chrono[row["file"]]
        if not has_date:
            return 0, "chrono"
        return (1 if any(s0 < e and s < e0 for s0, e0 in spans) else None), "chrono"
    for s0, e0, is_date, draw in labels.get((row["source"], row["file"]), []):
        if s0 < e and s < e0:
            return (1 if is_date else 0), draw
    return None, None


def examples(rows, keep=lambda source: True):
    return [(r["x"], r["y"]) for r in rows if r["y"] is not None and keep(r["source"])]


def fit(ex):
    return logistic.hundredths(logistic.fit(ex, len(NAMES), ITERATIONS, RATE, L2))


def score(w, x):
    d = len(NAMES)
    return w[d] + sum(w[i] * x[i] for i in range(d))


def decide(w, x, threshold=0):
    return score(w, x) >= threshold


def held_out_scores(rows):
    """(row, score) for every labelled row, scored by the fit on the other sources."""
    out = []
    for source in sorted({r["source"] for r in rows if r["y"] is not None}):
        w = fit(examples(rows, lambda s, held=source: s != held))
        out += [(r, score(w, r["x"])) for r in rows if r["source"] == source and r["y"] is not None]
    return out


def f1(pairs):
    _, _, _, p, r = figures(pairs)
    return 2 * p * r / (p + r) if p + r else 0.0


def choose_threshold(scored):
    return max(THRESHOLDS, key=lambda t: (round(f1([(r["y"], s >= t) for r, s in scored]), 6), -abs(t)))


def swift_table(w, threshold):
    d = len(NAMES)
    lines = ["// Generated by scripts/gen/train_dates.py from corpus/features/dates.tsv and",
             "// corpus/labels (logistic regression, fixed iterations, weights in hundredths); do not edit",
             "// (make tables).", "",
             "/// The date acceptance model's weights, in hundredths: a date is linked when",
             "/// `bias` plus each feature's weight times its value is `threshold` or more",
             "/// (the threshold whose held-out decisions have the best F1). `byFeature` is in",
             "/// the features' order (`DateFeature`'s raw values), `names` their names in the",
             "/// same order (a test checks that they are `DateFeature`'s).",
             "enum DateWeights {", f"    static let bias = {w[d]}", f"    static let threshold = {threshold}", "",
             "    static let byFeature: [Int] = ["]
    lines += [f"        {w[i]},  // {name}" for i, name in enumerate(NAMES)]
    lines += ["    ]", "", "    static let names: [String] = ["]
    lines += [f'        "{name}",' for name in NAMES]
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def shipped_weights():
    """(weights with the bias last, threshold) of the committed table."""
    text = SHIPPED.read_text(encoding="utf-8")
    threshold = int(text.split("static let threshold = ")[1].split("\n")[0]) if "static let threshold" in text else 0
    w = [0] * (len(NAMES) + 1)
    w[len(NAMES)] = int(text.split("static let bias = ")[1].split("\n")[0])
    body = text.split("static let byFeature: [Int] = [")[1].split("]")[0]
    values = [int(v.split("//")[0]) for v in body.replace(",", "\n").splitlines() if v.split("//")[0].strip()]
    if len(values) != len(NAMES):
        sys.exit(f"train_dates: {SHIPPED.name} has {len(values)} weights, the model {len(NAMES)} features")
    w[:len(NAMES)] = values
    return w, threshold


def figures(pairs):
    """(labelled, dates, precision before, precision after, recall after) of (y, decided) pairs."""
    n = len(pairs)
    dates = sum(y for y, _ in pairs)
    kept = [y for y, d in pairs if d]
    before = dates / n if n else 1.0
    after = sum(kept) / len(kept) if kept else 1.0
    recall = sum(kept) / dates if dates else 1.0
    return n, dates, before, after, recall


def report(rows):
    scored = held_out_scores(rows)
    threshold = choose_threshold(scored)
    print(f"Each source decided by the fit on the others, at the threshold chosen on them ({threshold}):\n")
    print("| held-out source | labelled | dates | precision, all linked | precision, model | date recall, model |")
    print("|---|---|---|---|---|---|")
    pooled = {"corpus": [], "chrono": []}
    by_source, by_draw = {}, {}
    for r, s in scored:
        p = (r["y"], s >= threshold)
        by_source.setdefault(r["source"], []).append(p)
        by_draw.setdefault(r["draw"], []).append(p)
        pooled["chrono" if r["source"] == "chrono" else "corpus"].append(p)
    for source in sorted(by_source):
        n, dates, before, after, recall = figures(by_source[source])
        print(f"| {source} | {n} | {dates} | {before:.3f} | {after:.3f} | {recall:.3f} |")
    for name, pairs in pooled.items():
        n, dates, before, after, recall = figures(pairs)
        print(f"| **pooled, {name}** | {n} | {dates} | {before:.3f} | **{after:.3f}** | **{recall:.3f}** |")
    print("\nBy draw (`uniform` is the seeded draw of what the binary links, so its first")
    print("column is the binary's precision before the model):\n")
    print("| draw | labelled | dates | precision, all linked | precision, model | date recall, model |")
    print("|---|---|---|---|---|---|")
    for name in sorted(by_draw):
        n, dates, before, after, recall = figures(by_draw[name])
        print(f"| {name} | {n} | {dates} | {before:.3f} | {after:.3f} | {recall:.3f} |")
    w, t = shipped_weights()
    pairs = [(r["y"], decide(w, r["x"], t)) for r in rows if r["y"] is not None]
    n, dates, before, after, recall = figures(pairs)
    print(f"\nShipped weights on every labelled date (fitted on them): precision {before:.3f} -> {after:.3f}, "
          f"date recall {recall:.3f} ({n} labelled, {dates} dates).")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--write", metavar="FILE")
    a = ap.parse_args()
    rows = read_features()
    labels, chrono = read_labels(), read_chrono()
    for r in rows:
        r["y"], r["draw"] = label(r, labels, chrono)
    if a.check:
        w, t = shipped_weights()
        wrong = [r for r in rows if decide(w, r["x"], t) != r["model_links"]]
        for r in wrong[:10]:
            print(f"  {r['source']} {r['file']} {r['start']} {r['text']!r}: binary {r['model_links']}", file=sys.stderr)
        if wrong:
            sys.exit(f"train_dates: the binary decides {len(wrong)} of {len(rows)} dates otherwise than "
                     f"{SHIPPED.name} (rebuild, or make tables)")
        print(f"train_dates: the binary's {len(rows)} decisions are the shipped weights'")
    if a.report:
        report(rows)
    if a.write:
        ex = examples(rows)
        threshold = choose_threshold(held_out_scores(rows))
        pathlib.Path(a.write).write_text(swift_table(fit(ex), threshold), encoding="utf-8")
        print(f"train_dates: fitted on {len(ex)} labelled dates, threshold {threshold} -> {a.write}", file=sys.stderr)


if __name__ == "__main__":
    main()
