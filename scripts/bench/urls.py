#!/usr/bin/env python3
"""Writes the URL-dense benchmark corpus: lines full of URLs, email
addresses and www. names between ordinary words, from a fixed linear
congruential generator, so the bytes are the same on every machine.

Usage: urls.py OUT SIZE_BYTES
"""
import sys

WORDS = ("see", "the", "docs", "at", "or", "mail", "and", "read", "more", "on", "via",
         "fixed", "in", "release", "notes", "for", "details", "thanks", "to", "from")
HOSTS = ("example.com", "www.example.org", "docs.python.org", "github.com", "lists.debian.org",
         "bugs.launchpad.net", "en.wikipedia.org", "sub.domain.co.uk", "127.0.0.1:8080",
         "xn--bcher-kva.de", "cdn.jsdelivr.net", "news.ycombinator.com")
TLDS = ("com", "org", "net", "io", "de", "fr", "co.uk", "dev", "info", "eu")
PATHS = ("", "/", "/index.html", "/wiki/Linkify_(software)", "/a/b/c?x=1&y=2", "/search?q=swift+url#top",
         "/~user/file.tar.gz", "/path/to/page.php?id=42", "/issues/1234#issuecomment-5", "/en-US/docs/Web")
NAMES = ("john.doe", "jane", "info", "dev-team", "a.b+tag", "noreply", "maintainer", "x_y.z")
PUNCT = ("", "", "", ".", ",", ";", ")", "!")


class LCG:
    """Knuth's MMIX constants; deterministic whatever the Python version."""

    def __init__(self, seed):
        self.s = seed

    def below(self, n):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        return (self.s >> 33) % n

    def pick(self, seq):
        return seq[self.below(len(seq))]


def token(r):
    k = r.below(10)
    if k < 4:
        return r.pick(WORDS)
    if k == 4:
        return "https://" + r.pick(HOSTS) + r.pick(PATHS) + r.pick(PUNCT)
    if k == 5:
        return "http://" + r.pick(HOSTS) + r.pick(PATHS) + r.pick(PUNCT)
    if k == 6:
        return "www.%s%d.%s%s" % (r.pick(WORDS), r.below(100), r.pick(TLDS), r.pick(PATHS)) + r.pick(PUNCT)
    if k == 7:
        return "%s@%s.%s" % (r.pick(NAMES), r.pick(WORDS), r.pick(TLDS)) + r.pick(PUNCT)
    if k == 8:
        return "(%s%s)" % (r.pick(HOSTS), r.pick(PATHS))
    return "<ftp://files.%s.%s/pub/f%d.zip>" % (r.pick(WORDS), r.pick(TLDS), r.below(1000))


def main():
    out, size = sys.argv[1], int(sys.argv[2])
    r = LCG(58)
    written = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        while written < size:
            line = " ".join(token(r) for _ in range(4 + r.below(12))) + "\n"
            f.write(line)
            written += len(line.encode())


if __name__ == "__main__":
    main()
