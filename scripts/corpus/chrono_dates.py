#!/usr/bin/env python3
"""A development set of dates from chrono's test suite, and its scorer.

chrono (https://github.com/wanasit/chrono, MIT) is a date parser for
JavaScript whose tests give a sentence, a reference time and what the parser
must find in it: the text and offset of the date, and some of its fields
(year, month, day, hour, minute). This script turns those tests into records
for the locales linkify reads (English, German, Japanese, Chinese) and scores a
linkify binary on them. It is a development set for the date grammar: it is
not Duckling's corpus (kept aside to judge the work, and the source of
../shared/realworld) and not fitted to.

    git clone https://github.com/wanasit/chrono /tmp/chrono
    git -C /tmp/chrono checkout 82c0e5bc0e4db19eb402423baf1b558850947b2b
    python3 scripts/corpus/chrono_dates.py extract /tmp/chrono > corpus/dates-dev/chrono.jsonl
    python3 scripts/corpus/chrono_dates.py score --bin .build/release/linkify [-v]

The records keep chrono's own conventions, which are not SPEC §3's: chrono
may take a leading `at` or `on` into the span, reads a bare weekday as the
nearest one and keeps the reference time's clock on `tomorrow`. So the score
counts a date found when linkify's span overlaps chrono's (and reports exact
spans apart), and compares only the calendar fields chrono asserts.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_SET = os.path.join(ROOT, "corpus", "dates-dev", "chrono.jsonl")
COMMIT = "82c0e5bc0e4db19eb402423baf1b558850947b2b"
LOCALES = {"en": "en_US", "de": "de_DE", "ja": "ja_JP", "zh": "zh_CN"}


# MARK: - Reading the tests

def split_call(src, i):
    """The top-level arguments of the call whose `(` is at i, and the index past `)`."""
    depth, args, cur, k = 0, [], [], i
    while k < len(src):
        c = src[k]
        if c in "\"'`":
            j = k + 1
            while j < len(src) and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            cur.append(src[k:j + 1])
            k = j + 1
            continue
        if src.startswith("//", k):
            k = src.index("\n", k)
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                k += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args, k + 1
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            k += 1
            continue
        cur.append(c)
        k += 1
    return None, len(src)


def js_string(s):
    s = s.strip()
    if len(s) < 2 or s[0] not in "\"'`" or s[-1] != s[0] or (s[0] == "`" and "${" in s):
        return None
    body = s[1:-1]
    out, k = [], 0
    while k < len(body):
        c = body[k]
        if c == "\\" and k + 1 < len(body):
            n = body[k + 1]
            if n == "u":
                out.append(chr(int(body[k + 2:k + 6], 16)))
                k += 6
                continue
            out.append({"n": "\n", "t": "\t", "r": "\r"}.get(n, n))
            k += 2
            continue
        out.append(c)
        k += 1
    return "".join(out)


def js_number(s):
    s = s.strip()
    if re.fullmatch(r"[0-9+\- ]+", s):
        try:
            return eval(s, {"__builtins__": {}})  # digits, + and - only
        except SyntaxError:
            return None
    return None


MONTHS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}


def js_date(s):
    """A `new Date(...)` with numbers or a date string, as (y, m, d, h, mi, s)."""
    m = re.fullmatch(r"new Date\((.*)\)", s.strip(), re.S)
    if not m:
        return None
    args, _ = split_call("(" + m.group(1) + ")", 0)
    if not args:
        return None
    if len(args) >= 3:
        nums = [js_number(a) for a in args]
        if any(n is None for n in nums):
            return None
        nums = nums[:6] + [0] * (6 - min(len(nums), 6))
        return (nums[0], nums[1] + 1, nums[2], nums[3], nums[4], nums[5])
    text = js_string(args[0])
    if text is None:
        return None
    iso = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d))?)?", text)
    if iso:
        g = [int(x) if x else 0 for x in iso.groups()]
        return tuple(g)
    # `Sat Apr 18 2015` or `Aug 10 2012 12:00:00`
    w = re.fullmatch(r"(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) (\d{1,2}),? (\d{4})(?: (\d\d):(\d\d)(?::(\d\d))?)?", text)
    if w and w.group(1).lower() in MONTHS:
        return (int(w.group(3)), MONTHS[w.group(1).lower()], int(w.group(2)),
                int(w.group(4) or 0), int(w.group(5) or 0), int(w.group(6) or 0))
    return None


FIELD = re.compile(r'result\.(start|end)\.get\(["\'](year|month|day|hour|minute)["\']\)\)\.toBe\(([0-9 +\-]+)\)')


def records_from(path, src, locale):
    out = []
    for m in re.finditer(r"\b(testSingleCase|testUnexpectedResult|testWithExpectedDate)\s*\(", src):
        args, _ = split_call(src, m.end() - 1)
        if not args or len(args) < 2:
            continue
        parser = args[0]
        if locale == "en" and re.search(r"\.(de|ja|zh|fr|nl|pt|es|ru|uk|sv|it|fi)\b", parser):
            continue
        text = js_string(args[1])
        if text is None or not text.strip():
            continue
        rec = {"file": path, "locale": LOCALES[locale], "input": text}
        if m.group(1) == "testUnexpectedResult":
            rec["set"] = "neg"
            ref = js_date(args[2]) if len(args) > 2 and args[2] not in ("null", "undefined") else None
        elif m.group(1) == "testWithExpectedDate":
            when = js_date(args[2]) if len(args) > 2 else None
            if when is None:
                continue
            rec.update(set="pos", span=None, start={"year": when[0], "month": when[1], "day": when[2]})
            ref = None
        else:
            rec["set"] = "pos"
            ref = None
            body = ""
            for a in args[2:]:
                if a.startswith("new Date("):
                    ref = js_date(a)
                elif "=>" in a or a.startswith("function"):
                    body = a
            if len(args) > 2 and args[2].startswith("{"):
                continue  # a reference with a time zone or options: not comparable
            span_text = re.search(r'result\.text\)\.toBe\(([^)]*)\)', body)
            index = re.search(r'result\.index\)\.toBe\(([0-9 +\-]+)\)', body)
            st = js_string(span_text.group(1)) if span_text else None
            if span_text and span_text.group(1).strip() == "text":
                st = text
            if st is not None:
                start = js_number(index.group(1)) if index else text.find(st)
                if start is None or start < 0 or text[start:start + len(st)] != st:
                    continue
                rec["span"] = {"text": st, "start": start, "end": start + len(st)}
            else:
                rec["span"] = None
            for side in ("start", "end"):
                fields = {f: js_number(v) for s, f, v in FIELD.findall(body) if s == side}
                if fields:
                    rec[side] = fields
            rec["range"] = "result.end" in body and "result.end).toBeNull" not in body and "end" in rec
        rec["now"] = "%04d-%02d-%02dT%02d:%02d:%02d" % (ref or (2026, 12, 1, 0, 0, 0))
        out.append(rec)
    return out


def extract(repo):
    recs = []
    for root, _, files in os.walk(os.path.join(repo, "test")):
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(root, f), repo)
            parts = rel.split(os.sep)
            if len(parts) < 3 or parts[1] not in LOCALES or not f.endswith(".ts"):
                continue
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                recs.extend(records_from("/".join(parts), fh.read(), parts[1]))
    seen, n = set(), 0
    recs.sort(key=lambda r: (r["file"],))
    for r in recs:
        key = (r["locale"], r["input"], r["now"])
        if key in seen:
            continue
        seen.add(key)
        r["id"] = "chrono-%04d" % n
        n += 1
        print(json.dumps(r, ensure_ascii=False, sort_keys=True))


# MARK: - Scoring

def run(binary, recs):
    found = {}
    groups = defaultdict(list)
    for r in recs:
        groups[(r["locale"], r["now"])].append(r)
    with tempfile.TemporaryDirectory() as tmp:
        for (locale, now), rs in groups.items():
            paths = []
            for r in rs:
                p = os.path.join(tmp, r["id"] + ".txt")
                with open(p, "w", encoding="utf-8") as fh:
                    fh.write(r["input"])
                paths.append(p)
                found[r["id"]] = []
            cmd = [binary, "--to", "jsonl", "--offsets", "scalar", "--detect", "date", "--locale", locale, "--now", now] + paths
            res = subprocess.run(cmd, capture_output=True, text=True)
            for line in res.stdout.splitlines():
                e = json.loads(line)
                rid = os.path.basename(e["path"])[:-4]
                found[rid].append(e)
    return found


def value_fields(value):
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d))?", value or "")
    if not m:
        return {}
    g = m.groups()
    out = {"year": int(g[0]), "month": int(g[1]), "day": int(g[2])}
    if g[3]:
        out.update(hour=int(g[3]), minute=int(g[4]))
    return out


def score(binary, path, verbose):
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    found = run(binary, recs)
    tally = defaultdict(Counter)
    for r in recs:
        es = found[r["id"]]
        spans = [(e["start"], e["end"], e) for e in es]
        t = tally[r["locale"][:2]]
        if r["set"] == "neg":
            t["neg"] += 1
            t["neg_fp"] += bool(spans)
            if spans and verbose:
                print("FP  %s %s %r -> %r" % (r["id"], r["locale"], r["input"], [e["text"] for _, _, e in spans]))
            continue
        t["pos"] += 1
        want = r.get("span")
        hit = None
        for s, e, ent in spans:
            if want is None or (s < want["end"] and e > want["start"]):
                hit = (s, e, ent)
                break
        if hit is None:
            t["missed"] += 1
            if verbose:
                print("MISS %s %s now=%s %r want %r got %r" % (r["id"], r["locale"], r["now"], r["input"],
                      want and want["text"], [e["text"] for _, _, e in spans]))
            continue
        t["found"] += 1
        if want is not None:
            t["with_span"] += 1
            t["exact"] += (hit[0], hit[1]) == (want["start"], want["end"])
        if r.get("range"):
            t["ranges"] += 1
            t["range_found"] += "/" in (hit[2].get("value") or "")
        fields = r.get("start") or {}
        if fields:
            got = value_fields((hit[2].get("value") or "").split("/")[0])
            t["valued"] += 1
            ok = all(got.get(k) == v for k, v in fields.items() if k in ("year", "month", "day"))
            t["value_ok"] += ok
            if not ok and verbose:
                print("VAL  %s %s now=%s %r want %s got %s" % (r["id"], r["locale"], r["now"], r["input"], fields, hit[2].get("value")))
    print("locale  positives  found  recall  exact-span  ranges-as-one  date-fields-right  negatives-with-a-date")
    total = Counter()
    for loc in sorted(tally):
        t = tally[loc]
        total.update(t)
        row(loc, t)
    row("all", total)


def row(name, t):
    def ratio(a, b):
        return "%.3f" % (a / b) if b else "-"
    print("%-7s %9d  %5d  %6s  %10s  %13s  %17s  %d/%d" % (
        name, t["pos"], t["found"], ratio(t["found"], t["pos"]), ratio(t["exact"], t["with_span"]),
        "%d/%d" % (t["range_found"], t["ranges"]), ratio(t["value_ok"], t["valued"]), t["neg_fp"], t["neg"]))


def main():
    args = sys.argv[1:]
    if args[:1] == ["extract"] and len(args) == 2:
        extract(args[1])
    elif args[:1] == ["score"]:
        binary = args[args.index("--bin") + 1] if "--bin" in args else os.path.join(ROOT, ".build/release/linkify")
        score(binary, DEFAULT_SET, "-v" in args)
    else:
        sys.exit("usage: chrono_dates.py extract CHRONO_CHECKOUT | score [--bin LINKIFY] [-v]")


if __name__ == "__main__":
    main()
