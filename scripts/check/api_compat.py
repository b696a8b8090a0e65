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
import glob
import json
import os
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = ["LinkifyModel", "LinkifyDetectors", "LinkifyRendering", "LinkifyFinding", "LinkifyInput", "LinkifyCore",
           "LinkifyFoundation"]


def public_symbols(package):
    """{identifier: "module: path"} of the package's public library symbols."""
    proc = subprocess.run(["swift", "package", "--package-path", package, "dump-symbol-graph",
                           "--minimum-access-level", "public"], capture_output=True, text=True)
    # (In a tree whose tests were never built the test modules' graphs fail,
    # after the library's are written: what counts is that those are there.)
    folders = glob.glob(os.path.join(package, ".build", "*", "symbolgraph"))
    if not folders or not all(os.path.exists(os.path.join(folders[0], m + ".symbols.json")) for m in ["LinkifyModel", "LinkifyCore"]):
        sys.exit(f"api_compat: dump-symbol-graph failed in {package}:\n" + (proc.stdout + proc.stderr)[-2000:])
    folder = folders[0]
    found = {}
    for module in LIBRARY:
        for path in glob.glob(os.path.join(folder, module + ".symbols.json")) + \
                glob.glob(os.path.join(folder, module + "@*.symbols.json")):
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
    gone = sorted(before[k] for k in before if k not in now)
    added = len([k for k in now if k not in before])
    print(f"api_compat: {len(before)} public symbols in {tag}, {len(now)} now ({added} added, {len(gone)} gone)")
    for name in gone:
        print(f"  gone since {tag}: {name}")
    if gone:
        sys.exit(1)


if __name__ == "__main__":
    main()
