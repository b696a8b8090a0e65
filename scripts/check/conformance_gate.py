#!/usr/bin/env python3
"""Runs ../shared/tools/conformance.py and fails when a suite falls below the
floor the project holds itself to. Prints the scorer's table.

Usage: python3 scripts/check/conformance_gate.py --bin .build/release/linkify --shared ../shared
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Section prefix -> minimum pass rate (0..1). Raise a floor when a suite improves.
FLOORS = {
    "uts58/LinkDetectionTest": 0.98,
    "twitter-text/extract/urls": 0.98,
    "twitter-text/extract/mentions": 0.98,
    "twitter-text/extract/hashtags": 0.98,
    "twitter-text/extract/cashtags": 0.98,
    "gfm/": 0.97,
}

# Detector -> floors on the figures the scorer reports under its JSON `detectors` key
# (issue 6's "done when"; a kind the scorer did not score is below its floor).
# `min` figures must reach the floor, `max` figures stay at or below it;
# `min_per_group` applies to each region or locale (`by_region`, `by_locale`),
# `min_per_category` to each category with spans (`by_category`), `min_in_group`
# to the named groups only.
DETECTOR_FLOORS = {
    "phone": {
        "min": {"precision": 0.97, "recall": 0.97, "value_accuracy": 0.99},
        "max": {"negative_fp_rate": 0.05},
        "min_per_group": {"recall": 0.95},
    },
    "date": {
        "min": {"precision": 0.90, "recall": 0.90, "value_accuracy": 0.95},
        "max": {"negatives_flagged": 3},
        "min_per_category": {"precision": 0.80, "recall": 0.80},
    },
    "address": {
        "min": {"precision": 0.95, "recall": 0.90},
        "min_in_group": {"US": {"recall": 0.95}},
    },
}

# ../shared/realworld (other projects' test data, scored with --accept-alt): for
# evaluation only, so these are regression floors a little under the figures
# of 2026-12-07 (phone 1.000 / 0.910 / 1.000, date 0.743 / 0.564 / 0.922 after
# the day's grammar forms — 0.729 / 0.542 / 0.927 before; hours without am/pm
# are taken as written, so some new times are valued unlike Duckling —
# address 0.921 / 0.820), not targets; the dates issue's targets are higher.
# The address labeller moved address precision from 0.924 to 0.921 and recall
# from 0.779 to 0.820 (overlap recall 0.843 -> 0.891; no negative found):
# its extra false spans are addresses read to a different end (docs/addresses.md).
REALWORLD_FLOORS = {
    "phone": {"min": {"precision": 0.99, "recall": 0.90, "value_accuracy": 0.99}},
    "date": {"min": {"precision": 0.73, "recall": 0.55, "value_accuracy": 0.91}},
    "address": {"min": {"precision": 0.90, "recall": 0.80}},
}


def score(scorer, binary, folder, extra):
    """The scorer's JSON report on `folder`, its table printed; None when it wrote none."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "score.json")
        proc = subprocess.run([sys.executable, scorer, "--bin", binary, "--failures", "0", "--json", out] + extra
                              + [folder], capture_output=True, text=True)
        print(proc.stdout[-6000:])
        if not os.path.exists(out):
            print(proc.stderr[-3000:], file=sys.stderr)
            return None
        return json.load(open(out))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--shared", default="../shared")
    args = ap.parse_args()
    scorer = os.path.join(args.shared, "tools", "conformance.py")
    if not os.path.exists(scorer):
        print(f"conformance gate: {scorer} not found", file=sys.stderr)
        return 1
    data = score(scorer, args.bin, os.path.join(args.shared, "conformance"), [])
    if data is None:
        return 1
    sections = {s["section"]: (s["passed"], s["passed"] + s["failed"])
                for s in data.get("sections", []) if not s.get("informational")}
    failed = []
    for prefix, floor in FLOORS.items():
        p = sum(v[0] for k, v in sections.items() if k.startswith(prefix))
        t = sum(v[1] for k, v in sections.items() if k.startswith(prefix))
        rate = p / t if t else 0.0
        mark = "ok" if rate >= floor else "BELOW FLOOR"
        print(f"gate {prefix}: {p}/{t} = {rate:.3f} (floor {floor}) {mark}")
        if rate < floor:
            failed.append(prefix)
    detectors = data.get("detectors", {})
    for kind, floors in DETECTOR_FLOORS.items():
        report = detectors.get(kind)
        if not report or report.get("status") != "scored":
            print(f"gate detector {kind}: not scored BELOW FLOOR")
            failed.append(kind)
            continue
        checks = [(k, report.get(k), v, "min") for k, v in floors.get("min", {}).items()]
        checks += [(k, report.get(k), v, "max") for k, v in floors.get("max", {}).items()]
        groups = report.get("by_" + report.get("grouped_by", ""), {})
        for k, v in floors.get("min_per_group", {}).items():
            checks += [(f"{k}[{g}]", figures.get(k), v, "min") for g, figures in sorted(groups.items())]
        for g, group_floors in floors.get("min_in_group", {}).items():
            checks += [(f"{k}({g})", groups.get(g, {}).get(k), v, "min") for k, v in group_floors.items()]
        categories = report.get("by_category", {})
        for k, v in floors.get("min_per_category", {}).items():
            # A category of negative sentences only has no spans, hence no precision or recall.
            checks += [(f"{k}[{c}]", figures.get(k), v, "min") for c, figures in sorted(categories.items())
                       if figures.get("spans")]
        for name, value, floor, sense in checks:
            ok = value is not None and (value >= floor if sense == "min" else value <= floor)
            if not ok or "[" not in name:
                print(f"gate detector {kind} {name}: {value} ({sense} {floor}) {'ok' if ok else 'BELOW FLOOR'}")
            if not ok:
                failed.append(f"{kind} {name}")
    realworld = os.path.join(args.shared, "realworld")
    if os.path.isdir(realworld):
        data = score(scorer, args.bin, realworld, ["--accept-alt"])
        detectors = (data or {}).get("detectors", {})
        for kind, floors in REALWORLD_FLOORS.items():
            report = detectors.get(kind) or {}
            for name, floor in floors["min"].items():
                value = report.get(name)
                ok = value is not None and value >= floor
                print(f"gate realworld {kind} {name}: {value} (min {floor}) {'ok' if ok else 'BELOW FLOOR'}")
                if not ok:
                    failed.append(f"realworld {kind} {name}")
    if failed:
        print("conformance gate failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
