#!/usr/bin/env python3
"""Runs `linkify --from markdown --to markdown` over a real Markdown corpus and
checks, for every file:

1. it finishes (no crash, no time-out) with status 0;
2. annotating the output again changes nothing (idempotence);
3. cmark-gfm (without the autolink extension) renders input and output to the
   same text once anchors are taken out, and the output has exactly as many
   more anchors as linkify reported links (`--to jsonl`): only links were added.
   With `--profile gfm` the input is rendered as GitHub does, with the autolink
   extension (whose links may run over `**` or a code span), and the output
   rendered without it must be exactly that HTML.

Default corpus: every .md file under /usr/share/doc, the Python installation
and /opt/swift (the Swift toolchain). Prints how many files, links and
differences; exit status 1 when any check failed.

Usage: python3 scripts/check/markdown_corpus_check.py [--bin .build/release/linkify]
       [--profile gfm] [--show 10] [ROOT...]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig

TIMEOUT_S = 20
ANCHOR = re.compile(rb"<a [^>]*>|</a>")


def default_roots() -> list[str]:
    roots = ["/usr/share/doc", "/opt/swift"]
    prefix = sysconfig.get_config_var("prefix") or sys.prefix
    roots.append(prefix)
    return [r for r in roots if os.path.isdir(r)]


def corpus(roots: list[str]) -> list[str]:
    files = set()
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in filenames:
                path = os.path.join(dirpath, name)
                if name.endswith(".md") and os.path.isfile(path) and not os.path.islink(path):
                    files.add(os.path.realpath(path))
    return sorted(files)


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(args, input=data, capture_output=True, timeout=TIMEOUT_S)


def render(data: bytes, autolink: bool = False) -> bytes:
    extensions = ["-e", "table", "-e", "strikethrough"] + (["-e", "autolink"] if autolink else [])
    proc = run(["cmark-gfm", "--unsafe"] + extensions, data)
    return proc.stdout


def check(binary: str, profile: str, path: str) -> dict:
    result = {"path": path, "links": 0, "problems": []}
    try:
        data = open(path, "rb").read()
    except OSError as e:
        result["problems"].append(f"unreadable: {e}")
        return result
    base = [binary, "--from", "markdown", "--profile", profile]
    try:
        once = run(base + ["--to", "markdown"], data)
        if once.returncode != 0:
            result["problems"].append(f"exit {once.returncode}: {once.stderr.decode(errors='replace')[:200]}")
            return result
        twice = run(base + ["--to", "markdown"], once.stdout)
        if twice.stdout != once.stdout:
            result["problems"].append("not idempotent: a second run changed the output")
        jsonl = run(base + ["--to", "jsonl"], data)
        links = len([ln for ln in jsonl.stdout.splitlines() if ln.strip()])
        result["links"] = links
        before = render(data)
        after = render(once.stdout)
    except subprocess.TimeoutExpired:
        result["problems"].append(f"timed out after {TIMEOUT_S} s")
        return result
    if profile == "gfm":
        # GitHub's view of the input: cmark-gfm with its autolink extension.
        try:
            reference = render(data, autolink=True)
        except subprocess.TimeoutExpired:
            reference = before
        result["expected"] = len(re.findall(rb"<a ", reference)) - len(re.findall(rb"<a ", before))
    else:
        reference = before
    added = len(re.findall(rb"<a ", after)) - len(re.findall(rb"<a ", before))
    a, b = ANCHOR.sub(b"", reference), ANCHOR.sub(b"", after)
    if profile == "gfm" and reference == after:
        pass
    elif a != b:
        k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        result["problems"].append(
            f"rendered text differs at byte {k}: {a[max(0, k - 60):k + 60]!r} vs {b[max(0, k - 60):k + 60]!r}")
    elif added != links:
        result["problems"].append(f"{links} links reported but {added} anchors added")
    elif profile == "gfm" and reference != after:
        result["problems"].append("rendered output is not GitHub's HTML (hrefs or anchor places differ)")
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--profile", default="gfm")
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("roots", nargs="*")
    args = ap.parse_args()
    if not shutil.which("cmark-gfm"):
        print("markdown_corpus_check: cmark-gfm not found (apt-get install --no-install-recommends cmark-gfm)", file=sys.stderr)
        return 2
    binary = os.path.abspath(args.bin)
    files = corpus(args.roots or default_roots())
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda p: check(binary, args.profile, p), files))
    bad = [r for r in results if r["problems"]]
    for r in bad[:args.show]:
        for p in r["problems"]:
            print(f"{r['path']}: {p}")
    total_bytes = sum(os.path.getsize(f) for f in files)
    links = sum(r["links"] for r in results)
    expected = ""
    if args.profile == "gfm":
        expected = f" (cmark-gfm -e autolink: {sum(r.get('expected', 0) for r in results)})"
    print(f"markdown corpus ({args.profile}): {len(files)} files, {total_bytes} bytes, {links} links{expected}, "
          f"{len(bad)} files with differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
