#!/usr/bin/env python3
"""Write corpus/SHA256SUMS (one line per committed file, `sha256sum -c` format)
and corpus/sources.tsv (one line per source) from scripts/corpus/manifest.tsv
and the files under corpus/text/.

sources.tsv's `sha256_concat` is the SHA-256 of the source's files concatenated
in the order of SHA256SUMS (byte order of their paths under corpus/text/SOURCE);
each file's own SHA-256 is in SHA256SUMS.

usage: checksums.py [REPO_ROOT]
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from assemble import manifest  # noqa: E402


def files_of(root, source):
    base = os.path.join(root, "corpus/text", source)
    out = []
    for d, _, fs in os.walk(base):
        for f in fs:
            out.append(os.path.relpath(os.path.join(d, f), base))
    return sorted(out, key=lambda p: p.encode())


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    m = manifest(root)
    sums, rows = [], []
    rows.append("\t".join(["name", "genre", "language/format", "origin",
                           "paths_taken", "files", "bytes", "licence_spdx",
                           "licence_file", "sha256_concat"]))
    for name, s in m.items():
        cat = hashlib.sha256()
        total = 0
        paths = files_of(root, name)
        for rel in paths:
            with open(os.path.join(root, "corpus/text", name, rel), "rb") as f:
                data = f.read()
            cat.update(data)
            total += len(data)
            sums.append("%s  corpus/text/%s/%s" % (hashlib.sha256(data).hexdigest(), name, rel))
        if s["kind"] == "deb":
            origin = "Debian source package %s %s (bookworm), %s sha256 %s" % (
                s["package"], s["version"], s["archive"], s["archive_sha256"])
        elif s["kind"] == "git":
            origin = "git repository %s at commit %s" % (s["package"], s["version"])
        else:
            origin = "PyPI sdist %s==%s, %s sha256 %s" % (
                s["package"], s["version"], s["archive"], s["archive_sha256"])
        rows.append("\t".join([
            name, s["genre"], s["format"], origin,
            "%s/{%s} (cap %d bytes; list in SHA256SUMS)" % (s["topdir"], ",".join(s["globs"]), s["cap"]),
            str(len(paths)), str(total), s["spdx"], "LICENSES/corpus-%s.LICENSE" % name,
            cat.hexdigest()]))
    with open(os.path.join(root, "corpus/SHA256SUMS"), "w", encoding="utf-8") as f:
        f.write("\n".join(sums) + "\n")
    with open(os.path.join(root, "corpus/sources.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
