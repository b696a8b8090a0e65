#!/usr/bin/env python3
"""Differential test of `--profile gfm` against cmark-gfm's autolink extension.

Generates many one-line inputs from tokens that exercise GitHub's autolink
rules (www., schemes, emails, mailto:/xmpp:, underscores, trailing
punctuation, parentheses, entity-like endings, non-ASCII), keeps those that
cmark-gfm renders as a plain paragraph without the extension (so that no other
Markdown syntax is involved), and compares the links cmark-gfm -e autolink
makes with the entities `linkify --from text --profile gfm --to jsonl` finds:
same texts, same hrefs (percent-decoded on both sides), same order.
With --markdown the inputs may hold emphasis, code spans and brackets, and are
compared through `--from markdown`.

Usage: python3 scripts/check/gfm_differential.py [--bin .build/release/linkify] [--count 20000] [--seed 1] [--markdown]
Exit status 1 when any case differs (the first ones are printed).
"""
import argparse
import concurrent.futures
import html
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

TOKENS = [
    "www.", "www.", "http://", "https://", "ftp://", "HTTP://", "Www.", "mailto:", "xmpp:", "xhttp://",
    "@", "@", ".", ".", "a", "b", "com", "org", "x1", "-", "_", "(", ")", " ", " ", "?", "!", ",", ":",
    "'", '"', "/", "/", "&", ";", "amp", "hl", "=", "+", "#", "%20", "é", "—", "🍄", "\u00a0", "§", "\t", "ab.cd",
    "e.x", "foo", "bar.baz", "9",
]
MARKDOWN_TOKENS = ["*", "**", "_", "~", "~~", "`", "[", "]", "](x)", "<", ">", "\\", "<b>", "![", "&amp;"]

LINK = re.compile(r'<a href="([^"]*)">(.*?)</a>', re.S)


def cmark(text: str, autolink: bool) -> str:
    args = ["cmark-gfm", "--unsafe"] + (["-e", "autolink"] if autolink else []) + ["-e", "strikethrough"]
    return subprocess.run(args, input=text.encode(), capture_output=True, check=True).stdout.decode()


def norm_href(h: str) -> str:
    return urllib.parse.unquote(html.unescape(h))


def links(rendered: str) -> list:
    return [(html.unescape(re.sub(r"<[^>]+>", "", t)), norm_href(h)) for h, t in LINK.findall(rendered)]


def generate(rng: random.Random, markdown: bool) -> str:
    tokens = TOKENS + (MARKDOWN_TOKENS * 2 if markdown else [])
    s = "".join(rng.choice(tokens) for _ in range(rng.randint(1, 14)))
    return s.strip(" \t\u00a0")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--show", type=int, default=15)
    args = ap.parse_args()
    if not shutil.which("cmark-gfm"):
        print("gfm_differential: cmark-gfm not found (apt-get install --no-install-recommends cmark-gfm)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    cases = []
    seen = set()
    while len(cases) < args.count:
        s = generate(rng, args.markdown)
        if not s or s in seen or s[0] in "#>-+=0123456789|:<`~*_!" or "\n" in s or "``" in s:
            continue
        seen.add(s)
        cases.append(s)
    if args.markdown:
        # Keep the cases that render alone as one paragraph, so that none can
        # change another (an open fence, an HTML block, a reference definition).
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            alone = list(pool.map(lambda c: cmark(c + "\n", False), cases))
        cases = [c for c, r in zip(cases, alone) if r.startswith("<p>") and r.count("<p>") == 1 and r.endswith("</p>\n")]
    doc = "\n\n".join(cases) + "\n"
    plain = cmark(doc, False).split("\n")
    linked = cmark(doc, True)
    # One <p> per case when the case is a plain paragraph; otherwise keep in step by rendering alone.
    paragraphs = linked.split("</p>\n")
    if not args.markdown:
        keep = []
        for s, p in zip(cases, plain):
            keep.append(p == "<p>" + html.escape(s, quote=True).replace("&#x27;", "'") + "</p>")
    else:
        keep = [True] * len(cases)
    if len(paragraphs) - 1 != len(cases) or len(plain) - 1 != len(cases):
        print("gfm_differential: some case did not render as one paragraph; change the seed", file=sys.stderr)
        return 2
    with tempfile.NamedTemporaryFile("w", suffix=".md" if args.markdown else ".txt", delete=False) as f:
        f.write(doc)
        path = f.name
    mode = "markdown" if args.markdown else "text"
    proc = subprocess.run([args.bin, "--from", mode, "--to", "jsonl", "--profile", "gfm", path],
                          capture_output=True, timeout=120)
    if proc.returncode != 0:
        print(proc.stderr.decode(errors="replace"), file=sys.stderr)
        return 2
    ours: dict[int, list] = {}
    for line in proc.stdout.decode().splitlines():
        e = json.loads(line)
        ours.setdefault(e["line"], []).append((e["text"], urllib.parse.unquote(e["href"])))
    compared = differ = after_backslash = 0
    shown = 0
    for k, s in enumerate(cases):
        if not keep[k]:
            continue
        compared += 1
        theirs = links(paragraphs[k])
        if args.markdown:
            # Links that the document has without the extension are not ours to make.
            for existing in links(plain[k]):
                if existing in theirs:
                    theirs.remove(existing)
        mine = ours.get(1 + 2 * k, [])
        if mine != theirs and args.markdown:
            # A link right after a backslash cannot be written (`\<` and `\[` are
            # escapes), nor `[text](target)` after `!` (an image); the Markdown
            # reader leaves those out on purpose.
            rest = [x for x in theirs if x not in mine]
            if all(x in theirs for x in mine) and all("\\" + x[0] in s or "!" + x[0] in s for x in rest):
                after_backslash += 1
                continue
        if mine != theirs:
            differ += 1
            if shown < args.show:
                shown += 1
                print(f"DIFF {s!r}\n  cmark-gfm: {theirs}\n  linkify:   {mine}")
    note = f", {after_backslash} left out after a backslash or `!`" if args.markdown else ""
    print(f"gfm differential ({mode}): {compared} cases compared, {differ} differ{note}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
