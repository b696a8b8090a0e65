#!/usr/bin/env python3
"""Whether the public Swift API still offers everything a release offered.

`swift package diagnose-api-breaking-changes` checks the library products'
own modules (LinkifyCore, LinkifyFoundation) but not the modules they
re-export (LinkifyModel holds `EntityKind`, `EntityKinds`, `Profile`,
`LinkTemplates`, `CivilDateTime`, `InputFormat`, `OutputFormat`). This check
covers every library module: it dumps the public symbol graphs of the
release (a `git archive` of the tag, built in a temporary folder) and of the
work tree, and fails when a public symbol of the release is gone. A symbol's
identifier holds its module, name and type, so a removal, a rename and a
changed signature all count; what is added is fine. `@_spi` symbols and
members a protocol supplies are not API and are not compared.

  scripts/check/api_compat.py TAG
"""
import json
import os
import subprocess
import sys
import tarfile
import tempfile

import symbolgraphs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = symbolgraphs.LIBRARY


def public_symbols(package):
    """{identifier: "module: path"} of the package's public library symbols."""
    folder = symbolgraphs.dump(package, "api_compat")
    found = {}
    for module in LIBRARY:
        for path in symbolgraphs.module_graphs(folder, module):
            for s in json.load(open(path, encoding="utf-8"))["symbols"]:
                ident = s["identifier"]["precise"]
                if "::SYNTHESIZED::" in ident:
                    continue
                found[ident] = f"{module}: {'.'.join(s['pathComponents'])}"
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    tag = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="linkify-api-") as tmp:
        archive = os.path.join(tmp, "release.tar")
        proc = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", "-o", archive, tag],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"api_compat: git archive {tag} failed: {proc.stderr.strip()}")
        release = os.path.join(tmp, "release")
        with tarfile.open(archive) as t:
            t.extractall(release)
        before = public_symbols(release)
    now = public_symbols(ROOT)
    if not before or not now:
        sys.exit("api_compat: no public symbol found in one of the trees")
    gone = sorted(before[k] for k in before if k not in now)
    added = len([k for k in now if k not in before])
    print(f"api_compat: {len(before)} public symbols in {tag}, {len(now)} now ({added} added, {len(gone)} gone)")
    for name in gone:
        print(f"  gone since {tag}: {name}")
    if gone:
        sys.exit(1)


if __name__ == "__main__":
    main()
