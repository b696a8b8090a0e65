"""Issue 24, item 15: look-alike hosts (SPEC §5, UTS #39).

A host label that UTS #39 flags goes into the href as its A-label, the text
stays as written, JSON says "spoof": true and --explain says why; other
internationalised hosts keep their Unicode href.
"""
import json


def _jsonl(run, text, *args):
    p = run(["--to", "jsonl", *args], stdin=text)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stderr.decode(errors='replace')}"
    return [json.loads(line) for line in p.stdout.decode().splitlines() if line]


def _expect(found, text, href, spoof):
    got = [(e["text"], e["href"], e.get("spoof", False)) for e in found if e["text"] == text]
    assert got == [(text, href, spoof)], f"{text!r}: expected href {href!r} spoof={spoof}, got {got or found}"
    if not spoof:
        assert all("spoof" not in e for e in found if e["text"] == text), f"{text!r}: 'spoof' written though false"


def issue_example(run):
    # The issue's example: Cyrillic а in apple.com, with a scheme.
    text = "Log in at https://аpple.com/ today\n"
    _expect(_jsonl(run, text), "https://аpple.com/", "https://xn--pple-43d.com/", True)
    html = run(["--to", "html"], stdin=text).stdout.decode()
    assert '<a href="https://xn--pple-43d.com/">https://аpple.com/</a>' in html, f"html: {html!r}"
    p = run(["--explain", "--to", "html"], stdin=text)
    err = p.stderr.decode()
    assert "host label 'аpple'" in err and "mixed scripts Cyrillic+Latin" in err and "xn--pple-43d" in err, \
        f"--explain does not say which label and why: {err!r}"


def own_inputs(run):
    # Whole-script confusables (all Cyrillic, all Greek letters that look Latin),
    # bare and after www., a capital with a port; then IDNs that stay as written.
    text = ("pay at раураӏ.com or www.gооgle.com/search?q=1, see https://Аpple.com:8443/x "
            "and https://οο.example/ — not пример.рф, münchen.de, https://ja.wikipedia.org/wiki/東京 or 東京abc.jp\n")
    found = _jsonl(run, text)
    _expect(found, "раураӏ.com", "https://xn--80aa0cbo65f.com", True)
    _expect(found, "www.gооgle.com/search?q=1", "https://www.xn--ggle-55da.com/search?q=1", True)
    _expect(found, "https://Аpple.com:8443/x", "https://xn--pple-43d.com:8443/x", True)
    _expect(found, "https://οο.example/", "https://xn--0xaa.example/", True)
    _expect(found, "пример.рф", "https://пример.рф", False)
    _expect(found, "münchen.de", "https://münchen.de", False)
    _expect(found, "https://ja.wikipedia.org/wiki/東京", "https://ja.wikipedia.org/wiki/東京", False)
    _expect(found, "東京abc.jp", "https://東京abc.jp", False)
    # The twitter profile checks its URLs too; gfm writes the href as GitHub does.
    _expect(_jsonl(run, text, "--profile", "twitter"), "https://Аpple.com:8443/x", "https://xn--pple-43d.com:8443/x", True)
    md = run(["--to", "markdown", "--from", "markdown"], stdin="Try раураӏ.com.\n").stdout.decode()
    assert md == "Try [раураӏ.com](https://xn--80aa0cbo65f.com).\n", f"markdown: {md!r}"


CASES = [
    (15, "spoofed host: issue example https://аpple.com/", issue_example),
    (15, "spoofed host: whole-script confusables, www., port, twitter; IDNs kept", own_inputs),
]
