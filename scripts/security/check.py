#!/usr/bin/env python3
"""Hostile-input check for linkify's html output (`make security`).

Every case of scripts/security/corpus (plus every `javascript:` spelling in
every context listed below) goes through `linkify --to html` from text and,
for the HTML cases, from html, under several flag sets. Each output is loaded
in headless Chromium inside a sandboxed srcdoc iframe whose own first script
replaces alert/confirm/prompt/print/eval-reachable sinks with recorders. After
load a trusted script in the parent page fires every inline event handler it
finds, then reports the parsed DOM; this script compares it:

- no recorder fired that did not fire for the input itself;
- text input: the DOM holds no element but our `<a>`/`<time>`, and its text
  is the input's text;
- html input: the output's elements with their attributes (and the source of
  scripts and styles) are the input's elements plus our anchors, and the
  text is the same;
- every anchor we added has a safe scheme as the browser parses it
  (http, https, mailto, tel, ftp, or a scheme the input spelt), never
  javascript/vbscript/data, and no attribute but href, class, title, rel and
  the `--attr` names.

A few known-bad pages (the raw vectors as html) must be caught, or the harness
itself is broken. Prints what it tried and what it found; exits 1 on any
finding, 2 when it cannot run.
"""
import argparse
import collections
import concurrent.futures
import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

# Ways to spell `javascript:` that browsers (or URL parsers) may still read as it.
SPELLINGS = [
    "javascript:", "JAVASCRIPT:", "JaVaScRiPt:", " javascript:", "\tjavascript:", "\x01javascript:",
    "java\tscript:", "java\nscript:", "java\rscript:", "jav\tas\ncr\ript:",
    "&#106;avascript:", "&#x6A;avascript:", "&#X6a;avascript:", "&#0000106;avascript:", "&#106avascript:",
    "&#x6A&#x61&#x76&#x61script:", "javascript&colon;", "javascript&#58;", "javascript&#x3a;",
    "java&Tab;script:", "java&NewLine;script:", "java&#9;script:", "java&#x0A;script:", "&#x20;javascript:",
    "%6Aavascript:", "%6a%61%76%61%73%63%72%69%70%74:", "javascript%3A", "%256Aavascript:",
    "&amp;#106;avascript:", "jav&#x26;#x61;script:",
    "vbscript:", "VBScript:", "data:", "DATA:", "&#100;ata:", "d%61ta:", "livescript:",
]
# Where a spelling is placed; {} is the spelling, the rest tries to look like a link.
CONTEXTS = [
    "{}alert(1)",
    "{}//example.com/%0Aalert(1)",
    "{}//example.com/%0aalert(document.domain)",
    "see {}//example.com/%0D%0Aalert(1) now",
    "<{}//example.com/%0Aalert(1)>",
    "[x]({}//example.com/%0Aalert(1))",
    "({}//example.com/%0Aalert(1))",
    "\"{}//example.com/%0Aalert(1)\"",
]
# Flag sets every text and html case runs with; the last shortens display text.
FLAG_SETS = [
    [],
    ["--detect", "all"],
    ["--detect", "all", "--profile", "twitter", "--class", "l-{kind}", "--attr", "rel=nofollow",
     "--attr", "target=_blank"],
    ["--detect", "all", "--profile", "gfm", "--truncate", "8"],
]
SAFE_SCHEMES = {"http", "https", "mailto", "tel", "ftp"}
DANGEROUS = {"javascript", "vbscript", "data"}
ANCHOR_ATTRS = {"href", "class", "title", "rel"}
BATCH = 400

TRUSTED = (
    "<script id=__t>(function(){window.__fired=[];"
    "function m(n){return function(){window.__fired.push(n);}}"
    "window.alert=m('alert');window.confirm=m('confirm');window.prompt=m('prompt');"
    "window.print=m('print');window.__pwn=m('pwn');"
    "var d=Object.getOwnPropertyDescriptor(Document.prototype,'title');"
    "Object.defineProperty(document,'title',{get:function(){return d.get.call(document)},"
    "set:function(v){window.__fired.push('document.title');d.set.call(document,v)}});"
    "})()</script>"
)

PARENT_SCRIPT = r"""
<script>
function sig(el){
  var ns = el.namespaceURI || '';
  var tag = (ns.indexOf('svg') >= 0 ? 'svg:' : ns.indexOf('MathML') >= 0 ? 'math:' : '') + el.localName;
  var attrs = [];
  for (var i = 0; i < el.attributes.length; i++) attrs.push([el.attributes[i].name, el.attributes[i].value]);
  attrs.sort();
  var body = '';
  if (/^(script|style|svg:script|svg:style)$/.test(tag)) body = el.textContent;
  return [tag, attrs, body];
}
function inspect(f){
  var w = f.contentWindow, d = f.contentDocument, r = {id: f.id, fired: [], elements: [], anchors: [], text: ''};
  try {
    var all = d.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.id === '__t') continue;
      for (var k = 0; k < el.attributes.length; k++) {
        var n = el.attributes[k].name.toLowerCase();
        if (n.slice(0, 2) === 'on' && typeof el[n] === 'function') { try { el[n](new Event('x')); } catch (e) {} }
      }
    }
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.id === '__t') continue;
      r.elements.push(sig(el));
      if (el.localName === 'a' && el.hasAttribute('href'))
        r.anchors.push({href: el.getAttribute('href'), protocol: el.protocol, attrs: sig(el)[1].map(function(a){return a[0]})});
    }
    r.text = d.body ? d.body.textContent : '';
    r.fired = (w.__fired || []).slice();
  } catch (e) { r.error = String(e); }
  return r;
}
window.addEventListener('load', function(){
  setTimeout(function(){
    var out = [];
    var fs = document.querySelectorAll('iframe');
    for (var i = 0; i < fs.length; i++) out.push(inspect(fs[i]));
    var pre = document.createElement('pre');
    pre.id = 'report';
    pre.textContent = '@@REP' + 'ORT@@' + JSON.stringify(out) + '@@E' + 'ND@@';
    document.body.appendChild(pre);
  }, 300);
});
</script>
"""


def unescape_line(s):
    """Corpus-line escapes to bytes: \\n \\t \\r \\\\ \\xHH."""
    out = bytearray()
    i = 0
    raw = s.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):
            n = chr(raw[i + 1])
            if n == "n": out += b"\n"; i += 2; continue
            if n == "t": out += b"\t"; i += 2; continue
            if n == "r": out += b"\r"; i += 2; continue
            if n == "\\": out += b"\\"; i += 2; continue
            if n == "x" and i + 3 < len(raw) + 1:
                try:
                    out.append(int(raw[i + 2:i + 4].decode(), 16)); i += 4; continue
                except ValueError:
                    pass
        out.append(c)
        i += 1
    return bytes(out)


def read_corpus(name):
    with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("##")]


class Case:
    def __init__(self, cid, source, data, flags, compare_text=True):
        self.id, self.source, self.data, self.flags, self.compare_text = cid, source, data, flags, compare_text
        self.output = None
        self.refused = None


def build_cases():
    cases = []
    texts = [unescape_line(l) for l in read_corpus("text.txt")]
    texts += [c.format(s).encode() for s in SPELLINGS for c in CONTEXTS]
    htmls = [unescape_line(l) for l in read_corpus("html.txt")]
    htmls += [("<p>" + c.format(s) + "</p>").encode() for s in SPELLINGS for c in CONTEXTS[:4]]
    for k, flags in enumerate(FLAG_SETS):
        truncates = "--truncate" in flags
        for i, t in enumerate(texts):
            cases.append(Case(f"text{i}.f{k}", "text", t, flags, not truncates))
        for i, t in enumerate(htmls):
            cases.append(Case(f"html{i}.f{k}", "html", t, flags, not truncates))
    for i, line in enumerate(read_corpus("flags.txt")):
        flag_text, _, text = line.rpartition("\t")
        flags = ["--detect", "all"] + shlex.split(flag_text)
        cases.append(Case(f"flags{i}", "text", unescape_line(text), flags, "--truncate" not in flags))
        cases.append(Case(f"flags{i}.html", "html", b"<p>" + unescape_line(text) + b"</p>", flags,
                          "--truncate" not in flags))
    return cases, len(texts), len(htmls)


def run_linkify(binary, case):
    cmd = [binary, "--from", case.source, "--to", "html"] + case.flags
    p = subprocess.run(cmd, input=case.data, capture_output=True, timeout=20)
    if p.returncode == 2 and not p.stdout:
        case.refused = p.stderr.decode("utf-8", "replace").strip()
    elif p.returncode != 0:
        case.refused = f"exit {p.returncode}: " + p.stderr.decode("utf-8", "replace").strip()
        case.crashed = p.returncode < 0 or p.returncode > 2
    case.output = p.stdout


def page(frames):
    parts = ["<!doctype html><html><head><meta charset=utf-8></head><body>"]
    for fid, content in frames:
        doc = "<!doctype html><html><head><meta charset=utf-8>" + TRUSTED + "</head><body>" + content
        parts.append(f'<iframe id="{fid}" sandbox="allow-scripts allow-same-origin" srcdoc="{html.escape(doc, quote=True)}"></iframe>')
    parts.append(PARENT_SCRIPT)
    parts.append("</body></html>")
    return "".join(parts).encode("utf-8")


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def load(chromium, frames, tmp):
    path = os.path.join(tmp, "page.html")
    with open(path, "wb") as f:
        f.write(page(frames))
    cmd = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
           "--user-data-dir=" + os.path.join(tmp, "profile"), "--virtual-time-budget=3000",
           "--dump-dom", "file://" + path]
    p = subprocess.run(cmd, capture_output=True, timeout=120)
    m = re.search(rb"@@REPORT@@(.*?)@@END@@", p.stdout, re.S)
    if not m:
        raise RuntimeError("chromium gave no report: " + p.stderr.decode("utf-8", "replace")[-2000:])
    return {r["id"]: r for r in json.loads(html.unescape(m.group(1).decode("utf-8")))}


def text_as_browser_sees(data):
    s = data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    return s.replace("\x00", "\ufffd")


def schemes_spelt(data):
    return {m.lower() for m in re.findall(r"([A-Za-z][A-Za-z0-9+.\-]*):", data.decode("utf-8", "replace"))}


def href_scheme(href):
    """The scheme of `href` as a URL parser reads it (C0 and space trimmed, tab/newline dropped), or None."""
    h = re.sub(r"[\t\n\r]", "", href.strip("".join(map(chr, range(0x21)))))
    m = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", h)
    return m.group(1).lower() if m else None


def judge(case, out, ref):
    """Findings for one case: `out` is the output's report, `ref` the input's (html) or None (text)."""
    found = []
    if out.get("error"):
        return [f"report error {out['error']}"]
    ref_fired = set(ref["fired"]) if ref else set()
    extra_fired = set(out["fired"]) - ref_fired
    if extra_fired:
        found.append("script ran: " + ", ".join(sorted(extra_fired)))
    attr_names = set(ANCHOR_ATTRS)
    for k, v in enumerate(case.flags):
        if v == "--attr" and k + 1 < len(case.flags):
            attr_names.add(case.flags[k + 1].partition("=")[0].lower())
    key = lambda e: json.dumps(e)
    got = collections.Counter(key(e) for e in out["elements"])
    base = collections.Counter(key(e) for e in (ref["elements"] if ref else []))
    if not ref:
        base = collections.Counter(key(e) for e in out["elements"] if e[0] in ("html", "head", "body", "meta")
                                   and (e[0] != "meta" or e[1] == [["charset", "utf-8"]]))
    removed = base - got
    added = got - base
    for e in removed.elements():
        found.append("element lost or changed: " + e)
    for e in added.elements():
        tag, attrs, _ = json.loads(e)
        names = {a for a, _ in attrs}
        if tag in ("a", "svg:a") and "href" in names and names <= attr_names and not any(n.startswith("on") for n in names):
            continue
        if tag == "time" and names <= {"datetime"}:
            continue
        found.append("element created: " + e)
    allowed = (SAFE_SCHEMES | schemes_spelt(case.data) | {n for f in case.flags for n in schemes_spelt(f.encode())}) - DANGEROUS
    ref_hrefs = collections.Counter((a["href"], a.get("protocol", "")) for a in (ref["anchors"] if ref else []))
    for a in out["anchors"]:
        k = (a["href"], a.get("protocol", ""))
        if ref_hrefs[k] > 0:
            ref_hrefs[k] -= 1
            continue
        scheme = a.get("protocol", "").rstrip(":").lower()
        spelt = href_scheme(a["href"])
        if spelt is None and scheme in ("file", ""):
            continue  # a relative URL (templates and --rewrite may make them)
        scheme = scheme or spelt
        if scheme in DANGEROUS or spelt in DANGEROUS or scheme not in allowed:
            found.append(f"anchor with scheme {scheme}: href={a['href']!r}")
    if case.compare_text:
        want = ref["text"] if ref else text_as_browser_sees(case.data)
        if out["text"] != want:
            found.append(f"text changed: {want!r} -> {out['text']!r}")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--verbose", action="store_true", help="print every case")
    args = ap.parse_args()
    chromium = chromium_binary()
    if not chromium:
        print("security: chromium not found (apt-get install -y --no-install-recommends chromium)", file=sys.stderr)
        return 2
    if not os.access(args.bin, os.X_OK):
        print(f"security: no linkify binary at {args.bin}", file=sys.stderr)
        return 2
    started = time.time()
    cases, n_text, n_html = build_cases()
    print(f"security: {n_text} text inputs, {n_html} html inputs, {len(FLAG_SETS)} flag sets, "
          f"{len(read_corpus('flags.txt'))} flag-injection cases: {len(cases)} linkify runs")
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda c: run_linkify(args.bin, c), cases))
    crashed = [c for c in cases if getattr(c, "crashed", False)]
    refused = [c for c in cases if c.refused and not getattr(c, "crashed", False)]
    for c in refused:
        print(f"  refused  {c.id} {shlex.join(c.flags)}: {c.refused}")

    # Frames: each output, each html input (the reference), and the canaries.
    frames = []
    for c in cases:
        if c.output is not None and not c.refused:
            frames.append((c.id, c.output.decode("utf-8", "replace")))
    refs = {}
    for c in cases:
        if c.source == "html":
            refs.setdefault(c.data, f"ref{len(refs)}")
    frames += [(rid, data.decode("utf-8", "replace")) for data, rid in refs.items()]
    canaries = [(f"canary{i}", v) for i, v in enumerate([
        "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>",
        "<script>alert(1)</script>", "<p title=x>y</p>"])]
    frames += canaries
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(0, len(frames), BATCH):
            reports.update(load(chromium, frames[k:k + BATCH], tmp))
    print(f"security: {len(frames)} pages loaded in headless Chromium ({chromium})")

    findings = 0
    broken = []
    for cid, v in canaries:
        fake = Case(cid, "text", v.encode(), [])
        if not judge(fake, reports[cid], None):
            broken.append(cid)
    if broken:
        print(f"security: HARNESS BROKEN: known-bad pages not caught: {', '.join(broken)}")
        return 2
    for c in crashed:
        findings += 1
        print(f"FINDING {c.id} [{c.source}] {shlex.join(c.flags)}\n  input:  {c.data!r}\n  crash: {c.refused}")
    for c in cases:
        if c.refused:
            continue
        ref = reports[refs[c.data]] if c.source == "html" else None
        found = judge(c, reports[c.id], ref)
        if found:
            findings += 1
            print(f"FINDING {c.id} [{c.source}] {shlex.join(c.flags)}\n  input:  {c.data!r}\n  output: {c.output!r}")
            for f in found:
                print("   - " + f)
        elif args.verbose:
            print(f"  ok  {c.id} {c.data!r}")
    anchors = sum(len(reports[c.id]["anchors"]) for c in cases if not c.refused)
    print(f"security: {len(cases)} cases ({len(refused)} refused by linkify), {anchors} anchors checked, "
          f"{len(canaries)} canaries caught, {findings} findings, {time.time() - started:.1f}s")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
