#!/usr/bin/env python3
"""Standalone documents in a browser (`make security`, issue 14).

Writes a plain-text file with what breaks naive HTML (blank lines, leading
spaces, a tab, a line far wider than a window, `<`, `&`, a line without a
final newline) and links (URLs, an email address), converts it with
`linkify --standalone -o FILE` and with `-o DIR` (where a plain-text file is
written as a standalone document), opens each result in headless Chromium,
and checks what the browser made of it: the text as rendered (`innerText`,
line breaks included) is the file's text, each link is an anchor with the
expected target, the title is the file's name, the character set is UTF-8,
and the long line wraps instead of running off to the side.

Exits 0 when every check holds, 1 on a failure, 2 when it cannot run.
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import chromium_binary  # the one lookup of the browser, shared with the security check

TEXT = (
    "Release notes\n"
    "\n"
    "    indented by four spaces: see https://example.com/a?b=1&c=2\n"
    "\ttabbed: mail hi@example.org\n"
    "<b>not bold</b> & not an entity: &amp;\n"
    "Zürich — 東京 ü\n"
    + "long " * 120 + "https://example.org/end\n"
    "\n"
    "\n"
    "last line without a newline: www.example.net"
)
LINKS = [
    ("https://example.com/a?b=1&c=2", "https://example.com/a?b=1&c=2"),
    ("hi@example.org", "mailto:hi@example.org"),
    ("https://example.org/end", "https://example.org/end"),
    ("www.example.net", "https://www.example.net/"),
]

REPORTER = """<script>
window.addEventListener('load', () => {
  const out = [];
  for (const frame of document.querySelectorAll('iframe')) {
    const doc = frame.contentDocument;
    const pre = doc && doc.querySelector('pre');
    out.push({
      id: frame.id,
      title: doc ? doc.title : null,
      charset: doc ? doc.characterSet : null,
      text: pre ? pre.innerText : null,
      anchors: doc ? Array.from(doc.querySelectorAll('a')).map(a => [a.textContent, a.href]) : [],
      wraps: pre ? pre.scrollWidth <= pre.clientWidth + 1 : false,
      whiteSpace: pre ? getComputedStyle(pre).whiteSpace : null,
    });
  }
  const p = document.createElement('pre');
  p.id = 'report';
  p.textContent = '@@REP' + 'ORT@@' + JSON.stringify(out) + '@@E' + 'ND@@';
  document.body.appendChild(p);
});
</script>"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=".build/release/linkify")
    args = ap.parse_args()
    chromium = chromium_binary()
    if not chromium:
        print("standalone: chromium not found (apt-get install -y --no-install-recommends chromium)", file=sys.stderr)
        return 2
    binary = os.path.abspath(args.bin)
    with tempfile.TemporaryDirectory() as tmp:
        notes = os.path.join(tmp, "in", "notes & <more>.txt")
        os.makedirs(os.path.dirname(notes))
        with open(notes, "w", encoding="utf-8") as f:
            f.write(TEXT)
        documents = {
            "file": os.path.join(tmp, "file.html"),
            "folder": os.path.join(tmp, "site", "notes & <more>.html"),
        }
        runs = [
            [binary, "--standalone", notes, "-o", documents["file"]],
            [binary, os.path.join(tmp, "in"), "-o", os.path.join(tmp, "site")],
        ]
        for cmd in runs:
            p = subprocess.run(cmd, capture_output=True, timeout=30)
            if p.returncode != 0:
                print(f"standalone: {' '.join(cmd)} exited {p.returncode}: {p.stderr.decode(errors='replace')}")
                return 1
        frames = "".join(f'<iframe id="{k}" src="file://{html.escape(v)}" width="600" height="400"></iframe>'
                         for k, v in documents.items())
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write("<!doctype html><html><head><meta charset=utf-8></head><body>" + frames + REPORTER + "</body></html>")
        cmd = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
               "--allow-file-access-from-files", "--user-data-dir=" + os.path.join(tmp, "profile"),
               "--virtual-time-budget=3000", "--dump-dom", "file://" + page]
        p = subprocess.run(cmd, capture_output=True, timeout=120)
        m = re.search(rb"@@REPORT@@(.*?)@@END@@", p.stdout, re.S)
        if not m:
            print("standalone: chromium gave no report: " + p.stderr.decode("utf-8", "replace")[-2000:], file=sys.stderr)
            return 2
        reports = json.loads(html.unescape(m.group(1).decode("utf-8")))

    failures = []
    for r in reports:
        where = r["id"]
        if r["text"] is None:
            failures.append(f"{where}: no <pre> in the document")
            continue
        # innerText of a <pre> keeps the text's line breaks; the browser drops the one after <pre>.
        if r["text"].rstrip("\n") != TEXT.rstrip("\n"):
            failures.append(f"{where}: the text as rendered differs from the file:\n{r['text']!r}\n!=\n{TEXT!r}")
        if r["anchors"] != [list(link) for link in LINKS]:
            failures.append(f"{where}: anchors {r['anchors']} != {LINKS}")
        if r["title"] != "notes & <more>.txt":
            failures.append(f"{where}: title {r['title']!r}")
        if r["charset"] != "UTF-8":
            failures.append(f"{where}: character set {r['charset']!r}")
        if not r["wraps"]:
            failures.append(f"{where}: the long line runs off to the side (white-space: {r['whiteSpace']})")
    for f in failures:
        print("  " + f)
    print(f"standalone: {len(reports)} documents loaded in headless Chromium, {len(failures)} failures")
    return 1 if failures or len(reports) != len(documents) else 0


if __name__ == "__main__":
    sys.exit(main())
