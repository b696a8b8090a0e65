#!/usr/bin/env python3
"""`make docs`: builds the DocC documentation of LinkifyCore with the
toolchain's `docc` into .build/docs (no package plugin needed).

The symbol graphs come from `swift package dump-symbol-graph` (public
symbols). LinkifyCore re-exports the layers below it (`@_exported import`),
so the public types declared in LinkifyModel (`EntityKind`, `CivilDateTime`,
…) are LinkifyCore's to its users: their graph is merged into LinkifyCore's
before `docc convert` runs. Any docc warning fails the build.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "check"))
import symbolgraphs  # noqa: E402


def main():
    folder = symbolgraphs.dump(ROOT, "docs")
    core = json.load(open(os.path.join(folder, "LinkifyCore.symbols.json"), encoding="utf-8"))
    for module in ["LinkifyModel"]:
        graph = json.load(open(os.path.join(folder, module + ".symbols.json"), encoding="utf-8"))
        core["symbols"] += graph["symbols"]
        core["relationships"] += graph["relationships"]
    out = os.path.join(ROOT, ".build", "docs")
    with tempfile.TemporaryDirectory() as graphs:
        with open(os.path.join(graphs, "LinkifyCore.symbols.json"), "w", encoding="utf-8") as f:
            json.dump(core, f)
        shutil.rmtree(out, ignore_errors=True)
        proc = subprocess.run(["docc", "convert", os.path.join(ROOT, "Sources/LinkifyCore/LinkifyCore.docc"),
                               "--additional-symbol-graph-dir", graphs, "--output-path", out,
                               "--fallback-display-name", "LinkifyCore", "--fallback-bundle-identifier", "linkify.LinkifyCore",
                               "--warnings-as-errors"], capture_output=True, text=True)
    sys.stdout.write(proc.stdout[-3000:])
    sys.stderr.write(proc.stderr[-6000:])
    if proc.returncode != 0:
        sys.exit("docs: docc reported problems (above)")
    print(f"docs: written to {os.path.relpath(out, ROOT)}")


if __name__ == "__main__":
    main()
