#!/usr/bin/env python3
"""Scores linkify against the conformance data vendored in Fixtures/conformance
(UTS #58 LinkDetectionTest.txt, twitter-text extraction cases, GFM autolink
examples), so that `make test` needs nothing beside the clone.

Each section prints `passed/total`; the exit status is 1 when a group of
sections falls below its floor (FLOORS). Sections the command line cannot
express the way the upstream harness meant them are listed as informational
and not scored against a floor.

Usage: python3 scripts/check/conformance.py [--bin .build/release/linkify] [--data Fixtures/conformance] [--failures N]
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

# Section prefix -> minimum pass rate. The same floors as the gate over
# ../shared's scorer (scripts/check/conformance_gate.py), so the vendored copy
# holds linkify to the same standard.
FLOORS = {
    "uts58/LinkDetectionTest": 0.98,
    "twitter-text/extract/urls": 0.98,
    "twitter-text/extract/mentions": 0.98,
    "twitter-text/extract/hashtags": 0.98,
    "twitter-text/extract/cashtags": 0.98,
    "gfm/": 0.97,
}

OPEN, CLOSE = "\u2e20", "\u2e21"   # ⸠ ⸡ mark the expected links in LinkDetectionTest.txt

# twitter-text sections whose expectations are twitter-text notions with no
# linkify flag: a reply is only a leading mention, a list is @user/list,
# t.co parameters are a t.co-specific rule.
TWITTER_INFORMATIONAL = {"replies", "mentions_or_lists_with_indices", "tco_urls_with_params"}
# twitter-text entity type -> the --detect kind that finds it.
TWITTER_KIND = {"url": "url", "mention": "mention", "hashtag": "hashtag", "cashtag": "cashtag",
                "list": "mention", "reply": "mention"}


class Case:
    def __init__(self, section, cid, text, expected, detect, profile, compare_kind, informational=False):
        self.section, self.cid, self.text = section, cid, text
        self.expected = expected          # [(kind or None, text, start, end or None)]
        self.detect, self.profile, self.compare_kind = detect, profile, compare_kind
        self.informational = informational
        self.ok, self.why = False, "not run"


def uts58_cases(path):
    """One case a line: the line without its marks, the marked spans expected."""
    cases, heading = [], "misc"
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, 1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("#"):
            # A comment alone between empty lines starts a section.
            prev = lines[n - 2].strip() if n >= 2 else ""
            nxt = lines[n].strip() if n < len(lines) else ""
            if line[1:].strip() and not prev and not nxt:
                heading = line[1:].strip()
            continue
        plain, spans, start = [], [], None
        for ch in line:
            if ch == OPEN:
                start = len(plain)
            elif ch == CLOSE:
                spans.append((start, len(plain)))
            else:
                plain.append(ch)
        text = "".join(plain)
        expected = [(None, text[s:e], s, e) for s, e in spans]
        words = "".join(ch if ch.isalnum() else " " for ch in heading.lower()).split()
        section = "uts58/LinkDetectionTest/" + "-".join(words[:4])
        cases.append(Case(section, f"LinkDetectionTest.txt:{n}", text, expected, "url,email", "default", False))
    return cases


def twitter_cases(path):
    cases = []
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        obj = json.loads(line)
        if not isinstance(obj.get("expect"), list) or "html" in obj:
            continue
        section = obj["suite"]
        last = section.rsplit("/", 1)[-1]
        types = {e.get("type") for e in obj["expect"]}
        kinds = {TWITTER_KIND[t] for t in types if t in TWITTER_KIND}
        if not kinds:   # nothing expected: the kind follows from the section's operation
            op = obj.get("options", {}).get("operation", "")
            kinds = {k for k in ("url", "mention", "hashtag", "cashtag") if k in op}
        expected = []
        for e in obj["expect"]:
            offsets = e.get("offset_source") in ("given", "derived")
            expected.append((TWITTER_KIND.get(e.get("type")), e.get("text"),
                             e.get("start") if offsets else None, e.get("end") if offsets else None))
        informational = last in TWITTER_INFORMATIONAL or bool(types & {"list", "reply"})
        cases.append(Case(section, obj["id"], obj["input"], expected, ",".join(sorted(kinds)) or "url",
                          "twitter", True, informational))
    return cases


def run_jsonl(linkify, cases, work):
    """One linkify run per (--detect, --profile) group over one file per case."""
    groups = collections.defaultdict(list)
    for i, case in enumerate(cases):
        name = f"c{i:05d}.txt"
        with open(os.path.join(work, name), "wb") as f:
            f.write(case.text.encode("utf-8"))
        groups[(case.detect, case.profile)].append((name, case))
    for (detect, profile), members in groups.items():
        argv = [linkify, "--to", "jsonl", "--detect", detect, "--profile", profile] + [n for n, _ in members]
        proc = subprocess.run(argv, cwd=work, capture_output=True, timeout=300)
        found = collections.defaultdict(list)
        for line in proc.stdout.decode("utf-8", "replace").splitlines():
            if line.strip():
                obj = json.loads(line)
                found[obj["path"]].append((obj["kind"], obj["text"], obj["start"], obj["end"]))
        for name, case in members:
            if proc.returncode != 0:
                case.ok, case.why = False, f"exit {proc.returncode}: {proc.stderr.decode('utf-8', 'replace')[:200]}"
                continue
            case.got = found.get(name, [])
            case.ok, case.why = same_entities(case, case.got)


def same_entities(case, got):
    if len(got) != len(case.expected):
        return False, f"expected {len(case.expected)} entities, got {len(got)}"
    for i, ((kind, text, start, end), (gkind, gtext, gstart, gend)) in enumerate(zip(case.expected, got), 1):
        if case.compare_kind and kind != gkind:
            return False, f"entity {i}: kind {gkind}, expected {kind}"
        if text != gtext:
            return False, f"entity {i}: text {gtext!r}, expected {text!r}"
        if start is not None and (start, end) != (gstart, gend):
            return False, f"entity {i}: [{gstart},{gend}), expected [{start},{end})"
    return True, ""


def render(cmark, markdown, extensions):
    argv = [cmark, "--unsafe"]
    for ext in extensions:
        argv += ["-e", ext]
    return subprocess.run(argv, input=markdown, capture_output=True, timeout=60).stdout.decode("utf-8")


def gfm_cases(path, linkify, cmark, work):
    """Markdown in, linkify --to markdown --profile gfm, rendered by cmark-gfm
    without its autolink extension (linkify made the links), compared with the
    expected HTML byte for byte; a second run must change nothing."""
    cases = []
    for n, line in enumerate(open(path, encoding="utf-8")):
        if not line.strip():
            continue
        obj = json.loads(line)
        case = Case(obj["suite"], obj["id"], obj["input"], [], "", "gfm", False)
        cases.append(case)
        if cmark is None:
            case.why = "cmark-gfm is not installed (apt-get install --no-install-recommends cmark-gfm)"
            continue
        exts = obj.get("options", {}).get("extensions") or []
        plain_exts = [e for e in exts if e != "autolink"]
        data = obj["input"].encode("utf-8")
        if "autolink" not in exts:
            # The expected HTML of a CommonMark example was made without the
            # autolink extension; where that extension changes the document,
            # it is not what GitHub shows, so the case is informational.
            if render(cmark, data, plain_exts) != render(cmark, data, plain_exts + ["autolink"]):
                case.informational = True
                case.section += " [reference rendered without autolink]"
        flags = [linkify, "--from", "markdown", "--to", "markdown", "--profile", "gfm"]
        first = subprocess.run(flags, input=data, capture_output=True, timeout=60)
        if first.returncode != 0:
            case.why = f"exit {first.returncode}"
            continue
        second = subprocess.run(flags, input=first.stdout, capture_output=True, timeout=60)
        html = render(cmark, first.stdout, plain_exts)
        if obj.get("html") is not None and html != obj["html"]:   # None: it only has to run
            case.why = f"rendered HTML differs: got {html!r}, expected {obj['html']!r}"
        elif second.stdout != first.stdout:
            case.why = "a second run changed its own output"
        else:
            case.ok, case.why = True, ""
    return cases


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(root, ".build/release/linkify"))
    ap.add_argument("--data", default=os.path.join(root, "Fixtures/conformance"))
    ap.add_argument("--failures", type=int, default=10, help="failures shown")
    args = ap.parse_args()
    linkify = os.path.abspath(args.bin)
    cmark = shutil.which("cmark-gfm")
    with tempfile.TemporaryDirectory() as work:
        cases = uts58_cases(os.path.join(args.data, "uts58/LinkDetectionTest.txt"))
        cases += twitter_cases(os.path.join(args.data, "twitter-text/extract.jsonl"))
        run_jsonl(linkify, cases, work)
        cases += gfm_cases(os.path.join(args.data, "gfm/autolinks.jsonl"), linkify, cmark, work)

    by_section = collections.OrderedDict()
    for case in cases:
        by_section.setdefault(case.section, []).append(case)
    for section, members in by_section.items():
        passed = sum(c.ok for c in members)
        note = "  (informational)" if members[0].informational else ""
        print(f"{section:<66} {passed:>4}/{len(members):<4}{note}")
    shown = 0
    for case in cases:
        if not case.ok and not case.informational and shown < args.failures:
            print(f"FAIL {case.cid}: {case.text!r}: {case.why}")
            shown += 1

    below = []
    scored = [c for c in cases if not c.informational]
    for prefix, floor in FLOORS.items():
        members = [c for c in scored if c.section.startswith(prefix)]
        passed = sum(c.ok for c in members)
        rate = passed / len(members) if members else 0.0
        verdict = "ok" if rate >= floor else "BELOW FLOOR"
        print(f"floor {prefix}: {passed}/{len(members)} = {rate:.3f} (floor {floor}) {verdict}")
        if rate < floor:
            below.append(prefix)
    families = collections.OrderedDict()
    for c in scored:
        families.setdefault(c.section.split("/", 1)[0], []).append(c.ok)
    print("conformance (vendored): " + ", ".join(f"{k} {sum(v)}/{len(v)}" for k, v in families.items()))
    if below:
        print("conformance (vendored) below its floor: " + ", ".join(below), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
